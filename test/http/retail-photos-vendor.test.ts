import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mediaIdOf } from '../../src/photos/shortcode';
import { upstreamCostMicros as retailRequestCost } from '../../src/providers/openwebninja/costs';
import { REQUEST_COST as PHOTOS_REQUEST_COST } from '../../src/providers/rapidapi-photos/costs';
import * as photoAnswers from '../../src/providers/rapidapi-photos/fixtures/answers';
import { startTestApp, testDatabaseLabel, type TestApp, type TestResponse } from '../helpers/test-app';
import { charged, uncharged, failedUncharged, upstreamCostOf } from '../helpers/vendor-calls';
import { KNOWN } from '../fakes/openwebninja-answers';
import { CREDENTIALS, startFakeOpenWebNinja, type FakeOpenWebNinja } from '../fakes/openwebninja-server';
import { PHOTOS_VENDOR_KEY, startFakePhotosVendor, type FakePhotosVendor } from '../fakes/photos-vendor-server';

/**
 * The retail and photos endpoints on their vendors (fakes of the marketplace data API, direct and
 * through RapidAPI, and of the photo-platform data API on RapidAPI), through the real server and
 * database: the vendors' documented answers in our records (`x-tollgate-provider: live`, vendor
 * names hidden), charged exactly; our parameters in the vendor's words (deals pages as offsets,
 * our end_cursor around the vendor's pagination token); what the vendor does not know a 404 and
 * a failing vendor a 502 in our words, neither charged; a bad field a 400 before any vendor
 * request; and what each call cost upstream in the call log.
 */


/** What the fakes say and the credentials; none of it may reach a customer. */
const VENDOR_TEXTS = [
  'MONTHLY quota', 'Upgrade your plan', 'Something went wrong', 'Upstream error while fetching', CREDENTIALS.apiKey, CREDENTIALS.rapidApiKey,
  CREDENTIALS.rapidApiHost, PHOTOS_VENDOR_KEY, photoAnswers.USERNAME,
];
const VENDOR_NAMES = /ninja|rapid|amazon|instagram|social/i;
const VENDOR = { texts: VENDOR_TEXTS, names: VENDOR_NAMES };

/** The marketplace wrapper around a retail answer: OK, our request id, the request as understood; its data. */
function wrapped(response: TestResponse, parameters: Record<string, unknown>): any {
  const answer = response.body.data;
  assert.deepEqual(Object.keys(answer), ['status', 'request_id', 'parameters', 'data']);
  assert.equal(answer.status, 'OK');
  assert.equal(answer.request_id, response.headers.get('x-request-id'));
  assert.deepEqual(answer.parameters, parameters);
  return answer.data;
}

