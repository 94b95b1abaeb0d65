import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { endpointTable } from '../../scripts/endpoint-table';

test('the README lists exactly the registered endpoints with their prices', () => {
  const readme = fs.readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  assert.ok(readme.includes(endpointTable()), 'README.md is stale: paste the output of `node --import tsx scripts/endpoint-table.ts`');
});
