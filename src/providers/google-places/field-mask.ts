import { AMENITY_FLAGS, PLACE_SUMMARY_FIELDS, type Place } from '../../schemas/place';

/**
 * Which vendor Place fields each of our Place fields is read from (./place-mapping.ts reads
 * exactly these). The vendor bills by the fields asked for, so a request masks only what its
 * record needs: the full record for details and the web-search variant, the subset for maps search.
 */
const SOURCES: Record<keyof Place, readonly string[]> = {
  id: ['id'],
  name: ['displayName'],
  primaryType: ['primaryType', 'types'],
  primaryTypeDisplay: ['primaryTypeDisplayName', 'primaryType'],
  types: ['types'],
  address: ['formattedAddress'],
  shortAddress: ['shortFormattedAddress', 'formattedAddress'],
  addressComponents: ['addressComponents'],
  phone: ['nationalPhoneNumber'],
  internationalPhone: ['internationalPhoneNumber'],
  website: ['websiteUri'],
  googleMapsUrl: ['googleMapsUri'],
  latitude: ['location'],
  longitude: ['location'],
  plusCode: ['plusCode'],
  rating: ['rating'],
  userRatingCount: ['userRatingCount'],
  priceLevel: ['priceLevel'],
  priceRange: ['priceRange'],
  businessStatus: ['businessStatus'],
  openNow: ['currentOpeningHours', 'regularOpeningHours'],
  hours: ['currentOpeningHours', 'regularOpeningHours'],
  nextOpenTime: ['currentOpeningHours', 'regularOpeningHours'],
  timezone: ['timeZone'],
  summary: ['editorialSummary'],
  aiSummary: ['generativeSummary'],
  reviewSummary: ['reviewSummary'],
  iconUrl: ['iconMaskBaseUri'],
  iconBackgroundColor: ['iconBackgroundColor'],
  amenities: AMENITY_FLAGS,
  payments: ['paymentOptions'],
  parking: ['parkingOptions'],
  accessibility: ['accessibilityOptions'],
  photos: ['photos'],
  topReview: ['reviews'],
  directionsUrl: ['googleMapsLinks'],
  reviewsUrl: ['googleMapsLinks'],
  photosUrl: ['googleMapsLinks'],
  writeReviewUrl: ['googleMapsLinks'],
};

/** Vendor fields behind the given fields of ours, each once, in a stable order. */
function placeFieldsFor(fields: readonly (keyof Place)[]): string[] {
  return [...new Set(fields.flatMap((field) => SOURCES[field]))].sort();
}

export const FULL_PLACE_FIELDS = placeFieldsFor(Object.keys(SOURCES) as (keyof Place)[]);
export const SUMMARY_PLACE_FIELDS = placeFieldsFor(PLACE_SUMMARY_FIELDS);

/** Place Details masks name Place fields bare. */
export function detailsMask(fields: readonly string[]): string {
  return fields.join(',');
}

/** Text Search masks prefix Place fields with `places.`, plus the response's own fields. */
export function searchMask(fields: readonly string[]): string {
  return [...fields.map((field) => `places.${field}`), 'nextPageToken', 'searchUri'].join(',');
}
