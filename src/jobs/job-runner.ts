import type { FastifyBaseLogger } from 'fastify';
import type { Updateable } from 'kysely';
import { ApiError, UpstreamError } from '../core/errors';
import type { CallWriter } from '../ledger/call-log';
import type { Ledger } from '../ledger/ledger';
import { SettlementError } from '../ledger/settlement';
import { findMediaModel, MAX_ANALYSED_VIDEO_SECONDS, type MediaModel } from '../media/models';
import { jobCost } from '../media/job-cost';
import type { MediaOutcome } from '../media/rates';
import { measureFile } from '../media/files';
import { newMediaFileId } from '../media/file-urls';
import type { MediaStorage } from '../media/storage';
import { DestinationRefused, HostUnresolvable, fetchFailureToApiError } from '../net/errors';
import type { Fetcher } from '../net/fetcher';
import type { MediaOutputFile, MediaProvider, MediaSubmitRequest, MediaVendorState } from '../providers/families/media';
import type { MediaJobsTable } from '../store/schema';
import { deliverWebhook, nextAttemptDelaySeconds } from './webhooks/delivery';
import { isActive, type FileRow, type JobRow, type JobStore } from './job-store';
import { JOB_HOLD_LEASE_SECONDS, type JobRequest, type StoredSubmission } from './media-jobs';
import { iso, type JobViews, type StoredResult } from './job-view';

/** A claimed job's lease, and how often a worker renews it while it acts. */
export const CLAIM_LEASE_MS = 15_000;
const HEARTBEAT_MS = 5_000;
/** How soon a job is first polled after submission; later polls space out with its age, up to the cap. */
const FIRST_POLL_MS = 200;
const MAX_POLL_MS = 10_000;
/** Transient failures (the vendor unreachable, a download failing) are retried after 2^n seconds, at most this. */
const MAX_BACKOFF_MS = 60_000;
/** A reference file that cannot be downloaded this many times in a row fails its job. */
const MAX_DOWNLOAD_ATTEMPTS = 5;
/** The largest file a job takes in or hands out (a 15 s 1080p video is tens of megabytes). */
const MAX_MEDIA_BYTES = 512 * 1024 * 1024;
/** The endpoint whose call queued every job: its hold is the job's, and its call-log row the job's usage. */
const QUEUE_ENDPOINT_ID = 'media.queue';
/** What the queue call answers when it has queued a job. */
const QUEUED_STATUS = 200;

/** The file types jobs make, by MIME type: the extension their stored copy gets. */
const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/mpeg': 'mp3',
  'audio/ogg': 'ogg',
  'audio/flac': 'flac',
};

export interface JobRunnerOptions {
  store: JobStore;
  ledger: Ledger;
  provider: MediaProvider;
  storage: MediaStorage;
  /** The SSRF-safe fetcher: reference media, vendors' output files and webhooks go through it. */
  fetcher: Fetcher;
  views: JobViews;
  /** Writes call-log rows now (the call log's own writer): the queue call's, at the job's settlement. */
  writeCalls: CallWriter;
  /** The account's webhook signing secret (made when first needed). */
  webhookSecret(accountId: string): Promise<string>;
  log: FastifyBaseLogger;
  clock: () => number;
  workerId: string;
}

/** The job's failure as its status reports it. */
interface JobError {
  code: string;
  message: string;
}

/** The worker no longer holds the job's claim: it stops, leaving the job to whoever does. */
class LostClaim extends Error {}

/**
 * One step of a claimed job: submit it, poll it, finish it (files copied, the hold captured at
 * the measured outcome), fail or cancel it (the hold released), or deliver its webhook. A step
 * ends with the job's next due time written and the claim let go; every write is conditional on
 * still holding the claim (renewed every few seconds while the step runs). A job is marked
 * `submitting` before the vendor is asked and its submission stored before anything waits on
 * it, so a restart never submits it twice: one found `submitting` with no submission is failed
 * (and released) rather than sent again.
 */
export class JobRunner {
  constructor(private readonly options: JobRunnerOptions) {}

  get workerId(): string {
    return this.options.workerId;
  }