describe(`retail endpoints on the marketplace data vendor, direct (${testDatabaseLabel()})`, () => {
  let vendor: FakeOpenWebNinja;
  let app: TestApp;
  before(async () => {
    vendor = await startFakeOpenWebNinja();
    app = await startTestApp({}, {
      OPENWEBNINJA_API_KEY: CREDENTIALS.apiKey,
      OPENWEBNINJA_BASE_URL: `${vendor.fake.url}/realtime-amazon-data`,
      TOLLGATE_EXPOSE_VENDOR_NAMES: 'false',
      TOLLGATE_UPSTREAM_TIMEOUT_MS: '3000',
    });
  });
  after(async () => {
    await app?.close();
    await vendor?.close();
  });
  beforeEach(() => vendor.reset());

  test('product: the vendor’s product in the wrapper, $0.02, its ASIN sent upper-cased with the key; the request’s cost in the call log', async () => {
    const { response, cost } = await charged(app, '/v1/retail/product', { asin: KNOWN.asin.toLowerCase() });
    assert.equal(cost, 20_000);
    const product = wrapped(response, { asin: KNOWN.asin, country: 'US' });
    assert.equal(product.asin, KNOWN.asin);
    assert.equal(product.product_title, 'Northwind LED Desk Lamp, Dimmable, USB-C');
    assert.equal(product.product_price, '$24.99');
    assert.equal(product.product_star_rating, '4.6');
    assert.equal(product.is_retail_choice, true);
    assert.deepEqual(product.about_product, ['Three colour temperatures, five brightness levels.', 'USB-C charging port on the base.']);
    assert.equal(product.is_amazon_choice, undefined, 'the vendor’s own names do not pass through');
    const sent = vendor.requests('product-details');
    assert.equal(sent.length, 1);
    assert.equal(sent[0]!.path, '/realtime-amazon-data/product-details');
    assert.deepEqual(Object.fromEntries(sent[0]!.query), { asin: KNOWN.asin, country: 'US' });
    assert.equal(sent[0]!.headers['x-api-key'], CREDENTIALS.apiKey);
    assert.equal(await upstreamCostOf(app, response), retailRequestCost('product-details', 'direct'));
  });

  test('product-offers: $0.02, limit and page sent, offers cheapest delivered first, cut to our limit', async () => {
    const { response, cost } = await charged(app, '/v1/retail/product-offers', { asin: KNOWN.asin, limit: 1, product_condition: 'NEW' });
    assert.equal(cost, 20_000);
    const offers = wrapped(response, { asin: KNOWN.asin, country: 'US', limit: 1, page: 1, product_condition: 'NEW' });
    assert.deepEqual(offers.buy_boxes.map((offer: any) => [offer.seller, offer.product_price, offer.is_buy_box_winner]), [['Amazon.com', '$24.99', true]]);
    assert.deepEqual(Object.fromEntries(vendor.requests('product-offers')[0]!.query), { asin: KNOWN.asin, country: 'US', limit: '1', page: '1', product_condition: 'NEW' });
  });

  test('search: $0.01, our filters sent as the vendor’s, the listing mapped (an ASIN-less block left out)', async () => {
    const { response, cost } = await charged(app, '/v1/retail/search', { query: 'desk lamp', sort_by: 'LOWEST_PRICE', is_prime: true });
    assert.equal(cost, 10_000);
    const page = wrapped(response, { query: 'desk lamp', country: 'US', sort_by: 'LOWEST_PRICE', product_condition: 'ALL', is_prime: true, page: 1 });
    assert.equal(page.total_products, 1204);
    assert.deepEqual(page.products.map((product: any) => product.asin), [KNOWN.asin, 'B0D1LAMP02']);
    assert.equal(page.products[0].sales_volume, '2K+ bought in past month');
    assert.equal(page.products[1].product_price, '$12.50');
    assert.deepEqual(Object.fromEntries(vendor.requests('search')[0]!.query), { query: 'desk lamp', country: 'US', page: '1', sort_by: 'LOWEST_PRICE', product_condition: 'ALL', is_prime: 'true' });
  });

  test('search: min_price, max_price and four_stars_and_up go to the vendor under their own names, $0.01', async () => {
    const body = { query: 'desk lamp', country: 'de', min_price: 20, max_price: 60, four_stars_and_up: true };
    const { response, cost } = await charged(app, '/v1/retail/search', body);
    assert.equal(cost, 10_000);
    wrapped(response, { query: 'desk lamp', country: 'DE', sort_by: 'RELEVANCE', product_condition: 'ALL', min_price: 20, max_price: 60, four_stars_and_up: true, page: 1 });
    assert.deepEqual(Object.fromEntries(vendor.requests('search')[0]!.query), {
      query: 'desk lamp', country: 'DE', page: '1', sort_by: 'RELEVANCE', product_condition: 'ALL', min_price: '20', max_price: '60', four_stars_and_up: 'true',
    });
  });

  test('deals page 2: offset 30, ranges as the vendor’s positions, rating, category and the lightning switch; a deal without a price left out', async () => {
    const body = { page: 2, price_range: 'OVER_100', discount_range: '25_OFF', deal_type: 'LIGHTNING_DEAL', category: 'Software', min_rating: '4' };
    const { response, cost } = await charged(app, '/v1/retail/deals', body);
    assert.equal(cost, 10_000);
    const { deals } = wrapped(response, { ...body, country: 'US', category: 'software' });
    assert.deepEqual(deals.map((deal: any) => [deal.deal_id, deal.deal_price.amount, deal.savings_percentage]), [['4a1b2c3d', 19.99, 43], ['5e6f7a8b', 29, 25]]);
    assert.deepEqual(Object.fromEntries(vendor.requests('deals-v2')[0]!.query), {
      country: 'US', offset: '30', price_range: '4,5', discount_range: '2', min_product_star_rating: '4', categories: 'software', lightning_deals: 'true',
    });
  });

  test('best-sellers: HOT_NEW_RELEASES asked as the vendor’s NEW_RELEASES; ranks and prices mapped', async () => {
    const { response, cost } = await charged(app, '/v1/retail/best-sellers', { category: KNOWN.bestSellerCategory, type: 'HOT_NEW_RELEASES' });
    assert.equal(cost, 10_000);
    const { best_sellers: list } = wrapped(response, { category: KNOWN.bestSellerCategory, country: 'US', type: 'HOT_NEW_RELEASES', page: 1 });
    assert.deepEqual(list.map((item: any) => [item.rank, item.asin, item.product_price, item.rank_change_label]), [[1, 'B0SOFT0001', '$99.99', '+3'], [2, 'B0SOFT0002', null, null]]);
    assert.deepEqual(Object.fromEntries(vendor.requests('best-sellers')[0]!.query), { category: KNOWN.bestSellerCategory, type: 'NEW_RELEASES', page: '1', country: 'US' });
  });

  test('seller: the profile and its feedback by period', async () => {
    const { response, cost } = await charged(app, '/v1/retail/seller', { seller_id: KNOWN.sellerId });
    assert.equal(cost, 10_000);
    const seller = wrapped(response, { seller_id: KNOWN.sellerId, country: 'US' });
    assert.deepEqual([seller.name, seller.rating, seller.ratings_total, seller.review_summary.thirty_days.count], ['Harbor Goods', 4.7, 1283, 41]);
  });

  test('what the vendor does not know is 404 NOT_FOUND naming the field, not charged (the request was made)', async () => {
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['/v1/retail/product', { asin: 'B000000000' }, 'asin'],
      ['/v1/retail/product-offers', { asin: 'B000000000' }, 'asin'],
      ['/v1/retail/product-reviews', { asin: 'B000000000' }, 'asin'],
      ['/v1/retail/seller', { seller_id: 'A000000000000Z' }, 'seller_id'],
      ['/v1/retail/seller-reviews', { seller_id: 'A000000000000Z' }, 'seller_id'],
      ['/v1/retail/best-sellers', { category: 'garden' }, 'category'],
      ['/v1/retail/products-by-category', { category_id: '1' }, 'category_id'],
      ['/v1/retail/influencer', { influencer_name: 'nobody-at-all' }, 'influencer_name'],
    ];
    for (const [path, body, field] of cases) {
      assert.match(await uncharged(app, path, body, 404, 'NOT_FOUND'), new RegExp(`^${field}: `), path);
    }
    assert.equal(vendor.fake.requests.length, cases.length);
  });

  test('a spent quota (429), a vendor error (500), a body that is not JSON and JSON of another shape: 502 in our words, not charged', async () => {
    vendor.fail('quota');
    assert.match(await failedUncharged(app, '/v1/retail/product', { asin: KNOWN.asin }, VENDOR), /rate-limiting/);
    vendor.fail('error');
    assert.match(await failedUncharged(app, '/v1/retail/search', { query: 'desk lamp' }, VENDOR), /failing right now/);
    vendor.fail('malformed');
    assert.match(await failedUncharged(app, '/v1/retail/product-offers', { asin: KNOWN.asin }, VENDOR), /malformed/);
    vendor.fail('shape');
    assert.match(await failedUncharged(app, '/v1/retail/deals', {}, VENDOR), /unexpected shape/);
  });

  test('a bad field is a 400 naming it, answered before any vendor request', async () => {
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['/v1/retail/product', { asin: 'B0-12345' }, 'asin'],
      ['/v1/retail/deals', { page: 0 }, 'page'],
      ['/v1/retail/best-sellers', { category: 'software', type: 'MOST_WISHED_FOR' }, 'type'],
      ['/v1/retail/search', { query: 'desk lamp', country: 'XX' }, 'country'],
      ['/v1/retail/search', { query: 'desk lamp', min_price: -1 }, 'min_price'],
      ['/v1/retail/search', { query: 'desk lamp', min_price: 50, max_price: 20 }, 'min_price'],
      ['/v1/retail/search', { query: 'desk lamp', max_price: 19.99 }, 'max_price'],
      ['/v1/retail/search', { query: 'desk lamp', four_stars_and_up: 'yes' }, 'four_stars_and_up'],
    ];
    for (const [path, body, field] of cases) {
      assert.match(await uncharged(app, path, body, 400, 'VALIDATION_ERROR'), new RegExp(`^${field}\\b`), path);
    }
    assert.equal(vendor.fake.requests.length, 0);
  });
});

