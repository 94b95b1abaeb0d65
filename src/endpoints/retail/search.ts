import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import { PAGE_SIZES } from '../../providers/families/retail';
import { queryText } from '../../schemas/request-fields';
import { SearchPage, retailWrapper } from '../../schemas/retail';
import { exampleResponse } from './examples';
import { DATA_SOURCE, FAILURES, countryField, pageField, retailAnswer } from './fields';
import { listingFields } from './listing';

const SearchRequest = z.strictObject({
  query: queryText('What to search for.', 'wireless earbuds'),
  country: countryField(),
  ...listingFields,
  page: pageField(PAGE_SIZES.search, 'products'),
});

export default defineEndpoint({
  id: 'retail.search',
  method: 'POST',
  path: '/v1/retail/search',
  summary: 'Product search by keyword',
  description:
    `Products matching a query, ${PAGE_SIZES.search} a page, with how many match: ASIN, title, prices, lowest offer, rating, badges and recent sales; filtered by condition, the fast-shipping membership and deals, sorted as asked. ` +
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
