import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { BrowserPool } from '../../src/net/browser-pool';
import { browserEnvironment } from '../../src/net/browser-environment';

const CHROMIUM = '/usr/bin/chromium';

/** A process's environment, as /proc shows it (what a renderer exploit, or anyone reading /proc, sees). */
function environmentOf(pid: number): Record<string, string> {
  const entries = fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').filter(Boolean);
  return Object.fromEntries(entries.map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]));
}

describe("the browser's environment holds none of the server's secrets", { timeout: 60_000 }, () => {
  const secret = `admin-${randomBytes(8).toString('hex')}`;
  // Nothing is navigated to: the proxy is never asked.
  const pool = new BrowserPool({ chromiumPath: CHROMIUM, size: 1, queueSize: 1, timeoutMs: 30_000, proxyUrl: 'http://127.0.0.1:2' });
  after(async () => {
    await pool.close();
    delete process.env.TOLLGATE_ADMIN_TOKEN;
    delete process.env.FAL_KEY;
  });

  test('a secret in the server environment is absent from the launched browser; PATH, HOME and the locale are there', async () => {
    process.env.TOLLGATE_ADMIN_TOKEN = secret;
    process.env.FAL_KEY = `${secret}-fal`;
    const environments = await pool.withPage({ signal: AbortSignal.timeout(30_000) }, async () => pool.processIds().map(environmentOf));
    assert.equal(environments.length, 1, 'one browser was launched');
    const environment = environments[0]!;
    const leaked = Object.entries(environment).filter(([, value]) => value.includes(secret));
    assert.deepEqual(leaked, [], 'secrets reached the browser');
    assert.equal(environment.TOLLGATE_ADMIN_TOKEN, undefined);
    assert.equal(environment.PATH, process.env.PATH);
    assert.match(environment.TMPDIR ?? '', /tollgate-browsers-/);
  });

  test('browserEnvironment keeps what Chromium needs and nothing else', () => {
    const kept = browserEnvironment(
      { PATH: '/usr/bin', HOME: '/root', LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8', TZ: 'UTC', FONTCONFIG_PATH: '/etc/fonts', DISPLAY: ':0', TOLLGATE_ADMIN_TOKEN: 'x', DATABASE_URL: 'postgres://u:p@db/x', OPENAI_API_KEY: 'sk', HTTP_PROXY: 'http://proxy', NODE_OPTIONS: '--inspect' },
      '/tmp/browsers',
    );
    assert.deepEqual(kept, { PATH: '/usr/bin', HOME: '/root', LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8', TZ: 'UTC', FONTCONFIG_PATH: '/etc/fonts', DISPLAY: ':0', TMPDIR: '/tmp/browsers' });
  });
});
