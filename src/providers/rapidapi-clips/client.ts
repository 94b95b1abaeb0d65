import type { z } from 'zod';
import type { CallOptions } from '../providers';
import { NOT_JSON } from '../http/read-only-get';
import { gatewayFailure, notJson, rapidApiGet, type RapidApiSettings } from '../http/rapidapi';
import { readUpstream } from '../http/upstream-request';
import { upstreamCostMicros, type ClipsPath } from './costs';
import { API, saysNotFound, VENDOR, vendorRefused } from './errors';
import { VendorStatus } from './wire';

export type RapidApiClipsSettings = RapidApiSettings;

export interface ClipsCall {
  path: ClipsPath;
  /** The vendor's query parameters (handles and keywords travel here, never in the logged path). */
  query: Record<string, string>;
}

/** What a request came back with: the parsed body, or `notFound` when the vendor has no such video, sound, challenge, comment or user. */
export type ClipsAnswer = { notFound: true } | { notFound: false; body: unknown };

/**
 * The short-video data API through RapidAPI: GETs with the key and host in headers, JSON back.
 * Every call only reads, so transient failures (429, 5xx, connection) are tried again under the
 * shared policy. The vendor answers 200 whatever happened and says in its body (`code`) whether it
 * could: `code` 0 is an answer, a "not found" message is nothing found, anything else a failure.
 * Each request the vendor answered is priced (./costs.ts). `get` is the one request method: the
 * operator-economics script records calls by overriding it.
 */
export class RapidApiClipsClient {
  constructor(private readonly settings: RapidApiClipsSettings) {}

  async get(call: ClipsCall, options: CallOptions): Promise<ClipsAnswer> {
    const { status, text, json } = await rapidApiGet(API, this.settings, call.path, call.query, options.signal);
    if (status < 200 || status >= 300) throw gatewayFailure(API, status, json === NOT_JSON ? undefined : json, call.path);
    options.upstreamCost?.(upstreamCostMicros(call.path));
    if (json === NOT_JSON) throw notJson(API, call.path, text.length);
    const said = readUpstream(VENDOR, VendorStatus, json);
    if (said.code === 0) return { notFound: false, body: json };
    if (saysNotFound(said.msg)) return { notFound: true };
    throw vendorRefused(call.path, said.code, said.msg, askedAbout(call.query));
  }
}

/** The values that may name what was asked about (a handle, keywords, ids); page sizes and cursors do not. */
const askedAbout = (query: Record<string, string>): string[] =>
  Object.entries(query).flatMap(([name, value]) => (name === 'count' || name === 'cursor' || name === 'time' ? [] : [value]));

/**
 * A found answer's body in the expected shape (a 502 otherwise); undefined when the vendor has no
 * such record, by its "not found" or by an empty `data`.
 */
export function readAnswer<Schema extends z.ZodType<{ data?: unknown }>>(answer: ClipsAnswer, schema: Schema): NonNullable<z.output<Schema>['data']> | undefined {
  if (answer.notFound) return undefined;
  const data = readUpstream(VENDOR, schema, answer.body).data;
  return data === null || data === undefined ? undefined : (data as NonNullable<z.output<Schema>['data']>);
}
