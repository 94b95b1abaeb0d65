import { z } from 'zod';

/** Price levels as the API names them (the vendor's PRICE_LEVEL_* without the prefix, lower-cased). */
export const PRICE_LEVELS = ['free', 'inexpensive', 'moderate', 'expensive', 'very_expensive'] as const;
export const PriceLevel = z.enum(PRICE_LEVELS);
export type PriceLevel = z.infer<typeof PriceLevel>;

export const BUSINESS_STATUSES = ['OPERATIONAL', 'CLOSED_TEMPORARILY', 'CLOSED_PERMANENTLY'] as const;
export const BusinessStatus = z.enum(BUSINESS_STATUSES);

/**
 * The flag groups of a place. Names are shared with the places vendor's wire format, so the
 * adapter copies them by name; a flag that is absent is unknown, not false.
 */
export const AMENITY_FLAGS = [
  'dineIn', 'takeout', 'delivery', 'curbsidePickup', 'reservable', 'servesBreakfast', 'servesBrunch', 'servesLunch',
  'servesDinner', 'servesBeer', 'servesWine', 'servesCocktails', 'servesCoffee', 'servesDessert', 'servesVegetarianFood',
  'outdoorSeating', 'liveMusic', 'menuForChildren', 'goodForChildren', 'allowsDogs', 'goodForGroups',
  'goodForWatchingSports', 'restroom',
] as const;
export const PAYMENT_FLAGS = ['acceptsCreditCards', 'acceptsDebitCards', 'acceptsNfc', 'acceptsCashOnly'] as const;
export const PARKING_FLAGS = [
  'freeParkingLot', 'paidParkingLot', 'freeStreetParking', 'paidStreetParking', 'valetParking', 'freeGarageParking', 'paidGarageParking',
] as const;
export const ACCESSIBILITY_FLAGS = [
  'wheelchairAccessibleParking', 'wheelchairAccessibleEntrance', 'wheelchairAccessibleRestroom', 'wheelchairAccessibleSeating',
] as const;

export type AmenityFlag = (typeof AMENITY_FLAGS)[number];

function flagGroup<const Flag extends string>(flags: readonly Flag[], id: string, description: string) {
  const shape = Object.fromEntries(flags.map((flag) => [flag, z.boolean().optional()])) as { [Key in Flag]: z.ZodOptional<z.ZodBoolean> };
  return z.object(shape).meta({ id, description });
}

export const PlaceAmenities = flagGroup(AMENITY_FLAGS, 'PlaceAmenities', 'Service and amenity flags; an absent flag is unknown.');
export const PlacePayments = flagGroup(PAYMENT_FLAGS, 'PlacePayments', 'Payment options; an absent flag is unknown.');
export const PlaceParking = flagGroup(PARKING_FLAGS, 'PlaceParking', 'Parking options; an absent flag is unknown.');
export const PlaceAccessibility = flagGroup(ACCESSIBILITY_FLAGS, 'PlaceAccessibility', 'Wheelchair accessibility; an absent flag is unknown.');

export const PlacePhoto = z
  .object({
    reference: z.string().meta({ description: 'Photo reference `places/{place_id}/photos/{token}`; resolve it with /v1/maps/photo.' }),
    width: z.number().int().positive().meta({ description: 'Original width, pixels.' }),
    height: z.number().int().positive().meta({ description: 'Original height, pixels.' }),
    attribution: z.string().meta({ description: 'Who took the photo (to be shown with it); empty when unknown.' }),
    googleMapsUrl: z.string().optional().meta({ description: 'The photo on the maps service.' }),
  })
  .meta({ id: 'PlacePhoto' });

export const PlaceTopReview = z
  .object({
    rating: z.number().min(1).max(5).meta({ description: 'Stars given, 1 to 5.' }),
    text: z.string().meta({ description: 'Review text (empty for a rating without text).' }),
    author: z.string().meta({ description: "Author's display name." }),
    publishedAt: z.string().meta({ description: 'When it was published, ISO 8601.' }),
    relativeTime: z.string().meta({ description: 'How long ago, as the maps service words it ("3 months ago").' }),
  })
  .meta({ id: 'PlaceTopReview' });

export type PlaceTopReview = z.infer<typeof PlaceTopReview>;

const optionalText = (description: string) => z.string().optional().meta({ description });

