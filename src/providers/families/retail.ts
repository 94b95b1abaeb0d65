import type { BestSeller, CategoryPage, Deal, Influencer, ProductDetails, ProductOffers, RetailCategory, ReviewPage, SearchPage, Seller, SellerReviews } from '../../schemas/retail';
import type { CallOptions, ProviderFamily } from '../providers';

/**
 * Retail-marketplace data: a vendor's (OpenWeb Ninja's real-time marketplace API) or the
 * sandbox's seeded world of products and sellers. Requests arrive validated, in our terms
 * (snake_case, enums and defaults of ENDPOINT-CATALOG.md); a vendor translates them to its own.
 * `null`: the marketplace does not know the product, seller, category or storefront asked about
 * (the endpoint answers 404 NOT_FOUND, uncharged). Lists answer at most their page size.
 */

/** The marketplaces served: ISO 3166-1 alpha-2, upper case. */
export const RETAIL_COUNTRIES = ['US', 'GB', 'DE', 'FR', 'IT', 'ES', 'CA', 'AU', 'IN', 'JP', 'MX', 'BR', 'NL', 'SE', 'PL', 'BE', 'SG', 'AE', 'SA', 'TR', 'EG', 'IE'] as const;
export type RetailCountry = (typeof RETAIL_COUNTRIES)[number];

export const BEST_SELLER_TYPES = ['BEST_SELLERS', 'HOT_NEW_RELEASES', 'HIGH_RATED'] as const;
export const SORT_ORDERS = ['RELEVANCE', 'LOWEST_PRICE', 'HIGHEST_PRICE', 'REVIEWS', 'NEWEST', 'BEST_SELLERS'] as const;
export const CONDITIONS = ['ALL', 'NEW', 'USED', 'RENEWED', 'COLLECTIBLE'] as const;
export const STAR_FILTERS = ['ALL', '5_STARS', '4_STARS', '3_STARS', '2_STARS', '1_STARS', 'POSITIVE', 'CRITICAL'] as const;
export const PRICE_RANGES = ['ALL', 'UNDER_25', '25_50', '50_100', 'OVER_100'] as const;
export const DISCOUNT_RANGES = ['ALL', '10_OFF', '25_OFF', '50_OFF', '70_OFF'] as const;
export const DEAL_TYPES = ['ALL', 'BEST_DEAL', 'LIGHTNING_DEAL'] as const;
export const MIN_RATINGS = ['ALL', '1', '2', '3', '4'] as const;
export const DEALS_AND_DISCOUNTS = ['NONE', 'ALL_DISCOUNTS', 'TODAYS_DEALS'] as const;

/** Page sizes the marketplace lists by (ENDPOINT-CATALOG.md). */
export const PAGE_SIZES = { bestSellers: 50, deals: 30, productsByCategory: 48, search: 16, productReviews: 7, sellerReviews: 5 } as const;

export type Condition = (typeof CONDITIONS)[number];
export type StarFilter = (typeof STAR_FILTERS)[number];
export type SortOrder = (typeof SORT_ORDERS)[number];

export interface BestSellersRequest { category: string; country: RetailCountry; type: (typeof BEST_SELLER_TYPES)[number]; page: number }
export interface DealsRequest {
  country: RetailCountry;
  page: number;
  price_range: (typeof PRICE_RANGES)[number];
  discount_range: (typeof DISCOUNT_RANGES)[number];
  deal_type: (typeof DEAL_TYPES)[number];
  /** A category slug (as /categories lists), or undefined for all. */
  category?: string | undefined;
  min_rating: (typeof MIN_RATINGS)[number];
}
export interface ProductOffersRequest { asin: string; country: RetailCountry; limit: number; page: number; product_condition: Condition }
export interface ProductReviewsRequest {
  asin: string;
  country: RetailCountry;
  sort_by: 'TOP_REVIEWS' | 'MOST_RECENT';
  star_rating: StarFilter;
  verified_purchases_only: boolean;
  images_or_videos_only: boolean;
  current_format_only: boolean;
  page: number;
}
interface ProductListing { country: RetailCountry; sort_by: SortOrder; product_condition: Condition; page: number; is_prime?: boolean | undefined; deals_and_discounts?: (typeof DEALS_AND_DISCOUNTS)[number] | undefined }
export interface ProductsByCategoryRequest extends ProductListing { category_id: string }
/**
 * Search's price and rating filters, named as the vendor names them: prices in whole units of the
 * marketplace's currency, both bounds inclusive, against the price a listing shows (its buy box);
 * `four_stars_and_up` keeps products rated 4.0 and above.
 */
export interface PriceAndRatingFilters { min_price?: number | undefined; max_price?: number | undefined; four_stars_and_up?: boolean | undefined }
export interface SearchRequest extends ProductListing, PriceAndRatingFilters { query: string }
export interface SellerReviewsRequest { seller_id: string; country: RetailCountry; page: number; star_rating: StarFilter; verified_purchases_only: boolean }

export interface RetailProvider extends ProviderFamily {
  bestSellers(request: BestSellersRequest, call: CallOptions): Promise<{ best_sellers: BestSeller[] } | null>;
  categories(request: { country: RetailCountry }, call: CallOptions): Promise<RetailCategory[]>;
  deals(request: DealsRequest, call: CallOptions): Promise<{ deals: Deal[] } | null>;
  influencer(request: { influencer_name: string; country: RetailCountry }, call: CallOptions): Promise<Influencer | null>;
  product(request: { asin: string; country: RetailCountry }, call: CallOptions): Promise<ProductDetails | null>;
  productOffers(request: ProductOffersRequest, call: CallOptions): Promise<ProductOffers | null>;
  productReviews(request: ProductReviewsRequest, call: CallOptions): Promise<ReviewPage | null>;
  productsByCategory(request: ProductsByCategoryRequest, call: CallOptions): Promise<CategoryPage | null>;
  search(request: SearchRequest, call: CallOptions): Promise<SearchPage>;
  seller(request: { seller_id: string; country: RetailCountry }, call: CallOptions): Promise<Seller | null>;
  sellerReviews(request: SellerReviewsRequest, call: CallOptions): Promise<SellerReviews | null>;
}
