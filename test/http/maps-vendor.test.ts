import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { PLACE_SUMMARY_FIELDS } from '../../src/schemas/place';
import { MISSING_FIELD_MASK, PERMISSION_DENIED, QUOTA_EXCEEDED, UNAVAILABLE } from '../../src/providers/google-places/fixtures/failures';
import { assertNeutralMessage, startFakeUpstream, type FakeUpstream } from '../helpers/fake-upstream';
import { startTestApp, testDatabaseLabel, type TestApp, type TestResponse } from '../helpers/test-app';
import { googlePlacesProvider } from '../../src/providers/google-places';
import type { PlaceTextSearchRequest } from '../../src/providers/families/places';

/**
 * The Google Places (New) adapter against a fake of the vendor: what it sends (method, path, key,
 * field mask, body), how it maps documented replies field by field, and how vendor failures reach
 * the caller (502 or 400/404, never charged).
 */

const API_KEY = 'test-places-key';
/** What the fake vendor says in its errors; none of it may reach a customer. */
const VENDOR_TEXTS = ['blocked', 'Quota exceeded', 'FieldMask', 'currently unavailable', 'Bad Gateway', 'Internal error', 'PERMISSION_DENIED', 'RESOURCE_EXHAUSTED', API_KEY];
const PLACE_ID = 'ChIJ9aSL2R1qkFQR0rK4nZ2zrEk';
const SPARSE_ID = 'ChIJs5ydyTiuEmsR0fRSlU0C7k0';
const VENDOR_PAGE_TOKEN = 'AUc7tXXp0cK_1ysH2Xr0m0Qw4gLq9yR3nG8xT5u-ZbVd7kE2pQ';

const WEEKDAYS = [
  'Monday: 7:00\u202fAM\u2009–\u20096:00\u202fPM',
  'Tuesday: 7:00\u202fAM\u2009–\u20096:00\u202fPM',
  'Wednesday: 7:00\u202fAM\u2009–\u20096:00\u202fPM',
  'Thursday: 7:00\u202fAM\u2009–\u20096:00\u202fPM',
  'Friday: 7:00\u202fAM\u2009–\u20097:00\u202fPM',
  'Saturday: 8:00\u202fAM\u2009–\u20097:00\u202fPM',
  'Sunday: Closed',
];

function reviewOf(reference: string, rating: number, publishTime: string, relative: string, author: string, text: string | undefined) {
  return {
    name: `places/${PLACE_ID}/reviews/${reference}`,
    relativePublishTimeDescription: relative,
    rating,
    ...(text !== undefined ? { text: { text, languageCode: 'en' }, originalText: { text, languageCode: 'en' } } : {}),
    authorAttribution: { displayName: author, uri: `https://www.google.com/maps/contrib/1${reference.length}0443/reviews`, photoUri: `https://lh3.googleusercontent.com/a-/ALV-${reference}=s128-c0x00000000-cc-rp-mo` },
    publishTime,
    flagContentUri: `https://www.google.com/local/review/rap/report?postId=${reference}`,
    googleMapsUri: `https://www.google.com/maps/reviews/data=!4m6!14m5!1m4!2m3!1s${reference}`,
  };
}

const VENDOR_REVIEWS = [
  reviewOf('ChZDSUhNMG9nS0VJQ0FnSUQ1', 5, '2026-09-14T16:20:31.402Z', 'a month ago', 'Dana K.', 'Best pour-over on Pike, friendly staff.'),
  reviewOf('ChdDSUhNMG9nS0VJQ0FnSURqdw', 3, '2026-10-02T08:01:12.118Z', '3 weeks ago', 'Ari M.', 'Good coffee, slow line on weekends.'),
  reviewOf('ChZDSUhNMG9nS0VJQ0FnSURiZw', 4, '2025-12-01T19:45:00Z', '10 months ago', 'Sam R.', undefined),
  reviewOf('ChdDSUhNMG9nS0VJQ0FnSUQ2cQ', 1, '2026-06-30T12:00:00Z', '4 months ago', 'Lee T.', 'Burnt espresso.'),
  reviewOf('ChZDSUhNMG9nS0VJQ0FnSURLQQ', 5, '2026-10-20T07:30:00Z', 'a week ago', 'Jo P.', 'Lovely cardamom bun.'),
];

