import type { SerpProvider, SerpSearchRequest } from '../../families/serp';
import { serpPage, type SerpEngine, type SerpResponse } from '../../../schemas/serp';
import { sandboxAds } from './ads';
import { aiAnswer } from './ai-answer';
import { sandboxFinance } from './finance';
import { sandboxGeneralEngine } from './general-engines';
import { renderResultsPage } from './html';
import { sandboxAutocomplete, sandboxDatasets, sandboxImages, sandboxNews } from './verticals';
import { sandboxVideo } from './video';
import { sandboxPlaces } from '../places';
import { sandboxWebPage, webPageContext } from './websearch';
import { localMarket } from '../search-market';
import { locationCodeOfCountry } from '../../../schemas/countries';

/** The AI Mode answer: one answer block citing the sites the web page ranks in the same location. */
function sandboxAiMode({ query, locationCode, language }: SerpSearchRequest): SerpResponse {
  return serpPage(query, 1, [aiAnswer(webPageContext(query, 'serp', { locationCode, language }))]);
}

const ENGINES: Record<SerpEngine, (request: SerpSearchRequest) => SerpResponse> = {
  websearch: sandboxWebPage,
  bing: (request) => sandboxGeneralEngine('bing', request),
  yahoo: (request) => sandboxGeneralEngine('yahoo', request),
  baidu: (request) => sandboxGeneralEngine('baidu', request),
  images: sandboxImages,
  news: sandboxNews,
  datasets: sandboxDatasets,
  autocomplete: sandboxAutocomplete,
  ads: sandboxAds,
  aiMode: sandboxAiMode,
  finance: sandboxFinance,
  video: sandboxVideo,
};

/**
 * Deterministic results pages for every engine, seeded by the query. The web page, the other
 * general engines and the AI Mode answer rank their sites for the request's location and language
 * (as the domain endpoints read them); news cites the location's own publishers first; the other verticals show the United States'. The raw HTML page
 * renders the very results the web page gives for the query in the country's location and its first language.
 */
export const sandboxSerp: SerpProvider = {
  name: 'sandbox',
  async search(request) {
    return ENGINES[request.engine](request);
  },
  // The maps results are the sandbox's own place search, the same as /v1/maps/search gives.
  searchMaps(request, options) {
    return sandboxPlaces.searchText(request, options);
  },
  // A country's raw page is the one its own searchers get: /v1/serp/websearch in its location and first language.
  async searchHtml({ query, country, numResults }) {
    const market = localMarket(locationCodeOfCountry(country));
    return { query, html: renderResultsPage(sandboxWebPage({ query, depth: numResults, ...market }), market.language) };
  },
};
