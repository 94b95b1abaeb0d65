import type { PlacesProvider } from '../../families/places';
import type { PlaceReviewsProvider } from '../../families/reviews';
import { sortReviews } from '../../../schemas/place';
import { cidOf, reviewSubject, sandboxPlaceById } from './place-record';
import { sandboxPhotoUri } from './photos';
import { reviewsOf } from './reviews';
import { sandboxSearch } from './search';

/**
 * Synthetic places. `now` is read only for `openNow`/`nextOpenTime` (in each place's own time
 * zone) and for how long ago its reviews were written; everything else is a function of the request, so tests can fix the clock and get fixed
 * answers.
 */
export function createSandboxPlaces(now: () => Date = () => new Date()): PlacesProvider {
  return {
    name: 'sandbox',
    async searchText(request) {
      return sandboxSearch(request, now());
    },
    async placeDetails({ placeId }) {
      return sandboxPlaceById(placeId, now())?.place;
    },
    async photoMedia({ reference, maxWidth, maxHeight }) {
      const photoUri = sandboxPhotoUri(reference, maxWidth, maxHeight);
      return photoUri === undefined ? undefined : { photoUri };
    },
  };
}

/** Synthetic reviews of the sandbox's places: min(depth, totalReviews) of them, sorted as asked. */
export function createSandboxReviews(now: () => Date = () => new Date()): PlaceReviewsProvider {
  return {
    name: 'sandbox',
    async placeReviews({ placeId, sortBy, depth }) {
      const present = now();
      const found = sandboxPlaceById(placeId, present);
      if (!found) return undefined;
      const subject = reviewSubject(found);
      const reviews = sortReviews(subject ? reviewsOf(subject, present) : [], sortBy).slice(0, depth);
      return {
        placeId,
        cid: cidOf(placeId),
        name: found.place.name,
        rating: found.place.rating ?? 0,
        totalReviews: found.place.userRatingCount ?? 0,
        sortBy,
        depth,
        reviewCount: reviews.length,
        reviews,
      };
    },
  };
}

export const sandboxPlaces: PlacesProvider = createSandboxPlaces();
export const sandboxReviews: PlaceReviewsProvider = createSandboxReviews();
