import type { z } from 'zod';
import { PAGE_SIZES, type Condition, type RetailCountry } from '../families/retail';
import type {
  BestSeller, CategoryProduct, Deal, Influencer, ProductDetails, ProductOffers, ProductReview, RetailCategory, RetailOffer, ReviewPage,
  SearchProduct, Seller, SellerReview, SellerReviews,
} from '../../schemas/retail';
import { amountOf, MARKETPLACES } from './marketplaces';
import { conditionOf, countOf, numberOf, percentOf, priceOf, ratingOf, starsOf, stringsOf, textOf } from './values';
import type {
  CategoriesAnswer, ProductListAnswer, ReviewsAnswer, SellerReviewsAnswer, VendorBestSeller, VendorDeal, VendorInfluencer, VendorListedProduct,
  VendorMoney, VendorOffer, VendorProduct, VendorProductOffers, VendorReview, VendorSeller, VendorSellerReview, VendorSummary,
} from './wire';

/**
 * The vendor's answers in our records, field by field (theirs `is_amazon_choice`, ours
 * `is_retail_choice`; the rest share names). Prices keep the vendor's display strings; a number
 * is written in the marketplace's currency. What the vendor leaves out is null, 0, false or
 * empty; a required link it leaves out is the marketplace's canonical one for the id asked
 * about. Entries our records cannot hold (a review without stars, an offer without a price) are
 * left out. `country` is always the one asked for (the vendor echoes it).
 */

const domainOf = (vendor: string | null | undefined, country: RetailCountry) => textOf(vendor) ?? MARKETPLACES[country].domain;

function listed(product: VendorListedProduct, country: RetailCountry) {
  const currency = textOf(product.currency) ?? MARKETPLACES[country].currency;
  return {
    asin: product.asin,
    product_title: textOf(product.product_title) ?? '',
    product_price: priceOf(product.product_price, country, currency),
    product_original_price: priceOf(product.product_original_price, country, currency),
    currency,
    product_star_rating: ratingOf(product.product_star_rating),
    product_num_ratings: countOf(product.product_num_ratings),
    product_url: textOf(product.product_url) ?? `https://${MARKETPLACES[country].domain}/dp/${product.asin}`,
    product_photo: textOf(product.product_photo) ?? '',
    product_num_offers: countOf(product.product_num_offers),
    product_minimum_offer_price: priceOf(product.product_minimum_offer_price, country, currency),
    is_best_seller: product.is_best_seller ?? false,
    is_retail_choice: product.is_amazon_choice ?? false,
    is_prime: product.is_prime ?? false,
    has_variations: product.has_variations ?? false,
  };
}

type ProductList = NonNullable<z.output<typeof ProductListAnswer>['data']>;

function page<Item>(data: ProductList, country: RetailCountry, item: (product: VendorListedProduct) => Item) {
  const products = data.products.map(item);
  return { total_products: Math.max(countOf(data.total_products), products.length), country, domain: domainOf(data.domain, country), products };
}

export function searchPageOf(data: ProductList, country: RetailCountry) {
  return page(data, country, (product): SearchProduct => ({ ...listed(product, country), sales_volume: textOf(product.sales_volume) }));
}

export function categoryPageOf(data: ProductList, country: RetailCountry) {
  return page(data, country, (product): CategoryProduct => ({ ...listed(product, country), book_format: textOf(product.book_format) }));
}

/** The fields product-details and product-offers share. */
function header(product: VendorProduct | VendorProductOffers, asin: string, country: RetailCountry) {
  const currency = textOf(product.currency) ?? MARKETPLACES[country].currency;
  const domain = domainOf(product.domain, country);
  return {
    asin: textOf(product.asin) ?? asin,
    product_title: textOf(product.product_title) ?? '',
    product_price: priceOf(product.product_price, country, currency),
    product_original_price: priceOf(product.product_original_price, country, currency),
    delivery_price: priceOf(product.delivery_price, country, currency),
    currency,
    country,
    domain,
    product_byline: textOf(product.product_byline),
    product_star_rating: ratingOf(product.product_star_rating),
    product_num_ratings: countOf(product.product_num_ratings),
    product_url: textOf(product.product_url) ?? `https://${domain}/dp/${asin}`,
    product_num_offers: countOf(product.product_num_offers),
    product_availability: textOf(product.product_availability),
    product_condition: textOf(product.product_condition),
    is_prime: product.is_prime ?? false,
    sales_volume: textOf(product.sales_volume),
  };
}

