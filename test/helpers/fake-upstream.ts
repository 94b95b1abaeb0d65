import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A vendor's API on a loopback port, speaking its wire format from replies the test writes (from
 * the vendor's public documentation). It records every request, so tests can assert what the
 * adapter sent, and can answer slowly, malformed or not at all.
 */
export interface RecordedRequest {
  method: string;
  /** Path with query string, e.g. `/v3/serp/google/organic/live/advanced`. */
  url: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  /** Parsed JSON body, or undefined when there was none. */
  body: any;
}

export interface FakeReply {
  status?: number;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as is (for malformed answers); wins over `json`. */
  raw?: string;
  headers?: Record<string, string>;
  /** Wait this long before answering (for timeouts). */
  delayMs?: number;
  /** Drop the connection without answering. */
  hangUp?: boolean;
}

export type FakeHandler = (request: RecordedRequest) => FakeReply | Promise<FakeReply>;

export interface FakeUpstream {
  /** e.g. `http://127.0.0.1:40123` (no trailing slash). */
  url: string;
  requests: RecordedRequest[];
  /** Answers `METHOD /path` (path without query string); a later call replaces an earlier one. */
  on(route: string, handler: FakeHandler | FakeReply): void;
  /** Forget recorded requests and routes. */
  reset(): void;
  close(): Promise<void>;
}

/**
 * Checks a 502's customer message says what failed in our words: no vendor name, no setting of the
 * operator's (environment variables), and none of the texts the fake vendor sent.
 */
export function assertNeutralMessage(message: string, vendorTexts: readonly string[] = []): void {
  assert.doesNotMatch(message, /DATAFORSEO|GOOGLE_PLACES|TOLLGATE_|dataforseo|google|places api|https?:\/\//i, `a vendor or a setting named to the customer: ${message}`);
  for (const text of vendorTexts) assert.ok(!message.includes(text), `the vendor's text reached the customer: ${message}`);
}

export async function startFakeUpstream(): Promise<FakeUpstream> {
  const routes = new Map<string, FakeHandler>();
  const requests: RecordedRequest[] = [];
  const sockets = new Set<import('node:net').Socket>();

  const server = http.createServer(async (incoming, outgoing) => {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const parsedUrl = new URL(incoming.url ?? '/', 'http://fake');
    const recorded: RecordedRequest = {
      method: incoming.method ?? 'GET',
      url: incoming.url ?? '/',
      path: decodeURIComponent(parsedUrl.pathname),
      query: parsedUrl.searchParams,
      headers: incoming.headers,
      body: text === '' ? undefined : safeJson(text),
    };
    requests.push(recorded);
    const handler = routes.get(`${recorded.method} ${recorded.path}`);
    const reply: FakeReply = handler ? await handler(recorded) : { status: 404, json: { error: `no fake route for ${recorded.method} ${recorded.path}` } };
    if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
    if (reply.hangUp) {
      incoming.socket.destroy();
      return;
    }
    const body = reply.raw ?? (reply.json === undefined ? '' : JSON.stringify(reply.json));
    outgoing.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers });
    outgoing.end(body);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    on(route, handler) {
      routes.set(route, typeof handler === 'function' ? handler : () => handler);
    },
    reset() {
      routes.clear();
      requests.length = 0;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
