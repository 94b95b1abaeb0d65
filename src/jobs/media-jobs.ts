import { randomBytes } from 'node:crypto';
import { ApiError } from '../core/errors';
import type { Micros } from '../core/money';
import type { MediaModel } from '../media/models';
import type { MediaStorage } from '../media/storage';
import { isActive, type JobRow, type JobStore } from './job-store';
import { iso, type JobView, type JobViews } from './job-view';

/** How long a job's hold is leased at a time; each step of the job extends it again. */
export const JOB_HOLD_LEASE_SECONDS = 60 * 60;

/** What a job was asked to do, as stored with it (the image itself is in the media storage). */
export interface JobRequest {
  prompt: string | null;
  options: Record<string, unknown>;
  image: { storageKey: string; mimeType: string } | null;
}

/** The vendor's submission, as stored with the job, and what was measured of the input on the way. */
export interface StoredSubmission {
  requestId: string;
  handle: Record<string, string>;
  /** Seconds of the video analysed (video-to-text), measured before submitting. */
  inputSeconds?: number;
  /** When it was submitted; absent from jobs submitted before it was stored (their started_at says). */
  submittedAt?: number;
}

export interface EnqueueRequest {
  accountId: string;
  /** The key of the call queueing the job: the job's settlement writes that call into the call log if it is missing there. */
  keyId: string;
  model: MediaModel;
  prompt: string | null;
  options: Record<string, unknown>;
  image: { mimeType: string; data: Buffer } | null;
  webhookUrl: string | null;
  /** The call's reservation: its request id and what it holds. */
  hold: { requestId: string; maxMicros: Micros };
  /** Hands the hold over to the job (the pipeline's), once the job is recorded. */
  handOver(): Promise<void>;
}

export interface MediaJobsOptions {
  store: JobStore;
  storage: MediaStorage;
  views: JobViews;
  retentionMs: number;
  /** Where the SSRF-safe fetcher may connect (TOLLGATE_FETCH_ALLOWED_NETWORKS opens networks): a webhook is posted through it. */
  clock: () => number;
  /** Tells this process's workers a job is due now. */
  wake(): void;
  /** Runs a job's cancellation at once when no worker holds it (the worker's own step). */
  cancelNow(jobId: string): Promise<void>;
}

/**
 * The media queue as endpoints see it: queue a job (its hold handed over to it), read a job as its
 * account sees it, cancel one. Jobs of other accounts do not exist here: JOB_NOT_FOUND, exactly
 * as an unknown id.
 */
export class MediaJobs {
  constructor(private readonly options: MediaJobsOptions) {}

  /** Records the job and hands the call's hold over to it; what the queue call answers. */
  async enqueue(request: EnqueueRequest): Promise<{ jobId: string; model: string; createdAt: string }> {
    const { store, storage, clock, retentionMs } = this.options;
    const id = `job_${randomBytes(16).toString('base64url')}`;
    const now = clock();
    let image: JobRequest['image'] = null;
    if (request.image) {
      const storageKey = `${id}_input`;
      await storage.put(storageKey, request.image.data);
      image = { storageKey, mimeType: request.image.mimeType };
    }
    const stored: JobRequest = { prompt: request.prompt, options: request.options, image };
    await store.insert({
      id,
      account_id: request.accountId,
      key_id: request.keyId,
      model: request.model.id,
      request: JSON.stringify(stored),
      status: 'queued',
      hold_request_id: request.hold.requestId,
      max_micros: request.hold.maxMicros,
      created_at: now,
      expires_at: now + retentionMs,
      due_at: now,
      webhook_url: request.webhookUrl,
    });
    await request.handOver();
    this.options.wake();
    return { jobId: id, model: request.model.id, createdAt: iso(now) };
  }

  /** The caller's job, or JOB_NOT_FOUND / JOB_EXPIRED. */
  async view(accountId: string, jobId: string): Promise<JobView> {
    const job = await this.owned(accountId, jobId);
    return this.options.views.present(job, await this.options.store.files(job.id));
  }

  /**
   * Cancels the caller's job: a queued one at once, its hold released; a running one at the
   * vendor, when the vendor still allows it. A finished job is answered as it is.
   */
  async cancel(accountId: string, jobId: string): Promise<JobView> {
    const job = await this.owned(accountId, jobId);
    if (isActive(job.status)) {
      await this.options.store.requestCancel(job.id, this.options.clock());
      await this.options.cancelNow(job.id);
    }
    return this.view(accountId, jobId);
  }

  private async owned(accountId: string, jobId: string): Promise<JobRow> {
    const job = await this.options.store.find(jobId);
    if (!job || job.account_id !== accountId) throw new ApiError('JOB_NOT_FOUND', `No job ${jobId} exists for this account.`, { param: 'jobId' });
    if (job.expires_at <= this.options.clock()) {
      throw new ApiError('JOB_EXPIRED', `Job ${jobId} ended its retention period at ${iso(job.expires_at)}; its files are deleted.`, { param: 'jobId' });
    }
    return job;
  }
}

