import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApp, testDatabaseLabel, type TestApp } from '../helpers/test-app';
import { PageClient, uniqueEmail } from '../helpers/page-client';
import { signUpAndLogIn } from '../helpers/dashboard-sign-up';

const SECRET_SHOWN = /data-testid="webhook-secret">(whsec_[A-Za-z0-9+/=]+)</;

/** Signs a fresh client up; the session cookie is in its jar. */
async function signUp(app: TestApp, email = uniqueEmail()): Promise<PageClient> {
  return signUpAndLogIn(app.baseUrl, email);
}

async function accountIdOf(app: TestApp, email: string): Promise<string> {
  return (await app.store.db.selectFrom('accounts').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
}

function secretOn(page: string): string {
  const shown = SECRET_SHOWN.exec(page);
  assert.ok(shown, 'the page shows a whsec_ secret');
  return shown[1]!;
}

describe(`the dashboard's webhooks page (${testDatabaseLabel()})`, () => {
  let app: TestApp;

  before(async () => {
    app = await startTestApp({}, { TOLLGATE_TRUST_PROXY: '127.0.0.1' });
  });
  after(async () => app.close());

  test('shows the signing secret, made on first view, the same on the next, and the one webhooks are signed with', async () => {
    const email = uniqueEmail();
    const client = await signUp(app, email);
    const accountId = await accountIdOf(app, email);
    const stored = await app.store.db.selectFrom('accounts').select('webhook_secret').where('id', '=', accountId).executeTakeFirstOrThrow();
    assert.equal(stored.webhook_secret, null, 'no secret before the page is seen');

    const first = await client.get('/dashboard/webhooks');
    assert.equal(first.status, 200);
    assert.match(first.text, /<h1>Webhooks<\/h1>/);
    assert.match(first.text, /<a href="\/dashboard\/webhooks" aria-current="page">Webhooks<\/a>/);
    assert.match(first.text, /webhook-signature/);
    const secret = secretOn(first.text);
    assert.equal(secretOn((await client.get('/dashboard/webhooks')).text), secret);
    assert.equal(await app.media.webhookSecrets.secretFor(accountId), secret);
  });

  test('rotating without the CSRF token is refused and changes nothing; with it, a new secret replaces the old', async () => {
    const email = uniqueEmail();
    const client = await signUp(app, email);
    const accountId = await accountIdOf(app, email);
    const old = secretOn((await client.get('/dashboard/webhooks')).text);

    for (const refused of [
      await client.post('/dashboard/webhooks/rotate', {}, { csrf: false }),
      await client.post('/dashboard/webhooks/rotate', {}, { csrf: 'A'.repeat(43) }),
      await client.post('/dashboard/webhooks/rotate', {}, { headers: { origin: 'https://evil.example' } }),
    ]) {
      assert.equal(refused.status, 403);
      assert.match(refused.text, /the secret was not changed/);
      assert.equal(secretOn(refused.text), old);
    }
    assert.equal(await app.media.webhookSecrets.secretFor(accountId), old);

    const rotated = await client.post('/dashboard/webhooks/rotate', {});
    assert.equal(rotated.status, 200);
    assert.match(rotated.text, /role="status">The webhook secret is rotated/);
    const fresh = secretOn(rotated.text);
    assert.notEqual(fresh, old);
    assert.equal(rotated.text.includes(old), false, 'the old secret is gone');
    const later = await client.get('/dashboard/webhooks');
    assert.equal(secretOn(later.text), fresh);
    assert.equal(later.text.includes(old), false);
    assert.equal(await app.media.webhookSecrets.secretFor(accountId), fresh);
  });

  test('each account sees its own secret', async () => {
    const [one, other] = [uniqueEmail(), uniqueEmail()];
    const first = await signUp(app, one);
    const second = await signUp(app, other);
    const firstSecret = secretOn((await first.get('/dashboard/webhooks')).text);
    const secondSecret = secretOn((await second.get('/dashboard/webhooks')).text);
    assert.notEqual(firstSecret, secondSecret);
    assert.equal(await app.media.webhookSecrets.secretFor(await accountIdOf(app, other)), secondSecret);
    await second.post('/dashboard/webhooks/rotate', {});
    assert.equal(secretOn((await first.get('/dashboard/webhooks')).text), firstSecret, "another account's rotation leaves this one alone");
  });

  test('without a session the page and the form redirect to the log-in page', async () => {
    const visitor = new PageClient(app.baseUrl);
    await visitor.get('/dashboard/login');
    for (const response of [await visitor.get('/dashboard/webhooks'), await visitor.post('/dashboard/webhooks/rotate', {})]) {
      assert.equal(response.status, 303);
      assert.equal(response.headers.get('location'), '/dashboard/login');
    }
  });
});
