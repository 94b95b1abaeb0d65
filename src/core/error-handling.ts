import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { failure, wireFailure, type ErrorEnvelope } from './envelope';
import { ApiError, DestinationFailed, errorCatalog, UpstreamError, type ErrorCode } from './errors';
import { isDatabaseUnreachable } from '../store/unreachable';
import { UnreadableBody } from './body-parser';
import { NO_STORE } from './response-headers';

/**
 * Fastify's own failures (body parsing, bad URLs) mapped onto the error catalog. Anything else
 * reaching the error handler is a bug and becomes a detail-free 500, whatever status it carries.
 */
export function frameworkFailure(error: FastifyError, request: FastifyRequest, maxBodyBytes: number): { status: number; envelope: ErrorEnvelope } {
  const code = frameworkCode(error);
  const message = frameworkMessage(code, error, request.routeOptions?.bodyLimit ?? maxBodyBytes);
  return { status: errorCatalog[code], envelope: answersWire(request) ? wireFailure(code, message, undefined) : failure(code, message) };
}

/** Whether the route's failures carry its wire format's error fields too (chat's `type` and `param`). */
function answersWire(request: FastifyRequest): boolean {
  return isWireRoute(request.routeOptions?.config);
}

/** Whether the route speaks JSON-RPC (`/mcp`): a body it cannot read is that protocol's parse error. */
function answersJsonRpc(request: FastifyRequest): boolean {
  return (request.routeOptions?.config as { jsonRpc?: boolean } | undefined)?.jsonRpc === true;
}

const JSON_RPC_PARSE_ERROR = -32700;

/** A route's config, as registerEndpoints sets it (pipeline.ts): `wire` for a non-envelope endpoint. */
function isWireRoute(config: unknown): boolean {
  return (config as { wire?: boolean } | undefined)?.wire === true;
}

function frameworkCode(error: FastifyError): ErrorCode {
  if (!error.code?.startsWith('FST_')) return 'INTERNAL_ERROR';
  switch (error.statusCode) {
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 404:
      return 'NOT_FOUND';
    default:
      return error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500 ? 'VALIDATION_ERROR' : 'INTERNAL_ERROR';
  }
}

function frameworkMessage(code: ErrorCode, error: FastifyError, maxBodyBytes: number): string {
  if (code === 'PAYLOAD_TOO_LARGE') return `The request body exceeds ${maxBodyBytes} bytes.`;
  if (code === 'UNSUPPORTED_MEDIA_TYPE') return 'Send the body as JSON with Content-Type: application/json.';
  if (code === 'VALIDATION_ERROR') return `Malformed request: ${error.message}`;
  return 'Internal error.';
}

/** What a call that could not reach the database answers. */
export function databaseUnavailable(cause: unknown): ApiError {
  return new ApiError('UNAVAILABLE', 'The service cannot reach its database at the moment; nothing was charged. Retry shortly.', {
    headers: { 'retry-after': '1' },
    cause,
  });
}

/**
 * Every failure leaves as `{ok:false, error}`: catalog errors with their status and headers,
 * framework errors mapped, unknown routes 404, known paths with another method 405 + Allow.
 * Installed before any route is added: the 405s know the routes added after it.
 */
