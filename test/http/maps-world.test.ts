import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createSandboxPlaces, createSandboxReviews } from '../../src/providers/sandbox/places';
import { sandboxSerp } from '../../src/providers/sandbox/serp';
import type { Place } from '../../src/schemas/place';
import { startTestApp, testDatabaseLabel, type TestApp } from '../helpers/test-app';

/**
 * The sandbox's places in cities beyond its twenty hand-made ones, through HTTP: a query, region
 * code or bias there answers that city's addresses and coordinates, and the places stay the same
 * places in details, reviews, photos and the web page's local pack.
 */

const AS_OF = new Date('2026-11-21T18:00:00Z');
const REYKJAVIK = { latitude: 64.1466, longitude: -21.9426 };
const SEOUL = { latitude: 37.5665, longitude: 126.978 };

function metresBetween(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const radians = Math.PI / 180;
  const h = Math.sin(((b.latitude - a.latitude) * radians) / 2) ** 2 + Math.cos(a.latitude * radians) * Math.cos(b.latitude * radians) * Math.sin(((b.longitude - a.longitude) * radians) / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}

describe(`sandbox places around the world (${testDatabaseLabel()})`, () => {
  let app: TestApp;
  let apiKey: string;

  before(async () => {
    const places = createSandboxPlaces(() => AS_OF);
    const serp = { ...sandboxSerp, searchMaps: places.searchText.bind(places) };
    app = await startTestApp({ providers: { places, serp, reviews: createSandboxReviews(() => AS_OF) } }, { TOLLGATE_RATE_LIMIT_PER_MINUTE: '100000' });
    ({ apiKey } = await app.createAccount('100.00'));
  });
  after(() => app?.close());

  async function data(path: string, body: unknown) {
    const response = await app.post(path, body, apiKey);
    assert.equal(response.status, 200, `${path} ${JSON.stringify(body)}: ${JSON.stringify(response.body)}`);
    assert.equal(response.headers.get('x-tollgate-provider'), 'sandbox');
    return response.body.data;
  }

  async function placesOf(path: string, body: Record<string, unknown>): Promise<Place[]> {
    return (await data(path, body)).results;
  }

  test('"coffee in Reykjavik" answers Reykjavík addresses, phones and coordinates near Reykjavík', async () => {
    const found = await placesOf('/v1/serp/websearch-maps', { query: 'coffee in Reykjavik', limit: 20 });
    assert.equal(found.length, 20);
    for (const place of found) {
      assert.ok(metresBetween(REYKJAVIK, place) <= 5001, `${place.name} at ${place.latitude},${place.longitude}`);
      assert.match(place.address!, /, \d{3} Reykjavík, Iceland$/);
      assert.equal(place.addressComponents!.city, 'Reykjavík');
      assert.equal(place.addressComponents!.country, 'IS');
      assert.match(place.internationalPhone!, /^\+354 \d{4} \d{4}$/);
      assert.equal(place.timezone, 'Atlantic/Reykjavik');
      if (place.priceRange) assert.equal(place.priceRange.currency, 'ISK');
    }
  });

  test("a Reykjavík place's ID opens the same place in details, reviews and photos", async () => {
    const found = await placesOf('/v1/serp/websearch-maps', { query: 'coffee in Reykjavik', limit: 20 });
    const place = found.find((candidate) => (candidate.userRatingCount ?? 0) >= 10 && (candidate.photos?.length ?? 0) > 0)!;
    assert.match(place.address!, /Reykjavík, Iceland$/);
    assert.deepEqual(await data('/v1/maps/place', { place_id: place.id }), place);
    const reviews = await data('/v1/maps/reviews', { place_id: place.id, depth: 10 });
    assert.deepEqual([reviews.name, reviews.rating, reviews.totalReviews], [place.name, place.rating, place.userRatingCount]);
    const photo = await data('/v1/maps/photo', { reference: place.photos![0]!.reference, max_width: 400 });
    assert.equal(photo.reference, place.photos![0]!.reference);
  });

  test('the local pack of "coffee in reykjavik" shows the maps search\'s first places', async () => {
    const found = await placesOf('/v1/serp/websearch-maps', { query: 'coffee in reykjavik', limit: 3 });
    const web = await data('/v1/serp/websearch', { query: 'coffee in reykjavik', depth: 10 });
    const pack = web.results.filter((result: { type: string }) => result.type === 'localPack');
    assert.deepEqual(
      pack.map((result: { title: string; data: { address: string; phone: string } }) => [result.title, result.data.address, result.data.phone]),
      found.map((place) => [place.name, place.address, place.internationalPhone]),
    );
    assert.ok(found.every((place) => place.address!.endsWith('Reykjavík, Iceland')));
  });

  test('a place of two or three words gets its local pack too: "coffee in são paulo", "coffee in new york"; "invest in real estate" none', async () => {
    for (const [query, ending] of [['coffee in são paulo', 'São Paulo'], ['coffee in new york', 'NY']] as const) {
      const found = await placesOf('/v1/serp/websearch-maps', { query, limit: 3 });
      const web = await data('/v1/serp/websearch', { query, depth: 10 });
      const pack = web.results.filter((result: { type: string }) => result.type === 'localPack');
      assert.deepEqual(
        pack.map((result: { title: string; data: { address: string } }) => [result.title, result.data.address]),
        found.map((place) => [place.name, place.address]),
        query,
      );
      assert.ok(found.every((place) => place.address!.includes(ending)), `${query}: ${found.map((place) => place.address).join(' | ')}`);
    }
    const notLocal = await data('/v1/serp/websearch', { query: 'how to invest in real estate', depth: 10 });
    assert.equal(notLocal.results.filter((result: { type: string }) => result.type === 'localPack').length, 0);
  });

  test('a region code picks its country\'s main city: kr → Seoul, is → Reykjavík, br → São Paulo', async () => {
    for (const [region, city, center] of [['kr', 'Seoul', SEOUL], ['is', 'Reykjavík', REYKJAVIK], ['br', 'São Paulo', { latitude: -23.5505, longitude: -46.6333 }]] as const) {
      const found = await placesOf('/v1/serp/websearch-maps', { query: 'coffee', region, limit: 10 });
      for (const place of found) {
        assert.equal(place.addressComponents!.city, city, `${region}: ${place.address}`);
        assert.equal(place.addressComponents!.country, region.toUpperCase());
        assert.ok(metresBetween(center, place) <= 5001, `${region}: ${place.name} near ${city}`);
      }
    }
  });

  test('city names match with or without accents and in their own language', async () => {
    const addressesOf = async (query: string) => (await placesOf('/v1/maps/search', { query, limit: 5 })).map((place) => place.address);
    for (const [spellings, city] of [[['bakery in münchen', 'bakery in Munich', 'bakery in muenchen'], /Munich, Germany$/], [['cafe in são paulo', 'cafe in sao paulo'], /São Paulo, Brazil$/], [['bars in kraków', 'bars in krakow'], /Kraków, Poland$/]] as const) {
      for (const query of spellings) assert.ok((await addressesOf(query)).every((address) => city.test(address!)), query);
    }
  });

  test('a location bias near a gazetteer city is addressed from it (Cape Town)', async () => {
    const circle = { latitude: -33.92, longitude: 18.43, radius: 2000 };
    const found = await placesOf('/v1/serp/websearch-maps', { query: 'pizza', limit: 10, ...circle });
    assert.ok(found.length > 0);
    for (const place of found) assert.match(place.address!, /, Cape Town \d{4}, South Africa$/);
  });

  test('the hand-made cities keep their own streets: pizza in new york is still in New York', async () => {
    for (const place of await placesOf('/v1/serp/websearch-maps', { query: 'pizza in new york', limit: 20 })) {
      assert.match(place.address!, /, New York, NY 100\d\d, USA$/);
      assert.ok(metresBetween({ latitude: 40.7128, longitude: -74.006 }, place) <= 5001);
    }
  });
});
