import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../store/schema';
import type { Micros } from '../core/money';
import { hasSpendCap, spendPeriods, type KeyLimits } from '../auth/key-limits';

const RECONCILE_CHUNK = 100;

export type SpendCapName = 'daily' | 'monthly';

/** A key's call refused because it would take the key past one of its spending caps. */
export class KeyLimitReachedError extends Error {
  constructor(
    readonly limit: SpendCapName,
    readonly capMicros: Micros,
    readonly spentMicros: Micros,
    readonly resetsAt: Date,
  ) {
    super(`the key's ${limit} spending limit of ${capMicros} micro-USD is reached (${spentMicros} spent)`);
  }
}

/** One of a key's caps and where it stands in the current period. */
export interface SpendCapStatus {
  limit: SpendCapName;
  capMicros: Micros;
  /** Spent in the period, counting calls in flight at their hold. */
  spentMicros: Micros;
  remainingMicros: Micros;
  resetsAt: Date;
}

interface KeyHold {
  keyId: string;
  accountId: string;
  requestId: string;
  micros: Micros;
  at: Date;
  leaseExpiresAt: number;
}

/**
 * Per-key spending caps, counted beside the ledger. A capped key's hold is admitted by one
 * conditional update of its day's and its month's `key_spend` rows (`spent + hold <= cap`), so
 * concurrent calls are admitted in order while they fit, exactly as the balance admits them, on
 * either database; the call's settlement then corrects both rows by what it cost. Both periods
 * are counted for every capped key, so a cap added later finds its period's spend complete.
 *
 * The ledger stays the truth: a key hold whose call a crash (or a failed write) left unsettled is
 * settled by `reconcile` from the ledger's own capture or release of the same request, and one
 * whose call never held anything is released once its lease has expired.
 */
export class KeyBudgets {
  constructor(
    private readonly db: Kysely<Database>,
    /** The ledger's `exclusive`: on SQLite, writes must not interleave with a settlement's open turn. */
    private readonly exclusive: <T>(work: () => Promise<T>) => Promise<T>,
  ) {}

  /** Counts `micros` against the key's caps; KeyLimitReachedError (nothing written) when a cap cannot take it. */
  async reserve(hold: KeyHold, limits: KeyLimits): Promise<void> {
    const periods = spendPeriods(hold.at);
    const caps = [
      { limit: 'daily' as const, period: periods.day, cap: limits.dailyMicros ?? Number.MAX_SAFE_INTEGER, resetsAt: periods.dayEndsAt },
      { limit: 'monthly' as const, period: periods.month, cap: limits.monthlyMicros ?? Number.MAX_SAFE_INTEGER, resetsAt: periods.monthEndsAt },
    ];
    await this.exclusive(() =>
      this.db.transaction().execute(async (trx) => {
        // Day before month, in every transaction: two calls of a key lock its rows in one order.
        for (const { limit, period, cap, resetsAt } of caps) {
          await trx.insertInto('key_spend').values({ key_id: hold.keyId, period, spent_micros: 0 }).onConflict((conflict) => conflict.doNothing()).execute();
          const admitted = await trx
            .updateTable('key_spend')
            .set({ spent_micros: sql<number>`spent_micros + ${hold.micros}` })
            .where('key_id', '=', hold.keyId)
            .where('period', '=', period)
            .where(sql<boolean>`spent_micros + ${hold.micros} <= ${cap}`)
            .executeTakeFirst();
          if (admitted.numUpdatedRows === 0n) {
            const spent = await spentIn(trx, hold.keyId, period);
            throw new KeyLimitReachedError(limit, cap, spent, resetsAt);
          }
        }
        await trx
          .insertInto('key_holds')
          .values({ request_id: hold.requestId, key_id: hold.keyId, account_id: hold.accountId, day: periods.day, month: periods.month, micros: hold.micros, lease_expires_at: hold.leaseExpiresAt })
          .execute();
      }),
    );
  }

  /**
   * Settles a request's key hold at what the call cost (0: released), once: a second settlement,
   * or one for a request that counted nothing against a key, changes nothing.
   */
  async settle(requestId: string, costMicros: Micros): Promise<void> {
    await this.exclusive(() =>
      this.db.transaction().execute(async (trx) => {
        const hold = await trx.deleteFrom('key_holds').where('request_id', '=', requestId).returning(['key_id', 'day', 'month', 'micros']).executeTakeFirst();
        if (!hold || costMicros === hold.micros) return;
        await trx
          .updateTable('key_spend')
          .set({ spent_micros: sql<number>`spent_micros + ${costMicros - hold.micros}` })
          .where('key_id', '=', hold.key_id)
          .where('period', 'in', [hold.day, hold.month])
          .execute();
      }),
    );
  }

  /** Moves a key hold's lease with its ledger hold's (never earlier). */
  async extend(requestId: string, leaseExpiresAt: number): Promise<void> {
    await this.exclusive(() =>
      this.db
        .updateTable('key_holds')
        .set({ lease_expires_at: sql<number>`case when lease_expires_at > ${leaseExpiresAt} then lease_expires_at else ${leaseExpiresAt} end` })
        .where('request_id', '=', requestId)
        .execute(),
    );
  }

