import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import { DestinationRefused, fetchFailureToApiError } from '../../net/errors';
import type { FetchedPage } from '../../net/fetcher';
import type { CallOptions, Providers } from '../../providers/providers';
import { Technology, checkFingerprintable, detectTechnologies } from '../../scrape/technology';
import { domainField } from './fields';

const TechnologyRequest = z.strictObject({ domain: domainField('The site\'s domain: its home page is fetched.') });

/**
 * The site's home page: over https, else over plain http (small sites with a broken certificate
 * still show what they run). A refused destination is not retried: it is the same address.
 */
async function homePage(domain: string, providers: Providers, call: CallOptions): Promise<FetchedPage> {
  try {
    return await providers.web.fetchPage(`https://${domain}/`, {}, call);
  } catch (error) {
    if (error instanceof DestinationRefused || call.signal.aborted) throw fetchFailureToApiError(error, 'domain');
    return providers.web.fetchPage(`http://${domain}/`, {}, call).catch((retryError: unknown) => {
      throw fetchFailureToApiError(retryError, 'domain');
    });
  }
}

export default defineEndpoint({
  id: 'email.technology',
  method: 'POST',
  path: '/v1/email/technology',
  summary: 'Technology lookup: what a website is built with',
  description:
    "Fetches the site's home page (https, else http; public addresses only; redirects followed and checked) and fingerprints it in Tollgate itself: " +
    'headers, cookies, meta tags, HTML, script URLs and elements matched against a curated set of about 240 technology fingerprints (from Wappalyzer\'s ' +
    'MIT-licensed data; see the README), plus third-party services recognised by their script hosts. No vendor is asked. A page that shows nothing ' +
    'known is a success with no technologies. A home page sent without a type, or as application/octet-stream, is what its bytes say it is (HTML is read). ' +
    'A domain whose address is not public is a 400 naming `domain`; a site that cannot be reached, or a ' +
    'home page that is neither HTML nor text (an image, a PDF), is a 502 naming it; neither is charged.',
  input: TechnologyRequest,
  output: z.object({ domain: z.string(), technologies: z.array(Technology) }),
  price: ({ perCall }) => perCall(0.02),
  examples: {
    request: { domain: 'example.com' },
    response: {
      domain: 'example.com',
      technologies: [
        { name: 'WordPress', slug: 'wordpress', category: 'CMS', website: 'https://wordpress.org' },
        { name: 'MySQL', slug: 'mysql', category: 'Databases', website: 'http://mysql.com' },
        { name: 'PHP', slug: 'php', category: 'Programming languages', website: 'http://php.net' },
        { name: 'Nginx', slug: 'nginx', category: 'Web servers', website: 'http://nginx.org/en' },
        { name: 'Google Analytics', slug: 'google-analytics', category: 'Analytics', website: 'http://google.com/analytics' },
        { name: 'jQuery', slug: 'jquery', category: 'JavaScript libraries', website: 'https://jquery.com' },
      ],
    },
  },
  async handler({ input, providers, call }) {
    const page = await homePage(input.domain, providers, call);
    // Refused as /v1/scrape refuses it: an image or a PDF shows no more than its headers, and is not charged.
    checkFingerprintable(page, 'domain');
    return { domain: input.domain, technologies: detectTechnologies(page) };
  },
});
