import type { SerpResultDraft, SerpResultType } from '../../../schemas/serp';
import type { Keyword } from '../../../schemas/keyword';
import { SeededRandom } from '../random';
import {
  answerBox, featuredSnippet, imagesStrip, knowledgeGraph, localPack, paid, peopleAlsoAsk, peopleAlsoSearch, relatedSearches, shopping,
  topStories, videoCarousel, type PageContext,
} from './blocks';
import { EXTRA_BLOCKS, isLocalQuery } from './extra-blocks';
import { siteName } from './page-text';
import { brandFameOf } from '../known-sites';

/**
 * What the web page for a query holds, decided before anything is built: which blocks, in which
 * order, and where among the organic results each lands. The page builds from the plan; a
 * keyword's SERP features are the plan's types, so the keyword endpoints and the page agree
 * without the keyword endpoints building (or even finding the sites of) a thousand pages.
 */

/** What the decisions read: the query, its intent and the page's generator (not its sites). */
export type PlanContext = Pick<PageContext, 'query' | 'queryWords' | 'intent' | 'random'>;

type Builder = (context: PageContext) => SerpResultDraft;

/** A block decided on, built (from its own generator) only if the page reaches its place. */
export interface PlannedBlock {
  type: SerpResultType;
  random: SeededRandom;
  build: Builder;
}

/** One item of a page: a planned block, or the `organic`-th (0-based) organic result. */
export type PageItem = { block: PlannedBlock } | { organic: number };

export interface PagePlan {
  /** Above the organic results: answers, ads, the local pack. */
  top: PlannedBlock[];
  /** Among the organic results, in page order. */
  middle: PlannedBlock[];
  /** Last on a page of ten or more. */
  closing: PlannedBlock;
}

/** Places a local pack lists: the maps search's first ones for the query. */
export const LOCAL_PACK_SIZE = 3;

const QUICK_ANSWER = /^(what is|define|how many|how much is|convert)\b/;
const NEWSWORTHY = /\b(news|update|latest|today|election|season)\b/;

/**
 * The decisions' context of the page for a normalised query: seeded by the query alone, like its
 * keyword metrics (other engines' pages draw from generators of their own, `seedPrefix`).
 */
export function planContext(query: string, intent: Keyword['intent'], seedPrefix = 'serp'): PlanContext {
  return { query, queryWords: query.split(' '), intent, random: new SeededRandom(`${seedPrefix}:${query}`) };
}

/** Whether a page shows ads: a buying query's, and a famous brand's name's (the brand and its rivals bid on it, though searchers mean to reach its site). */
export const showsAds = ({ query, intent }: Pick<PlanContext, 'query' | 'intent'>) =>
  intent === 'transactional' || intent === 'commercial' || brandFameOf(query) !== undefined;

/**
 * Decided now, built later, from a generator of its own (a fork drawn now, since it is what fixes
 * the block): whether the page has room for the block then changes nothing else on the page, and
 * neither a short page nor a keyword's feature list pays for blocks it does not show.
 */
function planned(type: SerpResultType, { random }: PlanContext, build: Builder): PlannedBlock {
  return { type, random: random.fork(), build };
}

/** The most ads above a page's organic results. */
const MOST_ADS = 3;

// Builders made once: a keyword list plans a thousand pages and builds none of them.
/**
 * The `index`-th ad (0-based): on a search of a site's name, the site's own and then its rivals'
 * (headed by their own names; the plan shows no more ads than they are, see topBlocks); on any
 * other, the `index`-th of one sample of the page's sites seeded by the query (adSitesOf): no site
 * advertises twice.
 */
const ADS: readonly Builder[] = Array.from({ length: MOST_ADS }, (_, index): Builder => (page) => {
  const advertisers = page.advertisers();
  if (advertisers.length === 0) return paid(page, adSitesOf(page)[index]!);
  const site = advertisers[index]!;
  return paid(page, site, index === 0 ? page.queryTitle : siteName(site));
});
/**
 * The sites advertising on a page that is no site's name: different sites, a sample of its sites
 * seeded by the query. Drawn once per ranking (which rankedSites remembers: the paid SERP call's
 * hot path builds the same query's page again and again), not once per ad.
 */
const adSamples = new WeakMap<readonly string[], readonly string[]>();
function adSitesOf(page: PageContext): readonly string[] {
  let sample = adSamples.get(page.sites);
  if (sample === undefined) {
    sample = new SeededRandom(`serp-ads:${page.query}`).sample(page.sites, MOST_ADS);
    adSamples.set(page.sites, sample);
  }
  return sample;
}

const snippetOfTopSite: Builder = (page) => featuredSnippet(page, page.sites[0]!);
const LOCAL_PACK: readonly Builder[] = Array.from({ length: LOCAL_PACK_SIZE }, (_, index): Builder => (page) => localPack(page, index));

/**
 * Blocks above the organic results: knowledge panel, ads, a snippet or answer for questions, local
 * pack. A page never shows an advertiser twice: on a search of a site's name, no more ads than it
 * and its rivals (each drawn all the same, so that nothing else on the page moves).
 */
