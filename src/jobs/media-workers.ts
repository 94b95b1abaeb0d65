import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { PUBLISHED_FILE_PREFIX } from '../media/published-files';
import type { MediaStorage } from '../media/storage';
import type { JobRunner } from './job-runner';
import { CLAIM_LEASE_MS } from './job-runner';
import { JOB_WORKS, type JobStore, type JobWork } from './job-store';
import type { JobRequest } from './media-jobs';

/** How often an idle worker looks for due jobs other processes queued. */
const IDLE_POLL_MS = 250;
/** How long the workers wait before claiming again after the database failed them. */
const CLAIM_FAILURE_PAUSE_MS = 2_000;
/** How long stopping waits for the steps in flight to end by themselves before aborting them. */
const STOP_GRACE_MS = 10_000;
/** How often expired jobs' files are deleted (more often when retention is shorter than four of these). */
const PURGE_INTERVAL_MS = 60_000;
const PURGE_CHUNK = 100;
/** How long an expired job's row still answers JOB_EXPIRED before it is forgotten (JOB_NOT_FOUND). */
const FORGET_AFTER_MS = 30 * 24 * 60 * 60_000;

export interface MediaWorkersOptions {
  store: JobStore;
  runner: JobRunner;
  storage: MediaStorage;
  /**
   * Steps of jobs in flight at once in this process (TOLLGATE_MEDIA_CONCURRENCY), and as many
   * webhook deliveries beside them.
   */
  concurrency: number;
  retentionMs: number;
  clock: () => number;
  log: FastifyBaseLogger;
}

/**
 * The workers of one process: claim due jobs (up to the concurrency), run a step of each, and
 * claim again as steps end; woken at once when this process queues a job, otherwise looking every
 * quarter second for jobs other processes queued. Webhook deliveries are claimed into a pool of
 * their own, as large: an attempt may wait on a receiver for its whole timeout, and receivers that
 * never answer must not keep other accounts' jobs from starting. Also deletes the files of jobs
 * past retention.
 */
export class MediaWorkers {
  private readonly inFlight: Record<JobWork, Set<Promise<void>>> = { step: new Set(), delivery: new Set() };
  /** Aborted when the workers stop claiming. */
  private readonly stopping = new AbortController();
  /** Aborted when the steps still in flight must stop where they are. */
  private readonly aborting = new AbortController();
  private wakeUp: (() => void) | undefined;
  /** A wake-up that came while the loop was busy: it claims again at once instead of sleeping. */
  private wakePending = false;
  private loop: Promise<void> | undefined;
  private lastPurge = 0;

  constructor(private readonly options: MediaWorkersOptions) {}

  /** A new id for a worker process's claims. */
  static newWorkerId(): string {
    return `worker_${randomBytes(8).toString('base64url')}`;
  }

  start(): void {
    if (this.loop || this.options.concurrency <= 0) return;
    this.loop = this.run().catch((error: unknown) => this.options.log.error({ err: error }, 'the media workers stopped on an error'));
  }

  /** A job is due now (queued, or a cancellation asked for). */
  wake(): void {
    this.wakePending = true;
    this.wakeUp?.();
  }

  /**
   * Stops claiming, lets the steps in flight end (a submission is better finished than abandoned)
   * for up to `graceMs`, then aborts the rest: their jobs resume at any worker once their claims expire.
   */
  async stop(graceMs = STOP_GRACE_MS): Promise<void> {
    this.stopping.abort();
    this.wake();
    await this.loop;
    let timer: NodeJS.Timeout | undefined;
    const graceOver = new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)));
    await Promise.race([Promise.allSettled(this.allInFlight()), graceOver]);
    clearTimeout(timer);
    this.aborting.abort();
    await Promise.allSettled(this.allInFlight());
  }

  /**
   * Acts on one job at once if no worker holds it (a cancellation the customer is waiting on);
   * otherwise the worker that holds it sees the request in its step.
   */
  async actNow(jobId: string): Promise<void> {
    const { store, runner, clock } = this.options;
    const job = await store.claim(jobId, runner.workerId, clock(), CLAIM_LEASE_MS);
    if (job) await this.track('step', runner.run(job, this.aborting.signal));
  }

  private async run(): Promise<void> {
    const { store, runner, concurrency, clock, log } = this.options;
    const stop = this.stopping.signal;
    while (!stop.aborted) {
      this.wakePending = false;
      const free = (work: JobWork) => concurrency - this.inFlight[work].size;
      const open = JOB_WORKS.filter((work) => free(work) > 0);
      // A pool's free slots all filled: more may be due at once.
      let filled = false;
      if (open.length > 0) {
        try {
          const now = clock();
          if (await store.anyClaimable(now, open)) {
            for (const work of open) {
              const slots = free(work);
              const jobs = await store.claimDue(runner.workerId, slots, now, CLAIM_LEASE_MS, work);
              filled ||= jobs.length === slots;
              for (const job of jobs) void this.track(work, runner.run(job, this.aborting.signal));
            }
          }
        } catch (error) {
          log.error({ err: error }, 'could not claim media jobs; trying again shortly');
          await new Promise((resolve) => setTimeout(resolve, CLAIM_FAILURE_PAUSE_MS));
        }
        await this.purgeExpired();
      }
      if (filled) continue;
      if (this.wakePending) {
        this.wakePending = false;
        continue;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, IDLE_POLL_MS);
        this.wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wakeUp = undefined;
    }
  }

  private track(work: JobWork, running: Promise<void>): Promise<void> {
    const pool = this.inFlight[work];
    const tracked = running.finally(() => {
      pool.delete(tracked);
      this.wake();
    });
    pool.add(tracked);
    return tracked;
  }

  private allInFlight(): Promise<void>[] {
    return JOB_WORKS.flatMap((work) => [...this.inFlight[work]]);
  }

  /**
   * Deletes the files (and input image) of finished jobs past retention; their rows answer
   * JOB_EXPIRED for 30 days more. An unfinished job is failed (and released) by a step due at its
   * expiry at the latest.
   * Files published outside jobs (video frames) go once as old as the retention period.
   */
  private async purgeExpired(): Promise<void> {
    const { store, storage, clock, log } = this.options;
    const now = clock();
    if (now - this.lastPurge < Math.min(PURGE_INTERVAL_MS, this.options.retentionMs / 4)) return;
    this.lastPurge = now;
    try {
      for (;;) {
        const expired = await store.expired(now, PURGE_CHUNK);
        for (const job of expired) {
          const request = JSON.parse(job.request) as JobRequest;
          const keys = (await store.files(job.id)).map((file) => file.storage_key);
          if (request.image) keys.push(request.image.storageKey);
          for (const key of keys) await storage.delete(key);
          await store.markPurged(job.id, now);
        }
        if (expired.length < PURGE_CHUNK) break;
      }
      await store.forget(now - FORGET_AFTER_MS);
      await storage.sweep(PUBLISHED_FILE_PREFIX, now - this.options.retentionMs);
    } catch (error) {
      log.error({ err: error }, 'could not delete expired media files; trying again later');
    }
  }
}
