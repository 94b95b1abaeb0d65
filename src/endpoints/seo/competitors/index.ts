import type { EndpointDefinition } from '../../../core/define-endpoint';

/** Competitor research. */
export const competitorEndpoints: readonly EndpointDefinition<any, any>[] = [];
