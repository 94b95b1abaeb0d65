import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { CITIES, WORLD_CITIES, cityNamedIn, cityOfRegion, distanceMetres, nearestCity } from '../../src/providers/sandbox/places/cities';
import { COUNTRIES } from '../../src/providers/sandbox/places/countries';
import { sandboxPlaceById } from '../../src/providers/sandbox/places/place-record';
import { sandboxSearch } from '../../src/providers/sandbox/places/search';

/** The sandbox's map of the world: every city on it can be searched, and its places found again by ID. */

const NOW = new Date('2026-11-25T18:00:00Z');
const search = (query: string, region?: string) => sandboxSearch({ query, region, limit: 20, language: 'en', rankBy: 'relevance', openNow: false, fields: 'full' }, NOW);

test('every city on the map is searched where it is, by its name and every alias, and its places are found again by ID', () => {
  assert.ok(WORLD_CITIES.length >= 120, `${WORLD_CITIES.length} cities`);
  for (const city of WORLD_CITIES) {
    for (const alias of [city.name, ...city.aliases]) assert.equal(cityNamedIn(`coffee in ${alias}`)?.name, city.name, alias);
    const { places } = search(`coffee in ${city.name}`);
    assert.ok(places.length > 0, city.name);
    for (const place of places) {
      assert.ok(distanceMetres(city, place) <= 5001, `${city.name}: ${place.latitude},${place.longitude}`);
      assert.equal(place.addressComponents?.city, city.name);
      assert.equal(place.addressComponents?.country, city.country);
      assert.ok(place.address!.includes(city.name) && place.address!.endsWith(city.countryName), place.address);
      assert.equal(place.timezone, city.timezone);
      assert.equal(JSON.stringify(sandboxPlaceById(place.id, NOW)?.place), JSON.stringify(place), `${city.name}: ${place.id} is the same place`);
    }
    new Intl.DateTimeFormat('en', { timeZone: city.timezone });
  }
});

test('a region code picks a city of its country for every country on the map; an unknown one, Seattle', () => {
  for (const code of Object.keys(COUNTRIES)) assert.equal(cityOfRegion(code.toLowerCase()).country, code, code);
  assert.deepEqual(['kr', 'is', 'jp', 'us', 'gb', 'zz', undefined].map((region) => cityOfRegion(region).name), ['Seoul', 'Reykjavík', 'Tokyo', 'Seattle', 'London', 'Seattle', 'Seattle']);
  assert.equal(search('coffee in atlantis').places[0]!.addressComponents?.city, 'Seattle', 'a place the map does not know');
});

test('the hand-made cities keep their places: no other city is near enough to take them, and their answers are as before', () => {
  for (const city of WORLD_CITIES.slice(CITIES.length)) {
    for (const handMade of CITIES) assert.ok(distanceMetres(city, handMade) >= 25_000, `${city.name} is ${Math.round(distanceMetres(city, handMade))} m from ${handMade.name}`);
  }
  for (const city of WORLD_CITIES) assert.equal(nearestCity(city), city);
  // The digest of these answers (same queries, same clock): a change to it changes every hand-made
  // city's places, so it moves only on purpose — last when places were kept on land, addressed by
  // where they are and named once a list (session 34).
  const hash = createHash('sha256');
  for (const city of CITIES) for (const query of [`coffee in ${city.aliases[0]}`, `hotels in ${city.aliases[0]}`]) hash.update(JSON.stringify(search(query)));
  for (const region of ['us', 'gb', 'jp', 'de']) hash.update(JSON.stringify(search('dentist', region)));
  assert.equal(hash.digest('hex').slice(0, 16), '1774bed9fd95e225');
});

test('addresses and phones follow the country where it has no postal or area codes', () => {
  for (const [query, address, phone] of [['coffee in dubai', /^\d+ .+, Dubai, UAE$/, /^\+971 4 \d{4} \d{4}$/], ['coffee in copenhagen', /^.+ \d+, \d{4} Copenhagen, Denmark$/, /^\+45 \d{4} \d{4}$/], ['coffee in hong kong', /^\d+ .+, Hong Kong, Hong Kong$/, /^\+852 \d{4} \d{4}$/]] as const) {
    for (const place of search(query).places) {
      assert.match(place.address!, address, query);
      assert.match(place.internationalPhone!, phone, query);
      assert.notEqual(place.addressComponents!.postalCode, '', `${query}: no empty postal code`);
    }
  }
});
