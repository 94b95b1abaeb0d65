import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { STREAM_ERROR_EVENT } from '../../src/providers/openai-compatible/fixtures/wire';

/**
 * An OpenAI-compatible chat upstream on loopback (OpenRouter, vLLM, Ollama as far as the format
 * goes), for the adapter's tests, the HTTP tests and the benchmark. `POST {url}/chat/completions`
 * answers with the next scripted behaviour (else the default one), streamed when the request says
 * `stream: true`; every request is recorded, including whether its client went away early.
 */

export interface UsageCounts {
  prompt_tokens: number;
  completion_tokens: number;
}

/** A generated answer: `text` split into word pieces (one chunk each when streamed). */
export interface AnswerBehaviour {
  kind: 'answer';
  /** Default: `Hello from the fake upstream.` Ignored when `words` is set. */
  text?: string;
  /** Generate this many words (`w0 w1 …`) instead of `text` (the benchmark: 200). */
  words?: number;
  /** Answer with one tool call instead of text (streamed: id and name, then the arguments in two pieces). */
  toolCall?: { name: string; arguments: string };
  /**
   * `final-chunk` (default): a last `choices: []` chunk with usage when the request asks for it
   * (and in the body of a plain answer); `none`: never any usage; `every-chunk`: usage on every
   * chunk (as vLLM's continuous usage stats do), the last one with the final counts.
   */
  usage?: 'final-chunk' | 'none' | 'every-chunk';
  /** Reported counts; default: prompt 10, completion = number of pieces. */
  counts?: Partial<UsageCounts>;
  /** `: OPENROUTER PROCESSING` comments before the first chunk and between chunks. */
  keepAlive?: boolean;
  /** Pause between chunks (default 0). */
  chunkDelayMs?: number;
  /** Pause before the status line. */
  firstByteDelayMs?: number;
  /** Streamed: pause between the finish chunk and the usage chunk (a reasoning model's upstream may take a moment to count). */
  usageDelayMs?: number;
  /**
   * Streamed: chunks of reasoning before the answer (`delta.reasoning`, as OpenRouter sends a
   * thinking model's), `chunkDelayMs` apart; the answer then waits for `answerAfter` if given.
   */
  reasoning?: { chunks: number; answerAfter?: Promise<void> };
  /** Streamed: stop after this many content chunks by destroying the connection (no finish, no `[DONE]`). */
  cutAfterChunks?: number;
  /** Streamed: after this many content chunks send OpenRouter's error event, then end the stream. */
  errorEventAfterChunks?: number;
}

/** An error status with a body in the format (or any body). */
export interface StatusBehaviour {
  kind: 'status';
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  firstByteDelayMs?: number;
}

/** Replays exactly: `json` as a 200 body, or `events` as SSE (objects as `data:` JSON, strings as raw lines such as `: comment` or `data: [DONE]`). */
export interface ReplayBehaviour {
  kind: 'replay';
  json?: unknown;
  events?: Array<object | string>;
  firstByteDelayMs?: number;
}

/** Accept the connection, never answer. */
export interface HangBehaviour {
  kind: 'hang';
}

export type Behaviour = AnswerBehaviour | StatusBehaviour | ReplayBehaviour | HangBehaviour;

export interface SeenRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The JSON body the adapter sent. */
  body: any;
  /** Resolves once the exchange is over (answered, or the client went away). */
  closed: Promise<void>;
  /** True once the client closed the connection before the answer was complete. */
  abortedByClient: boolean;
}

export interface FakeChatUpstream {
  /** Base URL to configure (`<NAME>_BASE_URL`), e.g. `http://127.0.0.1:40123/v1`. */
  url: string;
  requests: SeenRequest[];
  /** Queues behaviours: each request takes the next one; when the queue is empty, the default answers. */
  script(...behaviours: Behaviour[]): void;
  /** The behaviour when nothing is queued (initially `{kind: 'answer'}`); a function chooses per request. */
  setDefault(behaviour: Behaviour | ((request: SeenRequest) => Behaviour)): void;
  /** Forget the queue, the recorded requests, and the default. */
  reset(): void;
  close(): Promise<void>;
}

