import { sql, type Kysely } from 'kysely';
import type { Database } from '../store/schema';
import { isBalanceCheckViolation, settlementRefusal, type Settlement } from './settlement';

/**
 * PostgreSQL's settlement: each step is one statement (a data-modifying WITH), so no explicit
 * transaction; the trigger's update of the account row takes its lock, which serialises
 * concurrent holds on one account. A hold writes its entry and its `open_holds` row together; a
 * settlement writes its entry, deletes that row and (with an idempotency key) stores the response
 * — all or nothing.
 */
export function kyselySettlement(db: Kysely<Database>): Settlement {
  return {
    // Every write is one statement on a pooled connection: nothing to keep apart.
    exclusive: (work) => work(),
    async hold(request) {
      try {
        await sql`
          with entry as (
            insert into ledger_entries (account_id, request_id, kind, amount_micros, endpoint_id, created_at, balance_after_micros)
            values (${request.accountId}, ${request.requestId}, 'hold', ${-request.micros}, ${request.endpointId}, ${request.at}, 0)
            returning request_id, account_id, endpoint_id)
          insert into open_holds (request_id, account_id, endpoint_id, lease_expires_at)
          select request_id, account_id, endpoint_id, ${request.leaseExpiresAt} from entry`.execute(db);
        return true;
      } catch (error) {
        if (isBalanceCheckViolation(error)) return false;
        throw error;
      }
    },

    async settle(request) {
      const capture = request.kind === 'capture';
      const record = request.idempotent;
      const { rows } = await sql<{ balance: number }>`
        with settled as (
          insert into ledger_entries (account_id, request_id, kind, amount_micros, cost_micros, endpoint_id, created_at, balance_after_micros)
          select hold.account_id, hold.request_id, ${request.kind}, -hold.amount_micros - ${request.costMicros}, ${request.costMicros},
                 ${request.endpointId}, ${request.at}, 0
            from ledger_entries as hold
           where hold.request_id = ${request.requestId} and hold.account_id = ${request.accountId} and hold.kind = 'hold'
             and -hold.amount_micros >= ${request.costMicros}
             and (${!capture} or exists (select 1 from open_holds
                                          where open_holds.request_id = hold.request_id and open_holds.lease_expires_at > ${request.now}))
          returning request_id, balance_after_micros),
        closed as (delete from open_holds where request_id in (select request_id from settled)),
        stored as (
          update idempotency_keys
             set state = 'done', status = ${record?.status ?? null}, headers = ${record?.headers ?? null},
                 body = ${record?.body ?? null}, expires_at = ${record?.expiresAt ?? 0}
           where ${record !== undefined} and account_id = ${request.accountId} and key = ${record?.key ?? ''}
             and exists (select 1 from settled))
        select balance_after_micros as balance from settled`.execute(db);
      if (rows[0]) return rows[0].balance;
      const entries = await db
        .selectFrom('ledger_entries')
        .select(['kind', 'amount_micros'])
        .where('request_id', '=', request.requestId)
        .where('account_id', '=', request.accountId)
        .execute();
      const hold = entries.find((entry) => entry.kind === 'hold');
      const settlement = entries.find((entry) => entry.kind === 'capture' || entry.kind === 'release');
      throw settlementRefusal(request, hold && -hold.amount_micros, settlement?.kind as 'capture' | 'release' | undefined);
    },

    async extend(accountId, requestId, leaseExpiresAt) {
      const result = await db
        .updateTable('open_holds')
        .set({ lease_expires_at: sql<number>`greatest(lease_expires_at, ${leaseExpiresAt})` })
        .where('request_id', '=', requestId)
        .where('account_id', '=', accountId)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
  };
}
