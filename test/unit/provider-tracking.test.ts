import { test } from 'node:test';
import assert from 'node:assert/strict';
import { providerLabel, trackProviders } from '../../src/providers';
import { sandboxProviders } from '../../src/providers/sandbox';
import type { Providers } from '../../src/providers/providers';

test('a provider is recorded when one of its methods is called, not when it is read', async () => {
  const used = new Set<string>();
  const live = { ...sandboxProviders.registrar, name: 'dataforseo' };
  const providers = trackProviders({ ...sandboxProviders, registrar: live } as Providers, used);
  const registrar = providers.registrar;
  assert.equal(registrar.name, 'dataforseo');
  assert.equal(used.size, 0, 'reading the family records nothing');
  await registrar.availability(['example.com'], { signal: new AbortController().signal });
  assert.deepEqual([...used], ['dataforseo']);
});

test('x-tollgate-provider says sandbox or live, and vendors only when the operator exposes them', () => {
  assert.equal(providerLabel(new Set(), false), undefined);
  assert.equal(providerLabel(new Set(['sandbox']), false), 'sandbox');
  assert.equal(providerLabel(new Set(['dataforseo']), false), 'live');
  assert.equal(providerLabel(new Set(['dataforseo', 'google-places']), false), 'live');
  assert.equal(providerLabel(new Set(['sandbox', 'google-places']), false), 'sandbox, live');
  assert.equal(providerLabel(new Set(['dataforseo', 'google-places']), true), 'dataforseo, google-places');
});
