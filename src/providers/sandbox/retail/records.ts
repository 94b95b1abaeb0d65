import type { BestSeller, CategoryProduct, Deal, ProductDetails, ProductOffers, RetailOffer, SearchProduct } from '../../../schemas/retail';
import type { Offer, Product } from './catalog';
import { deliveryDate, formatPrice, isoTime, localAmount, longDate, type Marketplace } from './marketplaces';
import { sellerLink, sellerRating } from './sellers';
import { ABOUT_CLAUSES } from './vocabulary';

/** The records of ../../../schemas/retail.ts, each built from the same product for one marketplace. */

const MARKETPLACE_SELLER = 'Retail';

const productUrl = (asin: string, market: Marketplace): string => `https://${market.domain}/dp/${asin}`;
const photo = (asin: string): string => `https://images.retail-sandbox.example/I/${asin}.jpg`;
const stars = (product: Product): string | null => (product.rating === null ? null : product.rating.toFixed(1));
const delivery = (offer: Offer, market: Marketplace): string => (offer.deliveryCents === 0 ? 'FREE' : formatPrice(offer.deliveryCents, market));

const originalPrice = (product: Product, market: Marketplace): string | null => (product.wasCents === null ? null : formatPrice(product.wasCents, market));

/** "2K+ bought in past month"; null under 50 a month, as the marketplace shows none. */
export function salesVolume(monthly: number): string | null {
  if (monthly < 50) return null;
  const [step, unit] = monthly >= 100_000 ? [100_000, 1000] : monthly >= 10_000 ? [10_000, 1000] : monthly >= 1000 ? [1000, 1000] : monthly >= 100 ? [100, 1] : [50, 1];
  const floor = Math.floor(monthly / step) * step;
  return `${unit === 1000 ? `${floor / 1000}K` : floor}+ bought in past month`;
}

function listed(product: Product, market: Marketplace) {
  return {
    asin: product.asin, product_title: product.title,
    product_price: formatPrice(product.buyBox.cents, market), product_original_price: originalPrice(product, market), currency: market.currency,
    product_star_rating: stars(product), product_num_ratings: product.numRatings,
    product_url: productUrl(product.asin, market), product_photo: photo(product.asin),
    product_num_offers: product.offers.length,
    product_minimum_offer_price: formatPrice(Math.min(...product.offers.map((offer) => offer.cents)), market),
    is_best_seller: product.isBestSeller, is_retail_choice: product.isRetailChoice, is_prime: product.buyBox.prime,
    has_variations: product.variants.length > 1,
  };
}

export const searchProduct = (product: Product, market: Marketplace): SearchProduct => ({ ...listed(product, market), sales_volume: salesVolume(product.monthlySales) });

export const categoryProduct = (product: Product, market: Marketplace): CategoryProduct => ({
  ...listed(product, market),
  book_format: product.category.slug === 'books' ? (product.variants[0]!.attributes.Format ?? 'Paperback') : null,
});

export function bestSeller(product: Product, rank: number, change: string | null, market: Marketplace): BestSeller {
  const { asin, product_title, product_price, product_star_rating, product_num_ratings, product_url, product_photo } = listed(product, market);
  return { rank, asin, product_title, product_price, product_star_rating, product_num_ratings, product_url, product_photo, rank_change_label: change };
}

/** What the details and the offers share: the featured (buy-box) offer and the ratings. */
function header(product: Product, variant: number, market: Marketplace) {
  const asin = product.variants[variant]!.asin;
  const { buyBox } = product;
  return {
    asin, product_title: product.title,
    product_price: formatPrice(buyBox.cents, market), product_original_price: originalPrice(product, market),
    delivery_price: delivery(buyBox, market), currency: market.currency, country: market.country, domain: market.domain,
    product_byline: product.category.slug === 'books' ? `${product.brand} (Publisher)` : `Visit the ${product.brand} Store`,
    product_star_rating: stars(product), product_num_ratings: product.numRatings,
    product_url: productUrl(asin, market), product_num_offers: product.offers.length,
    product_availability: product.lowStock === null ? 'In Stock' : `Only ${product.lowStock} left in stock - order soon.`,
    product_condition: buyBox.condition, is_prime: buyBox.prime, sales_volume: salesVolume(product.monthlySales),
  };
}

