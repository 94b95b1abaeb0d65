import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApp, testDatabaseLabel, type TestApp } from '../helpers/test-app';
import { PageClient } from '../helpers/page-client';

const ADMIN_TOKEN = 'operator-secret-0123456789';

describe(`/admin without TOLLGATE_ADMIN_TOKEN (${testDatabaseLabel()})`, () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp({}, { TOLLGATE_ADMIN_TOKEN: '' });
  });
  after(async () => app.close());

  test('does not exist', async () => {
    for (const path of ['/admin', '/admin/accounts']) assert.equal((await fetch(app.baseUrl + path)).status, 404);
    assert.equal((await fetch(`${app.baseUrl}/admin/login`, { method: 'POST' })).status, 404);
  });
});

describe(`/admin with TOLLGATE_ADMIN_TOKEN (${testDatabaseLabel()})`, () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp({}, { TOLLGATE_ADMIN_TOKEN: ADMIN_TOKEN, TOLLGATE_TRUST_PROXY: '127.0.0.1' });
  });
  after(async () => app.close());

  async function loggedInOperator(): Promise<PageClient> {
    const operator = new PageClient(app.baseUrl);
    assert.match((await operator.get('/admin')).text, /Admin token/, 'the log-in form first');
    assert.equal((await operator.post('/admin/login', { token: 'not-the-token-at-all' })).status, 401);
    assert.equal((await operator.post('/admin/login', { token: ADMIN_TOKEN })).status, 303);
    assert.equal(operator.cookies.get('tg_admin')?.includes(ADMIN_TOKEN), false, 'the cookie is not the token');
    return operator;
  }

  test('the operator logs in with the token; pages and actions refuse anyone else', async () => {
    const stranger = new PageClient(app.baseUrl);
    const form = await stranger.get('/admin/accounts');
    assert.match(form.text, /Operator log-in/);
    assert.doesNotMatch(form.text, /acct_/);
    assert.equal((await stranger.post('/admin/accounts/acct_x/suspend', {})).status, 401);
    assert.match(await (await fetch(`${app.baseUrl}/admin`, { headers: { authorization: 'Bearer wrong-token-0123456789' } })).text(), /Operator log-in/);
    assert.match(await (await fetch(`${app.baseUrl}/admin`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })).text(), /Activity, last 30 days/);
    const operator = await loggedInOperator();
    assert.match((await operator.get('/admin')).text, /Activity, last 30 days/);
  });

  test('suspending an account refuses its keys at once (ACCOUNT_SUSPENDED); lifting it lets them through; credit is added', async () => {
    const { accountId, apiKey } = await app.createAccount('1.00');
    assert.equal((await app.get('/v1/account', apiKey)).status, 200);
    const operator = await loggedInOperator();
    const found = await operator.get(`/admin/accounts?q=${accountId}`);
    assert.ok(found.text.includes(`/admin/accounts/${accountId}`));

    assert.equal((await operator.post(`/admin/accounts/${accountId}/suspend`, {}, { csrf: false })).status, 403, 'CSRF checked');
    assert.equal((await app.get('/v1/account', apiKey)).status, 200);
    assert.equal((await operator.post(`/admin/accounts/${accountId}/suspend`, {})).status, 200);
    const refused = await app.get('/v1/account', apiKey);
    assert.equal(refused.status, 403);
    assert.equal(refused.body.error.code, 'ACCOUNT_SUSPENDED');

    assert.equal((await operator.post(`/admin/accounts/${accountId}/unsuspend`, {})).status, 200);
    assert.equal((await app.get('/v1/account', apiKey)).status, 200);

    assert.equal((await operator.post(`/admin/accounts/${accountId}/credit`, { usd: '-3' })).status, 400);
    assert.equal((await operator.post(`/admin/accounts/${accountId}/credit`, { usd: '2.50' })).status, 200);
    assert.equal(await app.balance(accountId), 3_500_000);
    assert.equal(await app.ledgerSum(accountId), 3_500_000);
  });

  test('activity: calls, refusals and revenue per day and per endpoint; e-mails escaped in the account list', async () => {
    const { apiKey } = await app.createAccount('5.00');
    const paid = await app.post('/v1/seo/keywords/ideas', { keyword: 'coffee' }, apiKey);
    await app.post('/v1/seo/keywords/ideas', { definitelyNotAField: 1 }, apiKey);
    const operator = await loggedInOperator();
    const activity = await operator.get('/admin');
    const cells = /<tr><td>seo\.keyword_ideas<\/td>((?:<td class="number">[^<]*<\/td>){7})<\/tr>/.exec(activity.text);
    assert.ok(cells, activity.text);
    const [calls, refused, errors, upstream, revenue, upstreamCost, margin] = [...cells[1]!.matchAll(/<td class="number">([^<]*)<\/td>/g)].map((match) => match[1]);
    assert.deepEqual([calls, refused, errors, upstream], ['1', '1', '0', '0']);
    assert.equal(revenue, `$${Number(paid.headers.get('x-cost-usd')).toFixed(2)}`);
    // The sandbox costs the operator nothing.
    assert.deepEqual([upstreamCost, margin], ['$0.00', revenue]);

    await app.ledger.createAccount(`x&y-${Date.now()}@example.com`, 0, `req_escape_${Date.now()}`);
    const list = await operator.get('/admin/accounts?q=x%26y');
    assert.ok(list.text.includes('x&amp;y-'));
  });
});
