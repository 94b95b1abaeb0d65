import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { z } from 'zod';
import {
  ASIN_PATTERN, BestSeller, CategoryPage, Deal, Influencer, ProductDetails, ProductOffers, RetailCategory, ReviewPage, SearchPage, Seller, SellerReviews,
  type ProductReview, type RetailOffer,
} from '../../src/schemas/retail';
import { RETAIL_COUNTRIES, type ProductReviewsRequest, type RetailCountry, type SearchRequest } from '../../src/providers/families/retail';
import {
  sandboxRetail as retail, EXAMPLE_ASIN, EXAMPLE_BROWSE_NODE, EXAMPLE_CATEGORY, EXAMPLE_INFLUENCER, EXAMPLE_QUERY, EXAMPLE_SELLER_ID,
} from '../../src/providers/sandbox/retail';
import { allProducts, categoryIndexOf, categoryProducts, productOfAsin, type Product } from '../../src/providers/sandbox/retail/catalog';
import { marketplace } from '../../src/providers/sandbox/retail/marketplaces';
import { worldSellers } from '../../src/providers/sandbox/retail/sellers';
import { CATEGORIES } from '../../src/providers/sandbox/retail/vocabulary';

/** The retail sandbox: one seeded world, so every method's answer agrees with every other's. */

const call = { signal: new AbortController().signal };

/** The answer is exactly what its schema makes of it: nothing stripped, nothing undefined. */
function assertShape<T>(schema: z.ZodType<T>, value: unknown): void {
  assert.deepStrictEqual(value, JSON.parse(JSON.stringify(schema.parse(value))));
}

/** Every item of a paged list: pages from 1 until an empty one. */
async function walk<T>(fetch: (page: number) => Promise<T[]>): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; page <= 200; page += 1) {
    const got = await fetch(page);
    if (got.length === 0) return items;
    items.push(...got);
  }
  throw new Error('the list never ends');
}

const usd = (price: string | null): number => Number(price!.replace(/[$,]/g, ''));
const listingRequest = { country: 'US', sort_by: 'RELEVANCE', product_condition: 'ALL', page: 1 } as const;
const search = (request: Partial<SearchRequest> & { query: string }) => retail.search({ ...listingRequest, ...request }, call);
const reviewsRequest = (asin: string, extra: Partial<ProductReviewsRequest> = {}): ProductReviewsRequest => ({
  asin, country: 'US', sort_by: 'TOP_REVIEWS', star_rating: 'ALL', verified_purchases_only: false, images_or_videos_only: false, current_format_only: false, page: 1, ...extra,
});
const allReviews = (asin: string, extra: Partial<ProductReviewsRequest> = {}) =>
  walk(async (page) => (await retail.productReviews(reviewsRequest(asin, { ...extra, page }), call))!.reviews);
const allOffers = (asin: string, product_condition: 'ALL' | 'NEW' | 'USED' | 'RENEWED' | 'COLLECTIBLE' = 'ALL', country: RetailCountry = 'US') =>
  walk(async (page) => (await retail.productOffers({ asin, country, limit: 3, page, product_condition }, call))!.buy_boxes);
const votes = (review: ProductReview): number => Number(review.helpful_vote_statement?.replace('One person', '1').split(' ')[0]?.replace(/,/g, '') ?? 0);
const reviewDay = (review: ProductReview): number => Date.parse(review.review_date.replace(/^Reviewed in .* on /, ''));

/** Products of every kind: the example, one with no ratings, fewer ratings than reviews written, a deal, variations, a book. */
function sampleProducts(): Product[] {
  const all = allProducts();
  const picks = [
    productOfAsin(EXAMPLE_ASIN)!.product,
    all.find((product) => product.numRatings === 0),
    all.find((product) => product.numRatings > 0 && product.numRatings < 20),
    all.find((product) => product.deal !== null && product.numRatings > 500),
    all.find((product) => product.variants.length === 4),
    all.find((product) => product.category.slug === 'books' && product.offers.length > 5),
  ];
  return picks.filter((product): product is Product => product !== undefined);
}

