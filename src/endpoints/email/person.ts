import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import { Person } from '../../schemas/contact';
import { EXAMPLE_EMAIL, EXAMPLE_PERSON } from './examples';
import { DATA_SOURCE, FAILURES, emailField } from './fields';

const PersonRequest = z.strictObject({ email: emailField('The person\'s address.') });

export default defineEndpoint({
  id: 'email.person',
  method: 'POST',
  path: '/v1/email/person',
  summary: 'Person enrichment: a person profile from an email address',
  description:
    `Who is behind an address: names, gender, a short bio, location, employment (company, title, department, seniority) and social profiles. ${DATA_SOURCE} ` +
    'An address the data does not know is a success with the address and null fields. ' +
    FAILURES,
  input: PersonRequest,
  output: z.object({ person: Person }),
  price: ({ perCall }) => perCall(0.03),
  examples: { request: { email: EXAMPLE_EMAIL }, response: { person: EXAMPLE_PERSON } },
  async handler({ input, providers, call }) {
    return { person: await providers.contacts.person({ email: input.email }, call) };
  },
});
