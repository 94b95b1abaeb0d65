import { registrableDomain } from '../../contacts/domain-lists';
import { BIG_SITES, FAMOUS_SITES, famousSitesNamed, KNOWN_SITES, REFERENCE_SITES } from './known-sites';
import { domainProfile, isRankedName, isRegisteredName, localDomainProfile, MOST_NAME_WORDS, normalisedDomain, RANKED_TLDS } from './domain-profile';
import { GRID_SIZE, gridCellsReader, gridKeyword, ONE_MODIFIER } from './keyword-grid';
import { intentOf, keywordVolume } from './keyword-metrics';
import { subjectsOf, type QuerySubjects } from './query-subjects';
import { FEATURES_DEPTH, organicCount, planContext, webPagePlan } from './serp/page-plan';
import { organicUrl } from './serp/blocks';
import { firstPlace } from './serp/organic-slots';
import { slugOf } from './serp/page-text';
import { isUnitedStates, marketKey, type SearchMarket } from './search-market';
import { SeededRandom, roundTo } from './random';
import { remembering } from './memo';
import { eventLoopSlices } from './event-loop-slices';
import { lookupTable } from '../../core/lookup-table';
import { normaliseKeyword } from '../../schemas/keyword';
import { greatestCommonDivisor, modularInverse } from './modular';
import { HEAD_TOPICS, isHeadTerm } from './search-vocabulary';

/**
 * Who ranks where, the one fact the results pages and the domain endpoints both read. A site ranks
 * for keywords of its own name's grid ("coffee lab", "coffee lab login", "best coffee lab
 * reviews"…) and, for a site the sandbox makes up or a famous one that fits, of its topics' grids.
 * Which of those keywords it holds in a market is a seeded choice of exactly as many as its profile
 * says it has (its name and its login first). A results page finds the sites its query could belong
 * to by reading the query back into the subjects it is built on (sites named after each subject,
 * famous sites of that name, sites with it as a topic), keeps those that hold the query, adds the
 * big general and reference sites the page shows (a shop, a code host and a newspaper only on the
 * pages of their kind of query), and ranks them by strength, seeded by the query: a site searched
 * for by name first (a famous one always, any other only if its traffic could take that page's
 * clicks and the name is no head term), a site whose traffic could not take the first place's
 * clicks lower, a famous name's lookalikes under other TLDs last. A site's position is its first
 * result's place among the page's organic results. A domain's keywords are read from the
 * very pages: a keyword it holds is on its page, at the place the page gives it.
 */

/** The big general sites and the sandbox's reference sites: on every page, but those GENERAL_SITE_SUBJECTS keeps to some. */
const GENERAL_SITES: readonly string[] = [...new Set([...BIG_SITES, ...REFERENCE_SITES])];

/**
 * The general sites a page shows only for queries of their kind (others show on any page):
 * amazon.com where searchers shop (a product, a comparison, or a transactional intent),
 * github.com for software, nytimes.com for the news, sport and questions. A site that holds the
 * query shows whatever the query. The intent is read only when the words do not tell.
 */
const GENERAL_SITE_SUBJECTS = lookupTable<(subjects: QuerySubjects, intent: () => ReturnType<typeof intentOf>) => boolean>({
  'amazon.com': ({ shopping }, intent) => shopping || intent() === 'transactional',
  'github.com': ({ software }) => software,
  'nytimes.com': ({ news }, intent) => news || intent() === 'informational',
});

/** Subjects the sites the sandbox makes up write about beyond their names, three each: the vocabulary's head topics. */
const TOPICS = HEAD_TOPICS;
const TOPICS_PER_SITE = 3;

/**
 * What a famous site ranks for beyond its name: the topics that fit the brand, and none for most
 * (searchers find them by name). Few, because a topic's every results page weighs each site that
 * writes about it.
 */
