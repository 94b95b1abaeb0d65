import { ApiError } from '../core/errors';
import { hashApiKey, isWellFormedApiKey, type ApiKeys, type KeyOwner } from './api-keys';

interface CachedLookup {
  owner: KeyOwner | undefined;
  expiresAt: number;
}

/**
 * Resolves presented API keys to their owners, with a short cache in front of the database. A
 * revocation announced over Redis (`RevocationListener`) is seen at once; the cache lifetime
 * bounds how long one whose announcement was lost takes to be seen by every instance (< 1 s). The
 * cache is keyed by the key's SHA-256, so the process never keeps a key it was shown, and
 * malformed keys never reach it.
 */
export class Authenticator {
  private readonly cache = new Map<string, CachedLookup>();
  /** Counts forgets: a lookup that was under way across one read the key before it changed, so is not cached. */
  private generation = 0;

  constructor(
    private readonly keys: Pick<ApiKeys, 'findOwnerByHash'>,
    private readonly options: { cacheMs?: number; maxCacheEntries?: number; clock?: () => number } = {},
  ) {}

  async authenticate(apiKey: string | undefined): Promise<KeyOwner> {
    if (!apiKey) throw new ApiError('INVALID_API_KEY', 'Missing API key: send it in the x-api-key header.');
    const owner = await this.lookup(apiKey);
    if (!owner) throw new ApiError('INVALID_API_KEY', 'The API key is not recognised.');
    if (owner.revoked) throw new ApiError('REVOKED_API_KEY', 'The API key has been revoked.');
    if (owner.suspended) throw new ApiError('ACCOUNT_SUSPENDED', 'The account of this API key is suspended; contact the operator.');
    return owner;
  }

  /** Drops cached lookups, e.g. after a revocation made by this process. */
  forgetAll(): void {
    this.generation += 1;
    this.cache.clear();
  }

  /** Drops the cached lookup of one key (a revocation announced by another process). */
  forgetKey(keyId: string): void {
    this.generation += 1;
    // Revocations are rare and the cache small: a scan beats a second index kept on every lookup.
    for (const [keyHash, cached] of this.cache) if (cached.owner?.keyId === keyId) this.cache.delete(keyHash);
  }

  private async lookup(apiKey: string): Promise<KeyOwner | undefined> {
    if (!isWellFormedApiKey(apiKey)) return undefined;
    const keyHash = hashApiKey(apiKey);
    const now = (this.options.clock ?? Date.now)();
    const cached = this.cache.get(keyHash);
    if (cached && cached.expiresAt > now) return cached.owner;
    const generation = this.generation;
    const owner = await this.keys.findOwnerByHash(keyHash);
    if (generation !== this.generation) return owner;
    // Random keys must not grow the cache without bound.
    if (this.cache.size >= (this.options.maxCacheEntries ?? 50_000)) this.cache.clear();
    this.cache.set(keyHash, { owner, expiresAt: now + (this.options.cacheMs ?? 500) });
    return owner;
  }
}
