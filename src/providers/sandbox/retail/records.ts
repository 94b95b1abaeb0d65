import type { BestSeller, CategoryProduct, Deal, ProductDetails, ProductOffers, RetailOffer, SearchProduct } from '../../../schemas/retail';
import { SeededRandom } from '../random';
import { isDigital, offersFor, type Offer, type Product } from './catalog';
import { formatPrice, isoTime, localAmount, localNumber, localDate, type Marketplace } from './marketplaces';
import { sellerLink, sellerRating } from './sellers';
import { ABOUT_CLAUSES, BOOK_ABOUT_CLAUSES, type Category } from './vocabulary';

/** The records of ../../../schemas/retail.ts, each built from the same product for one marketplace. */

const MARKETPLACE_SELLER = 'Retail';

const productUrl = (asin: string, market: Marketplace): string => `https://${market.domain}/dp/${asin}`;
const photo = (asin: string): string => `https://images.retail-sandbox.example/I/${asin}.jpg`;
const stars = (product: Product): string | null => (product.rating === null ? null : product.rating.toFixed(1));
/** A digital edition shows no delivery price: nothing is shipped. */
const delivery = (offer: Offer, market: Marketplace): string | null =>
  offer.digital ? null : offer.deliveryCents === 0 ? 'FREE' : formatPrice(offer.deliveryCents, market);
const isBook = (product: Product): boolean => product.category.slug === 'books';
/** The category as the marketplace's site names it. */
export const categoryName = (category: Category, market: Marketplace): string => market.phrases.categories?.[category.slug] ?? category.name;

const originalPrice = (product: Product, market: Marketplace): string | null => (product.wasCents === null ? null : formatPrice(product.wasCents, market));

