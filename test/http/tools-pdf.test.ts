import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parseUsd } from '../../src/core/money';
import { startTestApp, testDatabaseLabel, type TestApp } from '../helpers/test-app';
import { readPdf } from '../helpers/pdf-reader';

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
  });

  test('large margins that leave room are printed: the same margins fit the landscape page; charged $0.02', async () => {
    const { response, cost } = await app.paidCall('/v1/tools/pdf', { html: '<p>Narrow column</p>', orientation: 'landscape', margins: { left: '100mm', right: '111mm' } }, 'live');
    assert.equal(cost, parseUsd('0.02'));
    const pdf = await readPdf(Buffer.from(response.body.data.pdf, 'base64'));
    assert.match(pdf.text, /Narrow column/);
  });
});
