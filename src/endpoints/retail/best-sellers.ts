import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import { found } from '../../core/errors';
import { BEST_SELLER_TYPES, PAGE_SIZES } from '../../providers/families/retail';
import { BestSeller, retailWrapper } from '../../schemas/retail';
import { exampleResponse } from './examples';
import { DATA_SOURCE, FAILURES, categorySlugField, countryField, enumField, pageField, retailAnswer, unknownCategory } from './fields';

const BestSellersRequest = z.strictObject({
  category: categorySlugField('The category, by the slug /v1/retail/categories lists (software, home-garden).'),
  country: countryField(),
  type: enumField(BEST_SELLER_TYPES, 'BEST_SELLERS', 'Which list: BEST_SELLERS, HOT_NEW_RELEASES or HIGH_RATED'),
  page: pageField(PAGE_SIZES.bestSellers, 'products'),
});

export default defineEndpoint({
  id: 'retail.best_sellers',
  method: 'POST',
  path: '/v1/retail/best-sellers',
  summary: "Best sellers, hot new releases or highest rated of a category",
  description:
    `A category's ranked list, ${PAGE_SIZES.bestSellers} products a page: rank, ASIN, title, price, rating, ratings and the rank's movement. ${DATA_SOURCE} ` +
    `A page past the list's end has no products. A category the marketplace does not know is 404 NOT_FOUND, not charged. ${FAILURES}`,
  input: BestSellersRequest,
  output: retailWrapper(z.object({ best_sellers: z.array(BestSeller) }), 'RetailBestSellersAnswer'),
  price: ({ perCall }) => perCall(0.01),
  examples: { request: { category: 'electronics', country: 'US', type: 'BEST_SELLERS', page: 1 }, response: exampleResponse('retail.best_sellers') },
  async handler({ input, providers, call, ctx }) {
    const list = found(await providers.retail.bestSellers(input, call), 'category', unknownCategory(input));
    return retailAnswer(input, ctx, { best_sellers: list.best_sellers.slice(0, PAGE_SIZES.bestSellers) });
  },
});
