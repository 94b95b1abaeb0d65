import type { EndpointDefinition } from '../../core/define-endpoint';
import websearch from './websearch';

/** Raw search-engine pages. */
export const searchEndpoints: readonly EndpointDefinition<any, any>[] = [websearch];
