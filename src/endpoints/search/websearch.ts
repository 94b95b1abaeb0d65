import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import { countryCode, queryText, wholeNumber } from '../../schemas/request-fields';

const RawSearchRequest = z.strictObject({
  query: queryText('Search query.', 'best running shoes'),
  country: countryCode(),
  numResults: wholeNumber(1, 100).default(10).meta({ description: 'Results the page should hold, 1 to 100 (default 10).' }),
});

const RawSearchResponse = z.object({
  query: z.string().meta({ description: 'The query as sent.' }),
  html: z.string().meta({ description: 'The full results page HTML, as the engine served it (not parsed). Several pages are concatenated in order when numResults spans more than one.' }),
});

export default defineEndpoint({
  id: 'search.websearch',
  method: 'POST',
  path: '/v1/search/websearch',
  summary: 'Raw web search results page (HTML)',
  description: "The web search results page for a query, as raw HTML, for callers that parse pages themselves: the page searchers in `country` get, in that country's main language. For parsed results use POST /v1/serp/websearch.",
  input: RawSearchRequest,
  output: RawSearchResponse,
  price: ({ perCall }) => perCall(0.02),
  examples: {
    request: { query: 'best running shoes', country: 'us', numResults: 10 },
    response: { query: 'best running shoes', html: '<!DOCTYPE html>\n<html lang="en">\n<head><meta charset="utf-8"><title>best running shoes - Search</title></head>\n<body>…</body>\n</html>' },
  },
  async handler({ input, providers, call }) {
    return providers.serp.searchHtml({ query: input.query, country: input.country, numResults: input.numResults }, call);
  },
});
