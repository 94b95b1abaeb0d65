import { createHash } from 'node:crypto';
import type { PlaceReview, PlaceTopReview } from '../../../schemas/place';
import { SANDBOX_DATA_MONTH } from '../data-month';
import { SeededRandom } from '../random';

/**
 * A sandbox place's reviews: as many as its rating count (up to the 150 a call can ask for), their
 * stars spread so that they average the place's rating, in a fixed "relevance" order the other
 * sorts reorder. Dated before the sandbox's as-of day, never by the wall clock; how long ago each
 * was written (`timeAgo`) is counted from the present the caller gives, the same instant the
 * place's `openNow` is read at, so a date and its age agree on any day.
 */

export interface ReviewedPlace {
  id: string;
  rating: number;
  userRatingCount: number;
  city: string;
  /** What reviews of this kind of place mention ("the espresso"). */
  topics: readonly string[];
}

/** The most reviews any call can ask for; a sandbox place has no more than this many written out. */
const MAX_REVIEWS = 150;

/** The last day of the sandbox's data month, midday UTC: no review is dated later. */
const AS_OF = Date.UTC(SANDBOX_DATA_MONTH.year, SANDBOX_DATA_MONTH.month, 0, 12);
const DAY = 86_400_000;

const FIRST_NAMES = ['Maya', 'Jordan', 'Priya', 'Lucas', 'Sofia', 'Daniel', 'Aiko', 'Mateo', 'Hannah', 'Omar', 'Chloe', 'Ethan', 'Leila', 'Noah', 'Grace', 'Kenji', 'Amara', 'Felix', 'Zoe', 'Ravi'];
const LAST_INITIALS = 'ABCDEFGHJKLMNOPRSTVW';

/** "Maya R." */
export function personName(random: SeededRandom): string {
  return `${random.pick(FIRST_NAMES)} ${random.pick([...LAST_INITIALS])}.`;
}

const TEXTS: Record<number, readonly string[]> = {
  5: ['Absolutely love this place, especially {topic}. Everyone is so friendly.', 'Perfect visit: {topic} stood out. One of the best spots in {city}, hands down.', 'Came back three times in one week for {topic}. Never disappoints.'],
  4: ['Really good overall, {topic} in particular, though it gets busy at peak times.', 'Solid choice in {city}. Enjoyed {topic}; a little pricey.', 'Very nice experience, {topic} especially. Would come again.'],
  3: ['Decent, nothing special. Liked {topic}, but a bit overpriced.', 'Mixed feelings: enjoyed {topic}, not the long wait.', 'Okay for a quick visit. Expected more from {topic}.'],
  2: ['Disappointing visit. {Topic} did not live up to the reviews and service was slow.', 'Used to be better. Not impressed by {topic} this time.'],
  1: ['Would not come back. We waited forever and {topic} let us down.', 'Very poor experience; {topic} fell far below any standard.'],
};

/**
 * The shares of 1–5 stars that average `rating`: in proportion to e^(βk), β found by bisection.
 * A rating has one decimal, so there are few of them: each is worked out once.
 */
const sharesByRating = new Map<number, readonly number[]>();

function starShares(rating: number): readonly number[] {
  const known = sharesByRating.get(rating);
  if (known) return known;
  const shares = (beta: number) => {
    const weights = [1, 2, 3, 4, 5].map((stars) => Math.exp(beta * stars));
    const total = weights.reduce((sum, weight) => sum + weight, 0);
    return weights.map((weight) => weight / total);
  };
  const meanOf = (beta: number) => shares(beta).reduce((sum, share, index) => sum + share * (index + 1), 0);
  let [low, high] = [-12, 12];
  for (let step = 0; step < 50; step += 1) {
    const middle = (low + high) / 2;
    if (meanOf(middle) < rating) low = middle;
    else high = middle;
  }
  const found = shares(low);
  // Bounded all the same: a rating is any number its caller passes.
  if (sharesByRating.size < 1024) sharesByRating.set(rating, found);
  return found;
}

/**
 * Stars for `count` reviews averaging `rating`: shares of 1–5 stars (above), rounded to whole
 * reviews by largest remainder, then shuffled.
 */
