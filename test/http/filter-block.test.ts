import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import type { EndpointDefinition } from '../../src/core/define-endpoint';
import { endpoints } from '../../src/endpoints';
import type { Providers } from '../../src/providers/providers';
import { sandboxProviders } from '../../src/providers/sandbox';
import { startTestApp, testDatabaseLabel, type TestApp } from '../helpers/test-app';

/**
 * The keyword filter language, registry-wide: every endpoint that takes the filter block (found
 * from its declared input, not from a list) refuses the same bad blocks the same way — 400
 * VALIDATION_ERROR naming the filter or rule, before any provider is called, never charged.
 */

function takesFilterBlock(endpoint: EndpointDefinition): boolean {
  const schema = z.toJSONSchema(endpoint.input, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, unknown> };
  return ['filters', 'match', 'sort'].every((field) => schema.properties?.[field] !== undefined);
}

const filterEndpoints = endpoints.filter(takesFilterBlock);

/** Endpoints whose every filter applies to the list they return (none goes upstream): SPEC's 400 for mixing words or length with upstream fields under match any does not apply. */
const FILTERS_LOCALLY = new Set(['/v1/seo/keywords']);

const BAD_BLOCKS: Array<{ why: string; block: Record<string, unknown>; message: RegExp; upstreamOnly?: true }> = [
  { why: 'unknown field', block: { filters: [{ field: 'colour', op: '=', value: 'red' }] }, message: /^filters\[0\]\.field: / },
  { why: 'unknown operator', block: { filters: [{ field: 'volume', op: '=~', value: 1 }] }, message: /^filters\[0\]\.op: / },
  { why: 'like on a numeric field', block: { filters: [{ field: 'volume', op: 'like', value: 'x' }] }, message: /^filters\[0\]\.op: / },
  { why: 'text value for a numeric field', block: { filters: [{ field: 'cpc', op: '>', value: 'cheap' }] }, message: /^filters\[0\]\.value: / },
  { why: 'in without an array', block: { filters: [{ field: 'volume', op: 'in', value: 5 }] }, message: /^filters\[0\]\.value: / },
  { why: 'the index of the bad filter', block: { filters: [{ field: 'volume', op: '>', value: 10 }, { field: 'intent', op: '>', value: 2 }] }, message: /^filters\[1\]\./ },
  { why: 'a filter without value', block: { filters: [{ field: 'volume', op: '>' }] }, message: /^filters\[0\]\.value: / },
  { why: 'more than 8 filters', block: { filters: Array.from({ length: 9 }, () => ({ field: 'volume', op: '>', value: 1 })) }, message: /^filters: / },
  { why: 'an unknown match', block: { match: 'either' }, message: /^match: / },
  { why: 'more than 3 sort rules', block: { sort: ['volume:desc', 'cpc:asc', 'difficulty:desc', 'competition:asc'] }, message: /^sort: / },
  { why: 'sorting on words', block: { sort: ['words:asc'] }, message: /^sort\[0\]: / },
  { why: 'sorting on length', block: { sort: ['length:desc'] }, message: /^sort\[0\]: / },
  { why: 'a bad sort direction', block: { sort: ['volume:up'] }, message: /^sort\[0\]: / },
  { why: 'an unknown sort field', block: { sort: ['colour:asc'] }, message: /^sort\[0\]: / },
  {
    why: 'words mixed with an upstream field under match any',
    block: { match: 'any', filters: [{ field: 'words', op: '>', value: 2 }, { field: 'volume', op: '>', value: 10 }] },
    message: /^match: /,
    upstreamOnly: true,
  },
  {
    why: 'length mixed with an upstream field under match any',
    block: { match: 'any', filters: [{ field: 'keyword', op: 'like', value: 'shoe' }, { field: 'length', op: '<', value: 30 }] },
    message: /^match: /,
    upstreamOnly: true,
  },
];

/** The sandbox, recording every provider method called. */
function recordingProviders(calls: string[]): Providers {
  return Object.fromEntries(
    Object.entries(sandboxProviders).map(([family, provider]) => [
      family,
      new Proxy(provider, {
        get(target, property, receiver) {
          const value = Reflect.get(target, property, receiver);
          if (typeof value !== 'function') return value;
          return (...args: unknown[]) => {
            calls.push(`${family}.${String(property)}`);
            return value.apply(target, args);
          };
        },
      }),
    ]),
  ) as unknown as Providers;
}

describe(`the filter block on every endpoint that takes it (${testDatabaseLabel()})`, () => {
  let app: TestApp;
  const providerCalls: string[] = [];

  before(async () => {
    app = await startTestApp({ providers: recordingProviders(providerCalls) }, { TOLLGATE_RATE_LIMIT_PER_MINUTE: '100000' });
  });
  after(() => app.close());

  test('the filter-block endpoints are found from the registry', () => {
    assert.ok(filterEndpoints.some((endpoint) => endpoint.path === '/v1/seo/keywords/ideas'), filterEndpoints.map((endpoint) => endpoint.path).join(', '));
  });

  for (const endpoint of filterEndpoints) {
    test(`${endpoint.id} (${endpoint.path}): every bad block is a 400 naming it, uncharged, nothing fetched`, async () => {
      const { accountId, apiKey } = await app.createAccount('5.00');
      const base = endpoint.examples.request as Record<string, unknown>;
      for (const { why, block, message, upstreamOnly } of BAD_BLOCKS) {
        if (upstreamOnly && FILTERS_LOCALLY.has(endpoint.path)) continue;
        providerCalls.length = 0;
        const body = { ...base, filters: undefined, match: undefined, sort: undefined, ...block };
        const response = await app.post(endpoint.path, JSON.parse(JSON.stringify(body)), apiKey);
        assert.equal(response.status, 400, `${why}: ${JSON.stringify(response.body)}`);
        assert.equal(response.body.error.code, 'VALIDATION_ERROR', why);
        assert.match(response.body.error.message, message, why);
        assert.deepEqual(providerCalls, [], `${why}: a provider was called`);
      }
      assert.equal(await app.balance(accountId), 5_000_000);
    });

    test(`${endpoint.id} (${endpoint.path}): a valid block with every operator alias is accepted`, async () => {
      const { apiKey } = await app.createAccount('5.00');
      const base = endpoint.examples.request as Record<string, unknown>;
      const block = {
        filters: [
          { field: 'volume', op: 'gte', value: 0 },
          { field: 'cpc', op: 'lt', value: 1000 },
          { field: 'difficulty', op: 'lte', value: 100 },
          { field: 'competition', op: 'gt', value: -1 },
          { field: 'competitionLevel', op: 'not_in', value: ['high'] },
          { field: 'intent', op: 'ne', value: 'navigational' },
          { field: 'keyword', op: 'not_like', value: 'zzzz' },
          { field: 'words', op: 'gte', value: 1 },
        ],
        match: 'all',
        sort: ['volume:desc', 'cpc', 'keyword:asc'],
      };
      const response = await app.post(endpoint.path, { ...base, ...block }, apiKey);
      assert.equal(response.status, 200, JSON.stringify(response.body));
    });
  }
});
