import { createRequire } from 'node:module';
import type { ChatCompletionsRequest, ChatMessage } from '../schemas/chat-completions';
import { imageTokens, type ImageBilling, type UnknownImageSize } from './image-tokens';

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

/** o200k's pre-tokenizer: how it splits text into the pieces it encodes one by one (a small module, no rank tables). */
const PIECES: RegExp = (loadPackage('gpt-tokenizer/encodingParams/constants') as typeof import('gpt-tokenizer/encodingParams/constants')).O200K_TOKEN_SPLIT_REGEX;

/**
 * The longest piece encoded whole. Byte-pair encoding takes time growing with the square of a
 * piece's length (gpt-tokenizer: 12 s for a message of 150,000 × "f", which is one piece, on the
 * main thread, before the balance is even checked), so a longer piece is cut into chunks of this
 * many characters. Words, numbers, punctuation and whitespace runs of real text are far shorter,
 * so their counts are exact; 256 is a multiple of o200k's longest runs of one character (128
 * spaces, 64 dots), so even a long run is cut where its tokens end.
 */
export const LONGEST_PIECE = 256;

/**
 * The most characters of whole pieces encoded as one part, give or take a piece. Counting can stop
 * between parts (a prompt past the model's window is refused without counting the rest of it),
 * so a long text of short pieces is encoded in runs of about this many characters.
 */
const LONGEST_RUN = 16_384;

/**
 * A run may end only after a piece whose last character is not whitespace: the only way o200k's
 * pre-tokenizer reads past a piece's end is the lookahead of its whitespace pieces (`\s+(?!\S)`),
 * so any other piece is split the same whether the text goes on or ends there, and a run cut there
 * is encoded exactly as within the whole text.
 */
const ENDS_IN_WHITESPACE = /\s$/u;

/**
 * Text in the parts it is encoded in: runs of whole pieces (of about LONGEST_RUN characters at
 * most), and a piece longer than LONGEST_PIECE in chunks of that length (never between the halves
 * of a surrogate pair). A run is encoded as the tokenizer would encode it within the whole text:
 * it starts where a piece starts, no piece of o200k's looks behind its start, and it ends where
 * the text does, before a long piece, or where ENDS_IN_WHITESPACE allows.
 */
function* encodedParts(text: string): Generator<{ text: string; continuesPiece: boolean }> {
  // Most texts (a role, a short message) cannot hold a long piece: not worth splitting.
  if (text.length <= LONGEST_PIECE) {
    if (text !== '') yield { text, continuesPiece: false };
    return;
  }
  let start = 0;
  for (const match of text.matchAll(PIECES)) {
    const piece = match[0];
    if (piece.length <= LONGEST_PIECE) {
      const end = match.index + piece.length;
      if (end - start >= LONGEST_RUN && !ENDS_IN_WHITESPACE.test(piece)) {
        yield { text: text.slice(start, end), continuesPiece: false };
        start = end;
      }
      continue;
    }
    if (match.index > start) yield { text: text.slice(start, match.index), continuesPiece: false };
    for (let at = 0; at < piece.length; ) {
      const end = codePointBoundary(piece, at + LONGEST_PIECE);
      yield { text: piece.slice(at, end), continuesPiece: at > 0 };
      at = end;
    }
    start = match.index + piece.length;
  }
  if (start < text.length) yield { text: text.slice(start), continuesPiece: false };
}

/** `index`, or one before it when it would split a surrogate pair; at most the text's length. */
function codePointBoundary(text: string, index: number): number {
  if (index >= text.length) return text.length;
  const before = text.charCodeAt(index - 1);
  return before >= 0xd800 && before <= 0xdbff ? index - 1 : index;
}

/**
 * A chunk that continues a cut piece counts one token more. Whole, the piece could merge across
 * the cut; apart, its chunks now and then come out a little short (7 % of 3,000 random long words
 * did, by less than a token per cut), and the count sizes the hold. With the extra token every one
 * of them counted at or above its real count, at the cost of a few per cent on such text.
 */
const CUT_MARGIN = 1;

/** Special tokens' text (`<|endoftext|>`) is text a customer wrote, counted as such, as the upstreams treat it. */
export const AS_TEXT = { disallowedSpecial: new Set<string>() };

/**
 * Token counts with a real tokenizer (o200k, GPT-4o's): the prompt's count makes the hold, and a
 * completion's count is the charge only when an upstream reports no usage. Other vendors'
 * tokenizers count differently; what they report is what is billed. Exact for real text; a piece
 * longer than LONGEST_PIECE (a run of one character, a word of thousands of letters) is counted in
 * chunks, a little above its real count, in time linear in its length.
 */
export function textTokens(text: string): number {
  return textsTokens([text]);
}

/**
 * The most bytes of text one o200k token stands for (128 spaces; the rank list's longest entry,
 * which a unit test checks). So a text of n UTF-16 code units, at least n bytes in UTF-8, is at
 * least n / 128 tokens however it is split: a bound known without tokenising anything.
 */
export const LONGEST_TOKEN_BYTES = 128;

/** A lower bound of `textsTokens(texts)`, from their lengths alone (LONGEST_TOKEN_BYTES). */
export function leastTextsTokens(texts: readonly string[]): number {
  let tokens = 0;
  for (const text of texts) tokens += Math.ceil(text.length / LONGEST_TOKEN_BYTES);
  return tokens;
}

