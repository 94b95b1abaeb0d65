import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { z } from 'zod';
import type { DealsRequest, ProductOffersRequest, ProductReviewsRequest, RetailProvider, SearchRequest } from '../../src/providers/families/retail';
import type { CallOptions } from '../../src/providers/providers';
import { openWebNinjaRetail } from '../../src/providers/openwebninja';
import { upstreamCostMicros } from '../../src/providers/openwebninja/costs';
import {
  BestSeller, CategoryPage, Deal, Influencer, ProductDetails, ProductOffers, RetailCategory, ReviewPage, SearchPage, Seller, SellerReviews,
} from '../../src/schemas/retail';
import { KNOWN, vendorError } from '../fakes/openwebninja-answers';
import { CREDENTIALS, startFakeOpenWebNinja, type FakeOpenWebNinja } from '../fakes/openwebninja-server';

/**
 * The OpenWeb Ninja retail adapter against a fake of the vendor's API: for each of the eleven
 * methods, what it sends (operation, parameters translated, credentials per channel) and how a
 * documented answer maps, field by field — every mapped answer parsing with our record schemas
 * with nothing stripped — and how "not found" comes back as null. Failures:
 * openwebninja-failures.test.ts.
 */

const photo = (id: string) => `https://m.media-amazon.com/images/I/${id}._AC_SL1500_.jpg`;
const productUrl = (asin: string) => `https://www.amazon.com/dp/${asin}`;

/** The record parses with its schema and nothing is stripped (z.object drops unknown keys). */
function exact<Schema extends z.ZodType>(schema: Schema, value: unknown): void {
  assert.deepEqual(schema.parse(value), value);
}

const HEADER = {
  asin: KNOWN.asin,
  product_title: 'Northwind LED Desk Lamp, Dimmable, USB-C',
  product_price: '$24.99',
  product_original_price: '$34.99',
  currency: 'USD',
  country: 'US',
  domain: 'www.amazon.com',
  product_byline: 'Visit the Northwind Store',
  product_star_rating: '4.6',
  product_num_ratings: 2381,
  product_url: productUrl(KNOWN.asin),
  product_num_offers: 4,
  product_availability: 'In Stock',
  is_prime: true,
  sales_volume: '2K+ bought in past month',
};

const PRODUCT: ProductDetails = {
  ...HEADER,
  delivery_price: 'FREE',
  product_condition: 'New',
  product_photo: photo('61lampA1'),
  offer_box_title: 'Buy new:',
  offer_box_price: '$24.99',
  is_best_seller: true,
  is_retail_choice: true,
  // Trimmed, the empty bullet left out.
  about_product: ['Three colour temperatures, five brightness levels.', 'USB-C charging port on the base.'],
  product_description: 'A dimmable LED desk lamp.',
  // The table's text values; the nested "Customer Reviews" object is left out.
  product_information: { 'Product Dimensions': '6 x 6 x 18 inches', 'Item Weight': '1.2 pounds', 'Date First Available': 'March 3, 2025' },
};

const NEW_OFFER = {
  seller_id: null, seller: 'Amazon.com', seller_link: null, seller_star_rating: null, seller_num_ratings: 0, product_price: '$24.99',
  delivery_price: 'FREE', delivery_time: 'Tuesday, December 2', product_condition: 'New' as const, ships_from: 'Amazon.com', is_prime: true, is_buy_box_winner: true,
};
const USED_OFFER = {
  seller_id: KNOWN.sellerId, seller: 'Harbor Goods', seller_link: `https://www.amazon.com/sp?seller=${KNOWN.sellerId}`, seller_star_rating: '4.7',
  seller_num_ratings: 1283, product_price: '$21.50', delivery_price: '$5.99', delivery_time: 'December 4 - 8', product_condition: 'Used - Like New' as const,
  ships_from: 'Harbor Goods', is_prime: false, is_buy_box_winner: false,
};

