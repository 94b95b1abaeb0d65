import type { z } from 'zod';
import type { CallOptions } from '../providers';
import { NOT_JSON, readOnlyGet } from '../http/read-only-get';
import { readUpstream } from '../http/upstream-request';
import { upstreamCostMicros, type Channel, type RetailPath } from './costs';
import { isVendorError, notJson, saysNotFound, VENDOR, vendorFailure, vendorLabel } from './errors';

/**
 * How to reach the vendor; built from the configuration by the provider registry. Direct:
 * `https://api.openwebninja.com/realtime-amazon-data` with `{'x-api-key': …}`. RapidAPI:
 * `https://<host>` with `{'x-rapidapi-key': …, 'x-rapidapi-host': <host>}`. The paths and
 * answers are the same on both.
 */
export interface OpenWebNinjaSettings {
  /** Without a trailing slash. */
  baseUrl: string;
  /** The credentials, sent on every request. */
  headers: Record<string, string>;
  channel: Channel;
  /** The most one of our calls may spend on one vendor request, retries included. */
  timeoutMs: number;
}

export interface OpenWebNinjaCall {
  path: RetailPath;
  /** The vendor's parameters, sent in the query string (every operation is a GET). */
  query: Record<string, string>;
}

/** What a request came back with: the parsed body, or `notFound` when the vendor does not know the thing asked about. */
export type OpenWebNinjaAnswer = { notFound: true } | { notFound: false; body: unknown };

/**
 * The vendor's API: GETs with the key in headers, JSON back. Every call only reads, so transient
 * failures (429, 5xx, connection) are tried again under the shared policy. The body is taken as
 * text and parsed here, so that a 2xx answer is priced (./costs.ts) before it is judged. The one
 * request method is what a recording client overrides (scripts/operator-economics.ts).
 */
export class OpenWebNinjaClient {
  constructor(private readonly settings: OpenWebNinjaSettings) {}

  get channel(): Channel {
    return this.settings.channel;
  }

  async get(call: OpenWebNinjaCall, options: CallOptions): Promise<OpenWebNinjaAnswer> {
    // The shared failures' details (429, 5xx, connection) quote the vendor without the query's values or the key.
    const { status, text, json, quote } = await readOnlyGet({
      vendor: vendorLabel(this.settings.channel),
      url: `${this.settings.baseUrl}/${call.path}?${new URLSearchParams(call.query)}`,
      headers: this.settings.headers,
      budgetMs: this.settings.timeoutMs,
      signal: options.signal,
    });
    if (status >= 200 && status < 300) {
      options.upstreamCost?.(upstreamCostMicros(call.path, this.settings.channel));
      if (json === NOT_JSON) throw notJson(call.path, text, this.settings.channel);
      if (saysNotFound(status, json)) return { notFound: true };
      if (isVendorError(json)) throw vendorFailure(status, json, call.path, quote, this.settings.channel);
      return { notFound: false, body: json };
    }
    const parsed = json === NOT_JSON ? undefined : json;
    if (saysNotFound(status, parsed)) {
      // The vendor answered: the request counts against the plan (./costs.ts).
      options.upstreamCost?.(upstreamCostMicros(call.path, this.settings.channel));
      return { notFound: true };
    }
    throw vendorFailure(status, parsed, call.path, quote, this.settings.channel);
  }
}

/** A found answer's body in the expected shape (a 502 otherwise); undefined when the vendor does not know the thing asked about. */
export function readAnswer<Schema extends z.ZodType>(answer: OpenWebNinjaAnswer, schema: Schema): z.output<Schema> | undefined {
  if (answer.notFound) return undefined;
  return readUpstream(VENDOR, schema, answer.body);
}
