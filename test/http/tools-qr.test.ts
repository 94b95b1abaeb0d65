import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { startTestApp, testDatabaseLabel, type TestApp } from '../helpers/test-app';

/**
 * POST /v1/tools/qr, drawn locally: each PNG is decoded back (pngjs + jsQR) to the text sent, at
 * the size asked; SVGs say their size; what cannot be drawn is a 400 naming the field, not charged.
 */

function decodePng(base64: string): { width: number; height: number; text: string | undefined } {
  const png = PNG.sync.read(Buffer.from(base64, 'base64'));
  const code = jsQR(new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.byteLength), png.width, png.height);
  return { width: png.width, height: png.height, text: code?.data };
}

/** The first and last rows and columns holding a dark pixel (the symbol's edges: finder patterns sit in three corners). */
function darkBounds(base64: string): { left: number; right: number; top: number; bottom: number } {
  const png = PNG.sync.read(Buffer.from(base64, 'base64'));
  const bounds = { left: png.width, right: -1, top: png.height, bottom: -1 };
  for (let y = 0; y < png.height; y++) {
    for (let x = 0; x < png.width; x++) {
      if (png.data[(y * png.width + x) * 4]! >= 128) continue;
      bounds.left = Math.min(bounds.left, x);
      bounds.right = Math.max(bounds.right, x);
      bounds.top = Math.min(bounds.top, y);
      bounds.bottom = Math.max(bounds.bottom, y);
    }
  }
  return bounds;
}