const OFFERS: ProductOffers = {
  ...HEADER,
  // Not in the answer's header: the featured offer's.
  delivery_price: 'FREE',
  product_condition: null,
  // Cheapest delivered first ($24.99 + free before $21.50 + $5.99); the offer without a price left out.
  buy_boxes: [NEW_OFFER, USED_OFFER],
};

const REVIEW_PAGE: ReviewPage = {
  asin: KNOWN.asin,
  country: 'US',
  domain: 'www.amazon.com',
  total_ratings: 2381,
  rating_distribution: { '1': 4, '2': 2, '3': 6, '4': 17, '5': 71 },
  reviews: [
    {
      review_id: 'R2KX4JQ0P9ZB7W', review_title: 'Bright and easy to adjust', review_comment: 'Lights the whole desk; the dimmer is smooth.', review_star_rating: '5',
      review_link: 'https://www.amazon.com/gp/customer-reviews/R2KX4JQ0P9ZB7W', review_author: 'Pat R.',
      review_author_avatar: 'https://images-na.ssl-images-amazon.com/images/S/amazon-avatars-global/default.png',
      review_images: ['https://m.media-amazon.com/images/I/71rev1._SY88.jpg'],
      review_video: 'https://m.media-amazon.com/images/S/vse-vms-transcoding-artifact/ex1/default.jobtemplate.hls.m3u8',
      review_date: 'Reviewed in the United States on October 3, 2026', is_verified_purchase: true, helpful_vote_statement: '12 people found this helpful',
      reviewed_product_asin: KNOWN.asin, reviewed_product_variant: { Color: 'Black', Style: 'USB-C' }, is_vine: false,
    },
    {
      review_id: 'R1BBQM70YJJWNP', review_title: 'Fine', review_comment: 'Does the job.', review_star_rating: '3',
      review_link: 'https://www.amazon.com/gp/customer-reviews/R1BBQM70YJJWNP', review_author: 'Sam', review_author_avatar: null, review_images: [],
      review_video: null, review_date: 'Reviewed in the United States on September 20, 2026', is_verified_purchase: false, helpful_vote_statement: null,
      reviewed_product_asin: 'B0C8T1ZQ5N', reviewed_product_variant: {}, is_vine: true,
    },
  ],
};

const SEARCH_PAGE: SearchPage = {
  total_products: 1204,
  country: 'US',
  domain: 'www.amazon.com',
  products: [
    {
      asin: KNOWN.asin, product_title: 'Northwind LED Desk Lamp, Dimmable, USB-C', product_price: '$24.99', product_original_price: '$34.99', currency: 'USD',
      product_star_rating: '4.6', product_num_ratings: 2381, product_url: productUrl(KNOWN.asin), product_photo: photo('61lampA1'), product_num_offers: 4,
      product_minimum_offer_price: '$21.50', is_best_seller: true, is_retail_choice: true, is_prime: true, has_variations: true, sales_volume: '2K+ bought in past month',
    },
    {
      // Numbers written as the marketplace shows them; what the listing lacks is null, 0 or false.
      asin: 'B0D1LAMP02', product_title: 'Basic Clip Lamp', product_price: '$12.50', product_original_price: null, currency: 'USD', product_star_rating: '4.0',
      product_num_ratings: 1020, product_url: productUrl('B0D1LAMP02'), product_photo: photo('51clipB2'), product_num_offers: 0, product_minimum_offer_price: null,
      is_best_seller: false, is_retail_choice: false, is_prime: false, has_variations: false, sales_volume: null,
    },
  ],
};

const CATEGORY_PAGE: CategoryPage = {
  total_products: 48000,
  country: 'US',
  domain: 'www.amazon.com',
  products: [
    {
      asin: '1250301696', product_title: 'The Silent Patient', product_price: '$9.99', product_original_price: null, currency: 'USD', product_star_rating: '4.5',
      product_num_ratings: 187654, product_url: productUrl('1250301696'), product_photo: photo('81book01'), product_num_offers: 61,
      product_minimum_offer_price: '$3.12', is_best_seller: false, is_retail_choice: false, is_prime: false, has_variations: false, book_format: 'Paperback',
    },
  ],
};

