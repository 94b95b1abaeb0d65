import { createHash } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { manualClock, startTestApp, testDatabaseLabel, type TestApp } from '../helpers/test-app';
import { capturingMailer, GOOD_PASSWORD, PageClient, uniqueEmail, type SentLink } from '../helpers/page-client';

const ADMIN_TOKEN = 'operator-secret-0123456789';

/** The mails sent to `to` once there are `count` (forgot sends after it answered). */
async function mailsTo(sent: readonly SentLink[], to: string, count = 1): Promise<SentLink[]> {
  for (let round = 0; round < 400; round += 1) {
    const mails = sent.filter((mail) => mail.to === to);
    if (mails.length >= count) return mails;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  assert.fail(`${count} mail(s) to ${to} never came`);
}

const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

async function signUp(app: TestApp, email: string, password = GOOD_PASSWORD) {
  const client = new PageClient(app.baseUrl);
  await client.get('/dashboard/signup');
  return { client, response: await client.post('/dashboard/signup', { email, password }) };
}

async function logIn(client: PageClient, email: string, password = GOOD_PASSWORD) {
  if (!client.cookies.has('tg_csrf')) await client.get('/dashboard/login');
  return client.post('/dashboard/login', { email, password });
}

async function resetPassword(app: TestApp, link: string, password: string) {
  const client = new PageClient(app.baseUrl);
  await client.get(`/dashboard/reset?token=${tokenOf(link)}`);
  return client.post('/dashboard/reset', { token: tokenOf(link), password });
}

describe(`dashboard security, mail sent (${testDatabaseLabel()})`, () => {
  let app: TestApp;
  const { mailer, sent } = capturingMailer(true);

  before(async () => {
    app = await startTestApp({ mailer }, { TOLLGATE_TRUST_PROXY: '127.0.0.1', TOLLGATE_SIGNUPS_PER_ADDRESS_PER_HOUR: '100' });
  });
  after(async () => app.close());

  test('an unverified address makes no API key: the page says why and offers a new link; verified, it does', async () => {
    const email = uniqueEmail();
    const { client } = await signUp(app, email);
    assert.equal((await logIn(client, email)).status, 303);
    const keys = await client.get('/dashboard/keys');
    assert.match(keys.text, /Confirm your e-mail address before you make a key/);
    assert.match(keys.text, /action="\/dashboard\/verify\/resend"/);
    const refused = await client.post('/dashboard/keys', { name: 'early' });
    assert.equal(refused.status, 403);
    assert.doesNotMatch(refused.text, /data-testid="new-key"/);
    const accountId = (await mailsTo(sent, email))[0]!.accountId;
    assert.deepEqual(await app.store.db.selectFrom('api_keys').select('id').where('account_id', '=', accountId).execute(), []);

    const verifyLink = sent.find((mail) => mail.to === email && mail.purpose === 'verify')!.link;
    assert.equal((await client.post('/dashboard/verify', { token: tokenOf(verifyLink) })).status, 200);
    const created = await client.post('/dashboard/keys', { name: 'verified' });
    assert.equal(created.status, 200);
    const apiKey = /data-testid="new-key">([^<]+)</.exec(created.text)![1]!;
    assert.equal((await app.get('/v1/account', apiKey)).status, 200);
  });

  test('sign-up with an address that has an account answers as a new sign-up and mails the owner a notice with a reset link', async () => {
    const owner = uniqueEmail();
    const first = await signUp(app, owner);
    const taken = await signUp(app, owner, 'another good password 77');
    const fresh = await signUp(app, uniqueEmail());
    for (const { response } of [first, taken, fresh]) {
      assert.equal(response.status, 303);
      assert.equal(response.headers.get('location'), '/dashboard/login?done=signup');
      assert.equal(response.setCookies.some((line) => line.startsWith('tg_session=')), false, 'no session: the account logs in');
    }
    assert.equal(taken.response.text, fresh.response.text);
    const landing = await taken.client.get('/dashboard/login?done=signup');
    assert.match(landing.text, /Check your mail/);
    assert.doesNotMatch(landing.text, /already exists/);

    const mails = await mailsTo(sent, owner, 2);
    assert.deepEqual(mails.map((mail) => mail.purpose), ['verify', 'taken']);
    // The notice's link resets the owner's password; the second sign-up's password never worked.
    assert.equal((await logIn(new PageClient(app.baseUrl), owner, 'another good password 77')).status, 401);
    assert.equal((await resetPassword(app, mails[1]!.link, 'a fresh owner password 9')).status, 303);
    assert.equal((await logIn(new PageClient(app.baseUrl), owner, 'a fresh owner password 9')).status, 303);
  });

  test('a reset request is answered before its mail is sent', { timeout: 30_000 }, async () => {
    const email = uniqueEmail();
    await signUp(app, email);
    await mailsTo(sent, email);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const send = mailer.send;
    let started = 0;
    mailer.send = async (message) => {
      started += 1;
      await gate;
      return send(message);
    };
    try {
      const client = new PageClient(app.baseUrl);
      await client.get('/dashboard/forgot');
      const answer = await client.post('/dashboard/forgot', { email });
      assert.equal(answer.status, 200);
      assert.match(answer.text, /If an account has this address, a reset link is on its way/);
      // The mail goes out after the answer: it is asked for, and held, while the answer is already here.
      for (let round = 0; round < 400 && started === 0; round += 1) await new Promise((resolve) => setTimeout(resolve, 25));
      assert.equal(started, 1);
      assert.equal(sent.filter((mail) => mail.to === email && mail.purpose === 'reset').length, 0);
    } finally {
      release();
      mailer.send = send;
    }
    assert.equal((await mailsTo(sent, email, 2))[1]!.purpose, 'reset');
  });

  test('a completed reset voids every other reset link of the account', async () => {
    const email = uniqueEmail();
    await signUp(app, email);
    for (const _ of [1, 2]) {
      const client = new PageClient(app.baseUrl);
      await client.get('/dashboard/forgot');
      assert.equal((await client.post('/dashboard/forgot', { email })).status, 200);
    }
    const links = (await mailsTo(sent, email, 3)).filter((mail) => mail.purpose === 'reset').map((mail) => mail.link);
    assert.equal(links.length, 2);
    assert.equal((await resetPassword(app, links[1]!, 'the newest password 123')).status, 303);
    const older = await resetPassword(app, links[0]!, 'an attacker password 456');
    assert.equal(older.status, 400);
    assert.match(older.text, /expired or was used already/);
    assert.equal((await logIn(new PageClient(app.baseUrl), email, 'the newest password 123')).status, 303);
  });

  test('wrong passwords from one address do not lock the owner out elsewhere; a success clears that address’s count', async () => {
    const email = uniqueEmail();
    await signUp(app, email);
    const guesser = new PageClient(app.baseUrl);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) statuses.push((await logIn(guesser, email, `wrong password ${attempt} xyz`)).status);
    assert.deepEqual(statuses, [...Array<number>(10).fill(401), 429]);
    assert.equal((await logIn(guesser, email)).status, 429, 'the right password too, from the guessing address');
    assert.ok(Number((await logIn(guesser, email)).headers.get('retry-after')) >= 1);
    assert.equal((await logIn(new PageClient(app.baseUrl), email)).status, 303, 'the owner from another address logs in');

    // The owner mistyping: a success starts the count of that address over.
    const owner = new PageClient(app.baseUrl);
    for (let attempt = 0; attempt < 9; attempt += 1) assert.equal((await logIn(owner, email, `typo ${attempt} password`)).status, 401);
    assert.equal((await logIn(owner, email)).status, 303);
    for (let attempt = 0; attempt < 9; attempt += 1) assert.equal((await logIn(owner, email, `typo again ${attempt} password`)).status, 401);
  });

  test('guessing spread over many addresses meets the per-account limit', { timeout: 120_000 }, async () => {
    const email = uniqueEmail();
    await signUp(app, email);
    const statuses: number[] = [];
    for (let address = 0; address < 11; address += 1) {
      const guesser = new PageClient(app.baseUrl);
      for (let attempt = 0; attempt < 10; attempt += 1) statuses.push((await logIn(guesser, email, `spread ${address} ${attempt} guess`)).status);
    }
    assert.deepEqual(statuses, [...Array<number>(100).fill(401), ...Array<number>(10).fill(429)]);
    assert.equal((await logIn(new PageClient(app.baseUrl), email)).status, 429);
  });
});

