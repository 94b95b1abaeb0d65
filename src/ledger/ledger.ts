import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, LedgerEntryKind } from '../store/schema';
import { MAX_BALANCE_MICROS, type Micros } from '../core/money';
import { constraintViolation } from '../store/constraint-violation';
import type { Store } from '../store/database';
import { SettlementError, type CommitObserver, type IdempotentRecord, type Settlement } from './settlement';
import { postgresSettlement } from './postgres-settlement';
import { sqliteSettlement } from './sqlite-settlement';
import { KeyBudgets } from './key-budgets';
import { hasSpendCap, type KeyLimits } from '../auth/key-limits';
import { isoTime } from '../core/iso-time';

export interface Account {
  id: string;
  email: string;
  balanceMicros: Micros;
  createdAt: string;
}

export class AccountNotFoundError extends Error {}

/** What a debit took: never more than the balance held; the rest is short. */
export interface Debit {
  takenMicros: Micros;
  shortMicros: Micros;
}

export class DuplicateEmailError extends Error {}

/**
 * Runs in a new account's transaction once its row exists: writes what belongs with the account
 * (a dashboard sign-up's password and mailbox claim) and returns the credit it opens with (0: none).
 * It writes through `trx` only, and never waits for the ledger (it already holds its turn).
 */
export type AccountOpening = (trx: Transaction<Database>, accountId: string) => Promise<Micros>;
/** Writes the caller's rows belonging with a credit, in its transaction, and says its amount (0: none). */
export type CreditDecision = (trx: Transaction<Database>) => Promise<Micros>;

// The balance cap is money's rule; importers of the ledger find it here too.
export { MAX_BALANCE_MICROS };

const RECONCILE_CHUNK = 100;

/** The lease of a hold taken without one (the CLI, tests): as long as the old reconciler waited. */
const DEFAULT_LEASE_SECONDS = 600;

/**
 * A hold on an account for one request, with a lease: captured at the actual cost, released, or
 * kept alive longer. Exactly one capture or release settles it.
 */
export interface Reservation {
  readonly requestId: string;
  readonly maxMicros: Micros;
  /** Charges `costMicros` (≤ the hold) and returns the balance after; LeaseExpiredError once the lease expired. */
  capture(costMicros: Micros, idempotent?: IdempotentRecord): Promise<Micros>;
  release(): Promise<Micros>;
  /** The lease now ends `seconds` from now (never earlier than it did). */
  extend(seconds: number): Promise<void>;
}

/**
 * The only code that writes money. Every balance change is a ledger entry; inserting it moves the
 * balance in the same statement (a database trigger, which also refuses an entry whose stated
 * balance after it is not the true one), and no entry may take a balance below zero — so
 * concurrent holds can never take more than there is. The
 * per-call hold and settlement go through `Settlement` (one implementation per database).
 */
export class Ledger {
  private readonly db: Kysely<Database>;
  private readonly dialect: Store['dialect'];
  private readonly settlement: Settlement;
  /** Per-key spending caps, counted with the holds and settlements of capped keys' calls. */
  readonly keyBudgets: KeyBudgets;

  constructor(
    store: Store,
    /** The ledger's clock: leases, entries' times, the periods of key caps. */
    readonly now: () => Date = () => new Date(),
    onCommit?: CommitObserver,
  ) {
    this.db = store.db;
    this.dialect = store.dialect;
    this.settlement = store.sqlite ? sqliteSettlement(store.sqlite, onCommit) : postgresSettlement(postgresPool(store), onCommit);
    this.keyBudgets = new KeyBudgets(this.db, (work) => this.settlement.exclusive(work));
  }

  /**
   * Opens an account with its opening credit (under `requestId`), in one transaction. `credit` is
   * the amount, or an `AccountOpening` that writes the caller's rows belonging with the account and
   * says the amount: a failure anywhere (an address taken, a credit refused) leaves nothing behind.
   */
  async createAccount(rawEmail: string, credit: Micros | AccountOpening, requestId: string): Promise<Account> {
    if (typeof credit === 'number' && credit !== 0) assertCreditable(credit);
    // Addresses differ only in case are one mailbox in practice: one account per address.
    const email = rawEmail.trim().toLowerCase();
    const id = `acct_${randomBytes(12).toString('base64url')}`;
    const createdAt = this.now().toISOString();
    let creditMicros: Micros = 0;
    try {
      await this.settlement.exclusive(() => this.db.transaction().execute(async (trx) => {
        await trx.insertInto('accounts').values({ id, email, balance_micros: 0, created_at: createdAt }).execute();
        creditMicros = typeof credit === 'number' ? credit : await credit(trx, id);
        if (creditMicros !== 0) {
          assertCreditable(creditMicros);
          await this.applyEntry(trx, id, requestId, 'credit', creditMicros, null);
        }
      }));
    } catch (error) {
      if (constraintViolation(error) === 'unique' && /email/i.test(String((error as Error).message) + String((error as { constraint?: string }).constraint ?? ''))) {
        throw new DuplicateEmailError(`an account with email ${email} already exists`);
      }
      throw error;
    }
    return { id, email, balanceMicros: creditMicros, createdAt };
  }

