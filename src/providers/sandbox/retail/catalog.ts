import type { RetailOffer } from '../../../schemas/retail';
import { SeededRandom } from '../random';
import { asinOf, serialOf } from './asin';
import { PRESENT_DAY, PRESENT_HOUR, REVIEWS_UNTIL_DAY } from './marketplaces';
import { worldSellers, type WorldSeller } from './sellers';
import { apportion, averageStars, logNormal, randomCode } from './tally';
import { ADJECTIVES, CATEGORIES, type Category } from './vocabulary';

/**
 * The world's products: PRODUCTS_PER_CATEGORY per category, each drawn from its own seed
 * (category and index), so a category is built alone, once, when first asked for. Prices are USD
 * cents; every price a listing shows comes from the product's offers (the buy box: the cheapest
 * New offer, delivery included), so search, lists, details and offers agree. A book's digital
 * edition (eBook, Audiobook) has one offer of its own, the marketplace's (offersFor).
 */

export const PRODUCTS_PER_CATEGORY = 120;
/** ASIN serials leave room for this many variations of each product. */
const VARIANT_SLOTS = 4;
/** A category's best sellers carrying the badge. */
const BADGED = 5;

export type OfferCondition = RetailOffer['product_condition'];
/** digital: a Kindle eBook or audiobook, delivered at once by the marketplace itself. */
export interface Offer { seller: WorldSeller | null; condition: OfferCondition; cents: number; deliveryCents: number; deliveryDay: number; prime: boolean; digital: boolean }
export type Product = ReturnType<typeof makeProduct>;

const USED: readonly OfferCondition[] = ['Used - Like New', 'Used - Very Good', 'Used - Good', 'Used - Acceptable'];
/** Price as a share of the list price, by condition. */
const PRICE_FACTORS: Record<string, [number, number]> = { New: [0.97, 1.12], Used: [0.55, 0.88], Renewed: [0.7, 0.9], Collectible: [1.1, 1.9] };

/** A round-dollar-minus-a-cent price ("$24.99") near `usd`. */
const charm = (usd: number): number => Math.max(99, Math.round(usd) * 100 - 1);
const clamp = (value: number, low: number, high: number): number => Math.min(high, Math.max(low, value));

/** Star counts of `total` ratings: J-shaped like real ones, mostly 5 and 4, some 1. */
function starCounts(random: SeededRandom, total: number): number[] {
  const negative = clamp(random.normal(0.09, 0.05), 0.01, 0.35);
  const neutral = clamp(random.normal(0.07, 0.03), 0.01, 0.2);
  const five = (1 - negative - neutral) * clamp(random.normal(0.74, 0.1), 0.45, 0.95);
  return apportion(total, [negative * 0.65, negative * 0.35, neutral, 1 - negative - neutral - five, five]);
}

function conditionOf(random: SeededRandom, category: Category): OfferCondition {
  const roll = random.next();
  if (roll < 0.62) return 'New';
  if (roll < 0.72 && category.extra.includes('Renewed')) return 'Renewed';
  if (roll < 0.8 && category.extra.includes('Collectible')) return 'Collectible';
  return random.pick(USED);
}

/** 1–12 offers, the first New (the marketplace's own, or a seller's); a deal's price is the first offer's. */
function offersOf(random: SeededRandom, category: Category, listCents: number, dealCents: number | null): Offer[] {
  const sellers = random.shuffle(worldSellers()).slice(0, Math.min(12, 1 + Math.floor(logNormal(random, 2, 0.8))));
  const marketplaceSells = random.chance(0.5);
  const offers = sellers.map((seller, position): Offer => {
    const condition = position === 0 ? 'New' : conditionOf(random, category);
    const [low, high] = PRICE_FACTORS[condition.startsWith('Used') ? 'Used' : condition]!;
    let cents = charm((listCents / 100) * random.between(low, high));
    if (position === 0) cents = dealCents ?? (random.chance(0.25) ? charm((listCents / 100) * random.between(0.75, 0.92)) : listCents);
    // Nothing undercuts a deal's New offer: the deal is the buy box.
    else if (dealCents !== null && condition === 'New') cents = Math.max(cents, dealCents + 100);
    const fulfilled = (position === 0 && (marketplaceSells || dealCents !== null)) || random.chance(0.5);
    const deliveryCents = fulfilled || cents >= 3500 ? 0 : random.pick([399, 499, 599, 699]);
    const deliveryDay = PRESENT_DAY + (fulfilled ? random.integer(1, 3) : random.integer(4, 10));
    return { seller: position === 0 && marketplaceSells ? null : seller, condition, cents, deliveryCents, deliveryDay, prime: fulfilled, digital: false };
  });
  return offers.sort((a, b) => a.cents + a.deliveryCents - (b.cents + b.deliveryCents));
}

