import { defineEndpoint } from '../../core/define-endpoint';
import { z } from 'zod';
import { DEPARTMENTS, EmailCount } from '../../schemas/contact';
import { DATA_SOURCE, EXAMPLE_DOMAIN, FAILURES, companyDomainField } from './fields';

const CountRequest = z.strictObject({ domain: companyDomainField() });

const EXAMPLE_BY_DEPARTMENT: Record<(typeof DEPARTMENTS)[number], number> = {
  accounting: 3, administrative: 11, communication: 2, diversity: 1, education: 1, engineering: 8, executive: 9, facilities: 4, finance: 7, healthcare: 1,
  hr: 6, it: 4, legal: 2, management: 4, marketing: 14, operations: 19, pr: 2, sales: 26, security: 0, software: 2, support: 4, warehouse: 22,
};

export default defineEndpoint({
  id: 'email.count',
  method: 'POST',
  path: '/v1/email/count',
  summary: 'Email count: how many addresses a domain has, by department and seniority',
  description:
    'How many addresses are known on a domain: in all (the total a domain search without filters reports), personal and generic (role) ones, and the ' +
    `personal ones by department and by seniority. ${DATA_SOURCE} A domain with none is a success with zeros. ` +
    FAILURES,
  input: CountRequest,
  output: EmailCount,
  price: ({ perCall }) => perCall(0.01),
  examples: {
    request: { domain: EXAMPLE_DOMAIN },
    response: { total: 159, personalEmails: 152, genericEmails: 7, byDepartment: EXAMPLE_BY_DEPARTMENT, bySeniority: { junior: 83, senior: 62, executive: 7 } },
  },
  async handler({ input, providers, call }) {
    return providers.contacts.count({ domain: input.domain }, call);
  },
});