  /** Runs one step of a job this worker has claimed; never throws. */
  async run(job: JobRow, stop: AbortSignal): Promise<void> {
    const { store, log, clock, workerId } = this.options;
    const lost = new AbortController();
    const signal = AbortSignal.any([stop, lost.signal]);
    const heartbeat = setInterval(() => {
      store.heartbeat(job.id, workerId, clock() + CLAIM_LEASE_MS).then(
        (held) => held || lost.abort(new LostClaim(`job ${job.id}: claim lost`)),
        (error: unknown) => log.warn({ err: error, jobId: job.id }, 'could not renew a media job claim'),
      );
    }, HEARTBEAT_MS);
    heartbeat.unref();
    try {
      await this.step(job, signal);
    } catch (error) {
      if (error instanceof LostClaim || signal.aborted) {
        log.info({ jobId: job.id }, 'media job step stopped: the claim was lost or the worker is stopping; the job resumes when its claim expires');
        return;
      }
      log.error({ err: error, jobId: job.id }, 'media job step failed; retried with backoff');
      await this.retryLater(job, error).catch((failure: unknown) => log.error({ err: failure, jobId: job.id }, 'could not reschedule a media job'));
    } finally {
      clearInterval(heartbeat);
    }
  }

  private async step(job: JobRow, signal: AbortSignal): Promise<void> {
    const { ledger, provider, clock } = this.options;
    if (!isActive(job.status)) return this.deliverWebhook(job, signal);
    const model = findMediaModel(job.model);
    if (!model) return this.end(job, 'failed', { code: 'MEDIA_MODEL_NOT_FOUND', message: 'The model is no longer served; nothing is charged.' });

    // The hold lives as long as the job: renewed at each step. Gone means the reconciler released
    // it (no worker acted for an hour), or an interrupted step settled it (handled where it finishes).
    if (!(await ledger.extendLease(job.account_id, job.hold_request_id, JOB_HOLD_LEASE_SECONDS))) {
      const settlement = await ledger.settlementOf(job.account_id, job.hold_request_id);
      if (settlement?.kind !== 'capture') {
        return this.end(job, 'failed', { code: 'JOB_EXPIRED', message: 'No worker took the job in time and its hold was released; nothing is charged.' }, { cancelAtVendor: true, signal });
      }
    }
    if (job.expires_at <= clock()) {
      return this.end(job, 'failed', { code: 'JOB_EXPIRED', message: 'The job did not finish within the retention period; nothing is charged.' }, { cancelAtVendor: true, signal });
    }

    const submission = job.submission ? (JSON.parse(job.submission) as StoredSubmission) : undefined;
    if (job.cancel_requested) {
      if (!submission || (await this.cancelAtVendor(job, submission, signal))) return this.end(job, 'canceled', null);
      // Past cancelling at the vendor: the job finishes, and is charged as any other.
      await this.write(job, { cancel_requested: 0 });
    }
    if (!submission) {
      if (job.status === 'submitting') {
        return this.end(job, 'failed', { code: 'UPSTREAM_ERROR', message: 'The job was interrupted while it was being submitted; it is not sent again, so that it never runs twice. Nothing is charged; queue it again.' });
      }
      return this.submit(job, model, signal);
    }
    if (job.vendor !== provider.name) {
      return this.end(job, 'failed', { code: 'UPSTREAM_ERROR', message: 'The service that was running the job is no longer configured; nothing is charged.' });
    }
    let state: MediaVendorState;
    try {
      state = await provider.status({ requestId: submission.requestId, handle: submission.handle }, { signal });
    } catch (error) {
      if (!(error instanceof UpstreamError) || signal.aborted) throw error;
      if (clock() - runningSince(job, submission) > model.maxRunSeconds * 1000 * 2) {
        return this.end(job, 'failed', { code: 'UPSTREAM_ERROR', message: 'The media service stopped answering about the job; nothing is charged.' }, { cancelAtVendor: true, signal });
      }
      return this.retryLater(job, error);
    }
    const now = clock();
    // A job the vendor has not finished within the model's run time is given up (a finished one
    // is collected however late: the vendor has done, and been paid for, the work).
    if ((state.status === 'queued' || state.status === 'running') && now - runningSince(job, submission) > model.maxRunSeconds * 1000) {
      return this.end(job, 'failed', { code: 'DEADLINE_EXCEEDED', message: `The model did not finish within ${model.maxRunSeconds} s; nothing is charged.` }, { cancelAtVendor: true, signal });
    }
    switch (state.status) {
      case 'queued':
        return this.write(job, { status: 'queued', queue_position: state.queuePosition, attempts: 0, due_at: nextStepAt(job, now + pollDelay(job, submission, now)) }, { release: true });
      case 'running':
        return this.write(job, { status: 'running', started_at: job.started_at ?? now, progress: state.progress, queue_position: null, attempts: 0, due_at: nextStepAt(job, now + pollDelay(job, submission, now)) }, { release: true });
      case 'failed':
        if (state.detail) this.options.log.warn({ jobId: job.id, code: state.code, detail: state.detail }, 'media job failed at the vendor');
        return this.end(job, job.cancel_requested ? 'canceled' : 'failed', { code: state.code, message: `${state.message} Nothing is charged.` });
      case 'succeeded':
        return this.finish(job, model, submission, state, signal);
    }
  }

