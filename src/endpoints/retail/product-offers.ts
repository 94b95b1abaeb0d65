import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import { found } from '../../core/errors';
import { wholeNumber } from '../../schemas/request-fields';
import { CONDITIONS } from '../../providers/families/retail';
import { ProductOffers, retailWrapper } from '../../schemas/retail';
import { exampleResponse } from './examples';
import { DATA_SOURCE, FAILURES, asinField, countryField, enumField, retailAnswer } from './fields';

const ProductOffersRequest = z.strictObject({
  asin: asinField(),
  country: countryField(),
  limit: wholeNumber(1, 100).default(100).meta({ description: 'Offers per page, 1 to 100 (default 100).' }),
  page: wholeNumber(1, 100).default(1).meta({ description: 'Which page of `limit` offers, from 1.' }),
  product_condition: enumField(CONDITIONS, 'ALL', 'Only offers in this condition: ALL, NEW, USED, RENEWED or COLLECTIBLE'),
});

export default defineEndpoint({
  id: 'retail.product_offers',
  method: 'POST',
  path: '/v1/retail/product-offers',
  summary: "A product's offers from every seller",
  description:
    "The product's header (title, featured price, rating, availability) and its offers in `buy_boxes`, cheapest first: seller (with its id for /v1/retail/seller), price, delivery, condition, where it ships from and which offer the page features. " +
    `${DATA_SOURCE} An ASIN the marketplace does not know is 404 NOT_FOUND, not charged. ${FAILURES}`,
  input: ProductOffersRequest,
  output: retailWrapper(ProductOffers, 'RetailProductOffersAnswer'),
  price: ({ perCall }) => perCall(0.02),
  examples: { request: { asin: 'B03Y8F3WDL', country: 'US', limit: 10, product_condition: 'ALL' }, response: exampleResponse('retail.product_offers') },
  async handler({ input, providers, call, ctx }) {
    const offers = found(await providers.retail.productOffers(input, call), 'asin', `no product ${input.asin} in the ${input.country} marketplace.`);
    return retailAnswer(input, ctx, { ...offers, buy_boxes: offers.buy_boxes.slice(0, input.limit) });
  },
});
