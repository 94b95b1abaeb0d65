import { hash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema';
import { NO_KEY_LIMITS, parseStoredAreas, storedAreas, type KeyLimits } from './key-limits';

/** Every key starts with this, so leaked keys are easy to recognise (and to scan for). */
export const API_KEY_PREFIX = 'tg_live_';
const API_KEY_PATTERN = /^tg_live_[A-Za-z0-9_-]{43}$/;

/** Whether a presented key has the shape of the ones we issue; others are refused without a query. */
export function isWellFormedApiKey(apiKey: string): boolean {
  return API_KEY_PATTERN.test(apiKey);
}

/** Hashed on every call (the auth cache is keyed by it): the one-shot `hash` costs a third of a Hash object's. */
export function hashApiKey(apiKey: string): string {
  return hash('sha256', apiKey, 'hex');
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
  /** The operator has suspended the key's account: the key is refused while it is. */
  suspended: boolean;
  limits: KeyLimits;
}

/** A key as its owner sees it in the dashboard (never the key itself). */
export interface KeyListing {
  keyId: string;
  name: string | null;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  limits: KeyLimits;
}

export class KeyNotFoundError extends Error {}

export class ApiKeys {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** `name`: the customer's label for it (the dashboard asks for one). */
  async issue(accountId: string, name: string | null = null, limits: KeyLimits = NO_KEY_LIMITS): Promise<IssuedKey> {
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
        name,
        ...limitColumns(limits),
      })
      .execute();
    return { keyId, apiKey };
  }

  /** A key's limits; KeyNotFoundError when there is no such key (or, with `accountId`, not one of its keys). */
  async limitsOf(keyId: string, accountId?: string): Promise<KeyLimits> {
    const row = await this.db
      .selectFrom('api_keys')
      .select(['daily_limit_micros', 'monthly_limit_micros', 'allowed_areas'])
      .where('id', '=', keyId)
      .$if(accountId !== undefined, (query) => query.where('account_id', '=', accountId!))
      .executeTakeFirst();
    if (!row) throw new KeyNotFoundError(`no API key ${keyId}`);
    return limitsOfRow(row);
  }

  /** The account a key belongs to; KeyNotFoundError when there is no such key. */
  async accountOf(keyId: string): Promise<string> {
    const row = await this.db.selectFrom('api_keys').select('account_id').where('id', '=', keyId).executeTakeFirst();
    if (!row) throw new KeyNotFoundError(`no API key ${keyId}`);
    return row.account_id;
  }

  /** Whether a key is revoked; KeyNotFoundError when there is no such key. */
  async isRevoked(keyId: string): Promise<boolean> {
    const row = await this.db.selectFrom('api_keys').select('revoked_at').where('id', '=', keyId).executeTakeFirst();
    if (!row) throw new KeyNotFoundError(`no API key ${keyId}`);
    return row.revoked_at !== null;
  }

  /** Replaces a key's limits (revoked keys included: harmless). KeyNotFoundError as `limitsOf`. */
  async setLimits(keyId: string, limits: KeyLimits, accountId?: string): Promise<void> {
    const result = await this.db
      .updateTable('api_keys')
      .set(limitColumns(limits))
      .where('id', '=', keyId)
      .$if(accountId !== undefined, (query) => query.where('account_id', '=', accountId!))
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) throw new KeyNotFoundError(`no API key ${keyId}`);
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

  /**
   * Revokes a key only if `accountId` owns it: false when it does not (or no such key), so one
   * account can never learn of, or touch, another's keys.
   */
  async revokeOwned(accountId: string, keyId: string): Promise<boolean> {
    const owned = await this.db.selectFrom('api_keys').select('id').where('id', '=', keyId).where('account_id', '=', accountId).executeTakeFirst();
    if (!owned) return false;
    await this.revoke(keyId);
    return true;
  }

  /** An account's keys, newest first. */
  async list(accountId: string): Promise<KeyListing[]> {
    const rows = await this.db
      .selectFrom('api_keys')
      .select(['id', 'name', 'display_prefix', 'created_at', 'last_used_at', 'revoked_at', 'daily_limit_micros', 'monthly_limit_micros', 'allowed_areas'])
      .where('account_id', '=', accountId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map((row) => ({
      keyId: row.id,
      name: row.name,
      prefix: row.display_prefix,
      createdAt: row.created_at,
      lastUsedAt: row.last_used_at,
      revokedAt: row.revoked_at,
      limits: limitsOfRow(row),
    }));
  }

  /** The ids of an account's keys (to announce that they are refused, e.g. on suspension). */
  async keyIdsOf(accountId: string): Promise<string[]> {
    const rows = await this.db.selectFrom('api_keys').select('id').where('account_id', '=', accountId).execute();
    return rows.map((row) => row.id);
  }

  /** The owner of the key with this SHA-256 (`hashApiKey`), revoked or not, suspended or not. */
  async findOwnerByHash(keyHash: string): Promise<KeyOwner | undefined> {
    const row = await this.db
      .selectFrom('api_keys')
      .innerJoin('accounts', 'accounts.id', 'api_keys.account_id')
      .select(['api_keys.id', 'api_keys.account_id', 'api_keys.revoked_at', 'accounts.suspended_at', 'api_keys.daily_limit_micros', 'api_keys.monthly_limit_micros', 'api_keys.allowed_areas'])
      .where('api_keys.hash', '=', keyHash)
      .executeTakeFirst();
    return row && { keyId: row.id, accountId: row.account_id, revoked: row.revoked_at !== null, suspended: row.suspended_at !== null, limits: limitsOfRow(row) };
  }
}

function limitColumns(limits: KeyLimits) {
  return { daily_limit_micros: limits.dailyMicros, monthly_limit_micros: limits.monthlyMicros, allowed_areas: storedAreas(limits.areas) };
}

function limitsOfRow(row: { daily_limit_micros: number | null; monthly_limit_micros: number | null; allowed_areas: string | null }): KeyLimits {
  if (row.daily_limit_micros === null && row.monthly_limit_micros === null && row.allowed_areas === null) return NO_KEY_LIMITS;
  return { dailyMicros: row.daily_limit_micros, monthlyMicros: row.monthly_limit_micros, areas: parseStoredAreas(row.allowed_areas) };
}