  /** Gathers the job's input files, marks it submitting, and submits it once. */
  private async submit(job: JobRow, model: MediaModel, signal: AbortSignal): Promise<void> {
    const { provider, storage, clock } = this.options;
    const request = JSON.parse(job.request) as JobRequest;
    const jobInput = { prompt: request.prompt, options: request.options, hasImage: request.image !== null };
    const files: MediaSubmitRequest['files'] = [];
    if (request.image) {
      const stored = await storage.open(request.image.storageKey);
      if (!stored) return this.end(job, 'failed', { code: 'INTERNAL_ERROR', message: 'The image sent with the job was lost before it could be submitted; nothing is charged.' });
      files.push({ field: model.fal.imageField(jobInput), mimeType: request.image.mimeType, data: await streamToBuffer(stored.stream()) });
    }
    let inputSeconds: number | undefined;
    for (const [option, field] of Object.entries(model.fal.referenceFields ?? {})) {
      const url = request.options[option];
      if (typeof url !== 'string') continue;
      const download = await this.download(url, `options.${option}`, signal);
      if ('error' in download) {
        if (download.transient && job.attempts + 1 < MAX_DOWNLOAD_ATTEMPTS) return this.retryLater(job, new Error(download.error.message));
        return this.end(job, 'failed', download.error);
      }
      files.push({ field, mimeType: download.mimeType, data: download.data });
      const longest = model.maxReferenceVideoSeconds?.(request.options);
      if (longest !== undefined && option === 'referenceVideoUrl') {
        const measured = await measureFile(download.data);
        if (measured.durationSeconds === null) return this.end(job, 'failed', { code: 'VALIDATION_ERROR', message: `options.${option}: the file is not a video this model can read; nothing is charged.` });
        if (measured.durationSeconds > longest) {
          return this.end(job, 'failed', { code: 'VALIDATION_ERROR', message: `options.${option}: the reference video is ${Math.ceil(measured.durationSeconds)} s long; with these options it may be at most ${longest} s (the duration asked for). Nothing is charged.` });
        }
      }
      if (model.category === 'video-to-text') {
        const measured = await measureFile(download.data);
        if (measured.durationSeconds === null) return this.end(job, 'failed', { code: 'VALIDATION_ERROR', message: `options.${option}: the file is not a video this model can read; nothing is charged.` });
        if (measured.durationSeconds > MAX_ANALYSED_VIDEO_SECONDS) {
          return this.end(job, 'failed', { code: 'VALIDATION_ERROR', message: `options.${option}: the video is ${Math.ceil(measured.durationSeconds)} s long; this model analyses at most ${MAX_ANALYSED_VIDEO_SECONDS} s. Nothing is charged.` });
        }
        inputSeconds = measured.durationSeconds;
      }
    }

    // Not started yet: started_at waits for a poll that finds the vendor running the job (until
    // then it is queued, at the vendor); its run time and polls count from the submission meanwhile.
    const submittedAt = clock();
    await this.write(job, { status: 'submitting' });
    let submitted;
    try {
      submitted = await provider.submit({ endpoint: model.fal.endpoint(jobInput), input: model.fal.input(jobInput), files, jobId: job.id }, { signal });
    } catch (error) {
      if (signal.aborted) throw error;
      this.options.log.warn({ err: error, jobId: job.id }, 'media job submission failed');
      const message = error instanceof ApiError && error.code === 'VALIDATION_ERROR' ? error.message : 'The media service did not take the job.';
      return this.end(job, 'failed', { code: error instanceof ApiError ? error.code : 'UPSTREAM_ERROR', message: `${message} Nothing is charged.` });
    }
    this.options.log.info({ jobId: job.id, workerId: this.options.workerId, vendor: provider.name, vendorRequestId: submitted.requestId }, 'media job submitted');
    const stored: StoredSubmission = { requestId: submitted.requestId, handle: submitted.handle, submittedAt, ...(inputSeconds !== undefined ? { inputSeconds } : {}) };
    await this.write(job, { status: 'queued', vendor: provider.name, submission: JSON.stringify(stored), attempts: 0, due_at: nextStepAt(job, clock() + FIRST_POLL_MS) }, { release: true });
  }

