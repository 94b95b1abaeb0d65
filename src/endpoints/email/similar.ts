import { defineEndpoint } from '../../core/define-endpoint';
import { z } from 'zod';
import { SimilarDomains } from '../../schemas/contact';
import { DATA_SOURCE, EXAMPLE_DOMAIN, FAILURES, companyDomainField } from './fields';

const SimilarRequest = z.strictObject({ domain: companyDomainField() });

const FOODS = 'Food and Beverage Manufacturing';

export default defineEndpoint({
  id: 'email.similar',
  method: 'POST',
  path: '/v1/email/similar',
  summary: 'Similar domains: companies like this one',
  description:
    `Companies similar to (or competing with) the one at a domain, with their names and industries. ${DATA_SOURCE} ` +
    'A domain that is no company\'s, or has none like it, is a success with no domains. ' +
    FAILURES,
  input: SimilarRequest,
  output: SimilarDomains,
  price: ({ perCall }) => perCall(0.02),
  examples: {
    request: { domain: EXAMPLE_DOMAIN },
    response: {
      domains: [
        { domain: 'tandle-foods.com', name: 'Tandle Foods', industry: FOODS },
        { domain: 'nuvola-foods.com', name: 'Nuvola Foods', industry: FOODS },
        { domain: 'marqo-foods.info', name: 'Marqo Foods', industry: FOODS },
        { domain: 'ravenda-foods.net', name: 'Ravenda Foods', industry: FOODS },
        { domain: 'abrix-foods.com', name: 'Abrix Foods', industry: FOODS },
      ],
    },
  },
  async handler({ input, providers, call }) {
    return providers.contacts.similar({ domain: input.domain }, call);
  },
});