/** The Place record of the spec (maps): every field, optional ones optional. */
export const Place = z
  .object({
    id: z.string().meta({ description: 'Stable place ID (use it with /v1/maps/place and /v1/maps/reviews).', examples: ['ChIJ2eUgeAK6j4ARbn5u_wAGqWA'] }),
    name: z.string().meta({ description: 'Display name.' }),
    primaryType: z.string().meta({ description: 'Primary place type, e.g. coffee_shop (empty when the provider gives none).' }),
    primaryTypeDisplay: z.string().meta({ description: 'Human-friendly primary type, e.g. "Coffee shop".' }),
    types: z.array(z.string()).meta({ description: 'All place types.' }),
    address: z.string().meta({ description: 'Full address.' }),
    shortAddress: z.string().meta({ description: 'Short address (street and locality).' }),
    addressComponents: z
      .object({
        city: z.string().optional(),
        state: z.string().optional(),
        country: z.string().optional(),
        postalCode: z.string().optional(),
        neighborhood: z.string().optional(),
      })
      .meta({ id: 'PlaceAddressComponents', description: 'Parts of the address; a part the provider does not know is absent.' }),
    phone: optionalText('National phone number.'),
    internationalPhone: optionalText('Phone number in international (E.164-style) form.'),
    website: optionalText('Website.'),
    googleMapsUrl: optionalText('The place on the maps service.'),
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
    plusCode: optionalText('Open location code (plus code).'),
    rating: z.number().min(0).max(5).optional().meta({ description: 'Average rating, 0.0 to 5.0.' }),
    userRatingCount: z.number().int().nonnegative().optional().meta({ description: 'Number of ratings.' }),
    priceLevel: PriceLevel.optional().meta({ description: 'free, inexpensive, moderate, expensive or very_expensive.' }),
    priceRange: z
      .object({
        min: z.number().nonnegative(),
        max: z.number().nonnegative().optional().meta({ description: 'Absent for an open-ended range ("more than min").' }),
        currency: z.string().meta({ description: 'ISO 4217 currency code.' }),
      })
      .optional()
      .meta({ id: 'PlacePriceRange', description: 'Typical spend per person.' }),
    businessStatus: BusinessStatus.optional().meta({ description: 'OPERATIONAL, CLOSED_TEMPORARILY or CLOSED_PERMANENTLY.' }),
    openNow: z.boolean().optional().meta({ description: 'Open at request time.' }),
    hours: z.array(z.string()).length(7).optional().meta({ description: 'Opening hours, one line per weekday, Monday first.', examples: [['Monday: 7:00 AM – 6:00 PM', 'Tuesday: 7:00 AM – 6:00 PM', 'Wednesday: 7:00 AM – 6:00 PM', 'Thursday: 7:00 AM – 6:00 PM', 'Friday: 7:00 AM – 8:00 PM', 'Saturday: 8:00 AM – 8:00 PM', 'Sunday: Closed']] }),
    nextOpenTime: optionalText('When it next opens (ISO 8601), given while closed.'),
    timezone: optionalText('IANA time zone.'),
    summary: optionalText('Editorial summary.'),
    aiSummary: optionalText('AI-generated overview.'),
    reviewSummary: optionalText('AI-generated summary of the reviews.'),
    iconUrl: optionalText('Category icon (SVG).'),
    iconBackgroundColor: optionalText('Background colour for the icon, hex.'),
    amenities: PlaceAmenities.optional(),
    payments: PlacePayments.optional(),
    parking: PlaceParking.optional(),
    accessibility: PlaceAccessibility.optional(),
    photos: z.array(PlacePhoto).max(10).optional().meta({ description: 'Up to 10 photos.' }),
    topReview: PlaceTopReview.optional().meta({ description: 'The most relevant review.' }),
    directionsUrl: optionalText('Directions to the place on the maps service.'),
    reviewsUrl: optionalText('Its reviews on the maps service.'),
    photosUrl: optionalText('Its photos on the maps service.'),
    writeReviewUrl: optionalText('Where to write a review.'),
  })
  .meta({ id: 'Place' });

export type Place = z.infer<typeof Place>;

/** The fields of the plain maps search's subset record, in the spec's order. */
export const PLACE_SUMMARY_FIELDS = [
  'id', 'name', 'types', 'primaryType', 'address', 'phone', 'website', 'googleMapsUrl', 'latitude', 'longitude', 'rating',
  'userRatingCount', 'priceLevel', 'businessStatus', 'openNow', 'hours', 'amenities', 'photos', 'topReview', 'directionsUrl',
  'reviewsUrl',
] as const satisfies readonly (keyof Place)[];