export function installErrorHandling(
  server: FastifyInstance,
  options: { maxBodyBytes: number },
): void {
  server.setErrorHandler((thrown: FastifyError, request, reply) => {
    if (bodyCutOff(thrown, request)) {
      request.log.info({ code: thrown.code }, CLIENT_GONE_MESSAGE);
      return reply.hijack(); // nobody reads an answer
    }
    // The database dropped while authenticating, say: the client may retry.
    const error = !(thrown instanceof ApiError) && isDatabaseUnreachable(thrown) ? databaseUnavailable(thrown) : thrown;
    if (error instanceof UnreadableBody && answersJsonRpc(request)) {
      logFailure(request, error);
      // JSON-RPC 2.0's parse error, as an MCP client reads it (the MCP SDK's transport answers it so too).
      return reply.status(error.status).send({ jsonrpc: '2.0', error: { code: JSON_RPC_PARSE_ERROR, message: `Parse error: ${error.message}` }, id: null });
    }
    if (error instanceof ApiError) {
      logFailure(request, error);
      return reply
        .status(error.status)
        .header(NO_STORE.name, NO_STORE.value)
        .headers(error.headers)
        .send(answersWire(request) ? wireFailure(error.code, error.message, error.param) : failure(error.code, error.message, error.param));
    }
    const { status, envelope } = frameworkFailure(error, request, options.maxBodyBytes);
    if (status >= 500) request.log.error({ err: error }, 'unhandled error');
    return reply.status(status).header(NO_STORE.name, NO_STORE.value).send(envelope);
  });

  // Every route added from here on (the API's, its path parameters', /health, /docs, the
  // dashboard's pages), as a pattern of its path: a known path asked with another method is a 405.
  const routes: Array<{ url: string; pattern: RegExp; methods: string[]; wire: boolean }> = [];
  server.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    routes.push({ url: route.url, pattern: routePattern(route.url), methods: methods.includes('GET') && !methods.includes('HEAD') ? [...methods, 'HEAD'] : methods, wire: isWireRoute(route.config) });
  });
  server.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    const known = routes.filter((route) => route.pattern.test(path));
    const allowed = [...new Set(known.flatMap((route) => route.methods))];
    // A route of this very method sent it here (`callNotFound`: no such asset): that is a 404.
    if (allowed.length > 0 && !allowed.includes(request.method)) {
      const message = `${request.method} is not supported on ${path}; use ${allowed.join(' or ')}.`;
      refusedRoutes.set(request, known[0]!.url);
      return reply
        .status(405)
        .header(NO_STORE.name, NO_STORE.value)
        .header('allow', allowed.join(', '))
        .send(known.some((route) => route.wire) ? wireFailure('METHOD_NOT_ALLOWED', message, undefined) : failure('METHOD_NOT_ALLOWED', message));
    }
    return reply.status(404).header(NO_STORE.name, NO_STORE.value).send(failure('NOT_FOUND', `No endpoint ${request.method} ${path}. The list is at /openapi.json.`));
  });
}

/** What the log says of a request whose client left before its answer (the pipeline's words too). */
export const CLIENT_GONE_MESSAGE = 'client closed the connection before the answer; nothing was charged';

/**
 * Whether the failure is the request body's own stream breaking: its client hung up while sending
 * it (Node raises that as ECONNRESET, "aborted", which says nothing of the database).
 */
function bodyCutOff(error: Error, request: FastifyRequest): boolean {
  return request.raw.errored === error;
}

/** Requests answered 405: the route they asked for with another method, as its pattern. */
const refusedRoutes = new WeakMap<FastifyRequest, string>();

/**
 * The route pattern a request was answered on: its route's, or for a 405 the route it asked for
 * with the wrong method (which matched no route); undefined for a path no route has.
 */
export function answeredRoute(request: FastifyRequest): string | undefined {
  return request.routeOptions.url ?? refusedRoutes.get(request);
}

/**
 * A failure the code expects — a destination the caller chose, a vendor, a model failing — is
 * logged below error, by what it says it may log (`logged()`: no cause, no stack), so that error
 * lines, which operators alert on, are bugs and outages: a destination at info (nothing the
 * operator can mend), a vendor at warn. Any other 5xx is logged whole, at error.
 */
function logFailure(request: FastifyRequest, error: ApiError): void {
  if (error instanceof DestinationFailed) request.log.info(error.logged(), 'a destination the caller chose could not be fetched');
  else if (error instanceof UpstreamError) request.log.warn(error.logged(), 'an upstream failed the call');
  else if (error.status >= 500) request.log.error({ err: error }, error.message);
}

/** A router path as a pattern of the paths it takes: `:name` one segment, `*` the rest. */
function routePattern(url: string): RegExp {
  const escaped = url.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped.replace(/:[^/]+/g, '[^/]+').replace(/\*/g, '.*')}$`);
}
