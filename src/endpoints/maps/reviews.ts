import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import { ApiError } from '../../core/errors';
import { PlaceReviews, ReviewSort } from '../../schemas/place';
import { locationCode, wholeNumber } from '../../schemas/request-fields';
import { mapsLanguage, placeIdField } from './fields';
import { exampleReviews } from './examples';

/** Depth is asked in tens: the nearest multiple of 10, halves up (44 → 40, 45 → 50). */
export function roundDepth(depth: number): number {
  return Math.round(depth / 10) * 10;
}

const PlaceReviewsRequest = z.strictObject({
  place_id: placeIdField(),
  sort_by: ReviewSort.default('relevant').meta({ description: 'relevant (default), newest, highest_rating or lowest_rating.' }),
  depth: wholeNumber(10, 150)
    .default(50)
    .transform(roundDepth)
    .meta({ description: 'Most reviews to return, 10 to 150 (default 50), rounded to the nearest 10 (44 → 40, 45 → 50). Billed on the reviews returned; the hold is on the rounded depth.' }),
  language: mapsLanguage(),
  location_code: locationCode().meta({ description: "The searcher's country as the SEO data vendor's location code (2840 = United States, 2826 = United Kingdom).", examples: [2840] }),
});

export default defineEndpoint({
  id: 'maps.reviews',
  method: 'POST',
  path: '/v1/maps/reviews',
  summary: 'Reviews of a place',
  description:
    'Reviews of one place (by the ID a maps search returned), sorted as asked, with author details, timestamps and owner answers where the provider has them; up to depth reviews. ' +
    'The live service lists the maps service\'s own reviews of the place, as deep as asked; ' +
    'the sandbox returns min(depth, totalReviews). A place the maps service does not know is 404 NOT_FOUND, not charged.',
  input: PlaceReviewsRequest,
  output: PlaceReviews,
  price: ({ perResults }) => perResults({
    baseUsd: 0.01,
    per100Usd: 0.015,
    maxResults: (input) => input.depth,
    countResults: (output) => output.reviews.length,
  }),
  examples: {
    request: { place_id: exampleReviews.placeId, sort_by: 'newest', depth: 10 },
    response: exampleReviews,
  },
  async handler({ input, providers, call }) {
    const reviews = await providers.reviews.placeReviews(
      { placeId: input.place_id, sortBy: input.sort_by, depth: input.depth, language: input.language, locationCode: input.location_code },
      call,
    );
    if (!reviews) throw new ApiError('NOT_FOUND', `place_id: no place has the ID ${input.place_id}; use an ID returned by a maps search.`, { param: 'place_id' });
    const returned = reviews.reviews.slice(0, input.depth);
    return { ...reviews, reviewCount: returned.length, reviews: returned };
  },
});
