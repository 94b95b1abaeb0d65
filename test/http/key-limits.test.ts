import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { manualClock, startTestApp, testDatabaseLabel, type TestApp } from '../helpers/test-app';
import { parseUsd } from '../../src/core/money';
import { NO_KEY_LIMITS, type KeyLimits } from '../../src/auth/key-limits';
import { updateKeyLimits } from '../../src/auth/key-limit-updates';
import { AccountHistory } from '../../src/ledger/history';

const PAID = '/v1/seo/domain/available';
/** What one call of PAID costs. */
const PRICE = 20_000;

/** Per-key spending caps and area allow-lists, enforced at the hold through the real server and database. */
describe(`per-key limits (${testDatabaseLabel()})`, () => {
  // 2026-11-30 23:00 UTC: an hour before both the day and the month end.
  const clock = manualClock(Date.parse('2026-11-30T23:00:00Z'));
  let app: TestApp;
  before(async () => {
    // The reconciler runs only when a test asks (app.reconcile): a background pass could settle
    // the holds a test leaves open before it looks at them.
    app = await startTestApp({ clock: clock.now }, { TOLLGATE_RATE_LIMIT_PER_MINUTE: '100000', TOLLGATE_RECONCILE_INTERVAL_MS: String(24 * 3_600_000) });
  });
  after(() => app.close());

  /** A funded account with a key carrying `limits` (issued as the CLI and the dashboard issue them). */
  const limitedKey = async (limits: Partial<KeyLimits>, usd = '5.00') => {
    const { accountId } = await app.createAccount(usd);
    const key = await app.keys.issue(accountId, 'limited', { ...NO_KEY_LIMITS, ...limits });
    return { accountId, ...key };
  };
  const call = (apiKey: string, domain = 'limits-test.com') => app.post(PAID, { domain }, apiKey);
  /** What updateKeyLimits works with, as the CLI builds it (no call log of its own to flush). */
  const services = () => ({ keys: app.keys, ledger: app.ledger, history: new AccountHistory(app.store.db, (work) => app.ledger.exclusive(work), async () => undefined) });

  test('N concurrent calls on a key whose daily cap covers K: exactly K succeed, the rest 402 KEY_LIMIT_REACHED, uncharged', async () => {
    const { accountId, apiKey } = await limitedKey({ dailyMicros: 5 * PRICE });
    const responses = await Promise.all(Array.from({ length: 12 }, (_, index) => call(apiKey, `burst-${index}.com`)));
    const statuses = responses.map((response) => response.status).sort();
    assert.deepEqual(statuses, [...Array(5).fill(200), ...Array(7).fill(402)]);
    const refused = responses.find((response) => response.status === 402)!;
    assert.equal(refused.body.ok, false);
    assert.equal(refused.body.error.code, 'KEY_LIMIT_REACHED');
    assert.match(refused.body.error.message, /^This call would take the API key past its daily spending limit of \$0\.10: \$0\.10 spent today \(UTC\), and this call can cost up to \$0\.02\./);
    assert.match(refused.body.error.message, /resets at 2026-12-01T00:00:00\.000Z/);
    assert.equal(refused.headers.get('x-key-limit-resets-at'), '2026-12-01T00:00:00.000Z');
    assert.equal(await app.balance(accountId), parseUsd('5.00') - 5 * PRICE, 'only the admitted calls are charged');
    assert.equal(await app.ledgerSum(accountId), await app.balance(accountId));
  });

  test('the cap is per key: another key of the same account is not limited by it', async () => {
    const limited = await limitedKey({ dailyMicros: PRICE });
    const other = await app.keys.issue(limited.accountId, 'unlimited');
    assert.equal((await call(limited.apiKey)).status, 200);
    assert.equal((await call(limited.apiKey)).status, 402);
    assert.equal((await call(other.apiKey)).status, 200);
    assert.equal(await app.balance(limited.accountId), parseUsd('5.00') - 2 * PRICE);
  });

  test('a failed call counts nothing against the cap; a balance too short is NO_CREDITS and frees the cap it took', async () => {
    const { accountId, apiKey } = await limitedKey({ dailyMicros: 2 * PRICE }, '0.01');
    const poor = await call(apiKey);
    assert.equal(poor.status, 402);
    assert.equal(poor.body.error.code, 'NO_CREDITS');
    const bad = await app.post(PAID, { domain: 'not a domain' }, apiKey);
    assert.equal(bad.status, 400);
    await app.ledger.credit(accountId, parseUsd('1.00'), `test_topup_${accountId}`);
    assert.equal((await call(apiKey)).status, 200);
    assert.equal((await call(apiKey)).status, 200, 'the refused calls took nothing from the cap');
    assert.equal((await call(apiKey)).status, 402);
  });

  test('GET /v1/account shows the calling key limits and what remains of them', async () => {
    const { apiKey } = await limitedKey({ dailyMicros: parseUsd('1.00'), monthlyMicros: parseUsd('3.00'), areas: ['serp', 'seo'] });
    assert.equal((await call(apiKey)).status, 200);
    const account = await app.get('/v1/account', apiKey);
    assert.equal(account.status, 200);
    assert.deepEqual(account.body.data.key.areas, ['seo', 'serp']);
    assert.deepEqual(account.body.data.key.daily, { limitUsd: 1, spentUsd: 0.02, remainingUsd: 0.98, resetsAt: '2026-12-01T00:00:00.000Z' });
    assert.deepEqual(account.body.data.key.monthly, { limitUsd: 3, spentUsd: 0.02, remainingUsd: 2.98, resetsAt: '2026-12-01T00:00:00.000Z' });

    const unlimited = await app.createAccount('1.00');
    const plain = await app.get('/v1/account', unlimited.apiKey);
    assert.deepEqual(plain.body.data.key, { keyId: unlimited.keyId, areas: null, daily: null, monthly: null });
  });

  test('an area outside the key allow-list is 403 KEY_AREA_NOT_ALLOWED before its body is read, uncharged; the account area always answers', async () => {
    const { accountId, apiKey } = await limitedKey({ areas: ['serp'] });
    const refused = await call(apiKey);
    assert.equal(refused.status, 403);
    assert.equal(refused.body.error.code, 'KEY_AREA_NOT_ALLOWED');
    assert.match(refused.body.error.message, /only these areas: serp; 'seo' is not one of them/);
    const malformed = await app.post(PAID, '{not json', apiKey);
    assert.equal(malformed.status, 403, 'refused before the body is parsed');
    assert.equal((await app.get('/v1/account', apiKey)).status, 200);
    assert.equal(await app.balance(accountId), parseUsd('5.00'));
  });

  test('windows are UTC: the day cap resets at midnight, the month cap at the first of the month', async () => {
    const { apiKey } = await limitedKey({ dailyMicros: PRICE, monthlyMicros: 3 * PRICE });
    assert.equal((await call(apiKey)).status, 200);
    assert.equal((await call(apiKey)).status, 402, 'the day is spent');
    clock.advance(2 * 3_600_000); // 2026-12-01 01:00: a new day and a new month
    assert.equal((await call(apiKey)).status, 200);
    clock.advance(24 * 3_600_000);
    assert.equal((await call(apiKey)).status, 200);
    clock.advance(24 * 3_600_000);
    assert.equal((await call(apiKey)).status, 200);
    clock.advance(24 * 3_600_000);
    const monthSpent = await call(apiKey);
    assert.equal(monthSpent.status, 402);
    assert.match(monthSpent.body.error.message, /monthly spending limit of \$0\.06: \$0\.06 spent this month \(UTC\).*resets at 2027-01-01T00:00:00\.000Z/);
  });

  test('a first cap set on a key counts what the key already spent that day; a cap raised applies at once', async () => {
    const { accountId, apiKey, keyId } = await app.createAccount('5.00');
    for (let index = 0; index < 3; index += 1) assert.equal((await call(apiKey)).status, 200);
    // The call log is written every 250 ms: what the key spent is counted from it, once it is there.
    const logged = async () => (await app.store.db.selectFrom('api_calls').select('request_id').where('key_id', '=', keyId).execute()).length;
    for (let attempt = 0; attempt < 200 && (await logged()) < 3; attempt += 1) await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(await logged(), 3);
    await updateKeyLimits(services(), keyId, { ...NO_KEY_LIMITS, dailyMicros: 4 * PRICE }, accountId);
    app.authenticator.forgetKey(keyId);
    assert.equal((await app.get('/v1/account', apiKey)).body.data.key.daily.spentUsd, 0.06);
    assert.equal((await call(apiKey)).status, 200);
    assert.equal((await call(apiKey)).status, 402);
    await updateKeyLimits(services(), keyId, { ...NO_KEY_LIMITS, dailyMicros: 5 * PRICE }, accountId);
    app.authenticator.forgetKey(keyId);
    assert.equal((await call(apiKey)).status, 200);
    await assert.rejects(updateKeyLimits(services(), keyId, NO_KEY_LIMITS, 'acct_someone_else'), /no API key/);
  });

  test('a key hold a crash left open is settled from the ledger, and one with no ledger hold released when its lease ends', async () => {
    const { accountId, keyId } = await limitedKey({ dailyMicros: 10 * PRICE });
    const limits = { ...NO_KEY_LIMITS, dailyMicros: 10 * PRICE };
    const spent = async () => (await app.ledger.keyBudgets.status(keyId, limits, new Date(clock.now())))[0]!.spentMicros;
    // The pass the app ran at start, should it still be running, ends before the holds are made.
    await app.reconcile();
    // A call captured by the ledger whose key settlement never ran (the process died between).
    await app.ledger.keyBudgets.reserve({ keyId, accountId, requestId: 'req_crashed_after_capture', micros: 3 * PRICE, at: new Date(clock.now()), leaseExpiresAt: clock.now() + 180_000 }, limits);
    assert.ok(await app.ledger.hold(accountId, 3 * PRICE, 'req_crashed_after_capture', 'seo.domain_available'));
    await app.ledger.capture(accountId, 'req_crashed_after_capture', PRICE, 'seo.domain_available');
    // A call that died after its key hold, before its ledger hold.
    await app.ledger.keyBudgets.reserve({ keyId, accountId, requestId: 'req_crashed_before_hold', micros: 2 * PRICE, at: new Date(clock.now()), leaseExpiresAt: clock.now() + 180_000 }, limits);
    assert.equal(await spent(), 5 * PRICE);

    await app.reconcile();
    assert.equal(await spent(), 3 * PRICE, 'the captured call counts its cost; the other waits for its lease');
    clock.advance(181_000);
    await app.reconcile();
    assert.equal(await spent(), PRICE, 'released once its lease ended');
    await app.reconcile();
    assert.equal(await spent(), PRICE, 'exactly once');
  });

  test("the spend of periods before last month is swept; this month's and last month's stay", async () => {
    const { keyId } = await limitedKey({ dailyMicros: PRICE });
    const now = new Date(clock.now());
    const monthsBack = (months: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 1)).toISOString();
    const lastMonthsEnd = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0)).toISOString();
    const periods = [lastMonthsEnd.slice(0, 10), monthsBack(1).slice(0, 7), monthsBack(0).slice(0, 7), now.toISOString().slice(0, 10)];
    const older = [new Date(Date.parse(monthsBack(1)) - 86_400_000).toISOString().slice(0, 10), monthsBack(2).slice(0, 7), monthsBack(12).slice(0, 7)];
    for (const period of [...periods, ...older]) await app.store.db.insertInto('key_spend').values({ key_id: keyId, period, spent_micros: 1 }).execute();
    await app.reconcile();
    const left = await app.store.db.selectFrom('key_spend').select('period').where('key_id', '=', keyId).orderBy('period').execute();
    assert.deepEqual(left.map((row) => row.period), [...periods].sort());
  });
});
