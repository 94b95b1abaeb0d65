import type { EndpointDefinition } from '../../core/define-endpoint';
import listModels from './list-models';
import queue from './queue';
import status from './status';
import cancel from './cancel';

export const mediaEndpoints: readonly EndpointDefinition<any, any>[] = [queue, status, cancel, listModels];
