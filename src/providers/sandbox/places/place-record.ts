import { createHash } from 'node:crypto';
import { ACCESSIBILITY_FLAGS, type Place, type PriceLevel } from '../../../schemas/place';
import { SeededRandom, roundTo } from '../random';
import { categoryAt, type Category, type Profile } from './categories';
import { nearestCity, postalCodeOf, type City } from './cities';
import { SPEND_SCALE } from './countries';
import { describeWeek, openingState } from './opening-hours';
import { decodePlaceId, encodePlaceId, type PlaceSeed } from './place-id';
import { photosOf } from './photos';
import { topReviewOf, type ReviewedPlace } from './reviews';

/**
 * One sandbox place, generated from its ID alone (category, seed, coordinates) plus the instant
 * for `openNow`: the same ID is the same place in a search, in /v1/maps/place and in /reviews.
 */

export interface SandboxPlace {
  place: Place;
  category: Category;
  city: City;
}

const ADJECTIVES = ['Golden', 'Little', 'Blue Door', 'Corner', 'Northside', 'Red Brick', 'Good Day', 'Sunny', 'Copper', 'Lantern', 'Oak & Ash', 'Harbor', 'Wildflower'];
const SURNAMES = ['Rosa', 'Miller', 'Nakamura', 'Okafor', 'Lindqvist', 'Moreau', 'Alvarez', 'Kowalski', 'Chen', 'Murphy', 'Haddad', 'Novak'];
const STREET_SUFFIX = /\s+(St|Ave|Blvd|Rd|Ln|Dr|Way|Ave E|St W|St E|Ave W)$/;
const SPEND: Record<Exclude<PriceLevel, 'free'>, readonly [number, number | undefined][]> = {
  inexpensive: [[1, 10], [10, 20]],
  moderate: [[10, 20], [20, 30]],
  expensive: [[30, 50], [40, 60]],
  very_expensive: [[100, undefined]],
};
const OPEN_LOCATION_ALPHABET = '23456789CFGHJMPQRVWX';


function slug(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '');
}

/** The place's 10-digit open location code ("84VVJMVF+XV"). */
export function plusCodeOf(latitude: number, longitude: number): string {
  let lat = Math.min(latitude + 90, 180 - 1e-9);
  let lng = (((longitude + 180) % 360) + 360) % 360;
  let code = '';
  for (const resolution of [20, 1, 0.05, 0.0025, 0.000125]) {
    const latitudeDigit = Math.floor(lat / resolution);
    const longitudeDigit = Math.floor(lng / resolution);
    lat -= latitudeDigit * resolution;
    lng -= longitudeDigit * resolution;
    code += OPEN_LOCATION_ALPHABET[latitudeDigit]! + OPEN_LOCATION_ALPHABET[longitudeDigit]!;
    if (code.length === 8) code += '+';
  }
  return code;
}

/** The maps service's numeric customer ID, derived from the place ID. */
export function cidOf(placeId: string): string {
  return createHash('sha256').update(placeId).digest().readBigUInt64BE(0).toString();
}

function pickWeighted<Key extends string>(weights: Partial<Record<Key, number>>, random: SeededRandom): Key | undefined {
  let roll = random.next();
  for (const [key, weight] of Object.entries(weights) as [Key, number][]) {
    if (roll < weight) return key;
    roll -= weight;
  }
  return undefined;
}

const METRES_PER_DEGREE = 111_320;
/** How far apart house numbers are on a North American grid: 800 to the mile, about 2 m each. */
const METRES_PER_HOUSE_NUMBER = 2;
/** The side of a postal district's square, in degrees (about 2 km): neighbours share a code. */
const POSTAL_CELL_DEGREES = 0.02;

type Point = { latitude: number; longitude: number };

/** A point's offset from the city's centre in metres: east (negative west) and north (negative south). */
function offsetMetres(city: City, point: Point): { east: number; north: number } {
  const east = (point.longitude - city.longitude) * METRES_PER_DEGREE * Math.cos((city.latitude * Math.PI) / 180);
  return { east, north: (point.latitude - city.latitude) * METRES_PER_DEGREE };
}