const FAMOUS_SITE_TOPICS = lookupTable<readonly string[]>({
  'amazon.com': ['laptops', 'headphones', 'furniture'], 'walmart.com': ['furniture', 'pet food'], 'target.com': ['furniture'],
  'ebay.com': ['laptops', 'headphones'], 'bestbuy.com': ['laptops', 'headphones'], 'apple.com': ['laptops', 'headphones'],
  'microsoft.com': ['laptops', 'project management software'], 'dell.com': ['laptops'], 'hp.com': ['laptops'], 'lenovo.com': ['laptops'],
  'samsung.com': ['headphones'], 'nike.com': ['running shoes', 'fitness'], 'adidas.com': ['running shoes'], 'zappos.com': ['running shoes'],
  'rei.com': ['camping gear', 'running shoes'], 'ikea.com': ['furniture'], 'wayfair.com': ['furniture'], 'costco.com': ['furniture'],
  'homedepot.com': ['gardening', 'furniture'], 'lowes.com': ['gardening'], 'chewy.com': ['pet food'], 'sephora.com': ['skincare'],
  'etsy.com': ['wedding dresses'], 'starbucks.com': ['coffee'], 'allrecipes.com': ['recipes'], 'foodnetwork.com': ['recipes'],
  'nytimes.com': ['recipes'], 'youtube.com': ['recipes', 'yoga'], 'reddit.com': ['personal finance', 'headphones'],
  'expedia.com': ['travel deals', 'car rental'], 'booking.com': ['travel deals'], 'kayak.com': ['travel deals', 'car rental'],
  'tripadvisor.com': ['travel deals'], 'hotels.com': ['travel deals'], 'hertz.com': ['car rental'], 'godaddy.com': ['web hosting'],
  'wordpress.com': ['web hosting'], 'github.com': ['project management software', 'web hosting'], 'slack.com': ['project management software'],
  'adobe.com': ['photography'], 'coursera.org': ['online courses'], 'udemy.com': ['online courses'], 'khanacademy.org': ['online courses'],
  'nerdwallet.com': ['personal finance', 'mortgage rates', 'home insurance'], 'bankrate.com': ['mortgage rates'],
  'investopedia.com': ['personal finance'], 'forbes.com': ['personal finance'], 'zillow.com': ['mortgage rates'],
  'chase.com': ['mortgage rates'], 'geico.com': ['home insurance'], 'progressive.com': ['home insurance'],
  'healthline.com': ['skincare', 'yoga', 'fitness'], 'webmd.com': ['skincare'], 'mayoclinic.org': ['fitness'],
  // The examples' domains, so that an example shows a site with topics that meets the big ones on them.
  'example.com': ['laptops', 'web hosting', 'coffee'], 'example.org': ['online courses', 'gardening', 'coffee'], 'example.net': ['web hosting', 'photography'],
});

/** What searchers add to a site's name and to nothing else. */
const NAME_ONLY_SUFFIXES = ['login', 'coupon', 'customer service', 'pricing', 'contact', 'careers'];

/** The grids a keyword belongs to, its name-only suffixes read as a site name's. */
const gridCells = gridCellsReader(NAME_ONLY_SUFFIXES);

/** Keywords a site holds before any other: its name alone and with each name-only suffix. */
const NAME_HEAD = 1 + NAME_ONLY_SUFFIXES.length;

/** The registrable name of a domain, as searchers type it: `blog.coffee-lab.co.uk` → `coffee lab`. */
export function brandOf(domain: string): string {
  return registrableDomain(domain).split('.')[0]!.replace(/-/g, ' ');
}

const profileOf = remembering(10_000, domainProfile);

/**
 * A site's keywords, by index: its name's grid and name-only keywords, then each topic's grid
 * (`at` them, see `indexAt`); and the seeded order it holds them in, by tiers: its name and
 * name-only keywords, its topics alone, then every keyword of one modifier, then those of two,
 * each tier after the first two spread by a bijection (position ↦ position·multiplier + offset
 * mod n). So "the first n it holds" is exact, a big site's head terms come first, and either way
 * is cheap: from an order to a keyword, or from a keyword to its order.
 */
