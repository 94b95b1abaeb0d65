import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parseUsd } from '../../src/core/money';
import { startTestApp, testDatabaseLabel, type TestApp } from '../helpers/test-app';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { readPdf } from '../helpers/pdf-reader';

/** The first page's width and height, in points. */
async function pageSizeOf(pdf: Buffer): Promise<[number, number]> {
  const document = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, isEvalSupported: false }).promise;
  try {
    const [, , width, height] = (await document.getPage(1)).view as [number, number, number, number];
    return [Math.round(width), Math.round(height)];
  } finally {
    await document.destroy();
  }
}

/**
 * POST /v1/tools/pdf's margins: margins that leave no room on the paper chosen are a 400 naming
 * the margin, before a browser is asked (not charged); large margins that leave room are printed.
 * (Rendering itself is covered in browser.test.ts.)
 */
describe(`POST /v1/tools/pdf margins (${testDatabaseLabel()})`, () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp({}, { TOLLGATE_BROWSER_POOL_SIZE: '1', TOLLGATE_BROWSER_TIMEOUT_MS: '30000' });
  });
  after(async () => {
    await app?.close();
  });

  async function refused(body: Record<string, unknown>, param: string, message: RegExp): Promise<void> {
    const { accountId, apiKey } = await app.createAccount('1.00');
    const response = await app.post('/v1/tools/pdf', { html: '<p>Margins</p>', ...body }, apiKey);
    assert.equal(response.status, 400, JSON.stringify(response.body));
    assert.equal(response.body.error.code, 'VALIDATION_ERROR');
    assert.ok(response.body.error.message.startsWith(`${param}: `), response.body.error.message);
    assert.match(response.body.error.message, message);
    assert.equal(await app.balance(accountId), 1_000_000, 'not charged');
  }

  test('margins that meet or cross on the paper are a 400 naming the larger of the two, not charged', async () => {
    await refused({ margins: { top: '9999mm' } }, 'margins.top', /^margins\.top: the top and bottom margins \(9999mm and 1cm\) leave no room on A4 portrait paper, 297 mm tall/);
    await refused({ margins: { left: '100mm', right: '111mm' } }, 'margins.right', /^margins\.right: the left and right margins .* A4 portrait paper, 210 mm wide/);
    await refused({ pageSize: 'Letter', orientation: 'landscape', margins: { top: '4in', bottom: '4.5in' } }, 'margins.bottom', /Letter landscape paper, 216 mm tall/);
    await refused({ margins: { top: '600px', bottom: '600px' } }, 'margins.top', /A4 portrait/);
    await refused({ pageSize: 'Ledger', margins: { left: '6in', right: '5in' } }, 'margins.left', /Ledger portrait paper, 279 mm wide/);
  });

  test('a margin that is not a length is a 400 naming it, and only it: margins are judged for room only once all are lengths', async () => {
    const { apiKey } = await app.createAccount('1.00');
    const response = await app.post('/v1/tools/pdf', { html: '<p>x</p>', margins: { top: '1' } }, apiKey);
    assert.equal(response.status, 400, JSON.stringify(response.body));
    assert.match(response.body.error.message, /^margins\.top: must be a length such as 10mm/);
    assert.doesNotMatch(response.body.error.message, /leave no room|margins\.bottom/);
  });

  test('every paper size: portrait is taller than wide, landscape wider than tall (Ledger the 11 × 17 in of Tabloid)', async () => {
    const { apiKey } = await app.createAccount('5.00');
    const sizes: Record<string, [number, number]> = {};
    for (const pageSize of ['A0', 'A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'Letter', 'Legal', 'Tabloid', 'Ledger']) {
      for (const orientation of ['portrait', 'landscape']) {
        const response = await app.post('/v1/tools/pdf', { html: '<p>Paper</p>', pageSize, orientation }, apiKey);
        assert.equal(response.status, 200, JSON.stringify(response.body));
        const [width, height] = (sizes[`${pageSize} ${orientation}`] = await pageSizeOf(Buffer.from(response.body.data.pdf, 'base64')));
        assert.ok(orientation === 'portrait' ? height > width : width > height, `${pageSize} ${orientation}: ${width} × ${height} pt`);
      }
    }
    assert.deepEqual(sizes['Ledger portrait'], [792, 1224]);
    assert.deepEqual(sizes['Ledger landscape'], [1224, 792]);
  });

  test('large margins that leave room are printed: the same margins fit the landscape page; charged $0.02', async () => {
    const { response, cost } = await app.paidCall('/v1/tools/pdf', { html: '<p>Narrow column</p>', orientation: 'landscape', margins: { left: '100mm', right: '111mm' } }, 'live');
    assert.equal(cost, parseUsd('0.02'));
    const pdf = await readPdf(Buffer.from(response.body.data.pdf, 'base64'));
    assert.match(pdf.text, /Narrow column/);
  });
});

/** A page that cannot be printed is a 502 saying so of the field the caller sent it in, not charged. */
describe(`POST /v1/tools/pdf failures name the field sent (${testDatabaseLabel()})`, () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp({}, { TOLLGATE_BROWSER_POOL_SIZE: '1', TOLLGATE_BROWSER_TIMEOUT_MS: '2000' });
  });
  after(async () => {
    await app?.close();
  });

  async function failed(body: Record<string, unknown>): Promise<string> {
    const { accountId, apiKey } = await app.createAccount('1.00');
    const response = await app.post('/v1/tools/pdf', body, apiKey);
    assert.equal(response.status, 502, JSON.stringify(response.body));
    assert.equal(response.body.error.code, 'UPSTREAM_ERROR');
    assert.equal(await app.balance(accountId), 1_000_000, 'not charged');
    return response.body.error.message;
  }

  test('inline HTML that never finishes rendering names html (no url was sent)', async () => {
    assert.match(await failed({ html: '<p>Forever</p><script>for (;;) {}</script>' }), /^html: the page did not finish (rendering|loading)/);
  });

  test('a URL whose host does not resolve names url', async () => {
    assert.match(await failed({ url: 'https://tollgate-nowhere.invalid/' }), /^url: the host /);
  });
});
