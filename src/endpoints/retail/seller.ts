import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import { found } from '../../core/errors';
import { Seller, retailWrapper } from '../../schemas/retail';
import { exampleResponse } from './examples';
import { DATA_SOURCE, FAILURES, countryField, retailAnswer, sellerIdField } from './fields';

const SellerRequest = z.strictObject({ seller_id: sellerIdField(), country: countryField() });

export default defineEndpoint({
  id: 'retail.seller',
  method: 'POST',
  path: '/v1/retail/seller',
  summary: "A third-party seller's profile",
  description:
    "A seller's store: name, links, logo, business name, address and phone as published, lifetime rating and feedback by period (30 days, 90 days, 12 months, lifetime: positive, neutral, negative percent and count). " +
    `${DATA_SOURCE} A seller the marketplace does not know is 404 NOT_FOUND, not charged. ${FAILURES}`,
  input: SellerRequest,
  output: retailWrapper(Seller, 'RetailSellerAnswer'),
  price: ({ perCall }) => perCall(0.01),
  examples: { request: { seller_id: 'A8UTZVDO9238NX', country: 'US' }, response: exampleResponse('retail.seller') },
  async handler({ input, providers, call, ctx }) {
    return retailAnswer(input, ctx, found(await providers.retail.seller(input, call), 'seller_id', `no seller ${input.seller_id} in the ${input.country} marketplace.`));
  },
});
