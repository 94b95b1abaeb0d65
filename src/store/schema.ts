import type { Generated } from 'kysely';

/** Row types of every table, as Kysely sees them. Money columns are integer micro-USD. */
export interface Database {
  accounts: AccountsTable;
  api_keys: ApiKeysTable;
  ledger_entries: LedgerEntriesTable;
  open_holds: OpenHoldsTable;
  idempotency_keys: IdempotencyKeysTable;
}

export interface AccountsTable {
  id: string;
  email: string;
  balance_micros: number;
  created_at: string;
}

export interface ApiKeysTable {
  id: string;
  account_id: string;
  /** SHA-256 of the whole key, hex. The key itself is never stored. */
  hash: string;
  /** The first characters of the key, to recognise it in listings. */
  display_prefix: string;
  created_at: string;
  revoked_at: string | null;
}

export type LedgerEntryKind = 'credit' | 'hold' | 'capture' | 'release';

/**
 * Append-only. `amount_micros` is the entry's effect on the balance, so the entries of an account
 * always sum to its balance: credit +X, hold −max, release +max, capture +(max − cost). Inserting
 * an entry moves the balance (a trigger, see migrations/001-ledger.ts); nothing else does.
 */
export interface LedgerEntriesTable {
  id: Generated<number>;
  account_id: string;
  request_id: string;
  kind: LedgerEntryKind;
  amount_micros: number;
  /** What the request finally cost; set on capture entries, 0 elsewhere. */
  cost_micros: Generated<number>;
  /** The balance after this entry: checked (SQLite) or set (PostgreSQL) by the trigger. */
  balance_after_micros: number;
  endpoint_id: string | null;
  created_at: string;
}

/** A hold not settled yet, and when its lease expires (ms since the epoch). */
export interface OpenHoldsTable {
  request_id: string;
  account_id: string;
  endpoint_id: string | null;
  lease_expires_at: number;
}

/** An `Idempotency-Key` of an account: running, or done with the response it was charged for. */
export interface IdempotencyKeysTable {
  account_id: string;
  key: string;
  /** SHA-256 of the method, path and body the key was first used with. */
  fingerprint: string;
  state: 'running' | 'done';
  /** ms since the epoch: a running claim's lease, or a stored response's 24 h. */
  expires_at: number;
  status: number | null;
  /** JSON object of the response headers to replay. */
  headers: string | null;
  body: string | null;
}