/** A Place as Text Search and Place Details return it with our field mask (google.maps.places.v1.Place, JSON). */
const RICH_PLACE = {
  name: `places/${PLACE_ID}`,
  id: PLACE_ID,
  types: ['coffee_shop', 'cafe', 'food', 'point_of_interest', 'store', 'establishment'],
  nationalPhoneNumber: '(206) 555-0133',
  internationalPhoneNumber: '+1 206-555-0133',
  formattedAddress: '1124 Pike St, Seattle, WA 98101, USA',
  addressComponents: [
    { longText: '1124', shortText: '1124', types: ['street_number'], languageCode: 'en-US' },
    { longText: 'Pike Street', shortText: 'Pike St', types: ['route'], languageCode: 'en' },
    { longText: 'Downtown Seattle', shortText: 'Downtown Seattle', types: ['neighborhood', 'political'], languageCode: 'en' },
    { longText: 'Seattle', shortText: 'Seattle', types: ['locality', 'political'], languageCode: 'en' },
    { longText: 'King County', shortText: 'King County', types: ['administrative_area_level_2', 'political'], languageCode: 'en' },
    { longText: 'Washington', shortText: 'WA', types: ['administrative_area_level_1', 'political'], languageCode: 'en' },
    { longText: 'United States', shortText: 'US', types: ['country', 'political'], languageCode: 'en' },
    { longText: '98101', shortText: '98101', types: ['postal_code'], languageCode: 'en-US' },
  ],
  plusCode: { globalCode: '84VVJM8F+7M', compoundCode: 'JM8F+7M Seattle, Washington, USA' },
  location: { latitude: 47.6144932, longitude: -122.3282641 },
  viewport: { low: { latitude: 47.6131, longitude: -122.3296 }, high: { latitude: 47.6158, longitude: -122.3269 } },
  rating: 4.6,
  googleMapsUri: 'https://maps.google.com/?cid=5372949817465638925',
  websiteUri: 'https://pikestreetroastery.example/',
  regularOpeningHours: { openNow: true, periods: [{ open: { day: 1, hour: 7, minute: 0 }, close: { day: 1, hour: 18, minute: 0 } }], weekdayDescriptions: WEEKDAYS, nextCloseTime: '2026-11-22T02:00:00Z' },
  utcOffsetMinutes: -480,
  adrFormatAddress: '<span class="street-address">1124 Pike St</span>, <span class="locality">Seattle</span>',
  businessStatus: 'OPERATIONAL',
  priceLevel: 'PRICE_LEVEL_INEXPENSIVE',
  userRatingCount: 1450,
  iconMaskBaseUri: 'https://maps.gstatic.com/mapfiles/place_api/icons/v2/cafe_pinlet',
  iconBackgroundColor: '#FF9E67',
  displayName: { text: 'Pike Street Roastery', languageCode: 'en' },
  primaryTypeDisplayName: { text: 'Coffee Shop', languageCode: 'en-US' },
  takeout: true,
  delivery: false,
  dineIn: true,
  curbsidePickup: false,
  reservable: false,
  servesBreakfast: true,
  servesVegetarianFood: true,
  servesCoffee: true,
  servesDessert: true,
  goodForChildren: true,
  allowsDogs: true,
  restroom: true,
  goodForGroups: false,
  outdoorSeating: false,
  currentOpeningHours: {
    openNow: false,
    periods: [{ open: { day: 0, hour: 8, minute: 0, date: { year: 2026, month: 11, day: 23 } }, close: { day: 0, hour: 18, minute: 0, date: { year: 2026, month: 11, day: 23 } } }],
    weekdayDescriptions: WEEKDAYS,
    nextOpenTime: '2026-11-23T15:00:00Z',
  },
  primaryType: 'coffee_shop',
  shortFormattedAddress: '1124 Pike St, Seattle',
  editorialSummary: { text: 'Small-batch roastery with a pour-over bar and house pastries.', languageCode: 'en' },
  reviews: VENDOR_REVIEWS,
  photos: Array.from({ length: 10 }, (_, index) => ({
    name: `places/${PLACE_ID}/photos/AUc7tXW${index}Qm8pL2sKx9Rf3vYbN0aHjE6dT1uIo`,
    widthPx: index % 2 === 0 ? 4032 : 3024,
    heightPx: index % 2 === 0 ? 3024 : 4032,
    authorAttributions: [{ displayName: index === 0 ? 'Pike Street Roastery' : `Visitor ${index}`, uri: 'https://maps.google.com/maps/contrib/106222166168758671498', photoUri: 'https://lh3.googleusercontent.com/a-/ALV-UjW=s100-p-k-no-mo' }],
    flagContentUri: 'https://www.google.com/local/review/rap/report?postId=CIHM0ogKEICAgID',
    googleMapsUri: `https://www.google.com/maps/place//data=!3m4!1e2!3m2!1sCIHM0ogKEICAgIC${index}!2e10`,
  })),
  paymentOptions: { acceptsCreditCards: true, acceptsDebitCards: true, acceptsCashOnly: false, acceptsNfc: true },
  parkingOptions: { paidStreetParking: true, paidGarageParking: true },
  accessibilityOptions: { wheelchairAccessibleEntrance: true, wheelchairAccessibleRestroom: true, wheelchairAccessibleSeating: false },
  generativeSummary: {
    overview: { text: 'Roastery known for single-origin pour-overs and cardamom buns.', languageCode: 'en-US' },
    overviewFlagContentUri: 'https://www.google.com/local/review/rap/report?postId=gen',
    disclosureText: { text: 'Summarized with Gemini', languageCode: 'en-US' },
  },
  priceRange: { startPrice: { currencyCode: 'USD', units: '1' }, endPrice: { currencyCode: 'USD', units: '10' } },
  timeZone: { id: 'America/Los_Angeles' },
  reviewSummary: {
    text: { text: 'People say the coffee is excellent and the staff friendly; weekends get busy.', languageCode: 'en-US' },
    flagContentUri: 'https://www.google.com/local/review/rap/report?postId=rs',
    disclosureText: { text: 'Summarized with Gemini', languageCode: 'en-US' },
  },
  googleMapsLinks: {
    directionsUri: `https://www.google.com/maps/dir//''/data=!4m7!4m6!1m1!4e2!1m2!1m1!1s0x54906ab:0x4a90e2d5d7f7c10d!3e0`,
    placeUri: 'https://maps.google.com/?cid=5372949817465638925',
    writeAReviewUri: 'https://www.google.com/maps/place//data=!4m3!3m2!1s0x54906ab:0x4a90e2d5d7f7c10d!12e1',
    reviewsUri: 'https://www.google.com/maps/place//data=!4m4!3m3!1s0x54906ab:0x4a90e2d5d7f7c10d!9m1!1b1',
    photosUri: 'https://www.google.com/maps/place//data=!4m3!3m2!1s0x54906ab:0x4a90e2d5d7f7c10d!10e5',
  },
  pureServiceAreaBusiness: false,
};

