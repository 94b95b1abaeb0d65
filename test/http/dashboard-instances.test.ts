import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { manualClock, startTestApp, testDatabaseLabel, type TestApp } from '../helpers/test-app';
import { capturingMailer, PageClient, uniqueEmail } from '../helpers/page-client';
import { signUpAndLogIn } from '../helpers/dashboard-sign-up';

const ADMIN_TOKEN = 'instances-admin-token-0123456789';

/**
 * A revocation or a suspension made in one instance's dashboard reaches another instance on the
 * same database within 1 s (its auth cache's lifetime; with Redis, the announcement is sooner).
 * The other instance's clock is moved by hand: no waiting, no timing assertion.
 */
describe(`the dashboard's revocations and suspensions reach another instance (${testDatabaseLabel()})`, () => {
  let first: TestApp;
  let second: TestApp;
  const clock = manualClock(Date.now());

  before(async () => {
    first = await startTestApp({ mailer: capturingMailer(false).mailer }, { TOLLGATE_TRUST_PROXY: '127.0.0.1', TOLLGATE_ADMIN_TOKEN: ADMIN_TOKEN });
    // Only free calls go through the second instance: it shares the first one's database (and, on SQLite, its connection).
    second = await startTestApp({ store: first.store, clock: clock.now });
  });
  after(async () => {
    // The second shares the first's store, which the first closes.
    await second.close();
    await first.close();
  });

  async function customerWithKey(): Promise<{ client: PageClient; apiKey: string; keyId: string; email: string }> {
    const email = uniqueEmail();
    const client = await signUpAndLogIn(first.baseUrl, email);
    const created = await client.post('/dashboard/keys', { name: 'shared' });
    const apiKey = /data-testid="new-key">([^<]+)</.exec(created.text)![1]!;
    const keyId = /\/dashboard\/keys\/(key_[A-Za-z0-9_-]+)\/revoke/.exec(created.text)![1]!;
    return { client, apiKey, keyId, email };
  }

  test('a key revoked in the dashboard is refused by the other instance within 1 s', async () => {
    const { client, apiKey, keyId } = await customerWithKey();
    assert.equal((await second.get('/v1/account', apiKey)).status, 200, 'the other instance has it cached');
    assert.equal((await client.post(`/dashboard/keys/${keyId}/revoke`, {})).status, 200);
    clock.advance(1000);
    const refused = await second.get('/v1/account', apiKey);
    assert.equal(refused.status, 401);
    assert.equal(refused.body.error.code, 'REVOKED_API_KEY');
  });

  test('a suspension made in /admin is refused by the other instance within 1 s', async () => {
    const { apiKey } = await customerWithKey();
    const accountId = (await second.get('/v1/account', apiKey)).body.data.accountId as string;
    const operator = new PageClient(first.baseUrl);
    await operator.get('/admin');
    assert.equal((await operator.post('/admin/login', { token: ADMIN_TOKEN })).status, 303);
    assert.equal((await operator.post(`/admin/accounts/${accountId}/suspend`, {})).status, 303);
    clock.advance(1000);
    const refused = await second.get('/v1/account', apiKey);
    assert.equal(refused.status, 403);
    assert.equal(refused.body.error.code, 'ACCOUNT_SUSPENDED');
  });
});
