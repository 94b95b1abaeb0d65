import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import { Contact } from '../../schemas/contact';
import { EXAMPLE_CONTACT, EXAMPLE_EMAIL } from './examples';
import { DATA_SOURCE, FAILURES, emailField } from './fields';

const EnrichRequest = z.strictObject({ email: emailField('The address to enrich.') });

export default defineEndpoint({
  id: 'email.enrich',
  method: 'POST',
  path: '/v1/email/enrich',
  summary: 'Email enrichment: the contact behind an address',
  description:
    `The person (names, position, department, seniority, country, profiles) and company behind an email address, with how sure the data is and whether the address was verified. ${DATA_SOURCE} ` +
    'An address the data does not know is a success with null fields (its verificationStatus says what is known of the mailbox). ' +
    FAILURES,
  input: EnrichRequest,
  output: z.object({ contact: Contact }),
  price: ({ perCall }) => perCall(0.02),
  examples: { request: { email: EXAMPLE_EMAIL }, response: { contact: EXAMPLE_CONTACT } },
  async handler({ input, providers, call }) {
    return { contact: await providers.contacts.enrich({ email: input.email }, call) };
  },
});