/** What the rich place must become. */
const RICH_EXPECTED = {
  id: PLACE_ID,
  name: 'Pike Street Roastery',
  primaryType: 'coffee_shop',
  primaryTypeDisplay: 'Coffee Shop',
  types: ['coffee_shop', 'cafe', 'food', 'point_of_interest', 'store', 'establishment'],
  address: '1124 Pike St, Seattle, WA 98101, USA',
  shortAddress: '1124 Pike St, Seattle',
  addressComponents: { city: 'Seattle', state: 'WA', country: 'US', postalCode: '98101', neighborhood: 'Downtown Seattle' },
  phone: '(206) 555-0133',
  internationalPhone: '+1 206-555-0133',
  website: 'https://pikestreetroastery.example/',
  googleMapsUrl: 'https://maps.google.com/?cid=5372949817465638925',
  latitude: 47.6144932,
  longitude: -122.3282641,
  plusCode: '84VVJM8F+7M',
  rating: 4.6,
  userRatingCount: 1450,
  priceLevel: 'inexpensive',
  priceRange: { min: 1, max: 10, currency: 'USD' },
  businessStatus: 'OPERATIONAL',
  openNow: false,
  hours: WEEKDAYS,
  nextOpenTime: '2026-11-23T15:00:00Z',
  timezone: 'America/Los_Angeles',
  summary: 'Small-batch roastery with a pour-over bar and house pastries.',
  aiSummary: 'Roastery known for single-origin pour-overs and cardamom buns.',
  reviewSummary: 'People say the coffee is excellent and the staff friendly; weekends get busy.',
  iconUrl: 'https://maps.gstatic.com/mapfiles/place_api/icons/v2/cafe_pinlet.svg',
  iconBackgroundColor: '#FF9E67',
  amenities: {
    dineIn: true, takeout: true, delivery: false, curbsidePickup: false, reservable: false, servesBreakfast: true, servesCoffee: true,
    servesDessert: true, servesVegetarianFood: true, outdoorSeating: false, goodForChildren: true, allowsDogs: true, goodForGroups: false, restroom: true,
  },
  payments: { acceptsCreditCards: true, acceptsDebitCards: true, acceptsNfc: true, acceptsCashOnly: false },
  parking: { paidStreetParking: true, paidGarageParking: true },
  accessibility: { wheelchairAccessibleEntrance: true, wheelchairAccessibleRestroom: true, wheelchairAccessibleSeating: false },
  photos: RICH_PLACE.photos.map((photo, index) => ({
    reference: photo.name,
    width: photo.widthPx,
    height: photo.heightPx,
    attribution: index === 0 ? 'Pike Street Roastery' : `Visitor ${index}`,
    googleMapsUrl: photo.googleMapsUri,
  })),
  topReview: { rating: 5, text: 'Best pour-over on Pike, friendly staff.', author: 'Dana K.', publishedAt: '2026-09-14T16:20:31.402Z', relativeTime: 'a month ago' },
  directionsUrl: RICH_PLACE.googleMapsLinks.directionsUri,
  reviewsUrl: RICH_PLACE.googleMapsLinks.reviewsUri,
  photosUrl: RICH_PLACE.googleMapsLinks.photosUri,
  writeReviewUrl: RICH_PLACE.googleMapsLinks.writeAReviewUri,
};

