import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import { perPage } from '../../core/price';
import { SerpResponse } from '../../schemas/serp';
import { languageCode, locationCode } from '../../schemas/request-fields';

export const SerpRequest = z.strictObject({
  query: z.string().trim().min(1).max(700).meta({ description: 'Search query.', examples: ['best running shoes'] }),
  depth: z.number().int().min(1).max(100).default(10).meta({ description: 'Results to return, at most 100. Billed per started page of 10.' }),
  location_code: locationCode(),
  language: languageCode(),
});

/** Also served, identically, by the legacy alias `/v1/seo/serp` (see ./legacy-seo-serp.ts). */
export default defineEndpoint({
  id: 'serp.websearch',
  method: 'POST',
  path: '/v1/serp/websearch',
  summary: 'Web search results (SERP)',
  description:
    'Live web search results for a query: organic results, ads, featured snippets, people-also-ask, local packs, knowledge graph and 30 other result types, each with its type-specific `data`.',
  input: SerpRequest,
  output: SerpResponse,
  price: perPage({ usdPerPage: 0.01, pageSize: 10, requested: (input: z.output<typeof SerpRequest>) => input.depth }),
  examples: {
    request: { query: 'best running shoes', depth: 10 },
    response: {
      query: 'best running shoes',
      totalResults: 412000000,
      itemTypes: ['paid', 'organic'],
      results: [
        { position: 1, type: 'paid', title: 'Running Shoes — Free Shipping', url: 'https://shop.example/lp/running-shoes', description: 'Shop running shoes. Fast delivery and easy returns.', domain: 'shop.example', data: { breadcrumb: 'shop.example/running', descriptionRows: ['Free returns'] } },
        { position: 2, type: 'organic', title: 'The 12 Best Running Shoes of 2026', url: 'https://guide.example/best-running-shoes', description: 'We tested 40 pairs…', domain: 'guide.example', data: { breadcrumb: 'https://guide.example › reviews', websiteName: 'Guide', isFeaturedSnippet: false, highlighted: ['running shoes'] } },
      ],
    },
  },
  async handler({ input, providers, signal }) {
    return providers.serp.search(
      { query: input.query, depth: input.depth, locationCode: input.location_code, language: input.language },
      { signal },
    );
  },
});
