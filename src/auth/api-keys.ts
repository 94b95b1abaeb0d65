import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema';

/** Every key starts with this, so leaked keys are easy to recognise (and to scan for). */
export const API_KEY_PREFIX = 'tg_live_';
const API_KEY_PATTERN = /^tg_live_[A-Za-z0-9_-]{43}$/;

/** Whether a presented key has the shape of the ones we issue; others are refused without a query. */
export function isWellFormedApiKey(apiKey: string): boolean {
  return API_KEY_PATTERN.test(apiKey);
}

export function hashApiKey(apiKey: string): string {
  return createHash('sha256').update(apiKey).digest('hex');
}

export interface IssuedKey {
  keyId: string;
  /** Shown once, to the operator who asked for it; only its hash is stored. */
  apiKey: string;
}

export interface KeyOwner {
  keyId: string;
  accountId: string;
  revoked: boolean;
}

export class KeyNotFoundError extends Error {}

export class ApiKeys {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async issue(accountId: string): Promise<IssuedKey> {
    // 256 random bits, base64url: 43 characters after the prefix.
    const apiKey = API_KEY_PREFIX + randomBytes(32).toString('base64url');
    const keyId = `key_${randomBytes(12).toString('base64url')}`;
    await this.db
      .insertInto('api_keys')
      .values({
        id: keyId,
        account_id: accountId,
        hash: hashApiKey(apiKey),
        display_prefix: apiKey.slice(0, API_KEY_PREFIX.length + 4),
        created_at: this.now().toISOString(),
        revoked_at: null,
      })
      .execute();
    return { keyId, apiKey };
  }

  async revoke(keyId: string): Promise<void> {
    const result = await this.db
      .updateTable('api_keys')
      .set({ revoked_at: this.now().toISOString() })
      .where('id', '=', keyId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) {
      const exists = await this.db.selectFrom('api_keys').select('id').where('id', '=', keyId).executeTakeFirst();
      if (!exists) throw new KeyNotFoundError(`no API key ${keyId}`);
    }
  }

  /** The owner of the key with this SHA-256 (`hashApiKey`), revoked or not. */
  async findOwnerByHash(keyHash: string): Promise<KeyOwner | undefined> {
    const row = await this.db
      .selectFrom('api_keys')
      .select(['id', 'account_id', 'revoked_at'])
      .where('hash', '=', keyHash)
      .executeTakeFirst();
    return row && { keyId: row.id, accountId: row.account_id, revoked: row.revoked_at !== null };
  }
}