const BEST_SELLERS: BestSeller[] = [
  {
    rank: 1, asin: 'B0SOFT0001', product_title: 'Office Suite 2026', product_price: '$99.99', product_star_rating: '4.4', product_num_ratings: 15230,
    product_url: productUrl('B0SOFT0001'), product_photo: photo('71soft01'), rank_change_label: '+3',
  },
  {
    rank: 2, asin: 'B0SOFT0002', product_title: 'Antivirus Plus', product_price: null, product_star_rating: null, product_num_ratings: 0,
    product_url: productUrl('B0SOFT0002'), product_photo: photo('71soft02'), rank_change_label: null,
  },
];

const BEST_DEAL: Deal = {
  deal_id: '4a1b2c3d', deal_type: 'BEST_DEAL', deal_title: 'Northwind LED Desk Lamp', deal_photo: photo('61lampA1'), deal_state: 'AVAILABLE',
  deal_url: productUrl(KNOWN.asin), canonical_deal_url: productUrl(KNOWN.asin), deal_starts_at: '2026-11-20T08:00:00.000Z', deal_ends_at: '2026-11-27T07:59:59.000Z',
  deal_price: { amount: 19.99, currency: 'USD' }, list_price: { amount: 34.99, currency: 'USD' }, savings_percentage: 43, savings_amount: { amount: 15, currency: 'USD' },
  deal_badge: 'Limited time deal', type: 'SINGLE_ITEM', product_asin: KNOWN.asin,
};
const LIGHTNING_DEAL: Deal = {
  deal_id: '5e6f7a8b', deal_type: 'LIGHTNING_DEAL', deal_title: 'Kitchen knives, several brands', deal_photo: photo('71knife1'), deal_state: 'WAITLIST',
  deal_url: 'https://www.amazon.com/deal/5e6f7a8b', canonical_deal_url: 'https://www.amazon.com/deal/5e6f7a8b', deal_starts_at: '2026-11-24T16:00:00.000Z',
  deal_ends_at: '2026-11-25T04:00:00.000Z', deal_price: { amount: 29, currency: 'USD' }, list_price: null, savings_percentage: 25, savings_amount: null,
  deal_badge: null, type: 'MULTI_ITEM', product_asin: null,
};

const summary = (positive: number, neutral: number, negative: number, count: number) => ({ positive_percent: positive, neutral_percent: neutral, negative_percent: negative, count });
const SELLER: Seller = {
  seller_id: KNOWN.sellerId,
  country: 'US',
  // Not in the answer: the marketplace's domain.
  domain: 'www.amazon.com',
  name: 'Harbor Goods',
  seller_link: `https://www.amazon.com/sp?seller=${KNOWN.sellerId}`,
  store_link: `https://www.amazon.com/s?me=${KNOWN.sellerId}`,
  logo: 'https://m.media-amazon.com/images/I/harbor-logo.png',
  phone: '+1 555 0100',
  business_name: 'Harbor Goods LLC',
  business_address: '1 Example Pier, Portland, OR, 97201, US',
  rating: 4.7,
  ratings_total: 1283,
  ratings_total_percentage: 96,
  review_summary: { thirty_days: summary(95, 3, 2, 41), ninety_days: summary(96, 2, 2, 130), twelve_months: summary(96, 2, 2, 512), lifetime: summary(96, 2, 2, 1283) },
};

const SELLER_REVIEWS: SellerReviews = {
  seller_id: KNOWN.sellerId,
  country: 'US',
  domain: 'www.amazon.com',
  has_next_page: true,
  seller_reviews: [
    { review_author: 'Dana', review_comment: 'Arrived early, well packed.', review_star_rating: '5', has_response: false, review_date: 'November 2, 2026' },
    { review_author: 'Lee', review_comment: 'Slow shipping.', review_star_rating: '2', has_response: true, review_date: 'October 28, 2026' },
  ],
};

