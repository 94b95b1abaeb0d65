import type { z } from 'zod';
import type { CallOptions } from '../providers';
import { NOT_JSON } from '../http/read-only-get';
import { gatewayFailure, notJson, rapidApiGet, type RapidApiSettings } from '../http/rapidapi';
import { readUpstream } from '../http/upstream-request';
import { upstreamCostMicros, type VideoPath } from './costs';
import { API, saysNotFound, VENDOR, vendorRefused } from './errors';
import { VendorSaid } from './wire';

export type RapidApiVideoSettings = RapidApiSettings;

export interface VideoCall {
  path: VideoPath;
  /** The vendor's query parameters (ids, handles, queries travel here, never in the logged path). */
  query: Record<string, string>;
}

/** What a request came back with: the parsed body, or `notFound` when the platform has no such video, channel, playlist or post. */
export type VideoAnswer = { notFound: true; said?: string | undefined } | { notFound: false; body: unknown };

/**
 * YT-API through RapidAPI: GETs with the key and host in headers, JSON back. Every call only
 * reads, so transient failures (429, 5xx, connection) are tried again under the shared policy
 * (../http/rapidapi.ts), except a spent monthly quota. The vendor says "nothing there" three
 * ways: its own error text (`{error}`, or `{status: "ERROR", reason}` for the formats) worded as
 * "not found", an empty answer (`{}`), or a 404 with its `{error}` (RapidAPI's own 404, for a path
 * it does not know, says `message` instead and is a failure). Its other error texts are 502s.
 * Each request the vendor answered is priced (./costs.ts), its "not found" too. `get` is the one
 * request method: the operator-economics script records calls by overriding it.
 */
export class RapidApiVideoClient {
  constructor(private readonly settings: RapidApiVideoSettings) {}

  async get(call: VideoCall, options: CallOptions): Promise<VideoAnswer> {
    const { status, text, json } = await rapidApiGet(API, this.settings, call.path, call.query, options.signal);
    const body = json === NOT_JSON ? undefined : json;
    const refused = vendorError(body);
    if (status === 404 && refused !== undefined) {
      options.upstreamCost?.(upstreamCostMicros(call.path));
      return { notFound: true, said: refused };
    }
    if (status < 200 || status >= 300) throw gatewayFailure(API, status, body, call.path);
    options.upstreamCost?.(upstreamCostMicros(call.path));
    if (json === NOT_JSON) throw notJson(API, call.path, text.length);
    const error = vendorError(json);
    if (error !== undefined) {
      // Judged without what was asked about in it: a handle or a query may hold "private" or "removed".
      const asked = askedAbout(call.query);
      if (saysNotFound(withoutAsked(error, asked))) return { notFound: true, said: error };
      throw vendorRefused(call.path, error, asked);
    }
    if (isObject(json) && Object.keys(json).length === 0) return { notFound: true };
    return { notFound: false, body: json };
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The vendor's error text, when its answer is one: `error` (a string, or an object's `message`), or a `status` of ERROR/fail with its `reason`. */
function vendorError(body: unknown): string | undefined {
  if (!isObject(body)) return undefined;
  const said = VendorSaid.safeParse(body);
  if (!said.success) return undefined;
  const { error, status, reason, message } = said.data;
  if (typeof error === 'string' && error.trim() !== '') return error;
  if (isObject(error)) return typeof error.message === 'string' ? error.message : 'error';
  if (error === true) return typeof reason === 'string' ? reason : typeof message === 'string' ? message : 'error';
  if (typeof status === 'string' && /^(error|fail(ed|ure)?)$/i.test(status)) return typeof reason === 'string' ? reason : typeof message === 'string' ? message : status;
  return undefined;
}

/** Parameters whose values are the vendor's vocabulary or tokens, not what a customer asked about. */
const NOT_ASKED = new Set(['token', 'params', 'extend', 'sort_by', 'type', 'geo', 'cgeo', 'lang', 'duration', 'upload_date', 'features']);

/** The values that may name what was asked about (ids, handles, queries, tags, URLs). */
const askedAbout = (query: Record<string, string>): string[] => Object.entries(query).flatMap(([name, value]) => (NOT_ASKED.has(name) ? [] : [value]));

function withoutAsked(text: string, asked: readonly string[]): string {
  let said = text;
  for (const value of [...asked].sort((a, b) => b.length - a.length)) if (value !== '') said = said.split(value).join(' ');
  return said;
}

/** A found answer's body in the expected shape (a 502 otherwise); undefined when the platform has no such thing. */
export function readAnswer<Schema extends z.ZodType>(answer: VideoAnswer, schema: Schema): z.output<Schema> | undefined {
  if (answer.notFound) return undefined;
  return readUpstream(VENDOR, schema, answer.body);
}