/** Whether a product answer describes a product (`data: {}` or one without id and title does not). */
export function isProduct(product: VendorProduct | VendorProductOffers | null | undefined): product is VendorProduct {
  return !!product && (textOf(product.asin) !== null || textOf(product.product_title) !== null);
}

export function productOf(product: VendorProduct, asin: string, country: RetailCountry): ProductDetails {
  const currency = textOf(product.currency) ?? MARKETPLACES[country].currency;
  return {
    ...header(product, asin, country),
    product_photo: textOf(product.product_photo) ?? textOf(product.product_photos?.[0]) ?? '',
    offer_box_title: textOf(product.offer_box_title),
    offer_box_price: priceOf(product.offer_box_price, country, currency),
    is_best_seller: product.is_best_seller ?? false,
    is_retail_choice: product.is_amazon_choice ?? false,
    about_product: (product.about_product ?? []).map((line) => line.trim()).filter((line) => line !== ''),
    product_description: textOf(product.product_description),
    product_information: stringsOf(product.product_information),
  };
}

function offerOf(offer: VendorOffer, country: RetailCountry, currency: string): RetailOffer | null {
  const price = priceOf(offer.product_price, country, currency);
  const condition = conditionOf(offer.product_condition);
  const seller = textOf(offer.seller) ?? textOf(offer.ships_from);
  if (price === null || condition === null || seller === null) return null;
  return {
    seller_id: textOf(offer.seller_id),
    seller,
    seller_link: textOf(offer.seller_link),
    seller_star_rating: ratingOf(offer.seller_star_rating),
    seller_num_ratings: countOf(offer.seller_num_ratings),
    product_price: price,
    delivery_price: priceOf(offer.delivery_price, country, currency),
    delivery_time: textOf(offer.delivery_time),
    product_condition: condition,
    ships_from: textOf(offer.ships_from),
    is_prime: offer.is_prime ?? false,
    is_buy_box_winner: offer.is_buy_box_winner ?? false,
  };
}

/** What an offer costs delivered, to order offers by; unreadable prices last. */
const deliveredCost = (offer: RetailOffer) => (amountOf(offer.product_price) ?? Infinity) + (amountOf(offer.delivery_price) ?? 0);

/** Our conditions the vendor's filter cannot express: asked for unfiltered, kept here. */
const KEPT_HERE: Partial<Record<Condition, RetailOffer['product_condition']>> = { RENEWED: 'Renewed', COLLECTIBLE: 'Collectible' };

export function productOffersOf(product: VendorProductOffers, asin: string, country: RetailCountry, condition: Condition): ProductOffers {
  const currency = textOf(product.currency) ?? MARKETPLACES[country].currency;
  const vendorOffers = product.offers.length > 0 ? product.offers : product.buy_boxes;
  const kept = KEPT_HERE[condition];
  const offers = vendorOffers
    .map((offer) => offerOf(offer, country, currency))
    .filter((offer): offer is RetailOffer => offer !== null && (kept === undefined || offer.product_condition === kept))
    .sort((left, right) => deliveredCost(left) - deliveredCost(right));
  const fields = header(product, asin, country);
  // The product's delivery price is its featured offer's, when the vendor says it only there.
  const featured = offers.find((offer) => offer.is_buy_box_winner);
  return { ...fields, delivery_price: fields.delivery_price ?? featured?.delivery_price ?? null, buy_boxes: offers };
}

