import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Keyword, KeywordDifficulty, KeywordSearchIntent } from '../../src/schemas/keyword';
import { startTestApp, testDatabaseLabel, type TestApp, type TestResponse } from '../helpers/test-app';

/** The keyword endpoints on the sandbox, through HTTP: shapes, prices, coherence, request rules. */

type KeywordRecord = ReturnType<typeof Keyword.parse>;

/** 0.03 + 0.03 per 100 results, rounded up to the cent, in micro-USD. */
const perResultsMicros = (results: number) => Math.ceil((30_000 * 100 + 30_000 * results) / 1_000_000) * 10_000;

const words = (count: number, prefix: string) => Array.from({ length: count }, (_, index) => `${prefix} ${index + 1}`);

describe(`SEO keyword endpoints on the sandbox (${testDatabaseLabel()})`, () => {
  let app: TestApp;

  before(async () => {
    app = await startTestApp({}, { TOLLGATE_RATE_LIMIT_PER_MINUTE: '100000' });
  });
  after(() => app?.close());

  const paid = (path: string, body: unknown) => app.paidCall(path, body);

  async function data(path: string, body: unknown) {
    return (await paid(path, body)).response.body.data;
  }

  /** A 400 VALIDATION_ERROR whose message matches, with the balance untouched. */
  async function refused(path: string, body: unknown, message: RegExp): Promise<void> {
    const { accountId, apiKey } = await app.createAccount('10.00');
    const response = await app.post(path, body, apiKey);
    assert.equal(response.status, 400, `${path} ${JSON.stringify(body).slice(0, 200)}: ${JSON.stringify(response.body)}`);
    assert.equal(response.body.error.code, 'VALIDATION_ERROR');
    assert.match(response.body.error.message, message);
    assert.equal(await app.balance(accountId), 10_000_000);
  }

  describe('POST /v1/seo/keywords', () => {
    test('one Keyword record per distinct keyword, in the order sent, case-insensitively deduplicated', async () => {
      const body = { keywords: ['Running Shoes', 'coffee grinder', '  running   shoes ', 'COFFEE GRINDER', 'green tea'] };
      const records: KeywordRecord[] = await data('/v1/seo/keywords', body);
      assert.ok(Array.isArray(records), 'data is the array of records');
      assert.deepEqual(records.map((record) => record.keyword), ['running shoes', 'coffee grinder', 'green tea']);
      for (const record of records) {
        assert.ok(Keyword.safeParse(record).success, JSON.stringify(record));
        assert.equal(record.trend.length, 12);
        assert.ok(record.serpFeatures.includes('organic'));
        assert.ok(record.totalResults > 0 && record.volume > 0);
      }
    });

    test('costs 0.15 whatever the number of keywords', async () => {
      assert.equal((await paid('/v1/seo/keywords', { keywords: ['coffee'] })).cost, 150_000);
      const hundred = await paid('/v1/seo/keywords', { keywords: words(100, 'coffee shop') });
      assert.equal(hundred.response.body.data.length, 100);
      assert.equal(hundred.cost, 150_000);
    });

    test('filters and sort apply to the returned list', async () => {
      const keywords = [...words(40, 'best espresso machine'), 'buy espresso machine', 'how to descale espresso machine', 'espresso machine near me'];
      const all: KeywordRecord[] = await data('/v1/seo/keywords', { keywords });
      const filtered: KeywordRecord[] = await data('/v1/seo/keywords', {
        keywords,
        filters: [{ field: 'volume', op: '>=', value: 50 }, { field: 'keyword', op: 'like', value: 'ESPRESSO' }, { field: 'words', op: '<=', value: 4 }],
        sort: ['cpc:asc', 'keyword:desc'],
      });
      const expected = all
        .filter((record) => record.volume >= 50 && record.keyword.split(' ').length <= 4)
        .sort((a, b) => a.cpc - b.cpc || (a.keyword < b.keyword ? 1 : -1));
      assert.ok(expected.length > 0 && expected.length < all.length, `a filter that keeps some (${expected.length} of ${all.length})`);
      assert.deepEqual(filtered, expected);

      const anyOf: KeywordRecord[] = await data('/v1/seo/keywords', {
        keywords,
        match: 'any',
        filters: [{ field: 'intent', op: '=', value: 'TRANSACTIONAL' }, { field: 'intent', op: '=', value: 'informational' }],
      });
      assert.deepEqual(anyOf, all.filter((record) => record.intent === 'transactional' || record.intent === 'informational'));
    });
  });

  describe('seed endpoints: /ideas and /related', () => {
    test('related: exactly limit keywords, highest volume first, never the seed, different from the ideas', async () => {
      for (const [keyword, limit] of [['espresso machine', 1000], ['zorblax', 1000], ['running shoes', 7]] as const) {
        const related = (await data('/v1/seo/keywords/related', { keyword, limit })) as { seed: string; keywords: KeywordRecord[] };
        assert.equal(related.seed, keyword);
        assert.equal(related.keywords.length, limit, keyword);
        assert.equal(new Set(related.keywords.map((record) => record.keyword)).size, limit, 'distinct');
        assert.ok(!related.keywords.some((record) => record.keyword === keyword), 'the seed is not related to itself');
        const volumes = related.keywords.map((record) => record.volume);
        assert.deepEqual(volumes, [...volumes].sort((a, b) => b - a));
        for (const record of related.keywords) assert.ok(Keyword.safeParse(record).success);
      }
      const ideas = (await data('/v1/seo/keywords/ideas', { keyword: 'espresso machine', limit: 100 })).keywords as KeywordRecord[];
      const related = (await data('/v1/seo/keywords/related', { keyword: 'espresso machine', limit: 100 })).keywords as KeywordRecord[];
      const shared = related.filter((record) => ideas.some((idea) => idea.keyword === record.keyword));
      assert.ok(shared.length < 10, `related keywords come from another generator (${shared.length} shared with ideas)`);
    });

    test('related: filters apply before the limit, and still fill it', async () => {
      const related = (await data('/v1/seo/keywords/related', {
        keyword: 'coffee',
        limit: 30,
        filters: [{ field: 'words', op: '>=', value: 4 }, { field: 'intent', op: 'in', value: ['informational'] }, { field: 'length', op: '<', value: 30 }],
        sort: ['difficulty:asc'],
      })).keywords as KeywordRecord[];
      assert.equal(related.length, 30);
      for (const record of related) {
        assert.ok(record.keyword.split(' ').length >= 4 && record.keyword.length < 30 && record.intent === 'informational', record.keyword);
      }
      const difficulties = related.map((record) => record.difficulty);
      assert.deepEqual(difficulties, [...difficulties].sort((a, b) => a - b));
    });

    test('related and ideas are billed 0.03 + 0.03 per 100 returned', async () => {
      for (const [path, limit] of [['/v1/seo/keywords/related', 250], ['/v1/seo/keywords/related', 1], ['/v1/seo/keywords/ideas', 500]] as const) {
        const { response, cost } = await paid(path, { keyword: 'green tea', limit });
        assert.equal(response.body.data.keywords.length, limit);
        assert.equal(cost, perResultsMicros(limit), `${path} limit ${limit}`);
      }
      assert.equal(perResultsMicros(250), 110_000);
    });

    test('related: a narrow filter returns what exists, billed on that', async () => {
      const { response, cost } = await paid('/v1/seo/keywords/related', {
        keyword: 'green tea',
        limit: 1000,
        filters: [{ field: 'keyword', op: 'like', value: 'recycle' }],
      });
      const found = response.body.data.keywords as KeywordRecord[];
      assert.ok(found.length > 0 && found.length < 20, `${found.length}`);
      assert.ok(found.every((record) => record.keyword.includes('recycle')));
      assert.equal(cost, perResultsMicros(found.length));
    });
  });

  describe('/difficulty, /intent, /overview', () => {
    test('difficulty: one row per distinct keyword in order; 250 keywords cost 0.11', async () => {
      const keywords = words(250, 'trail running shoes');
      const { response, cost } = await paid('/v1/seo/keywords/difficulty', { keywords: [...keywords, 'TRAIL RUNNING SHOES 1'] });
      const rows = response.body.data.keywords as Array<{ keyword: string; difficulty: number }>;
      assert.deepEqual(rows.map((row) => row.keyword), keywords);
      for (const row of rows) assert.ok(KeywordDifficulty.safeParse(row).success, JSON.stringify(row));
      assert.equal(cost, 110_000);
    });

    test('intent: main intent with its probability and weaker secondary intents', async () => {
      const keywords = ['buy running shoes', 'how to clean running shoes', 'best running shoes', 'nike login', 'running shoes'];
      const { response, cost } = await paid('/v1/seo/keywords/intent', { keywords });
      const rows = response.body.data.keywords as Array<ReturnType<typeof KeywordSearchIntent.parse>>;
      assert.deepEqual(rows.map((row) => row.keyword), keywords);
      assert.deepEqual(rows.map((row) => row.intent), ['transactional', 'informational', 'commercial', 'navigational', 'commercial']);
      for (const row of rows) {
        assert.ok(KeywordSearchIntent.safeParse(row).success, JSON.stringify(row));
        assert.ok(row.probability >= 0.5, `${row.keyword}: the main intent is the likely one`);
        let previous = row.probability;
        for (const secondary of row.secondaryIntents) {
          assert.notEqual(secondary.intent, row.intent);
          assert.ok(secondary.probability < previous, `${row.keyword}: secondary intents are weaker, in decreasing order`);
          previous = secondary.probability;
        }
      }
      assert.equal(cost, 40_000);
    });

    test('overview: full records with a 12-month trend ending at the data month, oldest first', async () => {
      const keywords = words(120, 'standing desk');
      const { response, cost } = await paid('/v1/seo/keywords/overview', { keywords, location: 'GB', language: 'en' });
      const records = response.body.data.keywords as KeywordRecord[];
      assert.deepEqual(records.map((record) => record.keyword), keywords);
      for (const record of records) {
        assert.ok(Keyword.safeParse(record).success);
        assert.equal(record.trend.length, 12);
        assert.equal(record.trend[0]!.month, '2025-11');
        assert.equal(record.trend[11]!.month, '2026-10');
      }
      assert.equal(cost, perResultsMicros(120));
    });
  });

  test('a keyword has the same metrics on every keyword endpoint', async () => {
    const ideas = (await data('/v1/seo/keywords/ideas', { keyword: 'espresso machine', limit: 20 })).keywords as KeywordRecord[];
    const related = (await data('/v1/seo/keywords/related', { keyword: 'espresso machine', limit: 20 })).keywords as KeywordRecord[];
    const sample = [...ideas.slice(0, 5), ...related.slice(0, 5)];
    const keywords = sample.map((record) => record.keyword);
    const research: KeywordRecord[] = await data('/v1/seo/keywords', { keywords });
    const overview = (await data('/v1/seo/keywords/overview', { keywords })).keywords as KeywordRecord[];
    const difficulty = (await data('/v1/seo/keywords/difficulty', { keywords })).keywords as Array<{ keyword: string; difficulty: number }>;
    const intent = (await data('/v1/seo/keywords/intent', { keywords })).keywords as Array<{ keyword: string; intent: string }>;
    assert.deepEqual(research, sample);
    assert.deepEqual(overview, sample);
    assert.deepEqual(difficulty, sample.map((record) => ({ keyword: record.keyword, difficulty: record.difficulty })));
    assert.deepEqual(intent.map((row) => [row.keyword, row.intent]), sample.map((record) => [record.keyword, record.intent]));
    // Letter case and spacing do not make another keyword.
    const shouted: KeywordRecord[] = await data('/v1/seo/keywords', { keywords: keywords.map((keyword) => ` ${keyword.toUpperCase().replace(/ /g, '  ')}`) });
    assert.deepEqual(shouted, sample);
  });

  test("a keyword's SERP features are the result types its web page shows (depth 100)", async () => {
    const keywords = ['running shoes', 'coffee in berlin', 'how to make cold brew', 'what is inflation', 'chocolate cake recipe', 'buy laptop'];
    const records: KeywordRecord[] = await data('/v1/seo/keywords', { keywords });
    for (const record of records) {
      const { itemTypes } = await data('/v1/serp/websearch', { query: record.keyword, depth: 100 });
      assert.deepEqual(record.serpFeatures, itemTypes, record.keyword);
    }
  });

  describe('request rules: 400 naming the field, nothing charged', () => {
    const listEndpoints = [
      { path: '/v1/seo/keywords', max: 100 },
      { path: '/v1/seo/keywords/overview', max: 700 },
      { path: '/v1/seo/keywords/difficulty', max: 1000 },
      { path: '/v1/seo/keywords/intent', max: 1000 },
    ];

    for (const { path, max } of listEndpoints) {
      test(`${path}: keywords required, 1 to ${max}, each non-empty and at most 80 characters`, async () => {
        await refused(path, {}, /^keywords: is required/);
        await refused(path, { keywords: 'coffee' }, /^keywords: must be an array/);
        await refused(path, { keywords: [] }, /^keywords: must have at least 1 item/);
        await refused(path, { keywords: words(max + 1, 'coffee') }, new RegExp(`^keywords: must have at most ${max} items`));
        await refused(path, { keywords: ['coffee', 'tea', 'milk', '   '] }, /^keywords\[3\]: must not be empty/);
        await refused(path, { keywords: ['coffee', 'c'.repeat(81)] }, /^keywords\[1\]: must be at most 80 characters long/);
        await refused(path, { keywords: ['coffee', 42] }, /^keywords\[1\]: must be a string/);
        await refused(path, { keywords: ['coffee'], language: 'English' }, /^language: must be an ISO language code/);
        await refused(path, { keywords: ['coffee', 'a\u0000b'] }, /^keywords\[1\]: must be one line of text without control characters/);
        await refused(path, { keywords: ['coffee\nbeans'] }, /^keywords\[0\]: must be one line of text without control characters/);
      });
    }

    test('a language that is no language, or a region that is no region, is refused', async () => {
      for (const [path, body] of [['/v1/seo/keywords/ideas', { keyword: 'coffee' }], ['/v1/seo/keywords/related', { keyword: 'coffee' }], ['/v1/seo/serp', { query: 'coffee' }]] as const) {
        await refused(path, { ...body, language: 'xx' }, /^language: is not a known language code/);
        await refused(path, { ...body, language: 'en-XX' }, /^language: is not a known language code/);
      }
      // Real languages, with the region variants the SEO data vendor takes.
      for (const language of ['de', 'zh-TW', 'pt-BR']) assert.equal((await paid('/v1/seo/keywords/ideas', { keyword: 'coffee', limit: 5, language })).response.status, 200, language);
    });

    test('location is a supported two-letter country (location_code is not accepted where location is)', async () => {
      for (const path of ['/v1/seo/keywords', '/v1/seo/keywords/overview', '/v1/seo/keywords/difficulty']) {
        await refused(path, { keywords: ['coffee'], location: 'usa' }, /^location: must be a two-letter country code/);
        await refused(path, { keywords: ['coffee'], location: 'zz' }, /^location: is not a supported country code/);
        await refused(path, { keywords: ['coffee'], location_code: 2840 }, /^location_code: unknown field/);
      }
      await refused('/v1/seo/keywords/intent', { keywords: ['coffee'], location: 'us' }, /^location: unknown field/);
    });

    test('seed endpoints: keyword required, limit 1 to 1000, numeric location_code', async () => {
      for (const path of ['/v1/seo/keywords/ideas', '/v1/seo/keywords/related']) {
        await refused(path, { limit: 10 }, /^keyword: is required/);
        await refused(path, { keyword: '  ' }, /^keyword: must not be empty/);
        await refused(path, { keyword: 'k'.repeat(81) }, /^keyword: must be at most 80 characters long/);
        await refused(path, { keyword: 'cof\u0007fee' }, /^keyword: must be one line of text without control characters/);
        await refused(path, { keyword: 'coffee', limit: 0 }, /^limit: must be at least 1/);
        await refused(path, { keyword: 'coffee', limit: 1001 }, /^limit: must be at most 1000/);
        await refused(path, { keyword: 'coffee', limit: 2.5 }, /^limit: must be a whole number/);
        await refused(path, { keyword: 'coffee', location_code: 'us' }, /^location_code: must be a number/);
        await refused(path, { keyword: 'coffee', location: 'us' }, /^location: unknown field/);
      }
    });

    test('words or length mixed with provider fields under match any: 400 on the endpoints that filter upstream', async () => {
      const mixes = [
        [{ field: 'words', op: '>', value: 2 }, { field: 'volume', op: '>', value: 10 }],
        [{ field: 'keyword', op: 'like', value: 'coffee' }, { field: 'length', op: '<', value: 30 }],
      ];
      const bodies: Array<[string, Record<string, unknown>]> = [
        ['/v1/seo/keywords/ideas', { keyword: 'coffee' }],
        ['/v1/seo/keywords/related', { keyword: 'coffee' }],
      ];
      for (const [path, body] of bodies) {
        for (const filters of mixes) await refused(path, { ...body, match: 'any', filters }, /^match: 'any' cannot combine words or length/);
        // Only words and length under any, or the same mix under all, is fine.
        const { response } = await paid(path, { ...body, match: 'any', filters: [mixes[0]![0], mixes[1]![1]] });
        assert.equal(response.status, 200);
        assert.equal((await paid(path, { ...body, match: 'all', filters: mixes[0] })).response.status, 200);
      }
    });

    test('/v1/seo/keywords filters the returned list itself: words or length mix with any field under match any', async () => {
      const keywords = ['coffee', 'coffee beans', 'best coffee beans online', 'espresso'];
      const all = (await paid('/v1/seo/keywords', { keywords })).response.body.data as Array<{ keyword: string; volume: number }>;
      const volumeOf = (keyword: string) => all.find((record) => record.keyword === keyword)!.volume;
      const threshold = volumeOf('espresso');
      const { response } = await paid('/v1/seo/keywords', {
        keywords,
        match: 'any',
        filters: [{ field: 'words', op: '>', value: 2 }, { field: 'volume', op: '>=', value: threshold }],
      });
      const expected = keywords.filter((keyword) => keyword.split(' ').length > 2 || volumeOf(keyword) >= threshold);
      assert.deepEqual(response.body.data.map((record: { keyword: string }) => record.keyword), expected);
      assert.ok(expected.includes('best coffee beans online') && expected.includes('espresso'));
    });
  });
});
