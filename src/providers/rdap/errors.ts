import { UpstreamError } from '../../core/errors';
import type { UpstreamAnswer } from '../http/upstream-request';

export const VENDOR = 'RDAP';

/** How customers read a registry's RDAP service: by its address only when it could not be reached (./client.ts), where the server is what failed. */
export const REGISTRY = "The registry's registration data service";

/**
 * An RDAP answer other than the record or "not found" (RFC 7480 §5), as our 502. 429 and 5xx
 * never reach here (the shared transient failures of ../http/upstream-request.ts). The log gets
 * the server and the status, nothing of the body: an error body may echo the domain asked about
 * or a registrant's contact data.
 */
export function rdapFailure(answer: UpstreamAnswer, server: string): UpstreamError {
  const detail = `${VENDOR} GET ${server} answered HTTP ${answer.status}`;
  if (answer.status >= 300 && answer.status < 400) return new UpstreamError(`${REGISTRY} redirected the lookup too often or nowhere; try again later.`, { detail });
  if (answer.status === 401 || answer.status === 403) return new UpstreamError(`${REGISTRY} refused to answer (it answered HTTP ${answer.status}); try again later.`, { detail });
  return new UpstreamError(`${REGISTRY} could not answer the lookup (it answered HTTP ${answer.status}).`, { detail });
}
