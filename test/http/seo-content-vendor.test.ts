import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { testDatabaseLabel } from '../helpers/test-app';
import { dataForSeoEnvelope as envelope, useDataForSeoHarness } from '../helpers/dataforseo-wire';

/**
 * Content analysis, trends and AI visibility on the DataForSEO adapter, against a fake vendor
 * answering in the wire format of its Content Analysis, Google Trends and AI Optimization docs.
 */

/** A content_analysis/search item as the vendor documents it. */
function citation(url: string, info: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const domain = new URL(url).hostname;
  return {
    type: 'content_analysis_search',
    url,
    domain,
    main_domain: domain,
    url_rank: 210,
    spam_score: 7,
    domain_rank: 402,
    fetch_time: '2026-10-20 07:11:45 +00:00',
    country: 'US',
    language: 'en',
    score: 18.4,
    page_category: [10013],
    page_types: ['blogs'],
    ratings: null,
    social_metrics: null,
    content_info: {
      content_type: 'page_content',
      title: 'Espresso machines we tested',
      main_title: 'Espresso machines we tested | Home & Maker',
      previous_title: null,
      level: 2,
      author: 'R. Vega',
      snippet: 'The best espresso machine for most kitchens is a compact semi-automatic.',
      snippet_length: 74,
      highlighted_text: 'espresso machine',
      language: 'en',
      sentiment_connotations: { anger: 0.02, happiness: 0.61, love: 0.22, sadness: 0.03, share: 0.08, fun: 0.04 },
      connotation_types: { positive: 0.71, negative: 0.09, neutral: 0.2 },
      text_category: [10013],
      date_published: '2026-08-14 09:30:00 +00:00',
      content_quality_score: 71,
      semantic_location: 'article',
      rating: null,
      group_date: '2026-08-14 09:30:00 +00:00',
      ...info,
    },
    ...extra,
  };
}

