import type { z } from 'zod';
import type { CallOptions } from '../providers';
import { NOT_JSON, readOnlyGet } from '../http/read-only-get';
import { readUpstream } from '../http/upstream-request';
import { upstreamCostMicros, type TombaPath } from './costs';
import { isUnknownRecord, notJson, tombaFailure, VENDOR } from './errors';

export interface TombaSettings {
  key: string;
  secret: string;
  /** Without a trailing slash; `https://api.tomba.io/v1` in production. */
  baseUrl: string;
  /** The most one of our calls may spend on one vendor request, retries included. */
  timeoutMs: number;
}

export interface TombaCall {
  path: TombaPath;
  /** Sent in the query string: the vendor's parameters (an address asked about never sits in the path, so never in a log line). */
  query: Record<string, string>;
}

/** What a request came back with: the parsed body, or `notFound` when Tomba has no record. */
export type TombaAnswer = { notFound: true } | { notFound: false; body: unknown };

/**
 * Tomba's REST API: GETs with the key and secret in headers, JSON back. Every call only reads,
 * so transient failures (429, 5xx, connection) are tried again under the shared policy. The body
 * is taken as text and parsed here, so a malformed answer — which may hold the person asked
 * about — never reaches a log line. What each request costs the operator: ./costs.ts, reported
 * when the vendor answered 2xx.
 */
export class TombaClient {
  constructor(private readonly settings: TombaSettings) {}

  async get(call: TombaCall, options: CallOptions): Promise<TombaAnswer> {
    const { status, text, json } = await readOnlyGet({
      vendor: VENDOR,
      url: `${this.settings.baseUrl}/${call.path}?${new URLSearchParams(call.query)}`,
      headers: { 'x-tomba-key': this.settings.key, 'x-tomba-secret': this.settings.secret },
      budgetMs: this.settings.timeoutMs,
      signal: options.signal,
      // Tomba's error messages may echo the address or the name asked about; its paths name only the request type.
      loggable: { path: true, body: false },
    });
    if (status >= 200 && status < 300) {
      options.upstreamCost?.(upstreamCostMicros(call.path, json === NOT_JSON ? undefined : json));
      if (json === NOT_JSON) throw notJson(call.path, text.length, undefined);
      return { notFound: false, body: json };
    }
    if (isUnknownRecord(status, json)) return { notFound: true };
    throw tombaFailure(status, json === NOT_JSON ? undefined : json, call.path);
  }
}

/** A found answer's body in the expected shape (a 502 otherwise); undefined when Tomba has no record. */
export function readAnswer<Schema extends z.ZodType>(answer: TombaAnswer, schema: Schema): z.output<Schema> | undefined {
  if (answer.notFound) return undefined;
  return readUpstream(VENDOR, schema, answer.body);
}
