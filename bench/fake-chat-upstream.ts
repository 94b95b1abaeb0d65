/**
 * The chat benchmark's upstream, in its own process: an OpenAI-compatible
 * `POST /v1/chat/completions` on 127.0.0.1 that streams 200 `chat.completion.chunk` frames of one
 * small word each, then the usage chunk, then `data: [DONE]` (with `stream: false`, the same
 * answer as one completion object). Each frame is its own write, and the process yields to its
 * event loop between frames, as an upstream producing tokens does; so concurrent streams
 * interleave and every frame reaches the caller as a separate event, not one buffered burst.
 *
 * Pace: `PUT /pace?ms=N` waits N ms between tokens from then on (0, the default, only yields).
 * The benchmark paces tokens to measure the time to the first byte under a realistic load (its
 * gateways busy but not saturated, so their added latency is not hidden in queueing), and
 * streams unpaced to measure streams/s.
 *
 * Prints one JSON line `{port}` when it is ready.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** Completion tokens per stream. */
const STREAM_TOKENS = 200;
const PROMPT_TOKENS = 12;

// Small deltas as a tokenizer cuts English: a word with its leading space, some punctuation.
const WORDS = ' The quick answer is that a gateway adds very little , provided it relays each chunk as it comes and keeps no state between them .'.match(/ ?[^ ]+/g)!;
const delta = (index: number) => WORDS[index % WORDS.length]!;

let paceMs = 0;

/** One stream's frames for a model, made once per model: only the id changes between calls. */
const framesByModel = new Map<string, string[]>();
function frames(model: string): string[] {
  let made = framesByModel.get(model);
  if (made) return made;
  const created = Math.floor(Date.now() / 1000);
  const chunk = (fields: object) => `data: ${JSON.stringify({ id: 'ID', object: 'chat.completion.chunk', created, model, system_fingerprint: 'fp_bench', ...fields })}\n\n`;
  made = [chunk({ choices: [{ index: 0, delta: { role: 'assistant', content: '' }, logprobs: null, finish_reason: null }] })];
  for (let index = 0; index < STREAM_TOKENS; index += 1) {
    made.push(chunk({ choices: [{ index: 0, delta: { content: delta(index) }, logprobs: null, finish_reason: index === STREAM_TOKENS - 1 ? 'stop' : null }] }));
  }
  made.push(chunk({ choices: [], usage: { prompt_tokens: PROMPT_TOKENS, completion_tokens: STREAM_TOKENS, total_tokens: PROMPT_TOKENS + STREAM_TOKENS } }));
  made.push('data: [DONE]\n\n');
  framesByModel.set(model, made);
  return made;
}

let served = 0;

async function stream(response: http.ServerResponse, model: string): Promise<void> {
  const id = `chatcmpl-bench${(served += 1)}`;
  response.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
  const all = frames(model);
  for (let index = 0; index < all.length; index += 1) {
    if (response.destroyed) return;
    response.write(all[index]!.replace('"ID"', `"${id}"`));
    // The empty role chunk goes out with the first token, as upstreams send them: so the first
    // byte is the first token's for every caller (a gateway may hold the role chunk until then).
    if (index === 0) continue;
    // Between tokens: a token's time, or at least a turn of the event loop.
    await (paceMs > 0 ? sleep(paceMs) : new Promise(setImmediate));
  }
  response.end();
}

function complete(response: http.ServerResponse, model: string): void {
  let content = '';
  for (let index = 0; index < STREAM_TOKENS; index += 1) content += delta(index);
  const body = JSON.stringify({
    id: `chatcmpl-bench${(served += 1)}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: 'assistant', content }, logprobs: null, finish_reason: 'stop' }],
    usage: { prompt_tokens: PROMPT_TOKENS, completion_tokens: STREAM_TOKENS, total_tokens: PROMPT_TOKENS + STREAM_TOKENS },
  });
  response.writeHead(200, { 'content-type': 'application/json' }).end(body);
}

const server = http.createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://fake');
  if (request.method === 'PUT' && url.pathname === '/pace') {
    paceMs = Number(url.searchParams.get('ms') ?? 0);
    response.writeHead(204).end();
    return;
  }
  if (request.method !== 'POST' || !url.pathname.endsWith('/chat/completions')) {
    response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found","type":"invalid_request_error"}}');
    return;
  }
  const parts: Buffer[] = [];
  request.on('data', (part: Buffer) => parts.push(part));
  request.on('end', () => {
    let body: { model?: unknown; stream?: unknown };
    try {
      body = JSON.parse(Buffer.concat(parts).toString('utf8'));
    } catch {
      response.writeHead(400, { 'content-type': 'application/json' }).end('{"error":{"message":"invalid JSON","type":"invalid_request_error"}}');
      return;
    }
    const model = typeof body.model === 'string' ? body.model : 'unknown';
    if (body.stream === true) void stream(response, model);
    else complete(response, model);
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: (server.address() as AddressInfo).port })}\n`);
});
process.on('SIGINT', () => process.exit(0));
