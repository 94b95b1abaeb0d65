import { z } from 'zod';
import { defineEndpoint } from '../../../core/define-endpoint';
import { PageKeywordIntersection } from '../../../schemas/domain-analytics';
import { languageCode, locationCode, resultLimit } from '../../../schemas/request-fields';

const MAX_PAGES = 20;

const PageUrl = z.url({ protocol: /^https?$/, error: 'must be an http or https URL' });

const PageIntersectionRequest = z.strictObject({
  pages: z
    .record(z.string(), PageUrl)
    .superRefine((pages, context) => {
      const keys = Object.keys(pages);
      if (keys.length === 0) return context.addIssue({ code: 'custom', message: 'must hold at least one page' });
      if (keys.length > MAX_PAGES) return context.addIssue({ code: 'custom', message: `must hold at most ${MAX_PAGES} pages` });
      const expected = keys.map((_, index) => String(index + 1));
      if ([...keys].sort((a, b) => Number(a) - Number(b)).join() !== expected.join()) {
        context.addIssue({ code: 'custom', message: `keys must be "1" to "${keys.length}", one per page (got ${keys.map((key) => JSON.stringify(key)).join(', ')})` });
      }
    })
    .meta({
      description: 'Up to 20 page URLs (http or https) under the keys "1", "2" … in order.',
      examples: [{ '1': 'https://example.com/coffee-grinders', '2': 'https://example.org/best-coffee-grinders' }],
    }),
  location_code: locationCode(),
  language: languageCode(),
  limit: resultLimit(100, 1000),
});

const PageIntersectionResponse = z.object({
  keywords: z.array(PageKeywordIntersection).meta({ description: 'Keywords the pages rank for together, highest search volume first.' }),
});

/** The page URLs in the caller's numbering ("1" first). */
const orderedPages = (pages: Record<string, string>) =>
  Object.entries(pages).sort(([a], [b]) => Number(a) - Number(b)).map(([, url]) => url);

export default defineEndpoint({
  id: 'seo.competitors_pages',
  method: 'POST',
  path: '/v1/seo/competitors/pages',
  summary: 'Keywords several pages rank for together',
  description:
    'Page intersection: the keywords for which all the given pages rank in the same results, with search volume, CPC, competition, ' +
    'difficulty, intent and where each page ranks. Billed on the keywords returned.',
  input: PageIntersectionRequest,
  output: PageIntersectionResponse,
  price: ({ perResults }) => perResults({
    baseUsd: 0.03,
    per100Usd: 0.03,
    maxResults: (input) => input.limit,
    countResults: (output) => output.keywords.length,
  }),
  examples: {
    request: { pages: { '1': 'https://example.com/coffee-grinders', '2': 'https://example.org/best-coffee-grinders' }, limit: 100 },
    response: {
      keywords: [
        {
          keyword: 'best coffee grinders',
          volume: 14800,
          cpc: 0.95,
          competition: 0.71,
          competitionLevel: 'HIGH',
          difficulty: 48,
          intent: 'commercial',
          pages: [
            { url: 'https://example.com/coffee-grinders', position: 4, type: 'organic', etv: 1110 },
            { url: 'https://example.org/best-coffee-grinders', position: 2, type: 'organic', etv: 2294 },
          ],
        },
      ],
    },
  },
  async handler({ input, providers, call }) {
    const keywords = await providers.domainAnalytics.pageIntersection(
      { pages: orderedPages(input.pages), limit: input.limit, locationCode: input.location_code, language: input.language },
      call,
    );
    return { keywords };
  },
});