describe(`POST /v1/tools/qr (${testDatabaseLabel()})`, () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp();
  });
  after(async () => {
    await app?.close();
  });

  async function refused(body: unknown, message: RegExp): Promise<void> {
    const { accountId, apiKey } = await app.createAccount('1.00');
    const response = await app.post('/v1/tools/qr', body, apiKey);
    assert.equal(response.status, 400, JSON.stringify(response.body));
    assert.equal(response.body.error.code, 'VALIDATION_ERROR');
    assert.match(response.body.error.message, message);
    assert.equal(await app.balance(accountId), 1_000_000, 'not charged');
  }

  async function qr(body: Record<string, unknown>) {
    const { apiKey, accountId } = await app.createAccount('1.00');
    const response = await app.post('/v1/tools/qr', body, apiKey);
    assert.equal(response.status, 200, JSON.stringify(response.body));
    assert.equal(response.headers.get('x-cost-usd'), '0.01');
    assert.equal(response.headers.get('x-tollgate-provider'), null, 'drawn locally: no provider');
    assert.equal(await app.balance(accountId), 990_000);
    return response.body.data;
  }

  test('defaults: a 512 px PNG at level M that decodes back to the text; $0.01', async () => {
    const data = await qr({ text: 'https://example.com/pricing?plan=pro' });
    assert.equal(data.format, 'png');
    assert.equal(data.mimeType, 'image/png');
    assert.equal(data.size, 512);
    assert.equal(data.svg, undefined);
    assert.ok(data.version >= 1 && data.version <= 40);
    assert.deepEqual(decodePng(data.image), { width: 512, height: 512, text: 'https://example.com/pricing?plan=pro' });
  });

  test('every level, sizes from small to large, UTF-8 text and a margin of 0: each decodes back at exactly the size asked', async () => {
    const cases = [
      { text: 'hi', size: 64, errorCorrection: 'L', margin: 4 },
      { text: 'Grüße aus Köln — 東京 ✓', size: 300, errorCorrection: 'H', margin: 2 },
      { text: 'WIFI:T:WPA;S:tollgate;P:correct horse battery staple;;', size: 777, errorCorrection: 'Q', margin: 0 },
      { text: 'x'.repeat(2953), size: 2048, errorCorrection: 'L', margin: 4 },
    ];
    for (const body of cases) {
      const data = await qr(body);
      const decoded = decodePng(data.image);
      assert.equal(decoded.width, body.size, JSON.stringify(body).slice(0, 80));
      assert.equal(decoded.height, body.size);
      assert.equal(decoded.text, body.text, JSON.stringify(body).slice(0, 80));
    }
  });

  test('sizes that are not a whole number of pixels a module: each module drawn the same whole size, the symbol centred, and it decodes', async () => {
    const cases = [
      { text: 'a'.repeat(2953), errorCorrection: 'L' }, // version 40 at the default 512 px: 185 modules with the margin, 2 px each
      { text: 'a'.repeat(2953), size: 1024, errorCorrection: 'L' },
      { text: 'b'.repeat(500), size: 300 },
      { text: 'https://example.com/', size: 100, margin: 1 },
    ];
    for (const body of cases) {
      const data = await qr(body);
      const label = JSON.stringify(body).slice(0, 60);
      const decoded = decodePng(data.image);
      assert.equal(decoded.width, body.size ?? 512, label);
      assert.equal(decoded.text, body.text, label);
      const { left, right, top, bottom } = darkBounds(data.image);
      const modules = 17 + 4 * data.version;
      assert.equal((right - left + 1) % modules, 0, `${label}: whole pixels a module`);
      assert.ok(Math.abs(left - (decoded.width - 1 - right)) <= 1 && Math.abs(top - (decoded.width - 1 - bottom)) <= 1, `${label}: centred`);
    }
  });

  test('a higher level makes a larger symbol for the same text', async () => {
    const low = await qr({ text: 'https://example.com/a/fairly/long/path/for/the/qr/code', errorCorrection: 'L' });
    const high = await qr({ text: 'https://example.com/a/fairly/long/path/for/the/qr/code', errorCorrection: 'H' });
    assert.ok(high.version > low.version, `${high.version} > ${low.version}`);
  });

  test('SVG: a document of the size asked, with its modules drawn', async () => {
    const data = await qr({ text: 'https://example.com/', format: 'svg', size: 256 });
    assert.equal(data.mimeType, 'image/svg+xml');
    assert.equal(data.image, undefined);
    assert.match(data.svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="256" height="256" viewBox="0 0 (\d+) \1"/);
    assert.match(data.svg, /<path[^>]+stroke="#000000" d="M/);
  });

  test('the capacity of the mode the text is in: 7,089 digits or 4,296 alphanumeric characters fit at level L (3,000 digits at L, that is, are no 400); one more is a 400 stating each mode\'s limit at that level', async () => {
    for (const text of ['1'.repeat(3000), '1'.repeat(7089), 'HTTPS://EXAMPLE.COM/'.repeat(214) + 'ABCDEFGHIJKLMNOP']) {
      const data = await qr({ text, errorCorrection: 'L', size: 2048 });
      assert.equal(decodePng(data.image).text, text);
    }
    await refused({ text: 'A'.repeat(4297), errorCorrection: 'L' }, /^text: too long for a QR code at error-correction level L: it holds at most 7,089 digits, 4,296 characters of 0–9, A–Z, space and \$%\*\+-\.\/: or 2,953 bytes of other UTF-8 text/);
    await refused({ text: '1'.repeat(3058), errorCorrection: 'H' }, /^text: too long for a QR code at error-correction level H: it holds at most 3,057 digits, 1,852 characters .* or 1,273 bytes/);
  });

  test('text too long for the level is a 400 naming text; too small a size one naming size; neither charged', async () => {
    await refused({ text: 'x'.repeat(2953), errorCorrection: 'H' }, /^text: too long for a QR code at error-correction level H/);
    await refused({ text: 'x'.repeat(2400), errorCorrection: 'M' }, /^text: too long .* level M/);
    await refused({ text: 'é'.repeat(1477), errorCorrection: 'L' }, /^text: too long for a QR code at error-correction level L: .* or 2,953 bytes of other UTF-8 text/);
    await refused({ text: '1'.repeat(7090) }, /^text: must be at most 7,089 characters/);
    await refused({ text: '' }, /^text: /);
    await refused({ text: 'x'.repeat(2953), size: 256, errorCorrection: 'L' }, /^size: this text needs at least 370 px at margin 4/);
    await refused({ text: 'hi', size: 63 }, /^size: /);
    await refused({ text: 'hi', size: 2049 }, /^size: /);
    await refused({ text: 'hi', format: 'gif' }, /^format: /);
    await refused({ text: 'hi', errorCorrection: 'X' }, /^errorCorrection: /);
    await refused({ text: 'hi', margin: 17 }, /^margin: /);
  });
});
