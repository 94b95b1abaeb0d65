import type { EndpointDefinition } from '../../core/define-endpoint';
import bestSellers from './best-sellers';
import categories from './categories';
import deals from './deals';
import influencer from './influencer';
import product from './product';
import productOffers from './product-offers';
import productReviews from './product-reviews';
import productsByCategory from './products-by-category';
import search from './search';
import seller from './seller';
import sellerReviews from './seller-reviews';

/** The retail marketplace's data (the retail family: a vendor, or the sandbox's marketplace). */
export const retailEndpoints: readonly EndpointDefinition<any, any>[] = [
  bestSellers, categories, deals, influencer, product, productOffers, productReviews, productsByCategory, search, seller, sellerReviews,
];
