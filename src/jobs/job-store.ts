import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { Database, MediaFilesTable, MediaJobsTable } from '../store/schema';
import type { Dialect } from '../store/database';

export type JobRow = Selectable<MediaJobsTable>;
export type FileRow = Selectable<MediaFilesTable>;

/** The statuses a worker still acts on (a job in any other is final). */
export const ACTIVE_STATUSES = ['queued', 'submitting', 'running'] as const;

export function isActive(status: string): boolean {
  return (ACTIVE_STATUSES as readonly string[]).includes(status);
}

/**
 * What a worker claims a job for: a step of an unfinished job, or the webhook delivery of a
 * finished one. Workers claim each into its own pool, so a receiver that never answers holds a
 * delivery's place, never a step's.
 */
export type JobWork = 'step' | 'delivery';
export const JOB_WORKS: readonly JobWork[] = ['step', 'delivery'];

/**
 * The media queue's rows. Every write goes through `exclusive` (the ledger's: on SQLite the
 * settlement's group commit must not interleave with another transaction). A worker claims due
 * jobs with a lease; each write a worker makes afterwards is conditional on still holding it, so a
 * worker that lost its lease (stalled past it, another took over) changes nothing.
 */
export class JobStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
    private readonly exclusive: <T>(work: () => Promise<T>) => Promise<T>,
  ) {}

  async insert(job: Insertable<MediaJobsTable>): Promise<void> {
    await this.exclusive(() => this.db.insertInto('media_jobs').values(job).execute());
  }

  async find(jobId: string): Promise<JobRow | undefined> {
    return this.db.selectFrom('media_jobs').selectAll().where('id', '=', jobId).executeTakeFirst();
  }

  async files(jobId: string): Promise<FileRow[]> {
    return this.db.selectFrom('media_files').selectAll().where('job_id', '=', jobId).orderBy('position').execute();
  }

  async file(fileId: string): Promise<(FileRow & { expires_at: number; purged_at: number | null }) | undefined> {
    return this.db
      .selectFrom('media_files')
      .innerJoin('media_jobs', 'media_jobs.id', 'media_files.job_id')
      .selectAll('media_files')
      .select(['media_jobs.expires_at', 'media_jobs.purged_at'])
      .where('media_files.id', '=', fileId)
      .executeTakeFirst();
  }

  /** Jobs still waiting for a worker that were queued before `createdAt`: the queue's length ahead. */
  async queuedBefore(createdAt: number): Promise<number> {
    const row = await this.db
      .selectFrom('media_jobs')
      .select((eb) => eb.fn.countAll<number | string>().as('ahead'))
      .where('status', '=', 'queued')
      .where('submission', 'is', null)
      .where('created_at', '<', createdAt)
      .executeTakeFirst();
    return Number(row?.ahead ?? 0);
  }

  /**
   * Claims up to `limit` jobs that are due and not leased to a live worker, for `leaseMs`, those
   * submitted to the vendor before new ones; only those due for `work` when it is given. On
   * PostgreSQL, rows another worker is claiming are skipped (FOR UPDATE SKIP LOCKED), so workers
   * in any number of processes take each job once; on SQLite the one writer serialises claims.
   */
  async claimDue(workerId: string, limit: number, now: number, leaseMs: number, work?: JobWork): Promise<JobRow[]> {
    if (limit <= 0) return [];
    return this.exclusive(async () => {
      let due = this.claimable(now, work ? [work] : JOB_WORKS)
        // Jobs already at the vendor first: a backlog of new jobs must not keep finished ones from
        // being collected (and their model's run time from running out).
        .orderBy(sql`case when submission is null then 1 else 0 end`)
        .orderBy('due_at')
        .limit(limit);
      if (this.dialect === 'postgres') due = due.forUpdate().skipLocked();
      return this.db
        .updateTable('media_jobs')
        .set({ claimed_by: workerId, claim_expires_at: now + leaseMs })
        .where('id', 'in', due)
        .returningAll()
        .execute();
    });
  }

  /** Claims one job whatever its due time, unless a live worker holds it (cancel acts at once). */
  async claim(jobId: string, workerId: string, now: number, leaseMs: number): Promise<JobRow | undefined> {
    return this.exclusive(() =>
      this.db
        .updateTable('media_jobs')
        .set({ claimed_by: workerId, claim_expires_at: now + leaseMs })
        .where('id', '=', jobId)
        .where((eb) => eb.or([eb('claim_expires_at', 'is', null), eb('claim_expires_at', '<=', now)]))
        .returningAll()
        .executeTakeFirst(),
    );
  }

  /** Moves the claim's lease on; false when the worker no longer holds it. */
  async heartbeat(jobId: string, workerId: string, claimExpiresAt: number): Promise<boolean> {
    const result = await this.exclusive(() =>
      this.db.updateTable('media_jobs').set({ claim_expires_at: claimExpiresAt }).where('id', '=', jobId).where('claimed_by', '=', workerId).executeTakeFirst(),
    );
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * Writes `changes` if `workerId` still holds the job's claim (and, with `release`, lets the claim
   * go). False when it does not: another worker has the job now, and this one must stop.
   */
  async update(jobId: string, workerId: string, changes: Updateable<MediaJobsTable>, options: { release?: boolean } = {}): Promise<boolean> {
    const set = options.release ? { ...changes, claimed_by: null, claim_expires_at: null } : changes;
    const result = await this.exclusive(() =>
      this.db.updateTable('media_jobs').set(set).where('id', '=', jobId).where('claimed_by', '=', workerId).executeTakeFirst(),
    );
    return Number(result.numUpdatedRows) > 0;
  }

  /** Asks for a job to be canceled: the worker acting on it next sees the flag. */
  async requestCancel(jobId: string, now: number): Promise<void> {
    await this.exclusive(() =>
      this.db
        .updateTable('media_jobs')
        .set({ cancel_requested: 1, due_at: now })
        .where('id', '=', jobId)
        .where('status', 'in', [...ACTIVE_STATUSES])
        .execute(),
    );
  }

  /** Records a job's files (copied into storage), replacing any an interrupted attempt wrote. */
  async saveFiles(jobId: string, files: FileRow[]): Promise<void> {
    await this.exclusive(() =>
      this.db.transaction().execute(async (trx) => {
        await trx.deleteFrom('media_files').where('job_id', '=', jobId).execute();
        if (files.length > 0) await trx.insertInto('media_files').values(files).execute();
      }),
    );
  }

  /** Finished jobs past their retention whose files are still kept, a chunk at a time. */
  async expired(now: number, limit: number): Promise<JobRow[]> {
    return this.db
      .selectFrom('media_jobs')
      .selectAll()
      .where('expires_at', '<=', now)
      .where('purged_at', 'is', null)
      .where('status', 'not in', [...ACTIVE_STATUSES])
      .orderBy('expires_at')
      .limit(limit)
      .execute();
  }

  /** Marks a job purged: its files gone, its row kept to answer JOB_EXPIRED. */
  async markPurged(jobId: string, now: number): Promise<void> {
    await this.exclusive(() =>
      this.db.transaction().execute(async (trx) => {
        await trx.deleteFrom('media_files').where('job_id', '=', jobId).execute();
        await trx.updateTable('media_jobs').set({ purged_at: now }).where('id', '=', jobId).execute();
      }),
    );
  }

  /** Deletes the rows of jobs purged before `before` (they answer JOB_NOT_FOUND afterwards). */
  async forget(before: number): Promise<number> {
    const result = await this.exclusive(() => this.db.deleteFrom('media_jobs').where('purged_at', '<=', before).executeTakeFirst());
    return Number(result.numDeletedRows);
  }

  /**
   * Whether any job is due and unclaimed for one of `works`: what claimDue would take, found with
   * a read. An idle worker asks this first, because a claim is a write (and on SQLite commits the
   * ledger's open turn before it).
   */
  async anyClaimable(now: number, works: readonly JobWork[] = JOB_WORKS): Promise<boolean> {
    return (await this.claimable(now, works).limit(1).executeTakeFirst()) !== undefined;
  }

  /** The ids of jobs due by `now` for one of `works` that no live worker holds. */
  private claimable(now: number, works: readonly JobWork[]) {
    let due = this.db
      .selectFrom('media_jobs')
      .select('id')
      .where('due_at', '<=', now)
      .where((eb) => eb.or([eb('claim_expires_at', 'is', null), eb('claim_expires_at', '<=', now)]));
    // A finished job is due only for its webhook.
    if (!works.includes('delivery')) due = due.where('status', 'in', [...ACTIVE_STATUSES]);
    if (!works.includes('step')) due = due.where('status', 'not in', [...ACTIVE_STATUSES]);
    return due;
  }
}
