import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../store/schema';
import type { Ledger } from './ledger';
import type { IdempotentRecord } from './settlement';

/** How long a stored response answers retries of its key. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60_000;

export type Claim =
  | { outcome: 'claimed' }
  | { outcome: 'replay'; status: number; headers: Record<string, string>; body: string }
  | { outcome: 'mismatch' }
  | { outcome: 'running' };

/**
 * What identifies a request under a key: its method, path and body — the body as JSON means it,
 * its objects' keys in any order (a client that serialises its request again may reorder them).
 */
export function requestFingerprint(method: string, path: string, body: unknown): string {
  return createHash('sha256').update(`${method} ${path}\n${JSON.stringify(body ?? null, sortedKeys)}`).digest('hex');
}

/** A JSON.stringify replacer writing every object's keys in sorted order (arrays keep theirs). */
function sortedKeys(_key: string, value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  return Object.fromEntries(Object.keys(value).sort().map((key) => [key, (value as Record<string, unknown>)[key]]));
}

/**
 * `Idempotency-Key`s per account. A key is claimed when its call starts (a row in `running`),
 * completed when the call is charged — the response is stored by the ledger in the same
 * transaction as the capture, so a charge never exists without it — and given up when the call
 * fails (failed calls are not charged, so a retry runs again). A running claim has the call's
 * lease: a claim its crashed call left behind is taken over once that passes.
 */
export class IdempotencyKeys {
  private readonly db: Kysely<Database>;

  constructor(
    db: Kysely<Database>,
    private readonly ledger: Ledger,
    private readonly now: () => number = Date.now,
  ) {
    this.db = db;
  }

  async claim(accountId: string, key: string, fingerprint: string, leaseMs: number): Promise<Claim> {
    const now = this.now();
    return this.ledger.exclusive(async () => {
      const { rows } = await sql<{ claimed: number }>`
        insert into idempotency_keys (account_id, key, fingerprint, state, expires_at)
        values (${accountId}, ${key}, ${fingerprint}, 'running', ${now + leaseMs})
        on conflict (account_id, key) do update
           set fingerprint = excluded.fingerprint, state = 'running', expires_at = excluded.expires_at,
               status = null, headers = null, body = null
         where idempotency_keys.expires_at <= ${now}
        returning 1 as claimed`.execute(this.db);
      if (rows.length > 0) return { outcome: 'claimed' };
      const existing = await this.db
        .selectFrom('idempotency_keys')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('key', '=', key)
        .executeTakeFirst();
      // Expired and swept in between: a rare race; the caller may simply retry.
      if (!existing) return { outcome: 'running' };
      if (existing.fingerprint !== fingerprint) return { outcome: 'mismatch' };
      if (existing.state === 'running') return { outcome: 'running' };
      return { outcome: 'replay', status: existing.status ?? 200, headers: JSON.parse(existing.headers ?? '{}'), body: existing.body ?? '' };
    });
  }

  /**
   * Stores the response of a call whose settlement comes later (a queued job holds its
   * reservation): a retry with the key answers it, rather than queueing the job again.
   */
  async complete(accountId: string, record: IdempotentRecord): Promise<void> {
    await this.ledger.exclusive(() =>
      this.db
        .updateTable('idempotency_keys')
        .set({ state: 'done', status: record.status, headers: record.headers, body: record.body, expires_at: record.expiresAt })
        .where('account_id', '=', accountId)
        .where('key', '=', record.key)
        .execute(),
    );
  }

  /** The call failed (uncharged): its key is free for a retry. */
  async abandon(accountId: string, key: string): Promise<void> {
    await this.ledger.exclusive(() =>
      this.db.deleteFrom('idempotency_keys').where('account_id', '=', accountId).where('key', '=', key).where('state', '=', 'running').execute(),
    );
  }

  /** Deletes what has expired: stored responses after 24 h, claims their crashed calls left. Returns how many. */
  async sweep(): Promise<number> {
    const now = this.now();
    const result = await this.ledger.exclusive(() => this.db.deleteFrom('idempotency_keys').where('expires_at', '<=', now).executeTakeFirst());
    return Number(result.numDeletedRows);
  }
}
