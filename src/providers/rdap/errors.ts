import { UpstreamError } from '../../core/errors';
import type { UpstreamAnswer } from '../http/upstream-request';

export const VENDOR = 'RDAP';

/** How customers read a registry's RDAP service: never by its address. */
export const REGISTRY = "The registry's registration data service";

/**
 * An RDAP answer other than the record or "not found" (RFC 7480 §5), as our 502. 429 and 5xx
 * never reach here (the shared transient failures of ../http/upstream-request.ts). The registry's
 * own error text goes to the log only, and only its title (RDAP error bodies carry no contact data).
 */
export function rdapFailure(answer: UpstreamAnswer, where: string): UpstreamError {
  const title = typeof (answer.body as { title?: unknown } | undefined)?.title === 'string' ? `: ${String((answer.body as { title: string }).title).slice(0, 200)}` : '';
  const detail = `${VENDOR} GET ${where} answered HTTP ${answer.status}${title}`;
  if (answer.status >= 300 && answer.status < 400) return new UpstreamError(`${REGISTRY} redirected the lookup too often or nowhere; try again later.`, { detail });
  if (answer.status === 401 || answer.status === 403) return new UpstreamError(`${REGISTRY} refused to answer (it answered HTTP ${answer.status}); try again later.`, { detail });
  return new UpstreamError(`${REGISTRY} could not answer the lookup (it answered HTTP ${answer.status}).`, { detail });
}