interface Ranker {
  site: string;
  brand: string;
  topics: readonly string[];
  size: number;
  /** The one-modifier tier's spread, then the two-modifier tier's. */
  spreads: readonly [Spread, Spread];
}

/** A bijection of 0 … n − 1 and its inverse. */
interface Spread {
  n: number;
  multiplier: number;
  inverse: number;
  offset: number;
}

const TWO_MODIFIERS = GRID_SIZE - 1 - ONE_MODIFIER;

/** The name-only keywords' indexes follow the name's grid; each topic's grid follows them. */
const TOPICS_START = GRID_SIZE + NAME_ONLY_SUFFIXES.length;

const KNOWN: ReadonlySet<string> = new Set(KNOWN_SITES);

const rankerOf = remembering(10_000, (site: string): Ranker => {
  const brand = brandOf(site);
  const random = new SeededRandom(`topics:${site}`);
  const topics = FAMOUS_SITES[site] !== undefined ? FAMOUS_SITE_TOPICS[site] ?? []
    : KNOWN.has(site) ? random.sample(TOPICS.filter((topic) => topic !== brand), TOPICS_PER_SITE) : [];
  const grids = 1 + topics.length;
  return { site, brand, topics, size: TOPICS_START + topics.length * GRID_SIZE, spreads: [spreadOf(ONE_MODIFIER * grids, random), spreadOf(TWO_MODIFIERS * grids, random)] };
});

function spreadOf(n: number, random: SeededRandom): Spread {
  let multiplier = 1 + Math.floor(random.next() * (n - 1));
  while (greatestCommonDivisor(multiplier, n) !== 1) multiplier = (multiplier % (n - 1)) + 1;
  return { n, multiplier, inverse: modularInverse(multiplier, n), offset: Math.floor(random.next() * n) };
}

/** Index → order held in. */
function orderOf({ topics, spreads: [one, two] }: Ranker, index: number): number {
  if (index === 0) return 0;
  if (index < TOPICS_START && index >= GRID_SIZE) return index - GRID_SIZE + 1;
  const grid = index < GRID_SIZE ? 0 : 1 + Math.floor((index - TOPICS_START) / GRID_SIZE);
  const within = index < GRID_SIZE ? index : (index - TOPICS_START) % GRID_SIZE;
  if (within === 0) return NAME_HEAD + grid - 1;
  const oneStart = NAME_HEAD + topics.length;
  if (within <= ONE_MODIFIER) return oneStart + (((grid * ONE_MODIFIER + within - 1) * one.multiplier + one.offset) % one.n);
  return oneStart + one.n + (((grid * TWO_MODIFIERS + within - 1 - ONE_MODIFIER) * two.multiplier + two.offset) % two.n);
}

/** Order held in → index. */
function indexAt({ topics, spreads: [one, two] }: Ranker, order: number): number {
  if (order < NAME_HEAD) return order === 0 ? 0 : GRID_SIZE + order - 1;
  const inGrid = (grid: number, within: number) => (grid === 0 ? within : TOPICS_START + (grid - 1) * GRID_SIZE + within);
  if (order < NAME_HEAD + topics.length) return inGrid(order - NAME_HEAD + 1, 0);
  const oneStart = NAME_HEAD + topics.length;
  const unspread = ({ n, inverse, offset }: Spread, position: number) => ((((position - offset) % n) + n) % n) * inverse % n;
  if (order < oneStart + one.n) {
    const position = unspread(one, order - oneStart);
    return inGrid(Math.floor(position / ONE_MODIFIER), 1 + (position % ONE_MODIFIER));
  }
  const position = unspread(two, order - oneStart - one.n);
  return inGrid(Math.floor(position / TWO_MODIFIERS), 1 + ONE_MODIFIER + (position % TWO_MODIFIERS));
}

