import { cursorRejected, type BiasCircle, type PlaceTextSearchPage, type PlaceTextSearchRequest } from '../../families/places';
import { normaliseKeyword } from '../../../schemas/keyword';
import { SeededRandom } from '../random';
import { categoryOfQuery, categoryOfType, indexOfCategory, type Category } from './categories';
import { cityNamedIn, cityOfRegion, distanceMetres, nearestCity, type City } from './cities';
import { roundCoordinate } from './place-id';
import { addDetails, sandboxPlaceOf, type SandboxPlace } from './place-record';

/**
 * A text search in the sandbox: a finite pool of places for the query (20 to 60, clustered around
 * the city it names, the region's city or the bias circle), ranked, filtered as asked, and paged
 * with an offset cursor, so the last page has no next cursor.
 */

const CITY_SPREAD_METRES = 5000;
const METRES_PER_DEGREE = 111_320;

interface Candidate {
  found: SandboxPlace;
  relevance: number;
  distance: number;
}

function offsetPoint(center: { latitude: number; longitude: number }, distance: number, bearing: number) {
  const latitude = center.latitude + (distance * Math.cos(bearing)) / METRES_PER_DEGREE;
  const longitude = center.longitude + (distance * Math.sin(bearing)) / (METRES_PER_DEGREE * Math.max(0.01, Math.cos((center.latitude * Math.PI) / 180)));
  return { latitude: roundCoordinate(Math.max(-90, Math.min(90, latitude))), longitude: roundCoordinate(((longitude + 540) % 360) - 180) };
}

/**
 * The bearing to draw a place at from a city's centre, turned away from its water: a point that
 * would lie beyond the shore (or within a few hundred metres of it) is mirrored across the line
 * through the centre parallel to the shore, onto the land side, so no café sits in Lake Michigan.
 */
function landward(city: City, distance: number, bearing: number): number {
  if (!city.water) return bearing;
  const water = (city.water.bearing * Math.PI) / 180;
  const towardsWater = distance * Math.cos(bearing - water);
  // Most shore lines are not straight: keep a margin of a third of the way to the shore.
  return towardsWater > (2 / 3) * city.water.shoreMetres ? 2 * water + Math.PI - bearing : bearing;
}

/** Tries for a name no other place of the search has before the place is left out. */
const NAME_TRIES = 20;

/**
 * A place whose name no earlier place of the search has (one list never shows three "Chicago
 * Pizza"s): drawn again, with another seed at the same spot, while its name is taken. The name is
 * the place's own (its ID's), so /v1/maps/place shows the same one.
 */
function placeNamedAnew(names: Set<string>, draw: () => SandboxPlace): SandboxPlace | undefined {
  for (let attempt = 0; attempt < NAME_TRIES; attempt += 1) {
    const found = draw();
    if (!names.has(found.place.name)) {
      names.add(found.place.name);
      return found;
    }
  }
  return undefined;
}

/** The places a query can find, independent of filters and paging (so those only ever narrow it). */
function pool(query: string, region: string | undefined, bias: BiasCircle | undefined, now: Date): Candidate[] {
  const random = new SeededRandom(`places:${normaliseKeyword(query)}|${region ?? ''}|${bias ? `${bias.latitude},${bias.longitude},${bias.radius}` : ''}`);
  const main = categoryOfQuery(query);
  const city = cityNamedIn(query) ?? (bias ? nearestCity(bias) : cityOfRegion(region));
  const center = bias ?? city;
  const total = random.integer(20, 60);
  const candidates: Candidate[] = [];
  const names = new Set<string>();
  for (let index = 0; index < total; index += 1) {
    const related = main.related.length > 0 && random.chance(0.25) ? categoryOfType(random.pick(main.related)) : undefined;
    const category: Category = related ?? main;
    // A bias circle favours, it does not restrict: most places fall inside it, some just beyond.
    const reach = bias ? bias.radius * (random.chance(0.85) ? Math.sqrt(random.next()) : 1 + random.next()) : CITY_SPREAD_METRES * Math.sqrt(random.next());
    const drawn = random.between(0, 2 * Math.PI);
    // A bias circle is where the caller looks, water or not; a city's own spread stays on land.
    const point = offsetPoint(center, reach, bias ? drawn : landward(city, reach, drawn));
    const found = placeNamedAnew(names, () => sandboxPlaceOf({ category: indexOfCategory(category), seed: random.integer(0, 0xffffffff), ...point }, now, false)!);
    if (!found) continue;
    const { rating, userRatingCount } = found.place;
    const relevance = (category === main ? 2 : 0) + (rating ?? 3) * Math.log10((userRatingCount ?? 0) + 10) + random.between(0, 1.5);
    candidates.push({ found, relevance, distance: distanceMetres(center, point) });
  }
  return candidates;
}

function matches(request: PlaceTextSearchRequest, { found: { place }, distance }: Candidate): boolean {
  if (request.openNow && place.openNow !== true) return false;
  if (request.minRating !== undefined && (place.rating ?? 0) < request.minRating) return false;
  if (request.priceLevels && (!place.priceLevel || !request.priceLevels.includes(place.priceLevel))) return false;
  if (request.includedType && !place.types.includes(request.includedType)) return false;
  if (request.rankBy === 'distance' && request.bias && distance > request.bias.radius) return false;
  return true;
}

export function sandboxSearch(request: PlaceTextSearchRequest, now: Date): PlaceTextSearchPage {
  const ranked = pool(request.query, request.region, request.bias, now)
    .filter((candidate) => matches(request, candidate))
    .sort((a, b) => (request.rankBy === 'distance' ? a.distance - b.distance : b.relevance - a.relevance) || a.found.place.id.localeCompare(b.found.place.id));
  const offset = request.cursor === undefined ? 0 : Number(request.cursor);
  if (!Number.isSafeInteger(offset) || offset < 0 || offset > ranked.length || !/^\d+$/.test(request.cursor ?? '0')) throw cursorRejected();
  const end = offset + request.limit;
  return {
    places: ranked.slice(offset, end).map((candidate) => addDetails(candidate.found, now).place),
    ...(end < ranked.length ? { nextCursor: String(end) } : {}),
    searchUrl: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(request.query)}`,
  };
}
