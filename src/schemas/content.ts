import { z } from 'zod';

/** Records of the content-analysis, trends and AI-visibility endpoints (camelCase, like every SEO payload). */

export const Sentiment = z.enum(['positive', 'neutral', 'negative']);
export type Sentiment = z.infer<typeof Sentiment>;

const text = (description: string, example?: string) => z.string().meta({ description, ...(example === undefined ? {} : { examples: [example] }) });
const count = (description: string) => z.number().int().nonnegative().meta({ description });

export const ContentResult = z
  .object({
    url: text('Page citing the keyword.', 'https://news.example.org/coffee/espresso-guide'),
    domain: text('Domain of the page.', 'news.example.org'),
    title: text('Page title.'),
    snippet: text('Passage citing the keyword.'),
    datePublished: text('Publication date, YYYY-MM-DD; empty when unknown.', '2026-08-14'),
    sentiment: Sentiment.meta({ description: 'Polarity of the citation: positive, neutral or negative.' }),
    contentQualityScore: z.number().nonnegative().meta({ description: 'Content quality score (from word, sentence and character counts); higher is richer.' }),
    spamScore: z.number().int().min(0).max(100).meta({ description: 'Spam score of the page, 0 to 100.' }),
  })
  .meta({ id: 'ContentResult' });
export type ContentResult = z.infer<typeof ContentResult>;

export const SentimentResult = z
  .object({
    url: text('Page citing the keyword.'),
    domain: text('Domain of the page.'),
    title: text('Page title.'),
    sentiment: Sentiment.meta({ description: 'Dominant polarity: positive, neutral or negative.' }),
    sentimentScore: z.number().min(-1).max(1).meta({ description: 'Polarity from -1 (negative) to 1 (positive): the positive probability minus the negative one.' }),
    date: text('Publication date, YYYY-MM-DD; empty when unknown.'),
  })
  .meta({ id: 'SentimentResult' });
export type SentimentResult = z.infer<typeof SentimentResult>;

export const SentimentDistribution = z
  .object({ positive: count('Positive citations.'), neutral: count('Neutral citations.'), negative: count('Negative citations.') })
  .meta({ description: 'Citations by polarity.' });
export type SentimentDistribution = z.infer<typeof SentimentDistribution>;

export const ContentSummary = z.object({
  keyword: text('The keyword as sent.'),
  totalCount: count('Pages citing the keyword.'),
  avgContentQualityScore: z.number().nonnegative().meta({ description: 'Average content quality score of the top 100 citing pages.' }),
  sentimentDistribution: SentimentDistribution,
});
export type ContentSummary = z.infer<typeof ContentSummary>;

export const TrendPoint = z
  .object({
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).meta({ description: 'First day of the period (a week), YYYY-MM-DD.', examples: ['2026-10-25'] }),
    values: z.array(z.number().min(0).max(100)).meta({ description: 'Relative interest, 0 to 100, one per keyword in request order.' }),
  })
  .meta({ id: 'TrendPoint' });
export type TrendPoint = z.infer<typeof TrendPoint>;

export const AssistantReference = z
  .object({
    url: text('Cited source.'),
    title: text('Title of the source.'),
    snippet: text('The part of the answer the source supports, or the source description; may be empty.'),
  })
  .meta({ id: 'AssistantReference' });
export type AssistantReference = z.infer<typeof AssistantReference>;

export const MentionSource = z.object({
  position: count('Position among the sources.'),
  title: text('Source title.'),
  url: text('Source URL.'),
  domain: text('Source domain.'),
  sourceName: text('Source name.'),
  snippet: text('Source description.'),
  thumbnail: text('Thumbnail URL; empty when none.'),
  markdown: text('Source content in markdown; empty when none.'),
  publicationDate: text('Publication date and time; empty when unknown.'),
});

export const MentionSearchResult = z.object({
  position: count('Position among the search results.'),
  title: text('Result title.'),
  url: text('Result URL.'),
  domain: text('Result domain.'),
  description: text('Result description.'),
  breadcrumb: text('Result breadcrumb.'),
  publicationDate: text('Publication date and time; empty when unknown.'),
});

export const LlmMention = z
  .object({
    platform: z.enum(['websearch', 'assistant']).meta({ description: 'Where the answer appeared: websearch (AI overview) or assistant.' }),
    modelName: text('Model that produced the answer.'),
    locationCode: z.number().int().nonnegative().meta({ description: 'Location code of the answer.' }),
    languageCode: text('Language code of the answer.'),
    question: text('The question asked.'),
    answer: text('The answer, in markdown.'),
    sources: z.array(MentionSource).meta({ description: 'Sources the answer cited or relied on.' }),
    searchResults: z.array(MentionSearchResult).meta({ description: 'Every web result the model retrieved, used or not.' }),
    aiSearchVolume: count('Estimated monthly AI search volume of the question.'),
    monthlySearches: z.array(z.object({ year: z.number().int(), month: z.number().int().min(1).max(12), searchVolume: count('AI searches that month.') })).meta({ description: 'AI search volume by month.' }),
    firstResponseAt: text('When the answer was first recorded (UTC); empty when unknown.'),
    lastResponseAt: text('When the answer was last updated (UTC); empty when unknown.'),
    brandEntities: z.array(z.object({ position: count('Position in the answer.'), title: text('Brand.'), category: text('Brand category.') })).meta({ description: 'Brands named in the answer.' }),
    fanOutQueries: z.array(z.string()).meta({ description: 'Related queries the model derived from the question.' }),
  })
  .meta({ id: 'LlmMention' });
export type LlmMention = z.infer<typeof LlmMention>;

export const LlmMentionsPage = z.object({
  platform: z.enum(['websearch', 'assistant']).meta({ description: 'The platform searched.' }),
  totalCount: count('Mentions matching the request.'),
  itemsCount: count('Mentions in this answer.'),
  currentOffset: count('Mentions skipped before this page.'),
  searchAfterToken: text('Send as `search_after_token` for the next page; empty when there is none.'),
  mentions: z.array(LlmMention),
});
export type LlmMentionsPage = z.infer<typeof LlmMentionsPage>;