  /**
   * Runs other writes to the database the ledger shares (idempotency keys) without interleaving
   * with a settlement's open turn.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T> {
    return this.settlement.exclusive(work);
  }

  async findAccount(accountId: string): Promise<Account | undefined> {
    // What the settlement keeps in memory is written before the read.
    await this.settlement.flush();
    const row = await this.settlement.exclusive(() => this.db.selectFrom('accounts').selectAll().where('id', '=', accountId).executeTakeFirst());
    return row && { id: row.id, email: row.email, balanceMicros: row.balance_micros, createdAt: row.created_at };
  }

  /**
   * Adds credit under `requestId` (one per request id). `micros` is the amount, or a `CreditDecision`
   * that writes the caller's rows belonging with the credit and says the amount, in the credit's
   * transaction: 0 writes nothing (undefined is returned), and a failure anywhere leaves nothing.
   * Returns the balance after the credit.
   */
  async credit(accountId: string, micros: Micros, requestId: string): Promise<Micros>;
  async credit(accountId: string, micros: CreditDecision, requestId: string): Promise<Micros | undefined>;
  async credit(accountId: string, micros: Micros | CreditDecision, requestId: string): Promise<Micros | undefined> {
    if (typeof micros === 'number') assertCreditable(micros);
    return this.settlement.exclusive(() => this.db.transaction().execute(async (trx) => {
      const amount = typeof micros === 'number' ? micros : await micros(trx);
      if (amount === 0) return undefined;
      assertCreditable(amount);
      const balance = await this.applyEntry(trx, accountId, requestId, 'credit', amount, null);
      if (balance > MAX_BALANCE_MICROS) throw new RangeError(`a balance cannot exceed USD ${MAX_BALANCE_MICROS / 1_000_000}`);
      return balance;
    }));
  }

  /**
   * Takes credit back (a refund, a chargeback): one credit entry of minus what is taken, under
   * `requestId` (one per request id: a replay takes nothing, and fails as a unique violation). The
   * account is locked first (its row on PostgreSQL, the write lock on SQLite), then `wanted` says
   * how much to take, reading what earlier debits wrote in the same transaction, so two debits
   * never both count on the same past. A balance never goes below zero: what it cannot cover is
   * returned as `shortMicros`, taken from nobody (the operator's to settle).
   */
  async debit(accountId: string, requestId: string, wanted: (trx: Transaction<Database>) => Promise<Micros>): Promise<Debit> {
    return this.settlement.exclusive(() => this.db.transaction().execute(async (trx) => {
      const locked = await trx
        .updateTable('accounts')
        .set({ balance_micros: sql`balance_micros` })
        .where('id', '=', accountId)
        .returning('balance_micros')
        .executeTakeFirst();
      if (!locked) throw new AccountNotFoundError(`no account ${accountId}`);
      const asked = await wanted(trx);
      if (!Number.isSafeInteger(asked) || asked < 0 || asked > MAX_BALANCE_MICROS) throw new RangeError(`a debit must be a whole number of micro-USD between 0 and ${MAX_BALANCE_MICROS}`);
      if (asked === 0) return { takenMicros: 0, shortMicros: 0 };
      const taken = Math.min(asked, Number(locked.balance_micros));
      await this.applyEntry(trx, accountId, requestId, 'credit', -taken, null);
      return { takenMicros: taken, shortMicros: asked - taken };
    }));
  }

