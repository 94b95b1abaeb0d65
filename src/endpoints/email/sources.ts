import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import { EmailSource } from '../../schemas/contact';
import { EXAMPLE_EMAIL, EXAMPLE_SOURCES } from './examples';
import { DATA_SOURCE, FAILURES, emailField } from './fields';

const SourcesRequest = z.strictObject({ email: emailField('The address to look for.') });

export default defineEndpoint({
  id: 'email.sources',
  method: 'POST',
  path: '/v1/email/sources',
  summary: 'Email sources: public pages where an address appears',
  description:
    `The sites where an address was seen on public pages, with when it was first and last seen (ISO 8601 with offset). ${DATA_SOURCE} ` +
    'An address seen nowhere is a success with no sources. ' +
    FAILURES,
  input: SourcesRequest,
  output: z.object({ sources: z.array(EmailSource) }),
  price: ({ perCall }) => perCall(0.01),
  examples: { request: { email: EXAMPLE_EMAIL }, response: { sources: EXAMPLE_SOURCES } },
  async handler({ input, providers, call }) {
    return providers.contacts.sources({ email: input.email }, call);
  },
});
