import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import { found } from '../../core/errors';
import { PAGE_SIZES } from '../../providers/families/retail';
import { CategoryPage, retailWrapper } from '../../schemas/retail';
import { exampleResponse } from './examples';
import { DATA_SOURCE, FAILURES, countryField, pageField, retailAnswer } from './fields';
import { listingFields } from './listing';

const ProductsByCategoryRequest = z.strictObject({
  category_id: z
    .string()
    .trim()
    .regex(/^\d{1,20}$/, 'must be a numeric browse-node id, e.g. 5520918011')
    .meta({ description: "The category's numeric browse-node id (a category's `browse_node_id` in /v1/retail/categories, or the `node=` of its page's URL).", examples: ['5520918011'] }),
  country: countryField(),
  ...listingFields,
  page: pageField(PAGE_SIZES.productsByCategory, 'products'),
});

export default defineEndpoint({
  id: 'retail.products_by_category',
  method: 'POST',
  path: '/v1/retail/products-by-category',
  summary: "A category's products, filtered and sorted",
  description:
    `The products of a browse node, ${PAGE_SIZES.productsByCategory} a page, with how many there are: ASIN, title, prices, rating, offers, badges and book format. ` +
    `A page past the end has no products. ${DATA_SOURCE} A browse node the marketplace does not know is 404 NOT_FOUND, not charged. ${FAILURES}`,
  input: ProductsByCategoryRequest,
  output: retailWrapper(CategoryPage, 'RetailCategoryProductsAnswer'),
  price: ({ perCall }) => perCall(0.01),
  examples: { request: { category_id: '5520918011', country: 'US', sort_by: 'REVIEWS' }, response: exampleResponse('retail.products_by_category') },
  async handler({ input, providers, call, ctx }) {
    const page = found(await providers.retail.productsByCategory(input, call), 'category_id', `no browse node ${input.category_id} in the ${input.country} marketplace.`);
    return retailAnswer(input, ctx, { ...page, products: page.products.slice(0, PAGE_SIZES.productsByCategory) });
  },
});