/**
 * Where a deal stands at the world's present: EXPIRED once it has ended; UPCOMING before it starts
 * (a lightning deal later today, not on the deals page yet); WAITLIST while on but fully claimed;
 * else AVAILABLE, the one state that sets the product's price.
 */
export type DealState = 'AVAILABLE' | 'WAITLIST' | 'EXPIRED' | 'UPCOMING';

/** A deal at `cents`: best deals run for a week or two from this week's mornings; lightning deals for 6 or 12 hours of the present day. */
function makeDeal(random: SeededRandom, cents: number) {
  const lightning = random.chance(0.3);
  const startDay = PRESENT_DAY - (lightning ? 0 : random.integer(0, 6));
  const startHour = lightning ? random.integer(0, 18) : 8;
  const hours = lightning ? random.pick([6, 12]) : 24 * random.integer(7, 14);
  const [start, now] = [startDay * 24 + startHour, PRESENT_DAY * 24 + PRESENT_HOUR];
  const claimed = lightning && random.chance(0.2);
  const state: DealState = start + hours <= now ? 'EXPIRED' : start > now ? 'UPCOMING' : claimed ? 'WAITLIST' : 'AVAILABLE';
  return {
    id: random.integer(0, 0xffffffff).toString(16).padStart(8, '0'),
    type: lightning ? 'LIGHTNING_DEAL' : 'BEST_DEAL',
    state, cents, startDay, startHour, hours,
    /** Its place in the deals page's featured order. */
    featured: random.next(),
  };
}

function makeProduct(categoryIndex: number, index: number) {
  const category = CATEGORIES[categoryIndex]!;
  const random = new SeededRandom(`retail-product:${category.slug}:${index}`);
  const [brand, noun] = [random.pick(category.brands), random.pick(category.nouns)];
  const title = `${brand} ${random.pick(ADJECTIVES.filter((word) => !noun.includes(word)))} ${noun}${random.pick(category.specs)}`;
  const listCents = charm(Math.exp(random.between(Math.log(category.prices[0]), Math.log(category.prices[1]))));
  // Days on sale before the last review: many recent products, a long tail of old ones.
  const age = Math.round(Math.exp(random.between(Math.log(8), Math.log(2400))));
  const numRatings = Math.floor(logNormal(random, 900, 1.5) * Math.min(1, age / 365));
  /** Ratings by stars, index 0 = one star. */
  const stars = starCounts(random, numRatings);
  const rating = averageStars(stars);
  const monthlySales = Math.round((numRatings + 5) * logNormal(random, 0.4, 0.7) * (age < 120 ? 3 : 1));
  const { attribute, values } = category.variation;
  const variations = random.chance(category.slug === 'books' ? 0.7 : 0.4) ? random.integer(2, Math.min(VARIANT_SLOTS, values.length)) : 1;
  const serial = (categoryIndex * PRODUCTS_PER_CATEGORY + index) * VARIANT_SLOTS;
  /** The first variation's ASIN is the product's own. */
  // A book always has a format, shown on its page and in lists, even when it comes in only one.
  const named = variations > 1 || category.slug === 'books';
  const variants = random.shuffle(values).slice(0, variations).map((value, slot) => ({ asin: asinOf(serial + slot), attributes: named ? { [attribute]: value } : {} }));
  const discount = random.chance(0.2) ? 0.1 + 0.65 * random.next() ** 2 : null;
  // The deal has a generator of its own, so its schedule is known before the offers are priced.
  const deal = discount === null ? null : makeDeal(new SeededRandom(`retail-deal:${category.slug}:${index}`), Math.round(listCents * (1 - discount)));
  /** Cheapest first, delivery included; only a deal on now (AVAILABLE) prices the buy box. */
  const printOffers = offersOf(random, category, listCents, deal?.state === 'AVAILABLE' ? deal.cents : null);
  const printBuyBox = printOffers.find((offer) => offer.condition === 'New')!;
  /** A digital edition's one offer: the marketplace's, at the print buy box's price, nothing to ship. */
  const digitalOffer: Offer = { ...printBuyBox, seller: null, deliveryCents: 0, deliveryDay: PRESENT_DAY, prime: false, digital: true };
  /** The offers of the product's own (first) variation: what lists show. */
  const offers = isDigital(variants[0]!.attributes) ? [digitalOffer] : printOffers;
  const buyBox = offers === printOffers ? printBuyBox : digitalOffer;
  return {
    asin: variants[0]!.asin, category, brand, noun, title, listCents, stars, numRatings, rating, monthlySales, variants, offers, buyBox, printOffers, digitalOffer,
    /** The list price as the listing shows it, struck through: only when the buy box is at least 5% below it. */
    wasCents: buyBox.cents <= listCents * 0.95 ? listCents : null,
    releaseDay: REVIEWS_UNTIL_DAY - age,
    /** Rank by sales in its category (from 1), and the badge of the top few: set across the category. */
    salesRank: 0, isBestSeller: false,
    isRetailChoice: rating !== null && rating >= 4.2 && numRatings >= 100 && random.chance(0.1),
    lowStock: random.chance(0.15) ? random.integer(1, 9) : null,
    model: `${randomCode(random, 2)}-${random.integer(100, 9999)}`,
    deal,
  };
}

