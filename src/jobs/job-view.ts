import { microsToUsd } from '../core/money';
import { findMediaModel } from '../media/models';
import type { MediaFileUrls } from '../media/file-urls';
import type { FileRow, JobRow, JobStore } from './job-store';

/** What a finished job came to, as stored with it (its files are rows of media_files). */
export interface StoredResult {
  text: string | null;
  /** The units the price counted. */
  units: number;
}

export type PublicStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'canceled';

/** A job as GET /v1/media/status/{jobId} and its webhook present it. */
export interface JobView {
  jobId: string;
  model: string;
  status: PublicStatus;
  queuePosition: number | null;
  progress: number | null;
  createdAt: string;
  startedAt: string | null;
  completedAt: string | null;
  expiresAt: string;
  estimatedCostUsd: number;
  costUsd: number | null;
  result: { files: FileView[]; text: string | null } | null;
  error: { code: string; message: string } | null;
}

export interface FileView {
  url: string;
  mimeType: string;
  bytes: number;
  width: number | null;
  height: number | null;
  durationSeconds: number | null;
}

/**
 * Jobs as customers read them: the status endpoint, the cancel endpoint and the webhooks all
 * answer with this view. File URLs are absolute, signed, and expire with the job's retention.
 */
export class JobViews {
  constructor(
    private readonly store: JobStore,
    private readonly urls: MediaFileUrls,
    /** The server's public base URL (TOLLGATE_PUBLIC_URL, else the address it listens on). */
    private readonly publicUrl: () => string,
  ) {}

  /** A job as its account sees it (also what its webhook carries). */
  async present(job: JobRow, files: FileRow[]): Promise<JobView> {
    const model = findMediaModel(job.model);
    const result = job.result ? (JSON.parse(job.result) as StoredResult) : null;
    const status: PublicStatus = job.status === 'submitting' ? 'queued' : job.status;
    let queuePosition: number | null = null;
    // At the vendor, a job whose place it has not told (not polled yet, or a vendor that does not
    // say) is shown next in line: a queued job always has a position.
    if (status === 'queued') queuePosition = job.submission ? (job.queue_position ?? 1) : (await this.store.queuedBefore(job.created_at)) + 1;
    const expiresSeconds = Math.floor(job.expires_at / 1000);
    return {
      jobId: job.id,
      model: model?.id ?? job.model,
      status,
      queuePosition,
      progress: status === 'running' ? job.progress : status === 'succeeded' ? 1 : null,
      createdAt: iso(job.created_at),
      startedAt: job.started_at === null ? null : iso(job.started_at),
      completedAt: job.completed_at === null ? null : iso(job.completed_at),
      expiresAt: iso(job.expires_at),
      estimatedCostUsd: microsToUsd(job.max_micros),
      costUsd: job.status === 'succeeded' ? microsToUsd(job.cost_micros ?? 0) : job.status === 'failed' || job.status === 'canceled' ? 0 : null,
      result:
        job.status === 'succeeded'
          ? {
              files: files.map((file) => ({
                url: `${this.publicUrl()}${this.urls.url(file.id, expiresSeconds)}`,
                mimeType: file.mime_type,
                bytes: file.bytes,
                width: file.width,
                height: file.height,
                durationSeconds: file.duration_seconds,
              })),
              text: result?.text ?? null,
            }
          : null,
      error: job.error_code ? { code: job.error_code, message: job.error_message ?? '' } : null,
    };
  }

}

export function iso(ms: number): string {
  return new Date(ms).toISOString();
}