describe(`retail endpoints on the marketplace data vendor through RapidAPI (${testDatabaseLabel()})`, () => {
  let vendor: FakeOpenWebNinja;
  let app: TestApp;
  before(async () => {
    vendor = await startFakeOpenWebNinja();
    app = await startTestApp({}, {
      // The direct key wins when set: left unset, so RapidAPI is the channel.
      OPENWEBNINJA_API_KEY: '',
      RAPIDAPI_KEY: CREDENTIALS.rapidApiKey,
      RAPIDAPI_RETAIL_HOST: CREDENTIALS.rapidApiHost,
      RAPIDAPI_RETAIL_BASE_URL: vendor.fake.url,
      TOLLGATE_EXPOSE_VENDOR_NAMES: 'false',
      TOLLGATE_UPSTREAM_TIMEOUT_MS: '3000',
    });
  });
  after(async () => {
    await app?.close();
    await vendor?.close();
  });
  beforeEach(() => vendor.reset());

  test('product: the same operation at the host’s root with the RapidAPI key and host (no direct key); $0.02; the RapidAPI request’s cost logged', async () => {
    const { response, cost } = await charged(app, '/v1/retail/product', { asin: KNOWN.asin });
    assert.equal(cost, 20_000);
    const product = wrapped(response, { asin: KNOWN.asin, country: 'US' });
    assert.equal(product.product_title, 'Northwind LED Desk Lamp, Dimmable, USB-C');
    const [sent] = vendor.requests('product-details');
    assert.equal(sent!.path, '/product-details');
    assert.equal(sent!.headers['x-rapidapi-key'], CREDENTIALS.rapidApiKey);
    assert.equal(sent!.headers['x-rapidapi-host'], CREDENTIALS.rapidApiHost);
    assert.equal(sent!.headers['x-api-key'], undefined);
    assert.equal(await upstreamCostOf(app, response), retailRequestCost('product-details', 'rapidapi'));
  });

  test('deals page 2 is offset 30 here too; best-sellers HIGH_RATED is the vendor’s MOST_WISHED_FOR', async () => {
    await charged(app, '/v1/retail/deals', { page: 2 });
    assert.deepEqual(Object.fromEntries(vendor.requests('deals-v2')[0]!.query), { country: 'US', offset: '30' });
    await charged(app, '/v1/retail/best-sellers', { category: KNOWN.bestSellerCategory, type: 'HIGH_RATED', page: 3 });
    assert.deepEqual(Object.fromEntries(vendor.requests('best-sellers')[0]!.query), { category: KNOWN.bestSellerCategory, type: 'MOST_WISHED_FOR', page: '3', country: 'US' });
  });

  test('not found is a 404, a spent quota a 502; neither charged', async () => {
    assert.match(await uncharged(app, '/v1/retail/influencer', { influencer_name: 'nobody-at-all' }, 404, 'NOT_FOUND'), /^influencer_name: /);
    vendor.fail('quota');
    assert.match(await failedUncharged(app, '/v1/retail/influencer', { influencer_name: KNOWN.influencer }, VENDOR), /rate-limiting/);
  });
});