describe('the retail sandbox world', () => {
  test('ASINs are shaped like the marketplace\'s, unique, and lead back to their product', () => {
    const asins = allProducts().flatMap((product) => product.variants.map((variant) => variant.asin));
    assert.equal(allProducts().length, CATEGORIES.length * 120);
    assert.equal(new Set(asins).size, asins.length);
    for (const asin of asins) {
      assert.match(asin, /^B0[A-Z0-9]{8}$/);
      assert.match(asin, ASIN_PATTERN);
      assert.equal(productOfAsin(asin)!.product.variants[productOfAsin(asin)!.variant]!.asin, asin);
      assert.equal(productOfAsin(asin.toLowerCase())?.product, productOfAsin(asin)!.product);
    }
    const changed = `${EXAMPLE_ASIN.slice(0, 9)}${EXAMPLE_ASIN[9] === 'Z' ? 'Y' : 'Z'}`;
    for (const unknown of ['B000000000', 'B0ZZZZZZZZ', changed, 'X0' + EXAMPLE_ASIN.slice(2), 'B0123', '']) assert.equal(productOfAsin(unknown), null, unknown);
    const sellerIds = worldSellers().map((seller) => seller.id);
    assert.equal(new Set(sellerIds).size, sellerIds.length);
    for (const id of sellerIds) assert.match(id, /^A[A-Z0-9]{13}$/);
  });

  test('the examples are what they say', async () => {
    assert.equal(EXAMPLE_ASIN, 'B03Y8F3WDL', 'the documented example stays the same product');
    const product = (await retail.product({ asin: EXAMPLE_ASIN, country: 'US' }, call))!;
    assert.ok(product.product_num_ratings > 1000 && product.product_num_offers >= 5);
    const byQuery = await search({ query: EXAMPLE_QUERY });
    assert.ok(byQuery.products.some((found) => found.asin === EXAMPLE_ASIN));
    assert.ok(await retail.seller({ seller_id: EXAMPLE_SELLER_ID, country: 'US' }, call));
    assert.ok(await retail.influencer({ influencer_name: EXAMPLE_INFLUENCER, country: 'US' }, call));
    assert.ok(await retail.bestSellers({ category: EXAMPLE_CATEGORY, country: 'US', type: 'BEST_SELLERS', page: 1 }, call));
    assert.equal((await retail.productsByCategory({ ...listingRequest, category_id: EXAMPLE_BROWSE_NODE }, call))!.total_products, 120);
  });

  test('every answer is what its schema makes of it, in every marketplace', async () => {
    for (const country of RETAIL_COUNTRIES) {
      for (const category of await retail.categories({ country }, call)) assertShape(RetailCategory, category);
      const best = await retail.bestSellers({ category: 'books', country, type: 'BEST_SELLERS', page: 1 }, call);
      for (const item of best!.best_sellers) assertShape(BestSeller, item);
      for (const deal of (await retail.deals({ country, page: 1, price_range: 'ALL', discount_range: 'ALL', deal_type: 'ALL', min_rating: 'ALL' }, call))!.deals) assertShape(Deal, deal);
      assertShape(Influencer, await retail.influencer({ influencer_name: EXAMPLE_INFLUENCER, country }, call));
      assertShape(SearchPage, await search({ query: EXAMPLE_QUERY, country }));
      assertShape(CategoryPage, await retail.productsByCategory({ ...listingRequest, country, category_id: CATEGORIES[3]!.node }, call));
      for (const product of sampleProducts()) {
        for (const asin of product.variants.map((variant) => variant.asin)) {
          assertShape(ProductDetails, await retail.product({ asin, country }, call));
          assertShape(ProductOffers, await retail.productOffers({ asin, country, limit: 100, page: 1, product_condition: 'ALL' }, call));
          assertShape(ReviewPage, await retail.productReviews({ ...reviewsRequest(asin), country }, call));
        }
      }
      for (const seller of worldSellers().slice(0, 5)) {
        assertShape(Seller, await retail.seller({ seller_id: seller.id, country }, call));
        assertShape(SellerReviews, await retail.sellerReviews({ seller_id: seller.id, country, page: 1, star_rating: 'ALL', verified_purchases_only: false }, call));
      }
    }
  });

  test('is deterministic: the same question, the same answer', async () => {
    const twice = async (ask: () => Promise<unknown>) => assert.deepEqual(await ask(), await ask());
    await twice(() => search({ query: 'garden', sort_by: 'LOWEST_PRICE', page: 2 }));
    await twice(() => retail.product({ asin: EXAMPLE_ASIN, country: 'JP' }, call));
    await twice(() => retail.productReviews(reviewsRequest(EXAMPLE_ASIN, { sort_by: 'MOST_RECENT', page: 3 }), call));
    await twice(() => retail.bestSellers({ category: 'kitchen', country: 'GB', type: 'HOT_NEW_RELEASES', page: 1 }, call));
    await twice(() => retail.deals({ country: 'DE', page: 2, price_range: 'ALL', discount_range: 'ALL', deal_type: 'ALL', min_rating: 'ALL' }, call));
    await twice(() => retail.sellerReviews({ seller_id: EXAMPLE_SELLER_ID, country: 'US', page: 2, star_rating: 'ALL', verified_purchases_only: false }, call));
  });

  test('prices are written as each marketplace writes them, titles and ratings the same everywhere', async () => {
    const us = (await retail.product({ asin: EXAMPLE_ASIN, country: 'US' }, call))!;
    const formats: Partial<Record<RetailCountry, RegExp>> = { US: /^\$\d+\.\d\d$/, GB: /^£[\d,]+\.\d\d$/, DE: /^[\d.]+,\d\d €$/, JP: /^¥[\d,]+$/, IN: /^₹[\d,]+\.\d\d$/, BR: /^R\$ [\d.]+,\d\d$/ };
    for (const [country, format] of Object.entries(formats) as [RetailCountry, RegExp][]) {
      const local = (await retail.product({ asin: EXAMPLE_ASIN, country }, call))!;
      assert.match(local.product_price!, format);
      assert.equal(local.product_url, `https://${local.domain}/dp/${EXAMPLE_ASIN}`);
      for (const key of ['product_title', 'product_star_rating', 'product_num_ratings', 'about_product'] as const) assert.deepEqual(local[key], us[key]);
    }
    assert.equal((await retail.product({ asin: EXAMPLE_ASIN, country: 'GB' }, call))!.domain, 'www.retail.co.uk');
  });
});

