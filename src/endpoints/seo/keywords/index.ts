import type { EndpointDefinition } from '../../../core/define-endpoint';
import ideas from './ideas';

/** Keyword research. */
export const keywordEndpoints: readonly EndpointDefinition<any, any>[] = [ideas];
