import type { EndpointDefinition } from '../../../core/define-endpoint';

/** Visibility in AI assistants. */
export const aiVisibilityEndpoints: readonly EndpointDefinition<any, any>[] = [];