describe(`dashboard security, no SMTP: a reset revokes the keys made before the address was verified (${testDatabaseLabel()})`, () => {
  let app: TestApp;
  const { mailer, sent } = capturingMailer(false);

  before(async () => {
    app = await startTestApp({ mailer }, { TOLLGATE_TRUST_PROXY: '127.0.0.1', TOLLGATE_SIGNUPS_PER_ADDRESS_PER_HOUR: '100' });
  });
  after(async () => app.close());

  test('the pre-hijacker’s key stops working when the owner resets; the operator’s keys stay', async () => {
    const victim = uniqueEmail();
    const { client: attacker } = await signUp(app, victim);
    assert.equal((await logIn(attacker, victim)).status, 303);
    const created = await attacker.post('/dashboard/keys', { name: 'attacker' });
    assert.equal(created.status, 200, 'no SMTP: an unverified address may make keys');
    const attackerKey = /data-testid="new-key">([^<]+)</.exec(created.text)![1]!;
    const accountId = (await mailsTo(sent, victim))[0]!.accountId;
    const operatorKey = await app.keys.issue(accountId);
    assert.equal((await app.get('/v1/account', attackerKey)).status, 200);

    const forgot = new PageClient(app.baseUrl);
    await forgot.get('/dashboard/forgot');
    await forgot.post('/dashboard/forgot', { email: victim });
    const link = (await mailsTo(sent, victim, 2))[1]!.link;
    const reset = await resetPassword(app, link, 'the real owner password 1');
    assert.equal(reset.status, 303);
    assert.equal(reset.headers.get('location'), '/dashboard/login?done=reset-revoked');
    const told = await new PageClient(app.baseUrl).get(reset.headers.get('location')!);
    assert.match(told.text, /API keys made before your address was confirmed are revoked/);

    assert.equal((await app.get('/v1/account', attackerKey)).status, 401);
    assert.equal((await app.get('/v1/account', operatorKey.apiKey)).status, 200, 'a key the operator issued stays');
    // Keys made once the address is verified survive a later reset.
    const owner = new PageClient(app.baseUrl);
    assert.equal((await logIn(owner, victim, 'the real owner password 1')).status, 303);
    const later = /data-testid="new-key">([^<]+)</.exec((await owner.post('/dashboard/keys', { name: 'owner' })).text)![1]!;
    await forgot.post('/dashboard/forgot', { email: victim });
    const second = await resetPassword(app, (await mailsTo(sent, victim, 3))[2]!.link, 'another owner password 2');
    assert.equal(second.headers.get('location'), '/dashboard/login?done=reset');
    assert.equal((await app.get('/v1/account', later)).status, 200);
  });

  test('an account the operator created keeps its key through its first reset', async () => {
    const { accountId, apiKey } = await app.createAccount('1.00');
    const { email } = await app.store.db.selectFrom('accounts').select('email').where('id', '=', accountId).executeTakeFirstOrThrow();
    const forgot = new PageClient(app.baseUrl);
    await forgot.get('/dashboard/forgot');
    await forgot.post('/dashboard/forgot', { email });
    const reset = await resetPassword(app, (await mailsTo(sent, email))[0]!.link, 'the operator account pw 3');
    assert.equal(reset.headers.get('location'), '/dashboard/login?done=reset');
    assert.equal((await app.get('/v1/account', apiKey)).status, 200);
  });
});

