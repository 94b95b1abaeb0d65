import { z } from 'zod';
import { CONDITIONS, DEALS_AND_DISCOUNTS, SORT_ORDERS } from '../../providers/families/retail';
import { enumField } from './fields';

/** The filters and orders search and products-by-category share (the marketplace's listing controls). */
export const listingFields = {
  sort_by: enumField(SORT_ORDERS, 'RELEVANCE', 'Order: RELEVANCE, LOWEST_PRICE, HIGHEST_PRICE, REVIEWS, NEWEST or BEST_SELLERS'),
  product_condition: enumField(CONDITIONS, 'ALL', 'Only products offered in this condition: ALL, NEW, USED, RENEWED or COLLECTIBLE'),
  is_prime: z.boolean().optional().meta({ description: 'true: only products eligible for the fast-shipping membership. false is no filter, as when left out (it does not pick the products without it).' }),
  deals_and_discounts: z.enum(DEALS_AND_DISCOUNTS).optional().meta({ description: 'NONE, ALL_DISCOUNTS (only discounted products) or TODAYS_DEALS (only products on a deal today).' }),
};