export const FAKE_TEXT = 'Hello from the fake upstream.';
export const FAKE_PROMPT_TOKENS = 10;
const CREATED = 1_763_942_400;

export async function startFakeChatUpstream(options: { port?: number } = {}): Promise<FakeChatUpstream> {
  const queue: Behaviour[] = [];
  const requests: SeenRequest[] = [];
  const sockets = new Set<Socket>();
  const stopping = new AbortController();
  let fallback: Behaviour | ((request: SeenRequest) => Behaviour) = { kind: 'answer' };
  let sequence = 0;

  const server = http.createServer(async (incoming, outgoing) => {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    let closedResolve!: () => void;
    const seen: SeenRequest = {
      path: new URL(incoming.url ?? '/', 'http://fake').pathname,
      headers: incoming.headers,
      body: text === '' ? undefined : JSON.parse(text),
      closed: new Promise<void>((resolve) => (closedResolve = resolve)),
      abortedByClient: false,
    };
    outgoing.on('close', () => {
      if (!outgoing.writableFinished) seen.abortedByClient = true;
      closedResolve();
    });
    requests.push(seen);
    if (incoming.method !== 'POST' || !seen.path.endsWith('/chat/completions')) {
      outgoing.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'Not found', type: 'invalid_request_error' } }));
      return;
    }
    const behaviour = queue.shift() ?? (typeof fallback === 'function' ? fallback(seen) : fallback);
    sequence += 1;
    try {
      await respond(behaviour, seen, incoming, outgoing, `chatcmpl-fake${sequence}`, stopping.signal);
    } catch {
      // The client went away or the fake is closing: nothing to answer.
      outgoing.destroy();
    }
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    script: (...behaviours) => void queue.push(...behaviours),
    setDefault(behaviour) {
      fallback = behaviour;
    },
    reset() {
      queue.length = 0;
      requests.length = 0;
      fallback = { kind: 'answer' };
    },
    async close() {
      stopping.abort();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function respond(behaviour: Behaviour, seen: SeenRequest, incoming: http.IncomingMessage, outgoing: http.ServerResponse, id: string, stopping: AbortSignal): Promise<void> {
  // Ends the pauses when the client leaves, as a real upstream stops generating.
  const gone = AbortSignal.any([stopping, closedSignal(outgoing)]);
  if (behaviour.kind === 'hang') return void (await sleep(2 ** 31 - 1, undefined, { signal: gone }));
  if (behaviour.firstByteDelayMs) await sleep(behaviour.firstByteDelayMs, undefined, { signal: gone });
  if (behaviour.kind === 'status') {
    const body = behaviour.body === undefined ? '' : typeof behaviour.body === 'string' ? behaviour.body : JSON.stringify(behaviour.body);
    outgoing.writeHead(behaviour.status, { 'content-type': 'application/json', ...behaviour.headers }).end(body);
    return;
  }
  if (behaviour.kind === 'replay') {
    if (behaviour.events === undefined) return void outgoing.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(behaviour.json ?? {}));
    outgoing.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    for (const event of behaviour.events) outgoing.write(typeof event === 'string' ? `${event}\n\n` : `data: ${JSON.stringify(event)}\n\n`);
    return void outgoing.end();
  }
  const model = String(seen.body?.model ?? 'fake-model');
  const pieces = behaviour.toolCall ? splitInTwo(behaviour.toolCall.arguments) : words(behaviour);
  const usage = {
    prompt_tokens: behaviour.counts?.prompt_tokens ?? FAKE_PROMPT_TOKENS,
    completion_tokens: behaviour.counts?.completion_tokens ?? pieces.length,
  };
  const usageObject = (completion: number) => ({ ...usage, completion_tokens: completion, total_tokens: usage.prompt_tokens + completion });
  const wantsUsage = behaviour.usage !== 'none';

  if (seen.body?.stream !== true) {
    const message = behaviour.toolCall
      ? { role: 'assistant', content: null, tool_calls: [{ id: 'call_fake0', type: 'function', function: behaviour.toolCall }] }
      : { role: 'assistant', content: pieces.join('') };
    const body = {
      id,
      object: 'chat.completion',
      created: CREATED,
      model,
      choices: [{ index: 0, message, finish_reason: behaviour.toolCall ? 'tool_calls' : 'stop', logprobs: null }],
      ...(wantsUsage ? { usage: usageObject(usage.completion_tokens) } : {}),
    };
    outgoing.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    return;
  }

  outgoing.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  const includeUsage = wantsUsage && seen.body?.stream_options?.include_usage === true;
  const head = { id, object: 'chat.completion.chunk', created: CREATED, model };
  const send = (data: object | string) => outgoing.write(typeof data === 'string' ? `${data}\n\n` : `data: ${JSON.stringify(data)}\n\n`);
  const everyChunk = (count: number) => (includeUsage && behaviour.usage === 'every-chunk' ? { usage: usageObject(count) } : {});
  const pause = async () => {
    if (behaviour.chunkDelayMs) await sleep(behaviour.chunkDelayMs, undefined, { signal: gone });
    if (behaviour.keepAlive) send(': OPENROUTER PROCESSING');
  };

  if (behaviour.keepAlive) send(': OPENROUTER PROCESSING');
  send({ ...head, choices: [{ index: 0, delta: { role: 'assistant', content: behaviour.toolCall ? null : '' }, finish_reason: null }], ...everyChunk(0) });
  for (let index = 0; index < (behaviour.reasoning?.chunks ?? 0); index += 1) {
    await pause();
    send({ ...head, choices: [{ index: 0, delta: { content: '', reasoning: `thinking ${index}` }, finish_reason: null }] });
  }
  await behaviour.reasoning?.answerAfter;
  if (behaviour.toolCall) {
    send({ ...head, choices: [{ index: 0, delta: { tool_calls: [{ index: 0, id: 'call_fake0', type: 'function', function: { name: behaviour.toolCall.name, arguments: '' } }] }, finish_reason: null }], ...everyChunk(0) });
  }
  for (const [index, piece] of pieces.entries()) {
    await pause();
    if (index === behaviour.cutAfterChunks) return cut(outgoing, incoming);
    if (index === behaviour.errorEventAfterChunks) {
      send({ ...STREAM_ERROR_EVENT, id, model });
      return void outgoing.end();
    }
    const delta = behaviour.toolCall ? { tool_calls: [{ index: 0, function: { arguments: piece } }] } : { content: piece };
    send({ ...head, choices: [{ index: 0, delta, finish_reason: null }], ...everyChunk(index + 1) });
  }
  await pause();
  if (behaviour.cutAfterChunks !== undefined && behaviour.cutAfterChunks >= pieces.length) return cut(outgoing, incoming);
  send({ ...head, choices: [{ index: 0, delta: {}, finish_reason: behaviour.toolCall ? 'tool_calls' : 'stop' }], ...everyChunk(pieces.length) });
  if (behaviour.usageDelayMs) await sleep(behaviour.usageDelayMs, undefined, { signal: gone });
  if (includeUsage && behaviour.usage !== 'every-chunk') send({ ...head, choices: [], usage: usageObject(usage.completion_tokens) });
  send('data: [DONE]');
  outgoing.end();
}

/** Destroys the connection once what was written has left (destroying at once would drop it unsent). */
async function cut(outgoing: http.ServerResponse, incoming: http.IncomingMessage): Promise<void> {
  await new Promise<void>((resolve) => outgoing.write(': cut\n\n', () => resolve()));
  incoming.socket.destroy();
}

/** The text's pieces, each word with its leading space, as a tokenizer would cut them. */
function words(behaviour: AnswerBehaviour): string[] {
  if (behaviour.words !== undefined) return Array.from({ length: behaviour.words }, (_, index) => (index === 0 ? 'w0' : ` w${index}`));
  return (behaviour.text ?? FAKE_TEXT).split(/(?=\s)/);
}

function splitInTwo(text: string): string[] {
  const middle = Math.ceil(text.length / 2);
  return [text.slice(0, middle), text.slice(middle)];
}

function closedSignal(outgoing: http.ServerResponse): AbortSignal {
  const controller = new AbortController();
  outgoing.once('close', () => controller.abort());
  return controller.signal;
}
