import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { EndpointDefinition } from '../core/define-endpoint';
import { authenticate, presentedKey } from '../core/admission';
import { failure } from '../core/envelope';
import type { Authenticator } from '../auth/authenticator';
import type { RateLimiter } from '../ratelimit/rate-limiter';
import { createToolServer } from './server';
import { once } from '../core/once';
import { NO_SNIFF, NO_STORE } from '../core/response-headers';
import { endpointTools, type SendToolRequest } from './tools';

export interface McpRouteDependencies {
  endpoints: readonly EndpointDefinition<any, any>[];
  authenticator: Authenticator;
  /** Counts failed authentications by address, as the API's own admission does. */
  failedAuthenticationLimiter?: RateLimiter;
}

export const MCP_PATH = '/mcp';

/** Room for the JSON-RPC message around a tool's arguments: its id, method and tool name. */
const JSON_RPC_ENVELOPE_BYTES = 64 * 1024;

declare module 'fastify' {
  interface FastifyRequest {
    /** The API key an MCP request presented, once it was accepted. */
    mcpKey: string | undefined;
  }
}

/**
 * The MCP server over Streamable HTTP at `/mcp`, stateless: each POST gets a fresh MCP server and
 * transport, answered in JSON. The key (x-api-key or `Authorization: Bearer`) is checked before
 * anything else is read; each tool call is then one in-process request through the API's own
 * pipeline with that key — authentication again, rate limit, hold, capture — so a tool costs
 * exactly what its endpoint costs.
 */
export function registerMcpRoute(server: FastifyInstance, dependencies: McpRouteDependencies): void {
  // Made on the first request: most servers are never asked for their tools.
  const tools = once(() => endpointTools(dependencies.endpoints));
  server.decorateRequest('mcpKey', undefined);
  const admitKey = (request: FastifyRequest, reply: FastifyReply) => {
    reply.header(NO_STORE.name, NO_STORE.value);
    return admitMcpRequest(request, dependencies);
  };

  const bodyLimit = mcpBodyLimit(dependencies.endpoints, server.initialConfig.bodyLimit ?? 0);
  // A body that is not JSON is answered as JSON-RPC's parse error (core/error-handling.ts).
  server.post(MCP_PATH, { onRequest: admitKey, bodyLimit, config: { jsonRpc: true } }, async (request, reply) => {
    const limits = request.caller!.limits;
    const mcp = createToolServer(tools(), inProcessSender(server, request), async () => limits.areas);
    // No sessions: every request stands alone, so any instance behind a load balancer can answer it.
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    reply.hijack();
    // Hijacked: the headers the reply holds (the app's, the hook's) are not written, so they are set here.
    reply.raw.setHeader('x-request-id', request.id);
    reply.raw.setHeader(NO_SNIFF.name, NO_SNIFF.value);
    reply.raw.setHeader(NO_STORE.name, NO_STORE.value);
    // Closing the MCP server aborts the tool calls still running (their requests end: see inProcessSender).
    const responseClosed = new Promise<void>((resolve) =>
      reply.raw.on('close', () => {
        void transport.close();
        void mcp.close();
        resolve();
      }),
    );
    try {
      await mcp.connect(transport);
      // A client that left is never answered, and the SDK then never settles its JSON answer: the
      // handler ends with the response, or it would count as a call in flight until shutdown.
      await Promise.race([transport.handleRequest(request.raw, reply.raw, request.body), responseClosed]);
    } catch (error) {
      request.log.error({ err: error }, 'MCP request failed');
      if (!reply.raw.headersSent) {
        reply.raw.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
        reply.raw.end(JSON.stringify(failure('INTERNAL_ERROR', `Internal error (request ${request.id}).`)));
      }
    }
  });

  // Stateless: no stream for server-initiated messages (GET) and no session to end (DELETE).
  const methodNotAllowed = async (request: FastifyRequest, reply: FastifyReply) =>
    reply
      .status(405)
      .header('allow', 'POST')
      .send(failure('METHOD_NOT_ALLOWED', `${request.method} is not supported on ${MCP_PATH}: this MCP server is stateless; send each message with POST.`));
  server.get(MCP_PATH, { onRequest: admitKey }, methodNotAllowed);
  server.delete(MCP_PATH, { onRequest: admitKey }, methodNotAllowed);
}

/**
 * A tool call carries its endpoint's whole body as arguments, so `/mcp` takes the largest body any
 * of its endpoints does (media.queue's image), not just the server's default. The key is checked
 * before the body is read, so only a known caller can send one that large.
 */
export function mcpBodyLimit(endpoints: readonly EndpointDefinition<any, any>[], defaultLimitBytes: number): number {
  const largestEndpointBody = Math.max(defaultLimitBytes, ...endpoints.map((endpoint) => endpoint.bodyLimitBytes ?? 0));
  return largestEndpointBody + JSON_RPC_ENVELOPE_BYTES;
}

/**
 * A request without a key, or with one that is unknown, revoked or suspended, is refused (401 in
 * our envelope) before its body is read, exactly as the API admits a call (core/admission.ts):
 * failures count against the client's address, so `/mcp` is no way around that limit.
 */
async function admitMcpRequest(request: FastifyRequest, dependencies: McpRouteDependencies): Promise<void> {
  request.caller = await authenticate(request, dependencies);
  request.mcpKey = presentedKey(request);
}

/**
 * Tool calls as in-process requests (`inject`): the same routes, hooks and pipeline as a request
 * from outside, with the caller's key and address. A cancelled tool call (its client hung up on
 * `/mcp`, whose close ends the MCP server and so aborts `signal`) ends its request as a client
 * that hangs up ends one: nothing is charged, the hold is released.
 */
function inProcessSender(server: FastifyInstance, request: FastifyRequest): SendToolRequest {
  return async (toolRequest, signal) => {
    const body = abortableBody(toolRequest.body, signal);
    try {
      const response = await server.inject({
        method: toolRequest.method,
        url: toolRequest.url,
        headers: {
          'x-api-key': request.mcpKey!,
          'user-agent': 'tollgate-mcp',
          ...(toolRequest.body !== undefined ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(toolRequest.body)) } : {}),
        },
        payload: body.stream,
        remoteAddress: request.ip,
      });
      return {
        status: response.statusCode,
        header: (name) => {
          const value = response.headers[name.toLowerCase()];
          return value === undefined ? undefined : String(value);
        },
        text: response.body,
      };
    } finally {
      body.release();
    }
  };
}

/**
 * The request's body as a stream that fails when `signal` aborts. light-my-request answers a body
 * that fails by destroying the request and its response, which the call sees as its client
 * leaving (core/call-scope.ts). `inject`'s own `signal` would not do: it stops listening once the
 * body has been read, so a call waiting on its provider could no longer be cancelled.
 */
function abortableBody(text: string | undefined, signal: AbortSignal): { stream: Readable; release(): void } {
  // Not destroyed at its end, so it can still fail after the body has been read.
  const stream = new Readable({ read() {}, autoDestroy: false });
  if (text !== undefined) stream.push(text);
  stream.push(null);
  const fail = () => stream.destroy(signal.reason instanceof Error ? signal.reason : new Error('the MCP client cancelled the tool call'));
  if (signal.aborted) fail();
  else signal.addEventListener('abort', fail, { once: true });
  return { stream, release: () => signal.removeEventListener('abort', fail) };
}