/** A place that reports little: no primary type, no hours but regular ones, an open-ended price range. */
const SPARSE_PLACE = {
  name: `places/${SPARSE_ID}`,
  id: SPARSE_ID,
  types: ['bakery', 'food', 'point_of_interest', 'establishment'],
  formattedAddress: 'Rua da Rosa 12, 1200-385 Lisboa, Portugal',
  location: { latitude: 38.7131, longitude: -9.1446 },
  priceLevel: 'PRICE_LEVEL_UNSPECIFIED',
  businessStatus: 'BUSINESS_STATUS_UNSPECIFIED',
  displayName: { text: 'Padaria da Rosa' },
  regularOpeningHours: { openNow: true, weekdayDescriptions: [] },
  priceRange: { startPrice: { currencyCode: 'EUR', units: '20', nanos: 500000000 } },
  photos: [],
  reviews: [{ name: `places/${SPARSE_ID}/reviews/x`, publishTime: '2026-01-01T00:00:00Z' }],
};

const SPARSE_EXPECTED = {
  id: SPARSE_ID,
  name: 'Padaria da Rosa',
  primaryType: 'bakery',
  primaryTypeDisplay: 'Bakery',
  types: ['bakery', 'food', 'point_of_interest', 'establishment'],
  address: 'Rua da Rosa 12, 1200-385 Lisboa, Portugal',
  shortAddress: 'Rua da Rosa 12, 1200-385 Lisboa, Portugal',
  addressComponents: {},
  latitude: 38.7131,
  longitude: -9.1446,
  priceRange: { min: 20.5, currency: 'EUR' },
  openNow: true,
  photos: [],
};

