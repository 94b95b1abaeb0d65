import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import { found } from '../../core/errors';
import { PAGE_SIZES, STAR_FILTERS } from '../../providers/families/retail';
import { SellerReviews, retailWrapper } from '../../schemas/retail';
import { exampleResponse } from './examples';
import { DATA_SOURCE, FAILURES, countryField, enumField, pageField, retailAnswer, sellerIdField } from './fields';

const SellerReviewsRequest = z.strictObject({
  seller_id: sellerIdField(),
  country: countryField(),
  page: pageField(PAGE_SIZES.sellerReviews, 'reviews'),
  star_rating: enumField(STAR_FILTERS, 'ALL', 'Only these stars: ALL, 5_STARS to 1_STARS, POSITIVE (4 and 5) or CRITICAL (1 to 3)'),
  verified_purchases_only: z.boolean().default(false).meta({ description: 'Only feedback on verified purchases (default false).' }),
});

export default defineEndpoint({
  id: 'retail.seller_reviews',
  method: 'POST',
  path: '/v1/retail/seller-reviews',
  summary: "A seller's feedback, a page at a time",
  description:
    `Buyers' feedback on a seller, ${PAGE_SIZES.sellerReviews} a page, newest first: author, text, stars, date and whether the seller answered; \`has_next_page\` says whether more follow. ` +
    `${DATA_SOURCE} A seller the marketplace does not know is 404 NOT_FOUND, not charged. ${FAILURES}`,
  input: SellerReviewsRequest,
  output: retailWrapper(SellerReviews, 'RetailSellerReviewsAnswer'),
  price: ({ perCall }) => perCall(0.01),
  examples: { request: { seller_id: 'A8UTZVDO9238NX', country: 'US', page: 1 }, response: exampleResponse('retail.seller_reviews') },
  async handler({ input, providers, call, ctx }) {
    const page = found(await providers.retail.sellerReviews(input, call), 'seller_id', `no seller ${input.seller_id} in the ${input.country} marketplace.`);
    return retailAnswer(input, ctx, { ...page, seller_reviews: page.seller_reviews.slice(0, PAGE_SIZES.sellerReviews) });
  },
});
