import { z } from 'zod';
import { ACCESSIBILITY_FLAGS, AMENITY_FLAGS, PARKING_FLAGS, PAYMENT_FLAGS } from '../../schemas/place';

/**
 * The Places API (New) wire format, as far as we read it: loose objects (the vendor adds fields),
 * every Place field optional (a field mask decides what comes back, and absent means unknown).
 */

function booleans<const Flag extends string>(flags: readonly Flag[]) {
  return Object.fromEntries(flags.map((flag) => [flag, z.boolean().optional()])) as { [Key in Flag]: z.ZodOptional<z.ZodBoolean> };
}

const LocalizedText = z.looseObject({ text: z.string().optional(), languageCode: z.string().optional() });

/** google.type.Money: `units` is an int64, rendered as a JSON string. */
const Money = z.looseObject({
  currencyCode: z.string().optional(),
  units: z.union([z.string().regex(/^-?\d+$/), z.number().int()]).optional(),
  nanos: z.number().int().optional(),
});

const OpeningHours = z.looseObject({
  openNow: z.boolean().optional(),
  weekdayDescriptions: z.array(z.string()).optional(),
  nextOpenTime: z.string().optional(),
});

const AuthorAttribution = z.looseObject({ displayName: z.string().optional(), uri: z.string().optional(), photoUri: z.string().optional() });

export const VendorReview = z.looseObject({
  /** `places/{place_id}/reviews/{review}`. */
  name: z.string().optional(),
  relativePublishTimeDescription: z.string().optional(),
  rating: z.number().min(1).max(5).optional(),
  text: LocalizedText.optional(),
  originalText: LocalizedText.optional(),
  authorAttribution: AuthorAttribution.optional(),
  publishTime: z.string().optional(),
  googleMapsUri: z.string().optional(),
});

export const VendorPlace = z.looseObject({
  name: z.string().optional(),
  id: z.string().min(1),
  displayName: LocalizedText.optional(),
  types: z.array(z.string()).optional(),
  primaryType: z.string().optional(),
  primaryTypeDisplayName: LocalizedText.optional(),
  formattedAddress: z.string().optional(),
  shortFormattedAddress: z.string().optional(),
  addressComponents: z.array(z.looseObject({ longText: z.string().optional(), shortText: z.string().optional(), types: z.array(z.string()).optional() })).optional(),
  nationalPhoneNumber: z.string().optional(),
  internationalPhoneNumber: z.string().optional(),
  websiteUri: z.string().optional(),
  googleMapsUri: z.string().optional(),
  location: z.looseObject({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) }).optional(),
  plusCode: z.looseObject({ globalCode: z.string().optional(), compoundCode: z.string().optional() }).optional(),
  rating: z.number().min(0).max(5).optional(),
  userRatingCount: z.number().int().nonnegative().optional(),
  priceLevel: z.string().optional(),
  priceRange: z.looseObject({ startPrice: Money.optional(), endPrice: Money.optional() }).optional(),
  businessStatus: z.string().optional(),
  currentOpeningHours: OpeningHours.optional(),
  regularOpeningHours: OpeningHours.optional(),
  timeZone: z.looseObject({ id: z.string() }).optional(),
  editorialSummary: LocalizedText.optional(),
  generativeSummary: z.looseObject({ overview: LocalizedText.optional() }).optional(),
  reviewSummary: z.looseObject({ text: LocalizedText.optional() }).optional(),
  iconMaskBaseUri: z.string().optional(),
  iconBackgroundColor: z.string().optional(),
  ...booleans(AMENITY_FLAGS),
  paymentOptions: z.looseObject(booleans(PAYMENT_FLAGS)).optional(),
  parkingOptions: z.looseObject(booleans(PARKING_FLAGS)).optional(),
  accessibilityOptions: z.looseObject(booleans(ACCESSIBILITY_FLAGS)).optional(),
  photos: z
    .array(
      z.looseObject({
        /** `places/{place_id}/photos/{reference}`. */
        name: z.string().min(1),
        widthPx: z.number().int().positive(),
        heightPx: z.number().int().positive(),
        authorAttributions: z.array(AuthorAttribution).optional(),
        googleMapsUri: z.string().optional(),
      }),
    )
    .optional(),
  reviews: z.array(VendorReview).optional(),
  googleMapsLinks: z
    .looseObject({
      directionsUri: z.string().optional(),
      placeUri: z.string().optional(),
      writeAReviewUri: z.string().optional(),
      reviewsUri: z.string().optional(),
      photosUri: z.string().optional(),
    })
    .optional(),
});

/** Text Search's answer; `{}` when nothing matched. */
export const SearchTextResponse = z.looseObject({
  places: z.array(VendorPlace).optional(),
  nextPageToken: z.string().optional(),
  searchUri: z.string().optional(),
});

/** Place Photos with `skipHttpRedirect=true`. */
export const PhotoMedia = z.looseObject({ name: z.string().optional(), photoUri: z.string().min(1) });

/** google.rpc.Status over HTTP. */
export const VendorError = z.looseObject({
  error: z.looseObject({
    code: z.number().optional(),
    message: z.string().optional(),
    status: z.string().optional(),
    details: z.array(z.looseObject({ reason: z.string().optional() })).optional(),
  }),
});

export type VendorPlace = z.infer<typeof VendorPlace>;
export type VendorReview = z.infer<typeof VendorReview>;
