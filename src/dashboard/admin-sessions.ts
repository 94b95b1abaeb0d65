import { createHmac, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Ledger } from '../ledger/ledger';
import type { Database } from '../store/schema';

/** An operator's session lasts this long after log-in (it is not extended: log in again). */
export const ADMIN_SESSION_MS = 12 * 3_600_000;

/**
 * The operator's page sessions: a random 256-bit id in the cookie, of which the database keeps an
 * HMAC keyed with the admin token — nothing there verifies a guess of the token, and a new token
 * ends every session. Expiry is the server's (the cookie's Max-Age only tidies the browser), and
 * log-out deletes the row.
 */
export class AdminSessions {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly ledger: Ledger,
    private readonly adminToken: string,
    private readonly clock: () => number,
  ) {}

  private hash(token: string): string {
    return createHmac('sha256', this.adminToken).update(token).digest('hex');
  }

  /** A new session; expired ones go. */
  async start(): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = this.clock();
    await this.ledger.exclusive(async () => {
      await this.db.deleteFrom('admin_sessions').where('expires_at', '<=', now).execute();
      await this.db.insertInto('admin_sessions').values({ token_hash: this.hash(token), created_at: new Date(now).toISOString(), expires_at: now + ADMIN_SESSION_MS }).execute();
    });
    return token;
  }

  async valid(token: string | undefined): Promise<boolean> {
    if (!token || token.length > 100) return false;
    const row = await this.db.selectFrom('admin_sessions').select('expires_at').where('token_hash', '=', this.hash(token)).executeTakeFirst();
    return row !== undefined && Number(row.expires_at) > this.clock();
  }

  async end(token: string | undefined): Promise<void> {
    if (!token || token.length > 100) return;
    await this.ledger.exclusive(() => this.db.deleteFrom('admin_sessions').where('token_hash', '=', this.hash(token)).execute());
  }
}
