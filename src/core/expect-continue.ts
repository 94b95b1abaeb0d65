import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * `Expect: 100-continue` asks whether to send the body at all (RFC 9110, section 10.1.1). Node
 * answers `100 Continue` at once unless the server listens for 'checkContinue'; this server
 * listens, and invites the body only once the request has passed every check made before it is
 * read — the app's first hook (Host, transfer coding, shutdown), the endpoint's admission (key,
 * rate limit, areas) — and declares a length within its route's body limit. A request refused
 * before that gets its final status alone, with `Connection: close`: its body was never invited,
 * so whether it follows is the client's choice, and nothing after it on the connection can be framed.
 */
export function installExpectContinue(server: FastifyInstance): void {
  const awaitingContinue = new WeakSet<IncomingMessage>();
  server.server.on('checkContinue', (request: IncomingMessage, response: ServerResponse) => {
    awaitingContinue.add(request);
    response.setHeader('connection', 'close');
    server.server.emit('request', request, response);
  });
  // After every onRequest hook (the app's, then the route's admission), before the body is read.
  server.addHook('preParsing', (request, reply, payload, done) => {
    if (awaitingContinue.has(request.raw) && bodyInvited(request)) {
      reply.raw.removeHeader('connection');
      reply.raw.writeContinue();
    }
    done(null, payload);
  });
}

/** Whether the request's declared length (if any) is within its route's limit: a larger body is refused 413 unread. */
function bodyInvited(request: FastifyRequest): boolean {
  const declared = Number(request.headers['content-length'] ?? 0);
  return !(declared > (request.routeOptions.bodyLimit ?? Infinity));
}
