import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import { Company, Person } from '../../schemas/contact';
import { EXAMPLE_COMPANY, EXAMPLE_EMAIL, EXAMPLE_PERSON } from './examples';
import { DATA_SOURCE, FAILURES, emailField } from './fields';

const CombinedRequest = z.strictObject({ email: emailField('The person\'s address.') });

export default defineEndpoint({
  id: 'email.combined',
  method: 'POST',
  path: '/v1/email/combined',
  summary: 'Person and company profiles from one email address',
  description:
    `The person behind an address (as /v1/email/person answers) and the company of its domain (as /v1/email/company answers), in one call. ${DATA_SOURCE} ` +
    '`company` is null when the domain is no company\'s (webmail, disposable) or unknown; an unknown person is the address with null fields. ' +
    FAILURES,
  input: CombinedRequest,
  output: z.object({ person: Person, company: Company.nullable() }),
  price: ({ perCall }) => perCall(0.04),
  examples: { request: { email: EXAMPLE_EMAIL }, response: { person: EXAMPLE_PERSON, company: EXAMPLE_COMPANY } },
  async handler({ input, providers, call }) {
    return providers.contacts.combined({ email: input.email }, call);
  },
});
