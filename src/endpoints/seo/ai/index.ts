import type { EndpointDefinition } from '../../../core/define-endpoint';
import assistant from './assistant';
import llmMentions from './llm-mentions';

/** Visibility in AI assistants. */
export const aiVisibilityEndpoints: readonly EndpointDefinition<any, any>[] = [assistant, llmMentions];
