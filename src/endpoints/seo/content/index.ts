import type { EndpointDefinition } from '../../../core/define-endpoint';
import search from './search';
import sentiment from './sentiment';
import summary from './summary';
import trends from '../trends';

/** Content analysis and search trends. */
export const contentEndpoints: readonly EndpointDefinition<any, any>[] = [search, sentiment, summary, trends];
