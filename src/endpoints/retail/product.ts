import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import { found } from '../../core/errors';
import { ProductDetails, retailWrapper } from '../../schemas/retail';
import { exampleResponse } from './examples';
import { DATA_SOURCE, FAILURES, asinField, countryField, retailAnswer } from './fields';

const ProductRequest = z.strictObject({ asin: asinField(), country: countryField() });

export default defineEndpoint({
  id: 'retail.product',
  method: 'POST',
  path: '/v1/retail/product',
  summary: 'Product details by ASIN',
  description:
    'Everything the product page shows: title, prices (featured offer, list, delivery), byline, rating and ratings, offers, availability, badges, sales volume, the "about this item" bullets, description and technical details. ' +
    `${DATA_SOURCE} An ASIN the marketplace does not know is 404 NOT_FOUND, not charged. ${FAILURES}`,
  input: ProductRequest,
  output: retailWrapper(ProductDetails, 'RetailProductAnswer'),
  price: ({ perCall }) => perCall(0.02),
  examples: { request: { asin: 'B03Y8F3WDL', country: 'US' }, response: exampleResponse('retail.product') },
  async handler({ input, providers, call, ctx }) {
    return retailAnswer(input, ctx, found(await providers.retail.product(input, call), 'asin', `no product ${input.asin} in the ${input.country} marketplace.`));
  },
});