export function productDetails(product: Product, variant: number, market: Marketplace): ProductDetails {
  const base = header(product, variant, market);
  const { category, brand, noun } = product;
  const reviews = product.rating === null ? 'No customer reviews' : `${product.rating.toFixed(1)} out of 5 stars (${product.numRatings.toLocaleString('en-US')})`;
  return {
    ...base, product_photo: photo(base.asin), offer_box_title: 'Buy new:', offer_box_price: base.product_price,
    is_best_seller: product.isBestSeller, is_retail_choice: product.isRetailChoice,
    about_product: category.features.map((feature, index) => `${feature.toUpperCase()}: ${ABOUT_CLAUSES[(product.listCents + index) % ABOUT_CLAUSES.length]}`),
    product_description: `${product.title}. From ${brand}: a ${noun.toLowerCase()} with ${category.features[0]} and ${category.features[1]}. ${ABOUT_CLAUSES[product.numRatings % ABOUT_CLAUSES.length]}`,
    product_information: {
      Brand: brand, 'Item model number': product.model, ...product.variants[variant]!.attributes, ASIN: base.asin,
      'Customer Reviews': reviews, 'Best Sellers Rank': `#${product.salesRank} in ${category.name}`, 'Date First Available': longDate(product.releaseDay),
    },
  };
}

function offerRecord(offer: Offer, product: Product, market: Marketplace): RetailOffer {
  const { seller } = offer;
  const rating = seller === null ? null : sellerRating(seller);
  return {
    seller_id: seller?.id ?? null, seller: seller?.name ?? MARKETPLACE_SELLER, seller_link: seller === null ? null : sellerLink(seller.id, market),
    seller_star_rating: rating === null ? null : rating.toFixed(1), seller_num_ratings: seller?.total ?? 0,
    product_price: formatPrice(offer.cents, market), delivery_price: delivery(offer, market), delivery_time: deliveryDate(offer.deliveryDay),
    product_condition: offer.condition, ships_from: offer.prime ? MARKETPLACE_SELLER : (seller?.name ?? MARKETPLACE_SELLER),
    is_prime: offer.prime, is_buy_box_winner: offer === product.buyBox,
  };
}

export const productOffers = (product: Product, variant: number, offers: readonly Offer[], market: Marketplace): ProductOffers => ({
  ...header(product, variant, market), buy_boxes: offers.map((offer) => offerRecord(offer, product, market)),
});

/**
 * A product's deal as the deals page lists it: amounts in the marketplace's currency, the saving
 * their difference. The deal's price is the product's only while the deal is AVAILABLE.
 */
export function dealRecord(product: Product, market: Marketplace): Deal {
  const deal = product.deal!;
  const list = localAmount(product.listCents, market);
  const price = localAmount(deal.cents, market);
  const saving = Math.round((list - price) * 10 ** market.decimals) / 10 ** market.decimals;
  const money = (amount: number) => ({ amount, currency: market.currency });
  return {
    deal_id: deal.id, deal_type: deal.type, deal_title: product.title, deal_photo: photo(product.asin), deal_state: deal.state,
    deal_url: `https://${market.domain}/deal/${deal.id}`, canonical_deal_url: productUrl(product.asin, market),
    deal_starts_at: isoTime(deal.startDay, deal.startHour), deal_ends_at: isoTime(deal.startDay, deal.startHour + deal.hours),
    deal_price: money(price), list_price: money(list), savings_percentage: Math.round((100 * saving) / list), savings_amount: money(saving),
    deal_badge: deal.type === 'LIGHTNING_DEAL' ? 'Lightning Deal' : 'Limited time deal', type: 'SINGLE_ITEM', product_asin: product.asin,
  };
}
