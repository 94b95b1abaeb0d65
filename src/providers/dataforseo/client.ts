import { setTimeout as delay } from 'node:timers/promises';
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
  /** How often a queued task is asked for its result (default 2 s). */
  pollMs?: number;
}

const VENDOR = 'the SEO data provider';

/** Task-level "No Search Results": an empty answer, not a failure. */
const NO_RESULTS = 40102;
const OK = 20000;
const TASK_CREATED = 20100;
/** A queued task not finished yet ("Task Handed", "Task In Queue"). */
const NOT_READY = new Set([40601, 40602]);
/** Statuses a second try a moment later usually gets past: rate limiting, internal errors. */
const TRANSIENT = new Set([40202, 50000, 50301, 50303, 50304]);
const RETRY_AFTER_MS = 300;

const Envelope = z.looseObject({
  status_code: z.number().int(),
  status_message: z.string().nullish(),
  tasks: z
    .array(
      z.looseObject({
        id: z.string().nullish(),
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
 * (and `queued`, for the few functions without a live variant) returns the task's `result` array
 * (empty when the vendor found nothing) or throws UpstreamError.
 * Each area's adapter (./keywords.ts, ./serp.ts, …) maps those results to our records.
 */
export class DataForSeoClient {
  readonly name = 'dataforseo';
  private readonly authorization: string;

  constructor(private readonly settings: DataForSeoSettings) {
    this.authorization = `Basic ${Buffer.from(`${settings.login}:${settings.password}`).toString('base64')}`;
  }

  /**
   * POST one task to `/v3/{path}` (e.g. `serp/google/organic/live/advanced`). A transient failure
   * (see TRANSIENT, or an HTTP 5xx) is tried once more after a short pause, when at least half of
   * the upstream timeout is left.
   */
  async live(path: string, task: Record<string, unknown>, options: CallOptions): Promise<unknown[]> {
    const started = Date.now();
    for (let attempt = 1; ; attempt += 1) {
      try {
        const outcome = await this.send('POST', path, [task], this.settings.timeoutMs - (Date.now() - started), options);
        if (outcome.status_code === NO_RESULTS) return [];
        if (outcome.status_code !== OK) throw vendorError(outcome.status_code, outcome.status_message);
        return outcome.result ?? [];
      } catch (error) {
        const timeLeft = this.settings.timeoutMs - (Date.now() - started) - RETRY_AFTER_MS;
        if (attempt > 1 || !(error instanceof TransientVendorError) || timeLeft < this.settings.timeoutMs / 2) throw error;
        await delay(RETRY_AFTER_MS, undefined, { signal: options.signal });
      }
    }
  }

  /**
   * For functions the vendor runs only as queued tasks (no live variant): POST the task to
   * `/v3/{base}/task_post`, then ask `/v3/{base}/task_get/{view}/{id}` until it is ready, all
   * within the upstream timeout. Returns the task's `result`, like `live`.
   */
  async queued(base: string, view: string, task: Record<string, unknown>, options: CallOptions): Promise<unknown[]> {
    const deadline = Date.now() + this.settings.timeoutMs;
    const posted = await this.send('POST', `${base}/task_post`, [task], this.settings.timeoutMs, options);
    if (posted.status_code !== TASK_CREATED && posted.status_code !== OK) throw vendorError(posted.status_code, posted.status_message);
    if (!posted.id) throw new UpstreamError('The SEO data provider accepted the task without an id.');
    for (;;) {
      const wait = Math.min(this.settings.pollMs ?? 2_000, deadline - Date.now());
      if (wait <= 0) break;
      await delay(wait, undefined, { signal: options.signal });
      const remaining = deadline - Date.now();
      if (remaining <= 0) break;
      const outcome = await this.send('GET', `${base}/task_get/${view}/${encodeURIComponent(posted.id)}`, undefined, remaining, options).catch(
        (error: unknown) => {
          // A poll cut short by the deadline is the task not finishing in time, not the vendor failing.
          if (Date.now() >= deadline && !options.signal.aborted) return undefined;
          throw error;
        },
      );
      if (outcome === undefined) break;
      if (NOT_READY.has(outcome.status_code)) continue;
      if (outcome.status_code === NO_RESULTS) return [];
      if (outcome.status_code !== OK) throw vendorError(outcome.status_code, outcome.status_message);
      return outcome.result ?? [];
    }
    throw new UpstreamError(`The SEO data provider did not finish the task within ${this.settings.timeoutMs / 1000} s; try again shortly.`);
  }

  /** One call, checked at the call level; returns the task's outcome for the caller to judge. */
  private async send(method: 'GET' | 'POST', path: string, body: unknown, timeoutMs: number, options: CallOptions) {
    const answer = await upstreamRequest({
      vendor: VENDOR,
      method,
      url: `${this.settings.baseUrl}/v3/${path}`,
      headers: { authorization: this.authorization },
      json: body,
      timeoutMs,
      signal: options.signal,
    });
    if (answer.status === 401) throw new UpstreamError('The SEO data provider refused our credentials; the operator must check DATAFORSEO_LOGIN and DATAFORSEO_PASSWORD.');
    if (answer.status === 402) throw new UpstreamError("The SEO data provider refused the call for billing reasons (the operator's vendor balance).");
    if (answer.status >= 300 && answer.body === undefined) {
      const message = `The SEO data provider answered HTTP ${answer.status}.`;
      throw answer.status >= 500 ? new TransientVendorError(message) : new UpstreamError(message);
    }

    const envelope = readUpstream(VENDOR, Envelope, answer.body);
    if (envelope.status_code !== OK) throw vendorError(envelope.status_code, envelope.status_message);
    const outcome = envelope.tasks?.[0];
    if (!outcome) throw new UpstreamError('The SEO data provider answered without a task result.');
    return outcome;
  }

  /** The first (for live endpoints, only) element of `result`, checked against `schema`; undefined when empty. */
  async liveOne<Schema extends z.ZodType>(path: string, task: Record<string, unknown>, schema: Schema, options: CallOptions): Promise<z.output<Schema> | undefined> {
    const [first] = await this.live(path, task, options);
    return first === undefined || first === null ? undefined : readUpstream(VENDOR, schema, first);
  }
}

/** A vendor failure worth one more try (still a 502 if it persists). */
class TransientVendorError extends UpstreamError {}

function vendorError(code: number, message: string | null | undefined): UpstreamError {
  const text = (message ?? '').replace(/\s+/g, ' ').trim().slice(0, 200);
  const kind = code === 40202 ? 'is rate-limiting us' : code >= 50000 ? 'is failing' : 'refused the request';
  const full = `The SEO data provider ${kind} (status ${code}${text ? `: ${text}` : ''}).`;
  return TRANSIENT.has(code) ? new TransientVendorError(full) : new UpstreamError(full);
}
