import { SANDBOX_DATA_MONTH } from '../keyword-metrics';
import type { SeededRandom } from '../random';

/** Words, casing and dates the sandbox's result pages share. */

export const REFERENCE_SITES = [
  'wikiwise.org', 'forumhub.com', 'dailyledger.com', 'consumerscope.org', 'howtohq.com', 'marketwatchers.net',
  'homeandmaker.com', 'techradarly.com', 'healthline-journal.org', 'citypaper.news', 'shopcompass.com', 'learnloop.io',
];

export const VIDEO_SITE = 'clipstream.tv';

export function titleCase(text: string): string {
  return text.replace(/\b\w/g, (letter) => letter.toUpperCase());
}

export function slugOf(text: string): string {
  return text.replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'search';
}

/** The query's meaningful words, stripped to letters and digits. */
export function wordsOf(query: string): string[] {
  return query.split(' ').filter((word) => word.length > 2).map((word) => word.replace(/[^a-z0-9]/g, '')).filter(Boolean);
}

/** The site name a domain reads as: `homeandmaker.com` → Homeandmaker. */
export function siteName(domain: string): string {
  return titleCase(domain.split('.')[0]!.replace(/-/g, ' '));
}

/**
 * Sites a query plausibly surfaces, in the order the web page ranks them: some named after its
 * words, the rest general references. Seeded by the query alone, so every engine draws from the
 * same pool.
 */
export function sitesFor(query: string, random: SeededRandom): string[] {
  const own = wordsOf(query).flatMap((word) => [`${word}guide.com`, `the${word}shop.com`, `${word}review.net`, `${word}-experts.org`]);
  return random.shuffle([...random.shuffle(own).slice(0, 6), ...REFERENCE_SITES]);
}

const DATA_MONTH_START = Date.UTC(SANDBOX_DATA_MONTH.year, SANDBOX_DATA_MONTH.month - 1, 1);
const DAY_MS = 86_400_000;

/** A moment `daysBefore` days (and some hours) before the sandbox's data month began, vendor-formatted. */
export function timestampBefore(daysBefore: number, hour = 9): string {
  const moment = new Date(DATA_MONTH_START - Math.max(1, daysBefore) * DAY_MS + hour * 3_600_000);
  return `${moment.toISOString().slice(0, 19).replace('T', ' ')} +00:00`;
}

/** How a results page shows an age relative to the data month: `3 days ago`, `2 weeks ago`. */
export function ageLabel(daysBefore: number): string {
  if (daysBefore < 7) return `${daysBefore} day${daysBefore === 1 ? '' : 's'} ago`;
  if (daysBefore < 30) return `${Math.floor(daysBefore / 7)} week${daysBefore < 14 ? '' : 's'} ago`;
  const months = Math.floor(daysBefore / 30);
  return `${months} month${months === 1 ? '' : 's'} ago`;
}

/** A number with the engine's usual rounding for a count shown on the page. */
export function roundedCount(value: number): number {
  const magnitude = 10 ** Math.max(0, Math.floor(Math.log10(Math.max(1, value))) - 2);
  return Math.round(value / magnitude) * magnitude;
}
