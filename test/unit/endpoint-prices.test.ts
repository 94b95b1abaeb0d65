import { test } from 'node:test';
import assert from 'node:assert/strict';
import { endpoints } from '../../src/endpoints';

/**
 * Every endpoint's price, as SPEC.md states it (or, for endpoints it lists only by category, the
 * endpoint catalog), written out by hand: a price rule changed in code, or an endpoint added
 * without its price here, fails this test.
 */
const EXPECTED_PRICES: Array<[route: string, price: Record<string, unknown>]> = [
  ['GET /v1/account', {kind: 'free'}],
  ['GET /v1/account/usage', {kind: 'free'}],
  ['GET /v1/account/ledger', {kind: 'free'}],
  ['GET /v1/ai/models', {kind: 'free'}],
  ['GET /v1/ai/models/{id}', {kind: 'free'}],
  ['POST /v1/ai/chat', {kind: 'per_token'}],
  ['POST /v1/ai/chat/completions', {kind: 'per_token'}],
  ['POST /v1/seo/keywords', {kind: 'per_call', usd: 0.15}],
  ['POST /v1/seo/keywords/ideas', {kind: 'per_results', baseUsd: 0.03, per100Usd: 0.03, roundedTo: 'cent'}],
  ['POST /v1/seo/keywords/related', {kind: 'per_results', baseUsd: 0.03, per100Usd: 0.03, roundedTo: 'cent'}],
  ['POST /v1/seo/keywords/difficulty', {kind: 'per_results', baseUsd: 0.03, per100Usd: 0.03, roundedTo: 'cent'}],
  ['POST /v1/seo/keywords/intent', {kind: 'per_results', baseUsd: 0.03, per100Usd: 0.03, roundedTo: 'cent'}],
  ['POST /v1/seo/keywords/overview', {kind: 'per_results', baseUsd: 0.03, per100Usd: 0.03, roundedTo: 'cent'}],
  ['POST /v1/seo/domain/available', {kind: 'per_call', usd: 0.02}],
  ['POST /v1/seo/domain/overview', {kind: 'per_call', usd: 0.04}],
  ['POST /v1/seo/domain/keywords', {kind: 'per_results', baseUsd: 0.03, per100Usd: 0.03, roundedTo: 'cent'}],
  ['POST /v1/seo/domain/traffic', {kind: 'per_results', baseUsd: 0.03, per100Usd: 0.03, roundedTo: 'cent'}],
  ['POST /v1/seo/domain/metrics', {kind: 'per_call', usd: 0.02}],
  ['POST /v1/seo/domain/rank-overview', {kind: 'per_call', usd: 0.04}],
  ['POST /v1/seo/domain/technologies', {kind: 'per_call', usd: 0.03}],
  ['POST /v1/seo/domain/backlinks', {kind: 'per_results', baseUsd: 0.05, per100Usd: 0.01, roundedTo: 'cent'}],
  ['POST /v1/seo/domain/whois', {kind: 'per_call', usd: 0.02}],
  ['POST /v1/seo/competitors/domain', {kind: 'per_results', baseUsd: 0.03, per100Usd: 0.03, roundedTo: 'cent'}],
  ['POST /v1/seo/competitors/keywords', {kind: 'per_results', baseUsd: 0.03, per100Usd: 0.03, roundedTo: 'cent'}],
  ['POST /v1/seo/competitors/pages', {kind: 'per_results', baseUsd: 0.03, per100Usd: 0.03, roundedTo: 'cent'}],
  ['POST /v1/seo/competitors/serp', {kind: 'per_results', baseUsd: 0.03, per100Usd: 0.03, roundedTo: 'cent'}],
  ['POST /v1/seo/backlinks/history', {kind: 'per_call', usd: 0.05}],
  ['POST /v1/seo/backlinks/anchors', {kind: 'per_results', baseUsd: 0.05, per100Usd: 0.01, roundedTo: 'cent'}],
  ['POST /v1/seo/backlinks/summary', {kind: 'per_call', usd: 0.05}],
  ['POST /v1/seo/backlinks/list', {kind: 'per_results', baseUsd: 0.05, per100Usd: 0.01, roundedTo: 'cent'}],
  ['POST /v1/seo/backlinks/referring-domains', {kind: 'per_results', baseUsd: 0.05, per100Usd: 0.01, roundedTo: 'cent'}],
  ['POST /v1/seo/backlinks/domain-intersection', {kind: 'per_results', baseUsd: 0.05, per100Usd: 0.01, roundedTo: 'cent'}],
  ['POST /v1/seo/backlinks/page-intersection', {kind: 'per_results', baseUsd: 0.05, per100Usd: 0.01, roundedTo: 'cent'}],
  ['POST /v1/seo/content/search', {kind: 'per_results', baseUsd: 0.05, per100Usd: 0.01, roundedTo: 'cent'}],
  ['POST /v1/seo/content/sentiment', {kind: 'per_results', baseUsd: 0.05, per100Usd: 0.01, roundedTo: 'cent'}],
  ['POST /v1/seo/content/summary', {kind: 'per_call', usd: 0.05}],
  ['POST /v1/seo/trends', {kind: 'per_call', usd: 0.02}],
  ['POST /v1/seo/ai/assistant', {kind: 'per_call', usd: 0.05}],
  ['POST /v1/seo/ai/llm-mentions', {kind: 'per_results', baseUsd: 0.2, per100Usd: 0.2, roundedTo: 'cent'}],
  ['POST /v1/serp/websearch', {kind: 'per_page', usdPerPage: 0.01, pageSize: 10}],
  ['POST /v1/seo/serp', {kind: 'per_page', usdPerPage: 0.01, pageSize: 10}],
  ['POST /v1/serp/websearch-images', {kind: 'per_page', usdPerPage: 0.01, pageSize: 100}],
  ['POST /v1/serp/websearch-news', {kind: 'per_page', usdPerPage: 0.01, pageSize: 10}],
  ['POST /v1/serp/websearch-datasets', {kind: 'per_page', usdPerPage: 0.01, pageSize: 20}],
  ['POST /v1/serp/websearch-autocomplete', {kind: 'per_call', usd: 0.01}],
  ['POST /v1/serp/websearch-ads', {kind: 'per_page', usdPerPage: 0.01, pageSize: 40}],
  ['POST /v1/serp/websearch-ai-mode', {kind: 'per_call', usd: 0.01}],
  ['POST /v1/serp/websearch-finance', {kind: 'per_call', usd: 0.01}],
  ['POST /v1/serp/bing', {kind: 'per_page', usdPerPage: 0.01, pageSize: 10}],
  ['POST /v1/serp/yahoo', {kind: 'per_page', usdPerPage: 0.01, pageSize: 6}],
  ['POST /v1/serp/baidu', {kind: 'per_page', usdPerPage: 0.01, pageSize: 10}],
  ['POST /v1/serp/video', {kind: 'per_page', usdPerPage: 0.01, pageSize: 20}],
  ['POST /v1/search/websearch', {kind: 'per_call', usd: 0.02}],
  ['POST /v1/serp/websearch-maps', {kind: 'per_call', usd: 0.01}],
  ['POST /v1/maps/search', {kind: 'per_call', usd: 0.07}],
  ['POST /v1/maps/place', {kind: 'per_call', usd: 0.05}],
  ['POST /v1/maps/reviews', {kind: 'per_results', baseUsd: 0.01, per100Usd: 0.015, roundedTo: 'cent'}],
  ['POST /v1/maps/photo', {kind: 'per_call', usd: 0.02}],
  ['POST /v1/seo/onpage/instant', {kind: 'per_call', usd: 0.03}],
  ['POST /v1/seo/onpage/lighthouse', {kind: 'per_call', usd: 0.05}],
  ['POST /v1/scrape/screenshot', {kind: 'per_call', usd: 0.02}],
  ['POST /v1/scrape/js', {kind: 'per_call', usd: 0.02}],
  ['POST /v1/scrape/stealth', {kind: 'per_call', usd: 0.03}],
  ['POST /v1/tools/pdf', {kind: 'per_call', usd: 0.02}],
  ['POST /v1/scrape', {kind: 'per_call', usd: 0.01}],
  ['POST /v1/scrape/extract', {kind: 'per_call', usd: 0.01}],
  ['POST /v1/scrape/ai-extract', {kind: 'per_call', usd: 0.03}],
  ['POST /v1/seo/onpage/content', {kind: 'per_call', usd: 0.03}],
  ['POST /v1/tools/dns', {kind: 'per_call', usd: 0.01}],
  // Tools: paths and prices ours (the spec lists them without shapes).
  ['POST /v1/tools/whois', {kind: 'per_call', usd: 0.01}],
  ['POST /v1/tools/qr', {kind: 'per_call', usd: 0.01}],
];

test('every registered endpoint has its expected price, and no expected price lacks its endpoint', () => {
  const registered = new Map(endpoints.map((endpoint) => [`${endpoint.method} ${endpoint.path}`, endpoint.price.toJSON()]));
  assert.deepEqual([...registered.keys()].sort(), EXPECTED_PRICES.map(([route]) => route).sort());
  for (const [route, price] of EXPECTED_PRICES) assert.deepEqual(registered.get(route), price, route);
});
