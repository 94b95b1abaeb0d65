import { ACCESSIBILITY_FLAGS, AMENITY_FLAGS, BUSINESS_STATUSES, PARKING_FLAGS, PAYMENT_FLAGS, PRICE_LEVELS, type Place, type PriceLevel } from '../../schemas/place';
import type { VendorPlace, VendorReview } from './wire';

/**
 * The vendor's Place in our Place record, field by field. An absent vendor field is absent in ours
 * (unknown), except the record's required fields, which fall back to an empty value or a derived one.
 */

type AddressComponent = NonNullable<VendorPlace['addressComponents']>[number];
type Money = NonNullable<NonNullable<VendorPlace['priceRange']>['startPrice']>;

/** `coffee_shop` → `Coffee shop`, when the vendor gives no display name. */
function humanise(type: string): string {
  const words = type.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function component(components: readonly AddressComponent[], types: readonly string[], form: 'longText' | 'shortText'): string | undefined {
  for (const type of types) {
    const found = components.find((candidate) => candidate.types?.includes(type));
    if (found?.[form]) return found[form];
  }
  return undefined;
}

function addressComponents(components: readonly AddressComponent[]): Place['addressComponents'] {
  return {
    city: component(components, ['locality', 'postal_town', 'administrative_area_level_3'], 'longText'),
    state: component(components, ['administrative_area_level_1'], 'shortText'),
    country: component(components, ['country'], 'shortText'),
    postalCode: component(components, ['postal_code'], 'longText'),
    neighborhood: component(components, ['neighborhood', 'sublocality_level_1', 'sublocality'], 'longText'),
  };
}

function priceLevel(vendor: string | undefined): PriceLevel | undefined {
  const level = vendor?.replace(/^PRICE_LEVEL_/, '').toLowerCase();
  return PRICE_LEVELS.find((candidate) => candidate === level);
}

function amount(money: Money | undefined): number | undefined {
  if (money?.units === undefined && money?.nanos === undefined) return undefined;
  return Number(money.units ?? 0) + (money.nanos ?? 0) / 1e9;
}

function priceRange(range: VendorPlace['priceRange']): Place['priceRange'] {
  const min = amount(range?.startPrice);
  const currency = range?.startPrice?.currencyCode ?? range?.endPrice?.currencyCode;
  if (min === undefined || !currency) return undefined;
  const max = amount(range?.endPrice);
  return { min, ...(max !== undefined ? { max } : {}), currency };
}

/** The flags of a group the vendor reported (true or false); undefined when it reported none. */
function flagsOf<Flag extends string>(source: Partial<Record<Flag, boolean | undefined>> | undefined, flags: readonly Flag[]): Partial<Record<Flag, boolean>> | undefined {
  const known = flags.filter((flag) => typeof source?.[flag] === 'boolean');
  return known.length > 0 ? (Object.fromEntries(known.map((flag) => [flag, source![flag]])) as Partial<Record<Flag, boolean>>) : undefined;
}

function reviewText(review: VendorReview): string {
  return review.text?.text ?? review.originalText?.text ?? '';
}

export function mapPlace(vendor: VendorPlace): Place {
  const types = vendor.types ?? [];
  const primaryType = vendor.primaryType ?? types[0] ?? '';
  // The coming week's hours first (they carry holidays), the regular ones when those are missing.
  const weekdays = [vendor.currentOpeningHours, vendor.regularOpeningHours].map((hours) => hours?.weekdayDescriptions).find((lines) => lines?.length === 7);
  const links = vendor.googleMapsLinks;
  const top = vendor.reviews?.find((review) => review.rating !== undefined);
  const status = BUSINESS_STATUSES.find((candidate) => candidate === vendor.businessStatus);
  return {
    id: vendor.id,
    name: vendor.displayName?.text ?? '',
    primaryType,
    primaryTypeDisplay: vendor.primaryTypeDisplayName?.text ?? humanise(primaryType),
    types,
    address: vendor.formattedAddress ?? '',
    shortAddress: vendor.shortFormattedAddress ?? vendor.formattedAddress ?? '',
    addressComponents: addressComponents(vendor.addressComponents ?? []),
    phone: vendor.nationalPhoneNumber,
    internationalPhone: vendor.internationalPhoneNumber,
    website: vendor.websiteUri,
    googleMapsUrl: vendor.googleMapsUri,
    // Only pure service-area businesses lack a location; text search leaves them out.
    latitude: vendor.location?.latitude ?? 0,
    longitude: vendor.location?.longitude ?? 0,
    plusCode: vendor.plusCode?.globalCode,
    rating: vendor.rating,
    userRatingCount: vendor.userRatingCount,
    priceLevel: priceLevel(vendor.priceLevel),
    priceRange: priceRange(vendor.priceRange),
    businessStatus: status,
    openNow: vendor.currentOpeningHours?.openNow ?? vendor.regularOpeningHours?.openNow,
    hours: weekdays,
    nextOpenTime: vendor.currentOpeningHours?.nextOpenTime ?? vendor.regularOpeningHours?.nextOpenTime,
    timezone: vendor.timeZone?.id,
    summary: vendor.editorialSummary?.text,
    aiSummary: vendor.generativeSummary?.overview?.text,
    reviewSummary: vendor.reviewSummary?.text?.text,
    iconUrl: vendor.iconMaskBaseUri ? `${vendor.iconMaskBaseUri}.svg` : undefined,
    iconBackgroundColor: vendor.iconBackgroundColor,
    amenities: flagsOf(vendor, AMENITY_FLAGS),
    payments: flagsOf(vendor.paymentOptions, PAYMENT_FLAGS),
    parking: flagsOf(vendor.parkingOptions, PARKING_FLAGS),
    accessibility: flagsOf(vendor.accessibilityOptions, ACCESSIBILITY_FLAGS),
    photos: vendor.photos?.slice(0, 10).map((photo) => ({
      reference: photo.name,
      width: photo.widthPx,
      height: photo.heightPx,
      attribution: (photo.authorAttributions ?? []).map((author) => author.displayName).filter(Boolean).join(', '),
      googleMapsUrl: photo.googleMapsUri,
    })),
    topReview: top && {
      rating: top.rating!,
      text: reviewText(top),
      author: top.authorAttribution?.displayName ?? '',
      publishedAt: top.publishTime ?? '',
      relativeTime: top.relativePublishTimeDescription ?? '',
    },
    directionsUrl: links?.directionsUri,
    reviewsUrl: links?.reviewsUri,
    photosUrl: links?.photosUri,
    writeReviewUrl: links?.writeAReviewUri,
  };
}

