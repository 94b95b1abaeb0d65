import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, LedgerEntryKind } from '../store/schema';
import type { Micros } from '../core/money';
import { requestIdFloor } from '../core/request-id';
import { constraintViolation } from '../store/constraint-violation';
import type { Store } from '../store/database';
import { kyselySettlement } from './kysely-settlement';
import type { Settlement } from './settlement';
import { sqliteSettlement } from './sqlite-settlement';

export interface Account {
  id: string;
  email: string;
  balanceMicros: Micros;
  createdAt: string;
}

export class AccountNotFoundError extends Error {}

export class DuplicateEmailError extends Error {}

/** Balances stay far inside the range where a JavaScript number is an exact integer. */
export const MAX_BALANCE_MICROS = 1_000_000_000 * 1_000_000;

const RECONCILE_CHUNK = 500;

/**
 * The only code that writes money. Every balance change is a ledger entry; inserting it moves the
 * balance in the same statement (a database trigger), and the accounts CHECK (balance ≥ 0) refuses
 * any entry that would overdraw — so concurrent holds can never take more than there is. The
 * per-call hold and settlement go through `Settlement` (one implementation per database).
 */
export class Ledger {
  private readonly db: Kysely<Database>;
  private readonly settlement: Settlement;

  constructor(
    store: Store,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.db = store.db;
    this.settlement = store.sqlite ? sqliteSettlement(store.sqlite) : kyselySettlement(store.db);
  }

  async createAccount(rawEmail: string, creditMicros: Micros, requestId: string): Promise<Account> {
    if (creditMicros !== 0) assertCreditable(creditMicros);
    // Addresses differ only in case are one mailbox in practice: one account per address.
    const email = rawEmail.trim().toLowerCase();
    const id = `acct_${randomBytes(12).toString('base64url')}`;
    const createdAt = this.now().toISOString();
    try {
      await this.settlement.exclusive(() => this.db.transaction().execute(async (trx) => {
        await trx.insertInto('accounts').values({ id, email, balance_micros: 0, created_at: createdAt }).execute();
        if (creditMicros > 0) await this.applyEntry(trx, id, requestId, 'credit', creditMicros, null);
      }));
    } catch (error) {
      if (constraintViolation(error) === 'unique' && /email/i.test(String((error as Error).message) + String((error as { constraint?: string }).constraint ?? ''))) {
        throw new DuplicateEmailError(`an account with email ${email} already exists`);
      }
      throw error;
    }
    return { id, email, balanceMicros: creditMicros, createdAt };
  }

  async findAccount(accountId: string): Promise<Account | undefined> {
    // Through `exclusive`, so what the settlement keeps in memory is written before the read.
    const row = await this.settlement.exclusive(() => this.db.selectFrom('accounts').selectAll().where('id', '=', accountId).executeTakeFirst());
    return row && { id: row.id, email: row.email, balanceMicros: row.balance_micros, createdAt: row.created_at };
  }

  async credit(accountId: string, micros: Micros, requestId: string): Promise<Micros> {
    assertCreditable(micros);
    return this.settlement.exclusive(() => this.db.transaction().execute(async (trx) => {
      const balance = await this.applyEntry(trx, accountId, requestId, 'credit', micros, null);
      if (balance > MAX_BALANCE_MICROS) throw new RangeError(`a balance cannot exceed USD ${MAX_BALANCE_MICROS / 1_000_000}`);
      return balance;
    }));
  }

  /**
   * Reserves `micros` for a request. Returns false, writing nothing, when the balance cannot cover
   * it.
   */
  async hold(accountId: string, micros: Micros, requestId: string, endpointId: string): Promise<boolean> {
    return this.settlement.hold({ accountId, micros, requestId, endpointId, at: this.timestamp() });
  }

  /**
   * Settles a held request at its actual cost, returning the balance after it. The amount held is
   * read from the ledger, never trusted from the caller; a request settles only once.
   */
  async capture(accountId: string, requestId: string, costMicros: Micros, endpointId: string): Promise<Micros> {
    return this.settlement.settle({ accountId, requestId, kind: 'capture', costMicros, endpointId, at: this.timestamp() });
  }

  /** Gives a hold back in full: the request failed and costs nothing. */
  async release(accountId: string, requestId: string, endpointId: string): Promise<Micros> {
    return this.settlement.settle({ accountId, requestId, kind: 'release', costMicros: 0, endpointId, at: this.timestamp() });
  }

  /**
   * Releases holds that were never settled, taken between `lookbackMs` and `olderThanMs` ago: what
   * a crash between a call's hold and its settlement leaves behind. Requests never run that long,
   * so such a hold belongs to no request in flight, on any instance. Request ids sort by time, so
   * the window is a range of the request index; it is read in chunks, so a large window never
   * holds the database (or SQLite's event loop) for long. Returns how many were released.
   */
  async releaseStaleHolds(window: { olderThanMs: number; lookbackMs: number }): Promise<number> {
    const now = this.now().getTime();
    const end = requestIdFloor(now - window.olderThanMs);
    let after = requestIdFloor(now - window.lookbackMs);
    let released = 0;
    for (;;) {
      const stale = await this.db
        .selectFrom('ledger_entries as hold')
        .select(['hold.account_id', 'hold.request_id', 'hold.endpoint_id'])
        .where('hold.request_id', '>', after)
        .where('hold.request_id', '<', end)
        .where('hold.kind', '=', 'hold')
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('ledger_entries as settlement')
                .select('settlement.id')
                .whereRef('settlement.request_id', '=', 'hold.request_id')
                .where('settlement.kind', 'in', ['capture', 'release']),
            ),
          ),
        )
        .orderBy('hold.request_id')
        .limit(RECONCILE_CHUNK)
        .execute();
      for (const hold of stale) {
        // A settlement racing this one wins through the one-settlement index; that is fine.
        await this.release(hold.account_id, hold.request_id, hold.endpoint_id ?? 'ledger.reconcile').then(
          () => (released += 1),
          () => undefined,
        );
      }
      if (stale.length < RECONCILE_CHUNK) return released;
      after = stale[stale.length - 1]!.request_id;
    }
  }

  private stampMs = Number.NaN;
  private stamp = '';

  /** An entry's time, ISO 8601. Formatted once per millisecond: a busy server writes many entries in one. */
  private timestamp(): string {
    const ms = this.now().getTime();
    if (ms !== this.stampMs) {
      this.stampMs = ms;
      this.stamp = new Date(ms).toISOString();
    }
    return this.stamp;
  }

  async balance(accountId: string): Promise<Micros> {
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
    // where a read first would have to upgrade its snapshot and could fail as busy.
    try {
      const entry = await trx
        .insertInto('ledger_entries')
        .values({
          account_id: accountId,
          request_id: requestId,
          kind,
          amount_micros: amountMicros,
          endpoint_id: endpointId,
          created_at: this.timestamp(),
          // Read in the statement itself, so a writer in another process cannot slip between.
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

function assertCreditable(micros: Micros): void {
  if (!Number.isSafeInteger(micros) || micros <= 0 || micros > MAX_BALANCE_MICROS) {
    throw new RangeError(`a credit must be a whole number of micro-USD between 1 and ${MAX_BALANCE_MICROS}`);
  }
}
