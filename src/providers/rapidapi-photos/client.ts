import type { z } from 'zod';
import type { CallOptions } from '../providers';
import { NOT_JSON } from '../http/read-only-get';
import { gatewayFailure, notJson, rapidApiGet, type RapidApiSettings } from '../http/rapidapi';
import { readUpstream } from '../http/upstream-request';
import { upstreamCostMicros, type PhotosPath } from './costs';
import { API, isNotFound, VENDOR } from './errors';

export type RapidApiPhotosSettings = RapidApiSettings;

export interface PhotosCall {
  path: PhotosPath;
  /** The vendor's query parameters (usernames and shortcodes travel here, never in the logged path). */
  query: Record<string, string>;
}

/** What a request came back with: the parsed body, or `notFound` when the vendor has no such user, post or hashtag. */
export type PhotosAnswer = { notFound: true } | { notFound: false; body: unknown };

/**
 * The photo-platform data API through RapidAPI: GETs with the key and host in headers, JSON back.
 * Every call only reads, so transient failures (429, 5xx, connection) are tried again under the
 * shared policy. The body is taken as text and parsed here, so a malformed one never reaches a log
 * line. Each request the vendor answered (2xx, or its "not found") is priced (./costs.ts).
 * `get` is the one request method: the operator-economics script records calls by overriding it.
 */
export class RapidApiPhotosClient {
  constructor(private readonly settings: RapidApiPhotosSettings) {}

  async get(call: PhotosCall, options: CallOptions): Promise<PhotosAnswer> {
    const { status, text, json } = await rapidApiGet(API, this.settings, call.path, call.query, options.signal);
    if (status >= 200 && status < 300) {
      options.upstreamCost?.(upstreamCostMicros(call.path));
      if (json === NOT_JSON) throw notJson(API, call.path, text.length);
      return { notFound: false, body: json };
    }
    if (isNotFound(status, json)) {
      options.upstreamCost?.(upstreamCostMicros(call.path));
      return { notFound: true };
    }
    throw gatewayFailure(API, status, json === NOT_JSON ? undefined : json, call.path);
  }
}

/**
 * A found answer's body in the expected shape (a 502 otherwise); undefined when the vendor has no
 * such record, by its 404 or by a `data: null`.
 */
export function readAnswer<Schema extends z.ZodType<{ data: unknown }>>(answer: PhotosAnswer, schema: Schema): (z.output<Schema> & { data: NonNullable<z.output<Schema>['data']> }) | undefined {
  if (answer.notFound) return undefined;
  const parsed = readUpstream(VENDOR, schema, answer.body);
  return parsed.data === null || parsed.data === undefined ? undefined : (parsed as z.output<Schema> & { data: NonNullable<z.output<Schema>['data']> });
}
