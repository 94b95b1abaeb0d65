import { ApiError } from '../../core/errors';
import type { Place, PriceLevel, ReviewSort } from '../../schemas/place';
import type { CallOptions, ProviderFamily } from '../providers';

/** A circle around which results are favoured (and within which `rankBy: distance` ranks). */
export interface BiasCircle {
  latitude: number;
  longitude: number;
  /** Metres. */
  radius: number;
}

export interface PlaceTextSearchRequest {
  query: string;
  /** Places on this page, 1 to 20. */
  limit: number;
  language: string;
  region?: string;
  rankBy: 'relevance' | 'distance';
  openNow: boolean;
  minRating?: number;
  priceLevels?: PriceLevel[];
  includedType?: string;
  bias?: BiasCircle;
  /**
   * Where the previous page stopped, as this provider said (`nextCursor`). The endpoint keeps it
   * inside its own page token, bound to the query and parameters, so a provider never sees a
   * cursor from another search.
   */
  cursor?: string;
  /**
   * Which record the caller publishes: `summary` lets a vendor fetch only the PlaceSummary fields
   * (the others then hold defaults the response schema strips).
   */
  fields: 'full' | 'summary';
}

export interface PlaceTextSearchPage {
  places: Place[];
  /** Present when more places follow. */
  nextCursor?: string;
  /** The same search on the maps service, when the provider gives one. */
  searchUrl?: string;
}

export interface PlaceLookup {
  /** Bare place ID (without `places/`). */
  placeId: string;
  language: string;
  region?: string;
}

export interface PlaceReviewsRequest {
  placeId: string;
  sortBy: ReviewSort;
  /** Most reviews to return (already rounded to a multiple of 10). */
  depth: number;
  language: string;
  /** The SEO data vendor's location code of the searcher's country (2840 = United States). */
  locationCode: number;
}

export interface PlacePhotoRequest {
  /** `places/{place_id}/photos/{token}`. */
  reference: string;
  maxWidth?: number;
  maxHeight?: number;
}

/**
 * Places: text search, details, photos (reviews are a family of their own: ./reviews.ts). A lookup of something the provider does not know
 * resolves to `undefined` (the endpoint answers 404 NOT_FOUND); every other failure throws.
 */
export interface PlacesProvider extends ProviderFamily {
  searchText(request: PlaceTextSearchRequest, options: CallOptions): Promise<PlaceTextSearchPage>;
  placeDetails(request: PlaceLookup, options: CallOptions): Promise<Place | undefined>;
  photoMedia(request: PlacePhotoRequest, options: CallOptions): Promise<{ photoUri: string } | undefined>;
}

/**
 * What a provider throws when it cannot continue from a cursor its own earlier page gave (a vendor
 * page token that expired): the caller's token is stale, a 400 naming it, not a provider outage.
 */
export function cursorRejected(): ApiError {
  return new ApiError('VALIDATION_ERROR', 'nextPageToken: can no longer be continued (page tokens expire after a few minutes); repeat the search without it.');
}