  /** Copies the outputs into storage, measures them, captures the hold at the outcome, and records it. */
  private async finish(job: JobRow, model: MediaModel, submission: StoredSubmission, state: Extract<MediaVendorState, { status: 'succeeded' }>, signal: AbortSignal): Promise<void> {
    const { storage, ledger, log, clock } = this.options;
    const request = JSON.parse(job.request) as JobRequest;
    const rows: FileRow[] = [];
    for (const [position, output] of state.files.entries()) {
      const copied = await this.outputBytes(output, signal);
      if ('error' in copied) return this.retryLater(job, new Error(copied.error));
      const extension = EXTENSIONS[copied.mimeType] ?? 'bin';
      const storageKey = `${job.id}_${position}.${extension}`;
      await storage.put(storageKey, copied.data);
      const measured = await measureFile(copied.data);
      rows.push({ id: newMediaFileId(), job_id: job.id, position, storage_key: storageKey, mime_type: copied.mimeType, bytes: copied.data.length, width: measured.width, height: measured.height, duration_seconds: measured.durationSeconds });
    }
    const outcome = outcomeOf(model, request, submission, rows, state.text);
    const cost = jobCost(model, request.options, outcome);
    let charged = Math.min(cost.priceMicros, job.max_micros);
    await this.options.store.saveFiles(job.id, rows);
    try {
      await ledger.capture(job.account_id, job.hold_request_id, charged, QUEUE_ENDPOINT_ID);
    } catch (error) {
      if (!(error instanceof SettlementError)) throw error;
      // Settled already: by this step interrupted before it recorded so, or released (lease expired).
      const settlement = await ledger.settlementOf(job.account_id, job.hold_request_id);
      if (!settlement) throw error;
      if (settlement.kind === 'release') log.warn({ jobId: job.id }, 'media job finished after its hold was released; delivered uncharged');
      charged = settlement.kind === 'capture' ? settlement.costMicros : 0;
    }
    await ledger.settleKeyHold(job.hold_request_id);
    await this.recordQueueCall(job);
    const result: StoredResult = { text: state.text, units: cost.units };
    // A job the vendor ran between two polls was never seen running: it started by the time it was seen done.
    await this.write(job, { status: 'succeeded', started_at: job.started_at ?? clock(), cost_micros: charged, upstream_cost_micros: cost.upstreamMicros, result: JSON.stringify(result), progress: 1, queue_position: null, completed_at: clock(), attempts: 0, ...this.webhookDue(job) }, { release: true });
  }

  /** Ends a job that produced nothing: failed or canceled, its hold released in full. */
  private async end(job: JobRow, status: 'failed' | 'canceled', error: JobError | null, options: { cancelAtVendor?: boolean; signal?: AbortSignal } = {}): Promise<void> {
    const { ledger, log, clock } = this.options;
    if (options.cancelAtVendor && job.submission && options.signal) {
      await this.cancelAtVendor(job, JSON.parse(job.submission) as StoredSubmission, options.signal).catch(() => false);
    }
    try {
      await ledger.release(job.account_id, job.hold_request_id, QUEUE_ENDPOINT_ID);
    } catch (failure) {
      if (!(failure instanceof SettlementError)) throw failure;
      const settlement = await ledger.settlementOf(job.account_id, job.hold_request_id);
      if (settlement?.kind === 'capture') log.error({ jobId: job.id }, 'a media job ending unfinished had already been charged');
    }
    await ledger.settleKeyHold(job.hold_request_id);
    await this.recordQueueCall(job);
    const changes: Updateable<MediaJobsTable> = { status, cost_micros: 0, upstream_cost_micros: 0, completed_at: clock(), queue_position: null, ...this.webhookDue(job) };
    if (error) Object.assign(changes, { error_code: error.code, error_message: error.message });
    else Object.assign(changes, { error_code: 'CANCELED', error_message: 'The job was canceled; nothing is charged.' });
    await this.write(job, changes, { release: true });
  }