const INFLUENCER: Influencer = {
  name: KNOWN.influencer, country: 'US', domain: 'www.amazon.com', profile_link: `https://www.amazon.com/shop/${KNOWN.influencer}`,
  affiliate_status: 'Influencer', has_curations: true,
};

/** The vendor's list names categories by search alias, without their browse nodes. */
const CATEGORIES: RetailCategory[] = [
  { name: 'All Departments', id: 'aps', browse_node_id: null }, { name: 'Software', id: 'software', browse_node_id: null }, { name: 'Books', id: 'stripbooks', browse_node_id: null },
];
const SEARCH: SearchRequest = { query: 'desk lamp', country: 'US', sort_by: 'RELEVANCE', product_condition: 'ALL', page: 1 };
const OFFERS_REQUEST: ProductOffersRequest = { asin: KNOWN.asin, country: 'US', limit: 100, page: 1, product_condition: 'ALL' };
const REVIEWS_REQUEST: ProductReviewsRequest = {
  asin: KNOWN.asin, country: 'US', sort_by: 'TOP_REVIEWS', star_rating: 'ALL', verified_purchases_only: false, images_or_videos_only: false, current_format_only: false, page: 1,
};
const DEALS_REQUEST: DealsRequest = { country: 'US', page: 1, price_range: 'ALL', discount_range: 'ALL', deal_type: 'ALL', min_rating: 'ALL' };

