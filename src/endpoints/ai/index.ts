import type { EndpointDefinition } from '../../core/define-endpoint';
import listModels from './list-models';
import getModel from './get-model';
import chatCompletions from './chat-completions';
import chat from './chat';

export const aiEndpoints: readonly EndpointDefinition<any, any>[] = [chat, chatCompletions, listModels, getModel];
