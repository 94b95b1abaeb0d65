import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { chromium, type Browser } from 'playwright-core';

const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/**
 * Screenshots and PDFs draw pages in whatever fonts the machine has (scripts/ensure-chromium.sh
 * installs them with Chromium). A character no font covers is drawn as the same empty box as any
 * other, so two different characters drawn alike mean the script is missing its font.
 */
describe('the browser draws the world’s scripts, not empty boxes', { timeout: 60_000 }, () => {
  let browser: Browser;
  before(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  });
  after(async () => {
    await browser?.close();
  });

  async function drawn(text: string): Promise<Buffer> {
    const page = await browser.newPage({ viewport: { width: 160, height: 160 } });
    try {
      await page.setContent(`<body style="margin:0;background:#fff"><span style="font:120px sans-serif;line-height:1">${text}</span></body>`);
      return await page.screenshot();
    } finally {
      await page.close();
    }
  }

  test('control: two characters no font has are drawn alike (the empty box)', async () => {
    assert.deepEqual(await drawn('\u{E000}'), await drawn('\u{E001}'));
  });

  for (const [script, first, second] of [['Japanese', '日', '本'], ['Chinese', '中', '国'], ['Korean', '한', '국'], ['emoji', '😀', '🚀']]) {
    test(`${script}: “${first}” and “${second}” are drawn differently`, async () => {
      assert.notDeepEqual(await drawn(first!), await drawn(second!));
    });
  }
});
