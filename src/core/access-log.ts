import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * A request as the log shows it: its method and the pattern of the route it matched — never the
 * raw URL, whose query or path may carry a dashboard link's token, an address or a name — and
 * nothing of the client (address, port, agent); no `url` when no route matched. The logger's `req`
 * serializer, so every line that names a request (Fastify's error lines too) shows this.
 */
export function loggedRequest(request: FastifyRequest): { method: string; url?: string } {
  return { method: request.method, url: request.routeOptions?.url };
}

/**
 * Fastify's own log lines per request, in the form above: one line per answered request at info
 * (`request completed`: method, route, status, time, and the request id its logger carries)
 * instead of two — the `incoming request` line told nothing the completed one does not, and the
 * two cost a paid call ~40 % more CPU than none (README *Benchmark*). (Unmatched requests go to
 * the app's own not-found handler, so Fastify's `routeNotFound` line, which names the raw URL, is
 * never written.)
 */
export class AccessLog extends LogController {
  /** False below info: the line's object is then never built (it is on every request's path). */
  constructor(private readonly infoLogged: boolean) {
    super();
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      reply.log.error({ req: request, statusCode: reply.statusCode, responseTime: reply.elapsedTime, err: error }, 'request errored');
      return;
    }
    if (!this.infoLogged) return;
    const { method, url } = loggedRequest(request);
    reply.log.info({ method, url, statusCode: reply.statusCode, responseTime: Math.round(reply.elapsedTime * 10) / 10 }, 'request completed');
  }
}
