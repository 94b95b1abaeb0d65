import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApp, testDatabaseLabel, type TestApp } from '../helpers/test-app';

/** /v1/seo/ai/llm-mentions on the sandbox: filters and order_by applied to the mentions, billed on what is returned. */

const PATH = '/v1/seo/ai/llm-mentions';
const TARGET = [{ domain: 'example.com' }];

interface Mention {
  question: string;
  aiSearchVolume: number;
  firstResponseAt: string;
  sources: Array<{ domain: string }>;
  fanOutQueries: string[];
  brandEntities: Array<{ category: string }>;
}

/** The endpoint's price rule: $0.20 + $0.20 per 100 mentions returned, up to the cent, in micro-USD. */
function priceOf(mentions: number): number {
  return Math.ceil(20 + 0.2 * mentions - 1e-9) * 10_000;
}

describe(`LLM mentions: filters and order_by on the sandbox (${testDatabaseLabel()})`, () => {
  let app: TestApp;
  let apiKey: string;
  let accountId: string;
  /** Every mention of example.com, unfiltered, in population order (192 of them). */
  let population: Mention[];

  before(async () => {
    app = await startTestApp({}, { TOLLGATE_RATE_LIMIT_PER_MINUTE: '100000' });
    ({ apiKey, accountId } = await app.createAccount('50.00'));
    const all = (await app.post(PATH, { target: TARGET, limit: 1000 }, apiKey)).body.data;
    population = all.mentions;
    assert.equal(population.length, all.totalCount);
    assert.ok(population.length > 100 && population.length < 1000, `${population.length} mentions`);
  });
  after(() => app?.close());

  /** The mentions of example.com that `filters` keep, checking the count, the page and the exact charge. */
  async function filtered(filters: unknown, expected: (mention: Mention) => boolean): Promise<Mention[]> {
    const { response, cost } = await app.paidCall(PATH, { target: TARGET, filters, limit: 1000 });
    const data = response.body.data;
    const wanted = population.filter(expected);
    assert.deepEqual(data.mentions, wanted, JSON.stringify(filters));
    assert.equal(data.totalCount, wanted.length);
    assert.equal(data.itemsCount, wanted.length);
    assert.equal(data.searchAfterToken, '');
    assert.equal(cost, priceOf(wanted.length), `${JSON.stringify(filters)} cost`);
    return data.mentions;
  }

  async function refused(body: Record<string, unknown>, message: RegExp): Promise<void> {
    const before = await app.balance(accountId);
    const response = await app.post(PATH, { target: TARGET, ...body }, apiKey);
    assert.equal(response.status, 400, `${JSON.stringify(body)}: ${JSON.stringify(response.body)}`);
    assert.equal(response.body.error.code, 'VALIDATION_ERROR');
    assert.match(response.body.error.message, message);
    assert.equal(await app.balance(accountId), before, 'a refused call is not charged');
  }

  test('a filter nothing passes: no mentions, charged the base price only', async () => {
    const { response, cost } = await app.paidCall(PATH, { target: TARGET, filters: [['ai_search_volume', '>', 1_000_000_000]], limit: 1000 });
    assert.deepEqual(response.body.data, { platform: 'websearch', totalCount: 0, itemsCount: 0, currentOffset: 0, searchAfterToken: '', mentions: [] });
    assert.equal(cost, 200_000);
    assert.equal(response.headers.get('x-cost-usd'), '0.20');
  });

  test('numeric conditions keep exactly the mentions that pass, billed on those', async () => {
    const kept = await filtered([['ai_search_volume', '>', 10_000]], (mention) => mention.aiSearchVolume > 10_000);
    assert.ok(kept.length > 0 && kept.length < population.length);
    await filtered([['ai_search_volume', '<=', 10_000]], (mention) => mention.aiSearchVolume <= 10_000);
    const volume = population[7]!.aiSearchVolume;
    await filtered([['ai_search_volume', '=', volume]], (mention) => mention.aiSearchVolume === volume);
    await filtered([['ai_search_volume', '<>', volume]], (mention) => mention.aiSearchVolume !== volume);
    await filtered([['ai_search_volume', 'in', [volume, 1]]], (mention) => mention.aiSearchVolume === volume);
  });

  test('text operators: like is case-sensitive with % and _, ilike is not, match takes whole words, in lists values', async () => {
    assert.equal((await filtered([['question', 'like', '%WORTH%']], () => false)).length, 0);
    const worth = await filtered([['question', 'ilike', '%WORTH%']], (mention) => mention.question.includes('worth'));
    assert.ok(worth.length > 0);
    await filtered([['question', 'like', 'is _xample worth it']], (mention) => mention.question === 'is Example worth it');
    await filtered([['question', 'not_ilike', '%worth%']], (mention) => !mention.question.includes('worth'));
    await filtered([['question', 'match', 'WORTH it']], (mention) => mention.question.includes('worth it'));
    await filtered([['question', 'match', 'wort']], () => false);
    await filtered([['question', 'not_match', 'example reviews']], (mention) => mention.question !== 'Example reviews');
    const listed = ['Example alternatives', 'Example reviews'];
    await filtered([['question', 'in', listed]], (mention) => listed.includes(mention.question));
    await filtered([['question', 'not_in', listed]], (mention) => !listed.includes(mention.question));
    await filtered([['first_response_at', '>=', '2026-06-01']], (mention) => mention.firstResponseAt >= '2026-06-01');
  });

  test('list fields pass when any value does; negated operators when none does', async () => {
    await filtered([['fan_out_queries', 'ilike', '%price%']], (mention) => mention.fanOutQueries.some((query) => query.includes('price')));
    await filtered([['fan_out_queries', 'not_ilike', '%price%']], (mention) => !mention.fanOutQueries.some((query) => query.includes('price')));
    await filtered([['sources.domain', '=', 'example.com']], (mention) => mention.sources.some((source) => source.domain === 'example.com'));
    await filtered([['brand_entities.category', '<>', 'Media']], (mention) => !mention.brandEntities.some((entity) => entity.category === 'Media'));
  });

  test('"and" binds tighter than "or"; groups nest', async () => {
    await filtered(
      [['ai_search_volume', '>', 15_000], 'or', ['question', '=', 'Example reviews'], 'and', ['ai_search_volume', '<', 5_000]],
      (mention) => mention.aiSearchVolume > 15_000 || (mention.question === 'Example reviews' && mention.aiSearchVolume < 5_000),
    );
    await filtered(
      [[['ai_search_volume', '>', 15_000], 'or', ['question', '=', 'Example reviews']], 'and', ['ai_search_volume', '<', 18_000]],
      (mention) => (mention.aiSearchVolume > 15_000 || mention.question === 'Example reviews') && mention.aiSearchVolume < 18_000,
    );
  });

  test('order_by sorts the result set, asc and desc, a single string as one rule, later rules breaking ties', async () => {
    const volumes = population.map((mention) => mention.aiSearchVolume);
    const read = async (order_by: unknown) => {
      const { response, cost } = await app.paidCall(PATH, { target: TARGET, order_by, limit: 1000 });
      assert.equal(cost, priceOf(population.length));
      assert.equal(response.body.data.totalCount, population.length);
      return response.body.data.mentions as Mention[];
    };
    const ascending = await read(['ai_search_volume,asc']);
    assert.deepEqual(ascending.map((mention) => mention.aiSearchVolume), [...volumes].sort((first, second) => first - second));
    const descending = await read(['ai_search_volume,desc']);
    assert.deepEqual(descending.map((mention) => mention.aiSearchVolume), [...volumes].sort((first, second) => second - first));
    assert.deepEqual(await read('ai_search_volume,desc'), descending);
    const byQuestion = await read(['question,asc', 'ai_search_volume,desc']);
    const expected = [...population].sort((first, second) => (first.question < second.question ? -1 : first.question > second.question ? 1 : second.aiSearchVolume - first.aiSearchVolume));
    assert.deepEqual(byQuestion, expected);
  });

  test('pages walk the filtered, sorted set by offset or token alike', async () => {
    const query = { target: TARGET, filters: [['ai_search_volume', '>', 5_000]], order_by: 'ai_search_volume,desc' };
    const whole = (await app.post(PATH, { ...query, limit: 1000 }, apiKey)).body.data;
    assert.ok(whole.totalCount > 20);
    const first = (await app.paidCall(PATH, { ...query, limit: 10 })).response.body.data;
    assert.equal(first.totalCount, whole.totalCount);
    assert.deepEqual(first.mentions, whole.mentions.slice(0, 10));
    const byToken = (await app.post(PATH, { ...query, limit: 10, search_after_token: first.searchAfterToken }, apiKey)).body.data;
    const byOffset = (await app.post(PATH, { ...query, limit: 10, offset: 10 }, apiKey)).body.data;
    assert.equal(byToken.currentOffset, 10);
    assert.deepEqual(byToken.mentions, whole.mentions.slice(10, 20));
    assert.deepEqual(byOffset.mentions, byToken.mentions);
    const last = (await app.post(PATH, { ...query, limit: 10, offset: whole.totalCount - 3 }, apiKey)).body.data;
    assert.equal(last.itemsCount, 3);
    assert.equal(last.searchAfterToken, '');
  });

  test('a filtered or sorted population is read up to its first 10,000 mentions', async () => {
    const target = [{ domain: 'amazon.com' }, { keyword: 'shoes' }];
    const unfiltered = (await app.post(PATH, { target, limit: 1 }, apiKey)).body.data;
    assert.ok(unfiltered.totalCount > 10_000, `${unfiltered.totalCount} mentions`);
    const { response, cost } = await app.paidCall(PATH, { target, filters: [['ai_search_volume', '>=', 0]], limit: 1 });
    assert.equal(response.body.data.totalCount, 10_000);
    assert.equal(cost, priceOf(1));
  });

  test('a filter or sort on what the mentions do not hold is a 400 naming its place, never charged', async () => {
    await refused({ filters: [['volume', '>', 1]] }, /^filters\[0\]: "volume" is not a mention field; these are: platform, model_name, /);
    await refused({ filters: [['ai_search_volume', '>', 1], 'and', [['question', 'like', '%a%'], 'or', ['monthly_searches.search_volume', '>', 1]]] }, /^filters\[2\]\[2\]: "monthly_searches.search_volume" is not a mention field/);
    await refused({ filters: [['aiSearchVolume', '>', 1]] }, /^filters\[0\]: "aiSearchVolume" is not a mention field/);
    await refused({ filters: [['ai_search_volume', 'like', '%1%']] }, /^filters\[0\]: like applies to text fields, and ai_search_volume is a number/);
    await refused({ filters: [['ai_search_volume', '>', '1000']] }, /^filters\[0\]: > takes a number/);
    await refused({ filters: [['question', '=', 5]] }, /^filters\[0\]: = takes a string/);
    await refused({ filters: [['question', 'in', ['a', 1]]] }, /^filters\[0\]: in takes a non-empty array of strings/);
    await refused({ order_by: ['ai_search_volume,desc', 'volume,asc'] }, /^order_by\[1\]: "volume" is not a mention field; these sort: platform, model_name, /);
    await refused({ order_by: 'fan_out_queries,asc' }, /^order_by: fan_out_queries is a list and cannot sort/);
    // Groups nested thousands deep (a few KB of brackets) are refused at the ninth level, not walked to a stack overflow (a 500).
    let deep: unknown = ['ai_search_volume', '>', 1];
    for (let level = 0; level < 3_000; level += 1) deep = [deep];
    await refused({ filters: deep as unknown[] }, /^filters(\[0\]){8}: groups nest at most 8 deep/);
    await refused({ order_by: 'ai_search_volume' }, /^order_by: must be "field,asc" or "field,desc"/);
  });
});
