import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import { RetailCategory, retailWrapper } from '../../schemas/retail';
import { exampleResponse } from './examples';
import { DATA_SOURCE, FAILURES, countryField, retailAnswer } from './fields';

const CategoriesRequest = z.strictObject({ country: countryField() });

export default defineEndpoint({
  id: 'retail.categories',
  method: 'POST',
  path: '/v1/retail/categories',
  summary: "The marketplace's top-level categories",
  description:
    'Top-level browse categories with their slugs (`id`: what /v1/retail/best-sellers and /v1/retail/deals take as `category`) and numeric browse nodes ' +
    `(\`browse_node_id\`: what /v1/retail/products-by-category takes as \`category_id\`). The body may be empty. ${DATA_SOURCE} ${FAILURES}`,
  input: CategoriesRequest,
  output: retailWrapper(z.array(RetailCategory), 'RetailCategoriesAnswer'),
  price: ({ perCall }) => perCall(0.01),
  examples: { request: { country: 'US' }, response: exampleResponse('retail.categories') },
  async handler({ input, providers, call, ctx }) {
    return retailAnswer(input, ctx, await providers.retail.categories(input, call));
  },
});
