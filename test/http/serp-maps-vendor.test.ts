import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { dataForSeoEnvelope, useDataForSeoHarness } from '../helpers/dataforseo-wire';
import { testDatabaseLabel } from '../helpers/test-app';

/**
 * /v1/serp/websearch-maps on the SEO data vendor's Google Maps SERP, against a fake vendor that
 * answers in its documented format (`maps_search` items, snake_case, nulls where it knows nothing):
 * the task we send, each item as a Place record, the filters applied here, paging by offset, and
 * failures 502 and free.
 */

const PATH = 'serp/google/maps/live/advanced';
const PRICE_MICROS = 10_000;

const timetable = (open: number, close: number) => ({ open: { hour: open, minute: 0 }, close: { hour: close, minute: 30 } });

/** A `maps_search` item as the vendor documents it; `values` override the roastery's. */
function mapsItem(rank: number, values: Record<string, unknown> = {}) {
  return {
    type: 'maps_search',
    rank_group: rank,
    rank_absolute: rank,
    domain: 'pikestreetroastery.example',
    title: 'Pike Street Roastery',
    url: 'https://pikestreetroastery.example/',
    contact_url: null,
    contributor_url: null,
    book_online_url: null,
    rating: { rating_type: 'Max5', value: 4.6, votes_count: 1450, rating_max: 5 },
    hotel_rating: null,
    price_level: 'moderate',
    rating_distribution: { '1': 30, '2': 20, '3': 80, '4': 320, '5': 1000 },
    snippet: '1912 Pike Pl, Seattle, WA 98101',
    address: '1912 Pike Pl, Seattle, WA 98101',
    address_info: { borough: 'Belltown', address: '1912 Pike Pl', city: 'Seattle', zip: '98101', region: 'Washington', country_code: 'US' },
    place_id: 'ChIJ2eUgeAK6j4ARbn5u_wAGqWA',
    phone: '+1 206-555-0142',
    main_image: 'https://lh5.googleusercontent.com/p/AF1QipN.jpg',
    total_photos: 812,
    category: 'Coffee shop',
    additional_categories: ['Cafe'],
    category_ids: ['coffee_shop', 'cafe'],
    work_hours: {
      timetable: { monday: [timetable(7, 18)], tuesday: [timetable(7, 18)], wednesday: [timetable(7, 18)], thursday: [timetable(7, 18)], friday: [timetable(7, 18)], saturday: [timetable(8, 12), timetable(13, 17)], sunday: null },
      current_status: 'open',
    },
    feature_id: '0x54906ab2b0a6e0e1:0x4a90e2d5d7f7c10d',
    cid: '5372949817465638925',
    latitude: 47.6101,
    longitude: -122.3421,
    is_claimed: true,
    local_justifications: null,
    is_directory_item: false,
    description: 'Small-batch roaster by the market.',
    ...values,
  };
}

function mapsPage(items: unknown[] | null) {
  return {
    keyword: 'coffee in seattle',
    type: 'maps',
    se_domain: 'google.com',
    location_code: 2840,
    language_code: 'en',
    check_url: 'https://www.google.com/maps/search/coffee+in+seattle/@47.6062,-122.3321,14z?hl=en&gl=US',
    datetime: '2026-10-15 12:00:00 +00:00',
    spell: null,
    refinement_chips: null,
    item_types: ['maps_search'],
    se_results_count: 0,
    items_count: items?.length ?? 0,
    items,
  };
}

const ROASTERY = {
  id: 'ChIJ2eUgeAK6j4ARbn5u_wAGqWA',
  name: 'Pike Street Roastery',
  primaryType: 'coffee_shop',
  primaryTypeDisplay: 'Coffee shop',
  types: ['coffee_shop', 'cafe'],
  address: '1912 Pike Pl, Seattle, WA 98101',
  shortAddress: '1912 Pike Pl',
  addressComponents: { city: 'Seattle', state: 'Washington', country: 'US', postalCode: '98101', neighborhood: 'Belltown' },
  phone: '+1 206-555-0142',
  website: 'https://pikestreetroastery.example/',
  googleMapsUrl: 'https://maps.google.com/?cid=5372949817465638925',
  latitude: 47.6101,
  longitude: -122.3421,
  rating: 4.6,
  userRatingCount: 1450,
  priceLevel: 'moderate',
  businessStatus: 'OPERATIONAL',
  openNow: true,
  hours: [
    'Monday: 7:00 AM – 6:30 PM', 'Tuesday: 7:00 AM – 6:30 PM', 'Wednesday: 7:00 AM – 6:30 PM', 'Thursday: 7:00 AM – 6:30 PM',
    'Friday: 7:00 AM – 6:30 PM', 'Saturday: 8:00 AM – 12:30 PM, 1:00 PM – 5:30 PM', 'Sunday: Closed',
  ],
  summary: 'Small-batch roaster by the market.',
};

