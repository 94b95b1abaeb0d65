import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { CACHE, removeOldBuilds } from '../../scripts/bundle.mjs';

/**
 * A running server loads its worker threads' modules from its build long after it started: a newer
 * build made meanwhile (the CLI run after a `git pull`) removes old builds, but never one a running
 * process uses.
 */
test('old builds are removed unless a running process marked them in use', async () => {
  const name = `prune-test-${process.pid}`;
  const build = (hash: string) => path.join(CACHE, `${name}-${hash}`);
  const used = build('used');
  const abandoned = build('abandoned');
  const current = build('current');
  const sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
  try {
    for (const directory of [used, abandoned, current]) fs.mkdirSync(directory, { recursive: true });
    fs.writeFileSync(path.join(used, `.in-use-${sleeper.pid}`), '');
    // A process killed -9 leaves its marker behind: a pid no process has.
    fs.writeFileSync(path.join(abandoned, '.in-use-4194303'), '');
    const anHourAgo = new Date(Date.now() - 3_600_000);
    for (const directory of [used, abandoned]) fs.utimesSync(directory, anHourAgo, anHourAgo);

    removeOldBuilds(path.basename(current));

    assert.ok(fs.existsSync(used), 'the build a running process uses stays');
    assert.ok(!fs.existsSync(abandoned), 'a build whose process is gone is removed');
    assert.ok(fs.existsSync(current));
  } finally {
    sleeper.kill();
    for (const directory of [used, abandoned, current]) fs.rmSync(directory, { recursive: true, force: true });
  }
});
