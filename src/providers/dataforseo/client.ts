import { z } from 'zod';
import { UpstreamError } from '../../core/errors';
import type { CallOptions } from '../providers';
import { readUpstream, upstreamRequest } from '../http/upstream-request';

export interface DataForSeoSettings {
  login: string;
  password: string;
  /** Without a trailing slash; `https://api.dataforseo.com` in production. */
  baseUrl: string;
  timeoutMs: number;
}

const VENDOR = 'the SEO data provider';

/** Task-level "No Search Results": an empty answer, not a failure. */
const NO_RESULTS = 40102;
const OK = 20000;

const Envelope = z.looseObject({
  status_code: z.number().int(),
  status_message: z.string().nullish(),
  tasks: z
    .array(
      z.looseObject({
        status_code: z.number().int(),
        status_message: z.string().nullish(),
        result: z.array(z.unknown()).nullish(),
      }),
    )
    .nullish(),
});

/**
 * The vendor's v3 API: HTTP Basic, a body that is an array of tasks (live endpoints take exactly
 * one), and outcomes reported as status codes at two levels, the call's and the task's. `live`
 * returns the task's `result` array (empty when the vendor found nothing) or throws UpstreamError.
 * Each area's adapter (./keywords.ts, ./serp.ts, …) maps those results to our records.
 */
export class DataForSeoClient {
  readonly name = 'dataforseo';
  private readonly authorization: string;

  constructor(private readonly settings: DataForSeoSettings) {
    this.authorization = `Basic ${Buffer.from(`${settings.login}:${settings.password}`).toString('base64')}`;
  }

  /** POST one task to `/v3/{path}` (e.g. `serp/google/organic/live/advanced`). */
  async live(path: string, task: Record<string, unknown>, options: CallOptions): Promise<unknown[]> {
    const answer = await upstreamRequest({
      vendor: VENDOR,
      method: 'POST',
      url: `${this.settings.baseUrl}/v3/${path}`,
      headers: { authorization: this.authorization },
      json: [task],
      timeoutMs: this.settings.timeoutMs,
      signal: options.signal,
    });
    if (answer.status === 401) throw new UpstreamError('The SEO data provider refused our credentials; the operator must check DATAFORSEO_LOGIN and DATAFORSEO_PASSWORD.');
    if (answer.status === 402) throw new UpstreamError("The SEO data provider refused the call for billing reasons (the operator's vendor balance).");
    if (answer.status >= 300 && answer.body === undefined) throw new UpstreamError(`The SEO data provider answered HTTP ${answer.status}.`);

    const envelope = readUpstream(VENDOR, Envelope, answer.body);
    if (envelope.status_code !== OK) throw vendorError(envelope.status_code, envelope.status_message);
    const taskOutcome = envelope.tasks?.[0];
    if (!taskOutcome) throw new UpstreamError('The SEO data provider answered without a task result.');
    if (taskOutcome.status_code === NO_RESULTS) return [];
    if (taskOutcome.status_code !== OK) throw vendorError(taskOutcome.status_code, taskOutcome.status_message);
    return taskOutcome.result ?? [];
  }

  /** The first (for live endpoints, only) element of `result`, checked against `schema`; undefined when empty. */
  async liveOne<Schema extends z.ZodType>(path: string, task: Record<string, unknown>, schema: Schema, options: CallOptions): Promise<z.output<Schema> | undefined> {
    const [first] = await this.live(path, task, options);
    return first === undefined || first === null ? undefined : readUpstream(VENDOR, schema, first);
  }
}

function vendorError(code: number, message: string | null | undefined): UpstreamError {
  const text = (message ?? '').replace(/\s+/g, ' ').trim().slice(0, 200);
  const kind = code === 40202 ? 'is rate-limiting us' : code >= 50000 ? 'is failing' : 'refused the request';
  return new UpstreamError(`The SEO data provider ${kind} (status ${code}${text ? `: ${text}` : ''}).`);
}