function keywordAt({ brand, topics }: Ranker, index: number): string {
  if (index < GRID_SIZE) return gridKeyword(brand, index);
  if (index < TOPICS_START) return `${brand} ${NAME_ONLY_SUFFIXES[index - GRID_SIZE]}`;
  return gridKeyword(topics[Math.floor((index - TOPICS_START) / GRID_SIZE)]!, (index - TOPICS_START) % GRID_SIZE);
}

const localProfileOf = (site: string, market: SearchMarket) => localDomainProfile(site, market.locationCode, profileOf(site));

/** How many keywords a site holds in a market: its local profile's count, at most what its grids hold. */
function heldCount(ranker: Ranker, market: SearchMarket): number {
  return Math.min(localProfileOf(ranker.site, market).organicKeywords, ranker.size);
}

// ── Read from a query: the sites its page ranks ─────────────────────────────────────────────

/**
 * What a site named after a subject is to searchers of that name: the famous site they look for,
 * a lookalike of it under another TLD (ebay.net), or any other site of that name, whether the
 * name is a brand (coffee-lab.com), a head term (laptops.io) or a generic phrase
 * (best-running-shoes.com): such a site tops its name's page only if it is big enough to (see
 * fitsFirstPlace).
 */
type NameStanding = 'famous' | 'lookalike' | 'named';

/**
 * The registered sites named after a subject of up to three words: the famous ones of that name
 * (whatever their TLD), then those under the ranked TLDs (`coffee lab` → coffee-lab.com …), each
 * with how far it comes in the order searchers expect (famous first, most famous first; then .com
 * first) and its standing; found once per subject.
 */
const sitesNamedAfter = remembering(10_000, (subject: string): ReadonlyArray<{ site: string; place: number; standing: NameStanding }> => {
  const label = subject.replaceAll(' ', '-');
  if (label.length > 63) return [];
  const famous = famousSitesNamed(subject);
  const standing: NameStanding = famous.length > 0 ? 'lookalike' : 'named';
  return [
    ...famous.map((site, place) => ({ site, place, standing: 'famous' as const })),
    ...RANKED_TLDS.map((tld, place) => ({ site: `${label}.${tld}`, place: famous.length + place, standing }))
      .filter(({ site }) => !famous.includes(site) && isRankedName(site) && isRegisteredName(site)),
  ];
});

/** Topic → the sites that write about it (with the topic's place among their topics). */
const TOPIC_SITES = new Map<string, Array<{ site: string; topic: number }>>();
for (const site of KNOWN_SITES) {
  rankerOf(site).topics.forEach((topic, position) => {
    TOPIC_SITES.set(topic, [...(TOPIC_SITES.get(topic) ?? []), { site, topic: position }]);
  });
}

/** Strength on a page: the backlink index's rank, 0 to 1. */
const strengthOf = (site: string) => profileOf(site).domainRank / 1000;
// Every page scores these: their strengths are read once.
const GENERAL_STRENGTHS = GENERAL_SITES.map(strengthOf);

/**
 * A site searched for by name comes first, above every other site (whose scores stay under 2):
 * in the order searchers expect (see sitesNamedAfter).
 */
const ownNameBonus = (place: number) => 100 - 2 * place;

/** Share of a results page's clicks by organic position (a typical published CTR curve). */
const CLICK_THROUGH = [0.28, 0.155, 0.105, 0.075, 0.055, 0.042, 0.033, 0.027, 0.022, 0.019];

/** Monthly visits a result at a page position gets from a keyword's searches. */
export function estimatedVisits(volume: number, position: number): number {
  const rate = CLICK_THROUGH[position - 1] ?? (position <= 20 ? 0.008 : 0.001);
  return roundTo(volume * rate, 2);
}

/**
 * Whether a site that is not famous tops a search of its name (laptops.io on "laptops",
 * best-running-shoes.com on "best running shoes", coffee-lab.com on "coffee lab"): only if the
 * first place's clicks fit in its traffic there — a weak one would get more visits from that one
 * keyword than it has. So an exact-match name of a much-searched phrase competes on strength, and
 * a made-up brand searched little tops its own name.
 */