export function reviewStars(rating: number, count: number, random: SeededRandom): number[] {
  const exact = starShares(rating).map((share) => share * count);
  const counts = exact.map(Math.floor);
  const byRemainder = [0, 1, 2, 3, 4].sort((a, b) => exact[b]! - counts[b]! - (exact[a]! - counts[a]!));
  for (let missing = count - counts.reduce((sum, value) => sum + value, 0), next = 0; missing > 0; missing -= 1, next += 1) {
    counts[byRemainder[next]!]! += 1;
  }
  const stars: number[] = [];
  counts.forEach((times, index) => {
    for (let written = 0; written < times; written += 1) stars.push(index + 1);
  });
  return random.shuffle(stars);
}

/** How long before `now` a review was written, as the maps service words it. */
function timeAgo(timestamp: number, now: Date): string {
  const days = Math.max(0, Math.floor((now.getTime() - timestamp) / DAY));
  const say = (amount: number, unit: string) => (amount === 1 ? `a ${unit} ago` : `${amount} ${unit}s ago`);
  if (days < 7) return days === 0 ? 'today' : say(days, 'day');
  if (days < 30) return say(Math.floor(days / 7), 'week');
  if (days < 365) return say(Math.floor(days / 30), 'month');
  return say(Math.floor(days / 365), 'year');
}

function isoSeconds(timestamp: number): string {
  return new Date(timestamp).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function shortHash(text: string, length: number): string {
  return createHash('sha256').update(text).digest('base64url').slice(0, length);
}

function review(place: ReviewedPlace, index: number, stars: number, now: Date): PlaceReview {
  const random = new SeededRandom(`${place.id}:review:${index}`);
  const topic = random.pick(place.topics);
  const text = random.chance(0.08)
    ? ''
    : random.pick(TEXTS[stars]!).replaceAll('{Topic}', topic.charAt(0).toUpperCase() + topic.slice(1)).replaceAll('{topic}', topic).replaceAll('{city}', place.city);
  const author = personName(random);
  const contributor = String(random.integer(100_000_000, 999_999_999)) + String(random.integer(100_000_000_000, 999_999_999_999));
  const localGuide = random.chance(0.35);
  const published = AS_OF - random.integer(0, 1100) * DAY - random.integer(0, 86_399) * 1000;
  const answered = random.chance(0.25);
  const answeredAt = Math.min(AS_OF, published + random.integer(1, 5) * DAY);
  const reviewId = `Ch${shortHash(`${place.id}:review:${index}`, 30)}`;
  return {
    rating: stars,
    text,
    author,
    authorProfileUrl: `https://www.google.com/maps/contrib/${contributor}`,
    authorImageUrl: `https://avatars.sandbox.example/${contributor}.png`,
    localGuide,
    authorReviewCount: localGuide ? random.integer(20, 900) : random.integer(1, 60),
    timestamp: isoSeconds(published),
    timeAgo: timeAgo(published, now),
    reviewUrl: `https://www.google.com/maps/reviews/data=!4m8!14m7!1m6!2m5!1s${reviewId}`,
    reviewId,
    ownerAnswer: answered ? (stars >= 4 ? `Thank you, ${author.split(' ')[0]}! We are glad you enjoyed ${topic}.` : `We are sorry to hear this, ${author.split(' ')[0]}. Please get in touch so we can make it right.`) : null,
    ownerAnswerTimestamp: answered ? isoSeconds(answeredAt) : null,
  };
}

/** The place's written-out reviews (min(150, rating count)), most relevant first, their ages as of `now`. */
export function reviewsOf(place: ReviewedPlace, now: Date): PlaceReview[] {
  return starsOf(place).map((value, index) => review(place, index, value, now));
}

function starsOf(place: ReviewedPlace): number[] {
  return reviewStars(place.rating, Math.min(MAX_REVIEWS, place.userRatingCount), new SeededRandom(`${place.id}:stars`));
}

/** The most relevant review, as the place record shows it (the first of reviewsOf, written alone). */
export function topReviewOf(place: ReviewedPlace, now: Date): PlaceTopReview | undefined {
  const [stars] = starsOf(place);
  if (stars === undefined) return undefined;
  const first = review(place, 0, stars, now);
  return { rating: first.rating, text: first.text, author: first.author, publishedAt: first.timestamp, relativeTime: first.timeAgo };
}
