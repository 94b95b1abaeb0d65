import type { RetailProvider } from '../families/retail';
import type { Deal } from '../../schemas/retail';
import { OpenWebNinjaClient, readAnswer, type OpenWebNinjaSettings } from './client';
import {
  bestSellerOf, categoriesOf, categoryPageOf, dealOf, influencerOf, isInfluencer, isProduct, isSeller, productOf, productOffersOf, reviewPageOf,
  searchPageOf, sellerOf, sellerReviewsOf,
} from './mapping';
import { BEST_SELLER_LISTS, categoryQuery, dealsQuery, OFFER_CONDITIONS, reviewsQuery, searchQuery, sellerReviewsQuery } from './parameters';
import {
  BestSellersAnswer, CategoriesAnswer, DealsAnswer, InfluencerAnswer, ProductAnswer, ProductListAnswer, ProductOffersAnswer, ReviewsAnswer,
  SellerAnswer, SellerReviewsAnswer,
} from './wire';

export type { OpenWebNinjaSettings } from './client';
export { OpenWebNinjaClient } from './client';

/**
 * OpenWeb Ninja's Real-Time Amazon Data API for the retail family, directly
 * (api.openwebninja.com/realtime-amazon-data, `x-api-key`) or through RapidAPI
 * (real-time-amazon-data.p.rapidapi.com, `x-rapidapi-key` and `x-rapidapi-host`): one GET per
 * call, our parameters translated (./parameters.ts), answers mapped field by field
 * (./mapping.ts). A thing the marketplace does not know is null; the vendor failing is a 502
 * (./errors.ts).
 */
export function openWebNinjaRetail(settings: OpenWebNinjaSettings): RetailProvider {
  return openWebNinjaRetailOn(new OpenWebNinjaClient(settings));
}

/** The family on a given client (a recording one prices what each endpoint asks for: ./costs.ts). */
export function openWebNinjaRetailOn(client: OpenWebNinjaClient): RetailProvider {
  return {
    name: 'openwebninja',

    async bestSellers(request, options) {
      const query = { category: request.category, type: BEST_SELLER_LISTS[request.type], page: String(request.page), country: request.country };
      const data = readAnswer(await client.get({ path: 'best-sellers', query }, options), BestSellersAnswer)?.data;
      const list = data?.best_sellers ?? [];
      // A category the marketplace lists has best sellers: an empty first page is a category it does not know.
      if (!data || (list.length === 0 && request.page === 1)) return null;
      return { best_sellers: list.map((item, index) => bestSellerOf(item, index, request.page, request.country)) };
    },

    async categories(request, options) {
      const answer = readAnswer(await client.get({ path: 'product-category-list', query: { country: request.country } }, options), CategoriesAnswer);
      return categoriesOf(answer?.data);
    },

    async deals(request, options) {
      const data = readAnswer(await client.get({ path: 'deals-v2', query: dealsQuery(request) }, options), DealsAnswer)?.data;
      const deals = (data?.deals ?? []).flatMap((deal) => dealOf(deal, request.country) ?? []);
      const wanted = (deal: Deal) => request.deal_type !== 'BEST_DEAL' || deal.deal_type === 'BEST_DEAL';
      return { deals: deals.filter(wanted) };
    },

    async influencer(request, options) {
      const query = { influencer_name: request.influencer_name, country: request.country };
      const data = readAnswer(await client.get({ path: 'influencer-profile', query }, options), InfluencerAnswer)?.data;
      return isInfluencer(data) ? influencerOf(data, request.influencer_name, request.country) : null;
    },

    async product(request, options) {
      const query = { asin: request.asin, country: request.country };
      const data = readAnswer(await client.get({ path: 'product-details', query }, options), ProductAnswer)?.data;
      return isProduct(data) ? productOf(data, request.asin, request.country) : null;
    },

    async productOffers(request, options) {
      const condition = OFFER_CONDITIONS[request.product_condition];
      const query = {
        asin: request.asin,
        country: request.country,
        limit: String(request.limit),
        page: String(request.page),
        ...(condition === undefined ? {} : { product_condition: condition }),
      };
      const data = readAnswer(await client.get({ path: 'product-offers', query }, options), ProductOffersAnswer)?.data;
      return isProduct(data) ? productOffersOf(data, request.asin, request.country, request.product_condition) : null;
    },

    async productReviews(request, options) {
      const data = readAnswer(await client.get({ path: 'product-reviews', query: reviewsQuery(request) }, options), ReviewsAnswer)?.data;
      return data ? reviewPageOf(data, request.asin, request.country) : null;
    },

    async productsByCategory(request, options) {
      const data = readAnswer(await client.get({ path: 'products-by-category', query: categoryQuery(request) }, options), ProductListAnswer)?.data;
      return data ? categoryPageOf(data, request.country) : null;
    },

    async search(request, options) {
      const data = readAnswer(await client.get({ path: 'search', query: searchQuery(request) }, options), ProductListAnswer)?.data;
      // A search that finds nothing is an empty page, however the vendor says so.
      return searchPageOf(data ?? { total_products: 0, country: request.country, domain: null, products: [] }, request.country);
    },

    async seller(request, options) {
      const query = { seller_id: request.seller_id, country: request.country };
      const data = readAnswer(await client.get({ path: 'seller-profile', query }, options), SellerAnswer)?.data;
      return isSeller(data) ? sellerOf(data, request.seller_id, request.country) : null;
    },

    async sellerReviews(request, options) {
      const data = readAnswer(await client.get({ path: 'seller-reviews', query: sellerReviewsQuery(request) }, options), SellerReviewsAnswer)?.data;
      return data ? sellerReviewsOf(data, request.seller_id, request.country) : null;
    },
  };
}
