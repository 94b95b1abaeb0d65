import type { Kysely } from 'kysely';
import type { Database } from '../store/schema';

/** The longest reason kept with a suspension (a note for the operator, not a document). */
export const MAX_SUSPENSION_REASON = 200;

export type SuspensionChange = { suspended: true; reason: string | undefined; at: string } | { suspended: false };

/**
 * Suspends an account (the authenticator refuses its keys) or lifts the suspension, in the
 * database: the one write behind /admin, a payment dispute and `tollgate accounts suspend`. The
 * caller then makes the servers drop their cached lookups of the account's keys (the dashboard's
 * `forgetKeys`, the CLI's announcement), as for a revocation. Suspending a suspended account keeps
 * the time it was first suspended, and its reason unless a new one is given. False when there is
 * no such account. `exclusive`: the ledger's, which orders writes on SQLite.
 */
export async function writeSuspension(
  db: Kysely<Database>,
  exclusive: <T>(work: () => Promise<T>) => Promise<T>,
  accountId: string,
  change: SuspensionChange,
): Promise<boolean> {
  const result = await exclusive(() =>
    db
      .updateTable('accounts')
      .set((eb) =>
        change.suspended
          ? { suspended_at: eb.fn.coalesce('suspended_at', eb.val(change.at)), suspension_reason: change.reason === undefined ? eb.ref('suspension_reason') : eb.val(change.reason) }
          : { suspended_at: null, suspension_reason: null },
      )
      .where('id', '=', accountId)
      .executeTakeFirst(),
  );
  return Number(result.numUpdatedRows) > 0;
}

/** A reason as given (trimmed, on one line, at most MAX_SUSPENSION_REASON characters); undefined when empty. */
export function suspensionReason(text: string | undefined): string | undefined {
  const reason = (text ?? '').replace(/\s+/g, ' ').trim().slice(0, MAX_SUSPENSION_REASON);
  return reason === '' ? undefined : reason;
}
