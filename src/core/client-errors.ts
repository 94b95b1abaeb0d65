import { STATUS_CODES, maxHeaderSize, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { failure } from './envelope';
import { ApiError, errorCatalog, type ErrorCode } from './errors';
import { newRequestId } from './request-id';
import { NO_SNIFF, NO_STORE } from './response-headers';

/** What Node's HTTP parser reports when it refuses a request before any route sees it. */
export interface ClientError extends Error {
  code?: string;
  /** llhttp's own words, e.g. "Invalid method encountered". */
  reason?: string;
}

/**
 * Answers a request Node's HTTP parser refused (headers too large, a malformed request line or
 * header, Content-Length beside Transfer-Encoding, headers too slow) in our envelope, with a
 * request id to quote, then closes the connection: after a parse error nothing more on it can be
 * framed. Installed as Fastify's `clientErrorHandler` (which Fastify binds to the instance, for
 * its logger); the default would answer a bare 400 without either.
 */
export function answerClientError(this: FastifyInstance, error: ClientError, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) {
    socket.destroy();
    return;
  }
  const requestId = newRequestId();
  const { code, message } = describeClientError(error);
  // The parser's code and reason only: its error carries the raw request (`rawPacket`), API key
  // and query included, which must not reach the log.
  this.log.info({ reqId: requestId, code: error.code, reason: error.reason }, 'request refused by the HTTP parser');
  if (socket.writable && !responseStarted(socket)) socket.write(rawResponse(errorCatalog[code], requestId, JSON.stringify(failure(code, message))));
  socket.destroy();
}

function describeClientError(error: ClientError): { code: ErrorCode; message: string } {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return { code: 'REQUEST_HEADER_FIELDS_TOO_LARGE', message: `The request headers exceed ${maxHeaderSize} bytes; send fewer or shorter headers.` };
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return { code: 'PAYLOAD_TOO_LARGE', message: 'The chunk extensions of the request body are too large.' };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { code: 'REQUEST_TIMEOUT', message: 'The request did not arrive in time; send it again.' };
    default:
      // llhttp's reasons are plain English ("Transfer-Encoding can't be present with Content-Length").
      return { code: 'VALIDATION_ERROR', message: `Malformed HTTP request${error.reason ? `: ${error.reason}` : ''}.` };
  }
}

/**
 * A response to an earlier request on this connection may be under way (pipelining); raw bytes
 * written now would corrupt it, so Node's own handler writes only before one has started.
 */
function responseStarted(socket: Socket): boolean {
  const inFlight = (socket as Socket & { _httpMessage?: ServerResponse })._httpMessage;
  return inFlight !== undefined && inFlight !== null && inFlight.headersSent;
}

function rawResponse(status: number, requestId: string, body: string): string {
  return (
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
    'content-type: application/json; charset=utf-8\r\n' +
    `content-length: ${Buffer.byteLength(body)}\r\n` +
    `x-request-id: ${requestId}\r\n` +
    `${NO_SNIFF.name}: ${NO_SNIFF.value}\r\n` +
    `${NO_STORE.name}: ${NO_STORE.value}\r\n` +
    'connection: close\r\n' +
    `\r\n${body}`
  );
}

/**
 * An HTTP/1.1 request must name its host (RFC 9112, section 3.2). Node's own check (its server's
 * `requireHostHeader`) would answer a bare 400, without our envelope or a request id, so it is
 * turned off and the app's first hook refuses the request with this instead — before anything
 * else runs for it — and closes the connection, as a parser refusal does.
 */
export function refuseWithoutHost(request: FastifyRequest): void {
  if (request.raw.httpVersion !== '1.1' || request.headers.host !== undefined) return;
  throw new ApiError('VALIDATION_ERROR', 'Host: an HTTP/1.1 request must carry a Host header (RFC 9112, section 3.2).', {
    param: 'Host',
    headers: { connection: 'close' },
  });
}
