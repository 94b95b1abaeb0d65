import { z } from 'zod';
import { readUpstream } from '../../http/upstream-request';
import { locationCodeOfCountry, isSupportedCountry } from '../../../schemas/countries';
import type { Place, PriceLevel } from '../../../schemas/place';
import { cursorRejected, type BiasCircle, type PlaceTextSearchPage, type PlaceTextSearchRequest } from '../../families/places';
import type { CallOptions } from '../../providers';
import type { DataForSeoClient } from '../client';
import { VENDOR } from '../errors';
import { count, flag, listOf, text, texts } from './wire';

/**
 * The maps variant of web search on the vendor's Google Maps SERP (live, advanced): its
 * `maps_search` items as our Place records. The vendor takes a keyword, a place (a country's
 * location code, or a point and zoom) and a depth; the other filters (open now, minimum rating,
 * price levels, type) and ranking by distance are applied here to the items it returns. Paging is
 * by offset into the vendor's list (our cursor), re-asked with a larger depth for each next page.
 */

export const MAPS_PATH = 'serp/google/maps/live/advanced';

/** The deepest list asked for: the price covers the pages up to it (../costs.ts). */
export const MAPS_MAX_DEPTH = 100;
/** The vendor's searches come in pages of this many places; asking for fewer costs the same. */
const MAPS_PAGE = 20;
/** Where no region is given: the United States, as the other SERP endpoints default. */
const DEFAULT_LOCATION_CODE = 2840;

const WorkHours = z
  .looseObject({
    timetable: z.record(z.string(), z.array(z.looseObject({ open: z.looseObject({ hour: z.number(), minute: z.number() }), close: z.looseObject({ hour: z.number(), minute: z.number() }) })).nullish()).nullish(),
    current_status: text,
  })
  .nullish();

const MapsItem = z.looseObject({
  type: z.string(),
  title: text,
  place_id: text,
  cid: text,
  category: text,
  category_ids: texts,
  address: text,
  address_info: z.looseObject({ borough: text, address: text, city: text, zip: text, region: text, country_code: text }).nullish(),
  phone: text,
  url: text,
  latitude: count,
  longitude: count,
  rating: z.looseObject({ value: count, votes_count: count }).nullish(),
  price_level: text,
  description: text,
  work_hours: WorkHours,
  is_claimed: flag,
});

const MapsResult = z.looseObject({ items: listOf({ type: z.string() }) });

type MapsItem = z.output<typeof MapsItem>;

/**
 * The vendor's documented levels (the maps service shows none for free places); the "$" … "$$$$"
 * the page displays are read too, in case a level comes through as shown.
 */
const PRICE_LEVELS: Record<string, PriceLevel> = {
  inexpensive: 'inexpensive', moderate: 'moderate', expensive: 'expensive', very_expensive: 'very_expensive',
  $: 'inexpensive', $$: 'moderate', $$$: 'expensive', $$$$: 'very_expensive',
};

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

function clock({ hour, minute }: { hour: number; minute: number }): string {
  const half = hour % 24 < 12 ? 'AM' : 'PM';
  return `${hour % 12 === 0 ? 12 : hour % 12}:${String(minute).padStart(2, '0')} ${half}`;
}

/** The week's hours as the maps service words them, Monday first; absent when the vendor gives no timetable. */
function hoursOf(work: MapsItem['work_hours']): string[] | undefined {
  const timetable = work?.timetable;
  if (!timetable) return undefined;
  return WEEKDAYS.map((day) => {
    const spans = timetable[day] ?? [];
    const name = day[0]!.toUpperCase() + day.slice(1);
    return spans.length === 0 ? `${name}: Closed` : `${name}: ${spans.map((span) => `${clock(span.open)} – ${clock(span.close)}`).join(', ')}`;
  });
}

const BUSINESS_STATUS: Record<string, Place['businessStatus']> = {
  open: 'OPERATIONAL',
  close: 'OPERATIONAL',
  temporarily_closed: 'CLOSED_TEMPORARILY',
  closed_forever: 'CLOSED_PERMANENTLY',
};

/**
 * Our Place from a `maps_search` item. What the maps SERP does not show (plus code, time zone,
 * summaries, amenities, photos as references /v1/maps/photo resolves, reviews, deep links but the
 * place's own) stays absent, as the record allows.
 */
