import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import { Contact, emptyContact } from '../../schemas/contact';
import { pageUrl } from '../../schemas/page-url';
import { readArticleAuthor } from '../../scrape/author';
import { fetchDocument } from '../../scrape/fetch-document';
import { EXAMPLE_CONTACT } from './examples';
import { companyDomainOfPage } from './page-domain';

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
    "email finder (the contact-data provider: the configured vendor, or the sandbox's synthetic world). A page with no identifiable author is a success " +
    'with every contact field null, `email: null` and `confidenceScore: 0`; an author found without an address keeps the name with `email: null`. ' +
    'A destination that is not public is a 400 naming `url`; a site that cannot be reached, a page that is neither HTML nor text (an image, a PDF), ' +
    'or a provider that fails, is a 502; neither is charged.',
  input: AuthorFinderRequest,
  output: z.object({ contact: Contact }),
  price: ({ perCall }) => perCall(0.04),
  examples: { request: { url: 'https://blog.northwind.example/2026/10/cold-chain-lessons' }, response: { contact: EXAMPLE_CONTACT } },
  async handler({ input, providers, call }) {
    // Fetched as /v1/scrape fetches: an image or a PDF has no author to read, and is not charged.
    const document = await fetchDocument(providers, input.url, call);
    const author = readArticleAuthor(document.text, document.url);
    if (author === null) return { contact: emptyContact() };
    const named = emptyContact({ fullName: author.fullName, firstName: author.firstName, lastName: author.lastName });
    const domain = companyDomainOfPage(document.url);
    if (domain === null || author.firstName === null || author.lastName === null) return { contact: named };
    const contact = await providers.contacts.finder({ domain, company: null, firstName: author.firstName, lastName: author.lastName }, call);
    // The finder is asked by first and last name only: the page's full name keeps the middle names
    // it drops, and a finder that knows nothing of the author (all null) still leaves the name read.
    return { contact: { ...contact, fullName: author.fullName, firstName: contact.firstName ?? author.firstName, lastName: contact.lastName ?? author.lastName } };
  },
});
