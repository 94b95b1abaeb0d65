import type { EndpointDefinition } from '../../core/define-endpoint';
import websearch from './websearch';
import legacySeoSerp from './legacy-seo-serp';
import websearchImages from './websearch-images';
import websearchNews from './websearch-news';
import websearchDatasets from './websearch-datasets';
import websearchAutocomplete from './websearch-autocomplete';
import websearchAds from './websearch-ads';
import websearchAiMode from './websearch-ai-mode';
import websearchFinance from './websearch-finance';
import bing from './bing';
import yahoo from './yahoo';
import baidu from './baidu';
import video from './video';

/** Search-engine results pages: the web engine, its verticals and the other engines. */
export const serpEndpoints: readonly EndpointDefinition<any, any>[] = [
  websearch,
  legacySeoSerp,
  websearchImages,
  websearchNews,
  websearchDatasets,
  websearchAutocomplete,
  websearchAds,
  websearchAiMode,
  websearchFinance,
  bing,
  yahoo,
  baidu,
  video,
];
