import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApp, testDatabaseLabel, type TestApp, type TestResponse } from '../helpers/test-app';
import { keywordMetrics } from '../../src/providers/sandbox/keyword-metrics';

/** Content analysis, trends and AI visibility on the sandbox, through HTTP. */

const KEYWORD = 'coffee';

interface Citation {
  url: string;
  domain: string;
  title: string;
  snippet: string;
  datePublished: string;
  sentiment: 'positive' | 'neutral' | 'negative';
  contentQualityScore: number;
  spamScore: number;
}

/** base + per100 × rows/100 USD, up to the cent, in micro-USD. */
function perResults(rows: number, base: number, per100: number): number {
  return Math.ceil(base * 100 + per100 * rows - 1e-9) * 10_000;
}

describe(`content, trends and AI visibility on the sandbox (${testDatabaseLabel()})`, () => {
  let app: TestApp;
  let apiKey: string;
  let accountId: string;

  before(async () => {
    app = await startTestApp({}, { TOLLGATE_RATE_LIMIT_PER_MINUTE: '100000' });
    ({ apiKey, accountId } = await app.createAccount('50.00'));
  });
  after(() => app?.close());

  /** The call's response, checking it succeeded and cost exactly `micros`. */
  async function paid(path: string, body: unknown, micros: number): Promise<TestResponse> {
    const { response, cost } = await app.paidCall(path, body);
    assert.equal(cost, micros, `${path} ${JSON.stringify(body)} cost`);
    return response;
  }

  async function refused(path: string, body: unknown, message: RegExp): Promise<void> {
    const before = await app.balance(accountId);
    const response = await app.post(path, body, apiKey);
    assert.equal(response.status, 400, `${JSON.stringify(body)}: ${JSON.stringify(response.body)}`);
    assert.equal(response.body.error.code, 'VALIDATION_ERROR');
    assert.match(response.body.error.message, message);
    assert.equal(await app.balance(accountId), before, 'a refused call is not charged');
  }

  describe('content search, sentiment and summary', () => {
    test('search: exactly `limit` citations, billed per 100', async () => {
      for (const [limit, micros] of [[100, 60_000], [1000, 150_000], [7, 60_000]] as const) {
        const { keyword, results } = (await paid('/v1/seo/content/search', { keyword: KEYWORD, limit }, micros)).body.data;
        assert.equal(keyword, KEYWORD);
        assert.equal(results.length, limit);
      }
      const results: Citation[] = (await app.post('/v1/seo/content/search', { keyword: KEYWORD }, apiKey)).body.data.results;
      assert.equal(results.length, 100, 'default limit');
      assert.equal(new Set(results.map((result) => result.url)).size, 100, 'distinct pages');
      for (const result of results) {
        assert.equal(new URL(result.url).hostname, result.domain);
        assert.match(result.datePublished, /^\d{4}-\d{2}-\d{2}$/);
        assert.ok(result.datePublished <= '2026-10-31');
        assert.ok(result.snippet.includes(KEYWORD));
        assert.ok(result.spamScore >= 0 && result.spamScore <= 100 && result.contentQualityScore >= 0);
      }
    });

    test("a citation's site is one the domain endpoints know: registered, among the sites the keyword's results page ranks", async () => {
      const keyword = 'trail running shoes';
      const results: Citation[] = (await app.post('/v1/seo/content/search', { keyword, limit: 100 }, apiKey)).body.data.results;
      const domains = [...new Set(results.map((result) => result.domain))];
      const checked = (await app.post('/v1/seo/domain/available', { domains }, apiKey)).body.data.domains;
      assert.deepEqual(checked.filter((domain: { available: boolean }) => domain.available).map((domain: { domain: string }) => domain.domain), [], 'no citation on a domain free to register');
      const page = (await app.post('/v1/serp/websearch', { query: keyword, depth: 100 }, apiKey)).body.data;
      const ranked = new Set(page.results.filter((result: { type: string }) => result.type === 'organic').map((result: { domain: string }) => result.domain));
      for (const domain of domains) assert.ok(ranked.has(domain), `${domain} is cited but not on the results page`);
    });

    test('sentiment reads the same citations as search, scored in line with their polarity', async () => {
      const citations: Citation[] = (await paid('/v1/seo/content/search', { keyword: KEYWORD, limit: 300 }, 80_000)).body.data.results;
      const scored = (await paid('/v1/seo/content/sentiment', { keyword: KEYWORD, limit: 300 }, 80_000)).body.data.results;
      assert.deepEqual(
        scored.map(({ url, domain, title, sentiment, date }: Record<string, unknown>) => ({ url, domain, title, sentiment, date })),
        citations.map(({ url, domain, title, sentiment, datePublished }) => ({ url, domain, title, sentiment, date: datePublished })),
      );
      for (const { sentiment, sentimentScore } of scored) {
        if (sentiment === 'positive') assert.ok(sentimentScore > 0.2);
        if (sentiment === 'negative') assert.ok(sentimentScore < -0.2);
        if (sentiment === 'neutral') assert.ok(Math.abs(sentimentScore) <= 0.2);
      }
    });

    test('the summary counts the mood the citations show, and averages the top 100', async () => {
      const summary = (await paid('/v1/seo/content/summary', { keyword: KEYWORD }, 50_000)).body.data;
      const { positive, neutral, negative } = summary.sentimentDistribution;
      assert.equal(summary.keyword, KEYWORD);
      assert.equal(positive + neutral + negative, summary.totalCount);
      assert.ok(summary.totalCount >= 1000);

      const sample: Citation[] = (await app.post('/v1/seo/content/search', { keyword: KEYWORD, limit: 1000 }, apiKey)).body.data.results;
      for (const kind of ['positive', 'neutral', 'negative'] as const) {
        const sampleShare = sample.filter((result) => result.sentiment === kind).length / sample.length;
        const share = summary.sentimentDistribution[kind] / summary.totalCount;
        assert.ok(Math.abs(sampleShare - share) <= 0.002, `${kind}: ${sampleShare} in the citations, ${share} in the summary`);
      }
      const top = sample.slice(0, 100);
      assert.equal(summary.avgContentQualityScore, Math.round((top.reduce((sum, result) => sum + result.contentQualityScore, 0) / 100) * 100) / 100);
    });

    test('bad keywords and limits are refused, never charged', async () => {
      await refused('/v1/seo/content/search', { keyword: '   ' }, /^keyword: must not be empty/);
      await refused('/v1/seo/content/sentiment', { keyword: KEYWORD, limit: 1001 }, /^limit: must be at most 1000/);
      await refused('/v1/seo/content/summary', { keyword: KEYWORD, limit: 10 }, /^limit: unknown field/);
    });
  });

  describe('trends', () => {
    test('a year of weekly points, 100 at the peak of all series, one value per keyword', async () => {
      const keywords = ['coffee', 'espresso machine', 'french press'];
      const data = (await paid('/v1/seo/trends', { keywords, location: 'gb' }, 20_000)).body.data;
      assert.deepEqual(data.keywords, keywords);
      assert.equal(data.timeline.length, 52);
      data.timeline.forEach((point: { date: string; values: number[] }, index: number) => {
        assert.equal(new Date(`${point.date}T00:00:00Z`).getUTCDay(), 0, `${point.date} starts a week`);
        if (index > 0) assert.equal(Date.parse(point.date) - Date.parse(data.timeline[index - 1].date), 7 * 86_400_000);
        assert.equal(point.values.length, keywords.length);
        assert.ok(point.values.every((value) => Number.isInteger(value) && value >= 0 && value <= 100));
      });
      const last = data.timeline.at(-1).date;
      assert.ok(last <= '2026-10-31' && Date.parse('2026-10-31') - Date.parse(last) < 7 * 86_400_000, 'the last week holds the data month’s last day');
      assert.equal(Math.max(...data.timeline.flatMap((point: { values: number[] }) => point.values)), 100);
      const series = keywords.map((_, index) => data.timeline.map((point: { values: number[] }) => point.values[index]!));
      assert.deepEqual(data.averages, series.map((points) => Math.round(points.reduce((sum: number, value: number) => sum + value, 0) / points.length)));
    });

    test('interest follows the keyword’s monthly volumes', async () => {
      const { timeline } = (await paid('/v1/seo/trends', { keywords: [KEYWORD] }, 20_000)).body.data;
      const { trend } = keywordMetrics(KEYWORD);
      const byMonth = (month: string) => {
        const points = timeline.filter((point: { date: string }) => point.date.startsWith(month)).map((point: { values: number[] }) => point.values[0]!);
        return points.reduce((sum: number, value: number) => sum + value, 0) / points.length;
      };
      const busiest = trend.reduce((best, entry) => (entry.volume > best.volume ? entry : best));
      const quietest = trend.reduce((best, entry) => (entry.volume < best.volume ? entry : best));
      assert.ok(byMonth(busiest.month) > byMonth(quietest.month), `${busiest.month} busier than ${quietest.month}`);
    });

    test('1 to 5 keywords and a supported country, or a 400', async () => {
      await refused('/v1/seo/trends', { keywords: [] }, /^keywords: must have at least 1 item/);
      await refused('/v1/seo/trends', { keywords: ['a', 'b', 'c', 'd', 'e', 'f'] }, /^keywords: must have at most 5 items/);
      await refused('/v1/seo/trends', { keywords: ['coffee'], location: 'zz' }, /^location: is not a supported country/);
    });
  });

  describe('AI visibility', () => {
    test('the assistant answers with cited references', async () => {
      const data = (await paid('/v1/seo/ai/assistant', { keyword: 'best espresso machine', location: 'de' }, 50_000)).body.data;
      assert.equal(data.keyword, 'best espresso machine');
      assert.ok(data.response.includes('espresso machine'));
      assert.ok(data.references.length >= 3);
      for (const reference of data.references) assert.ok(URL.canParse(reference.url) && reference.title.length > 0);
      await refused('/v1/seo/ai/assistant', { keyword: 'x'.repeat(501) }, /^keyword: must be at most 500 characters long/);
    });

    test('mentions: billed 0.20 + 0.20 per 100 returned, paged by offset or token alike', async () => {
      const body = { target: [{ domain: 'example.com' }, { keyword: 'espresso machine', match_type: 'word_match' }], limit: 5 };
      const first = (await paid('/v1/seo/ai/llm-mentions', body, perResults(5, 0.2, 0.2))).body.data;
      assert.equal(first.platform, 'websearch');
      assert.equal(first.itemsCount, 5);
      assert.equal(first.mentions.length, 5);
      assert.equal(first.currentOffset, 0);
      assert.ok(first.totalCount > 10);
      assert.notEqual(first.searchAfterToken, '');
      const byToken = (await app.post('/v1/seo/ai/llm-mentions', { ...body, search_after_token: first.searchAfterToken }, apiKey)).body.data;
      const byOffset = (await app.post('/v1/seo/ai/llm-mentions', { ...body, offset: 5 }, apiKey)).body.data;
      assert.equal(byToken.currentOffset, 5);
      assert.deepEqual(byToken.mentions, byOffset.mentions);
      assert.notDeepEqual(byToken.mentions, first.mentions);
      for (const mention of first.mentions) {
        assert.equal(mention.platform, 'websearch');
        assert.equal(mention.locationCode, 2840);
        assert.equal(mention.monthlySearches.length, 12);
        assert.ok(mention.sources.length >= 2 && mention.question.length > 0);
      }
    });

    test('mentions: the last page says there is no next one', async () => {
      const body = { target: [{ keyword: 'espresso machine' }], platform: 'assistant', location_code: 2826, limit: 1000 };
      const data = (await app.post('/v1/seo/ai/llm-mentions', body, apiKey)).body.data;
      assert.ok(data.totalCount <= 1000, `${data.totalCount} mentions`);
      assert.equal(data.mentions.length, data.totalCount);
      assert.equal(data.searchAfterToken, '');
      assert.ok(data.mentions.every((mention: { platform: string; locationCode: number }) => mention.platform === 'assistant' && mention.locationCode === 2826));
    });

    test('mentions: filters and sort in the data provider’s syntax are accepted', async () => {
      const response = await app.post(
        '/v1/seo/ai/llm-mentions',
        {
          target: [{ domain: 'example.com', search_filter: 'include', search_scope: ['sources'], include_subdomains: true }],
          filters: [['ai_search_volume', '>', 100], 'and', [['question', 'ilike', '%best%'], 'or', ['platform', 'in', ['google', 'chat_gpt']]]],
          order_by: ['ai_search_volume,desc', 'last_response_at,asc'],
          tag: 'campaign-7',
          limit: 3,
        },
        apiKey,
      );
      assert.equal(response.status, 200, JSON.stringify(response.body));
    });

    test('mentions: malformed requests are a 400 naming the field, never charged', async () => {
      const path = '/v1/seo/ai/llm-mentions';
      const target = [{ domain: 'example.com' }];
      await refused(path, { target: [] }, /^target: must have at least 1 item/);
      await refused(path, { target: Array.from({ length: 11 }, (_, index) => ({ keyword: `k${index}` })) }, /^target: must have at most 10 items/);
      await refused(path, { target: [{ domain: 'example.com', keyword: 'coffee' }] }, /^target\[0\]\.domain: give exactly one of domain or keyword/);
      await refused(path, { target: [{}] }, /^target\[0\]\.domain: give exactly one of domain or keyword/);
      await refused(path, { target: [{ keyword: 'coffee', include_subdomains: true }] }, /^target\[0\]\.include_subdomains: applies to domain targets only/);
      await refused(path, { target: [{ domain: 'example.com', match_type: 'word_match' }] }, /^target\[0\]\.match_type: applies to keyword targets only/);
      await refused(path, { target, platform: 'chatbot' }, /^platform: must be one of/);
      await refused(path, { target, filters: [['ai_search_volume', '>>', 1]] }, /^filters\[0\]: the operator must be one of/);
      await refused(path, { target, filters: [['ai_search_volume', 'in', 5]] }, /^filters\[0\]: in takes a non-empty array/);
      await refused(path, { target, filters: [['question', 'like', 5]] }, /^filters\[0\]: like takes a string/);
      await refused(path, { target, filters: [['ai_search_volume', '=', 1], 'xor', ['location_code', '=', 2]] }, /^filters\[1\]: expected "and" or "or"/);
      await refused(path, { target, filters: [['ai_search_volume', '=', 1], 'and'] }, /^filters: conditions must alternate/);
      await refused(path, { target, filters: [['ai_search_volume', '=', 1], 'and', [['location_code', '=', 2], 'or', ['question', '=']]] }, /^filters\[2\]\[2\]: a condition is \[field, operator, value\]/);
      await refused(path, { target, filters: Array.from({ length: 17 }, (_, index) => (index % 2 === 0 ? ['ai_search_volume', '>', index] : 'and')) }, /^filters: at most 8 conditions \(got 9\)/);
      await refused(path, { target, order_by: ['ai_search_volume'] }, /^order_by\[0\]: must be "field,asc" or "field,desc"/);
      await refused(path, { target, order_by: ['a,asc', 'b,asc', 'c,asc', 'd,asc'] }, /^order_by: must have at most 3 items/);
      await refused(path, { target, offset: 9001 }, /^offset: must be at most 9000/);
      await refused(path, { target, limit: 0 }, /^limit: must be at least 1/);
      await refused(path, { target, tag: 'x'.repeat(256) }, /^tag: must be at most 255 characters long/);
      await refused(path, { target, location: 'xx' }, /^location: /);
    });
  });
});
