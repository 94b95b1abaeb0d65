import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import { ApiError } from '../../core/errors';
import { Contact, emptyContact } from '../../schemas/contact';
import { pageUrl } from '../../schemas/page-url';
import { readArticleByline } from '../../scrape/author';
import { fetchDocument } from '../../scrape/fetch-document';
import { EXAMPLE_CONTACT } from './examples';
import { companyDomainOfPage } from './page-domain';

/** Statuses that say the page is gone: nothing to read an author from (a 500 page, by contrast, may come back). */
const GONE_STATUSES = new Set([404, 410]);

const AuthorFinderRequest = z.strictObject({
  url: pageUrl('The article or blog post: an absolute http(s) URL.').meta({ examples: ['https://blog.northwind.example/2026/10/cold-chain-lessons'] }),
});

export default defineEndpoint({
  id: 'email.author_finder',
  method: 'POST',
  path: '/v1/email/author-finder',
  summary: 'Author finder: the email address of an article\'s author',
  description:
    'Fetches the article (public addresses only; redirects followed and checked) and reads its author in Tollgate itself, from the most to the least ' +
    'deliberate statement of it: JSON-LD, author meta tags, `rel=author` links, then bylines. The author\'s name and the site\'s domain then go to the ' +
    "email finder (the contact-data provider: the configured vendor, or the sandbox's synthetic world); an author given as an email address " +
    '(`<meta name="author" content="jane@acme.com">`) is that address, enriched to the person it belongs to. A page with no identifiable author is a success ' +
    'with every contact field null, `email: null` and `confidenceScore: 0`; an author found without an address keeps the name with `email: null`, ' +
    'as does the author of a page on a platform anyone publishes on (medium.com, substack.com, wordpress.com, github.io, …), a webmail domain or an ' +
    'address: its authors are not its staff. A page that answers 404 or 410 is a 404 NOT_FOUND naming `url`. ' +
    'A destination that is not public is a 400 naming `url`; a site that cannot be reached, a page that is neither HTML nor text (an image, a PDF), ' +
    'or a provider that fails, is a 502; none of these is charged.',
  input: AuthorFinderRequest,
  output: z.object({ contact: Contact }),
  price: ({ perCall }) => perCall(0.04),
  examples: { request: { url: 'https://blog.northwind.example/2026/10/cold-chain-lessons' }, response: { contact: EXAMPLE_CONTACT } },
  async handler({ input, providers, call }) {
    // Fetched as /v1/scrape fetches: an image or a PDF has no author to read, and is not charged.
    const document = await fetchDocument(providers, input.url, call);
    if (GONE_STATUSES.has(document.page.statusCode)) throw new ApiError('NOT_FOUND', `url: the page is gone (the site answered ${document.page.statusCode})`, { param: 'url' });
    const { author, email } = readArticleByline(document.text, document.url);
    const named = emptyContact({ fullName: author?.fullName ?? null, firstName: author?.firstName ?? null, lastName: author?.lastName ?? null });
    // The page's own word on the author's address beats a finder's guess at one.
    if (email !== null) return { contact: withPageName(await providers.contacts.enrich({ email }, call), named) };
    if (author === null) return { contact: emptyContact() };
    const domain = companyDomainOfPage(document.url);
    if (domain === null || author.firstName === null || author.lastName === null) return { contact: named };
    const contact = await providers.contacts.finder({ domain, company: null, firstName: author.firstName, lastName: author.lastName }, call);
    return { contact: withPageName(contact, named) };
  },
});

/**
 * The provider's contact with the name the page gives: the page's full name keeps the middle names
 * a finder is not asked, and a provider that knows nothing of the author (all null) still leaves
 * the name read.
 */
function withPageName(contact: Contact, page: Contact): Contact {
  return { ...contact, fullName: page.fullName ?? contact.fullName, firstName: contact.firstName ?? page.firstName, lastName: contact.lastName ?? page.lastName };
}
