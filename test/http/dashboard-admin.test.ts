import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApp, testDatabaseLabel, type TestApp } from '../helpers/test-app';
import { PageClient } from '../helpers/page-client';
import { signUpAndLogIn } from '../helpers/dashboard-sign-up';

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

  /** The one-use token of the account page's credit form, as a fresh load of the page carries it. */
  async function creditToken(operator: PageClient, accountId: string): Promise<string> {
    const account = await operator.get(`/admin/accounts/${accountId}`);
    assert.equal(account.status, 200);
    return /name="credit_token" value="([A-Za-z0-9_-]+)"/.exec(account.text)![1]!;
  }

  async function creditEntries(requestId: string): Promise<number> {
    return (await app.store.db.selectFrom('ledger_entries').select('id').where('request_id', '=', requestId).execute()).length;
  }

  test('the operator logs in with the token; pages and actions refuse anyone else', async () => {
    const stranger = new PageClient(app.baseUrl);
    const form = await stranger.get('/admin/accounts');
    assert.match(form.text, /Operator log-in/);
    assert.doesNotMatch(form.text, /acct_/);
    assert.equal((await stranger.post('/admin/accounts/acct_x/suspend', {})).status, 401);
    assert.match(await (await fetch(`${app.baseUrl}/admin`, { headers: { authorization: 'Bearer wrong-token-0123456789' } })).text(), /Operator log-in/);
    assert.match(await (await fetch(`${app.baseUrl}/admin`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })).text(), /Activity, last 30 days/);
    // Wrong bearer tokens count as failed log-ins (30 per address per 15 minutes, with the form's): no guessing without limit.
    // An address of its own each run: the failed log-ins live in Redis, shared with earlier runs for 15 minutes.
    const guesser = { 'x-forwarded-for': `2001:db8:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}::77` };
    const guesses: number[] = [];
    for (let attempt = 0; attempt < 31; attempt += 1) {
      guesses.push((await fetch(`${app.baseUrl}/admin/accounts`, { headers: { ...guesser, authorization: `Bearer guess-${attempt}-0123456789` } })).status);
    }
    assert.deepEqual(guesses, [...Array<number>(30).fill(200), 429]);
    const refused = await fetch(`${app.baseUrl}/admin`, { headers: { ...guesser, authorization: 'Bearer one-more-guess-0123456789' } });
    assert.equal(refused.status, 429);
    assert.ok(Number(refused.headers.get('retry-after')) >= 1);
    assert.match(await (await fetch(`${app.baseUrl}/admin`, { headers: { ...guesser, authorization: `Bearer ${ADMIN_TOKEN}` } })).text(), /Activity, last 30 days/, 'the token itself still works');
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
    // Post/Redirect/Get: reloading the page it lands on sends nothing again.
    const suspended = await operator.post(`/admin/accounts/${accountId}/suspend`, {});
    assert.equal(suspended.status, 303);
    assert.equal(suspended.headers.get('location'), `/admin/accounts/${accountId}?suspension=changed`);
    assert.match((await operator.get(`/admin/accounts/${accountId}?suspension=changed`)).text, /The account is suspended: its keys are refused\./);
    const refused = await app.get('/v1/account', apiKey);
    assert.equal(refused.status, 403);
    assert.equal(refused.body.error.code, 'ACCOUNT_SUSPENDED');

    assert.equal((await operator.post(`/admin/accounts/${accountId}/unsuspend`, {})).status, 303);
    assert.match((await operator.get(`/admin/accounts/${accountId}?suspension=changed`)).text, /The suspension is lifted\./);
    assert.equal((await app.get('/v1/account', apiKey)).status, 200);

    assert.equal((await operator.post(`/admin/accounts/${accountId}/credit`, { usd: '-3', credit_token: await creditToken(operator, accountId) })).status, 400);
    assert.equal((await operator.post(`/admin/accounts/${accountId}/credit`, { usd: '2.50', credit_token: await creditToken(operator, accountId) })).status, 303);
    assert.equal(await app.balance(accountId), 3_500_000);
    assert.equal(await app.ledgerSum(accountId), 3_500_000);
  });

  test('a suspended customer is told so: the Overview and the keys page say keys are refused, no new key is made; the operator sees why', async () => {
    const customer = await signUpAndLogIn(app.baseUrl);
    const created = await customer.post('/dashboard/keys', { name: 'before' });
    const apiKey = /data-testid="new-key">([^<]+)</.exec(created.text)![1]!;
    const accountId = (await app.get('/v1/account', apiKey)).body.data.accountId as string;
    assert.doesNotMatch((await customer.get('/dashboard')).text, /suspended/);

    const operator = await loggedInOperator();
    assert.equal((await operator.post(`/admin/accounts/${accountId}/suspend`, { reason: '  unpaid   invoice 42 ' })).status, 303);
    assert.match((await operator.get(`/admin/accounts/${accountId}`)).text, /<strong>Suspended<\/strong> since \d{4}-\d\d-\d\d \d\d:\d\d UTC \(unpaid invoice 42\)/);

    assert.match((await customer.get('/dashboard')).text, /Your account is suspended: every API call with its keys is refused \(403 ACCOUNT_SUSPENDED\)\. Contact the operator of this service\./);
    const keys = await customer.get('/dashboard/keys');
    assert.match(keys.text, /every call with its keys is refused \(403 ACCOUNT_SUSPENDED\), and no new key can be made/);
    assert.match(keys.text, /<td>refused \(account suspended\) · /);
    assert.doesNotMatch(keys.text, /<td>active · |Create key/);
    const refused = await customer.post('/dashboard/keys', { name: 'during' });
    assert.equal(refused.status, 403);
    assert.doesNotMatch(refused.text, /data-testid="new-key"/);
    assert.equal((await app.store.db.selectFrom('api_keys').select('id').where('account_id', '=', accountId).execute()).length, 1, 'no key made');

    assert.equal((await operator.post(`/admin/accounts/${accountId}/unsuspend`, {})).status, 303);
    const account = await app.store.db.selectFrom('accounts').select(['suspended_at', 'suspension_reason']).where('id', '=', accountId).executeTakeFirstOrThrow();
    assert.deepEqual(account, { suspended_at: null, suspension_reason: null });
    assert.doesNotMatch((await customer.get('/dashboard')).text, /suspended/);
    assert.match((await customer.get('/dashboard/keys')).text, /<td>active · /);
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

  test('a credit answers with a redirect to the account page and its confirmation; the same form sent again credits nothing more', async () => {
    const { accountId } = await app.createAccount('16.50');
    const operator = await loggedInOperator();
    const token = await creditToken(operator, accountId);
    const first = await operator.post(`/admin/accounts/${accountId}/credit`, { usd: '1.5', credit_token: token });
    assert.equal(first.status, 303);
    assert.equal(first.headers.get('location'), `/admin/accounts/${accountId}?credited=${token}`);
    assert.equal(await app.balance(accountId), 18_000_000);

    // A refresh or a double click: the same form with the same CSRF token lands on the same confirmation.
    const again = await operator.post(`/admin/accounts/${accountId}/credit`, { usd: '1.5', credit_token: token });
    assert.equal(again.status, 303);
    assert.equal(again.headers.get('location'), first.headers.get('location'));
    assert.equal(await app.balance(accountId), 18_000_000);
    assert.equal(await app.ledgerSum(accountId), 18_000_000);
    assert.equal(await creditEntries(`admin_credit_${token}`), 1);

    const confirmation = await operator.get(first.headers.get('location')!);
    assert.equal(confirmation.status, 200);
    assert.match(confirmation.text, /role="status">Added \$1\.50\.</);
    assert.match(confirmation.text, /data-testid="admin-balance">\$18\.00</);
    assert.doesNotMatch((await operator.get(`/admin/accounts/${accountId}`)).text, /Added \$/, 'no confirmation without the flag');

    // Another load of the page is another form: it credits again — once, even sent twice at once.
    const next = await creditToken(operator, accountId);
    assert.notEqual(next, token);
    const atOnce = await Promise.all([1, 2, 3, 4].map(() => operator.post(`/admin/accounts/${accountId}/credit`, { usd: '1.5', credit_token: next })));
    assert.deepEqual(atOnce.map((response) => [response.status, response.headers.get('location')]), [1, 2, 3, 4].map(() => [303, `/admin/accounts/${accountId}?credited=${next}`]));
    assert.equal(await app.balance(accountId), 19_500_000);
    assert.equal(await creditEntries(`admin_credit_${next}`), 1);

    // A form of this account sent for another one credits neither again.
    const other = await app.createAccount('1.00');
    const elsewhere = await operator.post(`/admin/accounts/${other.accountId}/credit`, { usd: '1.5', credit_token: token });
    assert.equal(elsewhere.status, 400);
    assert.match(elsewhere.text, /used for another account/);
    assert.equal(await app.balance(other.accountId), 1_000_000);
  });

  test('a credit without the form token is refused (400) naming it, and credits nothing', async () => {
    const { accountId } = await app.createAccount('1.00');
    const operator = await loggedInOperator();
    const forms: Record<string, string>[] = [{ usd: '1.5' }, { usd: '1.5', credit_token: 'short' }];
    for (const form of forms) {
      const refused = await operator.post(`/admin/accounts/${accountId}/credit`, form);
      assert.equal(refused.status, 400);
      assert.match(refused.text, /credit_token/);
    }
    assert.equal(await app.balance(accountId), 1_000_000);
  });

  test('an amount past the balance cap is refused (400) with the most that can be added; nothing is credited', async () => {
    const { accountId } = await app.createAccount('19.50');
    const operator = await loggedInOperator();
    // Over the cap with the balance, and over the cap on its own.
    for (const usd of ['999999999', '1000000001']) {
      const refused = await operator.post(`/admin/accounts/${accountId}/credit`, { usd, credit_token: await creditToken(operator, accountId) });
      assert.equal(refused.status, 400, usd);
      assert.match(refused.text, /role="alert">Credit \(USD\) is too large: a balance cannot exceed \$1000000000\.00, so at most \$999999980\.50 can be added to this account\. Nothing was added\.</);
    }
    assert.equal(await app.balance(accountId), 19_500_000);
    assert.equal(await app.ledgerSum(accountId), 19_500_000);
    // Up to the cap exactly is accepted.
    assert.equal((await operator.post(`/admin/accounts/${accountId}/credit`, { usd: '999999980.5', credit_token: await creditToken(operator, accountId) })).status, 303);
    assert.equal(await app.balance(accountId), 1_000_000_000_000_000);
  });
});