function topBlocks(context: PlanContext, advertisers: readonly string[]): PlannedBlock[] {
  const { query, queryWords, random, intent } = context;
  const top: PlannedBlock[] = [];
  if (queryWords.length <= 2 && random.chance(0.4)) top.push(planned('knowledgeGraph', context, knowledgeGraph));
  if (showsAds(context)) {
    const ads = Array.from({ length: random.integer(1, MOST_ADS) }, (_, index) => planned('paid', context, ADS[index]!));
    top.push(...ads.slice(0, advertisers.length || MOST_ADS));
  }
  if (QUICK_ANSWER.test(query) && random.chance(0.7)) top.push(planned('answerBox', context, answerBox));
  else if (intent === 'informational' && random.chance(0.8)) top.push(planned('featuredSnippet', context, snippetOfTopSite));
  if (isLocalQuery(query)) for (const build of LOCAL_PACK) top.push(planned('localPack', context, build));
  return top;
}

/** Blocks placed among the organic results, in page order. */
function middleBlocks(context: PlanContext): PlannedBlock[] {
  const { query, random, intent } = context;
  const middle: PlannedBlock[] = [];
  if (random.chance(0.7)) middle.push(planned('peopleAlsoAsk', context, peopleAlsoAsk));
  if (intent === 'transactional' && random.chance(0.6)) middle.push(planned('shopping', context, shopping));
  if (random.chance(0.45)) middle.push(planned('video', context, videoCarousel));
  if (intent === 'informational' && random.chance(0.4)) middle.push(planned('images', context, imagesStrip));
  if (NEWSWORTHY.test(query) || random.chance(0.15)) middle.push(planned('topStories', context, topStories));
  for (const extra of EXTRA_BLOCKS) if (extra.when(context) && random.chance(extra.chance)) middle.push(planned(extra.type, context, extra.build));
  if (random.chance(0.3)) middle.push(planned('peopleAlsoSearch', context, peopleAlsoSearch));
  return middle;
}

/**
 * The page's decisions, drawn from the context's generator in page order (the organic results draw
 * after them). `advertisers`: those bidding on a search of a site's name (../organic-rankings.ts's
 * advertisersOf; none: the page's sites); a page's features need not know them (it has ads or not).
 */
export function webPagePlan(context: PlanContext, advertisers: readonly string[] = []): PagePlan {
  const top = topBlocks(context, advertisers);
  const middle = middleBlocks(context);
  return { top, middle, closing: planned('relatedSearches', context, relatedSearches) };
}

/** A block built on the page, from its own generator. */
export function buildBlock(block: PlannedBlock, context: PageContext): SerpResultDraft {
  return block.build({ ...context, random: block.random });
}

/** Places after the top blocks on a page of `depth`: all but the closing block's, on a page that has one. */
const roomBelowTop = ({ top }: PagePlan, depth: number) => depth - (depth >= 10 ? 1 : 0) - top.length;

/**
 * How many middle blocks a page of `depth` shows: the k-th (1-based) takes the 3k-th place below
 * the top blocks, after 2k + 1 organic results (three before the first, two between the others).
 */
function middleShown(plan: PagePlan, depth: number): number {
  return Math.max(0, Math.min(plan.middle.length, Math.floor((roomBelowTop(plan, depth) - 1) / 3)));
}

/**
 * The items of a page of `depth`: the top blocks, then organic results with a middle block after
 * the third and then every second one while any are left, related searches last on a page of ten
 * or more; exactly `depth` items.
 */
export function pageItems(plan: PagePlan, depth: number): PageItem[] {
  const items: PageItem[] = plan.top.slice(0, depth).map((block) => ({ block }));
  const shown = middleShown(plan, depth);
  let organic = 0;
  for (let place = 0; place < roomBelowTop(plan, depth); place += 1) {
    const middle = place % 3 === 0 ? place / 3 : 0;
    items.push(middle >= 1 && middle <= shown ? { block: plan.middle[middle - 1]! } : { organic: organic++ });
  }
  if (depth >= 10 && items.length < depth) items.push({ block: plan.closing });
  return items;
}

/** How many organic results a page of `depth` shows (as `pageItems` lays them out). */
export function organicCount(plan: PagePlan, depth: number): number {
  return Math.max(0, roomBelowTop(plan, depth)) - middleShown(plan, depth);
}

/** The depth a keyword's SERP features and competitors are read at: the ten pages SEO tools look at. */
export const FEATURES_DEPTH = 100;

/**
 * The result types the web page for a normalised query shows, in order of first appearance (its
 * `itemTypes` at depth 100), read from the plan without laying the page out: the top blocks, then
 * organic results (a page of 100 always has some), the middle blocks it has room for, the closing.
 */
export function webPageTypes(query: string, intent: Keyword['intent']): SerpResultType[] {
  const plan = webPagePlan(planContext(query, intent));
  const types = plan.top.map((block) => block.type);
  types.push('organic');
  for (const block of plan.middle.slice(0, middleShown(plan, FEATURES_DEPTH))) types.push(block.type);
  types.push(plan.closing.type);
  return [...new Set(types)];
}
