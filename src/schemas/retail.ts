import { z } from 'zod';

/**
 * The retail marketplace's records (SPEC.md "Retail records"; ENDPOINT-CATALOG.md "retail"),
 * snake_case as the spec has them. Prices are the marketplace's display strings ("$19.99",
 * "24,99 €"), null where the listing shows none; star ratings are strings ("4.6"), as the
 * marketplace writes them. Every endpoint answers the inner `data` inside the marketplace's own
 * wrapper `{status, request_id, parameters, data}` (see `retailAnswer`).
 */

const text = (description: string, example?: string) => z.string().meta({ description, ...(example === undefined ? {} : { examples: [example] }) });
const maybeText = (description: string, example?: string) =>
  z.string().nullable().meta({ description: `${description}; null when the listing shows none.`, ...(example === undefined ? {} : { examples: [example] }) });
const count = (description: string) => z.number().int().nonnegative().meta({ description });
const flag = (description: string) => z.boolean().meta({ description });

/** An ASIN: the marketplace's 10-character product id, letters and digits. */
export const ASIN_PATTERN = /^[A-Z0-9]{10}$/;

export const RetailCategory = z
  .object({
    name: text('The category as the marketplace names it.', 'Software'),
    id: text('Its slug: what /v1/retail/best-sellers and /v1/retail/deals take as `category`.', 'software'),
    browse_node_id: z
      .string()
      .nullable()
      .meta({ description: 'Its numeric browse node: what /v1/retail/products-by-category takes as `category_id`; null when the marketplace\'s list does not give it.', examples: ['4129306011'] }),
  })
  .meta({ id: 'RetailCategory' });
export type RetailCategory = z.infer<typeof RetailCategory>;

export const BestSeller = z
  .object({
    rank: z.number().int().min(1).meta({ description: 'Position in the list, from 1.' }),
    asin: text('The product\'s ASIN.', 'B03Y8F3WDL'),
    product_title: text('Title.'),
    product_price: maybeText('Price as displayed', '$24.99'),
    product_star_rating: maybeText('Average rating out of 5', '4.6'),
    product_num_ratings: count('How many ratings the product has.'),
    product_url: text('The product page.'),
    product_photo: text('Main image URL.'),
    rank_change_label: z.string().nullable().meta({ description: 'Movement since the previous list ("+3", "-1"), or null.', examples: ['+3'] }),
  })
  .meta({ id: 'RetailBestSeller' });
export type BestSeller = z.infer<typeof BestSeller>;

const productListFields = {
  asin: text('ASIN.', 'B03Y8F3WDL'),
  product_title: text('Title.'),
  product_price: maybeText('Price as displayed', '$24.99'),
  product_original_price: maybeText('List price before a discount', '$34.99'),
  currency: text('ISO 4217 currency of the prices.', 'USD'),
  product_star_rating: maybeText('Average rating out of 5', '4.6'),
  product_num_ratings: count('How many ratings.'),
  product_url: text('The product page.'),
  product_photo: text('Main image URL.'),
  product_num_offers: count('How many offers (sellers and conditions) the product has.'),
  product_minimum_offer_price: maybeText('The lowest offer price', '$21.50'),
  is_best_seller: flag('Carries the best-seller badge.'),
  is_retail_choice: flag("Carries the marketplace's choice badge."),
  is_prime: flag('Eligible for the marketplace\'s fast-shipping membership.'),
  has_variations: flag('Sold in several variations (size, colour).'),
};

export const SearchProduct = z
  .object({ ...productListFields, sales_volume: maybeText('Recent sales as displayed', '2K+ bought in past month') })
  .meta({ id: 'RetailSearchProduct' });
export type SearchProduct = z.infer<typeof SearchProduct>;

export const CategoryProduct = z
  .object({ ...productListFields, book_format: maybeText('Binding, for books (Paperback, Kindle)', 'Paperback') })
  .meta({ id: 'RetailCategoryProduct' });
export type CategoryProduct = z.infer<typeof CategoryProduct>;

/** A page of products: search (`SearchProduct`) or a category's (`CategoryProduct`). */
export function productPage<Item extends z.ZodType>(item: Item, id: string) {
  return z
    .object({
      total_products: count('Products matching, on all pages.'),
      country: text('The marketplace\'s country.', 'US'),
      domain: text('The marketplace\'s domain.', 'www.retail.com'),
      products: z.array(item),
    })
    .meta({ id });
}
export const SearchPage = productPage(SearchProduct, 'RetailSearchPage');
export type SearchPage = z.infer<typeof SearchPage>;
export const CategoryPage = productPage(CategoryProduct, 'RetailCategoryPage');
export type CategoryPage = z.infer<typeof CategoryPage>;

