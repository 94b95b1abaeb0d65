import { Worker } from 'node:worker_threads';

/** How often the thread looks for new pages in the write-ahead log, and copies them into the database. */
const CHECKPOINT_INTERVAL_MS = 250;

export interface CheckpointStats {
  /** Checkpoints the thread has run. */
  passes: number;
  /** The write-ahead log's frames when it last looked, and how many of them were in the database. */
  logFrames: number;
  checkpointedFrames: number;
  failures: number;
  /** Failed passes since the last one that succeeded (0 while checkpoints succeed). */
  failingPasses: number;
}

/** Told what goes wrong with the thread, once per run of failures rather than every pass. */
export interface CheckpointListener {
  /** The first failed pass after a success (or the thread's own failure); the automatic checkpoint carries on. */
  onFailure(error: Error): void;
  /** A pass succeeded after `failedPasses` failed ones. */
  onRecovery?(failedPasses: number): void;
}

/**
 * SQLite's checkpoints on a thread of their own, for the server's database.
 *
 * In WAL mode every commit appends its pages to the write-ahead log, and a checkpoint copies them
 * into the database file and syncs it. SQLite runs one itself when a commit leaves the log past
 * `wal_autocheckpoint` pages — inside that commit, on the thread that made it, which for the
 * server is the event loop: at a few thousand paid calls a second that was a 60–75 ms pause every
 * couple of seconds (every call waiting), the pages of the ledger's and call log's new rows being
 * written and synced. Here a worker thread on its own connection copies them every
 * CHECKPOINT_INTERVAL_MS instead (PASSIVE: no lock a writer waits on), when anything was committed
 * since its last complete pass (`PRAGMA data_version`): an idle server's thread neither checkpoints
 * nor wakes the event loop with a report. What is left for the automatic checkpoint, when the log
 * reaches its limit, is the last interval's pages and the sync: ~20 ms. The automatic checkpoint stays on, so the log stays bounded even if this thread stops.
 */
export class BackgroundCheckpoints {
  readonly stats: CheckpointStats = { passes: 0, logFrames: 0, checkpointedFrames: 0, failures: 0, failingPasses: 0 };
  private readonly worker: Worker;
  private readonly exited: Promise<void>;

  constructor(
    file: string,
    private readonly listener: CheckpointListener,
    intervalMs = CHECKPOINT_INTERVAL_MS,
  ) {
    // Beside this module, from the sources and in a bundle alike (scripts/bundle.mjs builds it there).
    this.worker = new Worker(new URL('./checkpoint-worker.mjs', import.meta.url), { workerData: { file, intervalMs } });
    this.worker.on('message', (message: { log: number; checkpointed: number } | { error: string }) => {
      if ('error' in message) {
        this.failed(new Error(`SQLite checkpoint failed: ${message.error}`));
        return;
      }
      if (this.stats.failingPasses > 0) this.listener.onRecovery?.(this.stats.failingPasses);
      this.stats.failingPasses = 0;
      this.stats.passes += 1;
      this.stats.logFrames = message.log;
      this.stats.checkpointedFrames = message.checkpointed;
    });
    this.worker.on('error', (error) => this.failed(error));
    this.exited = new Promise((resolve) => this.worker.once('exit', () => resolve()));
    // A process that is done does not wait for its checkpoints.
    this.worker.unref();
  }

  /**
   * A pass that fails every 250 ms (a full disk, a damaged file) would otherwise fill the log
   * with one error four times a second: the first of a run is told, the rest only counted.
   */
  private failed(error: Error): void {
    this.stats.failures += 1;
    this.stats.failingPasses += 1;
    if (this.stats.failingPasses === 1) this.listener.onFailure(error);
  }

  /** Stops the thread (its connection closed); resolves once it has exited. */
  async close(): Promise<void> {
    // Held open while it stops, or a process with nothing else to do would not wait for it.
    this.worker.ref();
    this.worker.postMessage('stop');
    await this.exited;
  }
}
