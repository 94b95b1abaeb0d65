import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { buildApp, type App } from '../../src/app';
import { loadConfig } from '../../src/config';
import { openStore, type Store } from '../../src/store/database';
import { hashApiKey } from '../../src/auth/api-keys';
import { testDatabaseLabel } from '../helpers/test-app';
import { createTarget, fail, runCli, succeed, succeedMigrating, type CliTarget } from './cli-process';

const KEY_FORMAT = /^tg_live_[A-Za-z0-9_-]{43}$/;

let emails = 0;
const uniqueEmail = () => `cli-${++emails}-${randomBytes(4).toString('hex')}@example.com`;

describe(`tollgate CLI (${testDatabaseLabel()})`, { timeout: 600_000 }, () => {
  let target: CliTarget;
  let store: Store;
  before(async () => {
    target = await createTarget();
    // The first command creates the database (saying which migrations it applied); the test reads it afterwards.
    await succeedMigrating(target, ['accounts', 'create', '--email', uniqueEmail()]);
    store = await openStore({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
  });
  after(async () => {
    await store?.close();
    await target?.drop();
  });

  test('accounts create prints {accountId, apiKey, balanceUsd} with the default 5.00 credit', async () => {
    const email = uniqueEmail();
    const created = await succeed(target, ['accounts', 'create', '--email', email]);
    assert.deepEqual(Object.keys(created).sort(), ['accountId', 'apiKey', 'balanceUsd']);
    assert.match(created.accountId, /^acct_/);
    assert.match(created.apiKey, KEY_FORMAT);
    assert.equal(created.balanceUsd, 5);
    const account = await store.db.selectFrom('accounts').selectAll().where('id', '=', created.accountId).executeTakeFirstOrThrow();
    assert.equal(account.email, email);
    assert.equal(Number(account.balance_micros), 5_000_000);
    const key = await store.db.selectFrom('api_keys').selectAll().where('account_id', '=', created.accountId).executeTakeFirstOrThrow();
    assert.equal(key.hash, hashApiKey(created.apiKey));
    assert.equal(key.revoked_at, null);
  });

  test('accounts create --credit 12.5 gives 12.5', async () => {
    const created = await succeed(target, ['accounts', 'create', '--email', uniqueEmail(), '--credit', '12.5']);
    assert.equal(created.balanceUsd, 12.5);
    const account = await store.db.selectFrom('accounts').select('balance_micros').where('id', '=', created.accountId).executeTakeFirstOrThrow();
    assert.equal(Number(account.balance_micros), 12_500_000);
  });

  test('keys create --account issues a new key for that account', async () => {
    const { accountId, apiKey } = await succeed(target, ['accounts', 'create', '--email', uniqueEmail()]);
    const issued = await succeed(target, ['keys', 'create', '--account', accountId]);
    assert.deepEqual(Object.keys(issued).sort(), ['apiKey', 'keyId', 'limits']);
    assert.deepEqual(issued.limits, { dailyUsd: null, monthlyUsd: null, areas: null });
    assert.match(issued.keyId, /^key_/);
    assert.match(issued.apiKey, KEY_FORMAT);
    assert.notEqual(issued.apiKey, apiKey);
    const row = await store.db.selectFrom('api_keys').selectAll().where('id', '=', issued.keyId).executeTakeFirstOrThrow();
    assert.equal(row.account_id, accountId);
    assert.equal(row.hash, hashApiKey(issued.apiKey));
  });

  test('keys create --daily-usd 5 --areas seo,serp, then keys update: limits stored, changed one at a time, refused when malformed', async () => {
    const { accountId } = await succeed(target, ['accounts', 'create', '--email', uniqueEmail()]);
    const issued = await succeed(target, ['keys', 'create', '--account', accountId, '--daily-usd', '5', '--areas', 'serp,seo']);
    assert.deepEqual(issued.limits, { dailyUsd: 5, monthlyUsd: null, areas: ['serp', 'seo'] });
    const stored = () => store.db.selectFrom('api_keys').select(['daily_limit_micros', 'monthly_limit_micros', 'allowed_areas']).where('id', '=', issued.keyId).executeTakeFirstOrThrow();
    assert.deepEqual({ ...(await stored()), daily_limit_micros: Number((await stored()).daily_limit_micros) }, { daily_limit_micros: 5_000_000, monthly_limit_micros: null, allowed_areas: 'seo,serp' });

    assert.deepEqual(await succeed(target, ['keys', 'update', issued.keyId, '--monthly-usd', '50.25']), { keyId: issued.keyId, limits: { dailyUsd: 5, monthlyUsd: 50.25, areas: ['seo', 'serp'] } });
    // An area named twice is one area.
    assert.deepEqual((await succeed(target, ['keys', 'update', issued.keyId, '--areas', 'seo,seo,serp'])).limits.areas, ['seo', 'serp']);
    assert.equal((await stored()).allowed_areas, 'seo,serp');
    assert.deepEqual(await succeed(target, ['keys', 'update', issued.keyId, '--daily-usd', 'none', '--areas', 'all']), { keyId: issued.keyId, limits: { dailyUsd: null, monthlyUsd: 50.25, areas: null } });
    await Promise.all([
      fail(target, ['keys', 'update', issued.keyId], /needs at least one of --daily-usd, --monthly-usd, --areas/),
      fail(target, ['keys', 'update', issued.keyId, '--daily-usd', '0'], /--daily-usd: give an amount above \$0/),
      fail(target, ['keys', 'update', issued.keyId, '--daily-usd', '-3'], /--daily-usd: give an amount above \$0/),
      fail(target, ['keys', 'update', issued.keyId, '--monthly-usd', 'ten'], /--monthly-usd: give a USD amount/),
      fail(target, ['keys', 'update', issued.keyId, '--areas', 'seo,nonsense'], /--areas takes areas from .*serp.*got 'seo,nonsense'/),
      fail(target, ['keys', 'update', 'key_doesnotexist', '--areas', 'seo'], /no API key key_doesnotexist/),
      fail(target, ['keys', 'create', '--account', accountId, '--areas', 'account'], /--areas takes areas from/),
    ]);
    assert.equal(Number((await stored()).monthly_limit_micros), 50_250_000, 'refused updates changed nothing');
  });

  test('keys revoke KEY_ID prints {keyId, revoked: true}, and again on a revoked key', async () => {
    const { accountId } = await succeed(target, ['accounts', 'create', '--email', uniqueEmail()]);
    const { keyId } = await succeed(target, ['keys', 'create', '--account', accountId]);
    assert.deepEqual(await succeed(target, ['keys', 'revoke', keyId]), { keyId, revoked: true });
    const row = await store.db.selectFrom('api_keys').select('revoked_at').where('id', '=', keyId).executeTakeFirstOrThrow();
    assert.ok(row.revoked_at);
    assert.deepEqual(await succeed(target, ['keys', 'revoke', keyId]), { keyId, revoked: true });
    // A revoked key has no limits left to change.
    await fail(target, ['keys', 'update', keyId, '--areas', 'seo'], new RegExp(`API key ${keyId} is revoked`));
  });

  test('--help, -h and help print the usage on stdout and exit 0, even with a setting that would stop a start', async () => {
    for (const args of [['--help'], ['-h'], ['help'], ['keys', 'update', '--help']]) {
      const result = await runCli({ ...target, environment: { ...target.environment, PORT: 'abc' } }, args);
      assert.equal(result.code, 0, `${args.join(' ')}: ${result.stderr}`);
      assert.equal(result.stderr, '');
      assert.match(result.stdout, /^Usage: tollgate <command>/);
    }
  });

  test('credits add --account --usd 2.25 prints {accountId, balanceUsd}', async () => {
    const { accountId } = await succeed(target, ['accounts', 'create', '--email', uniqueEmail()]);
    assert.deepEqual(await succeed(target, ['credits', 'add', '--account', accountId, '--usd', '2.25']), { accountId, balanceUsd: 7.25 });
    assert.deepEqual(await succeed(target, ['credits', 'add', '--account', accountId, '--usd', '0.000001']), { accountId, balanceUsd: 7.250001 });
    const entries = await store.db.selectFrom('ledger_entries').select(['kind', 'amount_micros']).where('account_id', '=', accountId).orderBy('id').execute();
    assert.deepEqual(entries.map((entry) => [entry.kind, Number(entry.amount_micros)]), [['credit', 5_000_000], ['credit', 2_250_000], ['credit', 1]]);
  });

  test('accounts show (balance, created, every key but never a key itself) and accounts list (newest first, paged)', async () => {
    const older = await succeed(target, ['accounts', 'create', '--email', uniqueEmail(), '--credit', '1']);
    const created = await succeed(target, ['accounts', 'create', '--email', uniqueEmail(), '--credit', '3.5']);
    const second = await succeed(target, ['keys', 'create', '--account', created.accountId]);
    await succeed(target, ['keys', 'revoke', second.keyId]);
    const [shown, firstPage, secondPage] = await Promise.all([
      succeed(target, ['accounts', 'show', '--account', created.accountId]),
      succeed(target, ['accounts', 'list', '--limit', '2']),
      succeed(target, ['accounts', 'list', '--limit', '1', '--offset', '1']),
      fail(target, ['accounts', 'show', '--account', 'acct_doesnotexist'], /no account acct_doesnotexist/),
      fail(target, ['accounts', 'list', '--limit', '0'], /--limit must be a whole number from 1 to 1000/),
      fail(target, ['accounts', 'list', '--offset', '-1'], /--offset must be a whole number/),
    ]);

    const row = await store.db.selectFrom('accounts').selectAll().where('id', '=', created.accountId).executeTakeFirstOrThrow();
    assert.deepEqual(Object.keys(shown).sort(), ['accountId', 'balanceUsd', 'createdAt', 'email', 'keys', 'suspendedAt', 'suspensionReason']);
    assert.equal(shown.suspendedAt, null);
    assert.equal(shown.accountId, created.accountId);
    assert.equal(shown.email, row.email);
    assert.equal(shown.balanceUsd, 3.5);
    assert.equal(shown.createdAt, row.created_at);
    assert.equal(shown.keys.length, 2);
    const [newest, first] = shown.keys;
    assert.equal(newest.keyId, second.keyId);
    assert.equal(newest.prefix, second.apiKey.slice(0, 12));
    assert.ok(!Number.isNaN(Date.parse(newest.revokedAt)), 'the second key is revoked');
    assert.equal(first.prefix, created.apiKey.slice(0, 12));
    assert.equal(first.revokedAt, null);
    assert.ok(!JSON.stringify(shown).includes(created.apiKey) && !JSON.stringify(shown).includes(second.apiKey), 'no key printed');

    assert.deepEqual(
      firstPage.accounts.map((account: { accountId: string; balanceUsd: number }) => [account.accountId, account.balanceUsd]),
      [[created.accountId, 3.5], [older.accountId, 1]],
    );
    assert.deepEqual(Object.keys(firstPage.accounts[0]).sort(), ['accountId', 'balanceUsd', 'createdAt', 'email', 'suspendedAt', 'suspensionReason']);
    assert.equal(firstPage.nextOffset, 2, 'older accounts follow');
    assert.deepEqual(secondPage.accounts.map((account: { accountId: string }) => account.accountId), [older.accountId]);
    assert.equal(secondPage.nextOffset, 2);
  });

  test('accounts suspend [--reason] and unsuspend: printed, shown by accounts show and list, stored; a suspension made elsewhere shows too', async () => {
    const { accountId } = await succeed(target, ['accounts', 'create', '--email', uniqueEmail()]);
    const suspended = await succeed(target, ['accounts', 'suspend', '--account', accountId, '--reason', 'chargeback  on ch_123']);
    assert.deepEqual(Object.keys(suspended).sort(), ['accountId', 'suspendedAt', 'suspensionReason']);
    assert.equal(suspended.accountId, accountId);
    assert.ok(!Number.isNaN(Date.parse(suspended.suspendedAt)));
    assert.equal(suspended.suspensionReason, 'chargeback on ch_123');
    // Suspended again: since the first time; a reason left out keeps the one given.
    assert.deepEqual(await succeed(target, ['accounts', 'suspend', '--account', accountId]), suspended);
    const shown = await succeed(target, ['accounts', 'show', '--account', accountId]);
    assert.deepEqual([shown.suspendedAt, shown.suspensionReason], [suspended.suspendedAt, 'chargeback on ch_123']);
    const listed = (await succeed(target, ['accounts', 'list', '--limit', '1000'])).accounts.find((account: { accountId: string }) => account.accountId === accountId);
    assert.deepEqual([listed.suspendedAt, listed.suspensionReason], [suspended.suspendedAt, 'chargeback on ch_123']);
    const row = await store.db.selectFrom('accounts').select(['suspended_at', 'suspension_reason']).where('id', '=', accountId).executeTakeFirstOrThrow();
    assert.deepEqual(row, { suspended_at: suspended.suspendedAt, suspension_reason: 'chargeback on ch_123' });

    assert.deepEqual(await succeed(target, ['accounts', 'unsuspend', '--account', accountId]), { accountId, suspendedAt: null, suspensionReason: null });
    assert.deepEqual(await store.db.selectFrom('accounts').select(['suspended_at', 'suspension_reason']).where('id', '=', accountId).executeTakeFirstOrThrow(), { suspended_at: null, suspension_reason: null });

    // A suspension written by a server (a payment dispute): the CLI shows it without the admin token.
    await store.db.updateTable('accounts').set({ suspended_at: '2026-11-01T10:00:00.000Z', suspension_reason: 'payment dispute dp_1' }).where('id', '=', accountId).execute();
    const disputed = await succeed(target, ['accounts', 'show', '--account', accountId]);
    assert.deepEqual([disputed.suspendedAt, disputed.suspensionReason], ['2026-11-01T10:00:00.000Z', 'payment dispute dp_1']);

    await Promise.all([
      fail(target, ['accounts', 'suspend', '--account', 'acct_doesnotexist'], /no account acct_doesnotexist/).then((result) => assert.equal(result.code, 1)),
      fail(target, ['accounts', 'unsuspend', '--account', 'acct_doesnotexist'], /no account acct_doesnotexist/).then((result) => assert.equal(result.code, 1)),
      fail(target, ['accounts', 'suspend'], /missing --account/).then((result) => assert.equal(result.code, 2)),
      fail(target, ['accounts', 'suspend', '--account', accountId, '--reason', ' '], /--reason needs a text/),
      fail(target, ['accounts', 'suspend', '--account', accountId, '--reason', 'x'.repeat(201)], /--reason can be at most 200 characters/),
      fail(target, ['accounts', 'unsuspend', '--account', accountId, '--reason', 'why'], /accounts unsuspend takes no --reason/),
    ]);
  });

  test('webhooks secret --account prints the account\'s secret, the same again; --rotate replaces it; an unknown account exits 1', async () => {
    const { accountId } = await succeed(target, ['accounts', 'create', '--email', uniqueEmail()]);
    const shown = await succeed(target, ['webhooks', 'secret', '--account', accountId]);
    assert.deepEqual(Object.keys(shown).sort(), ['accountId', 'rotated', 'webhookSecret']);
    assert.equal(shown.accountId, accountId);
    assert.match(shown.webhookSecret, /^whsec_[A-Za-z0-9+/]{32}$/);
    assert.equal(shown.rotated, false);
    assert.deepEqual(await succeed(target, ['webhooks', 'secret', '--account', accountId]), shown);

    const rotated = await succeed(target, ['webhooks', 'secret', '--account', accountId, '--rotate']);
    assert.equal(rotated.accountId, accountId);
    assert.equal(rotated.rotated, true);
    assert.match(rotated.webhookSecret, /^whsec_[A-Za-z0-9+/]{32}$/);
    assert.notEqual(rotated.webhookSecret, shown.webhookSecret);
    assert.deepEqual(await succeed(target, ['webhooks', 'secret', '--account', accountId]), { accountId, webhookSecret: rotated.webhookSecret, rotated: false });
    const row = await store.db.selectFrom('accounts').select('webhook_secret').where('id', '=', accountId).executeTakeFirstOrThrow();
    assert.equal(row.webhook_secret, rotated.webhookSecret);

    const unknown = await fail(target, ['webhooks', 'secret', '--account', 'acct_doesnotexist'], /no account acct_doesnotexist/);
    assert.equal(unknown.code, 1);
    assert.equal((await fail(target, ['webhooks', 'secret', '--account', 'acct_doesnotexist', '--rotate'], /no account acct_doesnotexist/)).code, 1);
    await fail(target, ['webhooks', 'secret'], /missing --account/);
  });

  test('unknown commands and options: non-zero exit, nothing on stdout, a clear message', async () => {
    await Promise.all([
      fail(target, ['frobnicate'], /unknown command 'frobnicate'/),
      fail(target, ['accounts', 'delete', '--email', uniqueEmail()], /unknown accounts command 'delete': one of create, show, list, suspend, unsuspend/),
      fail(target, ['keys'], /'keys' needs a command: one of create, update, revoke/),
      fail(target, ['accounts'], /'accounts' needs a command: one of create, show, list, suspend, unsuspend/),
      fail(target, ['mcp'], /missing --url/),
      fail(target, [], /Usage: tollgate/),
      fail(target, ['accounts', 'create', '--email', uniqueEmail(), '--colour', 'red'], /--colour/),
      fail(target, ['keys', 'revoke'], /exactly one KEY_ID/),
    ]);
  });

  test('accounts create: missing --email, bad email, bad --credit', async () => {
    await Promise.all([
      fail(target, ['accounts', 'create'], /missing --email/),
      fail(target, ['accounts', 'create', '--email', '  '], /missing --email/),
      fail(target, ['accounts', 'create', '--email', 'not-an-email'], /--email must be an email address/),
      fail(target, ['accounts', 'create', '--email', uniqueEmail(), '--credit', 'lots'], /--credit must be a USD amount/),
      fail(target, ['accounts', 'create', '--email', uniqueEmail(), '--credit=-5'], /--credit -5: the amount cannot be negative/),
      fail(target, ['accounts', 'create', '--email', uniqueEmail(), '--credit', '-1'], /--credit -1: the amount cannot be negative/),
    ]);
  });

  test('credits add: bad --usd (abc, -1, 0), missing --usd or --account', async () => {
    const { accountId } = await succeed(target, ['accounts', 'create', '--email', uniqueEmail()]);
    await Promise.all([
      fail(target, ['credits', 'add', '--account', accountId, '--usd', 'abc'], /--usd must be a USD amount/),
      fail(target, ['credits', 'add', '--account', accountId, '--usd', '-1'], /--usd -1: the amount cannot be negative/),
      fail(target, ['credits', 'add', '--account', accountId, '--usd=-1'], /--usd -1: the amount cannot be negative/),
      fail(target, ['credits', 'add', '--account', accountId, '--usd', '0'], /--usd must be more than 0/),
      fail(target, ['credits', 'add', '--account', accountId, '--usd', '1.0000001'], /--usd must be a USD amount/),
      fail(target, ['credits', 'add', '--account', accountId], /missing --usd/),
      fail(target, ['credits', 'add', '--usd', '1'], /missing --account/),
    ]);
    const account = await store.db.selectFrom('accounts').select('balance_micros').where('id', '=', accountId).executeTakeFirstOrThrow();
    assert.equal(Number(account.balance_micros), 5_000_000);
  });

  test('unknown account, unknown key id: non-zero exit and nothing written', async () => {
    const before = await store.db.selectFrom('ledger_entries').select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow();
    await Promise.all([
      fail(target, ['credits', 'add', '--account', 'acct_doesnotexist', '--usd', '1'], /no account acct_doesnotexist/),
      fail(target, ['keys', 'create', '--account', 'acct_doesnotexist'], /no account acct_doesnotexist/),
      fail(target, ['keys', 'revoke', 'key_doesnotexist'], /no API key key_doesnotexist/),
    ]);
    const afterwards = await store.db.selectFrom('ledger_entries').select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow();
    assert.equal(Number(afterwards.count), Number(before.count));
    const keys = await store.db.selectFrom('api_keys').select('id').where('account_id', '=', 'acct_doesnotexist').execute();
    assert.equal(keys.length, 0);
  });

  test('duplicate email: non-zero exit, and no second account', async () => {
    const email = uniqueEmail();
    await succeed(target, ['accounts', 'create', '--email', email]);
    await fail(target, ['accounts', 'create', '--email', email, '--credit', '100'], /already exists/);
    const accounts = await store.db.selectFrom('accounts').select('id').where('email', '=', email).execute();
    assert.equal(accounts.length, 1);
  });

  test('a command that only touches the database loads neither the server nor the endpoint registry; --areas loads the registry alone', async () => {
    // Each run records, at its exit, the CommonJS modules it loaded (fastify is one, and only the
    // server loads it; qrcode is one, and only the registry's QR endpoint loads it).
    const loadedBy = async (args: string[]): Promise<string[]> => {
      const record = path.join(target.dataDir, `loaded-${randomBytes(4).toString('hex')}.json`);
      const probe = `import { createRequire } from 'node:module'; import fs from 'node:fs'; const cache = createRequire('/').cache; process.on('exit', () => fs.writeFileSync(${JSON.stringify(record)}, JSON.stringify(Object.keys(cache))));`;
      const environment = { ...target.environment, NODE_OPTIONS: `--import=data:text/javascript,${encodeURIComponent(probe)}` };
      const result = await runCli({ ...target, environment }, args);
      assert.equal(result.code, 0, result.stderr);
      return JSON.parse(fs.readFileSync(record, 'utf8')) as string[];
    };
    const loads = (modules: string[], name: string) => modules.some((file) => file.includes(`${path.sep}node_modules${path.sep}${name}${path.sep}`));
    const listing = await loadedBy(['accounts', 'list']);
    assert.ok(loads(listing, 'better-sqlite3'), 'the probe sees the database driver');
    assert.ok(!loads(listing, 'fastify'), 'accounts list loaded the server');
    assert.ok(!loads(listing, 'qrcode'), 'accounts list loaded the endpoint registry');
    const { accountId } = await succeed(target, ['accounts', 'create', '--email', uniqueEmail()]);
    const limited = await loadedBy(['keys', 'create', '--account', accountId, '--areas', 'seo']);
    assert.ok(loads(limited, 'qrcode'), 'keys create --areas reads the areas from the registry');
    assert.ok(!loads(limited, 'fastify'), 'keys create loaded the server');
  });

  test('amounts that cannot be kept exactly in micro-USD are refused, naming the option', async () => {
    // 2^53 + 1 micro-USD: past this, balances silently round.
    await fail(target, ['accounts', 'create', '--email', uniqueEmail(), '--credit', '9007199254.740993'], /--credit/);
    const { accountId } = await succeed(target, ['accounts', 'create', '--email', uniqueEmail()]);
    await fail(target, ['credits', 'add', '--account', accountId, '--usd', '10000000000'], /--usd/);
  });
});

describe(`tollgate CLI while the server runs (${testDatabaseLabel()})`, { timeout: 300_000 }, () => {
  let target: CliTarget;
  let app: App;
  let baseUrl: string;
  before(async () => {
    target = await createTarget();
    app = await buildApp(loadConfig({ ...target.environment, PORT: '0' }));
    await app.server.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(app.server.server.address() as AddressInfo).port}`;
  });
  after(async () => {
    await app?.close();
    await target?.drop();
  });

  const call = async (method: 'GET' | 'POST', route: string, apiKey: string, body?: unknown) => {
    const response = await fetch(baseUrl + route, {
      method,
      headers: { 'x-api-key': apiKey, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, headers: response.headers, body: (await response.json()) as any };
  };

  test('an account created by the CLI pays through the server; CLI credits show in GET /v1/account', async () => {
    const { accountId, apiKey } = await succeed(target, ['accounts', 'create', '--email', uniqueEmail()]);
    const paid = await call('POST', '/v1/seo/domain/available', apiKey, { domain: 'tollgate-example.com' });
    assert.equal(paid.status, 200, JSON.stringify(paid.body));
    assert.equal(paid.headers.get('x-cost-usd'), '0.02');
    assert.equal(paid.headers.get('x-balance-usd'), '4.98');
    assert.deepEqual(await succeed(target, ['credits', 'add', '--account', accountId, '--usd', '2.25']), { accountId, balanceUsd: 7.23 });
    const account = await call('GET', '/v1/account', apiKey);
    assert.equal(account.status, 200);
    assert.equal(account.body.data.accountId, accountId);
    assert.equal(account.body.data.balanceUsd, 7.23);
  });

  test('CLI writes while the server is busy billing: nothing lost, ledger sum equals balance', async () => {
    const { accountId, apiKey } = await succeed(target, ['accounts', 'create', '--email', uniqueEmail(), '--credit', '1']);
    const calls = Array.from({ length: 20 }, (_, index) =>
      call('POST', '/v1/seo/domain/available', apiKey, { domain: `tollgate-example-${index}.com` }),
    );
    const credits = Array.from({ length: 4 }, () => runCli(target, ['credits', 'add', '--account', accountId, '--usd', '1']));
    const [responses, creditResults] = await Promise.all([Promise.all(calls), Promise.all(credits)]);
    for (const response of responses) assert.equal(response.status, 200, JSON.stringify(response.body));
    for (const result of creditResults) assert.equal(result.code, 0, result.stderr);
    // 1 + 4 × 1 − 20 × 0.02
    const account = await call('GET', '/v1/account', apiKey);
    assert.equal(account.body.data.balanceUsd, 4.6);
    const sum = await app.store.db
      .selectFrom('ledger_entries')
      .select((eb) => eb.fn.sum<number | string>('amount_micros').as('total'))
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow();
    assert.equal(Number(sum.total), 4_600_000);
  });

  test('an account suspended with the CLI is refused by the running server within 1 s (403 ACCOUNT_SUSPENDED); unsuspended, it is served again', async () => {
    const { accountId, apiKey } = await succeed(target, ['accounts', 'create', '--email', uniqueEmail()]);
    assert.equal((await call('GET', '/v1/account', apiKey)).status, 200, 'the server has the key cached');
    await succeed(target, ['accounts', 'suspend', '--account', accountId, '--reason', 'test']);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const refused = await call('GET', '/v1/account', apiKey);
    assert.equal(refused.status, 403);
    assert.equal(refused.body.error.code, 'ACCOUNT_SUSPENDED');
    await succeed(target, ['accounts', 'unsuspend', '--account', accountId]);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    assert.equal((await call('GET', '/v1/account', apiKey)).status, 200);
  });

  test('a key revoked with the CLI is refused by the running server within 1 s', async () => {
    const { accountId } = await succeed(target, ['accounts', 'create', '--email', uniqueEmail()]);
    const { keyId, apiKey } = await succeed(target, ['keys', 'create', '--account', accountId]);
    assert.equal((await call('GET', '/v1/account', apiKey)).status, 200);
    await succeed(target, ['keys', 'revoke', keyId]);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const refused = await call('GET', '/v1/account', apiKey);
    assert.equal(refused.status, 401);
    assert.equal(refused.body.error.code, 'REVOKED_API_KEY');
  });
});

describe('tollgate CLI on a PostgreSQL database that already holds another schema\'s migrations', { skip: !process.env.DATABASE_URL && 'PostgreSQL only', timeout: 180_000 }, () => {
  let target: CliTarget;
  before(async () => {
    target = await createTarget();
    // Another application (or a test run) has migrated its own schema in this database first.
    const other = await openStore({ databaseUrl: target.databaseUrl, dataDir: target.dataDir, postgresSchema: 'other_app' });
    await other.close();
  });
  after(() => target?.drop());

  test('accounts create still migrates and uses the default schema', async () => {
    const created = await succeedMigrating(target, ['accounts', 'create', '--email', uniqueEmail()]);
    assert.equal(created.balanceUsd, 5);
  });
});
