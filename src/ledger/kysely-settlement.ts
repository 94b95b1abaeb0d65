import type { Kysely } from 'kysely';
import type { Database } from '../store/schema';
import { isBalanceCheckViolation, settlementRefusal, type Settlement } from './settlement';

/**
 * PostgreSQL's settlement: single statements, so no explicit transaction; the trigger's update of
 * the account row takes its lock, which serialises concurrent holds on one account.
 */
export function kyselySettlement(db: Kysely<Database>): Settlement {
  return {
    // Every write is one statement on a pooled connection: nothing to keep apart.
    exclusive: (work) => work(),
    async hold(request) {
      try {
        await db
          .insertInto('ledger_entries')
          .values({
            account_id: request.accountId,
            request_id: request.requestId,
            kind: 'hold',
            amount_micros: -request.micros,
            endpoint_id: request.endpointId,
            created_at: request.at,
            balance_after_micros: 0, // set by the trigger
          })
          .execute();
        return true;
      } catch (error) {
        if (isBalanceCheckViolation(error)) return false;
        throw error;
      }
    },

    async settle(request) {
      const settled = await db
        .insertInto('ledger_entries')
        .columns(['account_id', 'request_id', 'kind', 'amount_micros', 'cost_micros', 'endpoint_id', 'created_at', 'balance_after_micros'])
        .expression((eb) =>
          eb
            .selectFrom('ledger_entries')
            .select((inner) => [
              'account_id',
              'request_id',
              inner.val(request.kind).as('kind'),
              inner(inner.neg('amount_micros'), '-', request.costMicros).as('amount_micros'),
              inner.val(request.costMicros).as('cost_micros'),
              inner.val(request.endpointId).as('endpoint_id'),
              inner.val(request.at).as('created_at'),
              inner.lit(0).as('balance_after_micros'), // set by the trigger
            ])
            .where('request_id', '=', request.requestId)
            .where('account_id', '=', request.accountId)
            .where('kind', '=', 'hold')
            .where(inner => inner(inner.neg('amount_micros'), '>=', request.costMicros)),
        )
        .returning('balance_after_micros')
        .executeTakeFirst();
      if (settled) return settled.balance_after_micros;
      const hold = await db
        .selectFrom('ledger_entries')
        .select('amount_micros')
        .where('request_id', '=', request.requestId)
        .where('account_id', '=', request.accountId)
        .where('kind', '=', 'hold')
        .executeTakeFirst();
      throw settlementRefusal(request, hold && -hold.amount_micros);
    },
  };
}
