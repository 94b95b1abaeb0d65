/**
 * Screenshots of every dashboard and operator page, for the README: a fresh server on a temporary
 * SQLite database, one customer driven through Debian's Chromium (sign-up, a key, a few calls),
 * then the operator's pages. `node --import tsx scripts/dashboard-screenshots.ts` writes
 * docs/screenshots/*.png.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { chromium } from 'playwright-core';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { LinkMessage } from '../src/dashboard/mailer';

const OUT = path.resolve('docs/screenshots');
const ADMIN_TOKEN = 'screenshot-admin-token-0123';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tollgate-screenshots-'));
const links: LinkMessage[] = [];
const app = await buildApp(loadConfig({ TOLLGATE_DATA_DIR: dataDir, LOG_LEVEL: 'silent', PORT: '0', TOLLGATE_ADMIN_TOKEN: ADMIN_TOKEN }), {
  mailer: { delivers: false, send: async (message) => void links.push(message) },
});
await app.server.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.server.address() as AddressInfo).port}`;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  fs.mkdirSync(OUT, { recursive: true });
  const page = await browser.newPage({ viewport: { width: 1100, height: 760 } });
  const shoot = (name: string) => page.screenshot({ path: path.join(OUT, `${name}.png`), fullPage: true });
  const nav = (name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name });

  await page.goto(`${base}/dashboard/signup`);
  await shoot('signup');
  await page.getByLabel('E-mail').fill('ada@example.com');
  await page.getByLabel('Password').fill('plum tiger accordion 42');
  await page.getByRole('button', { name: 'Create account' }).click();
  // A sign-up answers alike for a new and a taken address, without a session: the new account logs in.
  await page.getByLabel('E-mail').fill('ada@example.com');
  await page.getByLabel('Password').fill('plum tiger accordion 42');
  await page.getByRole('button', { name: 'Log in' }).click();
  await nav('API keys').click();
  await page.getByLabel('Name').fill('production');
  await page.getByRole('button', { name: 'Create key' }).click();
  const apiKey = await page.getByTestId('new-key').innerText();
  await shoot('keys');
  const call = (route: string, body: unknown) =>
    fetch(base + route, { method: 'POST', headers: { 'x-api-key': apiKey, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  for (const keyword of ['espresso', 'cold brew', 'latte art']) await call('/v1/seo/keywords/ideas', { keyword });
  await call('/v1/seo/domain/overview', { domain: 'example.com' });
  await call('/v1/seo/keywords/ideas', { keyword: 'bad', definitelyNotAField: 1 });
  await nav('API keys').click();
  await page.getByRole('link', { name: 'Limits of production' }).click();
  await page.getByLabel('Daily cap, USD').fill('5');
  await page.getByLabel('seo').check();
  await page.getByLabel('serp', { exact: true }).check();
  await page.getByRole('button', { name: /save/i }).click();
  await page.getByRole('link', { name: 'Limits of production' }).click();
  await shoot('key-limits');
  await nav('Overview').click();
  await shoot('overview');
  await nav('Usage').click();
  await shoot('usage');
  await nav('Billing').click();
  await shoot('billing');
  await nav('Prices').click();
  await page.setViewportSize({ width: 1100, height: 1400 });
  await page.screenshot({ path: path.join(OUT, 'prices.png') });
  await page.setViewportSize({ width: 1100, height: 760 });
  await page.getByRole('button', { name: 'Log out' }).click();
  await shoot('login');

  await page.goto(`${base}/admin`);
  await page.getByLabel('Admin token').fill(ADMIN_TOKEN);
  await page.getByRole('button', { name: 'Log in' }).click();
  await shoot('admin-activity');
  await nav('Accounts').click();
  await page.getByRole('row', { name: /ada@example.com/ }).getByRole('link').click();
  await shoot('admin-account');
  console.log(`screenshots written to ${OUT}`);
} finally {
  await browser.close();
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