describe('OpenWeb Ninja retail adapter: requests and mapping', () => {
  let vendor: FakeOpenWebNinja;
  let retail: RetailProvider;
  let costs: number[];
  let call: CallOptions;
  before(async () => {
    vendor = await startFakeOpenWebNinja();
    retail = openWebNinjaRetail(vendor.settings('direct'));
  });
  after(async () => vendor?.close());
  beforeEach(() => {
    vendor.reset();
    costs = [];
    call = { signal: new AbortController().signal, upstreamCost: (micros) => costs.push(micros) };
  });

  /** The one request made, on the direct channel: its operation's query. */
  function sent(path: string): Record<string, string> {
    assert.equal(vendor.fake.requests.length, 1, 'one vendor request');
    const request = vendor.fake.requests[0]!;
    assert.equal(request.method, 'GET');
    assert.equal(request.path, `/realtime-amazon-data/${path}`);
    assert.equal(request.headers['x-api-key'], CREDENTIALS.apiKey);
    return Object.fromEntries(request.query);
  }

  /** Each request's query, in order. */
  const queries = () => vendor.fake.requests.map((request) => Object.fromEntries(request.query));

  test('product: GET /product-details?asin&country, the answer mapped field by field, extras dropped; one request priced', async () => {
    const product = await retail.product({ asin: KNOWN.asin, country: 'US' }, call);
    assert.deepEqual(product, PRODUCT);
    exact(ProductDetails, product);
    assert.deepEqual(sent('product-details'), { asin: KNOWN.asin, country: 'US' });
    assert.deepEqual(costs, [upstreamCostMicros('product-details', 'direct')]);
  });

  test('product not found — a 404 with the vendor’s envelope, an ERROR saying so in a 200, `data: null`, `data: {}` — is null', async () => {
    assert.equal(await retail.product({ asin: 'B000000000', country: 'US' }, call), null);
    for (const reply of [vendorError(200, 'Product not found'), vendorError(400, 'Invalid ASIN: B000000000'), { status: 200, body: { status: 'OK', data: null } }, { status: 200, body: { status: 'OK', data: {} } }]) {
      vendor.on('product-details', reply);
      assert.equal(await retail.product({ asin: 'B000000000', country: 'US' }, call), null, JSON.stringify(reply.body));
    }
  });

  test('productOffers: our limit and page sent; ALL sends no condition, NEW and USED the vendor’s condition lists; offers cheapest first', async () => {
    const offers = await retail.productOffers(OFFERS_REQUEST, call);
    assert.deepEqual(offers, OFFERS);
    exact(ProductOffers, offers);
    assert.deepEqual(sent('product-offers'), { asin: KNOWN.asin, country: 'US', limit: '100', page: '1' });
    await retail.productOffers({ ...OFFERS_REQUEST, product_condition: 'NEW', limit: 10, page: 2 }, call);
    await retail.productOffers({ ...OFFERS_REQUEST, product_condition: 'USED' }, call);
    assert.deepEqual(queries().slice(1).map((query) => [query.product_condition, query.limit, query.page]), [
      ['NEW', '10', '2'],
      ['USED_LIKE_NEW,USED_VERY_GOOD,USED_GOOD,USED_ACCEPTABLE', '100', '1'],
    ]);
    assert.deepEqual(costs, [1, 2, 3].map(() => upstreamCostMicros('product-offers', 'direct')));
  });

  test('productOffers RENEWED or COLLECTIBLE: no vendor filter for them, so asked unfiltered and picked out here', async () => {
    const renewed = await retail.productOffers({ ...OFFERS_REQUEST, product_condition: 'RENEWED' }, call);
    assert.deepEqual(renewed?.buy_boxes, []);
    assert.equal(renewed?.asin, KNOWN.asin);
    assert.equal(sent('product-offers').product_condition, undefined);
    assert.equal(await retail.productOffers({ ...OFFERS_REQUEST, asin: 'B000000000' }, call), null);
  });

  test('productReviews: every filter sent in the vendor’s words; the page mapped (video URL, variant, percents), starless reviews left out', async () => {
    const page = await retail.productReviews(REVIEWS_REQUEST, call);
    assert.deepEqual(page, REVIEW_PAGE);
    exact(ReviewPage, page);
    assert.deepEqual(sent('product-reviews'), {
      asin: KNOWN.asin, country: 'US', page: '1', sort_by: 'TOP_REVIEWS', star_rating: 'ALL',
      verified_purchases_only: 'false', images_or_videos_only: 'false', current_format_only: 'false',
    });
    await retail.productReviews({ ...REVIEWS_REQUEST, sort_by: 'MOST_RECENT', star_rating: 'CRITICAL', verified_purchases_only: true, images_or_videos_only: true, current_format_only: true, page: 3 }, call);
    assert.deepEqual(queries()[1], {
      asin: KNOWN.asin, country: 'US', page: '3', sort_by: 'MOST_RECENT', star_rating: 'CRITICAL',
      verified_purchases_only: 'true', images_or_videos_only: 'true', current_format_only: 'true',
    });
    assert.equal(await retail.productReviews({ ...REVIEWS_REQUEST, asin: 'B000000000' }, call), null);
  });

  test('search: query, page, sort and condition as they are, the optional filters only when given; a sparse listing mapped, an ASIN-less block left out', async () => {
    const page = await retail.search(SEARCH, call);
    assert.deepEqual(page, SEARCH_PAGE);
    exact(SearchPage, page);
    assert.deepEqual(sent('search'), { query: 'desk lamp', country: 'US', page: '1', sort_by: 'RELEVANCE', product_condition: 'ALL' });
    await retail.search({ ...SEARCH, sort_by: 'LOWEST_PRICE', product_condition: 'USED', page: 2, is_prime: true, deals_and_discounts: 'TODAYS_DEALS' }, call);
    assert.deepEqual(queries()[1], {
      query: 'desk lamp', country: 'US', page: '2', sort_by: 'LOWEST_PRICE', product_condition: 'USED', is_prime: 'true', deals_and_discounts: 'TODAYS_DEALS',
    });
  });

  test('search: min_price, max_price and four_stars_and_up go on the wire under the vendor’s own names, only when given', async () => {
    await retail.search({ ...SEARCH, min_price: 20, max_price: 60, four_stars_and_up: true }, call);
    assert.deepEqual(sent('search'), {
      query: 'desk lamp', country: 'US', page: '1', sort_by: 'RELEVANCE', product_condition: 'ALL', min_price: '20', max_price: '60', four_stars_and_up: 'true',
    });
    await retail.search({ ...SEARCH, min_price: 0, four_stars_and_up: false }, call);
    assert.deepEqual(queries()[1], { query: 'desk lamp', country: 'US', page: '1', sort_by: 'RELEVANCE', product_condition: 'ALL', min_price: '0', four_stars_and_up: 'false' });
  });

  test('search finding nothing is an empty page, whether the vendor answers an empty list or its not-found error', async () => {
    const empty = { total_products: 0, country: 'US', domain: 'www.amazon.com', products: [] };
    vendor.on('search', { status: 200, body: { status: 'OK', data: { total_products: 0, country: 'US', domain: 'www.amazon.com', products: [] } } });
    assert.deepEqual(await retail.search({ ...SEARCH, query: 'zzzz nothing' }, call), empty);
    vendor.on('search', vendorError(404, 'No results found'));
    assert.deepEqual(await retail.search({ ...SEARCH, query: 'zzzz nothing' }, call), empty);
  });

  test('a marketplace other than the US: numbers written in its currency, its domain when the vendor leaves it out', async () => {
    vendor.on('search', { status: 200, body: { status: 'OK', data: { total_products: 1, products: [{ asin: 'B0D1LAMP02', product_title: 'Klemmleuchte', product_price: 1234.5, currency: 'EUR' }] } } });
    const page = await retail.search({ ...SEARCH, country: 'DE' }, call);
    assert.equal(page.domain, 'www.amazon.de');
    assert.equal(page.products[0]?.product_price, '1.234,50\u00a0€');
    assert.equal(page.products[0]?.product_url, 'https://www.amazon.de/dp/B0D1LAMP02');
    exact(SearchPage, page);
  });

  test('productsByCategory: the browse node as category_id with the listing filters; the page with book formats; an unknown node is null', async () => {
    const page = await retail.productsByCategory({ category_id: KNOWN.categoryId, country: 'US', sort_by: 'BEST_SELLERS', product_condition: 'NEW', page: 1, is_prime: false }, call);
    assert.deepEqual(page, CATEGORY_PAGE);
    exact(CategoryPage, page);
    assert.deepEqual(sent('products-by-category'), { category_id: KNOWN.categoryId, country: 'US', page: '1', sort_by: 'BEST_SELLERS', product_condition: 'NEW', is_prime: 'false' });
    assert.equal(await retail.productsByCategory({ category_id: '1', country: 'US', sort_by: 'RELEVANCE', product_condition: 'ALL', page: 1 }, call), null);
  });

  test('bestSellers: our list types in the vendor’s (HOT_NEW_RELEASES → NEW_RELEASES, HIGH_RATED → MOST_WISHED_FOR); unknown category null', async () => {
    const list = await retail.bestSellers({ category: KNOWN.bestSellerCategory, country: 'US', type: 'BEST_SELLERS', page: 1 }, call);
    assert.deepEqual(list, { best_sellers: BEST_SELLERS });
    for (const item of list!.best_sellers) exact(BestSeller, item);
    assert.deepEqual(sent('best-sellers'), { category: KNOWN.bestSellerCategory, type: 'BEST_SELLERS', page: '1', country: 'US' });
    await retail.bestSellers({ category: KNOWN.bestSellerCategory, country: 'GB', type: 'HOT_NEW_RELEASES', page: 2 }, call);
    await retail.bestSellers({ category: KNOWN.bestSellerCategory, country: 'US', type: 'HIGH_RATED', page: 1 }, call);
    assert.deepEqual(queries().slice(1).map((query) => [query.type, query.page, query.country]), [['NEW_RELEASES', '2', 'GB'], ['MOST_WISHED_FOR', '1', 'US']]);
    assert.equal(await retail.bestSellers({ category: 'no-such-list', country: 'US', type: 'BEST_SELLERS', page: 1 }, call), null);
  });

  test('bestSellers: an empty page after the first is the end of the list; an empty first page is a category the vendor does not know', async () => {
    vendor.on('best-sellers', { status: 200, body: { status: 'OK', data: { best_sellers: [] } } });
    assert.deepEqual(await retail.bestSellers({ category: KNOWN.bestSellerCategory, country: 'US', type: 'BEST_SELLERS', page: 3 }, call), { best_sellers: [] });
    assert.equal(await retail.bestSellers({ category: KNOWN.bestSellerCategory, country: 'US', type: 'BEST_SELLERS', page: 1 }, call), null);
  });

  test('deals: page → offset in 30s, price and discount ranges as the vendor’s positions, min rating, category, lightning switch', async () => {
    const deals = await retail.deals(DEALS_REQUEST, call);
    assert.deepEqual(deals, { deals: [BEST_DEAL, LIGHTNING_DEAL] });
    for (const deal of deals!.deals) exact(Deal, deal);
    assert.deepEqual(sent('deals-v2'), { country: 'US', offset: '0' });
    await retail.deals({ country: 'GB', page: 3, price_range: 'UNDER_25', discount_range: '70_OFF', deal_type: 'LIGHTNING_DEAL', category: '2619525011', min_rating: '4' }, call);
    await retail.deals({ ...DEALS_REQUEST, page: 2, price_range: 'OVER_100', discount_range: '25_OFF' }, call);
    assert.deepEqual(queries().slice(1), [
      { country: 'GB', offset: '60', price_range: '1', discount_range: '5', min_product_star_rating: '4', categories: '2619525011', lightning_deals: 'true' },
      { country: 'US', offset: '30', price_range: '4,5', discount_range: '2' },
    ]);
  });

  test('deals of type BEST_DEAL: no vendor switch, picked out of the page', async () => {
    assert.deepEqual(await retail.deals({ ...DEALS_REQUEST, deal_type: 'BEST_DEAL' }, call), { deals: [BEST_DEAL] });
    assert.deepEqual(sent('deals-v2'), { country: 'US', offset: '0' });
  });

  test('categories: the vendor’s category list for the country, ids as text', async () => {
    const categories = await retail.categories({ country: 'US' }, call);
    assert.deepEqual(categories, CATEGORIES);
    for (const category of categories) exact(RetailCategory, category);
    assert.deepEqual(sent('product-category-list'), { country: 'US' });
  });

  test('seller: seller-profile mapped, per-period feedback; an unknown seller is null', async () => {
    const seller = await retail.seller({ seller_id: KNOWN.sellerId, country: 'US' }, call);
    assert.deepEqual(seller, SELLER);
    exact(Seller, seller);
    assert.deepEqual(sent('seller-profile'), { seller_id: KNOWN.sellerId, country: 'US' });
    assert.equal(await retail.seller({ seller_id: 'A000000000000', country: 'US' }, call), null);
  });

  test('sellerReviews: page and star filter sent (the vendor has no verified-purchase filter for sellers); unknown seller null', async () => {
    const page = await retail.sellerReviews({ seller_id: KNOWN.sellerId, country: 'US', page: 2, star_rating: 'POSITIVE', verified_purchases_only: true }, call);
    assert.deepEqual(page, SELLER_REVIEWS);
    exact(SellerReviews, page);
    assert.deepEqual(sent('seller-reviews'), { seller_id: KNOWN.sellerId, country: 'US', page: '2', star_rating: 'POSITIVE' });
    assert.equal(await retail.sellerReviews({ seller_id: 'A000000000000', country: 'US', page: 1, star_rating: 'ALL', verified_purchases_only: false }, call), null);
  });

  test('sellerReviews without the vendor’s has_next_page: a full page (5) has a next one, a shorter one does not', async () => {
    const review = { review_author: 'A', review_comment: 'ok', review_star_rating: 4, has_response: false, review_date: 'May 1, 2026' };
    const request = { seller_id: KNOWN.sellerId, country: 'US' as const, page: 1, star_rating: 'ALL' as const, verified_purchases_only: false };
    vendor.on('seller-reviews', { status: 200, body: { status: 'OK', data: { seller_reviews: Array.from({ length: 5 }, () => review) } } });
    assert.equal((await retail.sellerReviews(request, call))?.has_next_page, true);
    vendor.on('seller-reviews', { status: 200, body: { status: 'OK', data: { seller_reviews: [review] } } });
    assert.equal((await retail.sellerReviews(request, call))?.has_next_page, false);
  });

  test('influencer: influencer-profile mapped, extras dropped; an unknown storefront is null', async () => {
    const influencer = await retail.influencer({ influencer_name: KNOWN.influencer, country: 'US' }, call);
    assert.deepEqual(influencer, INFLUENCER);
    exact(Influencer, influencer);
    assert.deepEqual(sent('influencer-profile'), { influencer_name: KNOWN.influencer, country: 'US' });
    assert.equal(await retail.influencer({ influencer_name: 'nobody.here', country: 'US' }, call), null);
  });
});

