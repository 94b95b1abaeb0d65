import { defineEndpoint } from '../../core/define-endpoint';
import { SERP_RESPONSES } from '../../schemas/serp';
import { searchEngine, serpRequest } from './serp-request';

export default defineEndpoint({
  id: 'serp.websearch_finance',
  method: 'POST',
  path: '/v1/serp/websearch-finance',
  summary: 'Finance: tickers, indexes and currency quotes',
  description:
    'Market data matching a query, from the search engine’s finance pages: a ticker (`aapl`, `msft:nasdaq`) or company name gives listed instruments with price and daily change, ' +
    'an index name gives market indexes, a currency pair (`eur usd`) gives exchange rates.',
  input: serpRequest({ depthDescription: 'Most results to return.', example: 'aapl' }),
  output: SERP_RESPONSES.finance,
  price: ({ perCall }) => perCall(0.01),
  examples: {
    request: { query: 'aapl' },
    response: {
      query: 'aapl',
      totalResults: 1,
      itemTypes: ['marketInstrument'],
      results: [
        {
          position: 1,
          type: 'marketInstrument',
          title: 'Apple Inc',
          url: 'https://finance.search.example/quote/AAPL:NASDAQ',
          description: 'AAPL · NASDAQ',
          domain: 'finance.search.example',
          data: { ticker: 'AAPL', identifier: 'AAPL:NASDAQ', price: 254.43, priceDelta: 1.87, percentageDelta: 0.74, currency: 'USD', trend: 'up', timestamp: '2026-09-30 20:00:00 +00:00' },
        },
      ],
    },
  },
  handler: searchEngine('finance'),
});
