import { z } from 'zod';
import { defineEndpoint } from '../../../core/define-endpoint';
import { pageUrl } from '../../../schemas/page-url';

const InstantAuditRequest = z.strictObject({
  url: pageUrl('The page to audit.'),
});

/** SPEC.md's On-page page record. */
const OnPagePage = z.object({
  url: z.string().meta({ description: 'The page audited, after redirects.' }),
  statusCode: z.number().int().meta({ description: "The page's HTTP status." }),
  title: z.string(),
  description: z.string().meta({ description: 'The meta description; empty when the page has none.' }),
  h1: z.array(z.string()).meta({ description: 'Text of every h1, in order.' }),
  wordCount: z.number().int().meta({ description: 'Words of visible text in the rendered page.' }),
  internalLinks: z.number().int().meta({ description: 'Links to pages of the same host (www. ignored).' }),
  externalLinks: z.number().int().meta({ description: 'Links to pages of other hosts.' }),
  images: z.number().int().meta({ description: 'Images in the rendered page.' }),
  timeToInteractive: z.number().int().meta({
    description:
      'Milliseconds from the start of navigation until the main thread went quiet: the end of the last long task (50 ms or more) ' +
      'before 500 ms without one, or DOMContentLoaded if later; measured in Chromium with a long-task observer.',
  }),
});

export default defineEndpoint({
  id: 'seo.onpage_instant',
  method: 'POST',
  path: '/v1/seo/onpage/instant',
  summary: 'Instant page audit',
  description:
    'Renders one page in headless Chromium (no crawl) and reports its on-page facts: status, title, description, h1 headings, ' +
    'word count, internal and external links, images, and time to interactive measured in the browser.',
  input: InstantAuditRequest,
  output: z.object({ pages: z.array(OnPagePage) }),
  price: ({ perCall }) => perCall(0.03),
  examples: {
    request: { url: 'https://example.com/' },
    response: {
      pages: [
        {
          url: 'https://example.com/',
          statusCode: 200,
          title: 'Example Domain',
          description: '',
          h1: ['Example Domain'],
          wordCount: 30,
          internalLinks: 0,
          externalLinks: 1,
          images: 0,
          timeToInteractive: 74,
        },
      ],
    },
  },
  async handler({ input, providers, call }) {
    return { pages: [await providers.browser.audit(input.url, call)] };
  },
});