  /**
   * Reserves up to `maxMicros` for a request, for `leaseSeconds`: until the lease expires (or is
   * extended) the reconciler leaves the hold alone, whatever its age. Undefined, writing nothing,
   * when the balance cannot cover it. With the calling `key` and spending caps on it, the hold
   * counts against them first: KeyLimitReachedError, writing nothing, when one cannot take it; the
   * reservation's settlement then settles the key's part too.
   */
  async reserve(
    accountId: string,
    maxMicros: Micros,
    options: { requestId: string; endpointId: string; leaseSeconds: number },
    key?: { keyId: string; limits: KeyLimits },
  ): Promise<Reservation | undefined> {
    const { requestId, endpointId, leaseSeconds } = options;
    const capped = key && hasSpendCap(key.limits) ? key : undefined;
    if (capped) {
      const at = this.now();
      await this.keyBudgets.reserve({ keyId: capped.keyId, accountId, requestId, micros: maxMicros, at, leaseExpiresAt: at.getTime() + leaseSeconds * 1000 }, capped.limits);
    }
    let held = false;
    try {
      held = await this.hold(accountId, maxMicros, requestId, endpointId, leaseSeconds);
    } finally {
      if (capped && !held) await this.keyBudgets.settle(requestId, 0);
    }
    if (!held) return undefined;
    const reservation: Reservation = {
      requestId,
      maxMicros,
      capture: (costMicros, idempotent) => this.capture(accountId, requestId, costMicros, endpointId, idempotent),
      release: () => this.release(accountId, requestId, endpointId),
      extend: async (seconds) => {
        if (!(await this.extendLease(accountId, requestId, seconds))) {
          throw new SettlementError(`request ${requestId} holds nothing open to extend`);
        }
      },
    };
    return capped ? this.countedAgainstKey(reservation) : reservation;
  }

  /**
   * A reservation whose settlement settles its key's part too. One left unsettled by a failure
   * here is settled by the reconciler from the ledger's entry (KeyBudgets.reconcile).
   */
  private countedAgainstKey(reservation: Reservation): Reservation {
    const { requestId } = reservation;
    const settleKey = (costMicros: Micros) => this.keyBudgets.settle(requestId, costMicros).catch(() => undefined);
    return {
      requestId,
      maxMicros: reservation.maxMicros,
      capture: async (costMicros, idempotent) => {
        const balance = await reservation.capture(costMicros, idempotent);
        await settleKey(costMicros);
        return balance;
      },
      release: async () => {
        const balance = await reservation.release();
        await settleKey(0);
        return balance;
      },
      extend: async (seconds) => {
        await reservation.extend(seconds);
        await this.keyBudgets.extend(requestId, this.now().getTime() + seconds * 1000);
      },
    };
  }

  /**
   * Settles the key's part of a request's hold as the ledger settled the request (a media job,
   * settled after its call through `capture`/`release`); nothing when it counted against no key.
   */
  async settleKeyHold(requestId: string): Promise<void> {
    await this.keyBudgets.settleFromLedger(requestId);
  }

  /** Reserves `micros` for a request (see `reserve`). False, writing nothing, when the balance cannot cover it. */
  async hold(accountId: string, micros: Micros, requestId: string, endpointId: string, leaseSeconds = DEFAULT_LEASE_SECONDS): Promise<boolean> {
    const leaseExpiresAt = this.now().getTime() + leaseSeconds * 1000;
    return this.settlement.hold({ accountId, micros, requestId, endpointId, at: this.timestamp(), leaseExpiresAt });
  }

  /**
   * Settles a held request at its actual cost, returning the balance after it. The amount held is
   * read from the ledger, never trusted from the caller; a request settles only once, and not
   * after its lease expired (LeaseExpiredError). With `idempotent`, the response is stored in the
   * same transaction.
   */
  async capture(accountId: string, requestId: string, costMicros: Micros, endpointId: string, idempotent?: IdempotentRecord): Promise<Micros> {
    const now = this.now().getTime();
    return this.settlement.settle({ accountId, requestId, kind: 'capture', costMicros, endpointId, at: this.timestamp(), now, ...(idempotent ? { idempotent } : {}) });
  }

  /**
   * Moves an open hold's lease to `seconds` from now (never earlier than it was): what a job that
   * outlives its call does while it runs. False when the hold is no longer open (settled, or
   * released by the reconciler once its lease expired).
   */
  async extendLease(accountId: string, requestId: string, seconds: number): Promise<boolean> {
    return this.settlement.extend(accountId, requestId, this.now().getTime() + seconds * 1000);
  }

  /** How a request's hold was settled, if it was: a capture and its cost, or a release. */
  async settlementOf(accountId: string, requestId: string): Promise<{ kind: 'capture' | 'release'; costMicros: Micros } | undefined> {
    const row = await this.settlement.exclusive(() =>
      this.db
        .selectFrom('ledger_entries')
        .select(['kind', 'cost_micros'])
        .where('request_id', '=', requestId)
        .where('account_id', '=', accountId)
        .where('kind', 'in', ['capture', 'release'])
        .executeTakeFirst(),
    );
    return row && { kind: row.kind as 'capture' | 'release', costMicros: row.cost_micros };
  }

