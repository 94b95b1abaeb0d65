import type { CallOptions, ProviderFamily } from '../providers';

/**
 * One job as the vendor is asked to run it: the endpoint (a fal model id such as
 * `bytedance/seedance-2.0/text-to-video`) and its input, already mapped from our request by the
 * model's catalog entry (src/media). Media the customer gave (an image, a reference video or
 * audio) arrives as bytes — fetched through the SSRF-safe fetcher, never by URL at the vendor.
 */
export interface MediaSubmitRequest {
  endpoint: string;
  input: Record<string, unknown>;
  /**
   * Files the input refers to: each is put in `input` under its field (as a data URI, or an
   * upload); a field written `name[]` is a list the file is appended to.
   */
  files: Array<{ field: string; mimeType: string; data: Buffer }>;
  /** Our job id: logged beside the vendor's request id, sent where the vendor takes one. */
  jobId: string;
}

/** What is kept of a submission to ask about it later, stored with the job (it must survive a restart). */
export interface MediaSubmission {
  /** The vendor's id of the request. */
  requestId: string;
  /** Whatever else the adapter needs to poll, fetch and cancel (e.g. fal's status, response and cancel URLs). */
  handle: Record<string, string>;
}

/**
 * A file the job produced: at the vendor (its URL expires, so the queue copies it at once), or,
 * from the sandbox, its bytes made here.
 */
export interface MediaOutputFile {
  url: string | null;
  data?: Buffer;
  mimeType: string | null;
  bytes: number | null;
}

export type MediaVendorState =
  | { status: 'queued'; /** Jobs ahead of it plus one (1: next), when the vendor says. */ queuePosition: number | null }
  | { status: 'running'; progress: number | null }
  | { status: 'succeeded'; files: MediaOutputFile[]; text: string | null; output: Record<string, unknown> }
  | { status: 'failed'; code: string; message: string; /** What the vendor said, for the log (never shown to the customer). */ detail?: string };

/**
 * Asynchronous media generation and analysis at a vendor (fal's queue API), or the sandbox.
 * Failures to reach the vendor are UpstreamErrors (`retryable` when a later try may succeed: 429,
 * 5xx, timeouts); a job the vendor ran and failed is a `failed` state, not an error.
 */
export interface MediaProvider extends ProviderFamily {
  submit(request: MediaSubmitRequest, call: CallOptions): Promise<MediaSubmission>;
  status(submission: MediaSubmission, call: CallOptions): Promise<MediaVendorState>;
  /** True when the vendor accepted the cancellation; false when the job is past cancelling. */
  cancel(submission: MediaSubmission, call: CallOptions): Promise<boolean>;
}