function reviewOf(review: VendorReview, asin: string): ProductReview | null {
  const stars = starsOf(review.review_star_rating);
  if (stars === null) return null;
  const video = review.review_video;
  return {
    review_id: review.review_id,
    review_title: textOf(review.review_title) ?? '',
    review_comment: textOf(review.review_comment) ?? '',
    review_star_rating: stars,
    review_link: textOf(review.review_link) ?? '',
    review_author: textOf(review.review_author) ?? '',
    review_author_avatar: textOf(review.review_author_avatar),
    review_images: review.review_images ?? [],
    review_video: typeof video === 'string' ? textOf(video) : textOf(video?.stream_url),
    review_date: textOf(review.review_date) ?? '',
    is_verified_purchase: review.is_verified_purchase ?? false,
    helpful_vote_statement: textOf(review.helpful_vote_statement),
    reviewed_product_asin: textOf(review.reviewed_product_asin) ?? asin,
    reviewed_product_variant: stringsOf(review.reviewed_product_variant),
    is_vine: review.is_vine ?? false,
  };
}

type ReviewData = NonNullable<z.output<typeof ReviewsAnswer>['data']>;

export function reviewPageOf(data: ReviewData, asin: string, country: RetailCountry): ReviewPage {
  const distribution = data.rating_distribution ?? {};
  return {
    asin: textOf(data.asin) ?? asin,
    country,
    domain: domainOf(data.domain, country),
    total_ratings: countOf(data.total_ratings),
    rating_distribution: {
      '1': percentOf(distribution['1']),
      '2': percentOf(distribution['2']),
      '3': percentOf(distribution['3']),
      '4': percentOf(distribution['4']),
      '5': percentOf(distribution['5']),
    },
    reviews: data.reviews.flatMap((review) => reviewOf(review, asin) ?? []),
  };
}

/** A list entry without a rank is ranked by its place on the page. */
export function bestSellerOf(item: VendorBestSeller, index: number, pageNumber: number, country: RetailCountry): BestSeller {
  const rank = countOf(item.rank);
  return {
    rank: rank >= 1 ? rank : (pageNumber - 1) * PAGE_SIZES.bestSellers + index + 1,
    asin: item.asin,
    product_title: textOf(item.product_title) ?? '',
    product_price: priceOf(item.product_price, country),
    product_star_rating: ratingOf(item.product_star_rating),
    product_num_ratings: countOf(item.product_num_ratings),
    product_url: textOf(item.product_url) ?? `https://${MARKETPLACES[country].domain}/dp/${item.asin}`,
    product_photo: textOf(item.product_photo) ?? '',
    rank_change_label: textOf(item.rank_change_label),
  };
}

function moneyOf(money: VendorMoney | null | undefined, country: RetailCountry): Deal['deal_price'] | null {
  const amount = typeof money?.amount === 'number' ? money.amount : numberOf(money?.amount);
  if (amount === undefined || amount < 0) return null;
  return { amount, currency: textOf(money?.currency) ?? MARKETPLACES[country].currency };
}

/** A deal without a deal price is left out (our record requires one). */
export function dealOf(deal: VendorDeal, country: RetailCountry): Deal | null {
  const price = moneyOf(deal.deal_price, country);
  if (price === null) return null;
  return {
    deal_id: deal.deal_id,
    deal_type: textOf(deal.deal_type) ?? '',
    deal_title: textOf(deal.deal_title) ?? '',
    deal_photo: textOf(deal.deal_photo) ?? '',
    deal_state: textOf(deal.deal_state) ?? '',
    deal_url: textOf(deal.deal_url) ?? '',
    canonical_deal_url: textOf(deal.canonical_deal_url) ?? '',
    deal_starts_at: textOf(deal.deal_starts_at) ?? '',
    deal_ends_at: textOf(deal.deal_ends_at) ?? '',
    deal_price: price,
    list_price: moneyOf(deal.list_price, country),
    savings_percentage: percentOf(deal.savings_percentage),
    savings_amount: moneyOf(deal.savings_amount, country),
    deal_badge: textOf(deal.deal_badge),
    type: textOf(deal.type) ?? '',
    product_asin: textOf(deal.product_asin),
  };
}

