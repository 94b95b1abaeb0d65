import type { CallOptions } from '../providers';
import { withRetries } from '../http/retry';
import { readUpstream, upstreamRequest, type UpstreamAnswer } from '../http/upstream-request';
import type { z } from 'zod';
import { VENDOR, vendorFailure } from './errors';
import { upstreamCostMicros } from './costs';

export interface GooglePlacesSettings {
  apiKey: string;
  /** Without a trailing slash; `https://places.googleapis.com` in production. */
  baseUrl: string;
  /** The most one of our calls may spend on the vendor, retries included. */
  timeoutMs: number;
}

export interface PlacesCall {
  method: 'GET' | 'POST';
  /** After `/v1/`, e.g. `places:searchText` or `places/{id}`. */
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  json?: unknown;
  /** Mandatory on every Places call except photo media. */
  fieldMask?: string;
}

/** The Places API (New): key and field mask in headers, JSON in and out. */
export class GooglePlacesClient {
  constructor(private readonly settings: GooglePlacesSettings) {}

  /**
   * One call; the answer whatever its status (each method decides what a 404 or 400 means). Every
   * Places call only reads, so transient failures are tried again under the shared policy
   * (../http/retry.ts). What a call costs the operator is in ./costs.ts.
   */
  async call(call: PlacesCall, options: CallOptions): Promise<UpstreamAnswer> {
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(call.query ?? {})) if (value !== undefined) query.set(name, String(value));
    const search = query.size > 0 ? `?${query}` : '';
    const answer = await withRetries({ signal: options.signal, budgetMs: this.settings.timeoutMs, idempotent: true }, (timeoutMs) =>
      upstreamRequest({
        vendor: VENDOR,
        method: call.method,
        url: `${this.settings.baseUrl}/v1/${call.path}${search}`,
        headers: { 'x-goog-api-key': this.settings.apiKey, ...(call.fieldMask ? { 'x-goog-fieldmask': call.fieldMask } : {}) },
        json: call.json,
        timeoutMs,
        signal: options.signal,
      }),
    );
    // Billed when answered (the price list's SKUs are per successful request).
    if (answer.status >= 200 && answer.status < 300) options.upstreamCost?.(upstreamCostMicros(call));
    return answer;
  }
}

/** A 2xx answer's body in the expected shape; any other status is the vendor failing (502). */
export function readSuccess<Schema extends z.ZodType>(answer: UpstreamAnswer, schema: Schema): z.output<Schema> {
  if (answer.status < 200 || answer.status >= 300) throw vendorFailure(answer);
  return readUpstream(VENDOR, schema, answer.body);
}
