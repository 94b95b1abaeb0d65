import { normaliseKeyword, type Keyword } from '../../schemas/keyword';
import { SeededRandom, roundTo } from './random';
import { remembering } from './memo';
import { SANDBOX_DATA_MONTH } from './data-month';
import { webPageTypes } from './serp/page-plan';
import { UNITED_STATES, isEnglish, isUnitedStates, marketCpcFactor, marketKey, marketLogShare, type SearchMarket } from './search-market';
import { readingOf } from './search-vocabulary';
import { brandFameOf } from './known-sites';

export { SANDBOX_DATA_MONTH };

const TRANSACTIONAL = /\b(buy|order|cheap|deal|deals|discount|coupon|price|prices|for sale|shop|near me)\b/;
const COMMERCIAL = /\b(best|top|review|reviews|vs|compare|comparison|alternative|alternatives|affordable)\b/;
const INFORMATIONAL = /\b(how|what|why|when|who|guide|tutorial|ideas|tips|meaning|definition|examples|for beginners)\b/;
const NAVIGATIONAL = /\b(login|sign in|official|website|app|download|contact)\b/;

/** What searchers mean, read from the words as an SEO tool's classifier would: a brand search goes to the brand's site. */
export function intentOf(keyword: string): Keyword['intent'] {
  if (brandSearchOf(keyword) !== undefined) return 'navigational';
  if (TRANSACTIONAL.test(keyword)) return 'transactional';
  if (NAVIGATIONAL.test(keyword)) return 'navigational';
  if (COMMERCIAL.test(keyword)) return 'commercial';
  if (INFORMATIONAL.test(keyword)) return 'informational';
  // A bare noun phrase ("running shoes", "espresso machine") is mostly people comparing things to
  // buy; a longer one without cues reads as a question in other words.
  return keyword.split(' ').length <= 3 ? 'commercial' : 'informational';
}

// ── Brand searches ──────────────────────────────────────────────────────────────────────────

/**
 * What searchers add to a famous site's name to reach a part of the site, at the keyword's end.
 * Such a query is the brand's: "amazon login" is typed by Amazon's customers, not by people after
 * logins in general. (The leftmost match wins: "amazon official website" is Amazon's.)
 */
const BRAND_DESTINATION = / (login|log in|sign in|sign up|account|app|download|website|official site|official website|contact|customer service|phone number|support|help)$/;

/** A search for a famous brand: its name alone, or its name and a destination on its site. */
interface BrandSearch {
  name: string;
  /** See brandFameOf. */
  fame: number;
  destination: boolean;
}

/**
 * The brand a normalised keyword searches for ("amazon", "amazon customer service"); undefined for
 * most keywords. A lookup by name and a test of the ending: every results page asks.
 */
function brandSearchOf(keyword: string): BrandSearch | undefined {
  const fame = brandFameOf(keyword);
  if (fame !== undefined) return { name: keyword, fame, destination: false };
  const destination = BRAND_DESTINATION.exec(keyword);
  if (destination === null) return undefined;
  const name = keyword.slice(0, destination.index);
  const nameFame = brandFameOf(name);
  return nameFame === undefined ? undefined : { name, fame: nameFame, destination: true };
}

/**
 * log10 of a brand search's monthly searches in a market. A brand's name is among the most
 * searched keywords of its markets, by its fame: about 10^5.7 in the United States at 0.8, 10^7.7
 * (tens of millions, Amazon's or Google's) at 0.98, give or take a little per name, moved by the
 * market like any keyword's draw. A destination on it ("amazon login") is a share, 1 to 10 %
 * (seeded by the keyword), of its name's in the same market: big, and never above the name.
 */
function brandLogVolume(keyword: string, { name, fame, destination }: BrandSearch, market: SearchMarket): number {
  if (destination) return containedLogVolume(name, market) + new SeededRandom(`brand-share:${keyword}`).between(-2, -1);
  return 7.7 + 11 * (fame - 0.98) + new SeededRandom(`brand:${name}`).normal(0, 0.1) + marketOffset(keyword, market);
}

// ── Demand ──────────────────────────────────────────────────────────────────────────────────

const CPC_BY_INTENT: Record<Keyword['intent'], number> = {
  transactional: 2.6,
  commercial: 1.8,
  navigational: 0.6,
  informational: 0.45,
  unknown: 0.3,
};

/**
 * log10 of a keyword's demand before the long-tail cap and its market, from the first draw of its
 * seeded sequence and how its words read (see readingOf): long tail, each extra word dividing
 * demand, log-normal around that; a head term of the vocabulary well above its phrases ("running
 * shoes" some hundred thousand searches, "shoes" more); no words at all, hardly any.
 */
function rawLogVolume(random: SeededRandom, keyword: string): number {
  const words = keyword.split(' ').length;
  const mean = 5.1 - 0.55 * words;
  const draw = random.normal(mean, 0.7);
  const reading = readingOf(keyword);
  if (reading.kind === 'non-word') return NON_WORD_LOG_VOLUME;
  return reading.kind === 'head' ? HEAD_LOG_VOLUME - 0.3 * (words - 1) + (draw - mean) / 2 : draw;
}

