import type { EndpointDefinition } from '../../core/define-endpoint';
import websearch from './websearch';
import legacySeoSerp from './legacy-seo-serp';

/** Search-engine results pages. */
export const serpEndpoints: readonly EndpointDefinition<any, any>[] = [websearch, legacySeoSerp];
