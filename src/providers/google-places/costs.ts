import { usdToMicros, type Micros } from '../../core/money';
import type { PlacesCall } from './client';

/**
 * What one call costs the operator on the vendor's price list (Places API (New), pay-as-you-go,
 * first volume tier, USD per call), so a test can hold every endpoint's upstream cost under its
 * price (test/unit/operator-economics.test.ts). Text Search and Place Details bill one SKU per
 * call: the highest tier any field in the mask belongs to. A field missing here counts as the most
 * expensive tier, so forgetting one errs on the operator's side. Sources: docs/vendors/places-api.md.
 */

type Tier = 'idsOnly' | 'essentials' | 'pro' | 'enterprise' | 'atmosphere';
const TIER_ORDER: readonly Tier[] = ['idsOnly', 'essentials', 'pro', 'enterprise', 'atmosphere'];

/** Text Search has no Essentials tier beyond IDs only: an Essentials field bills as Pro there. */
const TEXT_SEARCH_USD: Record<Tier, number> = { idsOnly: 0, essentials: 0.032, pro: 0.032, enterprise: 0.035, atmosphere: 0.04 };
const PLACE_DETAILS_USD: Record<Tier, number> = { idsOnly: 0, essentials: 0.005, pro: 0.017, enterprise: 0.02, atmosphere: 0.025 };
const PLACE_PHOTO_USD = 0.007;

/** The SKU tier each Place field bills at (Place Details' classification; Text Search's differs only below Pro). */
const FIELD_TIERS: Record<string, Tier> = {
  id: 'idsOnly', name: 'idsOnly', attributions: 'idsOnly', photos: 'essentials',
  addressComponents: 'essentials', adrFormatAddress: 'essentials', formattedAddress: 'essentials', location: 'essentials',
  plusCode: 'essentials', postalAddress: 'essentials', shortFormattedAddress: 'essentials', types: 'essentials', viewport: 'essentials',
  accessibilityOptions: 'pro', businessStatus: 'pro', containingPlaces: 'pro', displayName: 'pro', googleMapsLinks: 'pro',
  googleMapsUri: 'pro', iconBackgroundColor: 'pro', iconMaskBaseUri: 'pro', primaryType: 'pro', primaryTypeDisplayName: 'pro',
  pureServiceAreaBusiness: 'pro', subDestinations: 'pro', timeZone: 'pro', utcOffsetMinutes: 'pro',
  currentOpeningHours: 'enterprise', currentSecondaryOpeningHours: 'enterprise', internationalPhoneNumber: 'enterprise',
  nationalPhoneNumber: 'enterprise', priceLevel: 'enterprise', priceRange: 'enterprise', rating: 'enterprise',
  regularOpeningHours: 'enterprise', regularSecondaryOpeningHours: 'enterprise', userRatingCount: 'enterprise', websiteUri: 'enterprise',
  // Everything else we read (reviews, summaries, amenities, payment/parking options) is Enterprise + Atmosphere.
};

/** Fields of the Text Search response itself, not of a Place: no SKU of their own. */
const RESPONSE_FIELDS = new Set(['nextPageToken', 'searchUri']);

/** The highest tier among a mask's fields (`places.` prefixes dropped). */
export function maskTier(mask: string): Tier {
  let highest = 0;
  for (const path of mask.split(',')) {
    const field = path.trim().replace(/^places\./, '').split('.')[0]!;
    if (field === '' || RESPONSE_FIELDS.has(field)) continue;
    highest = Math.max(highest, TIER_ORDER.indexOf(FIELD_TIERS[field] ?? 'atmosphere'));
  }
  return TIER_ORDER[highest]!;
}

/** The operator's cost of one Places call, from its method, path and field mask. */
export function upstreamCostMicros(call: PlacesCall): Micros {
  if (call.method === 'POST' && call.path === 'places:searchText') return usdToMicros(TEXT_SEARCH_USD[maskTier(call.fieldMask ?? '*')]);
  if (call.method === 'GET' && call.path.endsWith('/media')) return usdToMicros(PLACE_PHOTO_USD);
  if (call.method === 'GET' && call.path.startsWith('places/')) return usdToMicros(PLACE_DETAILS_USD[maskTier(call.fieldMask ?? '*')]);
  throw new Error(`No upstream price for the Places call ${call.method} ${call.path}; add it to google-places/costs.ts.`);
}