const productHeader = {
  asin: text('ASIN.', 'B03Y8F3WDL'),
  product_title: text('Title.'),
  product_price: maybeText('Price of the featured offer', '$24.99'),
  product_original_price: maybeText('List price before a discount', '$34.99'),
  delivery_price: maybeText('Delivery price of the featured offer ("FREE" when free)', 'FREE'),
  currency: text('ISO 4217 currency.', 'USD'),
  country: text('The marketplace\'s country.', 'US'),
  domain: text('The marketplace\'s domain.', 'www.retail.com'),
  product_byline: maybeText('The brand line', 'Visit the Northwind Store'),
  product_star_rating: maybeText('Average rating out of 5', '4.6'),
  product_num_ratings: count('How many ratings.'),
  product_url: text('The product page.'),
  product_num_offers: count('How many offers.'),
  product_availability: maybeText('Stock as displayed', 'In Stock'),
  product_condition: maybeText('Condition of the featured offer', 'New'),
  is_prime: flag('The featured offer ships with the fast-shipping membership.'),
  sales_volume: maybeText('Recent sales as displayed', '2K+ bought in past month'),
};

export const ProductDetails = z
  .object({
    ...productHeader,
    product_photo: text('Main image URL.'),
    offer_box_title: maybeText('The featured offer box\'s heading', 'Buy new:'),
    offer_box_price: maybeText('The featured offer box\'s price', '$24.99'),
    is_best_seller: flag('Carries the best-seller badge.'),
    is_retail_choice: flag("Carries the marketplace's choice badge."),
    about_product: z.array(z.string()).meta({ description: 'The "about this item" bullet points.' }),
    product_description: maybeText('The description'),
    product_information: z.record(z.string(), z.string()).meta({ description: 'The technical details table, label → value.' }),
  })
  .meta({ id: 'RetailProduct' });
export type ProductDetails = z.infer<typeof ProductDetails>;

export const RetailOffer = z
  .object({
    seller_id: maybeText('The seller (see /v1/retail/seller); null when the marketplace sells it itself', 'A8UTZVDO9238NX'),
    seller: text('Seller name.', 'Harbor Goods'),
    seller_link: maybeText('Seller page'),
    seller_star_rating: maybeText('Seller rating out of 5', '4.7'),
    seller_num_ratings: count('How many ratings the seller has.'),
    product_price: text('Offer price as displayed.', '$23.10'),
    delivery_price: maybeText('Delivery price ("FREE" when free)', 'FREE'),
    delivery_time: maybeText('Delivery estimate as displayed', 'Tuesday, December 2'),
    product_condition: z.enum(['New', 'Used - Like New', 'Used - Very Good', 'Used - Good', 'Used - Acceptable', 'Renewed', 'Collectible']).meta({ description: 'The offer\'s condition.' }),
    ships_from: maybeText('Where it ships from', 'Harbor Goods'),
    is_prime: flag('Ships with the fast-shipping membership.'),
    is_buy_box_winner: flag('The offer the product page features.'),
  })
  .meta({ id: 'RetailOffer' });
export type RetailOffer = z.infer<typeof RetailOffer>;

export const ProductOffers = z
  .object({ ...productHeader, buy_boxes: z.array(RetailOffer).meta({ description: 'The offers on this page, cheapest first (price with delivery).' }) })
  .meta({ id: 'RetailProductOffers' });
export type ProductOffers = z.infer<typeof ProductOffers>;

export const ProductReview = z
  .object({
    review_id: text('Review id.', 'R2KX4JQ0P9ZB7W'),
    review_title: text('Title.'),
    review_comment: text('Text.'),
    review_star_rating: z.enum(['1', '2', '3', '4', '5']).meta({ description: 'Stars, "1" to "5".' }),
    review_link: text('The review\'s page.'),
    review_author: text('Author\'s display name.'),
    review_author_avatar: maybeText('Author\'s avatar URL'),
    review_images: z.array(z.string()).meta({ description: 'Image URLs attached.' }),
    review_video: z.string().nullable().meta({ description: 'Video URL attached, or null.' }),
    review_date: text('Localized date line as displayed.', 'Reviewed in the United States on October 3, 2026'),
    is_verified_purchase: flag('A verified purchase.'),
    helpful_vote_statement: maybeText('Helpful votes as displayed', '12 people found this helpful'),
    reviewed_product_asin: text('The variation\'s ASIN reviewed.'),
    reviewed_product_variant: z.record(z.string(), z.string()).meta({ description: 'The variation reviewed, attribute → value.' }),
    is_vine: flag('Written in the marketplace\'s early-reviewer programme.'),
  })
  .meta({ id: 'RetailReview' });
export type ProductReview = z.infer<typeof ProductReview>;

export const STARS = ['1', '2', '3', '4', '5'] as const;

export const ReviewPage = z
  .object({
    asin: text('ASIN.'),
    country: text('The marketplace\'s country.', 'US'),
    domain: text('The marketplace\'s domain.', 'www.retail.com'),
    total_ratings: count('Ratings of the product, all stars.'),
    rating_distribution: z
      .object({ '1': count('Percent of 1-star ratings.'), '2': count('Percent of 2-star ratings.'), '3': count('Percent of 3-star ratings.'), '4': count('Percent of 4-star ratings.'), '5': count('Percent of 5-star ratings.') })
      .meta({ description: 'Percent of the ratings at each star, keyed "1" to "5".' }),
    reviews: z.array(ProductReview),
  })
  .meta({ id: 'RetailReviewPage' });
