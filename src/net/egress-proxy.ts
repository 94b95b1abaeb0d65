import http from 'node:http';
import net, { type AddressInfo, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { AddressPolicy } from './address-policy';
import { DestinationRefused } from './errors';
import { checkConnectedSocket, checkedAddresses } from './pinned-connector';
import { portRefusal } from './target-url';
import { tunnelThroughProxy } from './upstream-tunnel';
import type { Resolver } from './resolver';

export interface EgressProxy {
  /** `http://127.0.0.1:PORT`, for Chromium's `--proxy-server`. */
  url: string;
  /** The latest destinations refused (at most 1,000), with the reason. */
  refused: Array<{ destination: string; reason: string }>;
  /** How many destinations have been refused since the proxy started. */
  readonly refusedCount: number;
  close(): Promise<void>;
}

export interface EgressProxyOptions {
  resolver: Resolver;
  policy: AddressPolicy;
  /** How long connecting to a destination may take. */
  connectTimeoutMs?: number;
  onRefused?(destination: string, reason: string): void;
  /** The operator's upstream proxy (CONNECT) every checked destination is reached through; none: direct. */
  upstreamProxyUrl?: string;
}

const RECENT_REFUSALS = 1_000;

/**
 * Marks the proxy's own answers (`refused`: a destination Tollgate does not fetch; `unreachable`:
 * one it could not connect to), so that the browser tells them from a site's own 403 or 502 page
 * and answers what the fetcher answers, uncharged.
 */
export const EGRESS_ANSWER_HEADER = 'x-tollgate-egress';

/** Hop-by-hop headers (RFC 9110 §7.6.1) and the proxy's own, never forwarded. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'proxy-authorization', 'proxy-authenticate', 'te', 'trailer', 'transfer-encoding', 'upgrade']);

/**
 * The browser's only way out: an HTTP forward proxy on 127.0.0.1 that resolves every destination
 * with Tollgate's resolver, checks every address with the policy, and connects to the checked
 * address (pinned). CONNECT carries https and wss; absolute-form requests carry http, and ws
 * through Upgrade. A refused destination gets 403 and is counted. Redirects are not followed here:
 * the browser follows them, and each comes back through the proxy to be checked again.
 */
export async function startEgressProxy(options: EgressProxyOptions): Promise<EgressProxy> {
  const refused: EgressProxy['refused'] = [];
  let refusedCount = 0;
  const sockets = new Set<Socket | Duplex>();
  const track = <T extends Socket | Duplex>(socket: T): T => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    return socket;
  };
  const connectTimeoutMs = options.connectTimeoutMs ?? 10_000;

  /** A checked, connected socket to host:port, or the reason it is refused. */
  const open = async (host: string, port: number): Promise<Socket> => {
    const refusedPort = portRefusal(port);
    if (refusedPort !== undefined) throw new DestinationRefused(refusedPort);
    const addresses = await checkedAddresses(host, options.resolver, options.policy);
    const pinned = addresses[0]!.address;
    // Stealth scrapes leave through the operator's proxy: still to the address checked here.
    if (options.upstreamProxyUrl !== undefined) return track(await tunnelThroughProxy(options.upstreamProxyUrl, pinned, port, connectTimeoutMs));
    const socket = track(net.connect({ host: pinned, port }));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => socket.destroy(new Error('connect timeout')), connectTimeoutMs);
      socket.once('connect', () => {
        clearTimeout(timer);
        resolve();
      });
      socket.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
    });
    checkConnectedSocket(socket, options.policy);
    return socket;
  };

  const refuse = (destination: string, error: unknown): { status: number; text: string; answer: 'refused' | 'unreachable' } => {
    if (error instanceof DestinationRefused) {
      refused.push({ destination, reason: error.reason });
      if (refused.length > RECENT_REFUSALS) refused.shift();
      refusedCount += 1;
      options.onRefused?.(destination, error.reason);
      return { status: 403, text: `Tollgate does not fetch this destination (${error.reason})`, answer: 'refused' };
    }
    return { status: 502, text: 'The destination could not be reached', answer: 'unreachable' };
  };

  const server = http.createServer((request, response) => {
    const target = absoluteTarget(request.url);
    if (!target) {
      response.writeHead(400, { 'content-type': 'text/plain' }).end('Only absolute-form http requests are proxied');
      return;
    }
    open(target.host, target.port).then(
      (socket) => {
        const upstream = http.request({
          createConnection: () => socket,
          method: request.method,
          path: target.path,
          headers: forwardedHeaders(request.headers),
          setHost: false,
        });
        upstream.on('response', (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.statusMessage, forwardedHeaders(answer.headers));
          answer.pipe(response);
        });
        upstream.on('error', () => (response.headersSent ? response.destroy() : response.writeHead(502).end()));
        request.pipe(upstream);
      },
      (error) => {
        const { status, text, answer } = refuse(`${target.host}:${target.port}`, error);
        response.writeHead(status, { 'content-type': 'text/plain', connection: 'close', [EGRESS_ANSWER_HEADER]: answer }).end(text);
      },
    );
  });

  server.on('connection', (socket) => track(socket));

  server.on('connect', (request: http.IncomingMessage, client: Duplex, head: Buffer) => {
    track(client);
    const target = authorityTarget(request.url);
    if (!target) return void client.end('HTTP/1.1 400 Bad Request\r\nconnection: close\r\n\r\n');
    open(target.host, target.port).then(
      (socket) => {
        client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        if (head.length > 0) socket.write(head);
        socket.pipe(client).pipe(socket);
      },
      (error) => {
        const { status, text, answer } = refuse(`${target.host}:${target.port}`, error);
        client.end(
          `HTTP/1.1 ${status} ${status === 403 ? 'Forbidden' : 'Bad Gateway'}\r\ncontent-type: text/plain\r\ncontent-length: ${Buffer.byteLength(text)}\r\n${EGRESS_ANSWER_HEADER}: ${answer}\r\nconnection: close\r\n\r\n${text}`,
        );
      },
    );
  });

  // ws:// through an absolute-form GET with Upgrade: the handshake is replayed in origin form.
  server.on('upgrade', (request: http.IncomingMessage, client: Duplex, head: Buffer) => {
    track(client);
    const target = absoluteTarget(request.url);
    if (!target) return void client.end('HTTP/1.1 400 Bad Request\r\nconnection: close\r\n\r\n');
    open(target.host, target.port).then(
      (socket) => {
        const lines = [`${request.method} ${target.path} HTTP/1.1`];
        for (let index = 0; index < request.rawHeaders.length; index += 2) {
          const name = request.rawHeaders[index]!;
          if (!/^proxy-/i.test(name)) lines.push(`${name}: ${request.rawHeaders[index + 1]}`);
        }
        socket.write(`${lines.join('\r\n')}\r\n\r\n`);
        if (head.length > 0) socket.write(head);
        socket.pipe(client).pipe(socket);
      },
      (error) => {
        const { status } = refuse(`${target.host}:${target.port}`, error);
        client.end(`HTTP/1.1 ${status} ${status === 403 ? 'Forbidden' : 'Bad Gateway'}\r\ncontent-length: 0\r\nconnection: close\r\n\r\n`);
      },
    );
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    refused,
    get refusedCount() {
      return refusedCount;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** `http://host:port/path` (absolute form; http and ws only: https goes through CONNECT). */
function absoluteTarget(url: string | undefined): { host: string; port: number; path: string } | undefined {
  if (url === undefined || !/^(http|ws):\/\//i.test(url)) return undefined;
  try {
    const parsed = new URL(url);
    return { host: parsed.hostname.replace(/^\[(.*)\]$/, '$1'), port: Number(parsed.port || 80), path: `${parsed.pathname}${parsed.search}` };
  } catch {
    return undefined;
  }
}

/** `host:port` or `[v6]:port` (CONNECT's authority form). */
function authorityTarget(authority: string | undefined): { host: string; port: number } | undefined {
  const match = authority === undefined ? null : /^(?:\[([^\]]+)\]|([^:[\]]+)):(\d{1,5})$/.exec(authority);
  if (!match) return undefined;
  const port = Number(match[3]);
  if (port < 1 || port > 65535) return undefined;
  // Parsed as a URL host, so notations (decimal, hex, short forms) mean what the browser meant.
  try {
    const host = new URL(`http://${match[1] !== undefined ? `[${match[1]}]` : match[2]}/`).hostname.replace(/^\[(.*)\]$/, '$1');
    return { host, port };
  } catch {
    return undefined;
  }
}

function forwardedHeaders(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  const forwarded: http.OutgoingHttpHeaders = {};
  const named = String(headers.connection ?? '').split(',').map((name) => name.trim().toLowerCase());
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name) && !named.includes(name)) forwarded[name] = value;
  }
  return forwarded;
}