/** A street's direction prefix ("W Randolph St" → W), which says which side of the centre it numbers. */
function streetSide(street: string): 'N' | 'S' | 'E' | 'W' | undefined {
  return /^([NSEW]) /.exec(street)?.[1] as 'N' | 'S' | 'E' | 'W' | undefined;
}

/**
 * A street on the point's side of the centre and its house number there, as a grid city numbers
 * them (outward from the centre, 800 to the mile): no "W" street east of the centre.
 */
function gridAddress(city: City, point: Point, random: SeededRandom): { street: string; number: number } {
  const { east, north } = offsetMetres(city, point);
  const sideOf: Record<'N' | 'S' | 'E' | 'W', number> = { E: east, W: -east, N: north, S: -north };
  const fitting = city.streets.filter((street) => {
    const side = streetSide(street);
    return side === undefined || sideOf[side] > 0;
  });
  const street = random.pick(fitting.length > 0 ? fitting : city.streets);
  const side = streetSide(street);
  const along = side ? sideOf[side] : Math.max(Math.abs(east), Math.abs(north));
  return { street, number: Math.max(1, Math.round(Math.abs(along) / METRES_PER_HOUSE_NUMBER)) };
}

/**
 * A street address in the city, written as its country writes them. Given the place's point, the
 * postal code is its district's (places a few streets apart share it) and, in a grid city, the
 * number and street agree with where it is.
 */
export function streetAddress(city: City, random: SeededRandom, point?: Point) {
  const grid = point && city.addressStyle === 'us' ? gridAddress(city, point, random) : undefined;
  const street = grid?.street ?? random.pick(city.streets);
  const district = point && new SeededRandom(`postal:${city.name}:${Math.floor(point.latitude / POSTAL_CELL_DEGREES)}:${Math.floor(point.longitude / POSTAL_CELL_DEGREES)}`);
  const postalCode = postalCodeOf(city, district ?? random);
  const number = grid?.number ?? random.integer(1, city.addressStyle === 'us' ? 2400 : 180);
  const locality = `${city.name}${city.state && city.addressStyle === 'us' ? `, ${city.state}` : ''}`;
  // Some countries have no postal codes (Hong Kong, the UAE): nothing is written then.
  const after = postalCode ? ` ${postalCode}` : '';
  switch (city.addressStyle) {
    case 'us':
      return { street, postalCode, full: `${number} ${street}, ${locality}${after}, ${city.countryName}`, short: `${number} ${street}, ${city.name}` };
    case 'uk':
      return { street, postalCode, full: `${number} ${street}, ${city.name}${after}, ${city.countryName}`, short: `${number} ${street}, ${city.name}` };
    case 'eu':
      return { street, postalCode, full: `${street} ${number}, ${postalCode ? `${postalCode} ` : ''}${city.name}, ${city.countryName}`, short: `${street} ${number}, ${city.name}` };
    case 'jp': {
      const block = `${random.integer(1, 4)}-${random.integer(1, 30)}-${random.integer(1, 20)}`;
      return { street, postalCode, full: `${block} ${street}, ${city.name}${after}, ${city.countryName}`, short: `${block} ${street}, ${city.name}` };
    }
  }
}

function phones(city: City, random: SeededRandom): { phone: string; internationalPhone: string } {
  const area = random.pick(city.areaCodes);
  if (city.callingCode === '1') {
    const line = `555-01${String(random.integer(0, 99)).padStart(2, '0')}`;
    return { phone: `(${area}) ${line}`, internationalPhone: `+1 ${area}-${line}` };
  }
  const local = `${random.integer(1000, 9999)} ${random.integer(1000, 9999)}`;
  // Where a country has no area codes (Singapore, Denmark) the number is the local one throughout.
  if (area === undefined) return { phone: local, internationalPhone: `+${city.callingCode} ${local}` };
  return { phone: `0${area} ${local}`, internationalPhone: `+${city.callingCode} ${area} ${local}` };
}