describe('a product agrees with itself across endpoints', () => {
  for (const country of ['US', 'DE'] as const) {
    test(`title, price, rating and ratings in search, category, best sellers, details and offers (${country})`, async () => {
      for (const product of sampleProducts()) {
        const details = (await retail.product({ asin: product.asin, country }, call))!;
        const offers = (await retail.productOffers({ asin: product.asin, country, limit: 100, page: 1, product_condition: 'ALL' }, call))!;
        const same = ['product_title', 'product_price', 'product_star_rating', 'product_num_ratings'] as const;
        for (const key of [...same, 'product_original_price', 'product_num_offers', 'delivery_price', 'is_prime'] as const) assert.deepEqual(offers[key], details[key], key);
        assert.equal(details.offer_box_price, details.product_price);
        const found = await walk(async (page) => (await search({ query: product.title, country, page })).products);
        const listed = found.find((item) => item.asin === product.asin)!;
        const inCategory = (await walk(async (page) => (await retail.productsByCategory({ ...listingRequest, country, page, category_id: product.category.node }, call))!.products))
          .find((item) => item.asin === product.asin)!;
        for (const record of [listed, inCategory]) {
          for (const key of [...same, 'product_original_price', 'product_num_offers', 'is_prime', 'is_best_seller', 'is_retail_choice'] as const) assert.deepEqual(record[key], details[key], key);
          assert.equal(record.product_minimum_offer_price, offers.buy_boxes.reduce((low, offer) => (localValue(offer.product_price) < localValue(low) ? offer.product_price : low), offers.buy_boxes[0]!.product_price));
        }
      }
      const ranked = (await retail.bestSellers({ category: EXAMPLE_CATEGORY, country, type: 'BEST_SELLERS', page: 1 }, call))!.best_sellers;
      for (const item of ranked.slice(0, 12)) {
        const details = (await retail.product({ asin: item.asin, country }, call))!;
        for (const key of ['product_title', 'product_price', 'product_star_rating', 'product_num_ratings', 'product_url', 'product_photo'] as const) assert.deepEqual(item[key], details[key], key);
        const [label, line] = country === 'US' ? ['Best Sellers Rank', `#${item.rank} in Electronics`] : ['Bestseller-Rang', `Nr. ${item.rank} in Elektronik & Foto`];
        assert.equal(details.product_information[label], line);
      }
    });
  }

  test('the buy box is the cheapest New offer, delivery included; offers come cheapest first and page to the count', async () => {
    for (const product of sampleProducts()) {
      const details = (await retail.product({ asin: product.asin, country: 'US' }, call))!;
      const offers = await allOffers(product.asin);
      assert.equal(offers.length, details.product_num_offers);
      const total = (offer: RetailOffer) => usd(offer.product_price) + (offer.delivery_price === 'FREE' ? 0 : usd(offer.delivery_price));
      for (let index = 1; index < offers.length; index += 1) assert.ok(total(offers[index - 1]!) <= total(offers[index]!));
      const winners = offers.filter((offer) => offer.is_buy_box_winner);
      assert.equal(winners.length, 1);
      assert.equal(winners[0], offers.find((offer) => offer.product_condition === 'New'));
      assert.equal(winners[0]!.product_price, details.product_price);
      for (const offer of offers.filter((candidate) => candidate.seller_id !== null)) {
        const seller = (await retail.seller({ seller_id: offer.seller_id!, country: 'US' }, call))!;
        assert.equal(seller.name, offer.seller);
        assert.equal(seller.ratings_total, offer.seller_num_ratings);
        assert.equal(seller.rating!.toFixed(1), offer.seller_star_rating);
      }
      const byCondition = await Promise.all((['NEW', 'USED', 'RENEWED', 'COLLECTIBLE'] as const).map((condition) => allOffers(product.asin, condition)));
      assert.equal(byCondition.reduce((sum, list) => sum + list.length, 0), offers.length);
      assert.ok(byCondition[0]!.every((offer) => offer.product_condition === 'New'));
      assert.ok(byCondition[1]!.every((offer) => offer.product_condition.startsWith('Used')));
    }
  });

  test('its reviews carry its rating distribution, page by 7 and end', async () => {
    for (const product of sampleProducts()) {
      const first = (await retail.productReviews(reviewsRequest(product.asin), call))!;
      const reviews = await allReviews(product.asin);
      const written = Math.min(product.numRatings, 70);
      assert.equal(first.total_ratings, product.numRatings);
      assert.equal(reviews.length, written);
      assert.equal(new Set(reviews.map((review) => review.review_id)).size, written);
      const percents = Object.values(first.rating_distribution);
      assert.equal(percents.reduce((a, b) => a + b, 0), written === 0 ? 0 : 100);
      for (const star of ['1', '2', '3', '4', '5'] as const) {
        const share = written === 0 ? 0 : (100 * reviews.filter((review) => review.review_star_rating === star).length) / written;
        assert.ok(Math.abs(share - first.rating_distribution[star]) <= (written === 0 ? 0 : 100 / written + 1), `${product.asin} ${star}: ${share} vs ${first.rating_distribution[star]}`);
      }
      if (written > 0) {
        const mean = reviews.reduce((sum, review) => sum + Number(review.review_star_rating), 0) / written;
        assert.ok(Math.abs(mean - Number((await retail.product({ asin: product.asin, country: 'US' }, call))!.product_star_rating)) < 0.2);
      }
      const past = await retail.productReviews(reviewsRequest(product.asin, { page: Math.ceil(written / 7) + 1 }), call);
      assert.deepEqual(past!.reviews, []);
    }
  });

  test('review filters and sorts do what they say', async () => {
    const asin = EXAMPLE_ASIN;
    const everything = await allReviews(asin);
    let filtered = 0;
    for (const [star_rating, allowed] of [['5_STARS', ['5']], ['4_STARS', ['4']], ['3_STARS', ['3']], ['2_STARS', ['2']], ['1_STARS', ['1']]] as const) {
      const some = await allReviews(asin, { star_rating });
      assert.ok(some.every((review) => (allowed as readonly string[]).includes(review.review_star_rating)));
      filtered += some.length;
    }
    assert.equal(filtered, everything.length);
    const positive = await allReviews(asin, { star_rating: 'POSITIVE' });
    const critical = await allReviews(asin, { star_rating: 'CRITICAL' });
    assert.ok(positive.every((review) => Number(review.review_star_rating) >= 4) && critical.every((review) => Number(review.review_star_rating) <= 3));
    assert.equal(positive.length + critical.length, everything.length);
    const verified = await allReviews(asin, { verified_purchases_only: true });
    assert.ok(verified.length > 0 && verified.length < everything.length && verified.every((review) => review.is_verified_purchase));
    const media = await allReviews(asin, { images_or_videos_only: true });
    assert.ok(media.length > 0 && media.every((review) => review.review_images.length > 0 || review.review_video !== null));
    const { variants } = productOfAsin(asin)!.product;
    for (const variant of variants) {
      const current = await allReviews(variant.asin, { current_format_only: true });
      assert.ok(current.every((review) => review.reviewed_product_asin === variant.asin && JSON.stringify(review.reviewed_product_variant) === JSON.stringify(variant.attributes)));
    }
    const recent = await allReviews(asin, { sort_by: 'MOST_RECENT' });
    for (let index = 1; index < recent.length; index += 1) assert.ok(reviewDay(recent[index - 1]!) >= reviewDay(recent[index]!));
    for (let index = 1; index < everything.length; index += 1) assert.ok(votes(everything[index - 1]!) >= votes(everything[index]!));
    assert.ok(recent.every((review) => reviewDay(review) < Date.parse('2026-11-01')));
  });
});

describe('sellers', () => {
  test('a seller\'s figures derive from its counts, and its written feedback follows them', async () => {
    for (const { id } of worldSellers()) {
      const seller = (await retail.seller({ seller_id: id, country: 'US' }, call))!;
      const { lifetime, twelve_months, ninety_days, thirty_days } = seller.review_summary;
      assert.equal(lifetime.count, seller.ratings_total);
      assert.equal(seller.ratings_total_percentage, lifetime.positive_percent);
      assert.ok(thirty_days.count <= ninety_days.count && ninety_days.count <= twelve_months.count && twelve_months.count <= lifetime.count);
      for (const period of [lifetime, twelve_months, ninety_days, thirty_days]) {
        assert.equal(period.positive_percent + period.neutral_percent + period.negative_percent, period.count === 0 ? 0 : 100);
      }
      const pages: boolean[] = [];
      const feedback = await walk(async (page) => {
        const answer = (await retail.sellerReviews({ seller_id: id, country: 'US', page, star_rating: 'ALL', verified_purchases_only: false }, call))!;
        if (answer.seller_reviews.length > 0) pages.push(answer.has_next_page);
        return answer.seller_reviews;
      });
      const written = Math.min(seller.ratings_total, 60);
      assert.equal(feedback.length, written);
      assert.deepEqual(pages, pages.map((_, index) => index < pages.length - 1), 'has_next_page until the last page');
      const share = (test: (stars: number) => boolean) => (100 * feedback.filter((review) => test(Number(review.review_star_rating))).length) / written;
      assert.ok(Math.abs(share((stars) => stars >= 4) - lifetime.positive_percent) <= 100 / written + 1);
      assert.ok(Math.abs(share((stars) => stars === 3) - lifetime.neutral_percent) <= 100 / written + 1);
      assert.ok(Math.abs(share((stars) => stars <= 2) - lifetime.negative_percent) <= 100 / written + 1);
      const mean = feedback.reduce((sum, review) => sum + Number(review.review_star_rating), 0) / written;
      assert.ok(Math.abs(mean - seller.rating!) < 0.3, `${id}: ${mean} vs ${seller.rating}`);
      const dates = feedback.map((review) => Date.parse(review.review_date));
      assert.ok(dates.every((date, index) => index === 0 || date <= dates[index - 1]!) && dates[0]! < Date.parse('2026-11-20'));
    }
  });

  test('seller-review filters apply before paging', async () => {
    const ask = (star_rating: 'CRITICAL' | 'POSITIVE' | '1_STARS', verified_purchases_only = false) =>
      walk(async (page) => (await retail.sellerReviews({ seller_id: EXAMPLE_SELLER_ID, country: 'US', page, star_rating, verified_purchases_only }, call))!.seller_reviews);
    const critical = await ask('CRITICAL');
    const positive = await ask('POSITIVE', true);
    assert.ok(critical.length > 0 && critical.every((review) => Number(review.review_star_rating) <= 3));
    assert.ok(positive.length > 0 && positive.every((review) => Number(review.review_star_rating) >= 4));
    assert.ok((await ask('1_STARS')).every((review) => review.review_star_rating === '1'));
  });
});

