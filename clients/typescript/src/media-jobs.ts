import type { Operations } from './generated/operations';
import { TollgateJobError, TollgateTimeoutError } from './errors';
import { deadlineSignal, retryAfterMs, sleep, type CallOptions } from './runtime';
import type { ResponseData } from './types';

/** A media job as `mediaStatus` answers it. */
export type MediaJob = ResponseData<'media.status'>;

/** A media job that succeeded: its files' signed links and any text are in `result`. */
export type FinishedMediaJob = MediaJob & { status: 'succeeded' };

export interface MediaWaitOptions {
  signal?: AbortSignal;
  /** How long to wait for the job to end, in ms (default 1800000, half an hour; 0 for no limit). The job is not canceled then: it runs on, and stays billable. */
  timeoutMs?: number;
  /** The wait between two status calls, in ms, when the status answer suggests none with Retry-After (default 1000, as OpenAI's SDK polls). */
  pollIntervalMs?: number;
}

const DEFAULT_WAIT_MS = 1_800_000;
const DEFAULT_POLL_INTERVAL_MS = 1_000;

/**
 * Polls the job until it ends: the job if it succeeded; a TollgateJobError (`JOB_FAILED`,
 * `JOB_CANCELED`, with the job) if not; a TollgateTimeoutError once `timeoutMs` is over.
 */
export async function waitForMediaJob(operations: Pick<Operations, 'mediaStatus'>, jobId: string, options: MediaWaitOptions = {}): Promise<FinishedMediaJob> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_WAIT_MS;
  const deadline = deadlineSignal(options.signal, timeoutMs);
  const call: CallOptions = deadline.signal ? { signal: deadline.signal } : {};
  try {
    for (;;) {
      const { data: job, headers } = await operations.mediaStatus({ jobId }, call);
      if (job.status === 'succeeded') return job as FinishedMediaJob;
      if (job.status === 'failed' || job.status === 'canceled') throw new TollgateJobError(job);
      await sleep(retryAfterMs(headers.get('retry-after')) ?? options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS, deadline.signal);
    }
  } catch (error) {
    if (options.signal?.aborted || !deadline.timedOut()) throw error;
    throw new TollgateTimeoutError(`${jobId}: not finished within ${timeoutMs} ms; it still runs (mediaStatus, mediaCancel).`);
  } finally {
    deadline.clear();
  }
}
