import { defineEndpoint } from '../../core/define-endpoint';
import { z } from 'zod';
import { EmailPatterns } from '../../schemas/contact';
import { DATA_SOURCE, EXAMPLE_DOMAIN, FAILURES, companyDomainField } from './fields';

const FormatRequest = z.strictObject({ domain: companyDomainField() });

export default defineEndpoint({
  id: 'email.format',
  method: 'POST',
  path: '/v1/email/format',
  summary: "Email pattern: how a domain's addresses are made",
  description:
    "The patterns a domain's personal addresses follow (`{first}.{last}`, `{f}{last}`, …), most used first, each with its share of the known addresses. " +
    `${DATA_SOURCE} A domain with no known addresses is a success with no patterns. ` +
    FAILURES,
  input: FormatRequest,
  output: EmailPatterns,
  price: ({ perCall }) => perCall(0.01),
  examples: {
    request: { domain: EXAMPLE_DOMAIN },
    response: { patterns: [{ pattern: '{first}.{last}', percentage: 96.1 }, { pattern: '{last}.{first}', percentage: 3.9 }] },
  },
  async handler({ input, providers, call }) {
    return providers.contacts.format({ domain: input.domain }, call);
  },
});
