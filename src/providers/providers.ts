import type { KeywordFilterBlock } from '../filters/keyword-filter/schema';
import type { Keyword } from '../schemas/keyword';
import type { SerpResponse } from '../schemas/serp';
import type { DomainAvailability } from '../schemas/domain-availability';

/**
 * Capability interfaces, one per area. Each family is served either by a vendor adapter (when its
 * credentials are configured) or by the deterministic sandbox; `name` says which, and ends up in
 * the `x-tollgate-provider` header.
 */
export interface ProviderFamily {
  readonly name: string;
}

export interface CallOptions {
  signal: AbortSignal;
}

export interface SerpSearchRequest {
  query: string;
  depth: number;
  locationCode: number;
  language: string;
}

export interface SerpProvider extends ProviderFamily {
  search(request: SerpSearchRequest, options: CallOptions): Promise<SerpResponse>;
}

export interface KeywordIdeasRequest {
  seed: string;
  limit: number;
  locationCode: number;
  language: string;
  /** Applied before `limit`, as the data provider does (an empty block keeps everything). */
  filter: KeywordFilterBlock;
}

export interface SeoProvider extends ProviderFamily {
  keywordIdeas(request: KeywordIdeasRequest, options: CallOptions): Promise<Keyword[]>;
}

export interface DomainsProvider extends ProviderFamily {
  /** One entry per domain, same order; a per-domain failure is that entry's `error`. */
  availability(domains: readonly string[], options: CallOptions): Promise<DomainAvailability[]>;
}

export interface Providers {
  seo: SeoProvider;
  serp: SerpProvider;
  domains: DomainsProvider;
}
