import { PAGE_SIZES, type RetailProvider } from '../../families/retail';
import { asinAt, categoryIndexOf, offersFor, productOfAsin } from './catalog';
import { bestSellerRanking, categoryListing, dealListing, KIND, rankChange, searchListing } from './listings';
import { marketplace } from './marketplaces';
import { bestSeller, categoryName, categoryProduct, productDetails, productOffers, searchProduct } from './records';
import { reviewPage } from './reviews';
import { feedbackOf, feedbackRecord, sellerById, sellerIdAt, sellerRecord } from './sellers';
import { pageOf, starsPass } from './tally';
import { CATEGORIES, INFLUENCERS } from './vocabulary';

/**
 * Retail-marketplace data from the sandbox's one world (./catalog.ts, ./sellers.ts): products
 * with their offers, ratings, reviews and deals, and the sellers behind the offers, the same in
 * every marketplace but for money and the site's language around the (English) catalogue. Every method reads the same entities, so a product's title,
 * price and rating agree wherever they appear, and its reviews carry its rating distribution.
 */

export const sandboxRetail: RetailProvider = {
  name: 'sandbox',

  async bestSellers({ category, country, type, page }) {
    const index = categoryIndexOf(category);
    if (index === -1) return null;
    const ranks = bestSellerRanking(index, type).map((product, position) => ({ product, rank: position + 1 }));
    return { best_sellers: pageOf(ranks, page, PAGE_SIZES.bestSellers).map(({ product, rank }) => bestSeller(product, rank, rankChange(product, type, rank), marketplace(country))) };
  },

  async categories({ country }) {
    const market = marketplace(country);
    return CATEGORIES.map((category) => ({ name: categoryName(category, market), id: category.slug, browse_node_id: category.node }));
  },

  async deals(request) {
    const index = request.category === undefined ? null : categoryIndexOf(request.category);
    return index === -1 ? null : { deals: dealListing(request, index, marketplace(request.country)) };
  },

  async influencer({ influencer_name, country }) {
    const found = INFLUENCERS.find(([name]) => name === influencer_name.trim().toLowerCase());
    if (!found) return null;
    const [name, status, curations] = found;
    const market = marketplace(country);
    return { name, country, domain: market.domain, profile_link: `https://${market.domain}/shop/${name}`, affiliate_status: status, has_curations: curations };
  },

  async product({ asin, country }) {
    const found = productOfAsin(asin);
    return found && productDetails(found.product, found.variant, marketplace(country));
  },

  async productOffers({ asin, country, limit, page, product_condition }) {
    const found = productOfAsin(asin);
    if (!found) return null;
    const offers = offersFor(found.product, found.variant).filter((offer) => product_condition === 'ALL' || KIND[offer.condition] === product_condition);
    return productOffers(found.product, found.variant, pageOf(offers, page, limit), marketplace(country));
  },

  async productReviews(request) {
    const found = productOfAsin(request.asin);
    return found && reviewPage(found.product, found.variant, request, marketplace(request.country));
  },

  async productsByCategory(request) {
    const index = CATEGORIES.findIndex((category) => category.node === request.category_id.trim());
    if (index === -1) return null;
    const market = marketplace(request.country);
    const { total, page } = categoryListing(index, request);
    return { total_products: total, country: market.country, domain: market.domain, products: page.map((product) => categoryProduct(product, market)) };
  },

  async search(request) {
    const market = marketplace(request.country);
    const { total, page } = searchListing(request);
    return { total_products: total, country: market.country, domain: market.domain, products: page.map((product) => searchProduct(product, market)) };
  },

  async seller({ seller_id, country }) {
    const seller = sellerById(seller_id);
    return seller ? sellerRecord(seller, marketplace(country)) : null;
  },

  async sellerReviews({ seller_id, country, page, star_rating, verified_purchases_only }) {
    const seller = sellerById(seller_id);
    if (!seller) return null;
    const market = marketplace(country);
    const chosen = feedbackOf(seller).filter((feedback) => starsPass(star_rating, feedback.stars) && (!verified_purchases_only || feedback.verified));
    return {
      seller_id: seller.id, country: market.country, domain: market.domain,
      has_next_page: page * PAGE_SIZES.sellerReviews < chosen.length,
      seller_reviews: pageOf(chosen, page, PAGE_SIZES.sellerReviews).map((feedback) => feedbackRecord(feedback, market)),
    };
  },
};

/** Stable values of the world for endpoint examples. */
export const EXAMPLE_CATEGORY = 'electronics';
export const EXAMPLE_BROWSE_NODE = CATEGORIES[categoryIndexOf(EXAMPLE_CATEGORY)]!.node;
/** A well-reviewed pair of earbuds (matches EXAMPLE_QUERY) with variations and offers in several conditions. */
export const EXAMPLE_ASIN = asinAt(categoryIndexOf(EXAMPLE_CATEGORY), 69);
/** Harbor Goods: a couple of thousand ratings, a few negative. */
export const EXAMPLE_SELLER_ID = sellerIdAt(0);
export const EXAMPLE_INFLUENCER = INFLUENCERS[0]![0];
export const EXAMPLE_QUERY = 'wireless earbuds';