function fitsFirstPlace(site: string, query: string, market: SearchMarket): boolean {
  const { organicTraffic } = localProfileOf(site, market);
  return organicTraffic > 0 && estimatedVisits(keywordVolume(query, market), 1) <= organicTraffic;
}

/**
 * Whether a search of a subject's grid cell is of a generic phrase, which no site that is not
 * famous owns: a head term alone ("running shoes", "laptops"), whose exact-match sites
 * (running-shoes.net) compete on strength like any site, under neither its name's bonus nor ads.
 */
const isGenericSearch = (subject: string, index: number) => index === 0 && isHeadTerm(subject);

/**
 * How far a site falls on a page whose first place would bring it more visits than its traffic
 * there (example.com on "laptops"): by the orders of magnitude it falls short, at most 3 — so a
 * small site that holds a much-searched keyword ranks low on its page, and the visits its
 * keywords bring fit in the traffic its overview reports.
 */
function misfit(site: string, firstPlaceVisits: number, market: SearchMarket): number {
  const { organicTraffic } = localProfileOf(site, market);
  return firstPlaceVisits <= organicTraffic ? 0 : Math.min(3, Math.log10(firstPlaceVisits / Math.max(1, organicTraffic)));
}

/**
 * A lookalike of a famous site (ebay.net on the pages of eBay's name) ranks below every other site
 * on the page (whose scores stay above −0.2): searchers looking for the brand pass it by.
 */
const LOOKALIKE_PENALTY = -2;

/**
 * The sites a normalised query's web page ranks in a market, best first (./serp/organic-slots.ts
 * places their results): every page's general sites and the sites holding the query, ordered by
 * strength and a seeded draw (a little more of it outside the United States).
 */
export function rankedSites(query: string, market: SearchMarket): readonly string[] {
  return rememberedRanking({ query, market });
}

/**
 * Remembered: every build of a query's page reads it (the paid SERP call's hot path), and a
 * domain's keywords read up to 2,000 of them, the same again on the next call.
 */
const rememberedRanking = remembering(
  8_192,
  ({ query, market }: { query: string; market: SearchMarket }) => rankSites(query, market),
  ({ query, market }) => `${marketKey(market)}\n${query}`,
);

function rankSites(query: string, market: SearchMarket): string[] {
  // Each site holding the query, with its bonus on the page (for a search of its name).
  const holders = new Map<string, number>();
  for (const { subject, index } of gridCells(query)) {
    const byName = index === 0 || index >= GRID_SIZE;
    if (canNameSite(subject)) {
      for (const { site, place, standing } of sitesNamedAfter(subject)) {
        if (holders.has(site) || !holds(rankerOf(site), index, market)) continue;
        const topsIt = byName && (standing === 'famous' || (!isGenericSearch(subject, index) && fitsFirstPlace(site, query, market)));
        holders.set(site, standing === 'lookalike' ? LOOKALIKE_PENALTY : topsIt ? ownNameBonus(place) : 0);
      }
    }
    if (index >= GRID_SIZE) continue;
    for (const { site, topic } of TOPIC_SITES.get(subject) ?? []) {
      if (!holders.has(site) && holds(rankerOf(site), TOPICS_START + topic * GRID_SIZE + index, market)) holders.set(site, 0);
    }
  }
  const random = new SeededRandom(`serp-sites:${query}`);
  const local = isUnitedStates(market) ? undefined : new SeededRandom(`serp-sites:${query}:${marketKey(market)}`);
  const sites = holders.size === 0 ? [...GENERAL_SITES] : [...new Set([...GENERAL_SITES, ...holders.keys()])];
  // Every general site draws its score, shown or not: a page's other sites keep their draws.
  const firstPlaceVisits = holders.size === 0 ? 0 : estimatedVisits(keywordVolume(query, market), 1);
  const scores = sites.map((site, index) =>
    (index < GENERAL_SITES.length ? GENERAL_STRENGTHS[index]! : strengthOf(site) - misfit(site, firstPlaceVisits, market)) + (holders.get(site) ?? 0) +
    random.next() * 0.9 + (local ? (local.next() - 0.5) * 0.4 : 0));
  const subjects = subjectsOf(query);
  let intent: ReturnType<typeof intentOf> | undefined;
  const readIntent = () => (intent ??= intentOf(query));
  const shown = (index: number) => {
    const site = sites[index]!;
    return index >= GENERAL_SITES.length || holders.has(site) || (GENERAL_SITE_SUBJECTS[site]?.(subjects, readIntent) ?? true);
  };
  const order = sites.map((_, index) => index).filter(shown).sort((first, second) => scores[second]! - scores[first]!);
  return order.map((index) => sites[index]!);
}

