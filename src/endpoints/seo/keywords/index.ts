import type { EndpointDefinition } from '../../../core/define-endpoint';
import research from './research';
import ideas from './ideas';
import related from './related';
import difficulty from './difficulty';
import intent from './intent';
import overview from './overview';

/** Keyword research. */
export const keywordEndpoints: readonly EndpointDefinition<any, any>[] = [research, ideas, related, difficulty, intent, overview];
