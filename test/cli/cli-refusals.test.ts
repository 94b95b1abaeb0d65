import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { openStore, type Store } from '../../src/store/database';
import { migrations } from '../../src/store/migrations';
import { startServerProcess, stopServerProcess, type ServerProcess } from '../helpers/server-process';
import { testDatabaseLabel } from '../helpers/test-app';
import { REPOSITORY } from '../../scripts/repository';
import { createTarget, fail, runCli, succeed, succeedMigrating, type CliTarget } from './cli-process';

/** What the CLI refuses, and how it says so: options a command does not take, databases it must not touch, settings that stop a start. */

const uniqueEmail = () => `cli-refusal-${randomBytes(6).toString('hex')}@example.com`;

describe(`tollgate CLI refusals (${testDatabaseLabel()})`, { timeout: 600_000 }, () => {
  let target: CliTarget;
  let store: Store;
  before(async () => {
    target = await createTarget();
    await succeedMigrating(target, ['accounts', 'create', '--email', uniqueEmail()]);
    store = await openStore({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
  });
  after(async () => {
    await store?.close();
    await target?.drop();
  });

  test('an option the command does not take is refused (exit 2), naming it and the options the command takes; nothing is written', async () => {
    const { accountId } = await succeed(target, ['accounts', 'create', '--email', uniqueEmail()]);
    const email = uniqueEmail();
    const refusals = await Promise.all([
      fail(target, ['accounts', 'list', '--email', 'drain@example.com'], /accounts list takes no --email; its options: --limit, --offset\n/),
      fail(target, ['accounts', 'create', '--email', email, '--usd', '100'], /accounts create takes no --usd \(the starting credit is --credit USD\); its options: --email, --credit\n/),
      fail(target, ['credits', 'add', '--account', accountId, '--usd', '1', '--reason', 'goodwill'], /credits add takes no --reason \(the ledger keeps no note with a credit\); its options: --account, --usd\n/),
      fail(target, ['keys', 'create', '--account', accountId, '--usd', '5', '--rotate'], /keys create takes no --usd; its options: --account, --daily-usd, --monthly-usd, --areas\n/),
      fail(target, ['keys', 'create', '--account', accountId, '--rotate'], /keys create takes no --rotate;/),
      fail(target, ['keys', 'revoke', 'key_doesnotexist', '--account', accountId], /keys revoke takes no --account; it takes no options\n/),
      fail(target, ['serve', '--concurrency', '2'], /serve takes no --concurrency; it takes no options\n/),
      fail(target, ['accounts', 'unsuspend', '--account', accountId, '--reason', 'why'], /accounts unsuspend takes no --reason/),
    ]);
    for (const refusal of refusals) assert.equal(refusal.code, 2);
    assert.equal((await store.db.selectFrom('accounts').select('id').where('email', '=', email).execute()).length, 0, 'no account created');
    const balance = await store.db.selectFrom('accounts').select('balance_micros').where('id', '=', accountId).executeTakeFirstOrThrow();
    assert.equal(Number(balance.balance_micros), 5_000_000, 'no credit added');
    assert.equal((await store.db.selectFrom('api_keys').select('id').where('account_id', '=', accountId).execute()).length, 1, 'no key issued');
  });

  test('--version and -v print the version in package.json, whatever else is given', async () => {
    const { version } = JSON.parse(fs.readFileSync(path.join(REPOSITORY, 'package.json'), 'utf8')) as { version: string };
    for (const args of [['--version'], ['-v'], ['accounts', 'list', '--version']]) {
      const result = await runCli(target, args);
      assert.deepEqual(result, { code: 0, stdout: `${version}\n`, stderr: '' }, args.join(' '));
    }
  });
});

describe(`tollgate CLI on a database it does not know how to use (${testDatabaseLabel()})`, { timeout: 300_000 }, () => {
  /** A database migrated to this release, then changed by `change`. */
  const migratedThen = async (change: (store: Store) => Promise<unknown>): Promise<CliTarget> => {
    const target = await createTarget();
    await succeedMigrating(target, ['accounts', 'create', '--email', uniqueEmail()]);
    const store = await openStore({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
    try {
      await change(store);
    } finally {
      await store.close();
    }
    return target;
  };
  const targets: CliTarget[] = [];
  after(() => Promise.all(targets.map((target) => target.drop())));
  const latest = migrations.at(-1)!.name;

  test('migrated by a newer release: refused, naming its migration and what this release knows, and left as it was', async () => {
    const target = await migratedThen((store) => sql`insert into kysely_migration (name, timestamp) values ('999-from-a-newer-release', ${new Date().toISOString()})`.execute(store.db));
    targets.push(target);
    const refused = await fail(target, ['accounts', 'list'], new RegExp(`^tollgate: this database was migrated by a newer Tollgate \\(migration 999-from-a-newer-release; this release knows up to ${latest}\\); run that release or newer\\n$`));
    assert.equal(refused.code, 1);
    await fail(target, ['serve'], /this database was migrated by a newer Tollgate \(migration 999-from-a-newer-release;/);
  });

  test('a migration that fails says so without an empty name', async () => {
    // Its record gone, an applied migration looks pending, out of order: Kysely refuses before running any.
    const target = await migratedThen((store) => sql`delete from kysely_migration where name = ${migrations[3]!.name}`.execute(store.db));
    targets.push(target);
    const refused = await fail(target, ['accounts', 'list'], /^tollgate: database migration failed: corrupted migrations: /);
    assert.doesNotMatch(refused.stderr, /migration {2}failed|this database was migrated by a newer/);
  });
});

describe('tollgate start-up problems name the setting to look at, never a password', { timeout: 300_000 }, () => {
  let target: CliTarget;
  before(async () => {
    target = await createTarget();
  });
  after(() => target?.drop());
  const withSettings = (settings: NodeJS.ProcessEnv): CliTarget => ({ ...target, environment: { ...target.environment, PORT: '0', ...settings } });

  test('TOLLGATE_SMTP_URL without a host', async () => {
    const refused = await fail(withSettings({ TOLLGATE_SMTP_URL: 'smtp://mailer:hunter2secret@' }), ['serve'], /TOLLGATE_SMTP_URL: smtp:\/\/user:password@host:587 or smtps:\/\/…:465, with a host/);
    assert.doesNotMatch(refused.stderr, /hunter2secret|Invalid URL/);
  });

  test('HOST that no address resolves to', async () => {
    const refused = await fail(withSettings({ HOST: '999.1.1.1' }), ['serve'], /^tollgate: HOST 999\.1\.1\.1 is no address this machine can listen on \(\w+\): set HOST to one of its addresses/m);
    assert.doesNotMatch(refused.stderr, /getaddrinfo/);
  });

  test('PORT another process listens on', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = taken.address() as AddressInfo;
      await fail(withSettings({ HOST: '127.0.0.1', PORT: String(port) }), ['serve'], new RegExp(`^tollgate: PORT ${port} is in use on 127\\.0\\.0\\.1: another process listens there \\(stop it, or set PORT to a free port\\)$`, 'm'));
    } finally {
      taken.close();
    }
  });

  test('a database that cannot be reached: its host and port from DATABASE_URL, not its password', async () => {
    // Nothing listens on port 1.
    const unreachable = withSettings({ DATABASE_URL: 'postgres://tollgate:hunter2secret@127.0.0.1:1/tollgate' });
    for (const args of [['accounts', 'list'], ['serve']]) {
      const refused = await fail(unreachable, args, /^tollgate: cannot reach the database at DATABASE_URL's 127\.0\.0\.1:1 \(ECONNREFUSED\)/);
      assert.doesNotMatch(refused.stderr, /hunter2secret/);
    }
  });
});

describe(`migrations applied at start are said (${testDatabaseLabel()})`, { timeout: 300_000 }, () => {
  test('the server logs their names at info, once: a start with nothing to apply logs none', async () => {
    const target = await createTarget();
    let server: ServerProcess | undefined;
    const said = (logs: readonly string[]) =>
      logs.flatMap((line) => {
        const entry = (line.startsWith('{') ? JSON.parse(line) : {}) as { level?: number; migrations?: string[]; msg?: string };
        return entry.migrations ? [{ level: entry.level, migrations: entry.migrations, msg: entry.msg }] : [];
      });
    try {
      server = await startServerProcess(target.environment as Record<string, string>);
      const names = migrations.map((migration) => migration.name);
      assert.deepEqual(said(server.logs), [{ level: 30, migrations: names, msg: `applied database migrations: ${names.join(', ')}` }]);
      await stopServerProcess(server);
      server = await startServerProcess(target.environment as Record<string, string>);
      assert.deepEqual(said(server.logs), []);
    } finally {
      await stopServerProcess(server);
      await target.drop();
    }
  });
});
