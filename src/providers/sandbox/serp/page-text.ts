import { SANDBOX_DATA_MONTH } from '../data-month';
import { remembering } from '../memo';
import { withoutAccents } from '../accents';

/** Words, casing and dates the sandbox's result pages share. */

/**
 * Each word's first letter upper-cased, a word being a run of ASCII letters, digits and `_` (as
 * `\b\w` reads it). A loop over the characters: a replace with a callback cost several times as
 * much, and results pages title-case on nearly every item.
 */
export function titleCase(text: string): string {
  let cased = '';
  let copiedUpTo = 0;
  let afterWordCharacter = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (!afterWordCharacter && code >= 97 && code <= 122) {
      cased += text.slice(copiedUpTo, index) + String.fromCharCode(code - 32);
      copiedUpTo = index + 1;
    }
    afterWordCharacter = (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95;
  }
  return copiedUpTo === 0 ? text : cased + text.slice(copiedUpTo);
}

/** Latin letters for Cyrillic and Greek ones (lower case), as sites spell their addresses; accented ones are folded first. */
const TRANSLITERATION: Readonly<Record<string, string>> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ж: 'zh', з: 'z', и: 'i', к: 'k', л: 'l', м: 'm', н: 'n', о: 'o', п: 'p',
  р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'kh', ц: 'ts', ч: 'ch', ш: 'sh', щ: 'shch', ъ: '', ы: 'y', ь: '', э: 'e', ю: 'yu',
  я: 'ya', і: 'i', ї: 'yi', є: 'ye', ґ: 'g', ў: 'u', ђ: 'dj', ј: 'j', љ: 'lj', њ: 'nj', ћ: 'c', џ: 'dz', ѓ: 'gj', ќ: 'kj', ѕ: 'dz',
  α: 'a', β: 'v', γ: 'g', δ: 'd', ε: 'e', ζ: 'z', η: 'i', θ: 'th', ι: 'i', κ: 'k', λ: 'l', μ: 'm', ν: 'n', ξ: 'x', ο: 'o', π: 'p',
  ρ: 'r', σ: 's', ς: 's', τ: 't', υ: 'y', φ: 'f', χ: 'ch', ψ: 'ps', ω: 'o',
  ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i',
};

/**
 * The path segment a page about `text` has: words joined by hyphens, Latin accents off, Cyrillic
 * and Greek transliterated (кофе → kofe), and other scripts kept and percent-encoded as UTF-8, as
 * sites write them (東京 ラーメン → %E6%9D%B1%E4%BA%AC-%E3%83%A9…): each query its own page.
 * Only text with no letters or digits at all gets `search`.
 */
export function slugOf(text: string): string {
  const lower = text.toLowerCase();
  if (!/[^\x00-\x7f]/.test(lower)) return lower.replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'search';
  const latin = [...withoutAccents(lower)].map((character) => TRANSLITERATION[character] ?? character).join('');
  const words = latin.match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
  return words.map((word) => encodeURIComponent(word)).join('-') || 'search';
}

/** The query's meaningful words, stripped to letters and digits. */
export function wordsOf(query: string): string[] {
  return query.split(' ').filter((word) => word.length > 2).map((word) => word.replace(/[^a-z0-9]/g, '')).filter(Boolean);
}

/** The site name a domain reads as: `homeandmaker.com` → Homeandmaker. */
/** A site's name as results show it (`coffee-lab.com` → "Coffee Lab"): remembered, as every result of every page asks. */
export const siteName = remembering(10_000, nameOfSite);

function nameOfSite(domain: string): string {
  const dot = domain.indexOf('.');
  const label = dot === -1 ? domain : domain.slice(0, dot);
  return titleCase(label.includes('-') ? label.replaceAll('-', ' ') : label);
}


const DATA_MONTH_START = Date.UTC(SANDBOX_DATA_MONTH.year, SANDBOX_DATA_MONTH.month - 1, 1);
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** A moment `daysBefore` days (and some hours) before the sandbox's data month began, vendor-formatted. */
export function timestampBefore(daysBefore: number, hour = 9): string {
  const moment = DATA_MONTH_START - Math.max(1, daysBefore) * DAY_MS + hour * HOUR_MS;
  const day = Math.floor(moment / DAY_MS);
  return `${dateOfDay(day)} ${clockTime(moment - day * DAY_MS)} +00:00`;
}

// Pages date their items within a few years of the data month: a few hundred distinct days, each
// formatted once rather than through a Date on every item.
const DAY_DATES = new Map<number, string>();

/** `yyyy-mm-dd` of the `day`-th day since 1970-01-01 (UTC). */
function dateOfDay(day: number): string {
  let date = DAY_DATES.get(day);
  if (date === undefined) {
    date = new Date(day * DAY_MS).toISOString().slice(0, 10);
    if (DAY_DATES.size < 10_000) DAY_DATES.set(day, date);
  }
  return date;
}

const TWO_DIGITS = Array.from({ length: 60 }, (_, value) => String(value).padStart(2, '0'));

/** `hh:mm:ss` of a time of day in milliseconds (whole seconds). */
function clockTime(milliseconds: number): string {
  const seconds = Math.floor(milliseconds / 1000);
  return `${TWO_DIGITS[Math.floor(seconds / 3600)]}:${TWO_DIGITS[Math.floor(seconds / 60) % 60]}:${TWO_DIGITS[seconds % 60]}`;
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