describe(`maps on the Google Places adapter, against a fake vendor (${testDatabaseLabel()})`, () => {
  let fake: FakeUpstream;
  let app: TestApp;
  let accountId: string;
  let apiKey: string;

  before(async () => {
    fake = await startFakeUpstream();
    app = await startTestApp({}, { GOOGLE_PLACES_API_KEY: API_KEY, GOOGLE_PLACES_BASE_URL: fake.url, TOLLGATE_UPSTREAM_TIMEOUT_MS: '2000', TOLLGATE_RATE_LIMIT_PER_MINUTE: '100000' });
    ({ accountId, apiKey } = await app.createAccount('20.00'));
  });
  after(async () => {
    await app?.close();
    await fake?.close();
  });
  beforeEach(() => fake.reset());

  async function served(path: string, body: unknown, costUsd: string): Promise<TestResponse> {
    const before = await app.balance(accountId);
    const response = await app.post(path, body, apiKey);
    assert.equal(response.status, 200, JSON.stringify(response.body));
    assert.equal(response.headers.get('x-tollgate-provider'), 'live');
    assert.equal(response.headers.get('x-cost-usd'), costUsd);
    assert.equal(before - (await app.balance(accountId)), Math.round(Number(costUsd) * 1_000_000));
    return response;
  }

  async function refused(path: string, body: unknown, status: number, code: string, message: RegExp): Promise<void> {
    const before = await app.balance(accountId);
    const response = await app.post(path, body, apiKey);
    assert.equal(response.status, status, JSON.stringify(response.body));
    assert.equal(response.body.error.code, code);
    assert.match(response.body.error.message, message);
    if (status === 502) assertNeutralMessage(response.body.error.message, VENDOR_TEXTS);
    assert.equal(response.headers.get('x-cost-usd'), null);
    assert.equal(await app.balance(accountId), before, 'not charged');
  }

  /**
   * The adapter's full-record text search, called directly: since /v1/serp/websearch-maps moved to
   * the SERP family, no endpoint asks the places vendor for full records or its filters, but the
   * adapter still honours the family's whole request.
   */
  function fullSearch(request: Partial<PlaceTextSearchRequest>) {
    const places = googlePlacesProvider({ apiKey: API_KEY, baseUrl: fake.url, timeoutMs: 1000 });
    const defaults: PlaceTextSearchRequest = { query: 'coffee in seattle', limit: 10, language: 'en', rankBy: 'relevance', openNow: false, fields: 'full' };
    return places.searchText({ ...defaults, ...request }, { signal: new AbortController().signal });
  }

  function maskOf(index = 0): string[] {
    return String(fake.requests[index]!.headers['x-goog-fieldmask']).split(',');
  }

  describe('text search', () => {
    test('a full-record search sends the documented Text Search request: key, full field mask, every filter translated', async () => {
      fake.on('POST /v1/places:searchText', { json: { places: [RICH_PLACE] } });
      await fullSearch({
        limit: 7, region: 'us', rankBy: 'distance', openNow: true, minRating: 4, priceLevels: ['inexpensive', 'moderate'], includedType: 'cafe',
        bias: { latitude: 47.61, longitude: -122.33, radius: 1500 },
      });
      assert.equal(fake.requests.length, 1);
      const sent = fake.requests[0]!;
      assert.equal(sent.method, 'POST');
      assert.equal(sent.url, '/v1/places:searchText');
      assert.equal(sent.headers['x-goog-api-key'], API_KEY);
      assert.equal(sent.headers['content-type'], 'application/json');
      assert.deepEqual(sent.body, {
        textQuery: 'coffee in seattle',
        pageSize: 7,
        languageCode: 'en',
        regionCode: 'us',
        rankPreference: 'DISTANCE',
        openNow: true,
        minRating: 4,
        priceLevels: ['PRICE_LEVEL_INEXPENSIVE', 'PRICE_LEVEL_MODERATE'],
        includedType: 'cafe',
        locationBias: { circle: { center: { latitude: 47.61, longitude: -122.33 }, radius: 1500 } },
      });
      const mask = maskOf();
      assert.deepEqual(mask.filter((path) => !path.startsWith('places.')), ['nextPageToken', 'searchUri']);
      assert.equal(new Set(mask).size, mask.length, 'each path once');
      for (const path of ['id', 'displayName', 'types', 'primaryType', 'primaryTypeDisplayName', 'formattedAddress', 'shortFormattedAddress', 'addressComponents',
        'nationalPhoneNumber', 'internationalPhoneNumber', 'websiteUri', 'googleMapsUri', 'location', 'plusCode', 'rating', 'userRatingCount', 'priceLevel',
        'priceRange', 'businessStatus', 'currentOpeningHours', 'regularOpeningHours', 'timeZone', 'editorialSummary', 'generativeSummary', 'reviewSummary',
        'iconMaskBaseUri', 'iconBackgroundColor', 'dineIn', 'servesCoffee', 'goodForWatchingSports', 'paymentOptions', 'parkingOptions', 'accessibilityOptions',
        'photos', 'reviews', 'googleMapsLinks']) {
        assert.ok(mask.includes(`places.${path}`), `mask has places.${path}`);
      }
      assert.ok(!mask.some((path) => path.includes('*')), 'never the wildcard');
    });

    test('a documented reply maps field by field; absent fields stay absent, required ones fall back', async () => {
      fake.on('POST /v1/places:searchText', { json: { places: [RICH_PLACE, SPARSE_PLACE], searchUri: 'https://maps.google.com/maps/search/coffee+in+seattle' } });
      const page = await fullSearch({});
      assert.equal(page.searchUrl, 'https://maps.google.com/maps/search/coffee+in+seattle');
      assert.equal(page.nextCursor, undefined);
      // As the response carries it: fields left undefined are absent.
      const [rich, sparse] = JSON.parse(JSON.stringify(page.places));
      assert.deepEqual(rich, RICH_EXPECTED);
      assert.deepEqual(sparse, SPARSE_EXPECTED);
      assert.deepEqual(fake.requests[0]!.body, { textQuery: 'coffee in seattle', pageSize: 10, languageCode: 'en', rankPreference: 'RELEVANCE' });
    });

    test('maps/search masks only the subset fields and returns only them', async () => {
      fake.on('POST /v1/places:searchText', { json: { places: [RICH_PLACE] } });
      const data = (await served('/v1/maps/search', { query: 'coffee in seattle', limit: 20, region: 'us' }, '0.07')).body.data;
      const mask = maskOf();
      for (const path of ['id', 'displayName', 'types', 'primaryType', 'formattedAddress', 'nationalPhoneNumber', 'websiteUri', 'googleMapsUri', 'location',
        'rating', 'userRatingCount', 'priceLevel', 'businessStatus', 'currentOpeningHours', 'dineIn', 'photos', 'reviews', 'googleMapsLinks']) {
        assert.ok(mask.includes(`places.${path}`), `mask has places.${path}`);
      }
      for (const path of ['timeZone', 'plusCode', 'paymentOptions', 'parkingOptions', 'accessibilityOptions', 'editorialSummary', 'generativeSummary', 'reviewSummary', 'priceRange', 'iconMaskBaseUri', 'shortFormattedAddress', 'addressComponents', 'internationalPhoneNumber']) {
        assert.ok(!mask.includes(`places.${path}`), `mask leaves out places.${path}`);
      }
      assert.deepEqual(fake.requests[0]!.body, { textQuery: 'coffee in seattle', pageSize: 20, languageCode: 'en', regionCode: 'us', rankPreference: 'RELEVANCE' });
      const expected = Object.fromEntries(PLACE_SUMMARY_FIELDS.filter((field) => field in RICH_EXPECTED).map((field) => [field, (RICH_EXPECTED as Record<string, unknown>)[field]]));
      assert.deepEqual(data.results, [expected]);
    });

    test("the vendor's page token travels inside ours, bound to the search; a stale one is a 400 naming nextPageToken", async () => {
      fake.on('POST /v1/places:searchText', (request) => ({ json: request.body.pageToken ? { places: [SPARSE_PLACE] } : { places: [RICH_PLACE], nextPageToken: VENDOR_PAGE_TOKEN } }));
      const first = (await served('/v1/maps/search', { query: 'coffee in seattle', limit: 1 }, '0.07')).body.data;
      assert.match(first.nextPageToken, /^[A-Za-z0-9_-]+$/);
      assert.notEqual(first.nextPageToken, VENDOR_PAGE_TOKEN);
      const second = (await served('/v1/maps/search', { query: 'coffee in seattle', limit: 5, nextPageToken: first.nextPageToken }, '0.07')).body.data;
      assert.deepEqual(fake.requests[1]!.body, { textQuery: 'coffee in seattle', pageSize: 5, pageToken: VENDOR_PAGE_TOKEN, languageCode: 'en', rankPreference: 'RELEVANCE' });
      assert.deepEqual(second.results.map((place: { id: string }) => place.id), [SPARSE_ID]);
      assert.equal(second.nextPageToken, undefined);

      await refused('/v1/maps/search', { query: 'tea in seattle', nextPageToken: first.nextPageToken }, 400, 'VALIDATION_ERROR', /^nextPageToken: belongs to a different search/);
      assert.equal(fake.requests.length, 2, 'a mismatched token never reaches the vendor');

      fake.on('POST /v1/places:searchText', { status: 400, json: { error: { code: 400, message: 'Invalid page token.', status: 'INVALID_ARGUMENT' } } });
      await refused('/v1/maps/search', { query: 'coffee in seattle', nextPageToken: first.nextPageToken }, 400, 'VALIDATION_ERROR', /^nextPageToken: can no longer be continued/);
    });

    test('no places: `{}` is an empty page, still one call', async () => {
      fake.on('POST /v1/places:searchText', { json: {} });
      const data = (await served('/v1/maps/search', { query: 'zzzz qqqq' }, '0.07')).body.data;
      assert.deepEqual(data, { query: 'zzzz qqqq', totalResults: 0, results: [] });
    });
  });

  describe('details and photos', () => {
    test('place details: GET places/{id} with language, region and a bare full field mask', async () => {
      fake.on(`GET /v1/places/${PLACE_ID}`, { json: RICH_PLACE });
      const data = (await served('/v1/maps/place', { place_id: `places/${PLACE_ID}`, language: 'pt-BR', region: 'br' }, '0.05')).body.data;
      assert.deepEqual(data, RICH_EXPECTED);
      const sent = fake.requests[0]!;
      assert.equal(sent.method, 'GET');
      assert.equal(sent.path, `/v1/places/${PLACE_ID}`);
      assert.equal(sent.query.get('languageCode'), 'pt-BR');
      assert.equal(sent.query.get('regionCode'), 'br');
      assert.equal(sent.headers['x-goog-api-key'], API_KEY);
      const mask = maskOf();
      assert.ok(mask.every((path) => !path.startsWith('places.') && path !== 'nextPageToken'), 'details masks name bare fields');
      for (const path of ['id', 'displayName', 'reviews', 'photos', 'timeZone', 'googleMapsLinks', 'paymentOptions']) assert.ok(mask.includes(path), path);
    });

    test('language: any BCP-47 tag, sent in its canonical form (es-419, zh-Hant-TW); one that is not is a 400 naming language, nothing sent', async () => {
      for (const [language, sent] of [['es-419', 'es-419'], ['zh-hant-tw', 'zh-Hant-TW'], ['EN-us', 'en-US']] as const) {
        fake.requests.length = 0;
        fake.on(`GET /v1/places/${PLACE_ID}`, { json: RICH_PLACE });
        await served('/v1/maps/place', { place_id: `places/${PLACE_ID}`, language }, '0.05');
        assert.equal(fake.requests[0]!.query.get('languageCode'), sent);
      }
      fake.requests.length = 0;
      for (const language of ['english', 'en_US', 'x-private', '']) {
        const { apiKey } = await app.createAccount('1.00');
        const response = await app.post('/v1/maps/place', { place_id: `places/${PLACE_ID}`, language }, apiKey);
        assert.equal(response.status, 400, language);
        assert.equal(response.body.error.message, 'language: must be a BCP-47 language tag such as en, pt-BR or es-419');
      }
      assert.equal(fake.requests.length, 0);
    });

    test('hours: the coming week when given, else the regular week; open now from the coming week first', async () => {
      const place = { ...SPARSE_PLACE, currentOpeningHours: { openNow: false, weekdayDescriptions: [] }, regularOpeningHours: { openNow: true, weekdayDescriptions: WEEKDAYS, nextOpenTime: '2026-11-23T08:00:00Z' } };
      fake.on(`GET /v1/places/${SPARSE_ID}`, { json: place });
      const data = (await served('/v1/maps/place', { place_id: SPARSE_ID }, '0.05')).body.data;
      assert.deepEqual(data.hours, WEEKDAYS);
      assert.equal(data.openNow, false);
      assert.equal(data.nextOpenTime, '2026-11-23T08:00:00Z');
    });

    test('an unknown place: 404 NOT_FOUND (also for an ID the vendor cannot read), not charged', async () => {
      fake.on('GET /v1/places/ChIJunknownPlaceIdentifier00', { status: 404, json: { error: { code: 404, message: 'Requested entity was not found.', status: 'NOT_FOUND' } } });
      await refused('/v1/maps/place', { place_id: 'ChIJunknownPlaceIdentifier00' }, 404, 'NOT_FOUND', /^place_id: no place has the ID ChIJunknownPlaceIdentifier00/);
      fake.on('GET /v1/places/garbled', { status: 400, json: { error: { code: 400, message: 'Not a valid Place ID: garbled', status: 'INVALID_ARGUMENT' } } });
      await refused('/v1/maps/place', { place_id: 'garbled' }, 404, 'NOT_FOUND', /^place_id: no place has the ID garbled/);
    });

    test('photo: GET {reference}/media with the size bounds and skipHttpRedirect, key in the header', async () => {
      const reference = RICH_PLACE.photos[0]!.name;
      fake.on(`GET /v1/${reference}/media`, { json: { name: `${reference}/media`, photoUri: 'https://lh3.googleusercontent.com/place-photos/AJnk2cz=s1600-w800' } });
      const data = (await served('/v1/maps/photo', { reference: reference.replace(/^places\//, ''), max_width: 800 }, '0.02')).body.data;
      assert.deepEqual(data, { reference, photoUri: 'https://lh3.googleusercontent.com/place-photos/AJnk2cz=s1600-w800' });
      const sent = fake.requests[0]!;
      assert.equal(sent.method, 'GET');
      assert.equal(sent.path, `/v1/${reference}/media`);
      assert.deepEqual(Object.fromEntries(sent.query), { maxWidthPx: '800', skipHttpRedirect: 'true' });
      assert.equal(sent.headers['x-goog-api-key'], API_KEY);

      fake.on(`GET /v1/${reference}/media`, { status: 404, json: { error: { code: 404, message: 'Photo not found.', status: 'NOT_FOUND' } } });
      await refused('/v1/maps/photo', { reference, max_height: 300 }, 404, 'NOT_FOUND', /^reference: no photo/);
    });
  });

  describe('vendor failures: 502 UPSTREAM_ERROR, never charged', () => {
    const search = { query: 'coffee in seattle' };
    // Transient failures (429, 5xx, a dropped connection) are tried three times within the 1 s budget; the rest once.
    const failures: Array<[string, { status?: number; json?: unknown; raw?: string; delayMs?: number; hangUp?: boolean }, RegExp, number]> = [
      ['key refused', { status: 403, json: PERMISSION_DENIED }, /^The data source for this endpoint is unavailable \(configuration\); try again later\.$/, 1],
      ['quota', { status: 429, json: QUOTA_EXCEEDED }, /rate-limiting us \(it answered HTTP 429\)/, 3],
      ['bad request of ours', { status: 400, json: MISSING_FIELD_MASK }, /rejected the request\.$/, 1],
      ['outage', { status: 503, json: UNAVAILABLE }, /failing right now \(it answered HTTP 503\)/, 3],
      ['an error page, not JSON', { status: 502, raw: '<html>Bad Gateway</html>' }, /failing right now \(it answered HTTP 502\)/, 3],
      ['malformed JSON', { raw: '{"places": [' }, /malformed answer/, 1],
      ['a place without its id', { json: { places: [{ displayName: { text: 'Nameless' } }] } }, /unexpected shape/, 1],
      ['a photo without its size', { json: { places: [{ ...RICH_PLACE, photos: [{ name: 'places/x/photos/y' }] }] } }, /unexpected shape/, 1],
      ['too slow', { delayMs: 5_000, json: {} }, /did not answer in time/, 1],
      ['connection dropped', { hangUp: true }, /unreachable/, 3],
    ];
    for (const [label, reply, message, attempts] of failures) {
      test(`${label}: 502 in our words, after ${attempts} call(s)`, async () => {
        fake.on('POST /v1/places:searchText', reply);
        await refused('/v1/maps/search', search, 502, 'UPSTREAM_ERROR', message);
        assert.equal(fake.requests.length, attempts);
      });
    }

    test('a 503 with an HTML page, then the places: served and charged once', async () => {
      let calls = 0;
      fake.on('POST /v1/places:searchText', () => (calls++ === 0 ? { status: 503, raw: '<html>Service Unavailable</html>', headers: { 'content-type': 'text/html' } } : { json: { places: [RICH_PLACE] } }));
      const response = await served('/v1/maps/search', search, '0.07');
      assert.equal(response.body.data.results.length, 1);
      assert.equal(fake.requests.length, 2);
    });

    test('details and photos map failures the same way', async () => {
      const outage = { status: 500, json: { error: { code: 500, message: 'Internal error encountered.', status: 'INTERNAL' } } };
      fake.on(`GET /v1/places/${PLACE_ID}`, outage);
      fake.on(`GET /v1/${RICH_PLACE.photos[0]!.name}/media`, { json: { name: 'no uri' } });
      await refused('/v1/maps/place', { place_id: PLACE_ID }, 502, 'UPSTREAM_ERROR', /failing right now \(it answered HTTP 500\)/);
      await refused('/v1/maps/photo', { reference: RICH_PLACE.photos[0]!.name, max_width: 10 }, 502, 'UPSTREAM_ERROR', /unexpected shape/);
    });
  });
});