function flags<Flag extends string>(chances: Partial<Record<Flag, number>>, random: SeededRandom): Partial<Record<Flag, boolean>> | undefined {
  const known = (Object.entries(chances) as [Flag, number][]).filter(() => random.chance(0.85));
  return known.length > 0 ? Object.fromEntries(known.map(([flag, chance]) => [flag, random.chance(chance)])) as Partial<Record<Flag, boolean>> : undefined;
}

function payments(profile: Profile, random: SeededRandom): Place['payments'] {
  if (!profile.payments) return undefined;
  const cashOnly = random.chance(0.03);
  return { acceptsCreditCards: !cashOnly, acceptsDebitCards: !cashOnly, acceptsNfc: !cashOnly && random.chance(0.8), acceptsCashOnly: cashOnly };
}

function parking(city: City, priceLevel: PriceLevel | undefined, random: SeededRandom): Place['parking'] {
  const options = city.addressStyle === 'us' ? ['freeParkingLot', 'paidStreetParking', 'freeStreetParking', 'paidParkingLot', 'paidGarageParking'] as const : ['paidStreetParking', 'paidGarageParking', 'freeStreetParking'] as const;
  const chosen: Record<string, boolean> = Object.fromEntries(random.shuffle(options).slice(0, random.integer(1, 3)).map((option) => [option, true]));
  if (priceLevel === 'very_expensive' || (priceLevel === 'expensive' && random.chance(0.3))) chosen.valetParking = true;
  return chosen;
}

function accessibility(random: SeededRandom): Place['accessibility'] {
  return flags(Object.fromEntries(ACCESSIBILITY_FLAGS.map((flag) => [flag, flag === 'wheelchairAccessibleEntrance' ? 0.85 : 0.6])), random);
}

function priceRange(profile: Profile, priceLevel: PriceLevel | undefined, city: City, random: SeededRandom): Place['priceRange'] {
  if (!profile.spendPerPerson || !priceLevel || priceLevel === 'free') return undefined;
  const scale = SPEND_SCALE[city.currency] ?? 1;
  const [min, max] = random.pick(SPEND[priceLevel]);
  return { min: min * scale, ...(max !== undefined ? { max: max * scale } : {}), currency: city.currency };
}

function nameOf(category: Category, city: City, neighborhood: string, street: string, random: SeededRandom): string {
  const noun = random.pick(category.nouns);
  return random.pick([
    () => `${street.replace(STREET_SUFFIX, '')} ${noun}`,
    () => `${neighborhood} ${noun}`,
    () => `${random.pick(SURNAMES)}'s ${noun}`,
    () => `${random.pick(ADJECTIVES)} ${noun}`,
    () => `The ${random.pick(ADJECTIVES)} ${noun}`,
    () => `${city.name} ${noun}`,
  ])();
}

/** The place an ID stands for, as of `now`; undefined for an ID that is not a sandbox place. */
export function sandboxPlaceById(id: string, now: Date): SandboxPlace | undefined {
  const seed = decodePlaceId(id);
  return seed && sandboxPlaceOf(seed, now);
}

/**
 * The place a seed describes (its ID is the seed, encoded), as of `now`. Without `details` it has
 * no photos or top review yet: a search draws more places than it answers with, and fills those
 * in (`addDetails`) for the page it answers with only — they are most of what a place costs.
 */
export function sandboxPlaceOf(seed: PlaceSeed, now: Date, details = true): SandboxPlace | undefined {
  const category = categoryAt(seed.category);
  if (!category) return undefined;
  const found = buildPlace(encodePlaceId(seed), seed, category, now);
  return details ? addDetails(found, now) : found;
}

/** Fills in a place's photos and top review, each drawn from its ID alone (the review's age as of `now`). */
export function addDetails(found: SandboxPlace, now: Date): SandboxPlace {
  const photos = photosOf(found.place.id);
  found.place.photos = photos.length > 0 ? photos : undefined;
  const subject = reviewSubject(found);
  if (subject) found.place.topReview = topReviewOf(subject, now);
  return found;
}