  /** Gives a hold back in full: the request failed and costs nothing. */
  async release(accountId: string, requestId: string, endpointId: string): Promise<Micros> {
    return this.settlement.settle({ accountId, requestId, kind: 'release', costMicros: 0, endpointId, at: this.timestamp(), now: this.now().getTime() });
  }

  /**
   * Releases every hold whose lease has expired, whatever its age: what a crash between a call's
   * hold and its settlement leaves behind. Reads only open holds, by lease (an index), a chunk at
   * a time with a turn of the event loop between chunks, so its work grows with the expired holds
   * and never holds the event loop (or SQLite's write lock) for long. A release racing another
   * instance's, or a late capture, settles once (the ledger's one-settlement index). Returns how
   * many it released.
   */
  async releaseExpiredHolds(): Promise<number> {
    let released = 0;
    for (;;) {
      const now = this.now().getTime();
      const expired = await this.db
        .selectFrom('open_holds')
        .select(['account_id', 'request_id', 'endpoint_id'])
        .where('lease_expires_at', '<=', now)
        .orderBy('lease_expires_at')
        .limit(RECONCILE_CHUNK)
        .execute();
      // A chunk's releases at once: on PostgreSQL they share a batch (one statement).
      await Promise.all(
        expired.map((hold) =>
          this.release(hold.account_id, hold.request_id, hold.endpoint_id ?? 'ledger.reconcile').then(
            () => (released += 1),
            () => undefined,
          ),
        ),
      );
      if (expired.length < RECONCILE_CHUNK) return released;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /** An entry's time, ISO 8601. */
  private timestamp(): string {
    return isoTime(this.now().getTime());
  }

  /**
   * Resolves once every hold and settlement asked for so far is in the database: a PostgreSQL
   * turn grants holds in memory and writes them at its close, so a direct read of the ledger's
   * tables (open holds, entries) can come before them.
   */
  flush(): Promise<void> {
    return this.settlement.flush();
  }

  async balance(accountId: string): Promise<Micros> {
    await this.settlement.flush();
    const row = await this.settlement.exclusive(() =>
      this.db.selectFrom('accounts').select('balance_micros').where('id', '=', accountId).executeTakeFirst(),
    );
    if (!row) throw new AccountNotFoundError(`no account ${accountId}`);
    return row.balance_micros;
  }

  /** Writes one entry; the trigger moves the balance. Returns the balance after it. */
  private async applyEntry(
    trx: Transaction<Database>,
    accountId: string,
    requestId: string,
    kind: LedgerEntryKind,
    amountMicros: Micros,
    endpointId: string | null,
  ): Promise<Micros> {
    // The write comes first: on SQLite it takes the write lock at once (waiting for other writers),
    // where a read first would have to upgrade its snapshot and could fail as busy. PostgreSQL's
    // trigger refuses a stated balance another transaction has moved since (migration 009): the
    // account's row is locked first.
    try {
      if (this.dialect === 'postgres') await sql`select 1 from accounts where id = ${accountId} for update`.execute(trx);
      const entry = await trx
        .insertInto('ledger_entries')
        .values({
          account_id: accountId,
          request_id: requestId,
          kind,
          amount_micros: amountMicros,
          endpoint_id: endpointId,
          created_at: this.timestamp(),
          // Read in the statement itself, so a writer in another process cannot slip between (SQLite),
          // or after the row's lock (PostgreSQL).
          balance_after_micros: sql<number>`(select balance_micros from accounts where id = ${accountId}) + ${amountMicros}`,
        })
        .returning('balance_after_micros')
        .executeTakeFirstOrThrow();
      return entry.balance_after_micros;
    } catch (error) {
      // An unknown account: a foreign-key failure, or (SQLite) a missing balance to add to.
      const violation = constraintViolation(error);
      if (violation === 'foreign_key' || violation === 'not_null') throw new AccountNotFoundError(`no account ${accountId}`);
      throw error;
    }
  }
}

/** The pool a PostgreSQL store opened (openStore always keeps it). */
function postgresPool(store: Store) {
  if (!store.postgres) throw new Error('a PostgreSQL store without its pool: open it with openStore');
  return store.postgres;
}

function assertCreditable(micros: Micros): void {
  if (!Number.isSafeInteger(micros) || micros <= 0 || micros > MAX_BALANCE_MICROS) {
    throw new RangeError(`a credit must be a whole number of micro-USD between 1 and ${MAX_BALANCE_MICROS}`);
  }
}
