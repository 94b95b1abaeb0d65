import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import { PAGE_SIZES } from '../../providers/families/retail';
import { queryText, wholeNumber } from '../../schemas/request-fields';
import { SearchPage, retailWrapper } from '../../schemas/retail';
import { exampleResponse } from './examples';
import { DATA_SOURCE, FAILURES, countryField, pageField, retailAnswer } from './fields';
import { listingFields } from './listing';

/**
 * Above any price the marketplaces list, in any of their currencies (a yen or rupee price runs
 * to millions). Whole units: the vendor takes its price bounds as integers.
 */
const HIGHEST_PRICE = 100_000_000;

const priceBound = (description: string, example: number) =>
  wholeNumber(0, HIGHEST_PRICE)
    .optional()
    .meta({ description: `${description}, in whole units of the marketplace's currency (${example} is $${example} in the US, ${example} € in Germany, ¥${example} in Japan); 0 to ${HIGHEST_PRICE}.`, examples: [example] });

// Price and rating filters are search's alone: the catalog gives products-by-category none.
const SearchRequest = z
  .strictObject({
    query: queryText('What to search for.', 'wireless earbuds'),
    country: countryField(),
    ...listingFields,
    min_price: priceBound('Only products priced at least this much', 20),
    max_price: priceBound('Only products priced at most this much', 100),
    four_stars_and_up: z.boolean().optional().meta({ description: 'Only products rated 4 stars and up (`product_star_rating` 4.0 or more; unrated products left out).' }),
    page: pageField(PAGE_SIZES.search, 'products'),
  })
  .superRefine((body, context) => {
    if (body.min_price !== undefined && body.max_price !== undefined && body.min_price > body.max_price) {
      context.addIssue({ code: 'custom', path: ['min_price'], message: `must not be above max_price (${body.max_price})` });
    }
  });

export default defineEndpoint({
  id: 'retail.search',
  method: 'POST',
  path: '/v1/retail/search',
  summary: 'Product search by keyword, with price, rating, Prime and deals filters',
  description:
    `Products matching a query, ${PAGE_SIZES.search} a page, with how many match: ASIN, title, prices, lowest offer, rating, badges and recent sales; ` +
    'filtered by price (`min_price`, `max_price`: whole units of the marketplace\'s currency, inclusive, against the listed price), rating (`four_stars_and_up`), ' +
    'condition, the fast-shipping membership (`is_prime`) and deals (`deals_and_discounts`), sorted as asked; `total_products` counts what the filters keep. ' +
    `A query matching nothing is a success with no products. ${DATA_SOURCE} ${FAILURES}`,
  input: SearchRequest,
  output: retailWrapper(SearchPage, 'RetailSearchAnswer'),
  price: ({ perCall }) => perCall(0.01),
  examples: { request: { query: 'wireless earbuds', country: 'US', sort_by: 'RELEVANCE', is_prime: true }, response: exampleResponse('retail.search') },
  async handler({ input, providers, call, ctx }) {
    const page = await providers.retail.search(input, call);
    return retailAnswer(input, ctx, { ...page, products: page.products.slice(0, PAGE_SIZES.search) });
  },
});
