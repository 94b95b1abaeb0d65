import type { EndpointDefinition } from '../../../core/define-endpoint';

/** Content analysis and search trends. */
export const contentEndpoints: readonly EndpointDefinition<any, any>[] = [];
