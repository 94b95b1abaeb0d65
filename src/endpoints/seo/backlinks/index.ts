import type { EndpointDefinition } from '../../../core/define-endpoint';

/** Backlink index. */
export const backlinkEndpoints: readonly EndpointDefinition<any, any>[] = [];
