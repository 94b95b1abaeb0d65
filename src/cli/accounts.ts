import type { Kysely } from 'kysely';
import { microsToUsd } from '../core/money';
import type { Database } from '../store/schema';

/**
 * What an operator reads about accounts. Read straight from the tables the ledger keeps; field
 * names are those of GET /v1/account.
 */

export interface AccountSummary {
  accountId: string;
  email: string;
  balanceUsd: number;
  createdAt: string;
  /** When the account was suspended (its keys are refused: 403 ACCOUNT_SUSPENDED), or null. */
  suspendedAt: string | null;
  /** Why, when it was given (the operator's words, or "payment dispute du_…"), or null. */
  suspensionReason: string | null;
}

export interface AccountDetails extends AccountSummary {
  /** Every key the account was issued, newest first; the key itself is never stored. */
  keys: Array<{ keyId: string; prefix: string; createdAt: string; revokedAt: string | null }>;
}

/** The largest page `accounts list` prints. */
export const MAX_PAGE = 1000;

export async function showAccount(db: Kysely<Database>, accountId: string): Promise<AccountDetails | undefined> {
  const account = await db.selectFrom('accounts').selectAll().where('id', '=', accountId).executeTakeFirst();
  if (!account) return undefined;
  const keys = await db
    .selectFrom('api_keys')
    .select(['id', 'display_prefix', 'created_at', 'revoked_at'])
    .where('account_id', '=', accountId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return {
    ...summary(account),
    keys: keys.map((key) => ({ keyId: key.id, prefix: key.display_prefix, createdAt: key.created_at, revokedAt: key.revoked_at })),
  };
}

/** Newest first; `nextOffset` is where the next page starts, or null on the last page. */
export async function listAccounts(db: Kysely<Database>, page: { limit: number; offset: number }): Promise<{ accounts: AccountSummary[]; nextOffset: number | null }> {
  const rows = await db
    .selectFrom('accounts')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit + 1)
    .offset(page.offset)
    .execute();
  const more = rows.length > page.limit;
  return { accounts: rows.slice(0, page.limit).map(summary), nextOffset: more ? page.offset + page.limit : null };
}

function summary(row: { id: string; email: string; balance_micros: number; created_at: string; suspended_at: string | null; suspension_reason: string | null }): AccountSummary {
  return {
    accountId: row.id,
    email: row.email,
    balanceUsd: microsToUsd(row.balance_micros),
    createdAt: row.created_at,
    suspendedAt: row.suspended_at,
    suspensionReason: row.suspension_reason,
  };
}
