import { cursorRejected, type PlacesProvider, type PlaceTextSearchRequest } from '../families/places';
import { GooglePlacesClient, readSuccess, type GooglePlacesSettings } from './client';
import { isUnknownPlace, vendorErrorOf } from './errors';
import { detailsMask, FULL_PLACE_FIELDS, searchMask, SUMMARY_PLACE_FIELDS } from './field-mask';
import { mapPlace } from './place-mapping';
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

/**
 * Google Places API (New): Text Search for the place search, Place Details for details, Place
 * Photos for photo URLs. Field masks list exactly the fields we map (./field-mask.ts). Reviews are
 * not served here: Details exposes at most 5 of them, at its dearest SKU (the reviews family is on
 * the SEO data vendor).
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