function buildPlace(id: string, seed: PlaceSeed, category: Category, now: Date): SandboxPlace {
  const random = new SeededRandom(`place:${id}`);
  const { profile } = category;
  const city = nearestCity(seed);
  const neighborhood = random.pick(city.neighborhoods);
  const where = streetAddress(city, random, seed);
  const name = nameOf(category, city, neighborhood, where.street, random);
  const rated = random.chance(0.96);
  const userRatingCount = rated ? Math.max(1, Math.min(25_000, Math.round(Math.exp(random.normal(5.3, 1.2))))) : undefined;
  // A perfect 5.0 only survives a handful of ratings.
  const ceiling = (userRatingCount ?? 0) > 30 ? 4.9 : 5;
  const rating = rated ? roundTo(Math.min(ceiling, Math.max(2.8, random.normal(profile.ratingMean, 0.3))), 1) : undefined;
  const priceLevel = pickWeighted(profile.priceLevels, random);
  const status = random.chance(0.95) ? 'OPERATIONAL' : random.chance(0.6) ? 'CLOSED_TEMPORARILY' : 'CLOSED_PERMANENTLY';
  const week = profile.hours(random);
  const opening = status === 'OPERATIONAL' ? openingState(week, city.timezone, now) : { openNow: false };
  const topic = random.pick(profile.topics).replace(/^the /, '');
  const place: Place = {
    id,
    name,
    primaryType: category.type,
    primaryTypeDisplay: category.display,
    types: [...new Set([category.type, ...category.types, 'point_of_interest', 'establishment'])],
    address: where.full,
    shortAddress: where.short,
    addressComponents: { city: city.name, ...(city.state ? { state: city.state } : {}), country: city.country, ...(where.postalCode ? { postalCode: where.postalCode } : {}), neighborhood },
    ...phones(city, random),
    ...(random.chance(0.75) ? { website: `https://${slug(name)}.example` } : {}),
    googleMapsUrl: `https://maps.google.com/?cid=${cidOf(id)}`,
    latitude: seed.latitude,
    longitude: seed.longitude,
    plusCode: plusCodeOf(seed.latitude, seed.longitude),
    ...(rating !== undefined ? { rating, userRatingCount } : {}),
    ...(priceLevel ? { priceLevel } : {}),
    priceRange: priceRange(profile, priceLevel, city, random),
    businessStatus: status,
    openNow: opening.openNow,
    ...(status === 'OPERATIONAL' ? { hours: describeWeek(week) } : {}),
    ...(opening.nextOpenTime ? { nextOpenTime: opening.nextOpenTime } : {}),
    timezone: city.timezone,
    ...(random.chance(0.4) ? { summary: `${category.display} in ${neighborhood} known for its ${topic}.` } : {}),
    ...(random.chance(0.5) ? { aiSummary: `Popular ${category.display.toLowerCase()} in ${neighborhood}, ${city.name}, praised for its ${topic}.` } : {}),
    ...((userRatingCount ?? 0) > 20 && random.chance(0.5) ? { reviewSummary: `Reviewers like the ${topic} and the staff; a few mention it gets busy.` } : {}),
    iconUrl: `https://maps.gstatic.com/mapfiles/place_api/icons/v2/${profile.icon}.svg`,
    iconBackgroundColor: profile.iconColor,
    amenities: flags(profile.amenities, random),
    payments: payments(profile, random),
    parking: parking(city, priceLevel, random),
    accessibility: accessibility(random),
    // Filled in by addDetails (here, so the key keeps its place in the record).
    photos: undefined,
    directionsUrl: `https://www.google.com/maps/dir/?api=1&destination=${seed.latitude},${seed.longitude}&destination_place_id=${id}`,
    reviewsUrl: `https://search.google.com/local/reviews?placeid=${id}`,
    photosUrl: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(name)}&query_place_id=${id}`,
    writeReviewUrl: `https://search.google.com/local/writereview?placeid=${id}`,
  };
  return { place, category, city };
}

/** What the place's reviews are generated from; undefined for an unrated place (it has none). */
export function reviewSubject({ place, category, city }: SandboxPlace): ReviewedPlace | undefined {
  if (place.rating === undefined || place.userRatingCount === undefined) return undefined;
  return { id: place.id, rating: place.rating, userRatingCount: place.userRatingCount, city: city.name, topics: category.profile.topics };
}
