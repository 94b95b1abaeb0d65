import type { EndpointDefinition } from '../../../core/define-endpoint';
import content from './content';
import instant from './instant';
import lighthouse from './lighthouse';

/** On-page analysis and audits. */
export const onPageEndpoints: readonly EndpointDefinition<any, any>[] = [content, instant, lighthouse];
