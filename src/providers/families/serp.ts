import type { SerpResponse } from '../../schemas/serp';
import type { CallOptions, ProviderFamily } from '../providers';

export interface SerpSearchRequest {
  query: string;
  depth: number;
  locationCode: number;
  language: string;
}

/** Search-engine results pages. */
export interface SerpProvider extends ProviderFamily {
  search(request: SerpSearchRequest, options: CallOptions): Promise<SerpResponse>;
}
