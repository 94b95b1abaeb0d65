import { serpPage, type SerpResponse } from '../../../schemas/serp';
import type { Place } from '../../../schemas/place';
import { intentOf, keywordTotalResults } from '../keyword-metrics';
import { normaliseKeyword } from '../../../schemas/keyword';
import { SANDBOX_DATA_MONTH } from '../data-month';
import { sandboxSearch } from '../places/search';
import { remembering } from '../memo';
import { organic, type PageContext } from './blocks';
import { buildBlock, FEATURES_DEPTH, LOCAL_PACK_SIZE, organicCount, pageItems, planContext, webPagePlan } from './page-plan';
import { slugOf, titleCase } from './page-text';
import { organicSlots } from './organic-slots';
import { advertisersOf, rankedSites } from '../organic-rankings';
import { UNITED_STATES, type SearchMarket } from '../search-market';

/** The instant the page's places are read at: they show nothing that changes with the time of day. */
const PLACES_AS_OF = new Date(Date.UTC(SANDBOX_DATA_MONTH.year, SANDBOX_DATA_MONTH.month - 1, 1));

/**
 * The first places the maps search gives for a normalised query (as /v1/serp/websearch-maps with no
 * region or bias would). A maps search draws its whole pool of places (0.5–1.2 ms), so the places of
 * the last queries asked are remembered: the same query always finds the same ones.
 */
const localPlaces = remembering(1_024, (query: string): readonly Place[] =>
  sandboxSearch({ query, limit: LOCAL_PACK_SIZE, language: 'en', rankBy: 'relevance', openNow: false, fields: 'full' }, PLACES_AS_OF).places,
);

/** The context of the web page for a query: seeded by the query, like its keyword metrics; its sites are the market's. */
export function webPageContext(rawQuery: string, seedPrefix = 'serp', market: SearchMarket = UNITED_STATES): PageContext {
  const query = normaliseKeyword(rawQuery);
  const { queryWords, intent, random } = planContext(query, intentOf(query), seedPrefix);
  const sites = rankedSites(query, market);
  let advertisers: readonly string[] | undefined;
  return {
    query,
    queryWords,
    intent,
    random,
    queryTitle: titleCase(query),
    querySlug: slugOf(query),
    sites,
    // Searched on a block's first use (most pages have none).
    places: () => localPlaces(query),
    advertisers: () => (advertisers ??= advertisersOf(query, sites)),
  };
}

/**
 * A plausible web page, built from its plan (see page-plan.ts): ads first for buying queries, a
 * snippet or answer for questions, a local pack for local queries, feature blocks among the
 * organic results every few places, related searches last; exactly `depth` items. The total is the
 * keyword's own `totalResults`, so the page agrees with the keyword endpoints.
 */
export function sandboxWebPage({ query: rawQuery, depth, locationCode, language }: { query: string; depth: number } & Partial<SearchMarket>): SerpResponse {
  const context = webPageContext(rawQuery, 'serp', { locationCode: locationCode ?? UNITED_STATES.locationCode, language: language ?? UNITED_STATES.language });
  const plan = webPagePlan(context, context.advertisers());
  const items = pageItems(plan, depth);
  const slots = organicSlots(context.sites, items.length, organicCount(plan, FEATURES_DEPTH) - 1);
  const drafts = items.map((item) => {
    if ('block' in item) return buildBlock(item.block, context);
    const { site, round } = slots[item.organic]!;
    return organic(context, site, item.organic, round);
  });
  return serpPage(rawQuery, keywordTotalResults(context.query), drafts);
}
