import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApp, testDatabaseLabel, type TestApp } from '../helpers/test-app';
import { capturingMailer, GOOD_PASSWORD, PageClient, uniqueEmail } from '../helpers/page-client';
import { mailsSent, signUpAndLogIn } from '../helpers/dashboard-sign-up';

const ADMIN_TOKEN = 'accessible-operator-0123456789';

/** The page's <title>. */
function titleOf(page: string): string {
  return /<title>([^<]*)<\/title>/.exec(page)![1]!;
}

/** The tag of the form field named `name` (an input or a select), whole. */
function fieldTag(page: string, name: string): string {
  const tag = new RegExp(`<(?:input|select)[^>]*\\bname="${name}"[^>]*>`).exec(page);
  assert.ok(tag, `a field named ${name}`);
  return tag[0];
}

/** Whether the field named `name` is the one at fault: focused, invalid, described by the problem shown. */
function atFault(page: string, name: string): boolean {
  const tag = fieldTag(page, name);
  return / autofocus\b/.test(tag) && /aria-invalid="true"/.test(tag) && /aria-describedby="form-problem"/.test(tag);
}

/** The problem shown (the element the faulty field points to), or undefined. */
function problemOf(page: string): string | undefined {
  return /<p class="notice error" id="form-problem" role="alert">([^<]*)<\/p>/.exec(page)?.[1];
}

