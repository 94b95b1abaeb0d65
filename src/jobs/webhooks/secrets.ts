import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema';
import { newWebhookSecret } from './signature';

/**
 * Each account's Standard Webhooks signing secret, made the first time it is needed (a job with a
 * webhook, or the customer asking to see it) and kept; the CLI and the dashboard show it.
 */
export class WebhookSecrets {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly exclusive: <T>(work: () => Promise<T>) => Promise<T>,
  ) {}

  async secretFor(accountId: string): Promise<string> {
    const existing = await this.read(accountId);
    if (existing) return existing;
    // Two instances making one at once: the first write wins, and both read it back.
    await this.exclusive(() =>
      this.db.updateTable('accounts').set({ webhook_secret: newWebhookSecret() }).where('id', '=', accountId).where('webhook_secret', 'is', null).execute(),
    );
    const made = await this.read(accountId);
    if (!made) throw new Error(`no account ${accountId}`);
    return made;
  }

  /** A new secret replaces the old at once (webhooks in flight are signed with the new one). */
  async rotate(accountId: string): Promise<string> {
    const secret = newWebhookSecret();
    await this.exclusive(() => this.db.updateTable('accounts').set({ webhook_secret: secret }).where('id', '=', accountId).execute());
    return secret;
  }

  private async read(accountId: string): Promise<string | null | undefined> {
    const row = await this.db.selectFrom('accounts').select('webhook_secret').where('id', '=', accountId).executeTakeFirst();
    return row?.webhook_secret;
  }
}
