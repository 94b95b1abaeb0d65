import type { ChatProvider } from '../../families/chat';
import { sandboxAnswer } from './answer';
import { chunksOf, completionOf } from './chunks';
import { paced, realClock, type PaceClock } from './pace';

/**
 * The sandbox's chat model: the same request always gets the same answer, made from its words
 * (prose, a tool call valid against the tool's schema, or JSON valid against the response
 * format's), counted with the tokenizer that counts the prompt, cut at the route's token limit,
 * and streamed token by token at `tokensPerSecond` (0: as fast as the client reads).
 */
export function sandboxChat({ tokensPerSecond, clock = realClock }: { tokensPerSecond: number; clock?: PaceClock }): ChatProvider {
  return {
    name: 'sandbox',
    async complete(request, call) {
      call.signal.throwIfAborted();
      const model = request.route[0]!.model;
      return { model, completion: completionOf(sandboxAnswer(request), model.id) };
    },
    async stream(request, call) {
      call.signal.throwIfAborted();
      const model = request.route[0]!.model;
      return { model, chunks: paced(chunksOf(sandboxAnswer(request), model.id), tokensPerSecond, clock, call.signal) };
    },
  };
}
