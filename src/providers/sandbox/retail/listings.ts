import type { Deal } from '../../../schemas/retail';
import { PAGE_SIZES, type BestSellersRequest, type Condition, type DealsRequest, type SearchRequest, type SortOrder } from '../../families/retail';
import { SeededRandom } from '../random';
import { allProducts, bySales, categoryProducts, type OfferCondition, type Product } from './catalog';
import { localAmount, marketplace, PRESENT_DAY, type Marketplace } from './marketplaces';
import { categoryName, dealRecord } from './records';
import { pageOf } from './tally';

/** The world's lists: search and category listings, best-seller rankings and deals, all over the same products. */

type ListingRequest = Omit<SearchRequest, 'query'>;

const STOP_WORDS = new Set(['a', 'an', 'and', 'for', 'the', 'with', 'of', 'in', 'to', 'by', 'on']);
/** Lower-case words in any script, a plural 's' dropped so "earbud" finds "Earbuds". */
const words = (text: string): string[] =>
  text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean).map((word) => (word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word));

/** A product's title words, read once: the world never changes, and every search reads them all. */
const titleWords = new WeakMap<Product, string[]>();
function titleWordsOf(product: Product): string[] {
  let known = titleWords.get(product);
  if (!known) titleWords.set(product, (known = words(product.title)));
  return known;
}

/** A category's words: its catalogue (English) name's and the site's own name's ("bücher" finds books on the German site). */
const siteCategoryWords = new Map<string, string[]>();
function categoryWordsOf(product: Product, market: Marketplace): string[] {
  const key = `${product.category.slug}:${market.language}`;
  let known = siteCategoryWords.get(key);
  if (!known) siteCategoryWords.set(key, (known = [...new Set([...words(product.category.name), ...words(categoryName(product.category, market))])]));
  return known;
}

/**
 * How well a product matches the query's words (a word matches when it starts a word of the
 * title, brand or category; the title counts more), 0 when it matches fewer than half of them:
 * as on the marketplace, a word it has nothing for ("coffee grinder") narrows nothing away, and
 * products matching every word rank first. Titles are the catalogue's (English); categories also
 * match in the site's language.
 */
function matchScore(product: Product, query: string[], market: Marketplace): number {
  const [title, category] = [titleWordsOf(product), categoryWordsOf(product, market)];
  let score = 0;
  let matched = 0;
  for (const word of query) {
    const inTitle = title.some((candidate) => candidate.startsWith(word));
    const inCategory = !inTitle && category.some((candidate) => candidate.startsWith(word));
    if (inTitle || inCategory) matched += 1;
    score += inTitle ? 3 : inCategory ? 1 : 0;
  }
  return matched * 2 >= query.length && matched > 0 ? score : 0;
}

/** The request's condition an offer's falls under. */
export const KIND: Record<OfferCondition, Condition> = {
  New: 'NEW', 'Used - Like New': 'USED', 'Used - Very Good': 'USED', 'Used - Good': 'USED', 'Used - Acceptable': 'USED', Renewed: 'RENEWED', Collectible: 'COLLECTIBLE',
};

/**
 * Prices are compared as the listing shows them, in the marketplace's currency (a min_price of 25
 * is $25 in the US, 25 € in Germany, ¥25 in Japan); a product without ratings is not four stars.
 */
function passes(product: Product, request: ListingRequest, market: Marketplace): boolean {
  if (request.is_prime === true && !product.buyBox.prime) return false;
  if (request.four_stars_and_up === true && (product.rating ?? 0) < 4) return false;
  if (request.min_price !== undefined || request.max_price !== undefined) {
    const price = localAmount(product.buyBox.cents, market);
    if (price < (request.min_price ?? 0) || price > (request.max_price ?? Infinity)) return false;
  }
  if (request.product_condition !== 'ALL' && !product.offers.some((offer) => KIND[offer.condition] === request.product_condition)) return false;
  if (request.deals_and_discounts === 'TODAYS_DEALS') return product.deal?.state === 'AVAILABLE';
  if (request.deals_and_discounts === 'ALL_DISCOUNTS') return product.wasCents !== null;
  return true;
}

const ORDERS: Record<Exclude<SortOrder, 'RELEVANCE'>, (a: Product, b: Product) => number> = {
  LOWEST_PRICE: (a, b) => a.buyBox.cents - b.buyBox.cents,
  HIGHEST_PRICE: (a, b) => b.buyBox.cents - a.buyBox.cents,
  REVIEWS: (a, b) => b.numRatings - a.numRatings,
  NEWEST: (a, b) => b.releaseDay - a.releaseDay,
  BEST_SELLERS: bySales,
};

