import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { endpointTable } from '../../scripts/endpoint-table';
import { REPOSITORY } from '../../scripts/repository';

test('the README lists exactly the registered endpoints with their prices', () => {
  const readme = fs.readFileSync(path.join(REPOSITORY, 'README.md'), 'utf8');
  assert.ok(readme.includes(endpointTable()), 'README.md is stale: paste the output of `node --import tsx scripts/endpoint-table.ts`');
});
