import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadConfig } from '../../src/config';
import { workerLinkWarning } from '../../src/worker';

test('a worker without TOLLGATE_PUBLIC_URL warns that its file links name its own HOST:PORT', () => {
  assert.match(workerLinkWarning(loadConfig({})) ?? '', /^TOLLGATE_PUBLIC_URL is not set: .* will name http:\/\/127\.0\.0\.1:8080 .*set TOLLGATE_PUBLIC_URL/);
  assert.match(workerLinkWarning(loadConfig({ HOST: '10.0.0.5', PORT: '3000' })) ?? '', /will name http:\/\/10\.0\.0\.5:3000 /);
  assert.equal(workerLinkWarning(loadConfig({ TOLLGATE_PUBLIC_URL: 'https://api.example.com' })), undefined);
});
