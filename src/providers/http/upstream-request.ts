import { Agent, errors, request } from 'undici';
import type { z } from 'zod';
import { UpstreamError } from '../../core/errors';

/** One keep-alive connection pool for every vendor call. */
const agent = new Agent({ keepAliveTimeout: 30_000, connections: 64 });

export interface UpstreamRequest {
  /** Who is called, as callers may read it in an error message ("the SEO data provider"). */
  vendor: string;
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  /** Sent as JSON when present. */
  json?: unknown;
  timeoutMs: number;
  /** The caller's signal: aborted when the client goes away. */
  signal: AbortSignal;
}

export interface UpstreamAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The parsed JSON body (undefined for an empty body). */
  body: unknown;
}

/**
 * One HTTP call to a vendor, with the failures every adapter shares turned into 502
 * UPSTREAM_ERROR: unreachable, too slow, or an answer that is not JSON. The HTTP status is left
 * to the adapter, which knows what its vendor means by it. Messages never carry credentials or
 * the vendor's address.
 */
export async function upstreamRequest(call: UpstreamRequest): Promise<UpstreamAnswer> {
  const timeout = AbortSignal.timeout(call.timeoutMs);
  let response;
  try {
    response = await request(call.url, {
      method: call.method,
      dispatcher: agent,
      headers: {
        accept: 'application/json',
        ...(call.json !== undefined ? { 'content-type': 'application/json' } : {}),
        ...call.headers,
      },
      body: call.json !== undefined ? JSON.stringify(call.json) : undefined,
      signal: AbortSignal.any([call.signal, timeout]),
    });
  } catch (error) {
    throw transportFailure(call, timeout, error);
  }
  let text: string;
  try {
    text = await response.body.text();
  } catch (error) {
    throw transportFailure(call, timeout, error);
  }
  let body: unknown;
  if (text.trim() !== '') {
    try {
      body = JSON.parse(text);
    } catch (error) {
      throw new UpstreamError(`${capitalise(call.vendor)} sent a malformed answer (HTTP ${response.statusCode}, not JSON).`, { cause: error });
    }
  }
  return { status: response.statusCode, headers: response.headers, body };
}

function transportFailure(call: UpstreamRequest, timeout: AbortSignal, error: unknown): Error {
  if (call.signal.aborted) return error as Error; // the client left; nobody reads this answer
  if (timeout.aborted) {
    return new UpstreamError(`${capitalise(call.vendor)} did not answer within ${formatSeconds(call.timeoutMs)}; try again shortly.`, { cause: error });
  }
  const unreachable = error instanceof errors.UndiciError || (error as NodeJS.ErrnoException)?.code !== undefined;
  return new UpstreamError(
    `${capitalise(call.vendor)} is ${unreachable ? 'unreachable' : 'failing'} right now; try again shortly.`,
    { cause: error },
  );
}

/**
 * Checks a vendor's answer against the wire shape the adapter relies on (a zod schema of only the
 * fields it reads, loose about the rest): a vendor changing its format is a 502, not a 500.
 */
export function readUpstream<Schema extends z.ZodType>(vendor: string, schema: Schema, value: unknown): z.output<Schema> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
    throw new UpstreamError(`${capitalise(vendor)} sent an answer in an unexpected shape${where}: ${issue.message}.`, { cause: parsed.error });
  }
  return parsed.data;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function formatSeconds(milliseconds: number): string {
  return milliseconds % 1000 === 0 ? `${milliseconds / 1000} s` : `${milliseconds} ms`;
}
