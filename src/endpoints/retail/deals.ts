import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import { found } from '../../core/errors';
import { DEAL_TYPES, DISCOUNT_RANGES, MIN_RATINGS, PAGE_SIZES, PRICE_RANGES } from '../../providers/families/retail';
import { Deal, retailWrapper } from '../../schemas/retail';
import { exampleResponse } from './examples';
import { DATA_SOURCE, FAILURES, categorySlugField, countryField, enumField, pageField, retailAnswer, unknownCategory } from './fields';

const DealsRequest = z.strictObject({
  country: countryField(),
  page: pageField(PAGE_SIZES.deals, 'deals'),
  price_range: enumField(PRICE_RANGES, 'ALL', 'Deal price range in the marketplace currency (UNDER_25: under $25 in the US, under 25 € in Germany): ALL, UNDER_25, 25_50, 50_100 or OVER_100'),
  discount_range: enumField(DISCOUNT_RANGES, 'ALL', 'Least discount: ALL, 10_OFF, 25_OFF, 50_OFF or 70_OFF'),
  deal_type: enumField(DEAL_TYPES, 'ALL', 'ALL, BEST_DEAL or LIGHTNING_DEAL'),
  category: categorySlugField('Only deals in this category (a slug from /v1/retail/categories).').optional(),
  min_rating: enumField(MIN_RATINGS, 'ALL', "Least product rating: ALL, or 1 to 4 (stars and up)"),
});

export default defineEndpoint({
  id: 'retail.deals',
  method: 'POST',
  path: '/v1/retail/deals',
  summary: "Today's deals, filtered",
  description:
    `Current deals, ${PAGE_SIZES.deals} a page: deal and list prices, savings, type, state, start and end, and the product's ASIN. Filters by price, discount, type, category and rating. ` +
    `The body may be empty. A page past the end has no deals. ${DATA_SOURCE} A category the marketplace does not know is 404 NOT_FOUND, not charged. ${FAILURES}`,
  input: DealsRequest,
  output: retailWrapper(z.object({ deals: z.array(Deal) }), 'RetailDealsAnswer'),
  price: ({ perCall }) => perCall(0.01),
  examples: { request: { country: 'US', discount_range: '25_OFF' }, response: exampleResponse('retail.deals') },
  async handler({ input, providers, call, ctx }) {
    const { deals } = found(await providers.retail.deals(input, call), 'category', unknownCategory(input));
    return retailAnswer(input, ctx, { deals: deals.slice(0, PAGE_SIZES.deals) });
  },
});