/** Sales weighted by rating: a category's "featured" order. */
const featured = (product: Product): number => product.monthlySales * (product.rating ?? 3);

function listing(products: Product[], request: ListingRequest, relevance: (product: Product) => number, size: number): { total: number; page: Product[] } {
  const market = marketplace(request.country);
  const kept = products.filter((product) => passes(product, request, market));
  const order = request.sort_by === 'RELEVANCE' ? (a: Product, b: Product) => relevance(b) - relevance(a) || bySales(a, b) : ORDERS[request.sort_by];
  return { total: kept.length, page: pageOf(kept.sort(order), request.page, size) };
}

export function searchListing(request: SearchRequest): { total: number; page: Product[] } {
  const all = words(request.query);
  const query = all.some((word) => !STOP_WORDS.has(word)) ? all.filter((word) => !STOP_WORDS.has(word)) : all;
  if (query.length === 0) return { total: 0, page: [] };
  const market = marketplace(request.country);
  const scores = new Map<Product, number>();
  for (const product of allProducts()) {
    const score = matchScore(product, query, market);
    if (score > 0) scores.set(product, score);
  }
  return listing([...scores.keys()], request, (product) => scores.get(product)!, PAGE_SIZES.search);
}

export const categoryListing = (categoryIndex: number, request: ListingRequest) =>
  listing([...categoryProducts(categoryIndex)], request, featured, PAGE_SIZES.productsByCategory);

/** Products in each best-seller list at most (two pages). */
const LIST_LENGTH = 100;
/** Released this recently, a product counts as a new release. */
const NEW_RELEASE_DAYS = 180;
/** Fewer ratings than this and a product is not ranked by its rating. */
const RATED_ENOUGH = 25;

export function bestSellerRanking(categoryIndex: number, type: BestSellersRequest['type']): Product[] {
  const products = categoryProducts(categoryIndex);
  const ranked =
    type === 'BEST_SELLERS' ? [...products].sort(bySales)
    : type === 'HOT_NEW_RELEASES' ? products.filter((product) => product.releaseDay > PRESENT_DAY - NEW_RELEASE_DAYS).sort(bySales)
    : products.filter((product) => product.numRatings >= RATED_ENOUGH).sort((a, b) => b.rating! - a.rating! || b.numRatings - a.numRatings);
  return ranked.slice(0, LIST_LENGTH);
}

/** Movement since the previous list: fixed per product and list, never above the top. */
export function rankChange(product: Product, type: BestSellersRequest['type'], rank: number): string | null {
  const random = new SeededRandom(`retail-rank-change:${type}:${product.asin}`);
  if (random.chance(0.55)) return null;
  const step = random.integer(1, 15);
  if (random.chance(type === 'HOT_NEW_RELEASES' ? 0.7 : 0.5)) return `+${step}`;
  return rank > 1 ? `-${Math.min(step, rank - 1)}` : null;
}

/** Deal prices in the marketplace's currency: UNDER_25 is under $25 in the US, under 25 € in Germany, under ¥25 in Japan. */
const PRICE_RANGES: Record<DealsRequest['price_range'], [number, number]> = { ALL: [0, Infinity], UNDER_25: [0, 25], '25_50': [25, 50], '50_100': [50, 100], OVER_100: [100, Infinity] };

/**
 * The deals page: products whose deal has started (on, claimed or ended; not those starting later
 * today), in featured order, filtered (price and discount as the record shows them, so in the
 * marketplace's currency).
 */
export function dealListing(request: DealsRequest, categoryIndex: number | null, market: Marketplace): Deal[] {
  const [low, high] = PRICE_RANGES[request.price_range];
  const minimumRating = request.min_rating === 'ALL' ? 0 : Number(request.min_rating);
  const minimumDiscount = request.discount_range === 'ALL' ? 0 : Number.parseInt(request.discount_range, 10);
  const chosen = (categoryIndex === null ? allProducts() : categoryProducts(categoryIndex)).filter(
    (product) =>
      product.deal !== null && product.deal.state !== 'UPCOMING' && (request.deal_type === 'ALL' || product.deal.type === request.deal_type) && (product.rating ?? 0) >= minimumRating,
  );
  const deals = chosen.sort((a, b) => a.deal!.featured - b.deal!.featured).map((product) => dealRecord(product, market));
  const wanted = (deal: Deal) => deal.deal_price.amount >= low && deal.deal_price.amount < high && deal.savings_percentage >= minimumDiscount;
  return pageOf(deals.filter(wanted), request.page, PAGE_SIZES.deals);
}
