import { ApiError } from '../core/errors';
import { hashApiKey, isWellFormedApiKey, type ApiKeys, type KeyOwner } from './api-keys';

interface CachedLookup {
  owner: KeyOwner | undefined;
  expiresAt: number;
}

/**
 * Resolves presented API keys to their owners, with a short cache in front of the database. The
 * cache lifetime bounds how long a revocation takes to be seen by every instance (< 1 s); a
 * revocation made through this process is seen at once. The cache is keyed by the key's SHA-256,
 * so the process never keeps a key it was shown, and malformed keys never reach it.
 */
export class Authenticator {
  private readonly cache = new Map<string, CachedLookup>();

  constructor(
    private readonly keys: Pick<ApiKeys, 'findOwnerByHash'>,
    private readonly options: { cacheMs?: number; maxCacheEntries?: number; clock?: () => number } = {},
  ) {}

  async authenticate(apiKey: string | undefined): Promise<KeyOwner> {
    if (!apiKey) throw new ApiError('INVALID_API_KEY', 'Missing API key: send it in the x-api-key header.');
    const owner = await this.lookup(apiKey);
    if (!owner) throw new ApiError('INVALID_API_KEY', 'The API key is not recognised.');
    if (owner.revoked) throw new ApiError('REVOKED_API_KEY', 'The API key has been revoked.');
    return owner;
  }

  /** Drops cached lookups, e.g. after a revocation made by this process. */
  forgetAll(): void {
    this.cache.clear();
  }

  private async lookup(apiKey: string): Promise<KeyOwner | undefined> {
    if (!isWellFormedApiKey(apiKey)) return undefined;
    const keyHash = hashApiKey(apiKey);
    const now = (this.options.clock ?? Date.now)();
    const cached = this.cache.get(keyHash);
    if (cached && cached.expiresAt > now) return cached.owner;
    const owner = await this.keys.findOwnerByHash(keyHash);
    // Random keys must not grow the cache without bound.
    if (this.cache.size >= (this.options.maxCacheEntries ?? 50_000)) this.cache.clear();
    this.cache.set(keyHash, { owner, expiresAt: now + (this.options.cacheMs ?? 500) });
    return owner;
  }
}
