import type { Generated } from 'kysely';

/** Row types of every table, as Kysely sees them. Money columns are integer micro-USD. */
export interface Database {
  accounts: AccountsTable;
  api_keys: ApiKeysTable;
  ledger_entries: LedgerEntriesTable;
  open_holds: OpenHoldsTable;
  idempotency_keys: IdempotencyKeysTable;
  credentials: CredentialsTable;
  signup_credits: SignupCreditsTable;
  dashboard_sessions: DashboardSessionsTable;
  dashboard_tokens: DashboardTokensTable;
  api_calls: ApiCallsTable;
}

export interface AccountsTable {
  id: string;
  email: string;
  balance_micros: number;
  created_at: string;
  /** Set while the operator has suspended the account: its keys are refused. */
  suspended_at: string | null;
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
  /** The customer's label for the key (dashboard); null for keys the CLI issued. */
  name: string | null;
  /** Updated with the call log's batches, so to within a few seconds. */
  last_used_at: string | null;
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

/** Dashboard log-in of an account (see migrations/005-dashboard.ts). */
export interface CredentialsTable {
  account_id: string;
  /** As typed, lower-cased: where mail is sent. */
  email: string;
  /** The normalised mailbox the sign-up credit is counted by (dashboard/mailbox.ts). */
  mailbox: string;
  /** `scrypt$N$r$p$salt$hash` (dashboard/passwords.ts). */
  password_hash: string;
  verified_at: string | null;
  created_at: string;
}

export interface SignupCreditsTable {
  mailbox: string;
  account_id: string;
  granted_at: string;
}

export interface DashboardSessionsTable {
  /** SHA-256 of the cookie's token, hex. */
  token_hash: string;
  account_id: string;
  created_at: string;
  /** ms since the epoch. */
  expires_at: number;
}

export interface DashboardTokensTable {
  token_hash: string;
  account_id: string;
  purpose: 'verify' | 'reset';
  expires_at: number;
  used_at: string | null;
}

/** One answered API call; the cost is the ledger's capture with the same request id. */
export interface ApiCallsTable {
  request_id: string;
  account_id: string;
  key_id: string;
  endpoint_id: string;
  status: number;
  /** What the call's vendor requests cost the operator, from the adapters' price lists (chat: not recorded). */
  upstream_cost_micros: number;
  created_at: string;
}
