import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Place } from '../../src/schemas/place';
import { categoryOfQuery } from '../../src/providers/sandbox/places/categories';
import { cityNamedIn } from '../../src/providers/sandbox/places/cities';
import { createSandboxReviews } from '../../src/providers/sandbox/places';
import { sandboxSearch } from '../../src/providers/sandbox/places/search';

/** How the sandbox's place search reads a query, and where and what the places it finds are. */

const NOW = new Date('2026-11-30T12:00:00Z');

/** Every place a query finds, all pages. */
function allPlaces(query: string, now = NOW): Place[] {
  const places: Place[] = [];
  let cursor: string | undefined;
  do {
    const page = sandboxSearch({ query, limit: 20, cursor, language: 'en', rankBy: 'relevance', openNow: false, fields: 'full' }, now);
    places.push(...page.places);
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  return places;
}

describe('sandbox place queries in any spelling or script', () => {
  test('an accented word is the same word: "café" finds coffee shops, as "cafe" does', () => {
    for (const query of ['café in paris', 'cafe in paris', 'CAFÉ IN PARIS', 'café in münchen', 'cafés near me']) {
      assert.equal(categoryOfQuery(query).type, 'coffee_shop', query);
    }
    assert.equal(cityNamedIn('café in münchen')?.name, 'Munich');
    const places = allPlaces('café in paris');
    assert.equal(places[0]!.addressComponents?.city, 'Paris');
    assert.ok(places.filter((place) => place.primaryType === 'coffee_shop').length > places.length / 2, 'mostly coffee shops');
    assert.ok(!places.some((place) => place.primaryType === 'store'), 'no generic shops');
  });

  test('the best-known cities by their own names, and common local words for a kind of place', () => {
    const cases: Array<[string, string, string]> = [
      ['カフェ 東京', 'coffee_shop', 'Tokyo'],
      ['東京ラーメン', 'ramen_restaurant', 'Tokyo'],
      ['кофе москва', 'coffee_shop', 'Moscow'],
      ['咖啡 北京', 'coffee_shop', 'Beijing'],
      ['서울 카페', 'coffee_shop', 'Seoul'],
      ['καφέ αθήνα', 'coffee_shop', 'Athens'],
    ];
    for (const [query, type, city] of cases) {
      assert.equal(categoryOfQuery(query).type, type, query);
      assert.equal(cityNamedIn(query)?.name, city, query);
    }
    const tokyo = allPlaces('カフェ 東京');
    assert.ok(tokyo.every((place) => place.addressComponents?.city === 'Tokyo'), 'searched in Tokyo');
    assert.ok(tokyo.some((place) => place.primaryType === 'coffee_shop'));
    // A word merely starting like a local word is not it: кафедра is a university department.
    assert.equal(categoryOfQuery('кафедра физики').type, 'store');
  });
});

describe('sandbox places on the map', () => {
  test('a lakeside city keeps its places on land: none east of the Chicago shoreline', () => {
    // The shore runs from about (41.85, -87.610) north-north-west to (41.95, -87.640).
    const shoreLongitude = (latitude: number) => -87.61 - 0.3 * (latitude - 41.85);
    for (const query of ['pizza in chicago', 'coffee in chicago', 'bars in chicago']) {
      const wet = allPlaces(query).filter((place) => place.longitude! > shoreLongitude(place.latitude!));
      assert.deepEqual(wet.map((place) => [place.name, place.latitude, place.longitude]), [], query);
    }
  });

  test('postal codes are ones the city centre has (Chicago 60601-60609, Paris 75001-75009)', () => {
    for (const place of allPlaces('pizza in chicago')) assert.match(place.addressComponents?.postalCode ?? '', /^6060[1-9]$/, place.address);
    for (const place of allPlaces('café in paris')) assert.match(place.addressComponents?.postalCode ?? '', /^7500[1-9]$/, place.address);
  });

  test("a grid city's address agrees with the point: a W street west of the centre, numbered by the distance out", () => {
    const centre = { latitude: 41.8781, longitude: -87.6298 };
    const metresEast = (longitude: number) => (longitude - centre.longitude) * 111_320 * Math.cos((centre.latitude * Math.PI) / 180);
    const metresNorth = (latitude: number) => (latitude - centre.latitude) * 111_320;
    for (const place of allPlaces('pizza in chicago')) {
      const [, number, side] = /^(\d+) ([NSEW]) /.exec(place.address!) ?? [];
      assert.ok(number && side, place.address);
      const out = { E: metresEast(place.longitude!), W: -metresEast(place.longitude!), N: metresNorth(place.latitude!), S: -metresNorth(place.latitude!) }[side as 'N' | 'S' | 'E' | 'W'];
      assert.ok(out > 0, `${place.address} at ${place.latitude}, ${place.longitude}`);
      assert.ok(Math.abs(Number(number) - out / 2) <= 1, `${place.address}: ${Math.round(out)} m out`);
    }
  });

  test('places a few doors apart share a postal code', () => {
    const codeAt = (latitude: number, longitude: number) => sandboxSearch({ query: 'pizza', limit: 1, language: 'en', rankBy: 'distance', openNow: false, fields: 'full', bias: { latitude, longitude, radius: 1 } }, NOW).places[0]?.addressComponents?.postalCode;
    const code = codeAt(41.8845, -87.6501);
    assert.match(code ?? '', /^6060[1-9]$/);
    assert.equal(codeAt(41.8846, -87.6502), code);
  });

  test('no two places of one search share a name', () => {
    for (const query of ['pizza in chicago', 'coffee in seattle', 'cafe in paris', 'hotel in london', 'カフェ 東京']) {
      const names = allPlaces(query).map((place) => place.name);
      const repeated = names.filter((name, index) => names.indexOf(name) !== index);
      assert.deepEqual(repeated, [], query);
    }
  });
});

describe('sandbox review ages', () => {
  /** Whole days between a review's date and the present, and the age it states. */
  function ages(now: Date) {
    const place = allPlaces('coffee in seattle', now).find((candidate) => (candidate.userRatingCount ?? 0) >= 150)!;
    return createSandboxReviews(() => now)
      .placeReviews({ placeId: place.id, sortBy: 'newest', depth: 150, language: 'en', locationCode: 2840 }, { signal: new AbortController().signal })
      .then((answer) => answer!.reviews.map((review) => ({ days: Math.floor((now.getTime() - Date.parse(review.timestamp)) / 86_400_000), timeAgo: review.timeAgo })));
  }

  /** What the maps service says for an age of `days` days. */
  function expected(days: number): string {
    const say = (amount: number, unit: string) => (amount === 1 ? `a ${unit} ago` : `${amount} ${unit}s ago`);
    if (days < 7) return days === 0 ? 'today' : say(days, 'day');
    if (days < 30) return say(Math.floor(days / 7), 'week');
    if (days < 365) return say(Math.floor(days / 30), 'month');
    return say(Math.floor(days / 365), 'year');
  }

  test('timeAgo counts from the present, so a date and its age agree on any day', async () => {
    for (const now of [NOW, new Date('2027-03-15T08:00:00Z')]) {
      const reviews = await ages(now);
      assert.ok(reviews.length > 0);
      for (const { days, timeAgo } of reviews) assert.equal(timeAgo, expected(days), `${days} days before ${now.toISOString()}`);
    }
    // On 2026-11-30 nothing is "a week ago" or newer: the newest reviews are from October.
    assert.ok((await ages(NOW)).every(({ timeAgo }) => !/day|today|^a week/.test(timeAgo)));
  });
});
