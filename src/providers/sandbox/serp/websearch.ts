import { serpPage, type SerpResponse } from '../../../schemas/serp';
import type { Place } from '../../../schemas/place';
import { intentOf, keywordTotalResults } from '../keyword-metrics';
import { normaliseKeyword } from '../../../schemas/keyword';
import { SANDBOX_DATA_MONTH } from '../data-month';
import { SeededRandom } from '../random';
import { sandboxSearch } from '../places/search';
import { remembering } from '../memo';
import { organic, type PageContext } from './blocks';
import { buildBlock, FEATURES_DEPTH, LOCAL_PACK_SIZE, pageItems, planContext, webPagePlan } from './page-plan';
import { sitesFor, slugOf, titleCase } from './page-text';

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


/**
 * The sites the web page for a normalised query ranks, best first (the k-th organic result is the
 * k-th, round and round): also the sites the content index cites for it.
 */
export function webPageSites(query: string): string[] {
  return sitesFor(query, new SeededRandom(`serp-sites:${query}`));
}

/**
 * The sites a query's web page shows among its organic results, each with the page position of
 * its first one (on the page of 100 SEO tools read), best first: the keyword's SERP competitors.
 * Read from the page's plan, without building its results.
 */
export function organicSites(rawQuery: string): Array<{ site: string; position: number }> {
  const query = normaliseKeyword(rawQuery);
  const sites = webPageSites(query);
  const found: Array<{ site: string; position: number }> = [];
  pageItems(webPagePlan(planContext(query, intentOf(query), 'serp')), FEATURES_DEPTH).forEach((item, index) => {
    if ('organic' in item && item.organic < sites.length) found.push({ site: sites[item.organic]!, position: index + 1 });
  });
  return found;
}

/** The context of the web page for a query: seeded by the query alone, like its keyword metrics. */
export function webPageContext(rawQuery: string, seedPrefix = 'serp'): PageContext {
  const query = normaliseKeyword(rawQuery);
  const { queryWords, intent, random } = planContext(query, intentOf(query), seedPrefix);
  return {
    query,
    queryWords,
    intent,
    random,
    queryTitle: titleCase(query),
    querySlug: slugOf(query),
    sites: webPageSites(query),
    // Searched on a block's first use (most pages have none).
    places: () => localPlaces(query),
  };
}

/**
 * A plausible web page, built from its plan (see page-plan.ts): ads first for buying queries, a
 * snippet or answer for questions, a local pack for local queries, feature blocks among the
 * organic results every few places, related searches last; exactly `depth` items. The total is the
 * keyword's own `totalResults`, so the page agrees with the keyword endpoints.
 */
export function sandboxWebPage({ query: rawQuery, depth }: { query: string; depth: number }): SerpResponse {
  const context = webPageContext(rawQuery);
  const drafts = pageItems(webPagePlan(context), depth).map((item) =>
    'block' in item ? buildBlock(item.block, context) : organic(context, context.sites[item.organic % context.sites.length]!, item.organic),
  );
  return serpPage(rawQuery, keywordTotalResults(context.query), drafts);
}