export function categoriesOf(data: z.output<typeof CategoriesAnswer>['data']): RetailCategory[] {
  // Its list names categories by search alias ("stripbooks"), not by browse node.
  return (data ?? []).map((category) => ({ name: category.name, id: String(category.id), browse_node_id: null }));
}

function summaryOf(summary: VendorSummary | null | undefined) {
  return {
    positive_percent: percentOf(summary?.positive_percent),
    neutral_percent: percentOf(summary?.neutral_percent),
    negative_percent: percentOf(summary?.negative_percent),
    count: countOf(summary?.count),
  };
}

/** Whether a seller answer describes a seller (`data: {}` does not). */
export function isSeller(seller: VendorSeller | null | undefined): seller is VendorSeller {
  return !!seller && (textOf(seller.name) !== null || textOf(seller.seller_link) !== null);
}

export function sellerOf(seller: VendorSeller, sellerId: string, country: RetailCountry): Seller {
  const domain = domainOf(seller.domain, country);
  const ratingsTotal = countOf(seller.ratings_total);
  const rating = numberOf(seller.rating);
  const summary = seller.review_summary ?? {};
  return {
    seller_id: textOf(seller.seller_id) ?? sellerId,
    country,
    domain,
    name: textOf(seller.name) ?? '',
    seller_link: textOf(seller.seller_link) ?? `https://${domain}/sp?seller=${sellerId}`,
    store_link: textOf(seller.store_link) ?? `https://${domain}/s?me=${sellerId}`,
    logo: textOf(seller.logo),
    phone: textOf(seller.phone),
    business_name: textOf(seller.business_name),
    business_address: textOf(seller.business_address),
    rating: rating === undefined || ratingsTotal === 0 ? null : Math.min(5, Math.max(0, rating)),
    ratings_total: ratingsTotal,
    ratings_total_percentage: percentOf(seller.ratings_total_percentage),
    review_summary: {
      thirty_days: summaryOf(summary.thirty_days),
      ninety_days: summaryOf(summary.ninety_days),
      twelve_months: summaryOf(summary.twelve_months),
      lifetime: summaryOf(summary.lifetime),
    },
  };
}

function sellerReviewOf(review: VendorSellerReview): SellerReview | null {
  const stars = starsOf(review.review_star_rating);
  if (stars === null) return null;
  return {
    review_author: textOf(review.review_author) ?? '',
    review_comment: textOf(review.review_comment) ?? '',
    review_star_rating: stars,
    has_response: review.has_response ?? false,
    review_date: textOf(review.review_date) ?? '',
  };
}

type SellerReviewData = NonNullable<z.output<typeof SellerReviewsAnswer>['data']>;

/** Without the vendor's `has_next_page`, a full page is taken to have a next one. */
export function sellerReviewsOf(data: SellerReviewData, sellerId: string, country: RetailCountry): SellerReviews {
  const listedReviews = data.seller_reviews.length > 0 ? data.seller_reviews : data.reviews;
  return {
    seller_id: textOf(data.seller_id) ?? sellerId,
    country,
    domain: domainOf(data.domain, country),
    has_next_page: data.has_next_page ?? listedReviews.length >= PAGE_SIZES.sellerReviews,
    seller_reviews: listedReviews.flatMap((review) => sellerReviewOf(review) ?? []),
  };
}

/** Whether an influencer answer describes a storefront. */
export function isInfluencer(influencer: VendorInfluencer | null | undefined): influencer is VendorInfluencer {
  return !!influencer && (textOf(influencer.name) !== null || textOf(influencer.profile_link) !== null);
}

export function influencerOf(influencer: VendorInfluencer, name: string, country: RetailCountry): Influencer {
  const domain = domainOf(influencer.domain, country);
  const storefront = textOf(influencer.name) ?? name;
  return {
    name: storefront,
    country,
    domain,
    profile_link: textOf(influencer.profile_link) ?? `https://${domain}/shop/${storefront}`,
    affiliate_status: textOf(influencer.affiliate_status),
    has_curations: influencer.has_curations ?? false,
  };
}