/** "2K+ bought in past month"; null under 50 a month, as the marketplace shows none. */
export function salesVolume(monthly: number, market: Marketplace): string | null {
  if (monthly < 50) return null;
  const step = monthly >= 100_000 ? 100_000 : monthly >= 10_000 ? 10_000 : monthly >= 1000 ? 1000 : monthly >= 100 ? 100 : 50;
  const floor = Math.floor(monthly / step) * step;
  return market.phrases.bought(floor, localNumber(floor, market));
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

export const searchProduct = (product: Product, market: Marketplace): SearchProduct => ({ ...listed(product, market), sales_volume: salesVolume(product.monthlySales, market) });

/** A book's format is its page's (its own variation's). */
export const categoryProduct = (product: Product, market: Marketplace): CategoryProduct => ({
  ...listed(product, market),
  book_format: isBook(product) ? product.variants[0]!.attributes.Format! : null,
});

export function bestSeller(product: Product, rank: number, change: string | null, market: Marketplace): BestSeller {
  const { asin, product_title, product_price, product_star_rating, product_num_ratings, product_url, product_photo } = listed(product, market);
  return { rank, asin, product_title, product_price, product_star_rating, product_num_ratings, product_url, product_photo, rank_change_label: change };
}

/** A variation's featured offer: the cheapest New one of its offers. */
const buyBoxOf = (offers: readonly Offer[]): Offer => offers.find((offer) => offer.condition === 'New')!;

/** What the details and the offers share: the variation's featured (buy-box) offer and the ratings. */
function header(product: Product, variant: number, market: Marketplace) {
  const asin = product.variants[variant]!.asin;
  const offers = offersFor(product, variant);
  const buyBox = buyBoxOf(offers);
  const { phrases } = market;
  return {
    asin, product_title: product.title,
    product_price: formatPrice(buyBox.cents, market), product_original_price: originalPrice(product, market),
    delivery_price: delivery(buyBox, market), currency: market.currency, country: market.country, domain: market.domain,
    product_byline: isBook(product) ? phrases.publisher(product.brand) : phrases.store(product.brand),
    product_star_rating: stars(product), product_num_ratings: product.numRatings,
    product_url: productUrl(asin, market), product_num_offers: offers.length,
    product_availability: buyBox.digital ? phrases.instant : product.lowStock === null ? phrases.inStock : phrases.fewLeft(product.lowStock),
    product_condition: buyBox.condition, is_prime: buyBox.prime, sales_volume: salesVolume(product.monthlySales, market),
  };
}

/** ISBN-13 of a print edition: 978, nine digits of its own, and the check digit. */
function isbn13(asin: string): string {
  const random = new SeededRandom(`retail-isbn:${asin}`);
  const digits = `978${random.integer(0, 1)}${String(random.integer(0, 99_999_999)).padStart(8, '0')}`;
  const sum = [...digits].reduce((total, digit, index) => total + Number(digit) * (index % 2 === 0 ? 1 : 3), 0);
  return `${digits.slice(0, 3)}-${digits.slice(3)}${(10 - (sum % 10)) % 10}`;
}

/**
 * The details table. A book's is a book's (publisher, publication date, language, print length and
 * a print edition's ISBN; no model number); anything else's names brand and model. The
 * variation's attributes are labelled in the site's language, their values the catalogue's.
 */
function productInformation(product: Product, variant: number, market: Marketplace): Record<string, string> {
  const { labels, attributes } = market.phrases;
  const { asin, attributes: values } = product.variants[variant]!;
  const variation = Object.fromEntries(Object.entries(values).map(([name, value]) => [attributes[name] ?? name, value]));
  const ratings = product.rating === null ? market.phrases.noReviews : market.phrases.stars(localNumber(product.rating, market, 1), localNumber(product.numRatings, market));
  const standing = {
    ASIN: asin, [labels.reviews]: ratings,
    [labels.rank]: market.phrases.rank(localNumber(product.salesRank, market), categoryName(product.category, market)),
  };
  if (!isBook(product)) return { [labels.brand]: product.brand, [labels.model]: product.model, ...variation, ...standing, [labels.firstAvailable]: localDate(product.releaseDay, market) };
  const pages = new SeededRandom(`retail-book:${product.asin}`).integer(96, 640);
  return {
    [labels.publisher]: product.brand, [labels.published]: localDate(product.releaseDay, market), [labels.language]: market.phrases.english,
    ...(values.Format === 'Audiobook' ? {} : { [labels.printLength]: market.phrases.pages(localNumber(pages, market)) }),
    ...(isDigital(values) ? {} : { 'ISBN-13': isbn13(asin) }), ...variation, ...standing,
  };
}

export function productDetails(product: Product, variant: number, market: Marketplace): ProductDetails {
  const base = header(product, variant, market);
  const { category, brand, noun } = product;
  // The catalogue's own text (about lines, description) is English on every site.
  const clauses = isBook(product) ? BOOK_ABOUT_CLAUSES : ABOUT_CLAUSES;
  // A book is described by its qualities ("a cookbook, beautifully illustrated and …"), anything else by its features.
  const joiner = isBook(product) ? ',' : ' with';
  return {
    ...base, product_photo: photo(base.asin), offer_box_title: market.phrases.buyNew, offer_box_price: base.product_price,
    is_best_seller: product.isBestSeller, is_retail_choice: product.isRetailChoice,
    about_product: category.features.map((feature, index) => `${feature.toUpperCase()}: ${clauses[(product.listCents + index) % clauses.length]}`),
    product_description: `${product.title}. From ${brand}: a ${noun.toLowerCase()}${joiner} ${category.features[0]} and ${category.features[1]}. ${clauses[product.numRatings % clauses.length]}`,
    product_information: productInformation(product, variant, market),
  };
}

function offerRecord(offer: Offer, buyBox: Offer, market: Marketplace): RetailOffer {
  const { seller } = offer;
  const rating = seller === null ? null : sellerRating(seller);
  return {
    seller_id: seller?.id ?? null, seller: seller?.name ?? MARKETPLACE_SELLER, seller_link: seller === null ? null : sellerLink(seller.id, market),
    seller_star_rating: rating === null ? null : rating.toFixed(1), seller_num_ratings: seller?.total ?? 0,
    product_price: formatPrice(offer.cents, market), delivery_price: delivery(offer, market),
    delivery_time: offer.digital ? market.phrases.instant : localDate(offer.deliveryDay, market, 'delivery'),
    product_condition: offer.condition, ships_from: offer.digital ? null : offer.prime ? MARKETPLACE_SELLER : (seller?.name ?? MARKETPLACE_SELLER),
    is_prime: offer.prime, is_buy_box_winner: offer === buyBox,
  };
}

/** A page of the variation's offers (`offers`, already filtered and cut from offersFor's). */
export function productOffers(product: Product, variant: number, offers: readonly Offer[], market: Marketplace): ProductOffers {
  const buyBox = buyBoxOf(offersFor(product, variant));
  return { ...header(product, variant, market), buy_boxes: offers.map((offer) => offerRecord(offer, buyBox, market)) };
}

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
    deal_badge: deal.type === 'LIGHTNING_DEAL' ? market.phrases.lightningDeal : market.phrases.limitedDeal, type: 'SINGLE_ITEM', product_asin: product.asin,
  };
}
