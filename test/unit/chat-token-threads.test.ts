import { after, describe, mock, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { builtinCatalog } from '../../src/catalog/model-catalog';
import { planChat, planChatAsync } from '../../src/chat/plan';
import { closeTokenThreads, OFF_THREAD_CHARACTERS, promptTokensAsync, textsTokensOffThread } from '../../src/chat/token-threads';
import { o200k, promptTokens, textsTokens } from '../../src/chat/tokens';
import type { ChatCompletionsRequest } from '../../src/schemas/chat-completions';
import { REPOSITORY } from '../../scripts/repository';

/**
 * A large prompt is counted on a worker thread, a small one on the event loop, and the count is
 * the same either way: the thread runs the same `textsTokens`.
 */

after(() => closeTokenThreads());

const file = (name: string) => fs.readFileSync(path.join(REPOSITORY, name), 'utf8');
const readme = file('README.md');
const large = readme.repeat(Math.ceil((3 * OFF_THREAD_CHARACTERS) / readme.length));

const request = (content: string, model = 'openai/gpt-4.1'): ChatCompletionsRequest => ({
  model,
  messages: [
    { role: 'system', content: 'Answer briefly.' },
    { role: 'user', content },
  ],
  max_tokens: 100,
});

/** Whether the tokenizer ran on this thread while `count` ran. */
async function countedHere<T>(count: () => Promise<T>): Promise<{ result: T; here: boolean }> {
  const counter = mock.method(o200k(), 'countTokens');
  try {
    const result = await count();
    return { result, here: counter.mock.callCount() > 0 };
  } finally {
    counter.mock.restore();
  }
}

describe('counting large prompts on a worker thread', () => {
  test('the thread counts exactly as this one does: whole, and stopped at a limit', async () => {
    const texts = [large, file('package-lock.json'), 'f'.repeat(50_000), '<|endoftext|> is text', ''];
    for (const stopAt of [Infinity, 1_000, 100_000]) assert.equal(await textsTokensOffThread(texts, stopAt), textsTokens(texts, stopAt), `stopAt ${stopAt}`);
  });

  test('a prompt past OFF_THREAD_CHARACTERS is counted on the thread, a small one here; the count is the same', async () => {
    const big = await countedHere(() => promptTokensAsync(request(large), builtinCatalog.find('openai/gpt-4.1')));
    assert.equal(big.here, false);
    assert.equal(big.result, promptTokens(request(large), builtinCatalog.find('openai/gpt-4.1')));
    const small = await countedHere(() => promptTokensAsync(request('Hello there')));
    assert.equal(small.here, true);
    assert.equal(small.result, promptTokens(request('Hello there')));
  });

  test('planChatAsync makes planChat’s plan, and its refusal of a prompt past the window', async () => {
    assert.deepEqual(await planChatAsync(request(large), builtinCatalog), planChat(request(large), builtinCatalog));
    // ~50,000 tokens: past phi-4's 16,384-token window, though its length alone does not say so.
    const tooLong = request(large, 'microsoft/phi-4');
    assert.throws(() => planChat(tooLong, builtinCatalog), /messages: the prompt is at least \d+ tokens and microsoft\/phi-4's context window is 16384/);
    await assert.rejects(planChatAsync(tooLong, builtinCatalog), (error: Error) => error.message === messageOf(() => planChat(tooLong, builtinCatalog)));
  });
});

function messageOf(plan: () => unknown): string {
  try {
    plan();
  } catch (error) {
    return (error as Error).message;
  }
  assert.fail('planned');
}

test('more large prompts than the threads and their queue hold: the rest refused at once, 503 naming messages, retry in a second', async () => {
  const text = large.slice(0, 2 * OFF_THREAD_CHARACTERS);
  const outcomes = await Promise.allSettled(Array.from({ length: 24 }, () => textsTokensOffThread([text])));
  const counted = outcomes.filter((outcome) => outcome.status === 'fulfilled');
  const refused = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
  assert.ok(counted.length >= 8, `${counted.length} counted`);
  assert.ok(refused.length > 0, 'some were refused');
  for (const { reason } of refused) {
    assert.equal(reason.code, 'UNAVAILABLE');
    assert.equal(reason.param, 'messages');
    assert.equal(reason.headers['retry-after'], '1');
  }
  for (const outcome of counted) assert.equal(outcome.value, textsTokens([text]));
});
