import {
  PAGE_SIZES, type BEST_SELLER_TYPES, type Condition, type DealsRequest, type DISCOUNT_RANGES, type PRICE_RANGES, type ProductReviewsRequest,
  type ProductsByCategoryRequest, type SearchRequest, type SellerReviewsRequest,
} from '../families/retail';

/**
 * Our requests in the vendor's parameters (its OpenAPI as published on RapidAPI and in
 * OpenWeb-Ninja/openwebninja-skills). Where the values are the same words (sort orders, star
 * filters, search conditions, deals-and-discounts, minimum ratings) they pass as they are; the
 * rest is translated here.
 */

/**
 * Its best-seller lists: BEST_SELLERS, NEW_RELEASES, MOVERS_AND_SHAKERS, MOST_WISHED_FOR,
 * GIFT_IDEAS. Our third list is the catalog's "most-wished-for".
 */
export const BEST_SELLER_LISTS: Record<(typeof BEST_SELLER_TYPES)[number], string> = {
  BEST_SELLERS: 'BEST_SELLERS',
  HOT_NEW_RELEASES: 'NEW_RELEASES',
  HIGH_RATED: 'MOST_WISHED_FOR',
};

/**
 * Its offer filter takes a comma list of NEW, USED_LIKE_NEW, USED_VERY_GOOD, USED_GOOD and
 * USED_ACCEPTABLE (all of them by default). It has no word for renewed or collectible offers:
 * those are asked for unfiltered and picked out of the answer (./mapping.ts).
 */
export const OFFER_CONDITIONS: Record<Condition, string | undefined> = {
  ALL: undefined,
  NEW: 'NEW',
  USED: 'USED_LIKE_NEW,USED_VERY_GOOD,USED_GOOD,USED_ACCEPTABLE',
  RENEWED: undefined,
  COLLECTIBLE: undefined,
};

/**
 * Its deal price ranges are the positions of the marketplace's own ranges, 1 to 5 (in the US:
 * under $25, $25–50, $50–100, $100–200, $200 and above). Ours above $100 spans the last two,
 * sent as a comma list like its other multi-value filters (assumed: a single position is all
 * its documentation shows).
 */
export const DEAL_PRICE_RANGES: Record<(typeof PRICE_RANGES)[number], string | undefined> = {
  ALL: undefined,
  UNDER_25: '1',
  '25_50': '2',
  '50_100': '3',
  OVER_100: '4,5',
};

/**
 * Its discount ranges are positions 1 ("10% off or more") to 5 ("70% off or more"), per its
 * documentation; 25% and 50% as positions 2 and 3 are assumed from the marketplace's list.
 */
export const DEAL_DISCOUNT_RANGES: Record<(typeof DISCOUNT_RANGES)[number], string | undefined> = {
  ALL: undefined,
  '10_OFF': '1',
  '25_OFF': '2',
  '50_OFF': '3',
  '70_OFF': '5',
};

const flag = (value: boolean) => (value ? 'true' : 'false');

/** Query entries with nothing for the absent ones. */
function query(entries: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(entries).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

/** What search and a category's listing share. */
function listingQuery(request: ProductsByCategoryRequest | SearchRequest): Record<string, string> {
  return query({
    country: request.country,
    page: String(request.page),
    sort_by: request.sort_by,
    product_condition: request.product_condition,
    is_prime: request.is_prime === undefined ? undefined : flag(request.is_prime),
    deals_and_discounts: request.deals_and_discounts,
  });
}

/** Search's price and rating filters are the vendor's own parameters, sent only when given. */
export function searchQuery(request: SearchRequest): Record<string, string> {
  return {
    query: request.query,
    ...listingQuery(request),
    ...query({
      min_price: request.min_price === undefined ? undefined : String(request.min_price),
      max_price: request.max_price === undefined ? undefined : String(request.max_price),
      four_stars_and_up: request.four_stars_and_up === undefined ? undefined : flag(request.four_stars_and_up),
    }),
  };
}

export function categoryQuery(request: ProductsByCategoryRequest): Record<string, string> {
  return { category_id: request.category_id, ...listingQuery(request) };
}

/**
 * Deals are paged by `offset`, in steps of the page size (30, as the marketplace's deals page).
 * Lightning deals have a switch of their own; best deals have none, so they are picked out of
 * the answer (a page may then hold fewer than 30).
 */
export function dealsQuery(request: DealsRequest): Record<string, string> {
  return query({
    country: request.country,
    offset: String((request.page - 1) * PAGE_SIZES.deals),
    price_range: DEAL_PRICE_RANGES[request.price_range],
    discount_range: DEAL_DISCOUNT_RANGES[request.discount_range],
    min_product_star_rating: request.min_rating === 'ALL' ? undefined : request.min_rating,
    categories: request.category,
    lightning_deals: request.deal_type === 'LIGHTNING_DEAL' ? 'true' : undefined,
  });
}

export function reviewsQuery(request: ProductReviewsRequest): Record<string, string> {
  return {
    asin: request.asin,
    country: request.country,
    page: String(request.page),
    sort_by: request.sort_by,
    star_rating: request.star_rating,
    verified_purchases_only: flag(request.verified_purchases_only),
    images_or_videos_only: flag(request.images_or_videos_only),
    current_format_only: flag(request.current_format_only),
  };
}

/**
 * Seller feedback has no verified-purchase filter at the vendor (nor on the marketplace's
 * seller page): `verified_purchases_only` is not sent.
 */
export function sellerReviewsQuery(request: SellerReviewsRequest): Record<string, string> {
  return { seller_id: request.seller_id, country: request.country, page: String(request.page), star_rating: request.star_rating };
}
