import { DestinationRefused, FetchFailed } from '../../net/errors';
import type { FetchedPage, Fetcher } from '../../net/fetcher';
import { webhookHeaders } from './signature';

/**
 * The waits before each retry, counted from the end of the attempt before it (Standard Webhooks'
 * suggested schedule: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h): eight attempts over more than 27 hours.
 */
export const WEBHOOK_RETRY_DELAYS_SECONDS: readonly number[] = Object.freeze([5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 10 * 3600]);

/** How long one attempt may take, connection to the last byte of the answer. */
export const WEBHOOK_ATTEMPT_TIMEOUT_MS = 10_000;
/** Receivers have nothing to tell us in the body: a large one is cut off rather than read. */
const RESPONSE_MAX_BYTES = 65_536;
const USER_AGENT = 'Tollgate-Webhooks/1.0';
/** The receiver's way of saying "stop sending": retrying would only be refused again. */
const GONE = 410;

export interface WebhookDelivery {
  url: string;
  /** The account's webhook secret (`whsec_…`). */
  secret: string;
  /** The same on every attempt of one message: receivers deduplicate on it. */
  messageId: string;
  payload: unknown;
  /** This attempt's time, not the job's: receivers refuse a timestamp more than a few minutes off. */
  timestampSeconds: number;
}

/** `reason` names a status or an error class, never the payload (it may hold personal data). */
export type WebhookAttempt = { outcome: 'delivered'; status: number } | { outcome: 'retry'; reason: string } | { outcome: 'abandoned'; reason: string };

/**
 * The wait in seconds before the next attempt once `attemptsMade` attempts have failed (0 before
 * the first), or undefined when the schedule is spent and the delivery is given up.
 */
export function nextAttemptDelaySeconds(attemptsMade: number): number | undefined {
  if (!Number.isSafeInteger(attemptsMade) || attemptsMade < 0) throw new RangeError(`attempts made must be a whole number, not ${attemptsMade}`);
  return attemptsMade === 0 ? 0 : WEBHOOK_RETRY_DELAYS_SECONDS[attemptsMade - 1];
}

/**
 * One attempt at POSTing a job's final state to the customer's URL, signed the Standard Webhooks
 * way, through the SSRF-safe fetcher. A 2xx is delivered; 410 and a refused destination are
 * abandoned; anything else (another status, a redirect, no answer within the attempt's time, a
 * failed connection) is worth a retry. Only the delivery is at stake here: nothing is charged or
 * refunded. Rejects with `signal`'s reason when it aborts, and for a malformed secret.
 */
export async function deliverWebhook(fetcher: Fetcher, delivery: WebhookDelivery, signal: AbortSignal, options: { attemptTimeoutMs?: number } = {}): Promise<WebhookAttempt> {
  const body = JSON.stringify(delivery.payload);
  if (body === undefined) throw new TypeError('a webhook payload must serialise to JSON');
  const signed = webhookHeaders({ secret: delivery.secret, messageId: delivery.messageId, timestampSeconds: delivery.timestampSeconds, body });
  const headers = { 'content-type': 'application/json', 'user-agent': USER_AGENT, ...signed };
  const attemptTimeoutMs = options.attemptTimeoutMs ?? WEBHOOK_ATTEMPT_TIMEOUT_MS;
  const timeout = AbortSignal.timeout(attemptTimeoutMs);
  let answer: FetchedPage;
  try {
    answer = await fetcher.fetch(delivery.url, { signal: AbortSignal.any([signal, timeout]), method: 'POST', headers, body, maxBytes: RESPONSE_MAX_BYTES, followRedirects: false });
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    if (timeout.aborted) return { outcome: 'retry', reason: `no answer within ${attemptTimeoutMs / 1000} s` };
    if (error instanceof DestinationRefused) return { outcome: 'abandoned', reason: `DestinationRefused: ${error.reason}` };
    if (error instanceof FetchFailed) return { outcome: 'retry', reason: `FetchFailed: ${error.message}` };
    throw error;
  }
  // Never followed (the signed message would go to another URL): a redirect is a failed attempt.
  if (answer.statusCode >= 300 && answer.statusCode < 400) return { outcome: 'retry', reason: `HTTP ${answer.statusCode}: webhooks are not delivered through redirects` };
  if (answer.statusCode >= 200 && answer.statusCode < 300) return { outcome: 'delivered', status: answer.statusCode };
  if (answer.statusCode === GONE) return { outcome: 'abandoned', reason: 'HTTP 410 Gone: the receiver asked for no more deliveries' };
  return { outcome: 'retry', reason: `HTTP ${answer.statusCode}` };
}
