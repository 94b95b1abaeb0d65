import type { ChatCompletionsRequest, FunctionTool, ToolCall } from '../../../schemas/chat-completions';
import type { SeededRandom } from '../random';
import { jsonValueFor } from './json-value';
import type { Topic } from './topic';

/** At most this many calls in one answer when several tools fit and parallel calls are allowed. */
const MOST_PARALLEL_CALLS = 4;

/**
 * The tools the sandbox calls, or none (it answers in text): a named `tool_choice` calls that
 * tool, `required` always calls, `auto` calls when the user spoke last (after a tool's result it
 * answers from the result). It calls the tools whose name or description shares the prompt's
 * words — all of them when parallel calls are allowed, else the best — or one drawn at random.
 */
export function toolsToCall(body: ChatCompletionsRequest, topic: Topic, random: SeededRandom): FunctionTool[] {
  const tools = body.tools ?? [];
  const choice = body.tool_choice ?? 'auto';
  if (tools.length === 0 || choice === 'none') return [];
  if (typeof choice === 'object') {
    const named = tools.find((tool) => tool.function.name === choice.function.name);
    return [named ?? { type: 'function', function: { name: choice.function.name } }];
  }
  if (choice === 'auto' && body.messages[body.messages.length - 1]?.role !== 'user') return [];
  const words = new Set(wordsOf(topic.words.join(' ')));
  const scored = tools
    .map((tool) => ({ tool, score: wordsOf(`${tool.function.name} ${tool.function.description ?? ''}`).filter((word) => words.has(word)).length }))
    .filter(({ score }) => score > 0);
  if (scored.length === 0) return [random.pick(tools)];
  if (body.parallel_tool_calls !== false && scored.length > 1) return scored.slice(0, MOST_PARALLEL_CALLS).map(({ tool }) => tool);
  return [scored.reduce((best, candidate) => (candidate.score > best.score ? candidate : best)).tool];
}

/**
 * A call of `tool`: arguments valid against its parameters' schema (compact JSON, as models write
 * it), made no longer than `tokens` can hold (the limit cuts the call there).
 */
export function toolCallOf(tool: FunctionTool, id: string, topic: Topic, random: SeededRandom, tokens: number): ToolCall {
  const parameters = tool.function.parameters ?? { type: 'object', properties: {} };
  return { id, type: 'function', function: { name: tool.function.name, arguments: JSON.stringify(jsonValueFor(parameters, topic, random, tokens)) } };
}

/** Lower-case words of a tool's name (`get_weather`, `getWeather`) and description, a plural's `s` dropped. */
function wordsOf(text: string): string[] {
  return text
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 2)
    .map((word) => word.replace(/s$/, ''));
}
