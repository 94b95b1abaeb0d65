import { endpointAlias } from '../../core/define-endpoint';
import websearch from './websearch';

/** Legacy alias of `/v1/serp/websearch`: the same request, price, handler and response. */
export default endpointAlias(websearch, {
  id: 'seo.serp',
  path: '/v1/seo/serp',
  summary: 'Web search results (legacy alias of /v1/serp/websearch)',
  description: `${websearch.description} Identical to POST /v1/serp/websearch, kept for existing integrations.`,
});
