import type { ProductReview, ReviewPage } from '../../../schemas/retail';
import { PAGE_SIZES, type ProductReviewsRequest } from '../../families/retail';
import { personName } from '../places/reviews';
import { SeededRandom } from '../random';
import type { Product } from './catalog';
import { localDate, localNumber, REVIEWS_UNTIL_DAY, type Marketplace } from './marketplaces';
import { REVIEW_ORIGINS, type ReviewOrigin } from './phrases';
import { apportion, logNormal, pageOf, randomCode, starsPass } from './tally';
import { REVIEW_SENTENCES, REVIEW_TITLES } from './vocabulary';

/**
 * A product's written reviews: min(ratings, WRITTEN) of them, their stars apportioned from the
 * product's star counts, so the reviews' star mix is its rating distribution (to a review). Each
 * reviews one of the product's variations, mostly the first, and was written in one country, the
 * same on every marketplace that shows it.
 */

const WRITTEN = 70;
const IMAGES = 'https://images.retail-sandbox.example';

type WrittenReview = ReturnType<typeof writeReviews>[number];

const recent = new Map<string, WrittenReview[]>();

function reviewsOf(product: Product): WrittenReview[] {
  let reviews = recent.get(product.asin);
  if (!reviews) {
    if (recent.size >= 256) recent.delete(recent.keys().next().value!);
    recent.set(product.asin, (reviews = writeReviews(product)));
  }
  return reviews;
}

/** Where a review was written: mostly the catalogue's home marketplace (US), else another English-speaking one. */
function originOf(reviewId: string): ReviewOrigin {
  // A generator of its own, so the reviews' other draws stay as they were.
  const random = new SeededRandom(`retail-review-origin:${reviewId}`);
  return random.chance(0.8) ? 'US' : random.pick(REVIEW_ORIGINS.slice(1));
}

function writeReviews(product: Product) {
  const random = new SeededRandom(`retail-reviews:${product.asin}`);
  const count = Math.min(product.numRatings, WRITTEN);
  const stars = random.shuffle(apportion(count, product.stars).flatMap((times, index) => Array<number>(times).fill(index + 1)));
  const firstDay = Math.max(product.releaseDay + 1, REVIEWS_UNTIL_DAY - 1000);
  const noun = product.noun.toLowerCase();
  return stars.map((star) => {
    const sentences = random.shuffle(REVIEW_SENTENCES[star]!).slice(0, random.integer(1, 3));
    const vine = random.chance(0.03);
    const id = `R${randomCode(random, 13)}`;
    return {
      id, origin: originOf(id), stars: star, title: random.pick(REVIEW_TITLES[star]!), comment: sentences.join(' ').replaceAll('{noun}', noun),
      author: random.chance(0.1) ? 'Retail Customer' : personName(random), hasAvatar: random.chance(0.4),
      images: random.chance(0.18) ? random.integer(1, 3) : 0, hasVideo: random.chance(0.04),
      day: random.integer(firstDay, REVIEWS_UNTIL_DAY - 1), verified: !vine && random.chance(0.85),
      // Critical reviews draw more votes, as on the marketplace.
      helpful: Math.floor(logNormal(random, star <= 2 ? 4 : 1.5, 1.4)) - 1,
      variant: product.variants.length > 1 && random.chance(0.5) ? random.integer(1, product.variants.length - 1) : 0, vine,
    };
  });
}

/** "Reviewed in the United States on March 24, 2026": where it was written, in the site's language and date format. */
function reviewDateLine(review: WrittenReview, market: Marketplace): string {
  const { phrases } = market;
  return phrases.reviewed(phrases.origins[review.origin], localDate(review.day, market));
}

function reviewRecord(review: WrittenReview, product: Product, market: Marketplace): ProductReview {
  const variant = product.variants[review.variant]!;
  const votes = Math.max(0, review.helpful);
  return {
    review_id: review.id, review_title: review.title, review_comment: review.comment,
    review_star_rating: String(review.stars) as ProductReview['review_star_rating'],
    review_link: `https://${market.domain}/gp/customer-reviews/${review.id}?ASIN=${variant.asin}`,
    review_author: review.author, review_author_avatar: review.hasAvatar ? `${IMAGES}/avatars/${review.id}.jpg` : null,
    review_images: Array.from({ length: review.images }, (_, index) => `${IMAGES}/R/${review.id}-${index + 1}.jpg`),
    review_video: review.hasVideo ? `${IMAGES}/V/${review.id}.mp4` : null,
    review_date: reviewDateLine(review, market),
    is_verified_purchase: review.verified,
    helpful_vote_statement: votes === 0 ? null : market.phrases.helpful(votes, localNumber(votes, market)),
    reviewed_product_asin: variant.asin, reviewed_product_variant: variant.attributes, is_vine: review.vine,
  };
}

/** Percent of the ratings at each star, summing to 100 (all 0 without ratings). */
export function ratingDistribution(product: Product): ReviewPage['rating_distribution'] {
  const [one = 0, two = 0, three = 0, four = 0, five = 0] = apportion(100, product.stars);
  return { '1': one, '2': two, '3': three, '4': four, '5': five };
}

/** A page of reviews: filtered, then sorted, then cut. "Current format" is the variation asked about. */
export function reviewPage(product: Product, variant: number, request: ProductReviewsRequest, market: Marketplace): ReviewPage {
  const chosen = reviewsOf(product).filter((review) =>
    starsPass(request.star_rating, review.stars) && (!request.verified_purchases_only || review.verified)
    && (!request.images_or_videos_only || review.images > 0 || review.hasVideo) && (!request.current_format_only || review.variant === variant));
  const sorted = chosen.sort(request.sort_by === 'MOST_RECENT' ? (a, b) => b.day - a.day : (a, b) => b.helpful - a.helpful || b.day - a.day);
  return {
    asin: product.variants[variant]!.asin, country: market.country, domain: market.domain,
    total_ratings: product.numRatings, rating_distribution: ratingDistribution(product),
    reviews: pageOf(sorted, request.page, PAGE_SIZES.productReviews).map((review) => reviewRecord(review, product, market)),
  };
}
