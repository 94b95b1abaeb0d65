import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApp, testDatabaseLabel, type TestApp } from '../helpers/test-app';
import { GOOD_PASSWORD, PageClient, uniqueEmail } from '../helpers/page-client';
import { mailsSent } from '../helpers/dashboard-sign-up';
import { startFakeSmtpServer } from '../fakes/smtp-server';
import { refuseInserts } from '../helpers/refused-writes';
import { mailFailure, smtpMailer } from '../../src/dashboard/mailer';
import type { FastifyBaseLogger } from 'fastify';

/** The verification token in a received message (long lines may be soft-wrapped: quoted-printable). */
function verificationToken(data: string): string {
  return /\/dashboard\/verify\?token=([A-Za-z0-9_-]{43})/.exec(data.replace(/=\n/g, '').replace(/=3D/g, '='))![1]!;
}

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
    assert.equal((await client.post('/dashboard/login', { email, password: GOOD_PASSWORD })).status, 303);
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
    const reset = (await mailsSent(smtp.received, (message) => message.to.includes(email), 2)).at(-1)!;
    assert.match(reset.data, /Subject: Reset your password/);
  });

  test('a verification mail the server refuses: the Overview says so (not that a link was sent); a new link is asked for there, and it verifies and credits', async () => {
    const email = uniqueEmail();
    const client = new PageClient(app.baseUrl);
    await client.get('/dashboard/signup');
    smtp.refuseRecipients = true;
    let signedUp;
    try {
      signedUp = await client.post('/dashboard/signup', { email, password: GOOD_PASSWORD });
    } finally {
      smtp.refuseRecipients = false;
    }
    // Answered as any sign-up is (it tells nothing of the address); logged in, the Overview says no link is out.
    assert.equal(signedUp.status, 303);
    assert.equal(signedUp.headers.get('location'), '/dashboard/login?done=signup');
    assert.equal((await client.post('/dashboard/login', { email, password: GOOD_PASSWORD })).status, 303);
    const failed = await client.get('/dashboard');
    assert.doesNotMatch(failed.text, /link we sent you/);
    assert.match(failed.text, /not confirmed yet: ask for a link below: the sign-up credit comes with it\./);
    // Reloaded later, the page still says no link is out.
    assert.doesNotMatch((await client.get('/dashboard')).text, /link we sent you/);
    assert.equal(smtp.received.filter((message) => message.to.includes(email)).length, 0);

    // The button: CSRF-checked like every form, then a fresh link, mailed.
    assert.equal((await client.post('/dashboard/verify/resend', {}, { csrf: false })).status, 403);
    assert.equal(smtp.received.filter((message) => message.to.includes(email)).length, 0, 'nothing sent without the CSRF token');
    const resent = await client.post('/dashboard/verify/resend', {});
    assert.equal(resent.status, 303);
    const overview = await client.get(resent.headers.get('location')!);
    assert.match(overview.text, new RegExp(`A new link is on its way to ${email.replace('.', '\\.')}`));
    assert.match(overview.text, /Confirm your e-mail address with the link we sent you \(valid until [0-9-]+ [0-9:]+ UTC\): the sign-up credit comes with it\./);
    const mails = smtp.received.filter((message) => message.to.includes(email));
    assert.equal(mails.length, 1);
    assert.equal((await client.post('/dashboard/verify', { token: verificationToken(mails[0]!.data) })).status, 200);
    const verified = await client.get('/dashboard');
    assert.match(verified.text, /data-testid="balance">\$5\.00</);
    assert.doesNotMatch(verified.text, /not confirmed|Confirm your e-mail address/);
    // Verified, the button does nothing more.
    assert.equal((await client.post('/dashboard/verify/resend', {})).status, 303);
    assert.equal(smtp.received.filter((message) => message.to.includes(email)).length, 1);
  });

  test('a refused send is logged with its SMTP code and the account id, never the address', async () => {
    const lines: Array<{ fields: Record<string, unknown>; message: string }> = [];
    const log = { error: (fields: Record<string, unknown>, message: string) => void lines.push({ fields, message }) } as unknown as FastifyBaseLogger;
    const mailer = smtpMailer(smtp.url, 'billing@tollgate.test', log);
    const email = uniqueEmail();
    smtp.refuseRecipients = true;
    try {
      await assert.rejects(mailer.send({ accountId: 'acct_refused', to: email, purpose: 'verify', link: 'https://api.example.com/dashboard/verify?token=x' }));
    } finally {
      smtp.refuseRecipients = false;
    }
    assert.equal(lines.length, 1);
    assert.equal(lines[0]!.message, 'dashboard: could not send mail');
    assert.equal(lines[0]!.fields.accountId, 'acct_refused');
    assert.equal(lines[0]!.fields.responseCode, 550);
    assert.match(String(lines[0]!.fields.failure), /Recipient address rejected/);
    assert.ok(!JSON.stringify(lines[0]!.fields).includes(email), JSON.stringify(lines[0]!.fields));
    assert.equal(mailFailure(new Error('550 <jane.doe+x@example.com>: no such user')).failure, '550 <[address]>: no such user');
  });

  test('a verification whose credit fails leaves nothing done — the link unused, the address unverified, the mailbox unclaimed — and followed again it verifies and credits', async () => {
    const email = uniqueEmail();
    const client = new PageClient(app.baseUrl);
    await client.get('/dashboard/signup');
    assert.equal((await client.post('/dashboard/signup', { email, password: GOOD_PASSWORD })).status, 303);
    assert.equal((await client.post('/dashboard/login', { email, password: GOOD_PASSWORD })).status, 303);
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