describe(`photos endpoints on the photo-platform data vendor (${testDatabaseLabel()})`, () => {
  let vendor: FakePhotosVendor;
  let app: TestApp;
  before(async () => {
    vendor = await startFakePhotosVendor();
    app = await startTestApp({}, {
      RAPIDAPI_KEY: PHOTOS_VENDOR_KEY,
      // The default host is the one the fake expects.
      RAPIDAPI_PHOTOS_HOST: '',
      RAPIDAPI_PHOTOS_BASE_URL: vendor.baseUrl,
      TOLLGATE_EXPOSE_VENDOR_NAMES: 'false',
      TOLLGATE_UPSTREAM_TIMEOUT_MS: '3000',
    });
  });
  after(async () => {
    await app?.close();
    await vendor?.close();
  });
  beforeEach(() => vendor.reset());

  test('user: the vendor’s profile as our record, $0.01, asked by the username as normalised; one request’s cost logged', async () => {
    const { response, cost } = await charged(app, '/v1/photos/user', { username: '@Northern.Trails' });
    assert.equal(cost, 10_000);
    const user = response.body.data;
    assert.equal(user.id, '5821462185');
    assert.equal(user.username, photoAnswers.USERNAME);
    assert.equal(user.full_name, 'Northern Trails');
    assert.equal(user.follower_count, 48210);
    assert.equal(user.media_count, 873);
    assert.equal(user.is_business_account, true);
    assert.equal(user.category, 'Travel Company');
    assert.equal(user.public_email, undefined, 'what our record does not hold is dropped');
    const sent = vendor.requests('v1/info');
    assert.equal(sent.length, 1);
    assert.deepEqual(Object.fromEntries(sent[0]!.query), { username_or_id_or_url: photoAnswers.USERNAME });
    assert.equal(sent[0]!.headers['x-rapidapi-key'], PHOTOS_VENDOR_KEY);
    assert.equal(sent[0]!.headers['x-rapidapi-host'], 'instagram-scraper-api2.p.rapidapi.com');
    assert.equal(await upstreamCostOf(app, response), PHOTOS_REQUEST_COST);
  });

  test('post: the video’s record (type, counts, video, owner, location, tags)', async () => {
    const { response, cost } = await charged(app, '/v1/photos/post', { shortcode: photoAnswers.VIDEO.code });
    assert.equal(cost, 10_000);
    const post = response.body.data;
    assert.deepEqual(
      [post.id, post.shortcode, post.type, post.caption, post.like_count, post.video_view_count, post.owner.id, post.location?.name, post.tagged_users],
      ['3528153711142566581', 'DD2hRt5oPq1', 'GraphVideo', 'Sunrise timelapse.', 6784, 90189, '5821462185', 'Boom Lookout', [{ username: photoAnswers.FRIEND, full_name: 'Lake Lines' }]],
    );
    assert.deepEqual(Object.fromEntries(vendor.requests('v1/post_info')[0]!.query), { code_or_id_or_url: photoAnswers.VIDEO.code });
  });

  test('user-posts: page 1’s end_cursor is our token around the vendor’s, which page 2 sends back as pagination_token; the last page ends', async () => {
    const first = await charged(app, '/v1/photos/user-posts', { username: photoAnswers.USERNAME });
    assert.equal(first.cost, 10_000);
    const page1 = first.response.body.data;
    assert.equal(page1.has_next_page, true);
    assert.deepEqual(page1.posts.map((post: any) => [post.shortcode, post.type]), [['DCz3xLbNdH7', 'GraphImage'], ['DBq1mVhN2Rk', 'GraphSidecar']]);
    assert.equal(typeof page1.end_cursor, 'string');
    assert.notEqual(page1.end_cursor, photoAnswers.POSTS_TOKEN);
    assert.ok(!page1.end_cursor.includes(photoAnswers.POSTS_TOKEN), 'the vendor’s token is not handed out as it is');

    const second = await charged(app, '/v1/photos/user-posts', { username: photoAnswers.USERNAME, end_cursor: page1.end_cursor });
    assert.equal(second.cost, 10_000);
    const page2 = second.response.body.data;
    assert.deepEqual([page2.has_next_page, page2.end_cursor], [false, null]);
    assert.deepEqual(page2.posts.map((post: any) => [post.id, post.is_video, post.video_view_count]), [['3528153711142566581', true, 90189]]);
    assert.deepEqual(vendor.requests('v1/posts').map((request) => Object.fromEntries(request.query)), [
      { username_or_id_or_url: photoAnswers.USERNAME },
      { username_or_id_or_url: photoAnswers.USERNAME, pagination_token: photoAnswers.POSTS_TOKEN },
    ]);

    // The cursor belongs to that user's posts: another user's, another list, or the vendor's raw token, is a 400 before any request.
    const before = vendor.fake.requests.length;
    for (const [path, body] of [
      ['/v1/photos/user-posts', { username: photoAnswers.FRIEND, end_cursor: page1.end_cursor }],
      ['/v1/photos/user-followers', { username: photoAnswers.USERNAME, end_cursor: page1.end_cursor }],
      ['/v1/photos/user-posts', { username: photoAnswers.USERNAME, end_cursor: photoAnswers.POSTS_TOKEN }],
    ] as const) {
      assert.match(await uncharged(app, path, body, 400, 'VALIDATION_ERROR'), /^end_cursor\b/);
    }
    assert.equal(vendor.fake.requests.length, before);
  });

  test('post-comments: the count beside the page; page 2 from our end_cursor', async () => {
    const first = await charged(app, '/v1/photos/post-comments', { shortcode: photoAnswers.VIDEO.code });
    const page1 = first.response.body.data;
    assert.equal(page1.comment_count, 150);
    assert.deepEqual(page1.comments.map((comment: any) => comment.text), ['Stunning!', 'Where is this?']);
    const second = await charged(app, '/v1/photos/post-comments', { shortcode: photoAnswers.VIDEO.code, end_cursor: page1.end_cursor });
    assert.deepEqual(second.response.body.data.comments.map((comment: any) => comment.text), ['Saved.']);
    assert.equal(vendor.requests('v1/comments')[1]!.query.get('pagination_token'), photoAnswers.COMMENTS_TOKEN);
  });

  test('search: users, hashtags and places from three vendor requests, $0.01; the three requests’ cost logged', async () => {
    const { response, cost } = await charged(app, '/v1/photos/search', { query: 'hiking' });
    assert.equal(cost, 10_000);
    const results = response.body.data;
    assert.deepEqual(results.users.map((user: any) => user.username), [photoAnswers.USERNAME, photoAnswers.FRIEND]);
    assert.deepEqual(results.hashtags.map((tag: any) => tag.name), ['hiking', 'hikingtrails']);
    assert.deepEqual(results.places.map((place: any) => place.title), ['Ridge Trail', 'Boom Lookout']);
    assert.equal(vendor.fake.requests.length, 3);
    assert.equal(await upstreamCostOf(app, response), 3 * PHOTOS_REQUEST_COST);
  });

  test('media-id: the id computed from the shortcode, with its owner from the vendor’s post lookup; an unknown post still has its id, no owner', async () => {
    const known = await charged(app, '/v1/photos/media-id', { shortcode: photoAnswers.VIDEO.code });
    assert.equal(known.cost, 10_000);
    const mediaId = mediaIdOf(photoAnswers.VIDEO.code)!;
    assert.equal(mediaId, '3528153711142566581');
    assert.deepEqual(known.response.body.data, { shortcode: photoAnswers.VIDEO.code, media_id: mediaId, media_id_with_owner: `${mediaId}_5821462185` });
    assert.deepEqual(vendor.requests('v1/post_info').map((request) => Object.fromEntries(request.query)), [{ code_or_id_or_url: photoAnswers.VIDEO.code }]);

    const unknownCode = 'DCz3xLbNdH8';
    const unknown = await charged(app, '/v1/photos/media-id', { shortcode: unknownCode });
    assert.equal(unknown.cost, 10_000);
    assert.deepEqual(unknown.response.body.data, { shortcode: unknownCode, media_id: mediaIdOf(unknownCode), media_id_with_owner: null });
  });

  test('what the vendor does not know is 404 NOT_FOUND naming the field, not charged (its answered request still costs upstream)', async () => {
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['/v1/photos/user', { username: 'no.such.account' }, 'username'],
      ['/v1/photos/user-posts', { username: 'no.such.account' }, 'username'],
      ['/v1/photos/user-stories', { username: 'no.such.account' }, 'username'],
      ['/v1/photos/post', { shortcode: 'DCz3xLbNdH8' }, 'shortcode'],
      ['/v1/photos/post-comments', { shortcode: 'DCz3xLbNdH8' }, 'shortcode'],
      ['/v1/photos/hashtag', { hashtag: 'nosuchtag' }, 'hashtag'],
    ];
    for (const [path, body, field] of cases) {
      assert.match(await uncharged(app, path, body, 404, 'NOT_FOUND'), new RegExp(`^${field}: `), path);
    }
    assert.equal(vendor.fake.requests.length, cases.length);

    const { apiKey } = await app.createAccount('1.00');
    const response = await app.post('/v1/photos/user', { username: 'no.such.account' }, apiKey);
    assert.equal(response.status, 404);
    assert.equal(await upstreamCostOf(app, response), PHOTOS_REQUEST_COST);
  });

  test('a spent quota (429), a vendor error (500), a truncated body and JSON of another shape: 502 in our words, not charged', async () => {
    vendor.fail(photoAnswers.QUOTA_EXHAUSTED);
    assert.match(await failedUncharged(app, '/v1/photos/user', { username: photoAnswers.USERNAME }, VENDOR), /rate-limiting/);
    assert.equal(vendor.fake.requests.length, 1, 'a spent quota is not tried again');
    vendor.fail(photoAnswers.SERVER_ERROR);
    assert.match(await failedUncharged(app, '/v1/photos/user-posts', { username: photoAnswers.USERNAME }, VENDOR), /failing right now/);
    vendor.fail(photoAnswers.TRUNCATED);
    assert.match(await failedUncharged(app, '/v1/photos/post', { shortcode: photoAnswers.VIDEO.code }, VENDOR), /malformed/);
    vendor.fail(photoAnswers.WRONG_SHAPE);
    assert.match(await failedUncharged(app, '/v1/photos/media-id', { shortcode: photoAnswers.VIDEO.code }, VENDOR), /unexpected shape/);
  });

  test('a bad field is a 400 naming it, answered before any vendor request', async () => {
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['/v1/photos/user', { username: 'two..dots' }, 'username'],
      ['/v1/photos/post', { shortcode: 'abc/def' }, 'shortcode'],
      ['/v1/photos/media-id', { shortcode: 'Q__________' }, 'shortcode'],
      // Media id 0: no post has it, on any endpoint that takes a shortcode.
      ['/v1/photos/post', { shortcode: 'AAAAAAAA' }, 'shortcode'],
      ['/v1/photos/post-comments', { shortcode: 'AAAAAAAA' }, 'shortcode'],
      ['/v1/photos/post-likers', { shortcode: 'AAAAAAAAAAA' }, 'shortcode'],
      ['/v1/photos/hashtag', { hashtag: 'two words' }, 'hashtag'],
      ['/v1/photos/user-followers', { username: photoAnswers.USERNAME, end_cursor: 'not-a-cursor' }, 'end_cursor'],
    ];
    for (const [path, body, field] of cases) {
      assert.match(await uncharged(app, path, body, 400, 'VALIDATION_ERROR'), new RegExp(`^${field}\\b`), path);
    }
    assert.equal(vendor.fake.requests.length, 0);
  });
});
