import type { EndpointDefinition } from '../../../core/define-endpoint';
import available from './available';

/** Domain analytics and availability. */
export const domainEndpoints: readonly EndpointDefinition<any, any>[] = [available];