/**
 * The texts' tokens (each counted as `textTokens` counts it), counted only as far as `stopAt`:
 * once the count reaches it — or, before anything is tokenised, when `leastTextsTokens` already
 * does — counting stops and the count so far is returned. So the answer is the count when it is
 * below `stopAt`, and otherwise some number from `stopAt` up to the count: a prompt far past a
 * model's window is refused without tokenising all of it.
 */
export function textsTokens(texts: readonly string[], stopAt = Infinity): number {
  const least = leastTextsTokens(texts);
  if (least >= stopAt) return least;
  let tokens = 0;
  for (const text of texts) {
    for (const part of encodedParts(text)) {
      tokens += o200k().countTokens(part.text, AS_TEXT) + (part.continuesPiece ? CUT_MARGIN : 0);
      if (tokens >= stopAt) return tokens;
    }
  }
  return tokens;
}

/** Each message's framing (role, separators), and the reply's priming, as the format counts them. */
const TOKENS_PER_MESSAGE = 3;
const TOKENS_PER_NAME = 1;
const REPLY_PRIMING = 3;

/** A prompt as it is counted: the texts to tokenise, and the tokens known without tokenising (framing, images). */
export interface PromptTexts {
  texts: string[];
  otherTokens: number;
}

/**
 * The prompt's tokens: its messages, and the tools and response schema the model is given; each
 * image as `model`'s upstream bills it (without a model, the dearest family's rule), one of
 * unknown size at the most it bills unless `unknownImageSize` gives a size to count it at.
 * Counting stops at `stopAt`, as `textsTokens` says (the context window: past it, the count is moot).
 */
export function promptTokens(
  request: Pick<ChatCompletionsRequest, 'messages' | 'tools' | 'response_format'>,
  model?: ImageBilling,
  unknownImageSize: UnknownImageSize = 'most',
  stopAt = Infinity,
): number {
  const { texts, otherTokens } = promptTexts(request, model, unknownImageSize);
  return otherTokens + textsTokens(texts, stopAt - otherTokens);
}

/** What `promptTokens` counts, before it is counted. */
export function promptTexts(
  request: Pick<ChatCompletionsRequest, 'messages' | 'tools' | 'response_format'>,
  model?: ImageBilling,
  unknownImageSize: UnknownImageSize = 'most',
): PromptTexts {
  const prompt: PromptTexts = { texts: [], otherTokens: REPLY_PRIMING };
  for (const message of request.messages) addMessage(prompt, message, model, unknownImageSize);
  if (request.tools) prompt.texts.push(JSON.stringify(request.tools));
  if (request.response_format?.type === 'json_schema') prompt.texts.push(JSON.stringify(request.response_format.json_schema));
  return prompt;
}

/** The images' share of `promptTokens`: what `model`'s upstream bills for each at most. */
export function imagePromptTokens(request: Pick<ChatCompletionsRequest, 'messages'>, model?: ImageBilling): number {
  let tokens = 0;
  for (const message of request.messages) {
    if (message.role !== 'user' || typeof message.content === 'string') continue;
    for (const part of message.content) if (part.type === 'image_url') tokens += imageTokens(part, model);
  }
  return tokens;
}

function addMessage(prompt: PromptTexts, message: ChatMessage, model: ImageBilling | undefined, unknownImageSize: UnknownImageSize): void {
  prompt.otherTokens += TOKENS_PER_MESSAGE;
  prompt.texts.push(message.role);
  if ('name' in message && message.name) {
    prompt.otherTokens += TOKENS_PER_NAME;
    prompt.texts.push(message.name);
  }
  const content = message.content;
  if (typeof content === 'string') prompt.texts.push(content);
  else if (Array.isArray(content)) {
    for (const part of content) {
      if (part.type === 'text') prompt.texts.push(part.text);
      else prompt.otherTokens += imageTokens(part, model, unknownImageSize);
    }
  }
  if (message.role === 'assistant' && message.tool_calls) {
    for (const toolCall of message.tool_calls) prompt.texts.push(toolCall.function.name, toolCall.function.arguments);
  }
  if (message.role === 'tool') prompt.texts.push(message.tool_call_id);
}

/**
 * `text` cut to at most `maxTokens` tokens (as `textTokens` counts them), at a token boundary. A
 * long text is first cut by characters (no o200k token spans more than a few dozen, but for runs
 * of whitespace), so a 10 MB page is never tokenized whole; encoding stops where the tokens run out.
 */
export function truncateToTokens(text: string, maxTokens: number): { text: string; truncated: boolean } {
  if (maxTokens <= 0) return { text: '', truncated: text !== '' };
  const prefix = text.slice(0, codePointBoundary(text, maxTokens * 32));
  let kept = 0;
  let tokens = 0;
  for (const part of encodedParts(prefix)) {
    const encoded = o200k().encode(part.text, AS_TEXT);
    const room = maxTokens - tokens - (part.continuesPiece ? CUT_MARGIN : 0);
    if (encoded.length > room) {
      const cut = room > 0 ? o200k().decode(encoded.slice(0, room)) : '';
      return { text: prefix.slice(0, kept) + cut, truncated: true };
    }
    tokens += encoded.length + (part.continuesPiece ? CUT_MARGIN : 0);
    kept += part.text.length;
  }
  return { text: prefix, truncated: prefix.length < text.length };
}
