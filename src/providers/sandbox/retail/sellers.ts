import type { Seller, SellerReview } from '../../../schemas/retail';
import { personName } from '../places/reviews';
import { SeededRandom } from '../random';
import { localDate, PRESENT_DAY, type Marketplace } from './marketplaces';
import { apportion, averageStars, logNormal, randomCode } from './tally';
import { SELLER_COMMENTS, SELLER_NAMES, STREETS, TOWNS } from './vocabulary';

/**
 * The world's third-party sellers. Each has lifetime feedback counts (positive 4–5 stars,
 * neutral 3, negative 1–2); its rating, percentages and period summaries derive from them, the
 * periods nested (30 days ⊂ 90 days ⊂ 12 months ⊂ lifetime), and its written feedback follows
 * the same star mix.
 */

const SELLER_COUNT = 40;
/** Feedback written out per seller at most: what seller-reviews pages through. */
const WRITTEN_FEEDBACK = 60;
const PERIODS = ['thirty_days', 'ninety_days', 'twelve_months', 'lifetime'] as const;

type Tally = [positive: number, neutral: number, negative: number];
export type WorldSeller = ReturnType<typeof makeSeller>;
interface Feedback { author: string; comment: string; stars: number; hasResponse: boolean; verified: boolean; day: number }

/** Its first draw is the seller's id: examples name a seller without building the world. */
const sellerSeed = (index: number) => new SeededRandom(`retail-seller:${index}`);
export const sellerIdAt = (index: number): string => `A${randomCode(sellerSeed(index), 13)}`;

function makeSeller(index: number) {
  const random = sellerSeed(index);
  const id = `A${randomCode(random, 13)}`;
  const name = `${SELLER_NAMES.first[index % SELLER_NAMES.first.length]} ${SELLER_NAMES.second[Math.floor(index / SELLER_NAMES.first.length)]}`;
  const [town, state, zip, area] = random.pick(TOWNS);
  const total = Math.max(5, Math.round(logNormal(random, 2500, 1.4)));
  const positiveShare = Math.min(0.995, Math.max(0.7, random.normal(0.93, 0.04)));
  const negativeShare = (1 - positiveShare) * random.between(0.4, 0.7);
  const lifetime = apportion(total, [positiveShare, 1 - positiveShare - negativeShare, negativeShare]) as Tally;
  const fiveShare = random.between(0.7, 0.9);
  const [five = 0, four = 0] = apportion(lifetime[0], [fiveShare, 1 - fiveShare]);
  const [one = 0, two = 0] = apportion(lifetime[2], [0.65, 0.35]);
  // Each period a proportional part of the longer one: its counts never exceed the longer one's.
  const within = (longer: Tally, share: number) => apportion(Math.round((longer[0] + longer[1] + longer[2]) * share), longer) as Tally;
  const twelve = within(lifetime, random.between(0.15, 0.35));
  const ninety = within(twelve, random.between(0.2, 0.35));
  const periods: Record<(typeof PERIODS)[number], Tally> = { lifetime, twelve_months: twelve, ninety_days: ninety, thirty_days: within(ninety, random.between(0.25, 0.45)) };
  return {
    id, name, businessName: `${name.replace(/ Co\.$/, '')} LLC`,
    address: `${random.integer(100, 9899)} ${random.pick(STREETS)}, ${town}, ${state} ${zip}, US`,
    phone: `+1 ${area}-555-01${String(random.integer(0, 99)).padStart(2, '0')}`,
    hasLogo: random.chance(0.75),
    /** Lifetime ratings by stars, index 0 = one star. */
    stars: [one, two, lifetime[1], four, five], total, periods,
  };
}

let sellers: WorldSeller[] | undefined;
export const worldSellers = (): readonly WorldSeller[] => (sellers ??= Array.from({ length: SELLER_COUNT }, (_, index) => makeSeller(index)));
export const sellerById = (id: string): WorldSeller | undefined => worldSellers().find((seller) => seller.id === id.trim().toUpperCase());
export const sellerLink = (id: string, market: Marketplace): string => `https://${market.domain}/sp?seller=${id}`;
export const sellerRating = (seller: WorldSeller): number | null => averageStars(seller.stars);

function summary([positive, neutral, negative]: Tally) {
  const [positivePercent = 0, neutralPercent = 0, negativePercent = 0] = apportion(100, [positive, neutral, negative]);
  return { positive_percent: positivePercent, neutral_percent: neutralPercent, negative_percent: negativePercent, count: positive + neutral + negative };
}

export function sellerRecord(seller: WorldSeller, market: Marketplace): Seller {
  const review_summary = Object.fromEntries(PERIODS.map((period) => [period, summary(seller.periods[period])])) as Seller['review_summary'];
  return {
    seller_id: seller.id, country: market.country, domain: market.domain, name: seller.name,
    seller_link: sellerLink(seller.id, market), store_link: `https://${market.domain}/s?me=${seller.id}`,
    logo: seller.hasLogo ? `https://images.retail-sandbox.example/S/${seller.id}.png` : null,
    phone: seller.phone, business_name: seller.businessName, business_address: seller.address,
    rating: sellerRating(seller), ratings_total: seller.total,
    ratings_total_percentage: review_summary.lifetime.positive_percent, review_summary,
  };
}

const written = new Map<string, Feedback[]>();
/** The seller's written feedback, newest first, its stars in the lifetime proportions. */
export function feedbackOf(seller: WorldSeller): Feedback[] {
  const cached = written.get(seller.id);
  if (cached) return cached;
  const random = new SeededRandom(`retail-seller-feedback:${seller.id}`);
  const count = Math.min(seller.total, WRITTEN_FEEDBACK);
  const stars = random.shuffle(apportion(count, seller.stars).flatMap((times, index) => Array<number>(times).fill(index + 1)));
  // Spaced at the seller's twelve-month pace, so busy sellers' feedback is recent.
  const gap = Math.min(30, 365 / Math.max(1, seller.periods.twelve_months.reduce((a, b) => a + b, 0)));
  let day = PRESENT_DAY;
  const feedback = stars.map((star, index) => {
    day -= index === 0 ? 1 : Math.round(random.between(0, 2 * gap));
    const kind = star >= 4 ? 'positive' : star === 3 ? 'neutral' : 'negative';
    const hasResponse = random.chance(kind === 'negative' ? 0.6 : kind === 'neutral' ? 0.3 : 0.05);
    return { author: personName(random), comment: random.pick(SELLER_COMMENTS[kind]), stars: star, hasResponse, verified: random.chance(0.85), day };
  });
  written.set(seller.id, feedback);
  return feedback;
}

export const feedbackRecord = (feedback: Feedback, market: Marketplace): SellerReview => ({
  review_author: feedback.author, review_comment: feedback.comment, review_star_rating: String(feedback.stars) as SellerReview['review_star_rating'],
  has_response: feedback.hasResponse, review_date: localDate(feedback.day, market),
});
