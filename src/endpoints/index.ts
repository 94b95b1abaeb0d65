import type { EndpointDefinition } from '../core/define-endpoint';
import getAccount from './account/get-account';
import listModels from './ai/list-models';
import websearch from './serp/websearch';
import domainAvailable from './seo/domain-available';
import keywordIdeas from './seo/keyword-ideas';
import seoSerp from './seo/serp';

/** The registry: every API route, listed explicitly. */
export const endpoints: readonly EndpointDefinition<any, any>[] = [
  getAccount,
  listModels,
  websearch,
  seoSerp,
  keywordIdeas,
  domainAvailable,
];
