import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { endpoints } from '../../src/endpoints';
import { parseUsd } from '../../src/core/money';
import { shortened } from '../../scripts/sandbox-examples';
import { startTestApp, testDatabaseLabel, type TestApp } from '../helpers/test-app';
import { assertRefusedUncharged } from '../helpers/refusals';

/**
 * The retail endpoints through the real server and database on the sandbox's marketplace: the
 * marketplace's wrapper around every answer, exact charges, 400s naming the field and 404s for
 * what the marketplace does not know (neither charged), and one product, seller and list agreeing
 * across endpoints.
 */

const retail = endpoints.filter((endpoint) => endpoint.id.startsWith('retail.'));
const exampleOf = (id: string) => retail.find((endpoint) => endpoint.id === id)!.examples.request as Record<string, any>;

describe(`retail endpoints on the sandbox marketplace (${testDatabaseLabel()})`, () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp({}, { TOLLGATE_RATE_LIMIT_PER_MINUTE: '100000' });
  });
  after(async () => {
    await app?.close();
  });

  /** The inner data of a paid call, after checking the wrapper. */
  async function data(path: string, body: Record<string, unknown>): Promise<any> {
    const { response } = await app.paidCall(path, body);
    assert.equal(response.body.data.status, 'OK');
    assert.equal(response.body.data.request_id, response.headers.get('x-request-id'));
    return response.body.data.data;
  }

  for (const endpoint of retail) {
    test(`${endpoint.id}: the example answers the documented example inside the wrapper, charged exactly its price`, async () => {
      const { response, cost } = await app.paidCall(endpoint.path, endpoint.examples.request);
      assert.equal(cost, parseUsd(endpoint.path.endsWith('/product') || endpoint.path.endsWith('/product-offers') ? '0.02' : '0.01'));
      const answer = response.body.data;
      assert.deepEqual(Object.keys(answer), ['status', 'request_id', 'parameters', 'data']);
      assert.equal(answer.request_id, response.headers.get('x-request-id'));
      assert.equal(answer.parameters.country, 'US', 'the request as understood, defaults filled in');
      assert.deepEqual(shortened({ ...answer, request_id: 'x' }), { ...(endpoint.examples.response as object), request_id: 'x' });
    });
  }

  test('a malformed ASIN, an unknown marketplace or an unknown enum value is a 400 naming the field, not charged', async () => {
    await assertRefusedUncharged(app, [
      ['/v1/retail/product', { asin: 'B0-12345' }, 'asin'],
      ['/v1/retail/product', { asin: 'B03Y8F3WDLX' }, 'asin'],
      ['/v1/retail/product-reviews', { asin: exampleOf('retail.product').asin, country: 'XX' }, 'country'],
      ['/v1/retail/product-offers', { asin: exampleOf('retail.product').asin, product_condition: 'MINT' }, 'product_condition'],
      ['/v1/retail/product-offers', { asin: exampleOf('retail.product').asin, limit: 101 }, 'limit'],
      ['/v1/retail/best-sellers', { category: 'software', type: 'MOST_WISHED_FOR' }, 'type'],
      ['/v1/retail/products-by-category', { category_id: 'software' }, 'category_id'],
      ['/v1/retail/seller', { seller_id: 'a seller' }, 'seller_id'],
    ], 400);
  });

  test("search's price and rating filters: bad bounds are a 400 naming the field, not charged; products-by-category has none of them", async () => {
    await assertRefusedUncharged(app, [
      ['/v1/retail/search', { query: 'earbuds', min_price: -1 }, 'min_price'],
      ['/v1/retail/search', { query: 'earbuds', max_price: -5 }, 'max_price'],
      ['/v1/retail/search', { query: 'earbuds', min_price: 12.5 }, 'min_price'],
      ['/v1/retail/search', { query: 'earbuds', max_price: 100_000_001 }, 'max_price'],
      ['/v1/retail/search', { query: 'earbuds', min_price: '10' }, 'min_price'],
      ['/v1/retail/search', { query: 'earbuds', min_price: 60, max_price: 59 }, 'min_price'],
      ['/v1/retail/search', { query: 'earbuds', four_stars_and_up: 1 }, 'four_stars_and_up'],
      ['/v1/retail/products-by-category', { category_id: exampleOf('retail.products_by_category').category_id, min_price: 10 }, 'min_price'],
      ['/v1/retail/products-by-category', { category_id: exampleOf('retail.products_by_category').category_id, four_stars_and_up: true }, 'four_stars_and_up'],
    ], 400);
  });

  test('search filtered by price and rating: $0.01, every product within the bounds (inclusive) and rated 4 and up, the filters echoed', async () => {
    const body = { query: 'pro', min_price: 20, max_price: 60, four_stars_and_up: true };
    const { response, cost } = await app.paidCall('/v1/retail/search', body);
    assert.equal(cost, parseUsd('0.01'));
    const answer = response.body.data;
    assert.deepEqual(answer.parameters, { ...body, country: 'US', sort_by: 'RELEVANCE', product_condition: 'ALL', page: 1 });
    const unfiltered = await data('/v1/retail/search', { query: 'pro' });
    assert.ok(answer.data.products.length > 0 && answer.data.total_products < unfiltered.total_products);
    for (const product of answer.data.products) {
      const price = Number(product.product_price.replace(/[$,]/g, ''));
      assert.ok(price >= 20 && price <= 60, product.product_price);
      assert.ok(Number(product.product_star_rating) >= 4, product.product_star_rating);
    }
    const equal = await data('/v1/retail/search', { query: 'pro', min_price: 60, max_price: 60 });
    assert.ok(equal.products.every((product: { product_price: string }) => product.product_price === '$60.00'));
  });

  test('a product, seller, category, browse node or storefront the marketplace does not know is 404 NOT_FOUND, not charged', async () => {
    await assertRefusedUncharged(app, [
      ['/v1/retail/product', { asin: 'B000000000' }, 'asin'],
      ['/v1/retail/product-offers', { asin: 'B000000000' }, 'asin'],
      ['/v1/retail/product-reviews', { asin: 'B000000000' }, 'asin'],
      ['/v1/retail/seller', { seller_id: 'A000000000000Z' }, 'seller_id'],
      ['/v1/retail/seller-reviews', { seller_id: 'A000000000000Z' }, 'seller_id'],
      ['/v1/retail/best-sellers', { category: 'no-such-category' }, 'category'],
      ['/v1/retail/deals', { category: 'no-such-category' }, 'category'],
      ['/v1/retail/products-by-category', { category_id: '1' }, 'category_id'],
      ['/v1/retail/influencer', { influencer_name: 'nobody-at-all' }, 'influencer_name'],
    ], 404);
  });

  test('is_prime false is no filter: the same products as leaving it out; true keeps only Prime ones', async () => {
    const query = exampleOf('retail.search').query;
    const [absent, notPrime, prime] = [await data('/v1/retail/search', { query }), await data('/v1/retail/search', { query, is_prime: false }), await data('/v1/retail/search', { query, is_prime: true })];
    assert.deepEqual(notPrime.products, absent.products);
    assert.equal(notPrime.total_products, absent.total_products);
    assert.ok(absent.products.some((product: { is_prime: boolean }) => !product.is_prime), 'the unfiltered search has products without Prime');
    assert.ok(prime.products.length > 0 && prime.products.every((product: { is_prime: boolean }) => product.is_prime));
  });

  test('one product agrees across search, its details, its offers and its reviews', async () => {
    const search = await data('/v1/retail/search', { query: exampleOf('retail.search').query });
    assert.ok(search.products.length > 0);
    assert.ok(search.total_products >= search.products.length);
    const listed = search.products[0];
    const product = await data('/v1/retail/product', { asin: listed.asin });
    for (const field of ['asin', 'product_title', 'product_price', 'product_original_price', 'product_star_rating', 'product_num_ratings', 'product_url', 'product_num_offers', 'is_prime']) {
      assert.deepEqual(product[field], listed[field], field);
    }
    const offers = await data('/v1/retail/product-offers', { asin: listed.asin });
    assert.equal(offers.buy_boxes.length, product.product_num_offers);
    assert.equal(offers.product_price, product.product_price);
    const prices = offers.buy_boxes.map((offer: { product_price: string }) => offer.product_price);
    assert.ok(prices.includes(listed.product_minimum_offer_price), 'the lowest offer price is an offer\'s');
    const reviews = await data('/v1/retail/product-reviews', { asin: listed.asin });
    assert.equal(reviews.total_ratings, product.product_num_ratings);
    const percents = Object.values(reviews.rating_distribution) as number[];
    assert.ok(Math.abs(percents.reduce((sum, percent) => sum + percent, 0) - 100) <= 3, 'percents of all ratings');
  });

  test('on the German site a review names the country it was written in, and an eBook has one offer with nothing to ship', async () => {
    const { asin } = exampleOf('retail.product_reviews');
    const [us, de] = [await data('/v1/retail/product-reviews', { asin }), await data('/v1/retail/product-reviews', { asin, country: 'DE' })];
    assert.deepEqual(de.reviews.map((review: any) => review.review_id), us.reviews.map((review: any) => review.review_id));
    us.reviews.forEach((review: any, index: number) => {
      if (review.review_date.startsWith('Reviewed in the United States on ')) assert.match(de.reviews[index].review_date, /^Rezension aus den Vereinigten Staaten vom /);
    });
    const ebook = 'B0XE4ZAQ1P';
    const offers = await data('/v1/retail/product-offers', { asin: ebook, country: 'DE' });
    assert.deepEqual(offers.buy_boxes.map((offer: any) => [offer.seller_id, offer.product_condition, offer.delivery_price, offer.delivery_time, offer.ships_from]), [[null, 'New', null, 'Sofort verfügbar', null]]);
    const product = await data('/v1/retail/product', { asin: ebook, country: 'DE' });
    assert.equal(product.product_information.Format, 'eBook');
    assert.equal(product.product_information.Modellnummer, undefined);
    assert.equal(product.product_byline, `${product.product_information.Herausgeber} (Verlag)`);
  });

  test('every category listed leads to its best sellers, its deals and, by its browse node, its products', async () => {
    const categories = await data('/v1/retail/categories', { country: 'DE' });
    assert.ok(categories.length > 1);
    for (const category of categories) {
      assert.match(category.browse_node_id, /^\d+$/);
      const page = await data('/v1/retail/products-by-category', { category_id: category.browse_node_id, country: 'DE' });
      const first = await data('/v1/retail/product', { asin: page.products[0].asin, country: 'DE' });
      assert.ok(first.product_title.length > 0);
      assert.ok((await data('/v1/retail/best-sellers', { category: category.id, country: 'DE' })).best_sellers.length > 0);
      assert.ok(Array.isArray((await data('/v1/retail/deals', { category: category.id, country: 'DE' })).deals));
    }
  });

  test("walking a category's best sellers page by page yields each product once, ranked 1..n, and ends", async () => {
    const seen = new Set<string>();
    let rank = 0;
    for (let page = 1; page <= 20; page += 1) {
      const { best_sellers: items } = await data('/v1/retail/best-sellers', { category: exampleOf('retail.best_sellers').category, page });
      if (items.length === 0) break;
      for (const item of items) {
        rank += 1;
        assert.equal(item.rank, rank);
        assert.ok(!seen.has(item.asin), item.asin);
        seen.add(item.asin);
      }
      assert.ok(page < 20, 'the list ends');
    }
    assert.ok(seen.size > 50, 'more than one page');
  });

  test("a seller's lifetime count and its offers' ratings agree", async () => {
    const seller = await data('/v1/retail/seller', { seller_id: exampleOf('retail.seller').seller_id });
    assert.equal(seller.review_summary.lifetime.count, seller.ratings_total);
    assert.equal(seller.review_summary.lifetime.positive_percent, seller.ratings_total_percentage);
    const first = await data('/v1/retail/seller-reviews', { seller_id: seller.seller_id });
    assert.equal(first.seller_id, seller.seller_id);
    assert.ok(first.seller_reviews.length > 0 && first.seller_reviews.length <= 5);
  });
});
