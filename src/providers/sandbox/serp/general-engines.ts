import { serpPage, type SerpResponse, type SerpResultDraft } from '../../../schemas/serp';
import { keywordTotalResults } from '../keyword-metrics';
import { organic, paid, peopleAlsoAsk, relatedSearches, videoCarousel, imagesStrip, type PageContext } from './blocks';
import { roundedCount, wordsOf } from './page-text';
import { webPageContext } from './websearch';
import { showsAds } from './page-plan';
import { isRegistered } from '../domain-profile';
import { ENGINE_FAVOURITE_SITES } from '../known-sites';
import type { SearchMarket } from '../search-market';

export type GeneralEngine = 'bing' | 'yahoo' | 'baidu';

interface EngineProfile {
  /** Share of the web engine's reported total this engine reports. */
  indexShare: number;
  /** Sites this engine favours that the web page does not rank (those registered make its page). */
  ownSites: (query: string) => string[];
  /** A feature block this engine sometimes shows among its organic results. */
  feature: (context: PageContext) => SerpResultDraft;
}

const PROFILES: Record<GeneralEngine, EngineProfile> = {
  bing: { indexShare: 0.42, ownSites: (query) => [`${wordsOf(query)[0] ?? 'web'}hub.net`, ...ENGINE_FAVOURITE_SITES.bing], feature: peopleAlsoAsk },
  yahoo: { indexShare: 0.37, ownSites: (query) => [`${wordsOf(query)[0] ?? 'web'}world.com`, ...ENGINE_FAVOURITE_SITES.yahoo], feature: videoCarousel },
  baidu: { indexShare: 0.61, ownSites: (query) => [`${wordsOf(query)[0] ?? 'web'}.com.cn`, ...ENGINE_FAVOURITE_SITES.baidu], feature: imagesStrip },
};

/**
 * Another engine's ranking of the same sites: the web page's site pool, reordered a little
 * (neighbours swap), with a few sites dropped and the engine's own favourites mixed in. The
 * lists overlap with /v1/serp/websearch but differ, as two engines' pages do.
 */
function rankedSites(engine: GeneralEngine, context: PageContext): string[] {
  const { random, sites, query } = context;
  const ranked = sites.filter(() => !random.chance(0.15));
  for (let index = 0; index + 1 < ranked.length; index += 1) {
    if (random.chance(0.35)) [ranked[index], ranked[index + 1]] = [ranked[index + 1]!, ranked[index]!];
  }
  for (const site of PROFILES[engine].ownSites(query).filter(isRegistered)) ranked.splice(random.integer(0, Math.min(6, ranked.length)), 0, site);
  return ranked;
}

/**
 * A general engine's page: a couple of ads for buying queries, organic results, one feature,
 * related searches. Its sites are the web page's in the same market (see rankedSites), so a
 * location moves them as it moves /v1/serp/websearch's.
 */
export function sandboxGeneralEngine(engine: GeneralEngine, { query: rawQuery, depth, locationCode, language }: { query: string; depth: number } & SearchMarket): SerpResponse {
  const context = webPageContext(rawQuery, engine, { locationCode, language });
  const sites = rankedSites(engine, context);
  const engineContext = { ...context, sites };
  const drafts: SerpResultDraft[] = [];
  if (showsAds(context)) drafts.push(paid(engineContext, context.advertisers()[0] ?? sites[1]!));
  const closing = depth >= 10 ? [relatedSearches(engineContext)] : [];
  const featureAt = context.random.chance(0.5) ? 4 : -1;
  let organicCount = 0;
  while (drafts.length < depth - closing.length) {
    if (drafts.length === featureAt) drafts.push(PROFILES[engine].feature(engineContext));
    else {
      drafts.push(organic(engineContext, sites[organicCount % sites.length]!, organicCount, Math.floor(organicCount / sites.length)));
      organicCount += 1;
    }
  }
  drafts.push(...closing);
  return serpPage(rawQuery, roundedCount(keywordTotalResults(context.query) * PROFILES[engine].indexShare), drafts.slice(0, depth));
}
