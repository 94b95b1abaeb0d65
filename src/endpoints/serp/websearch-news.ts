import { defineEndpoint } from '../../core/define-endpoint';
import { SERP_RESPONSES } from '../../schemas/serp';
import { pricePerPage, searchEngine, serpRequest } from './serp-request';

const PAGE_SIZE = 10;

export default defineEndpoint({
  id: 'serp.websearch_news',
  method: 'POST',
  path: '/v1/serp/websearch-news',
  summary: 'News search results',
  description: 'News stories for a query, newest first: headline, URL, snippet, publisher and publication time; sometimes a top-stories block.',
  input: serpRequest({ depthDescription: `Stories to return. Billed per started page of ${PAGE_SIZE}.`, example: 'electric cars' }),
  output: SERP_RESPONSES.news,
  price: () => pricePerPage(PAGE_SIZE),
  examples: {
    request: { query: 'electric cars', depth: 10 },
    response: {
      query: 'electric cars',
      totalResults: 1240000,
      itemTypes: ['newsSearch'],
      results: [
        {
          position: 1,
          type: 'newsSearch',
          title: 'Electric Cars: new figures released',
          url: 'https://dailyledger.com/news/electric-cars-1',
          description: 'Electric Cars: new figures released. Reporting on electric cars from Dailyledger.',
          domain: 'dailyledger.com',
          data: { source: 'Dailyledger', imageUrl: 'https://dailyledger.com/media/electric-cars-1.jpg', timePublished: '2 days ago', timestamp: '2026-09-29 14:00:00 +00:00' },
        },
      ],
    },
  },
  handler: searchEngine('news'),
});