describe(`/v1/serp/websearch-maps on the SEO data vendor's maps SERP (fake upstream, ${testDatabaseLabel()})`, () => {
  const vendor = useDataForSeoHarness();
  const { reply, sentTask, served } = vendor;

  test('sends keyword, language, the region as a location code and one page of depth; maps items field by field', async () => {
    reply(PATH, [mapsPage([
      mapsItem(1),
      { type: 'maps_paid_item', title: 'An ad', place_id: 'ChIJad' },
      mapsItem(2, { place_id: null, title: 'No ID Cafe' }),
      mapsItem(3, {
        place_id: 'ChIJsparse', title: 'Sparse Spot', url: null, rating: null, price_level: null, address_info: null, phone: null, cid: null,
        category: null, category_ids: null, work_hours: null, description: null, latitude: null, longitude: null,
      }),
    ])]);
    const data = (await served('/v1/serp/websearch-maps', { query: 'coffee in seattle', region: 'GB' }, PRICE_MICROS)).body.data;
    assert.deepEqual(sentTask(PATH), { keyword: 'coffee in seattle', language_code: 'en', location_code: 2826, depth: 20 });
    assert.equal(data.query, 'coffee in seattle');
    assert.equal(data.totalResults, 2, 'the ad and the place without an ID left out');
    assert.equal(data.nextPageToken, undefined);
    assert.equal(data.searchUrl, 'https://www.google.com/maps/search/?api=1&query=coffee%20in%20seattle');
    assert.deepEqual(data.results[0], ROASTERY);
    assert.deepEqual(data.results[1], {
      id: 'ChIJsparse', name: 'Sparse Spot', primaryType: '', primaryTypeDisplay: '', types: [], address: '1912 Pike Pl, Seattle, WA 98101',
      shortAddress: '1912 Pike Pl, Seattle, WA 98101', addressComponents: {}, latitude: 0, longitude: 0,
    });
  });

  test('filters the vendor cannot apply are applied here, over three times the places wanted; distance from the bias point ranks', async () => {
    reply(PATH, [mapsPage([
      mapsItem(1, { place_id: 'ChIJfar', latitude: 47.65, longitude: -122.35 }),
      mapsItem(2, { place_id: 'ChIJclosed', work_hours: { timetable: null, current_status: 'close' } }),
      mapsItem(3, { place_id: 'ChIJlow', rating: { value: 3.9, votes_count: 10 } }),
      mapsItem(4, { place_id: 'ChIJpricey', price_level: 'very_expensive' }),
      mapsItem(5, { place_id: 'ChIJbar', category_ids: ['bar'] }),
      // As the page shows it, not as documented: read all the same.
      mapsItem(6, { place_id: 'ChIJnear', latitude: 47.6102, longitude: -122.3422, price_level: '$' }),
    ])]);
    const data = (await served('/v1/serp/websearch-maps', {
      query: 'coffee', limit: 10, rank_by: 'distance', open_now: true, min_rating: 4, price_levels: ['moderate', 'inexpensive'], included_type: 'cafe',
      latitude: 47.61, longitude: -122.342, radius: 2000,
    }, PRICE_MICROS)).body.data;
    assert.deepEqual(sentTask(PATH), { keyword: 'coffee', language_code: 'en', location_coordinate: '47.61,-122.342,14z', depth: 40 });
    assert.deepEqual(data.results.map((place: { id: string }) => place.id), ['ChIJnear', 'ChIJfar']);
  });

  test('pages by offset into the vendor list: the next page asks again, deeper, and starts where the last stopped', async () => {
    reply(PATH, [mapsPage([mapsItem(1, { place_id: 'ChIJone' }), mapsItem(2, { place_id: 'ChIJtwo' }), mapsItem(3, { place_id: 'ChIJthree' })])]);
    const first = (await served('/v1/serp/websearch-maps', { query: 'coffee in seattle', limit: 2 }, PRICE_MICROS)).body.data;
    assert.deepEqual(first.results.map((place: { id: string }) => place.id), ['ChIJone', 'ChIJtwo']);
    assert.ok(first.nextPageToken);
    vendor.fake.reset();
    reply(PATH, [mapsPage([mapsItem(1, { place_id: 'ChIJone' }), mapsItem(2, { place_id: 'ChIJtwo' }), mapsItem(3, { place_id: 'ChIJthree' })])]);
    const second = (await served('/v1/serp/websearch-maps', { query: 'coffee in seattle', limit: 19, nextPageToken: first.nextPageToken }, PRICE_MICROS)).body.data;
    assert.equal(sentTask(PATH).depth, 40, 'two places past, nineteen more: two vendor pages');
    assert.deepEqual(second.results.map((place: { id: string }) => place.id), ['ChIJthree']);
    assert.equal(second.nextPageToken, undefined);
  });

  test('no results (40102) is an empty page at the call price', async () => {
    reply(PATH, null, { status_code: 40102, status_message: 'No Search Results.' });
    const data = (await served('/v1/serp/websearch-maps', { query: 'zzzz qqqq' }, PRICE_MICROS)).body.data;
    assert.deepEqual({ ...data, searchUrl: undefined }, { query: 'zzzz qqqq', totalResults: 0, results: [], searchUrl: undefined });
  });

  test('a task error or an item in an unexpected shape is 502, not charged', async () => {
    reply(PATH, null, { status_code: 50000, status_message: 'Internal Error.' });
    await vendor.failsUncharged('/v1/serp/websearch-maps', { query: 'coffee' }, /is failing right now/, ['Internal Error']);
    vendor.fake.on(`POST /v3/${PATH}`, { json: dataForSeoEnvelope(`/v3/${PATH}`, { result: [mapsPage([mapsItem(1, { rating: 'four' })])] }) });
    await vendor.failsUncharged('/v1/serp/websearch-maps', { query: 'coffee' }, /unexpected shape/);
  });
});
