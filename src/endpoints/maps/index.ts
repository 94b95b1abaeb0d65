import type { EndpointDefinition } from '../../core/define-endpoint';

/** Places: maps search, details, reviews, photos (and the maps variant of web search). */
export const mapsEndpoints: readonly EndpointDefinition<any, any>[] = [];