/** A non-word's searches (log10): the fewest a volume reports, 10 a month, in every market. */
const NON_WORD_LOG_VOLUME = 0;

/** A one-word head term's searches (log10) in the United States, typically: 400,000 a month, a two-word one half that. */
const HEAD_LOG_VOLUME = 5.6;

/**
 * How a market's language moves a phrase's demand (log10): in another language, a head term or a
 * phrase with English words is searched a tenth as much as the market's share says ("coffee" in
 * Japanese is コーヒー); a word the vocabulary does not know may be the market's own.
 */
function languageLogShift(keyword: string, market: SearchMarket): number {
  if (isEnglish(market)) return 0;
  const reading = readingOf(keyword);
  return reading.kind === 'head' || (reading.kind === 'phrase' && reading.english) ? ENGLISH_ABROAD_LOG_SHARE : 0;
}

/** A tenth (log10) for English words searched in another language. */
const ENGLISH_ABROAD_LOG_SHARE = -1;

/** How much competition rises with each tenfold of searches. */
const COMPETITION_PER_LOG_VOLUME = 0.1;

const cappedVolumes = new Map<string, number>();

/**
 * log10 of a keyword's monthly searches in a market: its long-tail demand, or a brand search's if
 * more (see brandLogVolume). A brand search is capped by its brand's name alone: "amazon login"
 * outsearches "login", and a longer keyword built on it ("amazon login page") is capped as usual.
 */
function logVolumeOf(keyword: string, raw: number, market: SearchMarket): number {
  const brand = brandSearchOf(keyword);
  return Math.max(1, longTailLogVolume(keyword, raw, market), brand === undefined ? -Infinity : brandLogVolume(keyword, brand, market));
}

/**
 * log10 of a keyword's long-tail demand in a market: its own draw (moved by the market's share of
 * United States demand, and a little by the keyword, seeded by both), but never more than a share
 * (3 to 60 %, seeded by the keyword; 20 to 70 % for a head term) of any phrase of up to three
 * words it contains that reads as words, in the same market — "used running shoes price" stays
 * under "used running shoes" and "running shoes price", which stay under "running shoes" — so a
 * long-tail variant never outsearches the phrases it is built on, in any country.
 */
function longTailLogVolume(keyword: string, raw: number, market: SearchMarket): number {
  const words = keyword.split(' ');
  let logVolume = raw + marketOffset(keyword, market) + languageLogShift(keyword, market);
  if (words.length === 1) return logVolume;
  // The contained phrases one word shorter (at most three words long); each is capped in turn. A
  // head term ("running shoes") takes a larger share of its words' searches than a phrase does.
  const length = Math.min(words.length - 1, 3);
  const [least, most] = readingOf(keyword).kind === 'head' ? [0.2, 0.7] : [0.03, 0.6];
  const share = Math.log10(new SeededRandom(`share:${keyword}`).between(least, most));
  for (let start = 0; start + length <= words.length; start += 1) {
    const phrase = words.slice(start, start + length).join(' ');
    // A part that is no word ("pc" of "gaming pc") says nothing of the whole's demand.
    if (readingOf(phrase).kind !== 'non-word') logVolume = Math.min(logVolume, containedLogVolume(phrase, market) + share);
  }
  return logVolume;
}

/** How far a market moves a keyword's demand from the United States' (log10): its share, give or take a keyword's local taste. */
function marketOffset(keyword: string, market: SearchMarket): number {
  if (isUnitedStates(market)) return 0;
  return marketLogShare(market) + new SeededRandom(`market:${marketKey(market)}:${keyword}`).normal(0, 0.2);
}

function containedLogVolume(phrase: string, market: SearchMarket): number {
  // The United States' entries keep the bare phrase as key (every results page reads some); a
  // normalised phrase holds no newline, so another market's key never meets one.
  const key = isUnitedStates(market) ? phrase : `${marketKey(market)}\n${phrase}`;
  let logVolume = cappedVolumes.get(key);
  if (logVolume === undefined) {
    logVolume = logVolumeOf(phrase, rawLogVolume(new SeededRandom(`keyword:${phrase}`), phrase), market);
    // A cache, not a store: bounded, and any entry can be recomputed identically.
    if (cappedVolumes.size >= 100_000) cappedVolumes.clear();
    cappedVolumes.set(key, logVolume);
  }
  return logVolume;
}

/**
 * The one source of a keyword's metrics in the sandbox: seeded by the keyword, so the same keyword
 * has the same metrics on every endpoint. The market (the United States in English unless given)
 * sets its volume, trend and CPC; its difficulty, competition, intent and results count are the
 * same everywhere. Its SERP features are the result types its web page shows (/v1/serp/websearch
 * at depth 100), read from the page's plan.
 */
