import { defineEndpoint } from '../../core/define-endpoint';
import { SERP_RESPONSES } from '../../schemas/serp';
import { organicExample } from './examples';
import { pricePerPage, searchEngine, serpRequest } from './serp-request';

/**
 * The general engines that keep their own names (bing, yahoo, baidu): the web page's body and
 * result shape, the engine's own results and page size.
 */
export function generalEngineEndpoint(options: {
  engine: 'bing' | 'yahoo' | 'baidu';
  name: string;
  /** Results per billed page. */
  pageSize: number;
  /** A site this engine ranks, for the documented example. */
  exampleDomain: string;
}) {
  const { engine, name, pageSize, exampleDomain } = options;
  return defineEndpoint({
    id: `serp.${engine}`,
    method: 'POST',
    path: `/v1/serp/${engine}`,
    summary: `${name} web search results`,
    description: `Live ${name} web results for a query: organic results, ads and the engine's feature blocks, in the same result shape as /v1/serp/websearch.`,
    input: serpRequest({ depthDescription: `Results to return. Billed per started page of ${pageSize}.`, example: 'espresso machine' }),
    output: SERP_RESPONSES[engine],
    price: () => pricePerPage(pageSize),
    examples: {
      request: { query: 'espresso machine', depth: 10 },
      response: {
        query: 'espresso machine',
        totalResults: 2140000,
        itemTypes: ['organic'],
        results: [
          organicExample({
            position: 1,
            title: 'Espresso Machine: The Complete Guide',
            url: `https://${exampleDomain}/guides/espresso-machine`,
            description: 'Everything about espresso machines: compare options and read expert advice.',
            domain: exampleDomain,
            websiteName: exampleDomain.split('.')[0]!,
          }),
        ],
      },
    },
    handler: searchEngine(engine),
  });
}