describe('lists', () => {
  test('best-seller lists rank each product once, in their order, and end', async () => {
    for (const category of ['electronics', 'books', 'pet-supplies']) {
      for (const type of ['BEST_SELLERS', 'HOT_NEW_RELEASES', 'HIGH_RATED'] as const) {
        const items = await walk(async (page) => (await retail.bestSellers({ category, country: 'US', type, page }, call))!.best_sellers);
        assert.ok(items.length > 10 && items.length <= 100);
        assert.deepEqual(items.map((item) => item.rank), items.map((_, index) => index + 1));
        assert.equal(new Set(items.map((item) => item.asin)).size, items.length);
        for (const item of items) {
          const change = item.rank_change_label;
          assert.ok(change === null || /^\+\d+$/.test(change) || (/^-\d+$/.test(change) && item.rank + Number(change) >= 1), `${item.rank} ${change}`);
          assert.equal(productOfAsin(item.asin)!.product.category.slug, category);
        }
        if (type === 'HIGH_RATED') for (let index = 1; index < items.length; index += 1) assert.ok(Number(items[index - 1]!.product_star_rating) >= Number(items[index]!.product_star_rating));
        if (type === 'HOT_NEW_RELEASES') {
          for (const item of items) assert.ok(productOfAsin(item.asin)!.product.releaseDay > Date.parse('2026-05-24') / 86_400_000);
        }
      }
    }
    assert.equal(await retail.bestSellers({ category: 'no-such-category', country: 'US', type: 'BEST_SELLERS', page: 1 }, call), null);
  });

  test('search matches the query\'s words, counts all matches, sorts and filters as asked', async () => {
    const pages = await walk(async (page) => (await search({ query: EXAMPLE_QUERY, page })).products);
    const first = await search({ query: EXAMPLE_QUERY });
    assert.equal(pages.length, first.total_products);
    assert.ok(first.products.length <= 16 && first.total_products > 0);
    // Every product matches at least half the words; those matching all of them come first.
    const both = (product: { product_title: string }) => /wireless/i.test(product.product_title) && /earbud/i.test(product.product_title);
    assert.ok(pages.every((product) => /wireless|earbud/i.test(product.product_title)), 'each matches a word');
    const firstPartial = pages.findIndex((product) => !both(product));
    assert.ok(firstPartial > 0, 'products matching both words exist and rank first');
    assert.ok(pages.slice(firstPartial).every((product) => !both(product)), 'no full match after a partial one');
    assert.deepEqual(await search({ query: 'qwertyuiop zzz' }), { total_products: 0, country: 'US', domain: 'www.retail.com', products: [] });
    const everyInCategory = await walk(async (page) => (await search({ query: 'kitchen', page })).products);
    assert.equal(everyInCategory.length, 120, 'a category name finds its products');
    const prices = (await walk(async (page) => (await search({ query: 'set', sort_by: 'LOWEST_PRICE', page })).products)).map((product) => usd(product.product_price));
    assert.deepEqual(prices, [...prices].sort((a, b) => a - b));
    const reviews = (await search({ query: 'set', sort_by: 'REVIEWS' })).products.map((product) => product.product_num_ratings);
    assert.deepEqual(reviews, [...reviews].sort((a, b) => b - a));
    const high = (await search({ query: 'set', sort_by: 'HIGHEST_PRICE' })).products.map((product) => usd(product.product_price));
    assert.deepEqual(high, [...high].sort((a, b) => b - a));
    const prime = await walk(async (page) => (await search({ query: 'pro', is_prime: true, page })).products);
    assert.ok(prime.length > 0 && prime.every((product) => product.is_prime));
    const deals = await walk(async (page) => (await search({ query: 'pro', deals_and_discounts: 'TODAYS_DEALS', page })).products);
    assert.ok(deals.length > 0 && deals.every((product) => productOfAsin(product.asin)!.product.deal !== null && product.product_original_price !== null));
    const discounted = await walk(async (page) => (await search({ query: 'pro', deals_and_discounts: 'ALL_DISCOUNTS', page })).products);
    assert.ok(discounted.length > deals.length && discounted.every((product) => usd(product.product_original_price) > usd(product.product_price)));
    for (const condition of ['USED', 'RENEWED', 'COLLECTIBLE'] as const) {
      const found = (await search({ query: 'pro', product_condition: condition })).products;
      assert.ok(found.length > 0);
      for (const product of found.slice(0, 5)) assert.ok((await allOffers(product.asin, condition)).length > 0, `${product.asin} has a ${condition} offer`);
    }
  });

  test('search\'s price and rating filters keep what they say, in the marketplace\'s currency, before counting and paging', async () => {
    const everything = await walk(async (page) => (await search({ query: 'pro', page })).products);
    const priced = (low: number, high: number) => everything.filter((product) => usd(product.product_price) >= low && usd(product.product_price) <= high);
    const between = await walk(async (page) => (await search({ query: 'pro', min_price: 20, max_price: 60, page })).products);
    assert.ok(between.length > 16, 'more than one page');
    assert.deepEqual(between.map((product) => product.asin), priced(20, 60).map((product) => product.asin), 'the unfiltered list, in order, less what falls outside');
    assert.equal((await search({ query: 'pro', min_price: 20, max_price: 60 })).total_products, between.length);
    assert.equal((await search({ query: 'pro', min_price: 20, max_price: 60, page: Math.ceil(between.length / 16) + 1 })).products.length, 0);
    assert.equal((await search({ query: 'pro', min_price: 50 })).total_products, priced(50, Infinity).length);
    assert.equal((await search({ query: 'pro', max_price: 15 })).total_products, priced(0, 15).length);
    // Bounds are inclusive: both at a listed price (whole yen in Japan) keep that product.
    const listedInYen = (await search({ query: 'pro', country: 'JP' })).products[0]!;
    const yenPrice = localValue(listedInYen.product_price!);
    const atPrice = await walk(async (page) => (await search({ query: 'pro', country: 'JP', min_price: yenPrice, max_price: yenPrice, page })).products);
    assert.ok(atPrice.some((product) => product.asin === listedInYen.asin) && atPrice.every((product) => product.product_price === listedInYen.product_price));
    const cheapestFirst = (await walk(async (page) => (await search({ query: 'pro', min_price: 20, max_price: 60, sort_by: 'LOWEST_PRICE', page })).products)).map((product) => usd(product.product_price));
    assert.deepEqual(cheapestFirst, [...cheapestFirst].sort((a, b) => a - b));
    assert.equal(cheapestFirst.length, between.length);

    // In the marketplace's currency: 20–60 € in Germany, ¥2,000–¥6,000 in Japan.
    const euros = await walk(async (page) => (await search({ query: 'pro', country: 'DE', min_price: 20, max_price: 60, page })).products);
    assert.ok(euros.length > 0 && euros.every((product) => product.currency === 'EUR' && localValue(product.product_price!) >= 20 && localValue(product.product_price!) <= 60));
    const yen = await walk(async (page) => (await search({ query: 'pro', country: 'JP', min_price: 2000, max_price: 6000, page })).products);
    assert.ok(yen.length > 0 && yen.every((product) => product.currency === 'JPY' && localValue(product.product_price!) >= 2000 && localValue(product.product_price!) <= 6000));
    assert.notDeepEqual(euros.map((product) => product.asin), yen.map((product) => product.asin));
    assert.equal((await search({ query: 'pro', country: 'JP', max_price: 20 })).total_products, 0, 'nothing in the world sells for ¥20');

    const rated = await walk(async (page) => (await search({ query: 'pro', four_stars_and_up: true, page })).products);
    const fourUp = everything.filter((product) => product.product_star_rating !== null && Number(product.product_star_rating) >= 4);
    assert.ok(rated.length > 0 && rated.length < everything.length, 'some products are rated under 4 or not at all');
    assert.deepEqual(rated.map((product) => product.asin), fourUp.map((product) => product.asin));
    assert.equal((await search({ query: 'pro', four_stars_and_up: true })).total_products, rated.length);
    assert.deepEqual(await search({ query: 'pro', four_stars_and_up: false }), await search({ query: 'pro' }));

    const both = await walk(async (page) => (await search({ query: 'pro', min_price: 20, max_price: 60, four_stars_and_up: true, is_prime: true, page })).products);
    assert.ok(both.length > 0 && both.every((product) => product.is_prime && Number(product.product_star_rating) >= 4 && usd(product.product_price) >= 20 && usd(product.product_price) <= 60));
  });

  test('a category\'s products page by 48, sorted and filtered like search; unknown nodes are null', async () => {
    const node = CATEGORIES.find((category) => category.slug === 'video-games')!.node;
    const request = { ...listingRequest, category_id: node };
    const all = await walk(async (page) => (await retail.productsByCategory({ ...request, page }, call))!.products);
    assert.equal(all.length, 120);
    assert.equal(new Set(all.map((product) => product.asin)).size, 120);
    assert.ok(all.every((product) => product.book_format === null));
    const newest = await walk(async (page) => (await retail.productsByCategory({ ...request, sort_by: 'NEWEST', page }, call))!.products);
    const days = newest.map((product) => productOfAsin(product.asin)!.product.releaseDay);
    assert.deepEqual(days, [...days].sort((a, b) => b - a));
    const renewed = await retail.productsByCategory({ ...request, product_condition: 'RENEWED' }, call);
    assert.ok(renewed!.total_products > 0 && renewed!.total_products < 120);
    const books = await retail.productsByCategory({ ...request, category_id: CATEGORIES.find((category) => category.slug === 'books')!.node }, call);
    assert.ok(books!.products.every((product) => ['Paperback', 'Hardcover', 'eBook', 'Audiobook'].includes(product.book_format!)));
    for (const unknown of ['123', 'electronics', '9999999999']) assert.equal(await retail.productsByCategory({ ...request, category_id: unknown }, call), null);
  });

  test('deals: savings add up, prices match the product, filters hold, pages end', async () => {
    const base = { country: 'US', page: 1, price_range: 'ALL', discount_range: 'ALL', deal_type: 'ALL', min_rating: 'ALL' } as const;
    const ask = (extra: Partial<Parameters<typeof retail.deals>[0]> = {}) => walk(async (page) => (await retail.deals({ ...base, ...extra, page }, call))!.deals);
    const all = await ask();
    assert.ok(all.length > 150 && all.length < 450);
    assert.equal(new Set(all.map((deal) => deal.deal_id)).size, all.length);
    for (const deal of all.filter((listed) => listed.deal_state === 'AVAILABLE').slice(0, 40)) {
      assert.equal(Math.round((deal.list_price!.amount - deal.deal_price.amount) * 100) / 100, deal.savings_amount!.amount);
      assert.equal(deal.savings_percentage, Math.round((100 * deal.savings_amount!.amount) / deal.list_price!.amount));
      assert.ok(deal.savings_percentage >= 10 && Date.parse(deal.deal_starts_at) < Date.parse(deal.deal_ends_at));
      const product = (await retail.product({ asin: deal.product_asin!, country: 'US' }, call))!;
      assert.equal(product.product_price, `$${deal.deal_price.amount.toFixed(2)}`);
      assert.equal(product.product_original_price, `$${deal.list_price!.amount.toFixed(2)}`);
    }
    const under = await ask({ price_range: 'UNDER_25' });
    assert.ok(under.length > 0 && under.every((deal) => deal.deal_price.amount < 25));
    const mid = await ask({ price_range: '50_100' });
    assert.ok(mid.every((deal) => deal.deal_price.amount >= 50 && deal.deal_price.amount < 100));
    // Ranges are in the marketplace's currency: 25–50 € in Germany; in Japan no deal is under ¥100.
    const euros = await ask({ country: 'DE', price_range: '25_50' });
    assert.ok(euros.length > 0 && euros.every((deal) => deal.deal_price.currency === 'EUR' && deal.deal_price.amount >= 25 && deal.deal_price.amount < 50));
    assert.deepEqual(await ask({ country: 'JP', price_range: 'OVER_100' }), await ask({ country: 'JP' }));
    assert.deepEqual(await ask({ country: 'JP', price_range: 'UNDER_25' }), []);
    const steep = await ask({ discount_range: '50_OFF' });
    assert.ok(steep.length > 0 && steep.every((deal) => deal.savings_percentage >= 50));
    const lightning = await ask({ deal_type: 'LIGHTNING_DEAL' });
    assert.ok(lightning.length > 0 && lightning.every((deal) => deal.deal_type === 'LIGHTNING_DEAL'));
    const rated = await ask({ min_rating: '4' });
    assert.ok(rated.length > 0 && rated.every((deal) => productOfAsin(deal.product_asin!)!.product.rating! >= 4));
    const kitchen = await ask({ category: 'kitchen' });
    assert.ok(kitchen.length > 0 && kitchen.every((deal) => productOfAsin(deal.product_asin!)!.product.category.slug === 'kitchen'));
  });
});

