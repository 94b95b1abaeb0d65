import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import { Company } from '../../schemas/contact';
import { EXAMPLE_COMPANY } from './examples';
import { DATA_SOURCE, EXAMPLE_DOMAIN, FAILURES, companyDomainField } from './fields';

const CompanyRequest = z.strictObject({ domain: companyDomainField() });

export default defineEndpoint({
  id: 'email.company',
  method: 'POST',
  path: '/v1/email/company',
  summary: 'Company enrichment: a company profile from its domain',
  description:
    `A company's profile from its domain: names, description, founding year, industry with its SIC and NAICS codes, address, head count, revenue range, ` +
    `generic addresses, phones and social pages. ${DATA_SOURCE} A domain that is no company's (webmail, disposable) or unknown is a success with null fields. ` +
    FAILURES,
  input: CompanyRequest,
  output: z.object({ company: Company }),
  price: ({ perCall }) => perCall(0.03),
  examples: { request: { domain: EXAMPLE_DOMAIN }, response: { company: EXAMPLE_COMPANY } },
  async handler({ input, providers, call }) {
    return { company: await providers.contacts.company({ domain: input.domain }, call) };
  },
});