export function placeOfMapsItem(item: MapsItem & { place_id: string }): Place {
  const types = item.category_ids ?? [];
  const status = item.work_hours?.current_status ?? undefined;
  const where = item.address_info;
  const components = { city: where?.city, state: where?.region, country: where?.country_code, postalCode: where?.zip, neighborhood: where?.borough };
  return {
    id: item.place_id,
    name: item.title ?? '',
    primaryType: types[0] ?? '',
    primaryTypeDisplay: item.category ?? '',
    types,
    address: item.address ?? '',
    shortAddress: where?.address ?? item.address ?? '',
    addressComponents: Object.fromEntries(Object.entries(components).filter(([, value]) => typeof value === 'string' && value !== '')),
    phone: item.phone ?? undefined,
    website: item.url ?? undefined,
    googleMapsUrl: item.cid ? `https://maps.google.com/?cid=${item.cid}` : undefined,
    latitude: item.latitude ?? 0,
    longitude: item.longitude ?? 0,
    rating: item.rating?.value ?? undefined,
    userRatingCount: item.rating?.votes_count ?? undefined,
    priceLevel: item.price_level ? PRICE_LEVELS[item.price_level] : undefined,
    businessStatus: status ? BUSINESS_STATUS[status] : undefined,
    openNow: status === 'open' ? true : status === undefined ? undefined : false,
    hours: hoursOf(item.work_hours),
    summary: item.description ?? undefined,
  };
}

/** Metres between two points on the globe (haversine). */
function distanceMetres(from: { latitude: number; longitude: number }, to: { latitude: number; longitude: number }): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = radians(to.latitude - from.latitude);
  const dLng = radians(to.longitude - from.longitude);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(radians(from.latitude)) * Math.cos(radians(to.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(a));
}

/** The map's zoom that shows about the bias circle (zoom 15 spans about 1 km; each step halves it). */
export function zoomOf(radius: number): number {
  return Math.min(21, Math.max(3, Math.round(15 - Math.log2(radius / 1000))));
}

/** Where the vendor searches: the bias circle as a point and zoom, else the region's country, else the United States. */
function placeOf(request: PlaceTextSearchRequest): Record<string, unknown> {
  if (request.bias) return { location_coordinate: `${request.bias.latitude},${request.bias.longitude},${zoomOf(request.bias.radius)}z` };
  const country = request.region?.toLowerCase();
  return { location_code: country && isSupportedCountry(country) ? locationCodeOfCountry(country) : DEFAULT_LOCATION_CODE };
}

/** Whether a place passes the filters the vendor cannot apply. */
function passes(place: Place, request: PlaceTextSearchRequest): boolean {
  if (request.openNow && place.openNow !== true) return false;
  if (request.minRating !== undefined && (place.rating ?? 0) < request.minRating) return false;
  if (request.priceLevels?.length && (place.priceLevel === undefined || !request.priceLevels.includes(place.priceLevel))) return false;
  if (request.includedType && !place.types.includes(request.includedType)) return false;
  return true;
}

const filtersHere = (request: PlaceTextSearchRequest) =>
  request.openNow || request.minRating !== undefined || Boolean(request.priceLevels?.length) || Boolean(request.includedType);

/**
 * The depth to ask for: through the end of this page, with room for what the filters here drop
 * (three times the places wanted), in whole vendor pages, at most MAPS_MAX_DEPTH.
 */
function depthFor(offset: number, request: PlaceTextSearchRequest): number {
  const wanted = offset + (filtersHere(request) ? 3 * request.limit : request.limit);
  return Math.min(MAPS_MAX_DEPTH, Math.ceil(wanted / MAPS_PAGE) * MAPS_PAGE);
}

function byDistance(bias: BiasCircle) {
  return (first: Place, second: Place) => distanceMetres(bias, first) - distanceMetres(bias, second);
}

/** One page of the maps search: `cursor` is how many of the vendor's places earlier pages went through. */
export async function searchMapsSerp(client: DataForSeoClient, request: PlaceTextSearchRequest, options: CallOptions): Promise<PlaceTextSearchPage> {
  const offset = request.cursor === undefined ? 0 : Number(request.cursor);
  if (!Number.isSafeInteger(offset) || offset < 0 || offset >= MAPS_MAX_DEPTH) throw cursorRejected();
  const depth = depthFor(offset, request);
  const task = { keyword: request.query, language_code: request.language, ...placeOf(request), depth };
  const [result] = await client.live(MAPS_PATH, task, options);
  const listed = result === undefined || result === null ? [] : readUpstream(VENDOR, MapsResult, result).items;
  const places = listed
    .filter((item) => item.type === 'maps_search')
    .map((item) => readUpstream(VENDOR, MapsItem, item))
    // A place without its ID cannot be looked up, reviewed or paged past reliably: left out.
    .flatMap((item) => (item.place_id ? [placeOfMapsItem({ ...item, place_id: item.place_id })] : []));
  const page: Place[] = [];
  let consumed = offset;
  for (const place of places.slice(offset)) {
    if (page.length === request.limit) break;
    consumed += 1;
    if (passes(place, request)) page.push(place);
  }
  if (request.rankBy === 'distance' && request.bias) page.sort(byDistance(request.bias));
  // More may follow when places are left over, or when the vendor filled the depth asked and more can be asked.
  const more = consumed < places.length || (listed.length >= depth && depth < MAPS_MAX_DEPTH);
  return { places: page, ...(more ? { nextCursor: String(consumed) } : {}), searchUrl: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(request.query)}` };
}
