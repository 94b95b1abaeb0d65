import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import { DEPARTMENTS, DomainSearch } from '../../schemas/contact';
import { EXAMPLE_COMPANY, EXAMPLE_CONTACT } from './examples';
import { CompanyName, DATA_SOURCE, EXAMPLE_DOMAIN, FAILURES, companyDomainField } from './fields';
import { isoCountryField } from '../../schemas/iso-country';

/** The most addresses one page returns (the hold is for `limit` of them). */
const MAX_LIMIT = 50;

const DomainSearchRequest = z
  .strictObject({
    domain: companyDomainField('The domain whose addresses are wanted. Required unless `company` is sent.').optional(),
    company: CompanyName.optional(),
    limit: z.number().int().min(1).max(MAX_LIMIT).default(10).meta({ description: `Addresses per page, 1 to ${MAX_LIMIT}.` }),
    page: z.number().int().min(1).max(1000).default(1).meta({ description: 'Which page of `limit` addresses, from 1.' }),
    department: z.enum(DEPARTMENTS).optional().meta({ description: 'Only the people of this department (role addresses have none, so they are left out).' }),
    country: isoCountryField('Only the addresses of people in this country (ISO 3166-1 alpha-2).').optional(),
  })
  .superRefine((body, context) => {
    if (body.domain === undefined && body.company === undefined) {
      context.addIssue({ code: 'custom', path: ['domain'], message: 'domain or company is required (one of them)' });
    }
  });

const { sources: _sources, ...EXAMPLE_WITHOUT_SOURCES } = EXAMPLE_CONTACT;

export default defineEndpoint({
  id: 'email.domain_search',
  method: 'POST',
  path: '/v1/email/domain-search',
  summary: 'Domain search: every address known on a domain, with the company',
  description:
    "The addresses known on a domain (or a company's, by name), a page at a time, optionally only one department's or one country's, with the company's " +
    `profile and its usual address pattern; \`total\` counts every address matching the filters, on all pages. ${DATA_SOURCE} ` +
    'A domain with no addresses is a success with none. Neither `domain` nor `company` is a 400 naming both. ' +
    FAILURES,
  input: DomainSearchRequest,
  output: DomainSearch,
  price: ({ perPage }) => perPage({ usdPerPage: 0.03, pageSize: 10, unit: 'emails', requested: (input) => input.limit, returned: (output) => output.emails.length }),
  examples: {
    request: { domain: EXAMPLE_DOMAIN, limit: 2, department: 'operations', country: 'US' },
    response: {
      company: {
        domain: EXAMPLE_DOMAIN,
        name: EXAMPLE_COMPANY.name,
        description: EXAMPLE_COMPANY.description,
        industry: EXAMPLE_COMPANY.category.industry,
        founded: EXAMPLE_COMPANY.foundedYear,
        size: '10001+',
        revenue: '$10B+',
        type: 'privately held',
        emailPattern: '{first}.{last}',
        acceptAll: false,
        location: { address: '854 S Lamar Blvd', city: 'Austin', state: 'TX', postalCode: '78734', country: 'US' },
        social: { network: 'https://network.com/northwind', code: null, photos: null, prof: 'https://www.prof.com/company/northwind', micro: 'https://micro.com/northwind', video: null },
      },
      emails: [
        {
          ...EXAMPLE_WITHOUT_SOURCES,
          email: 'zoe.dummywood@northwind.example',
          firstName: 'Zoe',
          lastName: 'Dummywood',
          fullName: 'Zoe Dummywood',
          position: 'VP of Operations',
          seniority: 'executive',
          confidenceScore: 98,
          hasPhone: false,
          prof: 'https://www.prof.com/in/zoe-dummywood-6e6f72746877696e642e6578616d706c65',
          micro: 'https://micro.com/zoedummywood_northwind',
          sources: [],
        },
        {
          ...EXAMPLE_WITHOUT_SOURCES,
          email: 'kenji.stubford@northwind.example',
          firstName: 'Kenji',
          lastName: 'Stubford',
          fullName: 'Kenji Stubford',
          gender: 'male',
          confidenceScore: 90,
          prof: 'https://www.prof.com/in/kenji-stubford-6e6f72746877696e642e6578616d706c65',
          sources: [],
        },
      ],
      total: 19,
    },
  },
  async handler({ input, providers, call }) {
    const answer = await providers.contacts.domainSearch(
      { domain: input.domain ?? null, company: input.company ?? null, limit: input.limit, page: input.page, department: input.department ?? null, country: input.country ?? null },
      call,
    );
    // What is charged is what is returned: never more than the page asked for.
    return { ...answer, emails: answer.emails.slice(0, input.limit) };
  },
});