export function keywordMetrics(rawKeyword: string, market: SearchMarket = UNITED_STATES): Keyword {
  const { metrics, random } = metricsBeforeTrend(normaliseKeyword(rawKeyword), market);
  return { ...metrics, serpFeatures: webPageTypes(metrics.keyword, metrics.intent), trend: monthlyTrend(metrics.volume, random) };
}

/**
 * The results count a results page reports for a query: its keyword's own `totalResults`, without
 * drawing the twelve-month trend that a page does not show (the trend is drawn last, so the count
 * is the very one keywordMetrics gives).
 */
export function keywordTotalResults(rawKeyword: string): number {
  return totalResultsOf(normaliseKeyword(rawKeyword));
}

/** Remembered: every build of a query's page (the paid SERP call's hot path) states it. */
const totalResultsOf = remembering(8_192, (keyword: string) => metricsBeforeTrend(keyword, UNITED_STATES).metrics.totalResults);

/** A normalised keyword's monthly searches in a market, keywordMetrics' `volume`, without its page's features or trend. */
export function keywordVolume(keyword: string, market: SearchMarket): number {
  // Remembered like the phrases longer keywords contain: the results pages that ask are mostly theirs.
  return roundVolume(10 ** containedLogVolume(keyword, market));
}

/** Every metric of a normalised keyword but its page's features and its trend, and its generator, ready to draw the trend. */
function metricsBeforeTrend(keyword: string, market: SearchMarket): { metrics: Omit<Keyword, 'serpFeatures' | 'trend'>; random: SeededRandom } {
  const random = new SeededRandom(`keyword:${keyword}`);
  const raw = rawLogVolume(random, keyword);
  // Difficulty and the results count follow worldwide (United States) demand; volume is the market's.
  const logVolume = logVolumeOf(keyword, raw, UNITED_STATES);
  const volume = roundVolume(10 ** (isUnitedStates(market) ? logVolume : logVolumeOf(keyword, raw, market)));
  const intent = intentOf(keyword);
  const brand = brandSearchOf(keyword);
  const cpc = roundTo(Math.max(0.05, CPC_BY_INTENT[intent] * Math.exp(random.normal(0, 0.5)) * marketCpcFactor(market)), 2);
  // More advertisers bid where more people search: a head term is as a rule more contested than its long tail.
  const demand = COMPETITION_PER_LOG_VOLUME * (logVolume - 3.5);
  const competition = roundTo(Math.min(1, Math.max(0, (intent === 'transactional' || intent === 'commercial' ? 0.55 : 0.2) + demand + random.normal(0, 0.15))), 2);
  // A brand search's page is its brand's site's (first, with its sitelinks): as hard as the site is strong.
  const difficulty = Math.round(Math.min(100, Math.max(brand === undefined ? 0 : 90 * brand.fame, 12 * logVolume - 18 + random.normal(0, 9))));
  const avgReferringDomains = Math.round(difficulty ** 1.6 / 4 + random.between(0, 20));
  const metrics: Omit<Keyword, 'serpFeatures' | 'trend'> = {
    keyword,
    volume,
    cpc,
    difficulty,
    competition,
    competitionLevel: competition < 0.34 ? 'LOW' : competition < 0.67 ? 'MEDIUM' : 'HIGH',
    intent,
    avgBacklinks: Math.round(avgReferringDomains * random.between(4, 30)),
    avgReferringDomains,
    totalResults: resultsCount(logVolume + random.between(2.5, 4.5)),
  };
  return { metrics, random };
}

/**
 * A results count from its log10: an index counts pages, which stop growing with demand, so above
 * ten billion the count grows a quarter as fast (a famous brand's page says some billions, not a trillion).
 */
function resultsCount(logCount: number): number {
  return Math.round(10 ** (logCount <= 10 ? logCount : 10 + (logCount - 10) / 4));
}

/** The twelve months ending at the sandbox's data month, oldest first, as `YYYY-MM`, with their month of the year. */
const TREND_MONTHS = Array.from({ length: 12 }, (_, index) => {
  const monthIndex = SANDBOX_DATA_MONTH.year * 12 + (SANDBOX_DATA_MONTH.month - 1) - 11 + index;
  const month = monthIndex % 12;
  return { label: `${Math.floor(monthIndex / 12)}-${String(month + 1).padStart(2, '0')}`, month };
});

/** Twelve months ending at the sandbox's data month, with a seasonal swing around the average. */
function monthlyTrend(volume: number, random: SeededRandom): Keyword['trend'] {
  const peak = random.integer(0, 11);
  const swing = random.between(0.05, 0.45);
  return TREND_MONTHS.map(({ label, month }) => {
    const season = 1 + swing * Math.cos(((month - peak) / 12) * 2 * Math.PI);
    return { month: label, volume: roundVolume(volume * season * random.between(0.92, 1.08)) };
  });
}

/** Search-volume tools report bucketed volumes (10, 20, 30 … 1,000, 1,300, 1,600 …). */
function roundVolume(volume: number): number {
  if (volume < 10) return 10;
  const magnitude = 10 ** Math.max(1, Math.floor(Math.log10(volume)) - 1);
  return Math.round(volume / magnitude) * magnitude;
}
