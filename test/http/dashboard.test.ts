import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { manualClock, startTestApp, testDatabaseLabel, type TestApp } from '../helpers/test-app';
import { capturingMailer, GOOD_PASSWORD, PageClient, uniqueEmail, type SentLink } from '../helpers/page-client';
import { mailsSent, signUpAndLogIn } from '../helpers/dashboard-sign-up';
import { NO_KEY_LIMITS } from '../../src/auth/key-limits';
import { MAX_BALANCE_MICROS } from '../../src/core/money';
import { DashboardAccounts } from '../../src/dashboard/accounts';
import { normalisedMailbox } from '../../src/dashboard/mailbox';

/** Signs a fresh client up and logs it in; the session cookie is in its jar. */
async function signUp(app: TestApp, email = uniqueEmail(), password = GOOD_PASSWORD): Promise<PageClient> {
  return signUpAndLogIn(app.baseUrl, email, password);
}

async function balanceShown(client: PageClient): Promise<string> {
  const overview = await client.get('/dashboard');
  assert.equal(overview.status, 200);
  return /data-testid="balance">([^<]+)</.exec(overview.text)![1]!;
}

async function createKey(client: PageClient, name: string): Promise<{ apiKey: string; page: string }> {
  const created = await client.post('/dashboard/keys', { name });
  assert.equal(created.status, 200, created.text);
  return { apiKey: /data-testid="new-key">([^<]+)</.exec(created.text)![1]!, page: created.text };
}

/** The first key on a keys page: its id, and the path of its limits page. */
function firstKey(listing: string): { keyId: string; limitsPath: string } {
  const keyId = /\/dashboard\/keys\/(key_[A-Za-z0-9_-]+)\/limits/.exec(listing)![1]!;
  return { keyId, limitsPath: `/dashboard/keys/${keyId}/limits` };
}

