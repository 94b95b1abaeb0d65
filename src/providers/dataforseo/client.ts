import { setTimeout as delay } from 'node:timers/promises';
import { z } from 'zod';
import { timeLeftMs } from '../../core/deadline';
import type { CallOptions } from '../providers';
import { withRetries } from '../http/retry';
import { readUpstream, upstreamRequest } from '../http/upstream-request';
import { askedIn, quoteWithout, type Quote } from '../http/vendor-words';
import { upstreamCostMicros } from './costs';
import { accountFailure, httpStatusFailure, missingTask, taskNotFinished, taskWithoutId, VENDOR, vendorStatusFailure } from './errors';

export interface DataForSeoSettings {
  login: string;
  password: string;
  /** Without a trailing slash; `https://api.dataforseo.com` in production. */
  baseUrl: string;
  /** The most one of our calls may spend on the vendor, retries and polls included. */
  timeoutMs: number;
  /** How often a queued task is asked for its result (default 2 s). */
  pollMs?: number;
}

/** Task-level "No Search Results": an empty answer, not a failure. */
const NO_RESULTS = 40102;
const OK = 20000;
const TASK_CREATED = 20100;
/** A queued task not finished yet ("Task Handed", "Task In Queue"). */
const NOT_READY = new Set([40601, 40602]);

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

type TaskOutcome = NonNullable<z.output<typeof Envelope>['tasks']>[number];

/**
 * The vendor's v3 API: HTTP Basic, a body that is an array of tasks (live endpoints take exactly
 * one), and outcomes reported as status codes at two levels, the call's and the task's. `live`
 * (and `queued`, for the few functions without a live variant) returns the task's `result` array
 * (empty when the vendor found nothing) or throws UpstreamError (./errors.ts).
 * Each area's adapter (./keywords.ts, ./serp.ts, …) maps those results to our records; what each
 * call costs the operator is in ./costs.ts.
 */
export class DataForSeoClient {
  readonly name = 'dataforseo';
  private readonly authorization: string;

  constructor(private readonly settings: DataForSeoSettings) {
    this.authorization = `Basic ${Buffer.from(`${settings.login}:${settings.password}`).toString('base64')}`;
  }

  /**
   * POST one task to `/v3/{path}` (e.g. `serp/google/organic/live/advanced`). A live task only
   * reads, so any transient failure is tried again under the shared policy (../http/retry.ts).
   */
  async live(path: string, task: Record<string, unknown>, options: CallOptions): Promise<unknown[]> {
    const quote = this.quoteFor(task);
    return withRetries({ signal: options.signal, budgetMs: this.settings.timeoutMs, idempotent: true }, async (timeoutMs) => {
      const outcome = await this.send('POST', path, [task], timeoutMs, options, quote);
      // A task the vendor ran is billed, results or not.
      if (outcome.status_code === NO_RESULTS || outcome.status_code === OK) options.upstreamCost?.(upstreamCostMicros(path, task));
      if (outcome.status_code === NO_RESULTS) return [];
      if (outcome.status_code !== OK) throw vendorStatusFailure(outcome.status_code, outcome.status_message, quote);
      return outcome.result ?? [];
    });
  }

  /**
   * For functions the vendor runs only as queued tasks (no live variant): POST the task to
   * `/v3/{base}/task_post`, then ask `/v3/{base}/task_get/{view}/{id}` until it is ready, all
   * within the upstream timeout. Returns the task's `result`, like `live`.
   *
   * A task_post that failed after reaching the vendor may have created (and billed) the task, so
   * it is tried again only when the vendor certainly did not take it (refused connection, rate
   * limited); the polls only read and are retried like live calls.
   */
  async queued(base: string, view: string, task: Record<string, unknown>, options: CallOptions): Promise<unknown[]> {
    const started = Date.now();
    const budgetMs = timeLeftMs(options.signal, this.settings.timeoutMs);
    const remaining = () => budgetMs - (Date.now() - started);
    // A poll's answer may echo the task too.
    const quote = this.quoteFor(task);
    const posted = await withRetries({ signal: options.signal, budgetMs, idempotent: false }, async (timeoutMs) => {
      const outcome = await this.send('POST', `${base}/task_post`, [task], timeoutMs, options, quote);
      if (outcome.status_code !== TASK_CREATED && outcome.status_code !== OK) throw vendorStatusFailure(outcome.status_code, outcome.status_message, quote);
      options.upstreamCost?.(upstreamCostMicros(`${base}/task_post`, task));
      return outcome;
    });
    if (!posted.id) throw taskWithoutId();
    // Most functions name a view (`task_get/advanced/{id}`); a few have none (`task_get/{id}`): view ''.
    const resultPath = `${base}/task_get/${view ? `${view}/` : ''}${encodeURIComponent(posted.id)}`;
    for (;;) {
      const wait = Math.min(this.settings.pollMs ?? 2_000, remaining());
      if (wait <= 0) break;
      await delay(wait, undefined, { signal: options.signal });
      if (remaining() <= 0) break;
      const outcome = await withRetries({ signal: options.signal, budgetMs: remaining(), idempotent: true }, (timeoutMs) =>
        this.send('GET', resultPath, undefined, timeoutMs, options, quote),
      ).catch((error: unknown) => {
        // A poll cut short by the deadline is the task not finishing in time, not the vendor failing.
        if (remaining() <= 0 && !options.signal.aborted) return undefined;
        throw error;
      });
      if (outcome === undefined) break;
      if (NOT_READY.has(outcome.status_code)) continue;
      if (outcome.status_code === NO_RESULTS) return [];
      if (outcome.status_code !== OK) throw vendorStatusFailure(outcome.status_code, outcome.status_message, quote);
      return outcome.result ?? [];
    }
    throw taskNotFinished(Date.now() - started);
  }

  /** The vendor's words as the log may quote them for a task's calls: without the task's values or the key (../http/vendor-words.ts). */
  private quoteFor(task: Record<string, unknown>): Quote {
    return quoteWithout(askedIn({ json: task, headers: { authorization: this.authorization } }));
  }

  /** One call, checked at the call level; returns the task's outcome for the caller to judge. */
  private async send(method: 'GET' | 'POST', path: string, body: unknown, timeoutMs: number, options: CallOptions, quote: Quote): Promise<TaskOutcome> {
    const answer = await upstreamRequest({
      vendor: VENDOR,
      method,
      url: `${this.settings.baseUrl}/v3/${path}`,
      headers: { authorization: this.authorization },
      json: body,
      timeoutMs,
      signal: options.signal,
    });
    const refused = accountFailure(answer.status, answer.body, quote);
    if (refused) throw refused;
    if (answer.status >= 300 && answer.body === undefined) throw httpStatusFailure(answer.status);

    const envelope = readUpstream(VENDOR, Envelope, answer.body);
    if (envelope.status_code !== OK) throw vendorStatusFailure(envelope.status_code, envelope.status_message, quote);
    const outcome = envelope.tasks?.[0];
    if (!outcome) throw missingTask();
    return outcome;
  }

  /** The first (for live endpoints, only) element of `result`, checked against `schema`; undefined when empty. */
  async liveOne<Schema extends z.ZodType>(path: string, task: Record<string, unknown>, schema: Schema, options: CallOptions): Promise<z.output<Schema> | undefined> {
    const [first] = await this.live(path, task, options);
    return first === undefined || first === null ? undefined : readUpstream(VENDOR, schema, first);
  }
}
