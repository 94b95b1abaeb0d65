import type { EndpointDefinition } from '../../core/define-endpoint';
import listModels from './list-models';

export const mediaEndpoints: readonly EndpointDefinition<any, any>[] = [listModels];