/**
 * Who advertises on a query's page (ranking `sites`, see rankedSites) when the query is the name
 * of the site the page puts first (a famous one, or any other but for a head term, see
 * isGenericSearch): that site, then the famous sites of its kind (sharing the most
 * of its topics, its first ones most, the strongest first) bidding on its name; none otherwise.
 */
export function advertisersOf(query: string, sites: readonly string[]): readonly string[] {
  const owner = sites[0]!;
  // The page's sites are registrable names: the name is the label before the first dot (brandOf, without its lookup).
  const label = owner.slice(0, owner.indexOf('.'));
  const named = label.length === query.length && label.replaceAll('-', ' ') === query;
  return named && (FAMOUS_SITES[owner] !== undefined || !isHeadTerm(query)) ? advertisersNamed(owner) : [];
}

const advertisersNamed = remembering(1_024, (owner: string): readonly string[] => {
  // Each shared topic weighs by its place among the owner's (its first is what it is best known for).
  const { topics } = rankerOf(owner);
  const shared = new Map<string, number>();
  topics.forEach((topic, place) => {
    for (const { site } of TOPIC_SITES.get(topic) ?? []) {
      if (site !== owner && FAMOUS_SITES[site] !== undefined) shared.set(site, (shared.get(site) ?? 0) + topics.length - place);
    }
  });
  const rivals = [...shared].sort(([first, firstCount], [second, secondCount]) => secondCount - firstCount || strengthOf(second) - strengthOf(first) || first.localeCompare(second));
  return [owner, ...rivals.map(([site]) => site)];
});

/** Whether a subject could be a site's name: at most three words (counted without splitting: every page asks). */
function canNameSite(subject: string): boolean {
  let spaces = 0;
  for (let at = subject.indexOf(' '); at !== -1; at = subject.indexOf(' ', at + 1)) if (++spaces >= MOST_NAME_WORDS) return false;
  return true;
}

function holds(ranker: Ranker, index: number, market: SearchMarket): boolean {
  return orderOf(ranker, index) < heldCount(ranker, market);
}

/**
 * The organic position (at depth 100) of the `rank`-th of a normalised query's ranked `sites`' first
 * organic result on its page: its place among the page's organic results, ads and other features
 * not counted — what the SEO data vendor's `rank_group` says, which the live adapter reads as the
 * position (see ../dataforseo/domain-analytics.ts).
 */
function firstPosition(query: string, sites: readonly string[], rank: number): number | undefined {
  const lastPlace = organicLastPlace({ query, advertisers: advertisersOf(query, sites) });
  const place = firstPlace(rank, sites.length, lastPlace);
  return place <= lastPlace ? place + 1 : undefined;
}

/**
 * The last organic place a query's page of 100 shows (0-based). Laid out once per query (a
 * domain's keywords read up to 2,000 pages); how many advertisers bid on its name caps its ads,
 * which take room from the organic results, see webPagePlan.
 */