describe(`the account dashboard (${testDatabaseLabel()})`, () => {
  let app: TestApp;
  const { mailer, sent } = capturingMailer(false);

  before(async () => {
    app = await startTestApp({ mailer }, { TOLLGATE_TRUST_PROXY: '127.0.0.1', TOLLGATE_SIGNUPS_PER_ADDRESS_PER_HOUR: '3' });
  });
  after(async () => app.close());

  test('pages carry strict security headers, and the cookies are HttpOnly and SameSite=Lax (not Secure over http)', async () => {
    const client = new PageClient(app.baseUrl);
    const page = await client.get('/dashboard/signup');
    const policy = page.headers.get('content-security-policy') ?? '';
    assert.match(policy, /script-src 'self'(;|$)/);
    assert.doesNotMatch(policy, /unsafe-inline/);
    assert.match(policy, /frame-ancestors 'none'/);
    assert.equal(page.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(page.headers.get('referrer-policy'), 'same-origin');
    assert.doesNotMatch(page.text, /<script>|<style>| style=| on[a-z]+=/i, 'no inline script, style or handler');

    const email = uniqueEmail();
    await client.post('/dashboard/signup', { email, password: GOOD_PASSWORD });
    const loggedIn = await client.post('/dashboard/login', { email, password: GOOD_PASSWORD });
    const session = loggedIn.setCookies.find((line) => line.startsWith('tg_session='))!;
    assert.match(session, /; HttpOnly/);
    assert.match(session, /; SameSite=Lax/);
    assert.doesNotMatch(session, /Secure/);
  });

  test('an address under the pages that none of them has is a 404 page, with the security headers, not the API’s JSON', async () => {
    const client = new PageClient(app.baseUrl);
    for (const path of ['/dashboard/nope', '/dashboard/keys/nope/more']) {
      const missing = await client.get(path);
      assert.equal(missing.status, 404, path);
      assert.match(missing.headers.get('content-type') ?? '', /^text\/html/);
      assert.match(missing.headers.get('content-security-policy') ?? '', /frame-ancestors 'none'/);
      assert.match(missing.text, /<a href="\/dashboard">/);
    }
  });

  test('a form without the CSRF token, with another one, or from another origin is refused and changes nothing', async () => {
    const client = new PageClient(app.baseUrl);
    await client.get('/dashboard/signup');
    const email = uniqueEmail();
    for (const attempt of [
      await client.post('/dashboard/signup', { email, password: GOOD_PASSWORD }, { csrf: false }),
      await client.post('/dashboard/signup', { email, password: GOOD_PASSWORD }, { csrf: 'A'.repeat(43) }),
      await client.post('/dashboard/signup', { email, password: GOOD_PASSWORD }, { headers: { origin: 'https://evil.example' } }),
    ]) {
      assert.equal(attempt.status, 403);
      assert.equal(attempt.setCookies.some((line) => line.startsWith('tg_session=')), false);
    }
    const row = await app.store.db.selectFrom('accounts').select('id').where('email', '=', email).executeTakeFirst();
    assert.equal(row, undefined);

    const signedIn = await signUp(app);
    const keysBefore = await signedIn.get('/dashboard/keys');
    const refused = await signedIn.post('/dashboard/keys', { name: 'x' }, { csrf: false });
    assert.equal(refused.status, 403);
    assert.equal(/data-testid="new-key"/.test(refused.text), false);
    assert.match(keysBefore.text, /No keys yet/);
  });

  test('sign-up grants the credit once per normalised mailbox, refuses throw-away domains, weak passwords and repeats', async () => {
    const local = `jane.doe.${Date.now()}`;
    const first = await signUp(app, `${local}+promo@gmail.com`);
    assert.equal(await balanceShown(first), '$5.00');
    // The same mailbox: dots and +tag ignored, googlemail.com is gmail.com, case ignored.
    const second = await signUp(app, `${local.replaceAll('.', '').toUpperCase()}@googlemail.com`);
    assert.equal(await balanceShown(second), '$0.00');

    // Each attempt from its own address: failed sign-ups count towards the per-address limit too.
    const attempt = async (email: string, password: string) => {
      const client = new PageClient(app.baseUrl);
      await client.get('/dashboard/signup');
      return client.post('/dashboard/signup', { email, password });
    };
    const disposable = await attempt(uniqueEmail('mailinator.com'), GOOD_PASSWORD);
    assert.equal(disposable.status, 400);
    assert.match(disposable.text, /throw-away/);
    assert.equal((await attempt(uniqueEmail('eu.yopmail.com'), GOOD_PASSWORD)).status, 400);
    const common = await attempt(uniqueEmail(), 'passwordpassword');
    assert.equal(common.status, 400);
    assert.match(common.text, /most common/);
    const short = await attempt(uniqueEmail(), 'short');
    assert.match(short.text, /at least 12 characters/);
    // An address that has an account: answered as a new sign-up (no session), nothing made.
    const again = await attempt(`${local}+promo@gmail.com`, GOOD_PASSWORD);
    assert.equal(again.status, 303);
    assert.equal(again.headers.get('location'), '/dashboard/login?done=signup');
    assert.doesNotMatch(again.text, /already exists/);
    assert.equal((await app.store.db.selectFrom('accounts').select('id').where('email', '=', `${local}+promo@gmail.com`).execute()).length, 1);
  });

  test('a sign-up whose credit is refused leaves nothing behind: the address signs up again and gets the credit', async () => {
    const email = uniqueEmail();
    // A credit the ledger refuses (past the balance cap), however the setting got there.
    const refusing = new DashboardAccounts(app.store.db, app.ledger, { signupCreditMicros: MAX_BALANCE_MICROS + 1, clock: Date.now });
    await assert.rejects(refusing.signUp(email, GOOD_PASSWORD, true), RangeError);
    const db = app.store.db;
    assert.deepEqual(await db.selectFrom('accounts').select('id').where('email', '=', email).execute(), []);
    assert.deepEqual(await db.selectFrom('credentials').select('account_id').where('email', '=', email).execute(), []);
    assert.deepEqual(await db.selectFrom('signup_credits').select('account_id').where('mailbox', '=', normalisedMailbox(email)).execute(), [], 'the mailbox is not claimed');

    const retried = await signUp(app, email);
    assert.equal(await balanceShown(retried), '$5.00');
  });

  test('sign-ups are limited per client address', async () => {
    const client = new PageClient(app.baseUrl);
    await client.get('/dashboard/signup');
    const statuses = [];
    for (let attempt = 0; attempt < 4; attempt += 1) statuses.push((await client.post('/dashboard/signup', { email: uniqueEmail(), password: GOOD_PASSWORD })).status);
    assert.deepEqual(statuses, [303, 303, 303, 429]);
  });

  test('log-in rotates the session: the id held before no longer works; log-out ends it', async () => {
    const email = uniqueEmail();
    const first = await signUp(app, email);
    const planted = first.cookies.get('tg_session')!;
    const login = await first.post('/dashboard/login', { email, password: GOOD_PASSWORD });
    assert.equal(login.status, 303);
    const rotated = first.cookies.get('tg_session')!;
    assert.notEqual(rotated, planted);
    const stale = new PageClient(app.baseUrl);
    stale.cookies.set('tg_session', planted);
    assert.equal((await stale.get('/dashboard')).status, 303, 'the old session id is ended');
    assert.equal((await first.get('/dashboard')).status, 200);

    assert.equal((await first.post('/dashboard/logout', {})).status, 303);
    const afterLogout = new PageClient(app.baseUrl);
    afterLogout.cookies.set('tg_session', rotated);
    assert.equal((await afterLogout.get('/dashboard')).status, 303);
  });

  test('failed log-ins are limited per account and client address, even with the right password afterwards; attempts per address', async () => {
    const email = uniqueEmail();
    await signUp(app, email);
    const attacker = new PageClient(app.baseUrl);
    await attacker.get('/dashboard/login');
    for (let attempt = 0; attempt < 10; attempt += 1) assert.equal((await attacker.post('/dashboard/login', { email, password: `wrong guess ${attempt}!` })).status, 401);
    const blocked = await attacker.post('/dashboard/login', { email, password: GOOD_PASSWORD });
    assert.equal(blocked.status, 429);
    assert.ok(Number(blocked.headers.get('retry-after')) > 0);
    // From another address the owner still logs in: the guesser cannot lock the account out.
    const elsewhere = new PageClient(app.baseUrl);
    await elsewhere.get('/dashboard/login');
    assert.equal((await elsewhere.post('/dashboard/login', { email, password: GOOD_PASSWORD })).status, 303);

    const sprayer = new PageClient(app.baseUrl);
    await sprayer.get('/dashboard/login');
    const statuses = [];
    for (let attempt = 0; attempt < 31; attempt += 1) statuses.push((await sprayer.post('/dashboard/login', { email: uniqueEmail(), password: 'some guess 12345' })).status);
    assert.deepEqual(statuses.slice(-2), [401, 429]);
  });

  test('names and e-mails are HTML-escaped wherever they are shown', async () => {
    const email = `a&b'${Date.now()}@example.com`.replace("'", '');
    const client = await signUp(app, email);
    const { page } = await createKey(client, '<img src=x onerror=alert(1)>"');
    assert.equal(page.includes('<img src=x'), false);
    assert.ok(page.includes('&lt;img src=x onerror=alert(1)&gt;&quot;'));
    assert.ok(page.includes('a&amp;b'));
  });

  test('keys: created once-shown, listed with name and prefix, usable, then revoked and refused at once', async () => {
    const client = await signUp(app);
    const { apiKey } = await createKey(client, 'production');
    const listing = await client.get('/dashboard/keys');
    assert.ok(listing.text.includes(apiKey.slice(0, 12)));
    assert.equal(listing.text.includes(apiKey), false, 'the key itself is shown only once');
    assert.match(listing.text, /production/);

    // The key's own Last used cell, not any date after the heading (its Created cell has one).
    const lastUsed = async () => {
      const page = (await client.get('/dashboard/keys')).text;
      const row = /<tr><td>production<\/td>[\s\S]*?<\/tr>/.exec(page)![0];
      const headings = [...page.matchAll(/<th>([^<]*)<\/th>/g)].map((heading) => heading[1]);
      return [...row.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((cell) => cell[1])[headings.indexOf('Last used (UTC)')];
    };
    assert.equal(await lastUsed(), '—', 'not used yet');
    const call = await app.post('/v1/seo/keywords/ideas', { keyword: 'coffee' }, apiKey);
    assert.equal(call.status, 200);
    // At once: the page writes the call log's pending rows (kept up to 250 ms, off the calls' path) before it reads.
    assert.match((await lastUsed()) ?? '', /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/, 'the Last used cell shows when the key was used');
    const keyId = /\/dashboard\/keys\/(key_[A-Za-z0-9_-]+)\/revoke/.exec(listing.text)![1]!;
    const confirm = await client.get(`/dashboard/keys/${keyId}/revoke`);
    assert.match(confirm.text, /cannot be undone/);
    assert.equal((await client.post(`/dashboard/keys/${keyId}/revoke`, {})).status, 200);
    const refused = await app.post('/v1/seo/keywords/ideas', { keyword: 'coffee' }, apiKey);
    assert.equal(refused.status, 401);
    assert.equal(refused.body.error.code, 'REVOKED_API_KEY');
  });

  test("another account's key or ledger is never reachable: 404, and nothing changes", async () => {
    const owner = await signUp(app);
    const { apiKey } = await createKey(owner, 'mine');
    const keyId = /\/dashboard\/keys\/(key_[A-Za-z0-9_-]+)\/revoke/.exec((await owner.get('/dashboard/keys')).text)![1]!;
    await app.post('/v1/seo/keywords/ideas', { keyword: 'tea' }, apiKey);

    const other = await signUp(app);
    assert.equal((await other.get(`/dashboard/keys/${keyId}/revoke`)).status, 404);
    assert.equal((await other.post(`/dashboard/keys/${keyId}/revoke`, {})).status, 404);
    assert.equal((await app.get('/v1/account', apiKey)).status, 200, 'the key still works');
    const csv = await other.get(`/dashboard/usage.csv?key=${keyId}`);
    assert.equal(csv.text.trim(), 'grouping,group,calls,cost_usd');
    const billing = await other.get('/dashboard/billing');
    assert.equal(billing.text.includes('seo.keyword_ideas'), false);
    const { apiKey: otherKey } = await createKey(other, 'theirs');
    const ledger = await app.get('/v1/account/ledger', otherKey);
    assert.deepEqual(ledger.body.data.entries.map((entry: { kind: string }) => entry.kind), ['credit']);
    const usage = await app.get(`/v1/account/usage?groupBy=key&keyId=${keyId}`, otherKey);
    assert.deepEqual(usage.body.data.rows, []);
  });

  test('key limits: set in the form, listed and shown with the spend; a call past the daily cap is refused (402) and charged nothing', async () => {
    const email = uniqueEmail();
    const client = await signUp(app, email);
    const { id: accountId } = await app.store.db.selectFrom('accounts').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    const { apiKey } = await createKey(client, 'capped');
    const { limitsPath } = firstKey((await client.get('/dashboard/keys')).text);
    const form = await client.get(limitsPath);
    assert.equal(form.status, 200);
    assert.match(form.text, /No spending cap/);
    assert.match(form.text, /name="area_seo"/);
    assert.doesNotMatch(form.text, /name="area_account"/, "the account's own endpoints answer whatever the areas");

    const saved = await client.post(limitsPath, { daily_usd: '0.02', monthly_usd: '50', area_seo: 'on', area_serp: 'on' });
    assert.equal(saved.status, 200, saved.text);
    assert.match(saved.text, /role="status">The limits of &quot;capped&quot; are saved/);
    assert.match(saved.text, /<td>\$0\.02\/day · \$50\.00\/month · seo, serp<\/td>/);
    const shown = await client.get(limitsPath);
    assert.match(shown.text, /name="daily_usd" value="0\.02"/);
    assert.match(shown.text, /name="monthly_usd" value="50\.00"/);
    assert.match(shown.text, /name="area_seo" checked/);
    assert.doesNotMatch(shown.text, /name="area_maps" checked/);
    const dailyRow = (page: string) => [.../<tr><td>daily<\/td>(.*)<\/tr>/.exec(page)![1]!.matchAll(/<td[^>]*>([^<]*)<\/td>/g)].map((cell) => cell[1]);
    assert.deepEqual(dailyRow(shown.text).slice(0, 3), ['$0.02', '$0.00', '$0.02'], 'cap, spent, remaining');

    const before = await app.balance(accountId);
    const first = await app.post('/v1/seo/domain/available', { domain: 'example.com' }, apiKey);
    assert.equal(first.status, 200);
    assert.equal(await app.balance(accountId), before - 20_000);
    const second = await app.post('/v1/seo/domain/available', { domain: 'example.com' }, apiKey);
    assert.equal(second.status, 402);
    assert.equal(second.body.error.code, 'KEY_LIMIT_REACHED');
    assert.equal(await app.balance(accountId), before - 20_000, 'the refused call is not charged');
    assert.deepEqual(dailyRow((await client.get(limitsPath)).text).slice(0, 3), ['$0.02', '$0.02', '$0.00']);
  });

  test('key limits: areas set in the form apply to the next call (403 elsewhere, the account endpoints still answer); a key can be created with limits', async () => {
    const client = await signUp(app);
    const { apiKey } = await createKey(client, 'seo only');
    const { limitsPath } = firstKey((await client.get('/dashboard/keys')).text);
    // A call before the change: the server holds the key's lookup, and must drop it.
    assert.equal((await app.post('/v1/serp/websearch', { query: 'coffee' }, apiKey)).status, 200);
    assert.equal((await client.post(limitsPath, { daily_usd: '', monthly_usd: '', area_seo: 'on' })).status, 200);
    const outside = await app.post('/v1/serp/websearch', { query: 'coffee' }, apiKey);
    assert.equal(outside.status, 403);
    assert.equal(outside.body.error.code, 'KEY_AREA_NOT_ALLOWED');
    assert.equal((await app.post('/v1/seo/keywords/ideas', { keyword: 'coffee' }, apiKey)).status, 200);
    assert.equal((await app.get('/v1/account', apiKey)).status, 200);

    const created = await client.post('/dashboard/keys', { name: 'batch', daily_usd: '', monthly_usd: '10', area_maps: 'on' });
    assert.equal(created.status, 200, created.text);
    assert.match(created.text, /<td>batch<\/td><td><code>[^<]+<\/code><\/td><td>\$10\.00\/month · maps<\/td>/);
    const refused = await client.post('/dashboard/keys', { name: 'broken', daily_usd: '-5' });
    assert.equal(refused.status, 400);
    assert.match(refused.text, /role="alert">Daily cap:/);
    assert.equal(refused.text.includes('<td>broken</td>'), false, 'nothing was created');
  });

  test("key limits: another account's key, or a revoked one, is not found (404) and keeps its limits", async () => {
    const owner = await signUp(app);
    await createKey(owner, 'mine');
    const { keyId, limitsPath } = firstKey((await owner.get('/dashboard/keys')).text);
    const other = await signUp(app);
    assert.equal((await other.get(limitsPath)).status, 404);
    assert.equal((await other.post(limitsPath, { daily_usd: '0.01', area_seo: 'on' })).status, 404);
    assert.deepEqual(await app.keys.limitsOf(keyId), NO_KEY_LIMITS);
    assert.match((await owner.get('/dashboard/keys')).text, /<td>none<\/td>/);

    assert.equal((await owner.post(`/dashboard/keys/${keyId}/revoke`, {})).status, 200);
    assert.equal((await owner.get(limitsPath)).status, 404);
    assert.equal((await owner.post(limitsPath, { daily_usd: '1' })).status, 404);
    assert.deepEqual(await app.keys.limitsOf(keyId), NO_KEY_LIMITS);
  });

  test('key limits: a bad cap or an unknown area is refused (400) naming the field, the form comes back as sent, nothing changes', async () => {
    const client = await signUp(app);
    await createKey(client, 'careful');
    const { keyId, limitsPath } = firstKey((await client.get('/dashboard/keys')).text);
    assert.equal((await client.post(limitsPath, { daily_usd: '3' })).status, 200);
    const cases: [Record<string, string>, string][] = [
      [{ daily_usd: '-1' }, 'Daily cap'],
      [{ daily_usd: '0' }, 'Daily cap'],
      [{ daily_usd: '1', monthly_usd: 'ten' }, 'Monthly cap'],
      [{ monthly_usd: '1000000.01' }, 'Monthly cap'],
      [{ daily_usd: '1', area_seo: 'on', area_nonsense: 'on' }, 'Areas'],
    ];
    for (const [form, field] of cases) {
      const refused = await client.post(limitsPath, form);
      assert.equal(refused.status, 400, JSON.stringify(form));
      assert.match(refused.text, new RegExp(`role="alert">${field}:`));
      assert.deepEqual(await app.keys.limitsOf(keyId), { dailyMicros: 3_000_000, monthlyMicros: null, areas: null });
    }
    assert.match((await client.post(limitsPath, { daily_usd: '-1', area_seo: 'on' })).text, /name="daily_usd" value="-1"[\s\S]*name="area_seo" checked/);
  });

  test('key limits: a form without the CSRF token, or from another origin, is refused (403) and changes nothing', async () => {
    const client = await signUp(app);
    await createKey(client, 'guarded');
    const { keyId, limitsPath } = firstKey((await client.get('/dashboard/keys')).text);
    for (const attempt of [
      await client.post(limitsPath, { daily_usd: '1', area_seo: 'on' }, { csrf: false }),
      await client.post(limitsPath, { daily_usd: '1', area_seo: 'on' }, { headers: { origin: 'https://evil.example' } }),
    ]) {
      assert.equal(attempt.status, 403);
    }
    assert.deepEqual(await app.keys.limitsOf(keyId), NO_KEY_LIMITS);
  });

  test('usage: per day, endpoint and key, with its cost, as a page, a CSV and GET /v1/account/usage', async () => {
    const client = await signUp(app);
    const first = await createKey(client, 'first');
    const second = await createKey(client, 'second');
    const one = await app.post('/v1/seo/keywords/ideas', { keyword: 'coffee' }, first.apiKey);
    await app.post('/v1/seo/keywords/ideas', { keyword: 'tea' }, second.apiKey);
    await app.post('/v1/seo/keywords/ideas', { keyword: 'not valid', definitelyNotAField: 1 }, second.apiKey);
    const cost = one.headers.get('x-cost-usd')!;

    const byKey = await app.get('/v1/account/usage?groupBy=key', first.apiKey);
    assert.equal(byKey.status, 200);
    assert.equal(byKey.body.data.rows.length, 2);
    assert.equal(byKey.body.data.totals.calls, 2, 'the refused call is not counted');
    assert.equal(byKey.body.data.totals.costUsd, 2 * Number(cost));
    const byEndpoint = await app.get('/v1/account/usage?groupBy=endpoint', first.apiKey);
    // The usage call before this one is a (free) call too.
    assert.deepEqual(byEndpoint.body.data.rows.map((row: { group: string; calls: number }) => [row.group, row.calls]), [['account.usage', 1], ['seo.keyword_ideas', 2]]);
    assert.equal((await app.get('/v1/account/usage?from=2026-12-01&to=2026-11-01', first.apiKey)).status, 400);
    assert.equal((await app.get('/v1/account/usage?from=2026-02-30', first.apiKey)).body.error.message, 'from: must be a day, YYYY-MM-DD (a date that exists)');
    assert.equal((await app.get('/v1/account/usage?keyId=bad', first.apiKey)).body.error.message, 'keyId: must be an API key id (key_…), as GET /v1/account and the dashboard show it');

    const page = await client.get('/dashboard/usage');
    assert.match(page.text, /<svg class="chart"/);
    assert.match(page.text, /seo\.keyword_ideas/);
    const csv = await client.get('/dashboard/usage.csv');
    assert.match(csv.headers.get('content-type') ?? '', /text\/csv/);
    assert.match(csv.text, new RegExp(`endpoint,seo\\.keyword_ideas,2,`));
    assert.ok(Number(cost) > 0);
  });

  test('billing pages the ledger; prices list every endpoint with its price and link to /docs', async () => {
    const client = await signUp(app);
    const billing = await client.get('/dashboard/billing');
    assert.match(billing.text, /credit/);
    assert.match(billing.text, /contact the operator/);
    const prices = await client.get('/dashboard/prices');
    assert.match(prices.text, /POST \/v1\/seo\/keywords\/ideas/);
    assert.match(prices.text, /href="\/docs/);
  });

  test('pages need a session: without one they redirect to the log-in page', async () => {
    const visitor = new PageClient(app.baseUrl);
    for (const path of ['/dashboard', '/dashboard/keys', '/dashboard/usage', '/dashboard/billing', '/dashboard/prices', '/dashboard/usage.csv']) {
      const response = await visitor.get(path);
      assert.equal(response.status, 303, path);
      assert.equal(response.headers.get('location'), '/dashboard/login');
    }
  });

  test("a body the pages cannot read is the client's error (415, 413), not a failure of the server", async () => {
    const post = (headers: Record<string, string>, body: string) => fetch(`${app.baseUrl}/dashboard/login`, { method: 'POST', headers, body });
    const wrongType = await post({ 'content-type': 'text/plain' }, 'email=a@example.com');
    assert.equal(wrongType.status, 415);
    assert.match(await wrongType.text(), /must be sent as application\/x-www-form-urlencoded; nothing was changed/);
    const tooLarge = await post({ 'content-type': 'application/x-www-form-urlencoded' }, `email=${'a'.repeat(20_000)}`);
    assert.equal(tooLarge.status, 413);
    assert.match(await tooLarge.text(), /too large/);
  });

  test('password reset: a single-use link (logged when there is no SMTP), the same answer for unknown addresses, sessions ended', async () => {
    const email = uniqueEmail();
    const client = await signUp(app, email);
    const forgot = new PageClient(app.baseUrl);
    await forgot.get('/dashboard/forgot');
    const unknownEmail = uniqueEmail();
    const unknown = await forgot.post('/dashboard/forgot', { email: unknownEmail });
    // The sender chooses the Host (and, through the trusted proxy, X-Forwarded-Host): the link must not follow them.
    const known = await forgot.post('/dashboard/forgot', { email }, { headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' } });
    assert.equal(unknown.text.replace(/value="[^"]+"/g, ''), known.text.replace(/value="[^"]+"/g, ''));
    const link = (await mailsSent(sent, (message) => message.to === email && message.purpose === 'reset'))[0]!;
    assert.equal(sent.filter((message) => message.to === unknownEmail).length, 0);
    assert.equal(link.purpose, 'reset');
    assert.ok(link.link.startsWith(`${app.baseUrl}/dashboard/reset?token=`), link.link);
    const path = new URL(link.link).pathname + new URL(link.link).search;
    const token = new URL(link.link).searchParams.get('token')!;
    assert.equal((await forgot.get(path)).status, 200);
    assert.equal((await forgot.post('/dashboard/reset', { token, password: 'short' })).status, 400);
    const newPassword = 'another fine passphrase';
    assert.equal((await forgot.post('/dashboard/reset', { token, password: newPassword })).status, 303);
    assert.equal((await forgot.post('/dashboard/reset', { token, password: 'yet another passphrase' })).status, 400, 'used once');
    assert.equal((await client.get('/dashboard')).status, 303, 'existing sessions ended');
    assert.equal((await forgot.post('/dashboard/login', { email, password: GOOD_PASSWORD })).status, 401);
    assert.equal((await forgot.post('/dashboard/login', { email, password: newPassword })).status, 303);
  });
  test('an account the operator created (no password yet) gets one through a reset link, and logs in', async () => {
    const { accountId } = await app.createAccount('2.00');
    const email = (await app.ledger.findAccount(accountId))!.email;
    const client = new PageClient(app.baseUrl);
    await client.get('/dashboard/forgot');
    await client.post('/dashboard/forgot', { email });
    const link = (await mailsSent(sent, (message) => message.accountId === accountId)).at(-1)!;
    const token = new URL(link.link).searchParams.get('token')!;
    assert.equal((await client.post('/dashboard/reset', { token, password: GOOD_PASSWORD })).status, 303);
    assert.equal((await client.post('/dashboard/login', { email, password: GOOD_PASSWORD })).status, 303);
    assert.equal(await balanceShown(client), '$2.00');
    // The reset link proved the address: the Overview does not ask for it again.
    assert.doesNotMatch((await client.get('/dashboard')).text, /not confirmed/);
  });

  test('without SMTP an unverified address is said so, and a new link goes to the server log (the test mailer) for the operator', async () => {
    const client = await signUp(app);
    const overview = await client.get('/dashboard');
    assert.match(overview.text, /Your e-mail address is not confirmed yet\. This service sends no e-mail: its operator passes confirmation links on\./);
    assert.doesNotMatch(overview.text, /link we sent you|credit comes with it/);
    const accountId = sent.at(-1)!.accountId;
    const before = sent.length;
    const asked = await client.post('/dashboard/verify/resend', {});
    assert.equal(asked.status, 303);
    assert.match((await client.get(asked.headers.get('location')!)).text, /A new link was made; the operator of this service passes it on to you\./);
    assert.equal(sent.length, before + 1);
    assert.deepEqual({ accountId: sent.at(-1)!.accountId, purpose: sent.at(-1)!.purpose }, { accountId, purpose: 'verify' });
  });
});

describe(`the dashboard's verification links with SMTP (${testDatabaseLabel()})`, () => {
  let app: TestApp;
  const clock = manualClock(Date.now());
  const { mailer, sent } = capturingMailer(true);
  const linksTo = (email: string, purpose: SentLink['purpose']) => sent.filter((message) => message.to === email && message.purpose === purpose);
  const tokenOf = (message: SentLink) => new URL(message.link).searchParams.get('token')!;
  before(async () => {
    app = await startTestApp({ mailer, clock: clock.now }, { TOLLGATE_TRUST_PROXY: '127.0.0.1' });
  });
  after(async () => app.close());

  test('an expired link: the Overview says no link is out, the button mails a new one that verifies and credits; asking is limited per account', async () => {
    const email = uniqueEmail();
    const client = await signUp(app, email);
    assert.match((await client.get('/dashboard')).text, /with the link we sent you \(valid until .+ UTC\): the sign-up credit comes with it\./);
    const first = linksTo(email, 'verify')[0]!;
    clock.advance(49 * 3_600_000);
    const expired = (await client.get('/dashboard')).text;
    assert.doesNotMatch(expired, /link we sent you/);
    assert.match(expired, /not confirmed yet: ask for a link below: the sign-up credit comes with it\./);
    assert.match(expired, /Send me a link/);
    assert.equal((await client.post('/dashboard/verify', { token: tokenOf(first) })).status, 400, 'the old link has expired');

    // Five an hour per account; the sixth is refused and sends nothing.
    const outcomes: string[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) outcomes.push((await client.post('/dashboard/verify/resend', {})).headers.get('location')!);
    assert.deepEqual(outcomes, [...Array<string>(5).fill('/dashboard?verification=sent'), '/dashboard?verification=limited']);
    assert.match((await client.get('/dashboard?verification=limited')).text, /try again later/);
    assert.equal(linksTo(email, 'verify').length, 6, 'the sign-up link and five more');
    // Another account is not held back by this one's requests.
    const other = await signUp(app);
    assert.equal((await other.post('/dashboard/verify/resend', {})).headers.get('location'), '/dashboard?verification=sent');

    // Earlier links stay valid until they expire; any one verifies, once, with the credit.
    const links = linksTo(email, 'verify');
    assert.equal((await client.post('/dashboard/verify', { token: tokenOf(links[2]!) })).status, 200);
    assert.equal(await balanceShown(client), '$5.00');
    assert.equal((await client.post('/dashboard/verify', { token: tokenOf(links[5]!) })).status, 200, 'a later link still confirms');
    assert.equal(await balanceShown(client), '$5.00', 'the credit comes once');
  });

  test('a password reset through the mailed link verifies the address: a self-signed-up account gets its sign-up credit with it, once', async () => {
    const email = uniqueEmail();
    await signUp(app, email);
    const forgot = new PageClient(app.baseUrl);
    await forgot.get('/dashboard/forgot');
    await forgot.post('/dashboard/forgot', { email });
    await mailsSent(sent, (message) => message.to === email && message.purpose === 'reset');
    assert.equal((await forgot.post('/dashboard/reset', { token: tokenOf(linksTo(email, 'reset').at(-1)!), password: GOOD_PASSWORD })).status, 303);
    assert.equal((await forgot.post('/dashboard/login', { email, password: GOOD_PASSWORD })).status, 303);
    const overview = await forgot.get('/dashboard');
    assert.doesNotMatch(overview.text, /not confirmed|Confirm your e-mail address/);
    assert.equal(await balanceShown(forgot), '$5.00');
    // The verification link mailed at sign-up, followed afterwards, gives nothing more.
    assert.equal((await forgot.post('/dashboard/verify', { token: tokenOf(linksTo(email, 'verify')[0]!) })).status, 200);
    assert.equal(await balanceShown(forgot), '$5.00');
  });

  test('an account the operator created is verified by its first password\'s reset link, without a sign-up credit', async () => {
    const { accountId } = await app.createAccount('2.00');
    const email = (await app.ledger.findAccount(accountId))!.email;
    const client = new PageClient(app.baseUrl);
    await client.get('/dashboard/forgot');
    await client.post('/dashboard/forgot', { email });
    await mailsSent(sent, (message) => message.to === email && message.purpose === 'reset');
    assert.equal((await client.post('/dashboard/reset', { token: tokenOf(linksTo(email, 'reset').at(-1)!), password: GOOD_PASSWORD })).status, 303);
    assert.equal((await client.post('/dashboard/login', { email, password: GOOD_PASSWORD })).status, 303);
    const overview = await client.get('/dashboard');
    assert.doesNotMatch(overview.text, /not confirmed|Confirm your e-mail address|credit comes with it/);
    assert.equal(await balanceShown(client), '$2.00');
    assert.equal(await app.ledgerSum(accountId), 2_000_000);
  });

  test('a second account of a credited mailbox is not promised the credit', async () => {
    const first = uniqueEmail('gmail.com');
    const client = await signUp(app, first);
    assert.equal((await client.post('/dashboard/verify', { token: tokenOf(linksTo(first, 'verify')[0]!) })).status, 200);
    const alias = first.replace('@', '+again@');
    const second = await signUp(app, alias);
    const overview = (await second.get('/dashboard')).text;
    assert.match(overview, /Confirm your e-mail address with the link we sent you \(valid until .+ UTC\)\./);
    assert.doesNotMatch(overview, /credit comes with it/);
  });
});

describe(`the dashboard with SMTP and behind HTTPS (${testDatabaseLabel()})`, () => {
  let app: TestApp;
  const { mailer, sent } = capturingMailer(true);
  before(async () => {
    app = await startTestApp({ mailer }, { TOLLGATE_TRUST_PROXY: '127.0.0.1', TOLLGATE_PUBLIC_URL: 'https://api.example.com' });
  });
  after(async () => app.close());

  test('the credit comes with the verified address, once; cookies are Secure; links use the public URL', async () => {
    const email = uniqueEmail();
    const client = new PageClient(app.baseUrl);
    const first = await client.get('/dashboard/signup');
    assert.match(first.setCookies[0]!, /; Secure/);
    await client.post('/dashboard/signup', { email, password: GOOD_PASSWORD });
    const loggedIn = await client.post('/dashboard/login', { email, password: GOOD_PASSWORD });
    assert.match(loggedIn.setCookies.find((line) => line.startsWith('tg_session='))!, /; HttpOnly; SameSite=Lax; Secure/);
    assert.equal(await balanceShown(client), '$0.00');
    const link = sent.find((message) => message.to === email && message.purpose === 'verify')!;
    assert.ok(link.link.startsWith('https://api.example.com/dashboard/verify?token='));
    const token = new URL(link.link).searchParams.get('token')!;
    assert.equal((await client.post('/dashboard/verify', { token })).status, 200);
    assert.equal(await balanceShown(client), '$5.00');
    assert.equal((await client.post('/dashboard/verify', { token })).status, 400);
    assert.equal(await balanceShown(client), '$5.00');
  });
});
