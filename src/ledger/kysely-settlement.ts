import type { Kysely } from 'kysely';
import type { Database } from '../store/schema';
import { checkSettlement, type Settlement } from './settlement';

/** PostgreSQL's settlement: the conditional update's row lock serialises concurrent holds. */
export function kyselySettlement(db: Kysely<Database>): Settlement {
  return {
    hold: (request) =>
      db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('accounts')
          .set((eb) => ({ balance_micros: eb('balance_micros', '-', request.micros) }))
          .where('id', '=', request.accountId)
          .where('balance_micros', '>=', request.micros)
          .returning('balance_micros')
          .executeTakeFirst();
        if (!row) return undefined;
        await trx
          .insertInto('ledger_entries')
          .values({
            account_id: request.accountId,
            request_id: request.requestId,
            kind: 'hold',
            amount_micros: -request.micros,
            cost_micros: 0,
            balance_after_micros: row.balance_micros,
            endpoint_id: request.endpointId,
            created_at: request.at,
          })
          .execute();
        return row.balance_micros;
      }),

    settle: (request) =>
      db.transaction().execute(async (trx) => {
        const hold = await trx
          .selectFrom('ledger_entries')
          .select('amount_micros')
          .where('request_id', '=', request.requestId)
          .where('account_id', '=', request.accountId)
          .where('kind', '=', 'hold')
          .executeTakeFirst();
        const held = checkSettlement(request, hold && -hold.amount_micros);
        const row = await trx
          .updateTable('accounts')
          .set((eb) => ({ balance_micros: eb('balance_micros', '+', held - request.costMicros) }))
          .where('id', '=', request.accountId)
          .returning('balance_micros')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('ledger_entries')
          .values({
            account_id: request.accountId,
            request_id: request.requestId,
            kind: request.kind,
            amount_micros: held - request.costMicros,
            cost_micros: request.costMicros,
            balance_after_micros: row.balance_micros,
            endpoint_id: request.endpointId,
            created_at: request.at,
          })
          .execute();
        return row.balance_micros;
      }),
  };
}