describe(`the dashboard's forms, tables and pages for keyboards, screen readers and narrow screens (${testDatabaseLabel()})`, () => {
  let app: TestApp;
  const { mailer, sent } = capturingMailer(false);

  before(async () => {
    app = await startTestApp({ mailer }, { TOLLGATE_TRUST_PROXY: '127.0.0.1', TOLLGATE_ADMIN_TOKEN: ADMIN_TOKEN });
  });
  after(async () => app.close());

  test('a refused new key comes back as it was sent: name, caps and areas kept, "Limits" open, the faulty cap focused and described', async () => {
    const client = await signUpAndLogIn(app.baseUrl);
    const refused = await client.post('/dashboard/keys', { name: 'production', daily_usd: 'abc', monthly_usd: '40', area_seo: 'on' });
    assert.equal(refused.status, 400);
    assert.match(problemOf(refused.text) ?? '', /^Daily cap: .* Nothing was created\.$/);
    assert.equal(titleOf(refused.text), 'Error: API keys · Tollgate');
    assert.match(fieldTag(refused.text, 'name'), /value="production"/);
    assert.match(fieldTag(refused.text, 'daily_usd'), /value="abc"/);
    assert.match(fieldTag(refused.text, 'monthly_usd'), /value="40"/);
    assert.match(refused.text, /name="area_seo" checked/);
    assert.doesNotMatch(refused.text, /name="area_maps" checked/);
    assert.match(refused.text, /<details open><summary>Limits/);
    assert.equal(atFault(refused.text, 'daily_usd'), true);
    assert.doesNotMatch(fieldTag(refused.text, 'name'), /autofocus|aria-invalid/);
    assert.doesNotMatch(fieldTag(refused.text, 'monthly_usd'), /autofocus|aria-invalid/);
    assert.deepEqual(await app.keys.list(await accountIdOf(client)), [], 'nothing was created');

    // A missing name is the name's fault; "Limits", left empty, stays closed.
    const unnamed = await client.post('/dashboard/keys', { name: '  ' });
    assert.equal(unnamed.status, 400);
    assert.match(problemOf(unnamed.text) ?? '', /^Name: /);
    assert.equal(atFault(unnamed.text, 'name'), true);
    assert.match(unnamed.text, /<details><summary>Limits/);

    // An unknown area: the group's first checkbox carries the fault (there is no field named "areas").
    const unknownArea = await client.post('/dashboard/keys', { name: 'staging', area_nowhere: 'on' });
    assert.equal(unknownArea.status, 400);
    assert.match(problemOf(unknownArea.text) ?? '', /^Areas: /);
    const firstArea = /<input type="checkbox" name="area_[^"]*"[^>]*>/.exec(unknownArea.text)?.[0] ?? '';
    assert.match(firstArea, / autofocus aria-invalid="true" aria-describedby="form-problem"/);
    assert.match(unknownArea.text, /<details open><summary>Limits/);
  });

  test('the keys page: the Create key button comes after the optional limits; no field focused and no "Error:" when nothing is wrong', async () => {
    const client = await signUpAndLogIn(app.baseUrl);
    const page = (await client.get('/dashboard/keys')).text;
    assert.equal(titleOf(page), 'API keys · Tollgate');
    assert.ok(page.indexOf('<details') < page.indexOf('>Create key</button>'), 'the button is last in the form');
    assert.doesNotMatch(page, /autofocus|aria-invalid|id="form-problem"/);
  });

  test('a refused key limit: the faulty field focused, invalid and described, the others as sent', async () => {
    const client = await signUpAndLogIn(app.baseUrl);
    await client.post('/dashboard/keys', { name: 'limited' });
    const limitsPath = /\/dashboard\/keys\/key_[A-Za-z0-9_-]+\/limits/.exec((await client.get('/dashboard/keys')).text)![0];
    const refused = await client.post(limitsPath, { daily_usd: '2', monthly_usd: 'ten' });
    assert.equal(refused.status, 400);
    assert.equal(titleOf(refused.text), 'Error: Key limits · Tollgate');
    assert.match(problemOf(refused.text) ?? '', /^Monthly cap: /);
    assert.equal(atFault(refused.text, 'monthly_usd'), true);
    assert.match(fieldTag(refused.text, 'daily_usd'), /value="2"/);
    assert.doesNotMatch(fieldTag(refused.text, 'daily_usd'), /aria-invalid/);
  });

  test('sign-up: the problem names its field, which is focused and described (the password when the password is weak)', async () => {
    const attempt = async (email: string, password: string) => {
      const client = new PageClient(app.baseUrl);
      await client.get('/dashboard/signup');
      return client.post('/dashboard/signup', { email, password });
    };
    const email = uniqueEmail();
    const weak = await attempt(email, 'short');
    assert.equal(weak.status, 400);
    assert.equal(titleOf(weak.text), 'Error: Create an account · Tollgate');
    assert.match(problemOf(weak.text) ?? '', /^Password: use at least 12 characters\.$/);
    assert.equal(atFault(weak.text, 'password'), true);
    assert.doesNotMatch(fieldTag(weak.text, 'email'), /autofocus|aria-invalid/);
    assert.match(fieldTag(weak.text, 'email'), new RegExp(`value="${email}"`));

    const throwAway = await attempt(uniqueEmail('mailinator.com'), GOOD_PASSWORD);
    assert.match(problemOf(throwAway.text) ?? '', /^E-mail: /);
    assert.equal(atFault(throwAway.text, 'email'), true);
    assert.doesNotMatch(fieldTag(throwAway.text, 'password'), /autofocus|aria-invalid/);
  });

  test('log-in: a wrong password blames no one field (that would tell which addresses have accounts); the pages without links have no navigation landmark', async () => {
    const client = new PageClient(app.baseUrl);
    const form = await client.get('/dashboard/login');
    assert.equal(titleOf(form.text), 'Log in · Tollgate');
    assert.match(fieldTag(form.text, 'email'), / autofocus/);
    assert.doesNotMatch(form.text, /<nav/);
    const wrong = await client.post('/dashboard/login', { email: uniqueEmail(), password: 'not the password at all' });
    assert.equal(wrong.status, 401);
    assert.equal(titleOf(wrong.text), 'Error: Log in · Tollgate');
    assert.doesNotMatch(wrong.text, /aria-invalid/);
    assert.match(fieldTag(wrong.text, 'email'), / autofocus/);
    // Signed in, the navigation is there.
    assert.match((await (await signUpAndLogIn(app.baseUrl)).get('/dashboard')).text, /<nav aria-label="Main"><a href="\/dashboard"/);
  });

  test('a reset link that cannot be used says so when it is opened, before a password is chosen, with the way to a new one', async () => {
    const visitor = new PageClient(app.baseUrl);
    const bogus = await visitor.get('/dashboard/reset?token=bogus');
    assert.equal(bogus.status, 400);
    assert.equal(titleOf(bogus.text), 'Error: Choose a new password · Tollgate');
    assert.match(problemOf(bogus.text) ?? '', /reset link is not valid/);
    assert.match(bogus.text, /<a href="\/dashboard\/forgot">Forgot the password\?<\/a>/);
    assert.doesNotMatch(bogus.text, /name="password"/);

    const email = uniqueEmail();
    await signUpAndLogIn(app.baseUrl, email);
    await visitor.get('/dashboard/forgot');
    await visitor.post('/dashboard/forgot', { email });
    const [mail] = await mailsSent(sent, (message) => message.to === email && message.purpose === 'reset');
    const link = new URL(mail!.link);
    const token = link.searchParams.get('token')!;
    // Opening the page checks the link without using it, however often.
    for (let round = 0; round < 2; round += 1) {
      const form = await visitor.get(link.pathname + link.search);
      assert.equal(form.status, 200);
      assert.match(fieldTag(form.text, 'password'), / autofocus/);
    }
    const weak = await visitor.post('/dashboard/reset', { token, password: 'short' });
    assert.equal(weak.status, 400);
    assert.match(problemOf(weak.text) ?? '', /^Password: /);
    assert.equal(atFault(weak.text, 'password'), true);
    assert.equal((await visitor.post('/dashboard/reset', { token, password: 'a perfectly new passphrase' })).status, 303);

    const spent = await visitor.get(link.pathname + link.search);
    assert.equal(spent.status, 400);
    assert.match(problemOf(spent.text) ?? '', /expired or was used already/);
    assert.doesNotMatch(spent.text, /name="password"/);
    const again = await visitor.post('/dashboard/reset', { token, password: 'yet another new passphrase' });
    assert.equal(again.status, 400);
    assert.match(again.text, /<a href="\/dashboard\/forgot">Forgot the password\?<\/a>/);
  });

  test('tables sit in regions that scroll sideways on their own, on the customer and operator pages', async () => {
    const client = await signUpAndLogIn(app.baseUrl);
    await client.post('/dashboard/keys', { name: 'tabled' });
    const region = /<div class="table-scroll" tabindex="0" role="region" aria-label="[^"]+"><table/g;
    for (const path of ['/dashboard/keys', '/dashboard/billing', '/dashboard/prices']) {
      const page = (await client.get(path)).text;
      assert.equal(page.match(region)?.length, page.match(/<table/g)?.length, path);
    }
    const operator = await operatorClient();
    for (const path of ['/admin/accounts', `/admin/accounts/${await accountIdOf(client)}`]) {
      const page = (await operator.get(path)).text;
      assert.ok((page.match(region)?.length ?? 0) > 0, path);
      assert.equal(page.match(region)?.length, page.match(/<table/g)?.length, path);
    }
  });

  test('the operator pages: times as on the customer pages, in UTC; a refused credit keeps the amount typed and points to it', async () => {
    const client = await signUpAndLogIn(app.baseUrl);
    await client.post('/dashboard/keys', { name: 'dated' });
    const accountId = await accountIdOf(client);
    const operator = await operatorClient();
    const stranger = new PageClient(app.baseUrl);
    await stranger.get('/admin');
    const wrongToken = await stranger.post('/admin/login', { token: 'not-the-admin-token' });
    assert.equal(titleOf(wrongToken.text), 'Error: Operator log-in · Tollgate');
    assert.equal(atFault(wrongToken.text, 'token'), true);

    const page = (await operator.get(`/admin/accounts/${accountId}`)).text;
    assert.match(page, /<th>Created \(UTC\)<\/th><th>Last used \(UTC\)<\/th><th>Revoked \(UTC\)<\/th>/);
    assert.match(page, /<td>dated<\/td><td><code>[^<]+<\/code><\/td><td>\d{4}-\d\d-\d\d \d\d:\d\d<\/td><td>—<\/td><td>—<\/td>/);
    const creditToken = /name="credit_token" value="([A-Za-z0-9_-]+)"/.exec(page)![1]!;
    const refused = await operator.post(`/admin/accounts/${accountId}/credit`, { credit_token: creditToken, usd: '12,50' });
    assert.equal(refused.status, 400);
    assert.equal(titleOf(refused.text), `Error: Account ${accountId} · Tollgate`);
    assert.match(problemOf(refused.text) ?? '', /^Credit \(USD\): /);
    assert.equal(atFault(refused.text, 'usd'), true);
    assert.match(fieldTag(refused.text, 'usd'), /value="12,50"/);

    assert.equal((await operator.post(`/admin/accounts/${accountId}/suspend`, { reason: 'a test' })).status, 303);
    assert.match((await operator.get(`/admin/accounts/${accountId}`)).text, /<strong>Suspended<\/strong> since \d{4}-\d\d-\d\d \d\d:\d\d UTC \(a test\)/);
  });

  test('usage: a refused range stays in the form as asked, the "From" field focused and described', async () => {
    const client = await signUpAndLogIn(app.baseUrl);
    const page = await client.get('/dashboard/usage?from=2026-11-20&to=2026-01-01');
    assert.equal(page.status, 200);
    assert.equal(titleOf(page.text), 'Error: Usage · Tollgate');
    assert.match(problemOf(page.text) ?? '', /^From: /);
    assert.equal(atFault(page.text, 'from'), true);
    assert.match(fieldTag(page.text, 'from'), /value="2026-11-20"/);
    assert.match(fieldTag(page.text, 'to'), /value="2026-01-01"/);
  });

  test('the stylesheet: a focus ring of at least 3:1 on every focusable part (the "Limits" summary and the table regions too); fields in normal weight', async () => {
    const css = await (await fetch(`${app.baseUrl}/dashboard/assets/app.css`)).text();
    const focus = /^([^{]*summary:focus[^{]*)\{([^}]*)\}/m.exec(css);
    assert.ok(focus, 'a focus rule that includes summary');
    assert.match(focus[1]!, /\.table-scroll:focus/);
    assert.match(focus[2]!, /outline: 3px solid var\(--accent\)/);
    assert.match(css, /--accent: #0b5cad/);
    assert.match(css, /\.table-scroll \{ overflow-x: auto; \}/);
    assert.match(css, /input, select \{[^}]*font-weight: 400/);
  });

  async function operatorClient(): Promise<PageClient> {
    const operator = new PageClient(app.baseUrl);
    await operator.get('/admin');
    assert.equal((await operator.post('/admin/login', { token: ADMIN_TOKEN })).status, 303);
    return operator;
  }

  /** The account of a signed-in client, from the session cookie's row. */
  async function accountIdOf(client: PageClient): Promise<string> {
    const overview = await client.get('/dashboard');
    const email = /<span class="who">([^<]+)<\/span>/.exec(overview.text)![1]!;
    const row = await app.store.db.selectFrom('accounts').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    return row.id;
  }
});