describe(`the operator's session (${testDatabaseLabel()})`, () => {
  let app: TestApp;
  const clock = manualClock(Date.now());

  before(async () => {
    app = await startTestApp({ clock: clock.now }, { TOLLGATE_ADMIN_TOKEN: ADMIN_TOKEN, TOLLGATE_TRUST_PROXY: '127.0.0.1' });
  });
  after(async () => app.close());

  async function operatorSession(): Promise<PageClient> {
    const operator = new PageClient(app.baseUrl);
    await operator.get('/admin');
    assert.equal((await operator.post('/admin/login', { token: ADMIN_TOKEN })).status, 303);
    return operator;
  }

  const withCookie = (cookie: string) => fetch(`${app.baseUrl}/admin/accounts`, { headers: { cookie: `tg_admin=${encodeURIComponent(cookie)}` } }).then((response) => response.text());

  test('each log-in gets a random session, ended by log-out and by its 12 hours, never derived from the token', async () => {
    const derived = createHash('sha256').update(`tollgate-admin-session:${ADMIN_TOKEN}`).digest('base64url');
    assert.match(await withCookie(derived), /Operator log-in/, 'the old derived value opens nothing');
    const first = await operatorSession();
    const second = await operatorSession();
    const firstCookie = first.cookies.get('tg_admin')!;
    assert.notEqual(firstCookie, second.cookies.get('tg_admin'));
    assert.notEqual(firstCookie, derived);
    assert.match(await withCookie(firstCookie), /<h1>Accounts</);

    assert.equal((await first.post('/admin/logout', {})).status, 303);
    assert.match(await withCookie(firstCookie), /Operator log-in/, 'logged out, the cookie opens nothing');
    assert.match((await second.get('/admin/accounts')).text, /<h1>Accounts</, 'the other session goes on');

    clock.advance(12 * 3_600_000 + 1_000);
    assert.match((await second.get('/admin/accounts')).text, /Operator log-in/, 'expired on the server');
  });
});

describe(`dashboard sign-ups closed by the operator (${testDatabaseLabel()})`, () => {
  let app: TestApp;
  const { mailer, sent } = capturingMailer(true);
  before(async () => {
    app = await startTestApp({ mailer }, { TOLLGATE_SIGNUPS: 'closed' });
  });
  after(async () => app.close());

  test('TOLLGATE_SIGNUPS=closed: the sign-up page and form say to ask the operator (403), nothing is created or mailed, and the log-in page offers no sign-up', async () => {
    const client = new PageClient(app.baseUrl);
    const page = await client.get('/dashboard/signup');
    assert.equal(page.status, 403);
    assert.match(page.text, /Sign-ups are closed on this server: ask its operator for an account\./);
    assert.doesNotMatch(page.text, /action="\/dashboard\/signup"/);
    const email = uniqueEmail();
    const posted = await client.post('/dashboard/signup', { email, password: GOOD_PASSWORD });
    assert.equal(posted.status, 403);
    assert.deepEqual(await app.store.db.selectFrom('accounts').select('id').where('email', '=', email).execute(), []);
    assert.equal(sent.length, 0);
    const logIn = await client.get('/dashboard/login');
    assert.doesNotMatch(logIn.text, /href="\/dashboard\/signup"/);
  });
});
