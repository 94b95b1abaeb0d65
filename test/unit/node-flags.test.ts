import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { SERVER_NODE_FLAGS } from '../../scripts/node-flags.mjs';
import { REPOSITORY } from '../../scripts/repository';

test("bin/tollgate runs with the server's Node flags, the ones the benchmarks and server tests pass", () => {
  const firstLine = fs.readFileSync(path.join(REPOSITORY, 'bin/tollgate'), 'utf8').split('\n')[0];
  assert.equal(firstLine, `#!/usr/bin/env -S node ${SERVER_NODE_FLAGS.join(' ')}`);
});

test('Node takes the flags: the young generation may grow to 64 MB a semi-space', () => {
  // V8 reports the new space's capacity (one semi-space, less its age mark) once it has grown; the
  // flag's effect is read from V8 itself rather than assumed.
  const script = "const v8 = require('v8'); let keep = []; for (let i = 0; i < 2e6; i++) { keep.push({ i, s: 'x' + i }); if (keep.length > 50000) keep = []; } console.log(v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space').space_size)";
  const grown = (flags: readonly string[]) => Number(execFileSync(process.execPath, [...flags, '-e', script], { encoding: 'utf8' }));
  assert.ok(grown(SERVER_NODE_FLAGS) > grown([]), 'the flags give a larger young generation than the default');
});

test('Node takes the flags: V8 never moves an allocation site to the old generation', () => {
  // A site whose objects all survive: V8 tenures it ("=> tenure") unless pretenuring is off.
  const script = 'const keep = []; for (let round = 0; round < 40; round++) for (let i = 0; i < 100000; i++) keep.push({ i, a: [i] });';
  const decisions = (flags: readonly string[]) => execFileSync(process.execPath, [...flags, '--trace-pretenuring-statistics', '-e', script], { encoding: 'utf8' });
  assert.match(decisions([]), /=> tenure/, 'without the flags V8 tenures the site');
  assert.doesNotMatch(decisions(SERVER_NODE_FLAGS), /=> tenure/);
});
