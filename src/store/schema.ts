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
  admin_sessions: AdminSessionsTable;
  api_calls: ApiCallsTable;
  media_jobs: MediaJobsTable;
  media_files: MediaFilesTable;
  server_secrets: ServerSecretsTable;
  key_spend: KeySpendTable;
  key_holds: KeyHoldsTable;
}

export interface AccountsTable {
  id: string;
  email: string;
  balance_micros: number;
  created_at: string;
  /** Set while the operator has suspended the account: its keys are refused. */
  suspended_at: string | null;
  /** Why it is suspended (the operator's words, or the dispute that suspended it); null otherwise. */
  suspension_reason: string | null;
  /** The account's Standard Webhooks secret (`whsec_…`), made when first needed. */
  webhook_secret: string | null;
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
  /** Spending caps per UTC day and month (null: none); see migrations/007-key-limits.ts. */
  daily_limit_micros: number | null;
  monthly_limit_micros: number | null;
  /** Comma-separated endpoint areas the key may call; null: every area. */
  allowed_areas: string | null;
}

/** What a key spent in a UTC day (`2026-11-27`) or month (`2026-11`), its calls in flight counted at their hold. */
export interface KeySpendTable {
  key_id: string;
  period: string;
  spent_micros: number;
}

/** The part of an open hold counted against its key's limits, until the call settles. */
export interface KeyHoldsTable {
  request_id: string;
  key_id: string;
  account_id: string;
  day: string;
  month: string;
  micros: number;
  /** ms since the epoch. */
  lease_expires_at: number;
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

/** The operator's /admin sessions. */
export interface AdminSessionsTable {
  /** HMAC-SHA256 of the cookie's token keyed with the admin token, hex. */
  token_hash: string;
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

export type MediaJobStatus = 'queued' | 'submitting' | 'running' | 'succeeded' | 'failed' | 'canceled';

/** A media job: the queue's row (see migrations/006-media-jobs.ts). Times are ms since the epoch. */
export interface MediaJobsTable {
  id: string;
  account_id: string;
  /** The key whose call queued the job (see migrations/010-media-job-keys.ts); null for jobs queued before it was recorded. */
  key_id: string | null;
  /** The catalog id of the model (src/media/models.ts). */
  model: string;
  /** JSON of the validated request: prompt, options, the input file's storage key, the webhook URL. */
  request: string;
  status: MediaJobStatus;
  /** The ledger hold the job settles: the request id of the call that queued it. */
  hold_request_id: string;
  max_micros: number;
  /** What the job was charged; set when it succeeded. */
  cost_micros: number | null;
  /** What the job cost the operator at the vendor's list price; set when it ended. */
  upstream_cost_micros: number | null;
  /** The provider that took the job (`fal`, `sandbox`). */
  vendor: string | null;
  /** JSON of the vendor's MediaSubmission; written before anything waits on the vendor. */
  submission: string | null;
  queue_position: number | null;
  progress: number | null;
  /** JSON: the answer's text and what was measured of the output (files are in media_files). */
  result: string | null;
  error_code: string | null;
  error_message: string | null;
  /** Transient failures in a row (reset by any progress). */
  attempts: Generated<number>;
  cancel_requested: Generated<number>;
  created_at: number;
  started_at: number | null;
  completed_at: number | null;
  /** The end of retention: afterwards the job answers JOB_EXPIRED and its files are deleted. */
  expires_at: number;
  purged_at: number | null;
  /** When a worker should next act on the job; null when nothing is left to do. */
  due_at: number | null;
  claimed_by: string | null;
  claim_expires_at: number | null;
  webhook_url: string | null;
  webhook_state: 'pending' | 'delivered' | 'abandoned' | null;
  webhook_attempts: Generated<number>;
  webhook_last_error: string | null;
}

export interface MediaFilesTable {
  /** Random and unguessable (`mf_…`): the file's URL names it. */
  id: string;
  job_id: string;
  position: number;
  storage_key: string;
  mime_type: string;
  bytes: number;
  width: number | null;
  height: number | null;
  duration_seconds: number | null;
}

export interface ServerSecretsTable {
  name: string;
  value: string;
}
