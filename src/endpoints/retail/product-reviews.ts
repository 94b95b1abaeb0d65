import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import { found } from '../../core/errors';
import { PAGE_SIZES, STAR_FILTERS } from '../../providers/families/retail';
import { ReviewPage, retailWrapper } from '../../schemas/retail';
import { exampleResponse } from './examples';
import { DATA_SOURCE, FAILURES, asinField, countryField, enumField, pageField, retailAnswer } from './fields';

const ProductReviewsRequest = z.strictObject({
  asin: asinField(),
  country: countryField(),
  sort_by: enumField(['TOP_REVIEWS', 'MOST_RECENT'], 'TOP_REVIEWS', 'TOP_REVIEWS or MOST_RECENT'),
  star_rating: enumField(STAR_FILTERS, 'ALL', 'Only these stars: ALL, 5_STARS to 1_STARS, POSITIVE (4 and 5) or CRITICAL (1 to 3)'),
  verified_purchases_only: z.boolean().default(false).meta({ description: 'Only verified purchases (default false).' }),
  images_or_videos_only: z.boolean().default(false).meta({ description: 'Only reviews with images or a video (default false).' }),
  current_format_only: z.boolean().default(false).meta({ description: 'Only reviews of the current format or variation (default false).' }),
  page: pageField(PAGE_SIZES.productReviews, 'reviews'),
});

export default defineEndpoint({
  id: 'retail.product_reviews',
  method: 'POST',
  path: '/v1/retail/product-reviews',
  summary: "A product's reviews, filtered and sorted",
  description:
    `A product's ratings (total and percent per star) and a page of ${PAGE_SIZES.productReviews} written reviews: title, text, stars, author, images or video, date, verified purchase, helpful votes and the variation reviewed. ` +
    `A page past the end has no reviews. ${DATA_SOURCE} An ASIN the marketplace does not know is 404 NOT_FOUND, not charged. ${FAILURES}`,
  input: ProductReviewsRequest,
  output: retailWrapper(ReviewPage, 'RetailReviewsAnswer'),
  price: ({ perCall }) => perCall(0.01),
  examples: { request: { asin: 'B03Y8F3WDL', country: 'US', sort_by: 'TOP_REVIEWS', star_rating: 'ALL', page: 1 }, response: exampleResponse('retail.product_reviews') },
  async handler({ input, providers, call, ctx }) {
    const page = found(await providers.retail.productReviews(input, call), 'asin', `no product ${input.asin} in the ${input.country} marketplace.`);
    return retailAnswer(input, ctx, { ...page, reviews: page.reviews.slice(0, PAGE_SIZES.productReviews) });
  },
});
