import { z } from 'zod';
import { readUpstream } from '../http/upstream-request';
import type { PlaceReview } from '../../schemas/place';
import type { PlaceReviewsProvider } from '../families/reviews';
import type { DataForSeoClient } from './client';
import { VENDOR } from './errors';
import { vendorNumber as number, vendorText as text, present } from './vendor-values';

/**
 * Place reviews on the vendor's Business Data Google Reviews API: a queued task (task_post, then
 * task_get) by place ID, sorted and as deep as asked, so every allowed depth is served in depth
 * (the places vendor's details stop at 5). Billed per 10 reviews of the depth (./costs.ts).
 */

export const REVIEWS_BASE = 'business_data/google/reviews';

/**
 * High priority: the normal queue may take minutes, past the upstream timeout; the vendor finishes
 * high-priority tasks in about a minute, at twice the normal rate (priced so in ./costs.ts).
 */
const HIGH_PRIORITY = 2;

const Rating = z.looseObject({ value: number, votes_count: number }).nullish();

const VendorReview = z.looseObject({
  review_id: text,
  review_text: text,
  original_review_text: text,
  time_ago: text,
  timestamp: text,
  rating: Rating,
  reviews_count: number,
  local_guide: z.boolean().nullish(),
  profile_name: text,
  profile_url: text,
  profile_image_url: text,
  review_url: text,
  owner_answer: text,
  owner_timestamp: text,
});

const ReviewsResult = z.looseObject({
  title: text,
  place_id: text,
  cid: text,
  rating: Rating,
  reviews_count: number,
  items: z.array(z.looseObject({ type: z.string() }).nullish()).nullish(),
});

/** The vendor's "2026-10-20 07:30:00 +00:00" as ISO 8601 (UTC); '' when absent or unreadable. */
function isoTimestamp(value: string | null | undefined): string {
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})/.exec(value ?? '');
  return match ? `${match[1]}T${match[2]}Z` : '';
}

function mapReview(review: z.output<typeof VendorReview>): PlaceReview | undefined {
  const stars = review.rating?.value;
  // A review without stars is not a review our record can hold.
  if (stars === null || stars === undefined || stars < 1 || stars > 5) return undefined;
  return {
    rating: stars,
    text: review.review_text ?? review.original_review_text ?? '',
    author: review.profile_name ?? '',
    authorProfileUrl: review.profile_url ?? null,
    authorImageUrl: review.profile_image_url ?? null,
    localGuide: review.local_guide ?? null,
    authorReviewCount: review.reviews_count === null || review.reviews_count === undefined ? null : Math.max(0, Math.round(review.reviews_count)),
    timestamp: isoTimestamp(review.timestamp),
    timeAgo: review.time_ago ?? '',
    reviewUrl: review.review_url ?? null,
    reviewId: review.review_id ?? '',
    ownerAnswer: review.owner_answer ?? null,
    ownerAnswerTimestamp: review.owner_answer ? isoTimestamp(review.owner_timestamp) || null : null,
  };
}

/** The reviews family on the vendor: the place the vendor does not know (no result) is undefined. */
export function dataForSeoReviews(client: DataForSeoClient): PlaceReviewsProvider {
  return {
    name: client.name,
    async placeReviews({ placeId, sortBy, depth, language, locationCode }, options) {
      const task = { place_id: placeId, location_code: locationCode, language_code: language, depth, sort_by: sortBy, priority: HIGH_PRIORITY };
      // The task_get path has no view segment for this function.
      const [result] = await client.queued(REVIEWS_BASE, '', task, options);
      if (result === undefined || result === null) return undefined;
      const place = readUpstream(VENDOR, ReviewsResult, result);
      const reviews = present(place.items)
        .filter((item) => item.type === 'google_reviews_search')
        .flatMap((item) => mapReview(readUpstream(VENDOR, VendorReview, item)) ?? [])
        .slice(0, depth);
      return {
        placeId: place.place_id ?? placeId,
        ...(place.cid ? { cid: place.cid } : {}),
        name: place.title ?? '',
        rating: Math.min(5, Math.max(0, place.rating?.value ?? 0)),
        totalReviews: Math.max(0, Math.round(place.reviews_count ?? place.rating?.votes_count ?? 0)),
        sortBy,
        depth,
        reviewCount: reviews.length,
        reviews,
      };
    },
  };
}
