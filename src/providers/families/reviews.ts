import type { PlaceReviews } from '../../schemas/place';
import type { CallOptions, ProviderFamily } from '../providers';
import type { PlaceReviewsRequest } from './places';

/**
 * Reviews of a place, by the ID a maps search returned. A family of its own, apart from places:
 * the places vendor's details expose at most 5 reviews, so reviews come from whichever vendor
 * lists them in depth. A place the provider does not know resolves to `undefined` (404 NOT_FOUND).
 */
export interface PlaceReviewsProvider extends ProviderFamily {
  placeReviews(request: PlaceReviewsRequest, options: CallOptions): Promise<PlaceReviews | undefined>;
}
