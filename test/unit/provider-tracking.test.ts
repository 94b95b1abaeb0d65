import { test } from 'node:test';
import assert from 'node:assert/strict';
import { providerLabel, reportingProviders } from '../../src/providers';
import { sandboxProviders } from '../../src/providers/sandbox';
import type { Providers } from '../../src/providers/providers';

test('a provider is recorded when one of its methods is called, not when it is read', async () => {
  const used: string[] = [];
  const call = { signal: new AbortController().signal, providerCalled: (name: string) => used.push(name) };
  const live = { ...sandboxProviders.registrar, name: 'dataforseo' };
  const providers = reportingProviders({ ...sandboxProviders, registrar: live } as Providers);
  const registrar = providers.registrar;
  assert.equal(registrar.name, 'dataforseo');
  assert.deepEqual(used, [], 'reading the family records nothing');
  await registrar.availability(['example.com'], call);
  assert.deepEqual(used, ['dataforseo']);
  await providers.serp.search({ engine: 'websearch', query: 'coffee', depth: 10, locationCode: 2840, language: 'en' }, call);
  assert.deepEqual(used, ['dataforseo', 'sandbox']);
});

test('x-tollgate-provider says sandbox or live, and vendors only when the operator exposes them', () => {
  assert.equal(providerLabel(new Set(), false), undefined);
  assert.equal(providerLabel(new Set(['sandbox']), false), 'sandbox');
  assert.equal(providerLabel(new Set(['dataforseo']), false), 'live');
  assert.equal(providerLabel(new Set(['dataforseo', 'google-places']), false), 'live');
  assert.equal(providerLabel(new Set(['sandbox', 'google-places']), false), 'sandbox, live');
  assert.equal(providerLabel(new Set(['dataforseo', 'google-places']), true), 'dataforseo, google-places');
});
