import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parseUsd } from '../../src/core/money';
import { createSandboxPlaces, createSandboxReviews } from '../../src/providers/sandbox/places';
import { sandboxSerp } from '../../src/providers/sandbox/serp';
import { BUSINESS_STATUSES, Place, PLACE_SUMMARY_FIELDS, PRICE_LEVELS } from '../../src/schemas/place';
import { startTestApp, testDatabaseLabel, type TestApp, type TestResponse } from '../helpers/test-app';

/** The maps endpoints on the sandbox, through HTTP: shapes, rules, prices, paging, filters, coherence. */

type PlaceRecord = Place & Record<string, unknown>;

/** Saturday 21 November 2026, 10:00 in Seattle: cafés are open. */
const SATURDAY_MORNING_SEATTLE = new Date('2026-11-21T18:00:00Z');
/** Sunday 22 November 2026, 03:00 in Seattle: cafés are closed. */
const SUNDAY_NIGHT_SEATTLE = new Date('2026-11-22T11:00:00Z');

const SEATTLE = { latitude: 47.6062, longitude: -122.3321 };

function metresBetween(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const radians = Math.PI / 180;
  const h = Math.sin(((b.latitude - a.latitude) * radians) / 2) ** 2 + Math.cos(a.latitude * radians) * Math.cos(b.latitude * radians) * Math.sin(((b.longitude - a.longitude) * radians) / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}

describe(`maps endpoints on the sandbox (${testDatabaseLabel()})`, () => {
  let app: TestApp;
  let accountId: string;
  let apiKey: string;
  let now = SATURDAY_MORNING_SEATTLE;

  before(async () => {
    // One clock for every family that serves maps: the web-search maps variant is the SERP family's.
    const places = createSandboxPlaces(() => now);
    const serp = { ...sandboxSerp, searchMaps: places.searchText.bind(places) };
    app = await startTestApp({ providers: { places, serp, reviews: createSandboxReviews(() => now) } }, { TOLLGATE_RATE_LIMIT_PER_MINUTE: '100000' });
    ({ accountId, apiKey } = await app.createAccount('100.00'));
  });
  after(() => app?.close());

  async function ok(path: string, body: unknown): Promise<TestResponse> {
    const response = await app.post(path, body, apiKey);
    assert.equal(response.status, 200, `${path} ${JSON.stringify(body)}: ${JSON.stringify(response.body)}`);
    assert.equal(response.headers.get('x-tollgate-provider'), 'sandbox');
    return response;
  }

  async function places(path: string, body: Record<string, unknown>): Promise<PlaceRecord[]> {
    return (await ok(path, body)).body.data.results;
  }

  /** Every place of a search, page after page, and the pages' sizes. */
  async function allPages(path: string, body: Record<string, unknown>): Promise<{ results: PlaceRecord[]; sizes: number[]; tokens: number }> {
    const results: PlaceRecord[] = [];
    const sizes: number[] = [];
    let token: string | undefined;
    let tokens = 0;
    do {
      const data = (await ok(path, { ...body, ...(token ? { nextPageToken: token } : {}) })).body.data;
      results.push(...data.results);
      sizes.push(data.results.length);
      assert.equal(data.totalResults, data.results.length);
      token = data.nextPageToken;
      if (token) tokens += 1;
      assert.ok(sizes.length <= 60, 'paging ends');
    } while (token);
    return { results, sizes, tokens };
  }

  /** Charged exactly `usd`, and said so in x-cost-usd. */
  async function costOf(path: string, body: unknown): Promise<{ charged: number; response: TestResponse }> {
    const before = await app.balance(accountId);
    const response = await ok(path, body);
    const charged = before - (await app.balance(accountId));
    assert.equal(parseUsd(response.headers.get('x-cost-usd')!), charged);
    return { charged, response };
  }

  describe('record shapes', () => {
    test('websearch-maps: full Place records, at most limit, enums and sizes as the spec says', async () => {
      const data = (await ok('/v1/serp/websearch-maps', { query: 'coffee in seattle', limit: 15 })).body.data;
      assert.equal(data.query, 'coffee in seattle');
      assert.equal(data.results.length, 15);
      assert.equal(data.totalResults, 15);
      assert.match(data.nextPageToken, /^[A-Za-z0-9_-]+$/);
      assert.equal(data.searchUrl, 'https://www.google.com/maps/search/?api=1&query=coffee%20in%20seattle');
      const knownFields = new Set(Object.keys(Place.shape));
      for (const place of data.results as PlaceRecord[]) {
        assert.ok(Place.safeParse(place).success, JSON.stringify(Place.safeParse(place).error?.issues));
        for (const field of Object.keys(place)) assert.ok(knownFields.has(field), `unexpected field ${field}`);
        assert.match(place.id, /^ChIJ[A-Za-z0-9_-]{22}$/);
        for (const field of ['primaryTypeDisplay', 'shortAddress', 'timezone', 'plusCode', 'iconUrl', 'directionsUrl', 'reviewsUrl', 'photosUrl', 'writeReviewUrl']) {
          assert.equal(typeof place[field], 'string', `${place.id}.${field}`);
        }
        assert.ok(BUSINESS_STATUSES.includes(place.businessStatus!));
        if (place.priceLevel) assert.ok(PRICE_LEVELS.includes(place.priceLevel));
        if (place.businessStatus === 'OPERATIONAL') assert.equal(place.hours!.length, 7);
        assert.ok((place.photos ?? []).length <= 10);
        for (const photo of place.photos ?? []) assert.ok(photo.reference.startsWith(`places/${place.id}/photos/`));
        assert.ok(place.rating === undefined || (place.rating >= 0 && place.rating <= 5));
        assert.equal(place.addressComponents.city, 'Seattle');
        assert.ok(place.types.includes(place.primaryType));
      }
      const withAmenities = (data.results as PlaceRecord[]).filter((place) => place.amenities);
      assert.ok(withAmenities.some((place) => place.amenities!.servesCoffee === true), 'coffee places serve coffee');
    });

    test('maps/search: the subset record only, nothing beyond the spec list', async () => {
      const results = await places('/v1/maps/search', { query: 'coffee in seattle', limit: 20 });
      assert.equal(results.length, 20);
      const allowed = new Set<string>(PLACE_SUMMARY_FIELDS);
      for (const place of results) {
        for (const field of Object.keys(place)) assert.ok(allowed.has(field), `maps/search returned ${field}`);
        for (const field of ['id', 'name', 'types', 'primaryType', 'address', 'latitude', 'longitude']) assert.ok(field in place, field);
      }
      for (const dropped of ['primaryTypeDisplay', 'shortAddress', 'addressComponents', 'timezone', 'plusCode', 'payments', 'parking', 'accessibility', 'photosUrl', 'writeReviewUrl', 'summary']) {
        assert.ok(results.every((place) => !(dropped in place)), `${dropped} must not appear`);
      }
    });

    test('the same request twice gives identical data', async () => {
      for (const [path, body] of [
        ['/v1/serp/websearch-maps', { query: 'pizza in new york', limit: 20, min_rating: 4 }],
        ['/v1/maps/search', { query: 'gym', region: 'de' }],
      ] as const) {
        assert.deepEqual((await ok(path, body)).body.data, (await ok(path, body)).body.data);
      }
    });
  });

  describe('validation: 400 VALIDATION_ERROR naming the field, not charged', () => {
    const cases: Array<[string, Record<string, unknown>, RegExp]> = [
      ['/v1/serp/websearch-maps', { limit: 5 }, /^query: is required/],
      ['/v1/serp/websearch-maps', { query: '   ' }, /query: must not be empty/],
      ['/v1/serp/websearch-maps', { query: 'cafe', limit: 0 }, /limit: must be at least 1/],
      ['/v1/serp/websearch-maps', { query: 'cafe', limit: 21 }, /limit: must be at most 20/],
      ['/v1/serp/websearch-maps', { query: 'cafe', limit: 2.5 }, /limit: must be a whole number/],
      ['/v1/serp/websearch-maps', { query: 'cafe', language: 'english' }, /language: must be a BCP-47 language tag/],
      ['/v1/serp/websearch-maps', { query: 'cafe', region: 'usa' }, /region: must be a two-letter CLDR region code/],
      ['/v1/serp/websearch-maps', { query: 'cafe', region: 'zz' }, /^region: is not an ISO 3166-1 country code/],
      ['/v1/serp/websearch-maps', { query: 'cafe', language: 'xx' }, /^language: must be a BCP-47 language tag/],
      ['/v1/serp/websearch-maps', { query: 'cafe', language: 'en-XX' }, /^language: must be a BCP-47 language tag/],
      ['/v1/serp/websearch-maps', { query: 'a\u0000b\u0007c' }, /^query: must be one line of text without control characters/],
      ['/v1/maps/search', { query: 'coffee\tin seattle' }, /^query: must be one line of text without control characters/],
      ['/v1/maps/search', { query: 'coffee\u0085seattle' }, /^query: must be one line of text without control characters/],
      ['/v1/serp/websearch-maps', { query: 'cafe', rank_by: 'nearest' }, /rank_by: must be one of "relevance", "distance"/],
      ['/v1/serp/websearch-maps', { query: 'cafe', rank_by: 'distance' }, /latitude: is required when rank_by is distance.*longitude: is required.*radius: is required/],
      ['/v1/serp/websearch-maps', { query: 'cafe', latitude: 47.6 }, /longitude: is required when latitude is given.*radius: is required when latitude is given/],
      ['/v1/serp/websearch-maps', { query: 'cafe', latitude: 47.6, longitude: -122.3 }, /^radius: is required when latitude and longitude are given/],
      ['/v1/serp/websearch-maps', { query: 'cafe', longitude: -122.3, radius: 500, rank_by: 'distance' }, /^latitude: is required when longitude and radius are given/],
      ['/v1/serp/websearch-maps', { query: 'cafe', latitude: 90.5, longitude: 0, radius: 10 }, /latitude: must be at most 90/],
      ['/v1/serp/websearch-maps', { query: 'cafe', latitude: 0, longitude: -180.5, radius: 10 }, /longitude: must be at least -180/],
      ['/v1/serp/websearch-maps', { query: 'cafe', latitude: 0, longitude: 0, radius: 0 }, /radius: must be at least 1/],
      ['/v1/serp/websearch-maps', { query: 'cafe', latitude: 0, longitude: 0, radius: 50_001 }, /radius: must be at most 50000/],
      ['/v1/serp/websearch-maps', { query: 'cafe', open_now: 'yes' }, /open_now: must be a boolean/],
      ['/v1/serp/websearch-maps', { query: 'cafe', min_rating: 5.5 }, /min_rating: must be at most 5/],
      ['/v1/serp/websearch-maps', { query: 'cafe', min_rating: -0.5 }, /min_rating: must be at least 0/],
      ['/v1/serp/websearch-maps', { query: 'cafe', price_levels: ['cheap'] }, /price_levels\[0\]: must be one of "free", "inexpensive"/],
      ['/v1/serp/websearch-maps', { query: 'cafe', included_type: 'spaceport' }, /included_type: is not a known place type/],
      ['/v1/serp/websearch-maps', { query: 'cafe', nextPageToken: 'not a token' }, /nextPageToken: is not a page token this API issued/],
      ['/v1/maps/search', { limit: 5 }, /^query: is required/],
      ['/v1/maps/search', { query: 'cafe', limit: 25 }, /limit: must be at most 20/],
      ['/v1/maps/search', { query: 'cafe', open_now: true }, /open_now: unknown field/],
      ['/v1/maps/search', { query: 'cafe', nextPageToken: 'eyJ2IjoxfQ' }, /nextPageToken: is not a page token this API issued/],
      ['/v1/maps/place', {}, /place_id: is required/],
      ['/v1/maps/place', { place_id: 'not a place id!' }, /place_id: must be a place ID/],
      ['/v1/maps/place', { place_id: 'ChIJxK8vBEgKNIYr44BRSwOOQw', region: 'x' }, /region: must be a two-letter/],
      ['/v1/maps/reviews', { place_id: 'ChIJxK8vBEgKNIYr44BRSwOOQw', depth: 5 }, /depth: must be at least 10/],
      ['/v1/maps/reviews', { place_id: 'ChIJxK8vBEgKNIYr44BRSwOOQw', depth: 151 }, /depth: must be at most 150/],
      ['/v1/maps/reviews', { place_id: 'ChIJxK8vBEgKNIYr44BRSwOOQw', sort_by: 'oldest' }, /sort_by: must be one of "relevant", "newest", "highest_rating", "lowest_rating"/],
      ['/v1/maps/reviews', { place_id: 'ChIJxK8vBEgKNIYr44BRSwOOQw', location_code: 'us' }, /location_code: must be a number/],
      ['/v1/maps/photo', { reference: 'places/ChIJxK8vBEgKNIYr44BRSwOOQw/photos/AUx' }, /^max_width: give max_width, max_height or both/],
      ['/v1/maps/photo', { reference: 'places/ChIJxK8vBEgKNIYr44BRSwOOQw/photos/AUx', max_width: 0 }, /max_width: must be at least 1/],
      ['/v1/maps/photo', { reference: 'places/ChIJxK8vBEgKNIYr44BRSwOOQw/photos/AUx', max_height: 4801 }, /max_height: must be at most 4800/],
      ['/v1/maps/photo', { reference: 'https://example.com/photo.jpg', max_width: 100 }, /reference: must be a photo reference places\/\{place_id\}\/photos\/\{token\}/],
    ];
    for (const [path, body, message] of cases) {
      test(`${path} ${JSON.stringify(body)} → ${message.source}`, async () => {
        const before = await app.balance(accountId);
        const response = await app.post(path, body, apiKey);
        assert.equal(response.status, 400, JSON.stringify(response.body));
        assert.equal(response.body.error.code, 'VALIDATION_ERROR');
        assert.match(response.body.error.message, message);
        assert.equal(await app.balance(accountId), before);
      });
    }
  });

  describe('prices', () => {
    test('websearch-maps: $0.01 per call however many places come back', async () => {
      assert.equal((await costOf('/v1/serp/websearch-maps', { query: 'coffee in seattle', limit: 20 })).charged, 10_000);
      assert.equal((await costOf('/v1/serp/websearch-maps', { query: 'coffee in seattle', limit: 1 })).charged, 10_000);
      const empty = await costOf('/v1/serp/websearch-maps', { query: 'coffee in seattle', included_type: 'airport' });
      assert.equal(empty.response.body.data.results.length, 0);
      assert.equal(empty.charged, 10_000);
    });

    test('maps/search: $0.07, place details: $0.05, photo: $0.02', async () => {
      const { charged, response } = await costOf('/v1/maps/search', { query: 'coffee in seattle', limit: 3 });
      assert.equal(charged, 70_000);
      const place = response.body.data.results[0] as PlaceRecord;
      assert.equal((await costOf('/v1/maps/place', { place_id: place.id })).charged, 50_000);
      assert.equal((await costOf('/v1/maps/photo', { reference: place.photos![0]!.reference, max_width: 400 })).charged, 20_000);
    });

    test('reviews: $0.01 + $0.015 per 100 returned, rounded up to the cent', async () => {
      const busy = (await places('/v1/serp/websearch-maps', { query: 'coffee in seattle', limit: 20 })).find((place) => (place.userRatingCount ?? 0) >= 150)!;
      const charge = async (depth: number) => {
        const { charged, response } = await costOf('/v1/maps/reviews', { place_id: busy.id, depth });
        return { charged, count: response.body.data.reviews.length };
      };
      assert.deepEqual(await charge(150), { charged: 40_000, count: 150 }); // 0.01 + 0.0225 = 0.0325 → 0.04
      assert.deepEqual(await charge(50), { charged: 20_000, count: 50 }); // 0.01 + 0.0075 → 0.02
      assert.deepEqual(await charge(10), { charged: 20_000, count: 10 }); // 0.01 + 0.0015 → 0.02
    });

    test('reviews of a place with fewer ratings than depth: billed on those returned', async () => {
      const pool = (await allPages('/v1/serp/websearch-maps', { query: 'museums in paris', limit: 20 })).results;
      const quiet = pool.find((place) => place.userRatingCount !== undefined && place.userRatingCount < 150);
      assert.ok(quiet, 'a place with under 150 ratings');
      const { charged, response } = await costOf('/v1/maps/reviews', { place_id: quiet.id, depth: 150 });
      assert.equal(response.body.data.reviews.length, quiet.userRatingCount);
      assert.equal(charged, Math.ceil((10_000 * 100 + 15_000 * quiet.userRatingCount!) / (100 * 10_000)) * 10_000);
    });

    test('an unknown place or photo is 404 NOT_FOUND and not charged', async () => {
      const before = await app.balance(accountId);
      for (const [path, body, field] of [
        ['/v1/maps/place', { place_id: 'ChIJN1t_tDeuEmsRUsoyG83frY4' }, /place_id: no place has the ID ChIJN1t_tDeuEmsRUsoyG83frY4/],
        ['/v1/maps/reviews', { place_id: 'places/ChIJN1t_tDeuEmsRUsoyG83frY4' }, /place_id: no place/],
        ['/v1/maps/photo', { reference: 'places/ChIJN1t_tDeuEmsRUsoyG83frY4/photos/AUabc', max_width: 100 }, /reference: no photo/],
      ] as const) {
        const response = await app.post(path, body, apiKey);
        assert.equal(response.status, 404, JSON.stringify(response.body));
        assert.equal(response.body.error.code, 'NOT_FOUND');
        assert.match(response.body.error.message, field);
        assert.equal(response.body.error.param, field.source.split(':')[0], 'the field at fault is param');
      }
      assert.equal(await app.balance(accountId), before);
    });
  });

  describe('paging', () => {
    test('websearch-maps pages through a finite result set without repeats; the last page has no token', async () => {
      const { results, sizes, tokens } = await allPages('/v1/serp/websearch-maps', { query: 'coffee in seattle', limit: 20 });
      const ids = results.map((place) => place.id);
      assert.equal(new Set(ids).size, ids.length, 'no place twice');
      assert.ok(ids.length >= 20 && ids.length <= 60, `${ids.length} places`);
      assert.ok(sizes.slice(0, -1).every((size) => size === 20), `full pages before the last: ${sizes}`);
      assert.ok(sizes.at(-1)! >= 1 && sizes.at(-1)! <= 20);
      assert.equal(tokens, sizes.length - 1);
    });

    test('smaller pages cover the same places in the same order; limit may change between pages', async () => {
      const whole = (await allPages('/v1/maps/search', { query: 'coffee in seattle', limit: 20 })).results.map((place) => place.id);
      const small = (await allPages('/v1/maps/search', { query: 'coffee in seattle', limit: 7 })).results.map((place) => place.id);
      assert.deepEqual(small, whole);
      const first = (await ok('/v1/maps/search', { query: 'coffee in seattle', limit: 5 })).body.data;
      const second = (await ok('/v1/maps/search', { query: 'coffee in seattle', limit: 12, nextPageToken: first.nextPageToken })).body.data;
      assert.deepEqual([...first.results, ...second.results].map((place: PlaceRecord) => place.id), whole.slice(0, 17));
    });

    test('a token only continues its own search: other query, other parameters, other endpoint or altered → 400', async () => {
      const body = { query: 'coffee in seattle', limit: 10, min_rating: 4 };
      const token = (await ok('/v1/serp/websearch-maps', body)).body.data.nextPageToken as string;
      const before = await app.balance(accountId);
      const refusals: Array<[string, Record<string, unknown>, RegExp]> = [
        ['/v1/serp/websearch-maps', { ...body, query: 'tea in seattle', nextPageToken: token }, /belongs to a different search/],
        ['/v1/serp/websearch-maps', { ...body, min_rating: 4.5, nextPageToken: token }, /belongs to a different search/],
        ['/v1/serp/websearch-maps', { ...body, language: 'de', nextPageToken: token }, /belongs to a different search/],
        ['/v1/maps/search', { query: body.query, nextPageToken: token }, /belongs to a different search/],
        ['/v1/serp/websearch-maps', { ...body, nextPageToken: token.slice(0, -3) }, /is not a page token this API issued/],
        ['/v1/serp/websearch-maps', { ...body, nextPageToken: Buffer.from(Buffer.from(token, 'base64url').toString().replace('"c":"10"', '"c":"0"')).toString('base64url') }, /is not a page token this API issued/],
      ];
      for (const [path, request, message] of refusals) {
        const response = await app.post(path, request, apiKey);
        assert.equal(response.status, 400, `${path} ${JSON.stringify(request)}: ${JSON.stringify(response.body)}`);
        assert.match(response.body.error.message, new RegExp(`^nextPageToken: ${message.source}`));
      }
      assert.equal(await app.balance(accountId), before);
      const next = (await ok('/v1/serp/websearch-maps', { ...body, limit: 3, nextPageToken: token })).body.data;
      assert.equal(next.results.length, 3);
    });
  });

  describe('filters', () => {
    test('open_now keeps places open at request time; at 3 AM no café is open', async () => {
      const open = (await allPages('/v1/serp/websearch-maps', { query: 'coffee in seattle', limit: 20, open_now: true })).results;
      const all = (await allPages('/v1/serp/websearch-maps', { query: 'coffee in seattle', limit: 20 })).results;
      assert.ok(open.length > 0 && open.every((place) => place.openNow === true));
      assert.deepEqual(open.map((place) => place.id), all.filter((place) => place.openNow).map((place) => place.id));
      now = SUNDAY_NIGHT_SEATTLE;
      try {
        const night = await places('/v1/serp/websearch-maps', { query: 'coffee in seattle', limit: 20, open_now: true });
        assert.equal(night.filter((place) => place.primaryType === 'coffee_shop').length, 0);
        const record = (await ok('/v1/maps/place', { place_id: all.find((place) => place.primaryType === 'coffee_shop' && place.businessStatus === 'OPERATIONAL')!.id })).body.data;
        assert.equal(record.openNow, false);
        assert.ok(Date.parse(record.nextOpenTime) > SUNDAY_NIGHT_SEATTLE.getTime(), 'a closed place says when it opens');
        assert.ok(Date.parse(record.nextOpenTime) - SUNDAY_NIGHT_SEATTLE.getTime() <= 6 * 3_600_000, 'it opens the same morning');
      } finally {
        now = SATURDAY_MORNING_SEATTLE;
      }
    });

    test('min_rating, price_levels and included_type narrow the same result set', async () => {
      const all = (await allPages('/v1/serp/websearch-maps', { query: 'coffee in seattle', limit: 20 })).results;
      const expect = async (body: Record<string, unknown>, keep: (place: PlaceRecord) => boolean) => {
        const filtered = (await allPages('/v1/serp/websearch-maps', { query: 'coffee in seattle', limit: 20, ...body })).results;
        const expected = all.filter(keep).map((place) => place.id);
        assert.ok(expected.length > 0 && expected.length < all.length, `${JSON.stringify(body)} is a real filter here`);
        assert.deepEqual(filtered.map((place) => place.id), expected, JSON.stringify(body));
      };
      await expect({ min_rating: 4.5 }, (place) => (place.rating ?? 0) >= 4.5);
      await expect({ min_rating: 4.1 }, (place) => (place.rating ?? 0) >= 4.5); // in half stars, rounded up
      await expect({ price_levels: ['moderate'] }, (place) => place.priceLevel === 'moderate');
      await expect({ price_levels: ['expensive', 'moderate'] }, (place) => place.priceLevel === 'moderate' || place.priceLevel === 'expensive');
      await expect({ included_type: 'bakery' }, (place) => place.types.includes('bakery'));
    });

    test('rank_by distance: within the radius, nearest first; a bias alone keeps relevance order near the circle', async () => {
      const circle = { latitude: 47.62, longitude: -122.35, radius: 1500 };
      const nearest = (await allPages('/v1/serp/websearch-maps', { query: 'pizza', limit: 20, rank_by: 'distance', ...circle })).results;
      assert.ok(nearest.length > 0);
      const distances = nearest.map((place) => metresBetween(circle, place));
      assert.ok(distances.every((distance) => distance <= circle.radius + 1), `within ${circle.radius} m: ${distances}`);
      assert.deepEqual(distances, [...distances].sort((a, b) => a - b), 'nearest first');
      const biased = (await allPages('/v1/serp/websearch-maps', { query: 'pizza', limit: 20, ...circle })).results;
      assert.ok(biased.length >= nearest.length);
      assert.ok(biased.every((place) => metresBetween(circle, place) <= 2 * circle.radius + 1), 'all around the circle');
      assert.notDeepEqual(biased.map((place) => place.id), [...biased].sort((a, b) => metresBetween(circle, a) - metresBetween(circle, b)).map((place) => place.id));
    });

    test('places cluster around the city the query names, else the region, else the default city', async () => {
      const cases: Array<[Record<string, unknown>, string, string, { latitude: number; longitude: number }]> = [
        [{ query: 'pizza in new york' }, 'New York', 'US', { latitude: 40.7128, longitude: -74.006 }],
        [{ query: 'bars in london' }, 'London', 'GB', { latitude: 51.5074, longitude: -0.1278 }],
        [{ query: 'ramen', region: 'jp' }, 'Tokyo', 'JP', { latitude: 35.6762, longitude: 139.6503 }],
        // The United Kingdom's top-level domain is read as its region code, gb.
        [{ query: 'tea', region: 'uk' }, 'London', 'GB', { latitude: 51.5074, longitude: -0.1278 }],
        [{ query: 'hardware' }, 'Seattle', 'US', SEATTLE],
      ];
      for (const [body, city, country, center] of cases) {
        for (const place of await places('/v1/maps/search', { ...body, limit: 20 })) {
          assert.ok(metresBetween(center, place) <= 6000, `${place.name} near ${city}`);
          assert.match(place.address, new RegExp(city));
        }
        const detailed = await places('/v1/serp/websearch-maps', { ...body, limit: 1 });
        assert.equal(detailed[0]!.addressComponents.country, country);
      }
    });

    test('the query picks the kind of place: names, types and amenities follow it', async () => {
      const bars = await places('/v1/serp/websearch-maps', { query: 'cocktail bars in chicago', limit: 20 });
      assert.ok(bars.filter((place) => place.types.includes('bar')).length >= 15);
      assert.ok(bars.every((place) => !place.amenities || place.amenities.servesCoffee === undefined));
      const gyms = await places('/v1/serp/websearch-maps', { query: 'gym near me', limit: 20, included_type: 'gym' });
      assert.ok(gyms.length > 0 && gyms.every((place) => place.primaryType === 'gym'));
    });
  });

  describe('coherence across endpoints', () => {
    test('a place from a search is the same place in details, in maps/search and by places/ID', async () => {
      const full = await places('/v1/serp/websearch-maps', { query: 'coffee in seattle', limit: 5 });
      const subset = await places('/v1/maps/search', { query: 'coffee in seattle', limit: 5 });
      for (const [index, place] of full.entries()) {
        assert.deepEqual((await ok('/v1/maps/place', { place_id: place.id })).body.data, place);
        assert.deepEqual((await ok('/v1/maps/place', { place_id: `places/${place.id}` })).body.data, place);
        const picked = Object.fromEntries(PLACE_SUMMARY_FIELDS.filter((field) => field in place).map((field) => [field, place[field]]));
        assert.deepEqual(subset[index], picked);
      }
    });

    test('reviews agree with the place: count, rating, top review; sorted as asked', async () => {
      const busy = (await places('/v1/serp/websearch-maps', { query: 'coffee in seattle', limit: 20 })).find((place) => (place.userRatingCount ?? 0) >= 150)!;
      const relevant = (await ok('/v1/maps/reviews', { place_id: busy.id, depth: 150 })).body.data;
      assert.equal(relevant.placeId, busy.id);
      assert.equal(relevant.name, busy.name);
      assert.equal(relevant.rating, busy.rating);
      assert.equal(relevant.totalReviews, busy.userRatingCount);
      assert.equal(relevant.cid, /cid=(\d+)/.exec(busy.googleMapsUrl!)![1]);
      assert.equal(relevant.sortBy, 'relevant');
      assert.equal(relevant.reviewCount, 150);
      const mean = relevant.reviews.reduce((sum: number, review: { rating: number }) => sum + review.rating, 0) / 150;
      assert.ok(Math.abs(mean - busy.rating!) <= 0.15, `mean ${mean} vs rating ${busy.rating}`);
      assert.deepEqual(
        { rating: relevant.reviews[0].rating, text: relevant.reviews[0].text, author: relevant.reviews[0].author, publishedAt: relevant.reviews[0].timestamp, relativeTime: relevant.reviews[0].timeAgo },
        busy.topReview,
      );
      assert.equal(new Set(relevant.reviews.map((review: { reviewId: string }) => review.reviewId)).size, 150);
      const sorted = async (sort_by: string, depth = 150) => (await ok('/v1/maps/reviews', { place_id: busy.id, sort_by, depth })).body.data.reviews as Array<{ rating: number; timestamp: string; reviewId: string }>;
      const newest = await sorted('newest');
      assert.deepEqual(newest.map((review) => review.timestamp), [...newest.map((review) => review.timestamp)].sort().reverse());
      const highest = await sorted('highest_rating');
      assert.deepEqual(highest.map((review) => review.rating), [...highest.map((review) => review.rating)].sort((a, b) => b - a));
      const lowest = await sorted('lowest_rating', 20);
      assert.deepEqual(lowest.map((review) => review.rating), [...lowest.map((review) => review.rating)].sort((a, b) => a - b));
      assert.deepEqual(new Set(newest.map((review) => review.reviewId)), new Set(relevant.reviews.map((review: { reviewId: string }) => review.reviewId)));
      assert.equal(lowest[0]!.rating, Math.min(...relevant.reviews.map((review: { rating: number }) => review.rating)));
    });

    test('depth is rounded to the nearest 10 (44 → 40, 45 → 50) and held on the rounded value', async () => {
      const busy = (await places('/v1/serp/websearch-maps', { query: 'coffee in seattle', limit: 20 })).find((place) => (place.userRatingCount ?? 0) >= 150)!;
      for (const [asked, rounded] of [[44, 40], [45, 50], [10, 10], [14, 10], [15, 20], [146, 150]] as const) {
        const data = (await ok('/v1/maps/reviews', { place_id: busy.id, depth: asked })).body.data;
        assert.equal(data.depth, rounded, `depth ${asked}`);
        assert.equal(data.reviews.length, rounded);
        assert.equal(data.reviewCount, rounded);
      }
    });

    test('every photo reference of a place resolves, sized within the bounds and never upscaled', async () => {
      const [place] = await places('/v1/serp/websearch-maps', { query: 'coffee in seattle', limit: 1 });
      assert.ok(place!.photos!.length > 0);
      for (const photo of place!.photos!) {
        const data = (await ok('/v1/maps/photo', { reference: photo.reference, max_width: 800, max_height: 800 })).body.data;
        assert.equal(data.reference, photo.reference);
        const [, width, height] = /-(\d+)x(\d+)\.jpg$/.exec(data.photoUri)!.map(Number);
        assert.ok(width! <= 800 && height! <= 800 && Math.max(width!, height!) === 800, `${width}x${height}`);
        assert.ok(Math.abs(width! / height! - photo.width / photo.height) < 0.01, 'aspect kept');
      }
      const [first] = place!.photos!;
      const unprefixed = (await ok('/v1/maps/photo', { reference: first!.reference.replace(/^places\//, ''), max_height: 4800 })).body.data;
      assert.equal(unprefixed.reference, first!.reference);
      assert.match(unprefixed.photoUri, new RegExp(`-${first!.width}x${first!.height}\\.jpg$`), 'never upscaled');
      const wrongToken = await app.post('/v1/maps/photo', { reference: `places/${place!.id}/photos/AUnotOneOfItsPhotos`, max_width: 100 }, apiKey);
      assert.equal(wrongToken.status, 404);
    });
  });
});
