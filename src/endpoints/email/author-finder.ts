import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import { fetchFailureToApiError } from '../../net/errors';
import { Contact, emptyContact } from '../../schemas/contact';
import { pageUrl } from '../../schemas/page-url';
import { readArticleAuthor } from '../../scrape/author';
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
    'A destination that is not public is a 400 naming `url`; a site that cannot be reached, or a provider that fails, is a 502; neither is charged.',
  input: AuthorFinderRequest,
  output: z.object({ contact: Contact }),
  price: ({ perCall }) => perCall(0.04),
  examples: { request: { url: 'https://blog.northwind.example/2026/10/cold-chain-lessons' }, response: { contact: EXAMPLE_CONTACT } },
  async handler({ input, providers, call }) {
    const page = await providers.web.fetchPage(input.url, {}, call).catch((error: unknown) => {
      throw fetchFailureToApiError(error, 'url');
    });
    const author = readArticleAuthor(page.text, page.url);
    if (author === null) return { contact: emptyContact() };
    const named = emptyContact({ fullName: author.fullName, firstName: author.firstName, lastName: author.lastName });
    const domain = companyDomainOfPage(page.url);
    if (domain === null || author.firstName === null || author.lastName === null) return { contact: named };
    const contact = await providers.contacts.finder({ domain, company: null, firstName: author.firstName, lastName: author.lastName }, call);
    return { contact: contact.email === null ? { ...contact, fullName: contact.fullName ?? author.fullName } : contact };
  },
});
