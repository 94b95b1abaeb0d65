import { createHash } from 'node:crypto';
import { promptTexts, promptTokens, textTokens } from '../../../chat/tokens';
import { TYPICAL_IMAGE_SIZE } from '../../../chat/image-tokens';
import type { ChatCompletionsRequest, CompletionUsage, FinishReason, ToolCall } from '../../../schemas/chat-completions';
import type { ChatRequest, ChatRoute } from '../../families/chat';
import { SANDBOX_DATA_MONTH } from '../keyword-metrics';
import { SeededRandom } from '../random';
import { jsonValueFor } from './json-value';
import { proseAbout, resultOpening } from './prose';
import { cutToTokens } from './token-pieces';
import { toolCallOf, toolsToCall } from './tool-calls';
import { messageText, topicOf, type Topic } from './topic';

/** What the sandbox answers a request with, before it is shaped as a completion or as chunks. */
export interface SandboxAnswer {
  /** `chatcmpl-sandbox-<hash of the request>`. */
  readonly id: string;
  /** Seconds since the epoch, drawn from the request's seed (within the sandbox's data month). */
  readonly created: number;
  /** The text, or null when the answer is tool calls. */
  readonly content: string | null;
  readonly toolCalls: readonly ToolCall[];
  readonly finishReason: FinishReason;
  readonly usage: Pick<CompletionUsage, 'prompt_tokens' | 'completion_tokens' | 'total_tokens'>;
}

const DATA_MONTH_START = Date.UTC(SANDBOX_DATA_MONTH.year, SANDBOX_DATA_MONTH.month - 1, 1) / 1000;
const DAY_SECONDS = 86_400;

/**
 * The answer, a function of the request alone: the model, messages, tools, response format and
 * seed make the seed (the token limit and stop sequences only cut the same answer shorter).
 */
export function sandboxAnswer({ body, route }: ChatRequest): SandboxAnswer {
  const model = route[0]!;
  const hash = digest(JSON.stringify([model.model.id, body.messages, body.tools ?? null, body.response_format ?? null, body.seed ?? null]));
  const random = new SeededRandom(hash);
  const created = DATA_MONTH_START + random.fork().integer(0, 28 * DAY_SECONDS);
  const topic = topicOf(body.messages);
  // The sandbox fetches no image: one given by https URL is counted as a typical one, not at the most an upstream could bill (the hold).
  const prompt = sandboxPromptTokens(body, model);
  const base = { id: `chatcmpl-sandbox-${hash.slice(0, 24)}`, created };

  const toolRandom = random.fork();
  const calls = toolsToCall(body, topic, toolRandom).map((tool, index) => toolCallOf(tool, `call_${digest(`${hash}:${index}`).slice(0, 24)}`, topic, toolRandom, model.maxCompletionTokens));
  const fitted = withinLimit(calls, model.maxCompletionTokens, mustCallTool(body));
  if (fitted.calls.length > 0) {
    // A call made though its name alone is past the limit is counted at the limit, as the model was stopped there.
    const completion = Math.min(model.maxCompletionTokens, fitted.calls.reduce((sum, call) => sum + toolCallTokens(call), 0));
    return { ...base, content: null, toolCalls: fitted.calls, finishReason: fitted.finishReason, usage: usageOf(prompt, completion) };
  }

  let content = textFor(body, topic, random.fork(), model.maxCompletionTokens);
  let finishReason: FinishReason = 'stop';
  content = beforeStop(content, body.stop);
  const cut = cutToTokens(content, model.maxCompletionTokens);
  if (cut !== undefined) {
    content = cut;
    finishReason = 'length';
  }
  return { ...base, content, toolCalls: [], finishReason, usage: usageOf(prompt, textTokens(content)) };
}

/** A tool call's completion tokens: its function's name and arguments. */
export function toolCallTokens(call: ToolCall): number {
  return textTokens(call.function.name) + textTokens(call.function.arguments);
}

function textFor(body: ChatCompletionsRequest, topic: Topic, random: SeededRandom, tokens: number): string {
  const format = body.response_format;
  if (format?.type === 'json_schema' && format.json_schema.schema) return JSON.stringify(jsonValueFor(format.json_schema.schema, topic, random, tokens));
  if (format?.type === 'json_object' || format?.type === 'json_schema') {
    return JSON.stringify({ topic: topic.phrase, keywords: topic.words, summary: `A sandbox summary of ${topic.phrase}.`, sandbox: true });
  }
  const last = body.messages[body.messages.length - 1]!;
  if (last.role === 'tool') {
    const name = body.messages.flatMap((message) => (message.role === 'assistant' ? (message.tool_calls ?? []) : [])).find((call) => call.id === last.tool_call_id)?.function.name;
    return proseAbout(topic, random, random.integer(40, 120), resultOpening(name, messageText(last)));
  }
  return proseAbout(topic, random, random.integer(40, 250));
}

/** The text before the first occurrence of any stop sequence (the sequence itself is not returned). */
function beforeStop(text: string, stop: ChatCompletionsRequest['stop']): string {
  const sequences = stop === undefined || stop === null ? [] : typeof stop === 'string' ? [stop] : stop;
  let end = text.length;
  for (const sequence of sequences) {
    const at = text.indexOf(sequence);
    if (at !== -1 && at < end) end = at;
  }
  return text.slice(0, end);
}

/** `tool_choice` `required` or a named function: the answer is a tool call, however short the limit. */
function mustCallTool(body: ChatCompletionsRequest): boolean {
  return body.tool_choice === 'required' || typeof body.tool_choice === 'object';
}

/**
 * The calls that fit in the token limit, as a model cut short writes them: whole calls, then the
 * one the limit falls in with its arguments cut (`length`), the rest dropped. When not even the
 * first one's name fits, the answer is text — unless a call is `required`: then it is that call,
 * its name whole (a call needs one) and its arguments empty.
 */
function withinLimit(calls: readonly ToolCall[], limit: number, required: boolean): { calls: ToolCall[]; finishReason: FinishReason } {
  const kept: ToolCall[] = [];
  let remaining = limit;
  for (const call of calls) {
    const tokens = toolCallTokens(call);
    if (tokens <= remaining) {
      kept.push(call);
      remaining -= tokens;
      continue;
    }
    const nameTokens = textTokens(call.function.name);
    if (nameTokens <= remaining) {
      const argumentsCut = cutToTokens(call.function.arguments, remaining - nameTokens) ?? call.function.arguments;
      kept.push({ ...call, function: { ...call.function, arguments: argumentsCut } });
    } else if (required && kept.length === 0) {
      kept.push({ ...call, function: { ...call.function, arguments: '' } });
    }
    return { calls: kept, finishReason: 'length' };
  }
  return { calls: kept, finishReason: 'tool_calls' };
}

function usageOf(prompt: number, completion: number): SandboxAnswer['usage'] {
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
}

function digest(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * The prompt's tokens as the sandbox bills them. The plan has counted the text already (a large
 * prompt on a worker thread): its count for this model, with the images' and the framing's tokens
 * taken at a typical size instead of the most (the text's count is the same either way).
 */
function sandboxPromptTokens(body: ChatCompletionsRequest, route: ChatRoute): number {
  if (route.promptTokens === undefined) return promptTokens(body, route.model, TYPICAL_IMAGE_SIZE);
  return route.promptTokens - promptTexts(body, route.model, 'most').otherTokens + promptTexts(body, route.model, TYPICAL_IMAGE_SIZE).otherTokens;
}
