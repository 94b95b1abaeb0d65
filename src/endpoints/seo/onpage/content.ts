import { z } from 'zod';
import { defineEndpoint } from '../../../core/define-endpoint';
import { pageUrl } from '../../../schemas/page-url';
import { fetchDocument, readDocument } from '../../../scrape/fetch-document';
import { readabilityScores } from '../../../scrape/readability-scores';

const ContentParsingRequest = z.strictObject({ url: pageUrl() });

const ParsedContent = z.object({
  url: z.string().meta({ description: 'The final URL, after redirects.' }),
  statusCode: z.number().int(),
  title: z.string().nullable(),
  description: z.string().nullable().meta({ description: '`<meta name="description">`.' }),
  text: z.string().meta({ description: 'The main content, found by a readability algorithm, as plain text.' }),
  headings: z.array(z.object({ level: z.number().int().min(1).max(6), text: z.string() })).meta({ description: "The main content's headings, in order: its structure." }),
  wordCount: z.number().int().nonnegative(),
  sentenceCount: z.number().int().nonnegative(),
  automatedReadabilityIndex: z.number().meta({ description: 'ARI = 4.71·(characters/words) + 0.5·(words/sentences) − 21.43: a US school grade.' }),
  colemanLiauIndex: z.number().meta({ description: 'CLI = 0.0588·L − 0.296·S − 15.8 (L letters and S sentences per 100 words): a US school grade.' }),
  fleschReadingEase: z.number().meta({ description: 'FRE = 206.835 − 1.015·(words/sentences) − 84.6·(syllables/words): 0–100, higher reads easier.' }),
});

export default defineEndpoint({
  id: 'seo.onpage_content',
  method: 'POST',
  path: '/v1/seo/onpage/content',
  summary: "Content parsing: a page's main text, structure and readability",
  description:
    "Fetches the page, finds its main content with a readability algorithm, and returns it as text with its headings, word and " +
    'sentence counts and three readability scores, each by its published formula (syllables counted by the usual English ' +
    'vowel-group heuristic). Fetching follows /v1/scrape: public addresses only, 404 and 500 pages are pages.',
  input: ContentParsingRequest,
  output: z.object({ content: z.array(ParsedContent).meta({ description: 'One entry: the page asked for.' }) }),
  price: ({ perCall }) => perCall(0.03),
  examples: {
    request: { url: 'https://example.com/blog/espresso-at-home' },
    response: {
      content: [
        {
          url: 'https://example.com/blog/espresso-at-home',
          statusCode: 200,
          title: 'Espresso at home | Brew Blog',
          description: 'How to pull a good shot of espresso at home.',
          text: 'Espresso at home\n\nPulling a good shot takes a grinder, fresh beans, and patience.',
          headings: [{ level: 1, text: 'Espresso at home' }],
          wordCount: 14,
          sentenceCount: 2,
          automatedReadabilityIndex: 3.6,
          colemanLiauIndex: 6.85,
          fleschReadingEase: 84.92,
        },
      ],
    },
  },
  async handler({ input, providers, call }) {
    const document = await fetchDocument(providers, input.url, call);
    const read = await readDocument(providers, document, { format: 'text', headings: true }, call);
    const { wordCount, sentenceCount, automatedReadabilityIndex, colemanLiauIndex, fleschReadingEase } = readabilityScores(read.content);
    return {
      content: [
        {
          url: document.page.url,
          statusCode: document.page.statusCode,
          title: read.title,
          description: read.metadata.description,
          text: read.content,
          headings: read.headings ?? [],
          wordCount,
          sentenceCount,
          automatedReadabilityIndex,
          colemanLiauIndex,
          fleschReadingEase,
        },
      ],
    };
  },
});