  /** Settles a request's key hold as the ledger settled the request; leaves it while the ledger has not. */
  async settleFromLedger(requestId: string): Promise<void> {
    const settlement = await this.db
      .selectFrom('ledger_entries')
      .innerJoin('key_holds', (join) => join.onRef('key_holds.request_id', '=', 'ledger_entries.request_id').onRef('key_holds.account_id', '=', 'ledger_entries.account_id'))
      .select(['ledger_entries.kind', 'ledger_entries.cost_micros'])
      .where('ledger_entries.request_id', '=', requestId)
      .where('ledger_entries.kind', 'in', ['capture', 'release'])
      .executeTakeFirst();
    if (settlement) await this.settle(requestId, settlement.kind === 'capture' ? settlement.cost_micros : 0);
  }

  /**
   * Settles the key holds a call left open (a crash, a lost write): those whose request the ledger
   * has settled, at its cost; and those whose lease expired with no hold in the ledger at all,
   * released. One whose ledger hold is still open (a job running) waits for it. Reads by index
   * only the key holds, so its work grows with them. Returns how many it settled.
   */
  async reconcile(now: number): Promise<number> {
    // Spend of periods before last month is read by nothing (a cap looks at its current day and
    // month): dropped, so the table holds about two months of capped keys.
    const lastMonth = new Date(now);
    lastMonth.setUTCDate(1);
    lastMonth.setUTCMonth(lastMonth.getUTCMonth() - 1);
    await this.exclusive(() => this.db.deleteFrom('key_spend').where('period', '<', spendPeriods(lastMonth).month).execute());
    let settled = 0;
    for (;;) {
      const rows = await this.db
        .selectFrom('key_holds')
        .innerJoin('ledger_entries', (join) =>
          join.onRef('ledger_entries.request_id', '=', 'key_holds.request_id').onRef('ledger_entries.account_id', '=', 'key_holds.account_id').on('ledger_entries.kind', 'in', ['capture', 'release']),
        )
        .select(['key_holds.request_id', 'ledger_entries.kind', 'ledger_entries.cost_micros'])
        .limit(RECONCILE_CHUNK)
        .execute();
      for (const row of rows) await this.settle(row.request_id, row.kind === 'capture' ? row.cost_micros : 0);
      settled += rows.length;
      if (rows.length < RECONCILE_CHUNK) break;
    }
    for (;;) {
      const orphans = await this.db
        .selectFrom('key_holds')
        .select('request_id')
        .where('lease_expires_at', '<=', now)
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom('ledger_entries').select('ledger_entries.id').whereRef('ledger_entries.request_id', '=', 'key_holds.request_id').whereRef('ledger_entries.account_id', '=', 'key_holds.account_id'))),
        )
        .limit(RECONCILE_CHUNK)
        .execute();
      for (const row of orphans) await this.settle(row.request_id, 0);
      settled += orphans.length;
      if (orphans.length < RECONCILE_CHUNK) return settled;
    }
  }

  /**
   * Starts counting a key's spend (its first cap): the current day's and month's rows are set to
   * what its calls were charged in them (`charged`, read from the account's usage) and what its
   * calls in flight hold, so a cap set at noon counts the morning.
   */
  async startCounting(keyId: string, at: Date, charged: { day: Micros; month: Micros }): Promise<void> {
    const periods = spendPeriods(at);
    await this.exclusive(() =>
      this.db.transaction().execute(async (trx) => {
        for (const [period, column, chargedMicros] of [[periods.day, 'day', charged.day], [periods.month, 'month', charged.month]] as const) {
          const held = await trx
            .selectFrom('key_holds')
            .select(sql<number | string>`coalesce(sum(micros), 0)`.as('micros'))
            .where('key_id', '=', keyId)
            .where(column, '=', period)
            .executeTakeFirst();
          const spent = chargedMicros + Number(held?.micros ?? 0);
          await trx
            .insertInto('key_spend')
            .values({ key_id: keyId, period, spent_micros: spent })
            .onConflict((conflict) => conflict.columns(['key_id', 'period']).doUpdateSet({ spent_micros: spent }))
            .execute();
        }
      }),
    );
  }

  /** Where each of the key's caps stands at `at`. */
  async status(keyId: string, limits: KeyLimits, at: Date): Promise<SpendCapStatus[]> {
    if (!hasSpendCap(limits)) return [];
    const periods = spendPeriods(at);
    const rows = await this.exclusive(() =>
      this.db.selectFrom('key_spend').select(['period', 'spent_micros']).where('key_id', '=', keyId).where('period', 'in', [periods.day, periods.month]).execute(),
    );
    const spent = (period: string) => rows.find((row) => row.period === period)?.spent_micros ?? 0;
    const caps: SpendCapStatus[] = [];
    const add = (limit: SpendCapName, capMicros: Micros | null, period: string, resetsAt: Date) => {
      if (capMicros === null) return;
      const spentMicros = spent(period);
      caps.push({ limit, capMicros, spentMicros, remainingMicros: Math.max(0, capMicros - spentMicros), resetsAt });
    };
    add('daily', limits.dailyMicros, periods.day, periods.dayEndsAt);
    add('monthly', limits.monthlyMicros, periods.month, periods.monthEndsAt);
    return caps;
  }
}

async function spentIn(trx: Transaction<Database>, keyId: string, period: string): Promise<Micros> {
  const row = await trx.selectFrom('key_spend').select('spent_micros').where('key_id', '=', keyId).where('period', '=', period).executeTakeFirst();
  return row?.spent_micros ?? 0;
}
