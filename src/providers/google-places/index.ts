import { cursorRejected, type PlacesProvider, type PlaceTextSearchRequest } from '../families/places';
import { locationCodeOfCountry, supportedCountries } from '../../schemas/countries';
import { sortReviews } from '../../schemas/place';
import { GooglePlacesClient, readSuccess, type GooglePlacesSettings } from './client';
import { isUnknownPlace, vendorErrorOf } from './errors';
import { detailsMask, FULL_PLACE_FIELDS, REVIEW_FIELDS, searchMask, SUMMARY_PLACE_FIELDS } from './field-mask';
import { cidOfMapsUrl, mapPlace, mapReview } from './place-mapping';
import { PhotoMedia, SearchTextResponse, VendorPlace } from './wire';

export type { GooglePlacesSettings } from './client';

/** Text Search's request body for one of our searches. */
function searchBody(request: PlaceTextSearchRequest): Record<string, unknown> {
  return {
    textQuery: request.query,
    pageSize: request.limit,
    ...(request.cursor !== undefined ? { pageToken: request.cursor } : {}),
    languageCode: request.language,
    ...(request.region ? { regionCode: request.region } : {}),
    rankPreference: request.rankBy === 'distance' ? 'DISTANCE' : 'RELEVANCE',
    ...(request.openNow ? { openNow: true } : {}),
    ...(request.minRating !== undefined ? { minRating: request.minRating } : {}),
    ...(request.priceLevels?.length ? { priceLevels: request.priceLevels.map((level) => `PRICE_LEVEL_${level.toUpperCase()}`) } : {}),
    ...(request.includedType ? { includedType: request.includedType } : {}),
    ...(request.bias
      ? { locationBias: { circle: { center: { latitude: request.bias.latitude, longitude: request.bias.longitude }, radius: request.bias.radius } } }
      : {}),
  };
}

/** The searcher's country for the vendor's `regionCode`, from our SEO-style location code. */
function regionOfLocationCode(locationCode: number): string | undefined {
  return supportedCountries.find((country) => locationCodeOfCountry(country) === locationCode);
}

/**
 * Google Places API (New): Text Search for both place searches, Place Details for details and
 * reviews (the at most 5 reviews Details exposes, sorted here as asked), Place Photos for photo
 * URLs. Field masks list exactly the fields we map (./field-mask.ts).
 */
export function googlePlacesProvider(settings: GooglePlacesSettings): PlacesProvider {
  return googlePlacesOn(new GooglePlacesClient(settings));
}

/** The places family on a given client (a recording one prices what each endpoint asks for: ./costs.ts). */
export function googlePlacesOn(client: GooglePlacesClient): PlacesProvider {
  return {
    name: 'google-places',

    async searchText(request, options) {
      const answer = await client.call(
        {
          method: 'POST',
          path: 'places:searchText',
          json: searchBody(request),
          fieldMask: searchMask(request.fields === 'summary' ? SUMMARY_PLACE_FIELDS : FULL_PLACE_FIELDS),
        },
        options,
      );
      // The vendor refuses a page token it no longer honours (or that does not match the search).
      if (request.cursor !== undefined && answer.status === 400 && vendorErrorOf(answer).status === 'INVALID_ARGUMENT') throw cursorRejected();
      const page = readSuccess(answer, SearchTextResponse);
      return {
        places: (page.places ?? []).map(mapPlace),
        ...(page.nextPageToken ? { nextCursor: page.nextPageToken } : {}),
        ...(page.searchUri ? { searchUrl: page.searchUri } : {}),
      };
    },

    async placeDetails({ placeId, language, region }, options) {
      const answer = await client.call(
        { method: 'GET', path: `places/${encodeURIComponent(placeId)}`, query: { languageCode: language, regionCode: region }, fieldMask: detailsMask(FULL_PLACE_FIELDS) },
        options,
      );
      if (isUnknownPlace(answer)) return undefined;
      return mapPlace(readSuccess(answer, VendorPlace));
    },

    async placeReviews({ placeId, sortBy, depth, language, locationCode }, options) {
      const answer = await client.call(
        {
          method: 'GET',
          path: `places/${encodeURIComponent(placeId)}`,
          query: { languageCode: language, regionCode: regionOfLocationCode(locationCode) },
          fieldMask: detailsMask(REVIEW_FIELDS),
        },
        options,
      );
      if (isUnknownPlace(answer)) return undefined;
      const place = readSuccess(answer, VendorPlace);
      const rated = (place.reviews ?? []).filter((review): review is typeof review & { rating: number } => review.rating !== undefined);
      const reviews = sortReviews(rated.map(mapReview), sortBy).slice(0, depth);
      return {
        placeId: place.id,
        cid: cidOfMapsUrl(place.googleMapsUri),
        name: place.displayName?.text ?? '',
        rating: place.rating ?? 0,
        totalReviews: place.userRatingCount ?? 0,
        sortBy,
        depth,
        reviewCount: reviews.length,
        reviews,
      };
    },

    async photoMedia({ reference, maxWidth, maxHeight }, options) {
      const answer = await client.call(
        { method: 'GET', path: `${reference}/media`, query: { maxWidthPx: maxWidth, maxHeightPx: maxHeight, skipHttpRedirect: true } },
        options,
      );
      if (answer.status === 404) return undefined;
      return { photoUri: readSuccess(answer, PhotoMedia).photoUri };
    },
  };
}