describe('OpenWeb Ninja retail adapter: the RapidAPI channel', () => {
  let vendor: FakeOpenWebNinja;
  let retail: RetailProvider;
  before(async () => {
    vendor = await startFakeOpenWebNinja();
    retail = openWebNinjaRetail(vendor.settings('rapidapi'));
  });
  after(async () => vendor?.close());

  test('every method: the same operation at the host’s root, with the RapidAPI key and host and no direct key; the same records; priced per channel', async () => {
    const costs: number[] = [];
    const call: CallOptions = { signal: new AbortController().signal, upstreamCost: (micros) => costs.push(micros) };
    const seller = { seller_id: KNOWN.sellerId, country: 'US' as const };
    const calls: Array<[string, () => Promise<unknown>, unknown]> = [
      ['product-details', () => retail.product({ asin: KNOWN.asin, country: 'US' }, call), PRODUCT],
      ['product-offers', () => retail.productOffers(OFFERS_REQUEST, call), OFFERS],
      ['product-reviews', () => retail.productReviews(REVIEWS_REQUEST, call), REVIEW_PAGE],
      ['search', () => retail.search(SEARCH, call), SEARCH_PAGE],
      ['products-by-category', () => retail.productsByCategory({ category_id: KNOWN.categoryId, country: 'US', sort_by: 'RELEVANCE', product_condition: 'ALL', page: 1 }, call), CATEGORY_PAGE],
      ['best-sellers', () => retail.bestSellers({ category: KNOWN.bestSellerCategory, country: 'US', type: 'BEST_SELLERS', page: 1 }, call), { best_sellers: BEST_SELLERS }],
      ['deals-v2', () => retail.deals(DEALS_REQUEST, call), { deals: [BEST_DEAL, LIGHTNING_DEAL] }],
      ['product-category-list', () => retail.categories({ country: 'US' }, call), CATEGORIES],
      ['seller-profile', () => retail.seller(seller, call), SELLER],
      ['seller-reviews', () => retail.sellerReviews({ ...seller, page: 1, star_rating: 'ALL', verified_purchases_only: false }, call), SELLER_REVIEWS],
      ['influencer-profile', () => retail.influencer({ influencer_name: KNOWN.influencer, country: 'US' }, call), INFLUENCER],
    ];
    for (const [path, run, expected] of calls) {
      vendor.reset();
      assert.deepEqual(await run(), expected, path);
      assert.equal(vendor.fake.requests.length, 1, path);
      const request = vendor.fake.requests[0]!;
      assert.equal(request.path, `/${path}`);
      assert.equal(request.headers['x-rapidapi-key'], CREDENTIALS.rapidApiKey);
      assert.equal(request.headers['x-rapidapi-host'], CREDENTIALS.rapidApiHost);
      assert.equal(request.headers['x-api-key'], undefined);
    }
    assert.deepEqual(costs, calls.map(([path]) => upstreamCostMicros(path as Parameters<typeof upstreamCostMicros>[0], 'rapidapi')));
  });
});
