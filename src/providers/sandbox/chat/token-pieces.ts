import { AS_TEXT, o200k, textTokens } from '../../../chat/tokens';

/** A piece of text as streamed: the text of one token, or of the few that make one character. */
export interface TokenPiece {
  readonly text: string;
  /** Tokens in the piece: 1, or more when a character's bytes span several tokens. */
  readonly tokens: number;
}

/**
 * The text split at its token boundaries (the tokenizer that counts usage), each piece decoding
 * whole. The pieces concatenate to the text and their `tokens` add up to its count.
 *
 * Decoded with one pass of `decodeGenerator` over every token: gpt-tokenizer keeps one streaming
 * TextDecoder for the process, so decoding a slice that ends inside a character would leave its
 * bytes there to corrupt the next decode anywhere in the process.
 */
export function tokenPieces(text: string): TokenPiece[] {
  if (text === '') return [];
  const { encode, decodeGenerator } = o200k();
  let consumed = 0;
  const counted = (function* () {
    // An answer may quote what the customer wrote, special tokens' text included: it is text.
    for (const token of encode(text, AS_TEXT)) {
      consumed += 1;
      yield token;
    }
  })();
  const pieces: TokenPiece[] = [];
  let before = 0;
  for (const piece of decodeGenerator(counted)) {
    pieces.push({ text: piece, tokens: consumed - before });
    before = consumed;
  }
  return pieces;
}

/**
 * The text cut to `limit` tokens at a piece boundary, as a model stopped by its token limit
 * leaves it: exactly `limit` tokens counted again (a prefix may tokenize differently from the
 * whole; the boundary is moved until the recount agrees), else the longest cut under the limit.
 * `undefined` when the text already fits.
 */
export function cutToTokens(text: string, limit: number): string | undefined {
  const pieces = tokenPieces(text);
  if (pieces.reduce((sum, piece) => sum + piece.tokens, 0) <= limit) return undefined;
  // Each boundary's text and token count (by the pieces); the recount starts a little past the limit.
  const prefixes: string[] = [''];
  let prefix = '';
  let start = 0;
  let tokens = 0;
  for (const piece of pieces) {
    prefixes.push((prefix += piece.text));
    tokens += piece.tokens;
    if (tokens <= limit + 2) start = prefixes.length - 1;
  }
  let best = '';
  for (let count = start; count >= 0; count -= 1) {
    const candidate = prefixes[count]!;
    const recounted = textTokens(candidate);
    if (recounted === limit) return candidate;
    if (recounted < limit) {
      best = candidate;
      break;
    }
  }
  return best;
}