/** The subset Place record of `/v1/maps/search`, picked from the full one. */
export const PlaceSummary = Place.pick(Object.fromEntries(PLACE_SUMMARY_FIELDS.map((field) => [field, true])) as { [Field in (typeof PLACE_SUMMARY_FIELDS)[number]]: true }).meta({
  id: 'PlaceSummary',
});

export type PlaceSummary = z.infer<typeof PlaceSummary>;

const SUMMARY_KEYS = Object.keys(PlaceSummary.shape) as Array<keyof PlaceSummary>;

/** The subset record of a full place: what a vendor asked for the summary fields alone returns. */
export function placeSummaryOf(place: Place): PlaceSummary {
  const summary: Partial<Record<keyof PlaceSummary, unknown>> = {};
  for (const key of SUMMARY_KEYS) if (key in place) summary[key] = place[key];
  return summary as PlaceSummary;
}

export const REVIEW_SORTS = ['relevant', 'newest', 'highest_rating', 'lowest_rating'] as const;
export const ReviewSort = z.enum(REVIEW_SORTS);
export type ReviewSort = z.infer<typeof ReviewSort>;

export const PlaceReview = z
  .object({
    rating: z.number().min(1).max(5).meta({ description: 'Stars given, 1 to 5.' }),
    text: z.string().meta({ description: 'Review text (empty for a rating without text).' }),
    author: z.string().meta({ description: "Author's display name." }),
    authorProfileUrl: z.string().nullable().meta({ description: "Author's profile on the maps service." }),
    authorImageUrl: z.string().nullable().meta({ description: "Author's picture." }),
    localGuide: z.boolean().nullable().meta({ description: 'Whether the author is a Local Guide; null when the provider does not say.' }),
    authorReviewCount: z.number().int().nonnegative().nullable().meta({ description: 'Reviews the author has written; null when unknown.' }),
    timestamp: z.string().meta({ description: 'When it was published, ISO 8601.' }),
    timeAgo: z.string().meta({ description: 'How long ago, as the maps service words it.' }),
    reviewUrl: z.string().nullable().meta({ description: 'The review on the maps service.' }),
    reviewId: z.string().meta({ description: 'Stable review ID.' }),
    ownerAnswer: z.string().nullable().meta({ description: "The owner's reply, if any." }),
    ownerAnswerTimestamp: z.string().nullable().meta({ description: "When the owner replied, ISO 8601." }),
  })
  .meta({ id: 'PlaceReview' });

export const PlaceReviews = z
  .object({
    placeId: z.string(),
    cid: z.string().optional().meta({ description: "The maps service's numeric customer ID of the place, when known." }),
    name: z.string(),
    rating: z.number().min(0).max(5).meta({ description: 'Average rating of the place (0 when unrated).' }),
    totalReviews: z.number().int().nonnegative().meta({ description: 'Ratings the place has in all.' }),
    sortBy: ReviewSort,
    depth: z.number().int().meta({ description: 'Reviews asked for, after rounding to the nearest 10.' }),
    reviewCount: z.number().int().nonnegative().meta({ description: 'Reviews in this response.' }),
    reviews: z.array(PlaceReview),
  })
  .meta({ id: 'PlaceReviews' });

export type PlaceReview = z.infer<typeof PlaceReview>;
export type PlaceReviews = z.infer<typeof PlaceReviews>;

const REVIEW_ORDER: Record<ReviewSort, ((a: PlaceReview, b: PlaceReview) => number) | undefined> = {
  relevant: undefined,
  newest: (a, b) => b.timestamp.localeCompare(a.timestamp),
  highest_rating: (a, b) => b.rating - a.rating || b.timestamp.localeCompare(a.timestamp),
  lowest_rating: (a, b) => a.rating - b.rating || b.timestamp.localeCompare(a.timestamp),
};

/**
 * What each `sort_by` means, for providers that sort locally: a stable reordering of reviews given
 * most relevant first (ties in stars go to the newer review).
 */
export function sortReviews(reviews: readonly PlaceReview[], sortBy: ReviewSort): PlaceReview[] {
  const compare = REVIEW_ORDER[sortBy];
  return compare ? [...reviews].sort(compare) : [...reviews];
}