  /**
   * Writes the row of the call that queued the job into the call log, unless it is there. Usage
   * is that row joined with the settlement just made; the row was gathered in memory and written
   * a moment after the call, and a crash in between (the job surviving it) would leave a charge
   * no usage lists. Written as the call log writes it when nothing crashed: the queue call's
   * answer, no vendor cost of its own (the job's is the job's), the time the job was queued. Done
   * before the job is marked ended, so a step interrupted here writes it when the job is retried.
   */
  private async recordQueueCall(job: JobRow): Promise<void> {
    // Jobs queued before their key was recorded (migration 010) have no row to rebuild.
    if (job.key_id === null) return;
    await this.options.writeCalls([
      { requestId: job.hold_request_id, accountId: job.account_id, keyId: job.key_id, endpointId: QUEUE_ENDPOINT_ID, status: QUEUED_STATUS, upstreamCostMicros: 0, createdAt: iso(job.created_at) },
    ]);
  }

  private async cancelAtVendor(job: JobRow, submission: StoredSubmission, signal: AbortSignal): Promise<boolean> {
    try {
      return await this.options.provider.cancel({ requestId: submission.requestId, handle: submission.handle }, { signal });
    } catch (error) {
      this.options.log.warn({ err: error, jobId: job.id }, 'could not cancel a media job at the vendor');
      return false;
    }
  }

  /** Posts the job's final state to its webhook URL, signed; retried on a schedule spanning over a day. */
  private async deliverWebhook(job: JobRow, signal: AbortSignal): Promise<void> {
    const { store, views, clock, fetcher } = this.options;
    if (job.webhook_state !== 'pending' || !job.webhook_url) return this.write(job, { due_at: null }, { release: true });
    const secret = await this.options.webhookSecret(job.account_id);
    const view = await views.present(job, await store.files(job.id));
    // The payload is the event, timestamped when it happened (the job ended): the same bytes on every
    // attempt of the message. The signature's timestamp is the attempt's own (receivers refuse old ones).
    const endedAt = job.completed_at ?? clock();
    const attempt = await deliverWebhook(
      fetcher,
      { url: job.webhook_url, secret, messageId: `msg_${job.id}`, payload: { type: `media.job.${view.status}`, timestamp: iso(endedAt), data: view }, timestampSeconds: Math.floor(clock() / 1000) },
      signal,
    );
    const attempts = job.webhook_attempts + 1;
    if (attempt.outcome === 'delivered') return this.write(job, { webhook_state: 'delivered', webhook_attempts: attempts, webhook_last_error: null, due_at: null }, { release: true });
    const delay = attempt.outcome === 'retry' ? nextAttemptDelaySeconds(attempts) : undefined;
    this.options.log.info({ jobId: job.id, attempts, outcome: attempt.outcome, reason: attempt.reason }, 'media job webhook not delivered');
    if (delay === undefined) return this.write(job, { webhook_state: 'abandoned', webhook_attempts: attempts, webhook_last_error: attempt.reason, due_at: null }, { release: true });
    // Counted from when the attempt ended: one that waited out its timeout is not retried at once.
    await this.write(job, { webhook_attempts: attempts, webhook_last_error: attempt.reason, due_at: clock() + delay * 1000 }, { release: true });
  }

  private webhookDue(job: JobRow): Updateable<MediaJobsTable> {
    return job.webhook_url ? { webhook_state: 'pending', due_at: this.options.clock() } : { due_at: null };
  }