export type ReviewPage = z.infer<typeof ReviewPage>;

const money = z
  .object({ amount: z.number().nonnegative().meta({ description: 'Amount in the currency\'s units.' }), currency: text('ISO 4217 currency.', 'USD') })
  .meta({ id: 'RetailMoney' });

export const Deal = z
  .object({
    deal_id: text('Deal id.'),
    deal_type: text('BEST_DEAL or LIGHTNING_DEAL.', 'BEST_DEAL'),
    deal_title: text('Title.'),
    deal_photo: text('Image URL.'),
    deal_state: text('AVAILABLE, WAITLIST or EXPIRED.', 'AVAILABLE'),
    deal_url: text('The deal\'s page.'),
    canonical_deal_url: text('The product page the deal is for.'),
    deal_starts_at: text('Start, ISO 8601.'),
    deal_ends_at: text('End, ISO 8601.'),
    deal_price: money,
    list_price: money.nullable().meta({ description: 'Price before the deal; null when not shown.' }),
    savings_percentage: count('Percent off the list price.'),
    savings_amount: money.nullable().meta({ description: 'Saving; null when not shown.' }),
    deal_badge: maybeText('Badge as displayed', 'Limited time deal'),
    type: text('SINGLE_ITEM or MULTI_ITEM.', 'SINGLE_ITEM'),
    product_asin: z.string().nullable().meta({ description: 'The product on deal (single-item deals); null for multi-item deals.' }),
  })
  .meta({ id: 'RetailDeal' });
export type Deal = z.infer<typeof Deal>;

const reviewSummary = z
  .object({
    positive_percent: count('Percent positive (4 and 5 stars).'),
    neutral_percent: count('Percent neutral (3 stars).'),
    negative_percent: count('Percent negative (1 and 2 stars).'),
    count: count('Ratings in the period.'),
  })
  .meta({ id: 'RetailSellerRatingSummary' });

export const Seller = z
  .object({
    seller_id: text('Seller id.', 'A8UTZVDO9238NX'),
    country: text('The marketplace\'s country.', 'US'),
    domain: text('The marketplace\'s domain.', 'www.retail.com'),
    name: text('Store name.'),
    seller_link: text('The seller\'s profile page.'),
    store_link: text('The seller\'s storefront.'),
    logo: maybeText('Logo URL'),
    phone: maybeText('Phone as published'),
    business_name: maybeText('Registered business name'),
    business_address: maybeText('Registered business address'),
    rating: z.number().min(0).max(5).nullable().meta({ description: 'Lifetime average out of 5; null without ratings.' }),
    ratings_total: count('Ratings, lifetime.'),
    ratings_total_percentage: count('Percent positive, lifetime.'),
    review_summary: z
      .object({ thirty_days: reviewSummary, ninety_days: reviewSummary, twelve_months: reviewSummary, lifetime: reviewSummary })
      .meta({ description: 'Feedback by period.' }),
  })
  .meta({ id: 'RetailSeller' });
export type Seller = z.infer<typeof Seller>;

export const SellerReview = z
  .object({
    review_author: text('Author\'s display name.'),
    review_comment: text('Text.'),
    review_star_rating: z.enum(['1', '2', '3', '4', '5']).meta({ description: 'Stars, "1" to "5".' }),
    has_response: flag('The seller answered.'),
    review_date: text('Date as displayed.', 'November 2, 2026'),
  })
  .meta({ id: 'RetailSellerReview' });
export type SellerReview = z.infer<typeof SellerReview>;

export const SellerReviews = z
  .object({
    seller_id: text('Seller id.'),
    country: text('The marketplace\'s country.', 'US'),
    domain: text('The marketplace\'s domain.', 'www.retail.com'),
    has_next_page: flag('More reviews follow on the next page.'),
    seller_reviews: z.array(SellerReview),
  })
  .meta({ id: 'RetailSellerReviews' });
export type SellerReviews = z.infer<typeof SellerReviews>;

export const Influencer = z
  .object({
    name: text('The storefront name (the part after /shop/).', 'homewithmaya'),
    country: text('The marketplace\'s country.', 'US'),
    domain: text('The marketplace\'s domain.', 'www.retail.com'),
    profile_link: text('The storefront.'),
    affiliate_status: maybeText('Programme status as displayed', 'Influencer'),
    has_curations: flag('The storefront has idea lists.'),
  })
  .meta({ id: 'RetailInfluencer' });
export type Influencer = z.infer<typeof Influencer>;

/**
 * The marketplace's own wrapper around an answer, kept as the spec shows it: `status` "OK",
 * `request_id` (ours: the `x-request-id` of the call), `parameters` (the request as understood,
 * defaults filled in) and `data`.
 */
export function retailWrapper<Data extends z.ZodType>(data: Data, id: string) {
  return z
    .object({
      status: z.literal('OK').meta({ description: 'Always "OK" in a success.' }),
      request_id: z.string().meta({ description: 'The call\'s request id (the same as `x-request-id`).' }),
      parameters: z.record(z.string(), z.unknown()).meta({ description: 'The request as understood, defaults filled in.' }),
      data,
    })
    .meta({ id });
}