describe('the world\'s present: 2026-11-20, 12:00 UTC', () => {
  const PRESENT = Date.parse('2026-11-20T12:00:00Z');
  const allDeals = () =>
    walk(async (page) => (await retail.deals({ country: 'US', page, price_range: 'ALL', discount_range: 'ALL', deal_type: 'ALL', min_rating: 'ALL' }, call))!.deals);

  test('a deal\'s state is where it stands at the present: ended deals EXPIRED, none not yet begun', async () => {
    const deals = await allDeals();
    for (const deal of deals) {
      const [start, end] = [Date.parse(deal.deal_starts_at), Date.parse(deal.deal_ends_at)];
      assert.ok(start <= PRESENT, `${deal.deal_id} has begun`);
      if (deal.deal_state === 'EXPIRED') assert.ok(end <= PRESENT, `${deal.deal_id} has ended`);
      else assert.ok(['AVAILABLE', 'WAITLIST'].includes(deal.deal_state) && end > PRESENT, `${deal.deal_id} ${deal.deal_state} until ${deal.deal_ends_at}`);
    }
    const states = new Set(deals.filter((deal) => deal.deal_type === 'LIGHTNING_DEAL').map((deal) => deal.deal_state));
    assert.deepEqual([...states].sort(), ['AVAILABLE', 'EXPIRED', 'WAITLIST']);
  });

  test('only an AVAILABLE deal prices its product: details, search and offers agree', async () => {
    const deals = await allDeals();
    for (const deal of deals) {
      const dealPrice = `$${deal.deal_price.amount.toFixed(2)}`;
      const product = (await retail.product({ asin: deal.product_asin!, country: 'US' }, call))!;
      const offers = (await retail.productOffers({ asin: deal.product_asin!, country: 'US', limit: 100, page: 1, product_condition: 'ALL' }, call))!;
      const found = (await search({ query: product.product_title })).products.find((listed) => listed.asin === deal.product_asin);
      const prices = [product.product_price, offers.product_price, offers.buy_boxes.find((offer) => offer.is_buy_box_winner)!.product_price, found?.product_price];
      if (deal.deal_state === 'AVAILABLE') assert.deepEqual(prices, Array(4).fill(dealPrice), deal.deal_id);
      else {
        assert.deepEqual(prices, Array(4).fill(product.product_price), deal.deal_id);
        assert.notEqual(product.product_price, dealPrice, `${deal.deal_id} ${deal.deal_state} does not price its product`);
      }
    }
    const todays = await walk(async (page) => (await search({ query: 'pro', deals_and_discounts: 'TODAYS_DEALS', page })).products);
    assert.ok(todays.length > 0 && todays.every((listed) => productOfAsin(listed.asin)!.product.deal?.state === 'AVAILABLE'));
  });

  test('offers are delivered after the present, within ten days', async () => {
    const day = 86_400_000;
    const upcoming = Array.from({ length: 10 }, (_, ahead) => new Date(PRESENT + (ahead + 1) * day).toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' }));
    assert.equal(upcoming[0], 'Saturday, November 21');
    for (const product of allProducts().slice(0, 200)) {
      for (const offer of await allOffers(product.asin)) assert.ok(upcoming.includes(offer.delivery_time!), `${offer.delivery_time} after the present`);
    }
  });
});

describe('what the world does not know', () => {
  test('unknown ASINs, sellers, categories and storefronts are null', async () => {
    for (const asin of ['B000000000', 'ABCDEFGHIJ']) {
      assert.equal(await retail.product({ asin, country: 'US' }, call), null);
      assert.equal(await retail.productOffers({ asin, country: 'US', limit: 10, page: 1, product_condition: 'ALL' }, call), null);
      assert.equal(await retail.productReviews(reviewsRequest(asin), call), null);
    }
    assert.equal(await retail.seller({ seller_id: 'A0000000000000', country: 'US' }, call), null);
    assert.equal(await retail.sellerReviews({ seller_id: 'A0000000000000', country: 'US', page: 1, star_rating: 'ALL', verified_purchases_only: false }, call), null);
    assert.equal(await retail.influencer({ influencer_name: 'nobody-here', country: 'US' }, call), null);
    const found = await retail.influencer({ influencer_name: EXAMPLE_INFLUENCER.toUpperCase(), country: 'DE' }, call);
    assert.deepEqual(found, { ...found!, name: EXAMPLE_INFLUENCER, domain: 'www.retail.de', profile_link: `https://www.retail.de/shop/${EXAMPLE_INFLUENCER}` });
    assert.equal(await retail.deals({ country: 'US', page: 1, price_range: 'ALL', discount_range: 'ALL', deal_type: 'ALL', min_rating: 'ALL', category: 'nope' }, call), null);
    assert.deepEqual((await retail.categories({ country: 'JP' }, call)).map((category) => category.id), CATEGORIES.map((category) => category.slug));
  });
});

/** A local price as a number, whatever the marketplace's way of writing it (for comparison only). */
function localValue(price: string): number {
  const digits = price.replace(/[^\d.,]/g, '');
  const decimal = /[.,]\d\d$/.test(digits) ? digits.slice(-3, -2) : null;
  return Number(decimal === null ? digits.replace(/[.,]/g, '') : digits.replace(new RegExp(`[^\\d${decimal}]`, 'g'), '').replace(decimal, '.'));
}

describe('dates as each marketplace writes them', () => {
  const firstReview = async (country: RetailCountry) => (await retail.productReviews({ ...reviewsRequest(EXAMPLE_ASIN), country }, call))!.reviews[0]!;
  const latestFeedback = async (country: RetailCountry) =>
    (await retail.sellerReviews({ seller_id: EXAMPLE_SELLER_ID, country, page: 1, star_rating: 'ALL', verified_purchases_only: false }, call))!.seller_reviews[0]!;

  test('a review\'s date line names the country it was written in, in the site\'s language and date order', async () => {
    const lines: Partial<Record<RetailCountry, string>> = {
      US: 'Reviewed in the United States on October 6, 2026',
      GB: 'Reviewed in the United States on 6 October 2026',
      IN: 'Reviewed in the United States on 6 October 2026',
      DE: 'Rezension aus den Vereinigten Staaten vom 6. Oktober 2026',
      FR: 'Commenté aux États-Unis le 6 octobre 2026',
      IT: 'Recensito negli Stati Uniti il 6 ottobre 2026',
      ES: 'Calificado en Estados Unidos el 6 de octubre de 2026',
      MX: 'Calificado en Estados Unidos el 6 de octubre de 2026',
      BR: 'Avaliado nos Estados Unidos em 6 de outubro de 2026',
      JP: '2026年10月6日にアメリカ合衆国でレビュー済み',
    };
    for (const [country, line] of Object.entries(lines) as [RetailCountry, string][]) {
      const review = await firstReview(country);
      assert.equal(review.review_id, 'RSSZHEK3319IN2', 'the same review in every marketplace');
      assert.equal(review.review_date, line, country);
    }
  });

  test('every marketplace\'s review dates carry the review\'s year, Gregorian and in Latin digits', async () => {
    const usReviews = (await retail.productReviews(reviewsRequest(EXAMPLE_ASIN), call))!.reviews;
    for (const country of RETAIL_COUNTRIES) {
      const reviews = (await retail.productReviews({ ...reviewsRequest(EXAMPLE_ASIN), country }, call))!.reviews;
      assert.equal(reviews.length, usReviews.length);
      reviews.forEach((review, index) => {
        const year = String(new Date(reviewDay(usReviews[index]!)).getUTCFullYear());
        assert.ok(review.review_date.includes(year), `${country}: ${review.review_date}`);
      });
    }
  });

  test('seller reviews are dated in the marketplace\'s date format', async () => {
    const dates: Partial<Record<RetailCountry, string>> = {
      US: 'November 19, 2026', GB: '19 November 2026', DE: '19. November 2026', ES: '19 de noviembre de 2026', JP: '2026年11月19日',
    };
    for (const [country, date] of Object.entries(dates) as [RetailCountry, string][]) assert.equal((await latestFeedback(country)).review_date, date, country);
  });
});

describe('each marketplace in its own language', () => {
  const reviewsOn = (country: RetailCountry) => walk(async (page) => (await retail.productReviews({ ...reviewsRequest(EXAMPLE_ASIN, { page }), country }, call))!.reviews);

  test('a review is written in one country, mostly the catalogue\'s home (US): every marketplace names that one, in its own words', async () => {
    const origins: Record<string, string> = { 'the United States': 'US', 'the United Kingdom': 'GB', Canada: 'CA', Australia: 'AU', India: 'IN' };
    const german: Record<string, string> = { US: 'den Vereinigten Staaten', GB: 'dem Vereinigten Königreich', CA: 'Kanada', AU: 'Australien', IN: 'Indien' };
    const japanese: Record<string, string> = { US: 'アメリカ合衆国', GB: 'イギリス', CA: 'カナダ', AU: 'オーストラリア', IN: 'インド' };
    const [us, de, jp] = await Promise.all([reviewsOn('US'), reviewsOn('DE'), reviewsOn('JP')]);
    const written = us.map((review) => origins[/^Reviewed in (.+) on /.exec(review.review_date)![1]!]!);
    us.forEach((review, index) => {
      assert.ok(written[index], review.review_date);
      assert.equal(de[index]!.review_id, review.review_id);
      assert.match(de[index]!.review_date, new RegExp(`^Rezension aus ${german[written[index]!]} vom \\d+\\. `));
      assert.match(jp[index]!.review_date, new RegExp(`日に${japanese[written[index]!]}でレビュー済み$`));
    });
    const home = written.filter((origin) => origin === 'US').length;
    assert.ok(home > written.length / 2 && home < written.length, `${home} of ${written.length} from the US, the rest from elsewhere`);
  });

  test('German pages write the site\'s phrases in German around the English catalogue', async () => {
    const details = (await retail.product({ asin: EXAMPLE_ASIN, country: 'DE' }, call))!;
    assert.equal(details.product_title, productOfAsin(EXAMPLE_ASIN)!.product.title, 'the catalogue\'s own text stays English');
    assert.equal(details.offer_box_title, 'Neu kaufen:');
    assert.match(details.product_availability!, /^(Auf Lager|Nur noch \d auf Lager)$/);
    assert.match(details.sales_volume!, /^\d{1,3}(\.\d{3})*\+ Mal im letzten Monat gekauft$/);
    assert.equal(details.product_byline, `Besuche den ${productOfAsin(EXAMPLE_ASIN)!.product.brand}-Store`);
    assert.deepEqual(Object.keys(details.product_information), ['Marke', 'Modellnummer', 'Farbe', 'ASIN', 'Kundenrezensionen', 'Bestseller-Rang', 'Im Angebot seit']);
    assert.match(details.product_information.Kundenrezensionen!, /^\d,\d von 5 Sternen \([\d.]+\)$/);
    assert.match(details.product_information['Im Angebot seit']!, /^\d+\. [A-Za-zä]+ \d{4}$/);
    const offers = await allOffers(EXAMPLE_ASIN, 'ALL', 'DE');
    assert.ok(offers.every((offer) => /^(Sonntag|Montag|Dienstag|Mittwoch|Donnerstag|Freitag|Samstag), \d+\. November$/.test(offer.delivery_time!)), offers[0]!.delivery_time!);
    const helpful = (await reviewsOn('DE')).map((review) => review.helpful_vote_statement).filter((line) => line !== null);
    assert.ok(helpful.length > 0 && helpful.every((line) => /^(Eine Person fand|\d+ Personen fanden) diese Informationen hilfreich$/.test(line!)), helpful[0]!);
    const names = (await retail.categories({ country: 'DE' }, call)).map((category) => category.name);
    assert.ok(names.includes('Bücher') && names.includes('Elektronik & Foto'));
  });

  test('search finds a category by the site\'s name for it; titles are the catalogue\'s, English, on every site', async () => {
    const books = CATEGORIES.find((category) => category.slug === 'books')!;
    for (const [country, query] of [['DE', 'Bücher'], ['FR', 'livres'], ['JP', '本'], ['DE', 'books']] as const) {
      const found = await walk(async (page) => (await search({ query, country, page })).products);
      assert.equal(found.length, 120, `${country} ${query}`);
      assert.ok(found.every((item) => productOfAsin(item.asin)!.product.category === books));
    }
    assert.equal((await search({ query: 'kopfhörer', country: 'DE' })).total_products, 0, 'a product noun in German is not in the English titles');
    assert.equal((await search({ query: 'livres', country: 'US' })).total_products, 0, 'nor another site\'s category name');
  });

  /** The English site's phrases: none may show on another language's site (day and month names included, but those some languages share). */
  const ENGLISH = new RegExp(`^(.* )?(${[
    'In Stock', 'left in stock', 'Available instantly', 'Buy new', 'bought in past month', 'Visit the', 'Publisher', 'found this helpful', 'Reviewed in', 'Lightning Deal', 'Limited time deal',
    'Brand', 'Item model number', 'Customer Reviews', 'Best Sellers Rank', 'Date First Available', 'out of 5 stars', 'No customer reviews', 'Language', 'Print length',
    'Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'January', 'March', 'October', 'December',
  ].join('|')})( .*)?$`);

  test('every other language writes all of the site\'s phrases in its own words', async () => {
    const book = categoryProducts(categoryIndexOf('books')).find((product) => product.variants.length > 2)!;
    const english = (await retail.categories({ country: 'US' }, call)).map((category) => category.name);
    for (const country of RETAIL_COUNTRIES.filter((candidate) => marketplace(candidate).language !== 'en')) {
      const site: string[] = [];
      for (const asin of [EXAMPLE_ASIN, ...book.variants.map((variant) => variant.asin)]) {
        const { product_availability, offer_box_title, sales_volume, product_byline, product_information } = (await retail.product({ asin, country }, call))!;
        site.push(product_availability!, offer_box_title!, sales_volume!, product_byline!, ...Object.entries(product_information).flat());
        site.push(...(await allOffers(asin, 'ALL', country)).map((offer) => offer.delivery_time!));
      }
      site.push(...(await reviewsOn(country)).flatMap((review) => [review.review_date, review.helpful_vote_statement ?? '']));
      site.push(...(await retail.deals({ country, page: 1, price_range: 'ALL', discount_range: 'ALL', deal_type: 'ALL', min_rating: 'ALL' }, call))!.deals.flatMap((deal) => deal.deal_badge ?? []));
      const names = (await retail.categories({ country }, call)).map((category) => category.name);
      for (const phrase of site) assert.doesNotMatch(phrase, ENGLISH, `${country}: ${phrase}`);
      assert.ok(names.filter((name, index) => name === english[index]).length <= 3, `${country}: ${names.join(', ')}`);
    }
  });
});

describe('books', () => {
  const books = () => categoryProducts(categoryIndexOf('books'));
  const DIGITAL = ['eBook', 'Audiobook'];

  test('a digital edition has one offer, the marketplace\'s, new and delivered at once; print editions ship', async () => {
    assert.equal(productOfAsin('B0XE4ZAQ1P')!.product.variants[0]!.attributes.Format, 'eBook');
    assert.equal(productOfAsin('B0ES7VBL18')!.product.variants[0]!.attributes.Format, 'Audiobook');
    let digital = 0;
    for (const product of books()) {
      for (const { asin, attributes } of product.variants) {
        const details = (await retail.product({ asin, country: 'US' }, call))!;
        const offers = await allOffers(asin);
        assert.equal(details.product_num_offers, offers.length);
        if (!DIGITAL.includes(attributes.Format!)) {
          assert.ok(offers.every((offer) => offer.delivery_price !== null && offer.delivery_time !== 'Available instantly'), asin);
          continue;
        }
        digital += 1;
        assert.deepEqual(offers, [{
          seller_id: null, seller: 'Retail', seller_link: null, seller_star_rating: null, seller_num_ratings: 0, product_price: details.product_price!,
          delivery_price: null, delivery_time: 'Available instantly', product_condition: 'New', ships_from: null, is_prime: false, is_buy_box_winner: true,
        }], asin);
        assert.equal(details.delivery_price, null);
        assert.equal(details.product_availability, 'Available instantly');
        assert.deepEqual(await allOffers(asin, 'USED'), []);
        assert.deepEqual(await allOffers(asin, 'COLLECTIBLE'), []);
      }
    }
    assert.ok(digital > 20, `${digital} digital editions`);
  });

  test('a book\'s page is a book\'s: publisher, language, length, a print edition\'s ISBN, no model number or warranty', async () => {
    for (const product of books().slice(0, 40)) {
      for (const { asin, attributes } of product.variants) {
        const details = (await retail.product({ asin, country: 'US' }, call))!;
        const information = details.product_information;
        assert.equal(information['Item model number'], undefined);
        assert.equal(information.Brand, undefined);
        assert.equal(information.Publisher, product.brand);
        assert.equal(information.Language, 'English');
        assert.equal(information.Format, attributes.Format);
        assert.equal(details.product_byline, `${product.brand} (Publisher)`);
        assert.equal(information['Print length'] === undefined, attributes.Format === 'Audiobook', asin);
        const isbn = information['ISBN-13'];
        if (DIGITAL.includes(attributes.Format!)) assert.equal(isbn, undefined);
        else {
          assert.match(isbn!, /^978-\d{10}$/);
          const digits = isbn!.replace('-', '');
          assert.equal([...digits].reduce((sum, digit, index) => sum + Number(digit) * (index % 2 === 0 ? 1 : 3), 0) % 10, 0, `${isbn} check digit`);
        }
        assert.ok(details.about_product.every((line) => !/warranty|out of the box/i.test(line)), details.about_product.join(' '));
        assert.doesNotMatch(details.product_description!, /warranty|out of the box/i);
      }
    }
  });

  test('a book\'s format in its category\'s list is its page\'s', async () => {
    const listed = await walk(async (page) => (await retail.productsByCategory({ ...listingRequest, page, category_id: books()[0]!.category.node }, call))!.products);
    assert.equal(listed.length, books().length);
    for (const item of listed) assert.equal(item.book_format, (await retail.product({ asin: item.asin, country: 'US' }, call))!.product_information.Format, item.asin);
    assert.ok(DIGITAL.every((format) => listed.some((item) => item.book_format === format)));
  });
});