  /** A transient failure: the job is tried again after a backoff that doubles with each failure in a row. */
  private async retryLater(job: JobRow, error: unknown): Promise<void> {
    const attempts = job.attempts + 1;
    const delay = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.min(attempts, 16));
    this.options.log.warn({ jobId: job.id, attempts, delayMs: delay, reason: error instanceof Error ? error.message : String(error) }, 'media job step failed transiently');
    await this.write(job, { attempts, due_at: nextStepAt(job, this.options.clock() + delay) }, { release: true });
  }

  /** A conditional write on the claim; a lost claim stops the step. */
  private async write(job: JobRow, changes: Updateable<MediaJobsTable>, options: { release?: boolean } = {}): Promise<void> {
    if (!(await this.options.store.update(job.id, this.options.workerId, changes, options))) throw new LostClaim(`job ${job.id}: claim lost`);
    Object.assign(job, changes);
  }

  /**
   * A customer's reference file, downloaded through the SSRF-safe fetcher. What cannot change by
   * trying again fails the job at once: a destination the fetcher refuses (said as a refused
   * `webhookUrl` is at queue time), a host name with no address; anything else may pass (a
   * timeout, a reset connection, a 5xx or a 429) and is worth a retry.
   */
  private async download(url: string, field: string, signal: AbortSignal): Promise<{ data: Buffer; mimeType: string } | { error: JobError; transient: boolean }> {
    const fetched = await this.fetchFile(url, signal);
    if ('data' in fetched) return fetched;
    const failed = (message: string, transient: boolean) => ({ error: { code: 'VALIDATION_ERROR', message }, transient });
    if ('status' in fetched) return failed(`${field}: downloading it answered HTTP ${fetched.status}; nothing is charged.`, fetched.status >= 500 || fetched.status === 429);
    const failure = fetchFailureToApiError(fetched.failure, field);
    if (failure instanceof DestinationRefused) return failed(`${failure.message}. Nothing is charged.`, false);
    if (fetched.failure instanceof HostUnresolvable) return failed(`${field}: the host name does not resolve to any address (check the URL); nothing is charged.`, false);
    return failed(`${field}: the file could not be downloaded; nothing is charged.`, true);
  }

  /** An output's bytes: made here (the sandbox), or downloaded from the vendor before its URL expires. */
  private async outputBytes(output: MediaOutputFile, signal: AbortSignal): Promise<{ data: Buffer; mimeType: string } | { error: string }> {
    if (output.data) return { data: output.data, mimeType: output.mimeType ?? 'application/octet-stream' };
    if (!output.url) return { error: 'an output file has neither bytes nor a URL' };
    const fetched = await this.fetchFile(output.url, signal);
    if ('data' in fetched) return { data: fetched.data, mimeType: output.mimeType ?? fetched.mimeType };
    if ('status' in fetched) return { error: `an output file answered HTTP ${fetched.status}` };
    return { error: `an output file could not be downloaded (${fetched.failure instanceof Error ? fetched.failure.name : 'error'})` };
  }

  /** A media file through the SSRF-safe fetcher: its bytes and type, the status it answered instead, or why it could not be had. */
  private async fetchFile(url: string, signal: AbortSignal): Promise<{ data: Buffer; mimeType: string } | { status: number } | { failure: unknown }> {
    try {
      const page = await this.options.fetcher.fetch(url, { signal, maxBytes: MAX_MEDIA_BYTES });
      if (page.statusCode < 200 || page.statusCode >= 300) return { status: page.statusCode };
      return { data: page.body, mimeType: (page.contentType ?? 'application/octet-stream').split(';')[0]!.trim().toLowerCase() };
    } catch (error) {
      if (signal.aborted) throw error;
      return { failure: error };
    }
  }
}

/** What the job's outcome measured, in the units its price counts. */
function outcomeOf(model: MediaModel, request: JobRequest, submission: StoredSubmission, files: FileRow[], text: string | null): MediaOutcome {
  if (model.category === 'video-to-text') return { seconds: submission.inputSeconds ?? 0, characters: text?.length ?? 0 };
  const timed = files.filter((file) => /^(video|audio)\//.test(file.mime_type));
  const measured = timed.reduce((total, file) => total + (file.duration_seconds ?? 0), 0);
  const asked = Number(request.options.duration ?? 0);
  return {
    images: files.filter((file) => file.mime_type.startsWith('image/')).length,
    // A file ffprobe could not time counts as the duration asked for.
    seconds: timed.some((file) => file.duration_seconds === null) ? Math.max(measured, asked) : measured,
    characters: text?.length ?? 0,
  };
}

/**
 * When an unfinished job's next step is due: at `at`, or at its expiry if that comes first. The
 * step then ends the job and releases its hold as it expires (when the status already answers
 * JOB_EXPIRED), not at a poll or a retry due after it (a backoff reaches a minute).
 */
function nextStepAt(job: JobRow, at: number): number {
  return isActive(job.status) ? Math.min(at, job.expires_at) : at;
}

/** How long until a submitted job is polled again: a fifth of the time since its submission, between the first poll's delay and the cap. */
function pollDelay(job: JobRow, submission: StoredSubmission, now: number): number {
  const age = now - (submission.submittedAt ?? job.started_at ?? now);
  return Math.min(MAX_POLL_MS, Math.max(FIRST_POLL_MS, Math.round(age / 5)));
}

/**
 * Where the model's run time is counted from: when the vendor started running the job, or, while
 * it waits in the vendor's queue, when it was submitted (a job stuck there is given up too).
 */
function runningSince(job: JobRow, submission: StoredSubmission): number {
  return job.started_at ?? submission.submittedAt ?? job.created_at;
}

async function streamToBuffer(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
}
