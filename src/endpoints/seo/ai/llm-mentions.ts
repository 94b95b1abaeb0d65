import { z } from 'zod';
import { defineEndpoint } from '../../../core/define-endpoint';
import { LlmMentionsPage } from '../../../schemas/content';
import { locationCodeOfCountry } from '../../../schemas/countries';
import { DomainName } from '../../../schemas/domain-name';
import { countryCode, languageCode, locationCodeNumber, resultLimit, searchText, wholeNumber } from '../../../schemas/request-fields';
import type { MentionTarget } from '../../../providers/families/content';
import { MentionFilters, MentionOrder, sortRules } from './mention-filters';

const SEARCH_SCOPES = ['any', 'question', 'answer', 'brand_entities', 'fan_out_queries', 'sources', 'search_results'] as const;

const MentionTargetInput = z
  .strictObject({
    domain: DomainName.optional().meta({ description: 'A domain whose mentions are wanted (give this or keyword).', examples: ['example.com'] }),
    keyword: searchText(250).optional().meta({ description: 'A keyword whose mentions are wanted (give this or domain).', examples: ['espresso machine'] }),
    search_filter: z.enum(['include', 'exclude']).optional().meta({ description: 'include (default) or exclude the mentions of this target.' }),
    search_scope: z.array(z.enum(SEARCH_SCOPES)).min(1).optional().meta({ description: 'Where to look for it: any, question, answer, brand_entities, fan_out_queries (keywords), sources, search_results (domains).' }),
    include_subdomains: z.boolean().optional().meta({ description: 'Domains only: count mentions of its subdomains too.' }),
    match_type: z.enum(['word_match', 'partial_match']).optional().meta({ description: 'Keywords only: whole words or any part of a word.' }),
  })
  .superRefine((target, context) => {
    if ((target.domain === undefined) === (target.keyword === undefined)) context.addIssue({ code: 'custom', path: ['domain'], message: 'give exactly one of domain or keyword' });
    if (target.domain === undefined && target.include_subdomains !== undefined) context.addIssue({ code: 'custom', path: ['include_subdomains'], message: 'applies to domain targets only' });
    if (target.keyword === undefined && target.match_type !== undefined) context.addIssue({ code: 'custom', path: ['match_type'], message: 'applies to keyword targets only' });
  });

const LlmMentionsRequest = z.strictObject({
  target: z.array(MentionTargetInput).min(1).max(10).meta({ description: '1 to 10 domains or keywords whose mentions are wanted.', examples: [[{ domain: 'example.com' }, { keyword: 'espresso machine', match_type: 'word_match' }]] }),
  platform: z.enum(['websearch', 'assistant']).default('websearch').meta({ description: 'websearch (the search engine’s AI overviews) or assistant (a conversational AI assistant).' }),
  location: countryCode(),
  location_code: locationCodeNumber().optional().meta({ description: 'Location code (2840 = United States); overrides `location`.', examples: [2840] }),
  language: languageCode(),
  filters: MentionFilters.optional(),
  order_by: MentionOrder.optional(),
  offset: wholeNumber(0, 9000).default(0).meta({ description: 'Mentions to skip, 0 to 9000.' }),
  search_after_token: z.string().min(1).optional().meta({ description: 'The `searchAfterToken` of a previous answer, to read the next page (beyond offset 9000 too).' }),
  limit: resultLimit(100, 1000),
  tag: z.string().max(255).optional().meta({ description: 'Your label for the request (at most 255 characters), passed to the data provider.' }),
});
type LlmMentionsInput = z.output<typeof LlmMentionsRequest>;

function toTarget(target: LlmMentionsInput['target'][number]): MentionTarget {
  const common = { searchFilter: target.search_filter, searchScope: target.search_scope };
  return target.domain !== undefined
    ? { ...common, domain: target.domain, includeSubdomains: target.include_subdomains }
    : { ...common, keyword: target.keyword!, matchType: target.match_type };
}

export default defineEndpoint({
  id: 'seo.ai_llm_mentions',
  method: 'POST',
  path: '/v1/seo/ai/llm-mentions',
  summary: 'Mentions of a brand, domain or keyword in AI answers',
  description:
    'AI answers (search-engine AI overviews or a conversational assistant) that mention your domains or keywords: the question, the answer, ' +
    'the sources cited, the brands named and the AI search volume. Filters and sort use the mention fields. Billed on the mentions returned.',
  input: LlmMentionsRequest,
  output: LlmMentionsPage,
  price: ({ perResults }) => perResults({
    baseUsd: 0.2,
    per100Usd: 0.2,
    maxResults: (input: LlmMentionsInput) => input.limit,
    countResults: (output) => output.mentions.length,
  }),
  examples: {
    request: { target: [{ domain: 'example.com' }], platform: 'websearch', limit: 10 },
    response: {
      platform: 'websearch',
      totalCount: 1,
      itemsCount: 1,
      currentOffset: 0,
      searchAfterToken: '',
      mentions: [
        {
          platform: 'websearch',
          modelName: 'google_ai_overview',
          locationCode: 2840,
          languageCode: 'en',
          question: 'is example.com legit',
          answer: '**Example.com** is a reserved domain used in documentation…',
          sources: [{ position: 1, title: 'Example Domain', url: 'https://example.com/', domain: 'example.com', sourceName: 'Example', snippet: 'This domain is for use in documentation examples.', thumbnail: '', markdown: '', publicationDate: '' }],
          searchResults: [],
          aiSearchVolume: 320,
          monthlySearches: [{ year: 2026, month: 10, searchVolume: 340 }],
          firstResponseAt: '2026-03-02 10:14:00 +00:00',
          lastResponseAt: '2026-10-29 08:01:00 +00:00',
          brandEntities: [],
          fanOutQueries: ['example.com owner'],
        },
      ],
    },
  },
  async handler({ input, providers, call }) {
    return providers.content.llmMentions(
      {
        targets: input.target.map(toTarget),
        platform: input.platform,
        locationCode: input.location_code ?? locationCodeOfCountry(input.location),
        language: input.language,
        filters: input.filters,
        orderBy: sortRules(input.order_by),
        offset: input.offset,
        searchAfterToken: input.search_after_token,
        limit: input.limit,
        tag: input.tag,
      },
      call,
    );
  },
});
