import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import OpenAI from 'openai';
import { startTestApp, testDatabaseLabel, type TestApp, type TestResponse } from '../helpers/test-app';

/** The sandbox providers as a client meets them: deterministic, coherent, exact in shape. */

const PROVIDER_BACKED: Array<{ path: string; body: Record<string, unknown> }> = [
  { path: '/v1/serp/websearch', body: { query: 'best running shoes', depth: 20 } },
  { path: '/v1/seo/serp', body: { query: 'coffee near me', depth: 10 } },
  { path: '/v1/seo/keywords/ideas', body: { keyword: 'espresso machine', limit: 100 } },
  { path: '/v1/seo/domain/available', body: { domains: ['tollgate-example.com', 'coffee.io', 'example.zz'] } },
];

interface SerpItem {
  position: number;
  type: string;
}

interface KeywordRecord {
  keyword: string;
  [metric: string]: unknown;
}

describe(`sandbox providers through HTTP (${testDatabaseLabel()})`, () => {
  let app: TestApp;
  let apiKey: string;

  before(async () => {
    app = await startTestApp({}, { TOLLGATE_RATE_LIMIT_PER_MINUTE: '100000' });
    ({ apiKey } = await app.createAccount('50.00'));
  });
  after(() => app?.close());

  async function ok(path: string, body: unknown): Promise<TestResponse> {
    const response = await app.post(path, body, apiKey);
    assert.equal(response.status, 200, `${path} ${JSON.stringify(body)}: ${JSON.stringify(response.body)}`);
    return response;
  }

  async function ideas(keyword: string, limit: number): Promise<KeywordRecord[]> {
    return (await ok('/v1/seo/keywords/ideas', { keyword, limit })).body.data.keywords;
  }

  async function refused(path: string, body: unknown): Promise<string> {
    const response = await app.post(path, body, apiKey);
    assert.equal(response.status, 400, JSON.stringify(response.body));
    assert.equal(response.body.error.code, 'VALIDATION_ERROR');
    return response.body.error.message;
  }

  describe('determinism', () => {
    for (const { path, body } of PROVIDER_BACKED) {
      test(`${path}: the same request twice gives identical data, labelled x-tollgate-provider: sandbox`, async () => {
        const first = await ok(path, body);
        const second = await ok(path, body);
        assert.deepEqual(second.body.data, first.body.data);
        assert.equal(first.headers.get('x-tollgate-provider'), 'sandbox');
        assert.equal(second.headers.get('x-tollgate-provider'), 'sandbox');
      });
    }

    test('a separately started app answers every provider-backed request with identical data', async () => {
      const other = await startTestApp({}, { TOLLGATE_RATE_LIMIT_PER_MINUTE: '100000' });
      try {
        const { apiKey: otherKey } = await other.createAccount('5.00');
        for (const { path, body } of PROVIDER_BACKED) {
          const here = await ok(path, body);
          const there = await other.post(path, body, otherKey);
          assert.equal(there.status, 200);
          assert.deepEqual(there.body.data, here.body.data, path);
        }
      } finally {
        await other.close();
      }
    });

    test('/v1/seo/serp and /v1/serp/websearch return identical data for the same body', async () => {
      for (const body of [{ query: 'best running shoes' }, { query: 'how to brew coffee', depth: 37 }, { query: 'buy laptop near me', depth: 100 }]) {
        const legacy = await ok('/v1/seo/serp', body);
        const current = await ok('/v1/serp/websearch', body);
        assert.deepEqual(legacy.body.data, current.body.data);
      }
    });
  });

  describe('SERP shape', () => {
    const queries = ['best running shoes', 'coffee near me', 'how to brew coffee', 'buy laptop', 'tea', 'pizza in seattle'];
    for (const depth of [1, 3, 9, 10, 11, 15, 37, 100]) {
      test(`depth ${depth}: exactly depth items, positions 1..depth, itemTypes = distinct types in order of first appearance`, async () => {
        for (const query of queries) {
          const data = (await ok('/v1/serp/websearch', { query, depth })).body.data as { itemTypes: string[]; results: SerpItem[] };
          assert.equal(data.results.length, depth, query);
          assert.deepEqual(data.results.map((result) => result.position), Array.from({ length: depth }, (_, index) => index + 1), query);
          assert.deepEqual(data.itemTypes, [...new Set(data.results.map((result) => result.type))], query);
        }
      });
    }
  });

  describe('keyword ideas', () => {
    for (const limit of [1, 50, 1000]) {
      test(`limit ${limit}: exactly ${limit} ideas, each keyword once`, async () => {
        const keywords = await ideas('coffee', limit);
        assert.equal(keywords.length, limit);
        assert.equal(new Set(keywords.map((idea) => idea.keyword)).size, limit);
      });
    }

    test("a keyword's metrics are the same whichever seed it was found from", async () => {
      const fromCoffee = await ideas('coffee', 1000);
      const fromBestCoffee = await ideas('best coffee', 1000);
      const byKeyword = new Map(fromBestCoffee.map((idea) => [idea.keyword, idea]));
      assert.ok(byKeyword.has('best coffee'), "ideas for 'best coffee' include the seed itself");
      const shared = fromCoffee.filter((idea) => byKeyword.has(idea.keyword));
      assert.ok(shared.some((idea) => idea.keyword === 'best coffee'), "ideas for 'coffee' include 'best coffee'");
      for (const idea of shared) {
        const other = byKeyword.get(idea.keyword)!;
        for (const metric of ['volume', 'cpc', 'difficulty', 'intent', 'trend']) {
          assert.deepEqual(other[metric], idea[metric], `${idea.keyword}: ${metric}`);
        }
        assert.deepEqual(other, idea, idea.keyword);
      }
    });
  });

  describe('domain availability', () => {
    test('one entry per domain, in the order sent', async () => {
      const domains = ['zeta-tollgate.org', 'alpha-tollgate.com', 'example.zz', 'mid-tollgate.io', 'b.net'];
      const data = (await ok('/v1/seo/domain/available', { domains })).body.data;
      assert.deepEqual(data.domains.map((entry: { domain: string }) => entry.domain), domains);
      const single = (await ok('/v1/seo/domain/available', { domain: 'alpha-tollgate.com' })).body.data;
      assert.deepEqual(single.domains, [data.domains[1]]);
    });

    test('an internationalised name is answered in its ASCII form, as the live registrar answers it', async () => {
      const data = (await ok('/v1/seo/domain/available', { domains: ['Пример.рф', 'Tollgate-Example.com'] })).body.data;
      assert.deepEqual(data.domains.map((entry: { domain: string }) => entry.domain), ['xn--e1afmkfd.xn--p1ai', 'tollgate-example.com']);
    });

    test('an unsupported TLD is an error entry while the call succeeds', async () => {
      const response = await ok('/v1/seo/domain/available', { domains: ['tollgate-example.com', 'example.zz'] });
      const [supported, unsupported] = response.body.data.domains;
      assert.equal(supported.error, undefined);
      assert.equal(unsupported.domain, 'example.zz');
      assert.equal(unsupported.available, false);
      assert.match(unsupported.error, /\.zz/);
    });

    test('accepts 50 domains and refuses 51, naming domains', async () => {
      const names = (count: number) => Array.from({ length: count }, (_, index) => `tollgate-example-${index}.com`);
      const fifty = await ok('/v1/seo/domain/available', { domains: names(50) });
      assert.equal(fifty.body.data.domains.length, 50);
      assert.match(await refused('/v1/seo/domain/available', { domains: names(51) }), /^domains: /);
    });

    test('refuses a domain with a protocol, naming domain', async () => {
      assert.match(await refused('/v1/seo/domain/available', { domain: 'https://example.com' }), /^domain: /);
      assert.match(await refused('/v1/seo/domain/available', { domains: ['example.com', 'http://example.org'] }), /^domains\[1\]: /);
    });

    test('refuses both domain and domains, and neither', async () => {
      assert.match(await refused('/v1/seo/domain/available', { domain: 'example.com', domains: ['example.org'] }), /\bdomains?\b/);
      assert.match(await refused('/v1/seo/domain/available', {}), /\bdomains?\b/);
    });
  });

  describe('models', () => {
    test('GET /v1/ai/models lists 71 models', async () => {
      const response = await app.get('/v1/ai/models', apiKey);
      assert.equal(response.status, 200);
      assert.equal(response.body.data.length, 71);
      assert.equal(new Set(response.body.data.map((model: { id: string }) => model.id)).size, 71);
    });

    test('the official openai SDK lists the same 71 models', async () => {
      const client = new OpenAI({ apiKey, baseURL: `${app.baseUrl}/v1/ai`, maxRetries: 0 });
      const ids: string[] = [];
      for await (const model of client.models.list()) ids.push(model.id);
      assert.equal(ids.length, 71);
      assert.ok(ids.includes('z-ai/glm-5'));
    });
  });
});
