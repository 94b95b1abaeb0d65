import { createRequire } from 'node:module';
import type { ChatCompletionsRequest, ChatMessage } from '../schemas/chat-completions';

type Tokenizer = typeof import('gpt-tokenizer');

const loadPackage = createRequire(import.meta.url);
let tokenizer: Tokenizer | undefined;

/**
 * The o200k tokenizer, loaded at its first use (gpt-tokenizer's CommonJS build, which can be
 * loaded synchronously; one instance for every caller). Loading it builds its tables from a large
 * rank list: ~0.4 s of CPU that every process importing the app paid at start (a server that
 * serves no chat, each CLI command that reads the endpoint registry, each test file). The server
 * loads it before it listens (`preloadTokenizer`), so no call pays it.
 */
export function o200k(): Tokenizer {
  return (tokenizer ??= loadPackage('gpt-tokenizer') as Tokenizer);
}

/** Loads the tokenizer now rather than at the first call that counts tokens. */
export function preloadTokenizer(): void {
  o200k();
}

/**
 * Token counts with a real tokenizer (o200k, GPT-4o's): the prompt's count makes the hold, and a
 * completion's count is the charge only when an upstream reports no usage. Other vendors'
 * tokenizers count differently; what they report is what is billed.
 */
export function textTokens(text: string): number {
  return text === '' ? 0 : o200k().countTokens(text);
}

/** Each message's framing (role, separators), and the reply's priming, as the format counts them. */
const TOKENS_PER_MESSAGE = 3;
const TOKENS_PER_NAME = 1;
const REPLY_PRIMING = 3;
/** An image part: the format's flat price for `detail: low`, its usual tile count otherwise. */
const IMAGE_TOKENS = { low: 85, other: 765 } as const;

/** The prompt's tokens: its messages, and the tools and response schema the model is given. */
export function promptTokens(request: Pick<ChatCompletionsRequest, 'messages' | 'tools' | 'response_format'>): number {
  let tokens = REPLY_PRIMING;
  for (const message of request.messages) tokens += messageTokens(message);
  if (request.tools) tokens += textTokens(JSON.stringify(request.tools));
  if (request.response_format?.type === 'json_schema') tokens += textTokens(JSON.stringify(request.response_format.json_schema));
  return tokens;
}

function messageTokens(message: ChatMessage): number {
  let tokens = TOKENS_PER_MESSAGE + textTokens(message.role);
  if ('name' in message && message.name) tokens += TOKENS_PER_NAME + textTokens(message.name);
  const content = message.content;
  if (typeof content === 'string') tokens += textTokens(content);
  else if (Array.isArray(content)) {
    for (const part of content) {
      tokens += part.type === 'text' ? textTokens(part.text) : part.image_url.detail === 'low' ? IMAGE_TOKENS.low : IMAGE_TOKENS.other;
    }
  }
  if (message.role === 'assistant' && message.tool_calls) {
    for (const toolCall of message.tool_calls) tokens += textTokens(toolCall.function.name) + textTokens(toolCall.function.arguments);
  }
  if (message.role === 'tool') tokens += textTokens(message.tool_call_id);
  return tokens;
}

/**
 * `text` cut to at most `maxTokens` tokens, at a token boundary. A long text is first cut by
 * characters (no o200k token spans more than a few dozen), so a 10 MB page is never tokenized whole.
 */
export function truncateToTokens(text: string, maxTokens: number): { text: string; truncated: boolean } {
  if (maxTokens <= 0) return { text: '', truncated: text !== '' };
  const prefix = text.length > maxTokens * 32 ? text.slice(0, maxTokens * 32) : text;
  const tokens = o200k().encode(prefix);
  if (tokens.length <= maxTokens) return { text: prefix, truncated: prefix.length < text.length };
  return { text: o200k().decode(tokens.slice(0, maxTokens)), truncated: true };
}
