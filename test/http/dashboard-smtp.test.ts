import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApp, testDatabaseLabel, type TestApp } from '../helpers/test-app';
import { GOOD_PASSWORD, PageClient, uniqueEmail } from '../helpers/page-client';
import { startFakeSmtpServer } from '../fakes/smtp-server';
import { refuseInserts } from '../helpers/refused-writes';

describe(`the dashboard's mail through SMTP (nodemailer to a fake server on loopback, ${testDatabaseLabel()})`, () => {
  let app: TestApp;
  let smtp: Awaited<ReturnType<typeof startFakeSmtpServer>>;

  before(async () => {
    smtp = await startFakeSmtpServer();
    app = await startTestApp({}, { TOLLGATE_SMTP_URL: smtp.url, TOLLGATE_MAIL_FROM: 'Tollgate <billing@tollgate.test>', TOLLGATE_TRUST_PROXY: '127.0.0.1' });
  });
  after(async () => {
    await app.close();
    await smtp.close();
  });

  test('sign-up mails the verification link; the credit comes with the verified address; a reset link is mailed too', async () => {
    const email = uniqueEmail();
    const client = new PageClient(app.baseUrl);
    await client.get('/dashboard/signup');
    assert.equal((await client.post('/dashboard/signup', { email, password: GOOD_PASSWORD })).status, 303);
    const overview = await client.get('/dashboard');
    assert.match(overview.text, /data-testid="balance">\$0\.00</);

    const mail = smtp.received.find((message) => message.to.includes(email))!;
    assert.ok(mail, 'a message to the new address');
    assert.equal(mail.from, 'billing@tollgate.test');
    assert.match(mail.data, /Subject: Confirm your e-mail address/);
    // Long lines may be soft-wrapped (quoted-printable): undo it before reading the link.
    const body = mail.data.replace(/=\n/g, '').replace(/=3D/g, '=');
    const token = /\/dashboard\/verify\?token=([A-Za-z0-9_-]{43})/.exec(body)![1]!;
    assert.equal((await client.post('/dashboard/verify', { token })).status, 200);
    assert.match((await client.get('/dashboard')).text, /data-testid="balance">\$5\.00</);

    const forgot = new PageClient(app.baseUrl);
    await forgot.get('/dashboard/forgot');
    await forgot.post('/dashboard/forgot', { email });
    const reset = smtp.received.filter((message) => message.to.includes(email)).at(-1)!;
    assert.match(reset.data, /Subject: Reset your password/);
  });

  test('a verification whose credit fails leaves nothing done — the link unused, the address unverified, the mailbox unclaimed — and followed again it verifies and credits', async () => {
    const email = uniqueEmail();
    const client = new PageClient(app.baseUrl);
    await client.get('/dashboard/signup');
    assert.equal((await client.post('/dashboard/signup', { email, password: GOOD_PASSWORD })).status, 303);
    const mail = smtp.received.find((message) => message.to.includes(email))!;
    const token = /\/dashboard\/verify\?token=([A-Za-z0-9_-]{43})/.exec(mail.data.replace(/=\n/g, '').replace(/=3D/g, '='))![1]!;

    const refused = await refuseInserts(app.store, 'ledger_entries', { name: 'refuse_signup_credit', when: "new.request_id like 'signup_credit_%'", message: 'the credit fails' });
    try {
      assert.equal((await client.post('/dashboard/verify', { token })).status, 500);
    } finally {
      await refused.restore();
    }
    const credential = await app.store.db.selectFrom('credentials').select(['account_id', 'verified_at']).where('email', '=', email).executeTakeFirstOrThrow();
    assert.equal(credential.verified_at, null);
    const claims = await app.store.db.selectFrom('signup_credits').selectAll().where('account_id', '=', credential.account_id).execute();
    assert.deepEqual(claims, [], 'the mailbox is not claimed without its credit');

    // The same link again: verified and credited, once.
    assert.equal((await client.post('/dashboard/verify', { token })).status, 200);
    assert.match((await client.get('/dashboard')).text, /data-testid="balance">\$5\.00</);
    assert.equal((await client.post('/dashboard/verify', { token })).status, 400, 'a link works once');
  });
});
