import type { EndpointDefinition } from '../../core/define-endpoint';

/** Raw search-engine pages. */
export const searchEndpoints: readonly EndpointDefinition<any, any>[] = [];
