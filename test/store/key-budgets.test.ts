import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { Ledger, type Reservation } from '../../src/ledger/ledger';
import { KeyLimitReachedError } from '../../src/ledger/key-budgets';
import { NO_KEY_LIMITS } from '../../src/auth/key-limits';
import { ApiKeys } from '../../src/auth/api-keys';
import { openStore, type Store } from '../../src/store/database';
import { openSharedDatabase, type SharedDatabase } from '../helpers/server-process';
import { testDatabaseLabel } from '../helpers/test-app';

const PRICE = 20_000;
const AFFORDABLE = 7;
/** The ledgers' clock, stopped at noon: holds made on one day are never counted on the next (a run across midnight UTC). */
const NOON = new Date('2026-11-30T12:00:00Z');
const clock = () => NOON;

/**
 * A key's spending cap on the database itself: concurrent holds of one key are admitted exactly
 * while they fit. On PostgreSQL from two connections (two instances' pools), whichever instance
 * takes them. SQLite's instances are processes (one writer each, whose waits for the file's lock
 * block their event loop), so there the holds come through one ledger, interleaved in its turns.
 */
describe(`key spending caps under concurrency (${testDatabaseLabel()})`, () => {
  let database: SharedDatabase;
  let second: Store | undefined;
  let ledgers: [Ledger, Ledger];
  before(async () => {
    database = await openSharedDatabase();
    const first = new Ledger(database.store, clock);
    if (database.store.dialect === 'postgres') {
      second = await openStore({ databaseUrl: database.environment.DATABASE_URL, dataDir: database.environment.TOLLGATE_DATA_DIR! });
      ledgers = [first, new Ledger(second, clock)];
    } else {
      ledgers = [first, first];
    }
  });
  after(async () => {
    await second?.close();
    await database?.close();
  });

  test(`40 concurrent holds on a key whose daily cap covers ${AFFORDABLE}: exactly ${AFFORDABLE} are admitted`, async () => {
    const [first] = ledgers;
    const account = await first.createAccount(`caps-${randomBytes(6).toString('hex')}@example.com`, 10_000_000, `signup_${randomBytes(6).toString('hex')}`);
    const limits = { ...NO_KEY_LIMITS, dailyMicros: AFFORDABLE * PRICE + PRICE - 1 };
    const { keyId } = await new ApiKeys(database.store.db).issue(account.id, 'capped', limits);
    const key = { keyId, limits };

    const outcomes = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        ledgers[index % 2]!.reserve(account.id, PRICE, { requestId: `req_${randomBytes(8).toString('hex')}`, endpointId: 'test.caps', leaseSeconds: 60 }, key).then(
          (reservation) => reservation,
          (error: unknown) => error,
        ),
      ),
    );
    const admitted = outcomes.filter((outcome): outcome is Reservation => outcome !== undefined && !(outcome instanceof Error));
    const refused = outcomes.filter((outcome) => outcome instanceof KeyLimitReachedError);
    assert.equal(admitted.length, AFFORDABLE);
    assert.equal(refused.length, 40 - AFFORDABLE, 'every other call is refused by the cap, none by the balance');
    const spent = async () => (await first.keyBudgets.status(keyId, limits, clock()))[0]!.spentMicros;
    assert.equal(await spent(), AFFORDABLE * PRICE);

    // Settled at less than held (one each way), on either instance: the cap counts what was charged.
    await Promise.all(admitted.map((reservation, index) => (index === 0 ? reservation.release() : reservation.capture(PRICE / 2))));
    assert.equal(await spent(), (AFFORDABLE - 1) * (PRICE / 2));
    assert.equal(await first.balance(account.id), 10_000_000 - (AFFORDABLE - 1) * (PRICE / 2));
    const open = await database.store.db.selectFrom('key_holds').select('request_id').where('key_id', '=', keyId).execute();
    assert.deepEqual(open, []);
  });
});