const organicLastPlace = remembering(
  8_192,
  ({ query, advertisers }: { query: string; advertisers: readonly string[] }) =>
    organicCount(webPagePlan(planContext(query, intentOf(query), 'serp'), advertisers), FEATURES_DEPTH) - 1,
  ({ query, advertisers }) => `${advertisers.length}\n${query}`,
);

/**
 * The sites a query's web page shows among its organic results in a market, each with the organic
 * position of its first one (on the page of 100 SEO tools read), best first: the keyword's SERP
 * competitors. Read from the ranking and the page's remembered layout, without building the page.
 */
export function organicSites(rawQuery: string, market: SearchMarket): Array<{ site: string; position: number }> {
  const query = normaliseKeyword(rawQuery);
  const sites = rankedSites(query, market);
  const found: Array<{ site: string; position: number }> = [];
  sites.forEach((site, rank) => {
    const position = firstPosition(query, sites, rank);
    if (position !== undefined) found.push({ site, position });
  });
  return found;
}

// ── Read from a site: the keywords it holds, where their pages rank it ──────────────────────

/** More than any keyword list shows (1,000), and few enough pages to read on one call. */
const MOST_KEYWORDS_READ = 2_000;

export interface Ranking {
  keyword: string;
  position: number;
  url: string;
}

/**
 * The keywords a domain holds in a market (the first 2,000 it holds, for a site that holds more),
 * each at the position of its first organic result on the keyword's page there, with that
 * result's URL. A site outside the search world (see `isRankedName`) holds none.
 */
export function rankingsOf(domain: string, market: SearchMarket): Promise<readonly Ranking[]> {
  const site = registrableDomain(normalisedDomain(domain));
  return rememberedRankings({ site, market });
}

/**
 * Remembered for the last domains asked (a reading, computed from seeds alone, cannot fail): a big
 * domain's 2,000 pages take ~100–200 ms to read, and its keywords, rank overview, competitors and
 * keyword gaps all read them.
 */
const rememberedRankings = remembering(
  64,
  ({ site, market }: { site: string; market: SearchMarket }) => readRankings(site, market),
  ({ site, market }) => `${marketKey(market)}\n${site}`,
);

/** The pages of a site's keywords, read a slice at a time: the event loop answers other calls between slices. */
async function readRankings(site: string, market: SearchMarket): Promise<Ranking[]> {
  if (!isRankedName(site)) return [];
  const ranker = rankerOf(site);
  const held = Math.min(heldCount(ranker, market), MOST_KEYWORDS_READ);
  const seen = new Set<string>();
  const rankings: Ranking[] = [];
  const slices = eventLoopSlices();
  for (let order = 0; order < held; order += 1) {
    if (slices.due) await slices.next();
    const keyword = keywordAt(ranker, indexAt(ranker, order));
    if (seen.has(keyword)) continue;
    seen.add(keyword);
    const sites = rankedSites(keyword, market);
    const rank = sites.indexOf(site);
    // Every site on a page has its first result within the page of 100 (see firstPlace).
    const position = rank === -1 ? undefined : firstPosition(keyword, sites, rank);
    if (position === undefined) continue;
    rankings.push({ keyword, position, url: organicUrl(site, slugOf(keyword), 0) });
  }
  return rankings;
}

/**
 * Whether a site holds a normalised keyword among the keywords `rankingsOf` reads for it in the
 * market: a site on a keyword's page that answers yes lists the keyword with that page's position.
 */
export function holdsAmongRead(site: string, keyword: string, market: SearchMarket): boolean {
  const ranker = rankerOf(site);
  const read = Math.min(heldCount(ranker, market), MOST_KEYWORDS_READ);
  return gridCells(keyword).some(({ subject, index }) => {
    const topic = ranker.topics.indexOf(subject);
    const at = subject === ranker.brand ? index : topic !== -1 && index < GRID_SIZE ? TOPICS_START + topic * GRID_SIZE + index : -1;
    return at !== -1 && orderOf(ranker, at) < read;
  });
}
