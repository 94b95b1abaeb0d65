import { defineEndpoint } from '../../core/define-endpoint';
import { SERP_RESPONSES } from '../../schemas/serp';
import { organicExample } from './examples';
import { pricePerPage, searchEngine, serpRequest } from './serp-request';

const PAGE_SIZE = 10;

/** Also served, identically, by the legacy alias `/v1/seo/serp` (see ./legacy-seo-serp.ts). */
export default defineEndpoint({
  id: 'serp.websearch',
  method: 'POST',
  path: '/v1/serp/websearch',
  summary: 'Web search results (SERP)',
  description:
    'Live web search results for a query: organic results, ads, featured snippets, people-also-ask, local packs, knowledge graph and 24 other result types, each with its type-specific `data`.',
  input: serpRequest({ depthDescription: `Results to return. Billed per started page of ${PAGE_SIZE}.`, example: 'best running shoes' }),
  output: SERP_RESPONSES.websearch,
  price: () => pricePerPage(PAGE_SIZE),
  examples: {
    request: { query: 'best running shoes', depth: 10 },
    response: {
      query: 'best running shoes',
      totalResults: 412000000,
      itemTypes: ['paid', 'organic'],
      results: [
        {
          position: 1,
          type: 'paid',
          title: 'Running Shoes — Free Shipping',
          url: 'https://shop.example/lp/running-shoes',
          description: 'Shop running shoes. Fast delivery and easy returns.',
          domain: 'shop.example',
          data: { breadcrumb: 'shop.example/running', highlighted: ['running'], extra: null, descriptionRows: ['Free returns'], links: null, faq: null, rating: null, price: null },
        },
        organicExample({
          position: 2,
          title: 'The 12 Best Running Shoes of 2026',
          url: 'https://guide.example/reviews/best-running-shoes',
          description: 'We tested 40 pairs…',
          domain: 'guide.example',
          websiteName: 'Guide',
        }),
      ],
    },
  },
  handler: searchEngine('websearch'),
});