describe(`content, trends and AI visibility on the DataForSEO adapter (${testDatabaseLabel()})`, () => {
  const vendor = useDataForSeoHarness();
  const { reply, served, sentTask, failsUncharged } = vendor;

  const searchResult = (items: unknown[] | null) => [{ type: 'content_analysis_search', total_count: 48_210, items_count: items?.length ?? 0, offset: 0, offset_token: 'eyJvZmZzZXQiOjB9', items }];
  const CITATIONS = [
    citation('https://homeandmaker.com/reviews/espresso', {}),
    citation('https://forum.example.net/t/espresso-regrets', { title: null, main_title: 'Espresso regrets', connotation_types: { positive: 0.1, negative: 0.62, neutral: 0.28 }, content_quality_score: 40, date_published: null }, { spam_score: null }),
    citation('https://news.example.org/espresso-prices', { snippet: null, connotation_types: null, content_quality_score: null }),
  ];

  test('search: citations mapped field by field, sentiment the most probable polarity', async () => {
    reply('content_analysis/search/live', searchResult(CITATIONS));
    const { data } = (await served('/v1/seo/content/search', { keyword: 'espresso machine', limit: 3 }, 60_000)).body;
    assert.deepEqual(sentTask('content_analysis/search/live'), { keyword: 'espresso machine', limit: 3 });
    assert.deepEqual(data.results, [
      {
        url: 'https://homeandmaker.com/reviews/espresso',
        domain: 'homeandmaker.com',
        title: 'Espresso machines we tested',
        snippet: 'The best espresso machine for most kitchens is a compact semi-automatic.',
        datePublished: '2026-08-14',
        sentiment: 'positive',
        contentQualityScore: 71,
        spamScore: 7,
      },
      { url: 'https://forum.example.net/t/espresso-regrets', domain: 'forum.example.net', title: 'Espresso regrets', snippet: 'The best espresso machine for most kitchens is a compact semi-automatic.', datePublished: '', sentiment: 'negative', contentQualityScore: 40, spamScore: 0 },
      { url: 'https://news.example.org/espresso-prices', domain: 'news.example.org', title: 'Espresso machines we tested', snippet: '', datePublished: '2026-08-14', sentiment: 'neutral', contentQualityScore: 0, spamScore: 7 },
    ]);
  });

  test('sentiment: the same citations, scored positive minus negative', async () => {
    reply('content_analysis/search/live', searchResult(CITATIONS));
    const { data } = (await served('/v1/seo/content/sentiment', { keyword: 'espresso machine' }, 60_000)).body;
    assert.deepEqual(sentTask('content_analysis/search/live'), { keyword: 'espresso machine', limit: 100 });
    assert.deepEqual(data.results, [
      { url: 'https://homeandmaker.com/reviews/espresso', domain: 'homeandmaker.com', title: 'Espresso machines we tested', sentiment: 'positive', sentimentScore: 0.62, date: '2026-08-14' },
      { url: 'https://forum.example.net/t/espresso-regrets', domain: 'forum.example.net', title: 'Espresso regrets', sentiment: 'negative', sentimentScore: -0.52, date: '' },
      { url: 'https://news.example.org/espresso-prices', domain: 'news.example.org', title: 'Espresso machines we tested', sentiment: 'neutral', sentimentScore: 0, date: '2026-08-14' },
    ]);
  });

  test('summary: totals and polarity counts from the summary, quality averaged over the top citations', async () => {
    reply('content_analysis/summary/live', [{
      type: 'content_analysis_summary', total_count: 48_210, rank: 812,
      top_domains: [{ domain: 'homeandmaker.com', count: 402 }],
      sentiment_connotations: { anger: 2_004, happiness: 20_110, love: 8_870, sadness: 1_220, share: 4_410, fun: 3_001 },
      connotation_types: { positive: 21_040, negative: 7_300, neutral: 19_870 },
      text_categories: [{ category: [10013], count: 20_001 }], page_categories: null, page_types: { blogs: 30_112, news: 9_001 }, countries: { US: 30_001 }, languages: { en: 44_120 },
    }]);
    reply('content_analysis/search/live', searchResult(CITATIONS));
    const { data } = (await served('/v1/seo/content/summary', { keyword: 'espresso machine' }, 50_000)).body;
    assert.deepEqual(sentTask('content_analysis/summary/live'), { keyword: 'espresso machine' });
    assert.deepEqual(sentTask('content_analysis/search/live'), { keyword: 'espresso machine', limit: 100 });
    assert.deepEqual(data, { keyword: 'espresso machine', totalCount: 48_210, avgContentQualityScore: 55.5, sentimentDistribution: { positive: 21_040, neutral: 19_870, negative: 7_300 } });
  });

  test('summary with nothing found: zeros', async () => {
    reply('content_analysis/summary/live', null, { status_code: 40102, status_message: 'No Search Results.' });
    reply('content_analysis/search/live', searchResult(null));
    const { data } = (await served('/v1/seo/content/summary', { keyword: 'qwxzv plorb' }, 50_000)).body;
    assert.deepEqual(data, { keyword: 'qwxzv plorb', totalCount: 0, avgContentQualityScore: 0, sentimentDistribution: { positive: 0, neutral: 0, negative: 0 } });
  });

  test('trends: the graph item’s weekly points, missing values as 0, in keyword order', async () => {
    reply('keywords_data/google_trends/explore/live', [{
      keywords: ['espresso machine', 'french press'], type: 'web', location_code: 2826, language_code: 'en', check_url: 'https://trends.example/explore?q=espresso', datetime: '2026-11-04 10:01:22 +00:00', items_count: 2,
      items: [
        {
          position: 1, type: 'google_trends_graph', title: 'Interest over time', keywords: ['espresso machine', 'french press'],
          data: [
            { date_from: '2025-11-09', date_to: '2025-11-15', timestamp: 1762646400, missing_data: false, values: [71, 30] },
            { date_from: '2025-11-16', date_to: '2025-11-22', timestamp: 1763251200, missing_data: true, values: [100, null] },
            { date_from: null, date_to: null, timestamp: 1763856000, missing_data: false, values: [64, 28] },
          ],
          averages: [78, 29],
        },
        { position: 2, type: 'google_trends_map', title: 'Interest by subregion', keywords: ['espresso machine', 'french press'], data: [{ geo_id: 'GB-ENG', geo_name: 'England', values: [100, 41], max_value_index: 0 }] },
      ],
    }]);
    const { data } = (await served('/v1/seo/trends', { keywords: ['espresso machine', 'french press'], location: 'gb' }, 20_000)).body;
    assert.deepEqual(sentTask('keywords_data/google_trends/explore/live'), { keywords: ['espresso machine', 'french press'], location_code: 2826, time_range: 'past_12_months', item_types: ['google_trends_graph'] });
    assert.deepEqual(data, {
      keywords: ['espresso machine', 'french press'],
      timeline: [{ date: '2025-11-09', values: [71, 30] }, { date: '2025-11-16', values: [100, 0] }, { date: '2025-11-23', values: [64, 28] }],
      averages: [78, 29],
    });
  });

  test('trends: a vendor too slow to answer is a 502, not charged', async () => {
    vendor.fake.on('POST /v3/keywords_data/google_trends/explore/live', { delayMs: 5_000, json: envelope('/v3/keywords_data/google_trends/explore/live', { result: [] }) });
    await failsUncharged('/v1/seo/trends', { keywords: ['espresso machine'] }, /did not answer/);
  });

  test('assistant: the message text and its cited sources, asked with web search from the country', async () => {
    reply('ai_optimization/chat_gpt/llm_responses/live', [{
      model_name: 'gpt-4.1-mini-2025-04-14', input_tokens: 412, output_tokens: 388, web_search: true, money_spent: 0.0031, datetime: '2026-11-04 10:12:09 +00:00',
      items: [
        { type: 'reasoning', sections: [{ type: 'summary_text', text: 'Looking up reviews…', annotations: null }] },
        {
          type: 'message',
          sections: [
            {
              type: 'text',
              text: 'Most home baristas do best with a semi-automatic espresso machine.',
              annotations: [
                { title: 'Best espresso machines', url: 'https://homeandmaker.com/reviews/espresso', start_index: 0, end_index: 64, text: 'semi-automatic espresso machine' },
                { title: null, url: 'https://news.example.org/espresso-prices' },
                { title: 'Best espresso machines (again)', url: 'https://homeandmaker.com/reviews/espresso' },
              ],
            },
            { type: 'text', text: 'Budget about $400.', annotations: null },
          ],
        },
      ],
    }]);
    const { data } = (await served('/v1/seo/ai/assistant', { keyword: 'best espresso machine', location: 'de' }, 50_000)).body;
    assert.deepEqual(sentTask('ai_optimization/chat_gpt/llm_responses/live'), { user_prompt: 'best espresso machine', model_name: 'gpt-4.1-mini', web_search: true, web_search_country_iso_code: 'DE' });
    assert.deepEqual(data, {
      keyword: 'best espresso machine',
      response: 'Most home baristas do best with a semi-automatic espresso machine.\n\nBudget about $400.',
      references: [
        { url: 'https://homeandmaker.com/reviews/espresso', title: 'Best espresso machines', snippet: 'semi-automatic espresso machine' },
        { url: 'https://news.example.org/espresso-prices', title: '', snippet: '' },
      ],
    });
  });

  test('assistant: a malformed answer is a 502, not charged', async () => {
    vendor.fake.on('POST /v3/ai_optimization/chat_gpt/llm_responses/live', { raw: '{"status_code": 20000, "tasks": [' });
    await failsUncharged('/v1/seo/ai/assistant', { keyword: 'best espresso machine' }, /malformed/);
  });

  test('llm mentions: the request translated, filters passed through, every field mapped', async () => {
    reply('ai_optimization/llm_mentions/search/live', [{
      total_count: 1_204, current_offset: 20, search_after_token: 'FGluY2x1ZGVfY29udGV4dF91dWlkDXF1ZXJ5QW5kRmV0Y2gBFg', items_count: 2,
      items: [
        {
          platform: 'chat_gpt', model_name: 'gpt-4o-search', location_code: 2840, language_code: 'en',
          question: 'best espresso machine under 500', answer: '## Top picks\n1. **Example Pro** — …',
          sources: [{ snippet: 'We tested 14 machines.', source_name: 'Home & Maker', thumbnail: null, markdown: null, position: 1, title: 'Best espresso machines', domain: 'homeandmaker.com', url: 'https://homeandmaker.com/reviews/espresso', publication_date: '2026-08-14 09:30:00 +00:00' }],
          search_results: [{ description: 'Reviews and prices.', breadcrumb: 'homeandmaker.com › reviews', position: 1, title: 'Best espresso machines', domain: 'homeandmaker.com', url: 'https://homeandmaker.com/reviews/espresso', publication_date: null }],
          ai_search_volume: 880, monthly_searches: [{ year: 2026, month: 10, search_volume: 910 }, { year: 2026, month: 9, search_volume: null }],
          first_response_at: '2026-03-02 10:14:00 +00:00', last_response_at: '2026-10-29 08:01:00 +00:00',
          brand_entities: [{ rank: 1, title: 'Example Pro', category: 'Kitchen appliances' }], fan_out_queries: ['espresso machine reviews 2026', null],
        },
        { platform: 'chat_gpt', model_name: null, location_code: null, language_code: null, question: null, answer: null, sources: null, search_results: null, ai_search_volume: null, monthly_searches: null, first_response_at: null, last_response_at: null, brand_entities: null, fan_out_queries: null },
      ],
    }]);
    const filters = [['ai_search_volume', '>', 100], 'and', [['question', 'ilike', '%under%'], 'or', ['answer', 'like', '%Example%']]];
    const body = {
      target: [{ domain: 'example.com', search_filter: 'include', search_scope: ['sources'], include_subdomains: true }, { keyword: 'espresso machine', match_type: 'partial_match', search_filter: 'exclude' }],
      platform: 'assistant', location: 'gb', location_code: 2840, language: 'en', filters, order_by: ['ai_search_volume,desc'], offset: 20, limit: 2, tag: 'campaign-7',
    };
    const { data } = (await served('/v1/seo/ai/llm-mentions', body, 210_000)).body;
    assert.deepEqual(sentTask('ai_optimization/llm_mentions/search/live'), {
      target: [{ domain: 'example.com', search_filter: 'include', search_scope: ['sources'], include_subdomains: true }, { keyword: 'espresso machine', search_filter: 'exclude', match_type: 'partial_match' }],
      platform: 'chat_gpt', location_code: 2840, language_code: 'en', filters, order_by: ['ai_search_volume,desc'], offset: 20, limit: 2, tag: 'campaign-7',
    });
    assert.equal(data.platform, 'assistant');
    assert.equal(data.totalCount, 1_204);
    assert.equal(data.itemsCount, 2);
    assert.equal(data.currentOffset, 20);
    assert.equal(data.searchAfterToken, 'FGluY2x1ZGVfY29udGV4dF91dWlkDXF1ZXJ5QW5kRmV0Y2gBFg');
    assert.deepEqual(data.mentions[0], {
      platform: 'assistant', modelName: 'gpt-4o-search', locationCode: 2840, languageCode: 'en',
      question: 'best espresso machine under 500', answer: '## Top picks\n1. **Example Pro** — …',
      sources: [{ position: 1, title: 'Best espresso machines', url: 'https://homeandmaker.com/reviews/espresso', domain: 'homeandmaker.com', sourceName: 'Home & Maker', snippet: 'We tested 14 machines.', thumbnail: '', markdown: '', publicationDate: '2026-08-14 09:30:00 +00:00' }],
      searchResults: [{ position: 1, title: 'Best espresso machines', url: 'https://homeandmaker.com/reviews/espresso', domain: 'homeandmaker.com', description: 'Reviews and prices.', breadcrumb: 'homeandmaker.com › reviews', publicationDate: '' }],
      aiSearchVolume: 880, monthlySearches: [{ year: 2026, month: 10, searchVolume: 910 }, { year: 2026, month: 9, searchVolume: 0 }],
      firstResponseAt: '2026-03-02 10:14:00 +00:00', lastResponseAt: '2026-10-29 08:01:00 +00:00',
      brandEntities: [{ position: 1, title: 'Example Pro', category: 'Kitchen appliances' }], fanOutQueries: ['espresso machine reviews 2026'],
    });
    assert.deepEqual(data.mentions[1], {
      platform: 'assistant', modelName: '', locationCode: 0, languageCode: '', question: '', answer: '', sources: [], searchResults: [], aiSearchVolume: 0,
      monthlySearches: [], firstResponseAt: '', lastResponseAt: '', brandEntities: [], fanOutQueries: [],
    });
  });

  test('llm mentions: defaults sent (websearch, the country’s location, no offset), a token instead of an offset', async () => {
    reply('ai_optimization/llm_mentions/search/live', [{ total_count: 0, current_offset: 0, search_after_token: null, items_count: 0, items: [] }]);
    const { data } = (await served('/v1/seo/ai/llm-mentions', { target: [{ keyword: 'espresso machine' }], location: 'de', search_after_token: 'abc', offset: 40 }, 200_000)).body;
    assert.deepEqual(sentTask('ai_optimization/llm_mentions/search/live'), { target: [{ keyword: 'espresso machine' }], platform: 'google', location_code: 2276, language_code: 'en', search_after_token: 'abc', limit: 100 });
    assert.deepEqual(data, { platform: 'websearch', totalCount: 0, itemsCount: 0, currentOffset: 0, searchAfterToken: '', mentions: [] });
  });

  test('llm mentions: a task error is a 502, not charged', async () => {
    reply('ai_optimization/llm_mentions/search/live', null, { status_code: 40501, status_message: 'Invalid Field: \'filters\'.' });
    await failsUncharged('/v1/seo/ai/llm-mentions', { target: [{ domain: 'example.com' }] }, /refused the request/, ['Invalid Field']);
  });

  test('search: no results (40102) is an empty answer at the base price', async () => {
    reply('content_analysis/search/live', null, { status_code: 40102, status_message: 'No Search Results.' });
    const { data } = (await served('/v1/seo/content/search', { keyword: 'qwxzv plorb', limit: 1000 }, 50_000)).body;
    assert.deepEqual(data, { keyword: 'qwxzv plorb', results: [] });
  });
});