/** Digital book formats: sold only by the marketplace, delivered at once, never used. */
const DIGITAL_FORMATS = new Set(['eBook', 'Audiobook']);
export const isDigital = (attributes: Readonly<Record<string, string>>): boolean => DIGITAL_FORMATS.has(attributes.Format ?? '');

/** A variation's offers, cheapest first: a digital edition's is its one digital offer, a print one's the product's. */
export const offersFor = (product: Product, variant: number): Offer[] =>
  isDigital(product.variants[variant]!.attributes) ? [product.digitalOffer] : product.printOffers;

const generated = new Map<number, Product[]>();

/** A category's products, built on first use. */
export function categoryProducts(categoryIndex: number): Product[] {
  let products = generated.get(categoryIndex);
  if (products) return products;
  products = Array.from({ length: PRODUCTS_PER_CATEGORY }, (_, index) => makeProduct(categoryIndex, index));
  [...products].sort(bySales).forEach((product, position) => Object.assign(product, { salesRank: position + 1, isBestSeller: position < BADGED }));
  generated.set(categoryIndex, products);
  return products;
}

export const bySales = (a: Product, b: Product): number => b.monthlySales - a.monthlySales || b.numRatings - a.numRatings;
export const allProducts = (): Product[] => CATEGORIES.flatMap((_, index) => categoryProducts(index));
export const categoryIndexOf = (slug: string): number => CATEGORIES.findIndex((category) => category.slug === slug.trim().toLowerCase());
/** The ASIN of a category's product, computed without building the category. */
export const asinAt = (categoryIndex: number, index: number): string => asinOf((categoryIndex * PRODUCTS_PER_CATEGORY + index) * VARIANT_SLOTS);

/** The product an ASIN (the product's own or one of its variations') names, and which variation; null if not ours. */
export function productOfAsin(rawAsin: string): { product: Product; variant: number } | null {
  const asin = rawAsin.trim().toUpperCase();
  const serial = serialOf(asin);
  if (serial === null) return null;
  const categoryIndex = Math.floor(serial / VARIANT_SLOTS / PRODUCTS_PER_CATEGORY);
  if (categoryIndex >= CATEGORIES.length) return null;
  const product = categoryProducts(categoryIndex)[Math.floor(serial / VARIANT_SLOTS) % PRODUCTS_PER_CATEGORY]!;
  const variant = serial % VARIANT_SLOTS;
  return product.variants[variant]?.asin === asin ? { product, variant } : null;
}
