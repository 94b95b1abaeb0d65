import { join } from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { callWriter } from '../ledger/call-log';
import type { Ledger } from '../ledger/ledger';
import { MediaFileUrls } from '../media/file-urls';
import { registerMediaFileRoute } from '../media/file-route';
import { filePublisher, publishedFile, type FilePublisher } from '../media/published-files';
import { localMediaStorage } from '../media/storage';
import type { Fetcher } from '../net/fetcher';
import type { MediaProvider } from '../providers/families/media';
import type { Store } from '../store/database';
import { serverSecret } from '../store/server-secrets';
import { JobRunner } from './job-runner';
import { JobStore } from './job-store';
import { JobViews } from './job-view';
import { MediaJobs } from './media-jobs';
import { MediaWorkers } from './media-workers';
import { WebhookSecrets } from './webhooks/secrets';

export interface MediaQueueOptions {
  store: Store;
  ledger: Ledger;
  provider: MediaProvider;
  fetcher: Fetcher;
  /** Files are kept under `<dataDir>/media`. */
  dataDir: string;
  /** The server's public base URL, for the absolute file links (read when a link is made). */
  publicUrl: () => string;
  /** Job steps run at once by this process (0: none; `tollgate worker` runs them). */
  concurrency: number;
  retentionMs: number;
  clock: () => number;
  log: FastifyBaseLogger;
}

export interface MediaQueue {
  jobs: MediaJobs;
  workers: MediaWorkers;
  webhookSecrets: WebhookSecrets;
  /** Files endpoints answer with a link to, outside any job (a video frame). */
  files: FilePublisher;
  /** Serves `/v1/media/files/{fileId}` (signed links; no API key). */
  registerFileRoute(server: FastifyInstance): void;
}

/**
 * The media job queue, assembled: the store (the database the ledger uses), storage under the
 * data directory, the URL signer (its key shared through the database, so every instance accepts
 * every link), the runner and this process's workers. The server and `tollgate worker` both build
 * it; the workers start when `start` is called.
 */
export async function createMediaQueue(options: MediaQueueOptions): Promise<MediaQueue> {
  const { store, ledger, clock, log } = options;
  const exclusive = <T>(work: () => Promise<T>) => ledger.exclusive(work);
  const jobStore = new JobStore(store.db, store.dialect, exclusive);
  const storage = localMediaStorage(join(options.dataDir, 'media'));
  const urls = new MediaFileUrls(await ledger.exclusive(() => serverSecret(store.db, 'media_file_urls')));
  const views = new JobViews(jobStore, urls, () => options.publicUrl().replace(/\/+$/, ''));
  const webhookSecrets = new WebhookSecrets(store.db, exclusive);
  const runner = new JobRunner({
    store: jobStore,
    ledger,
    provider: options.provider,
    storage,
    fetcher: options.fetcher,
    views,
    writeCalls: callWriter(store, exclusive),
    webhookSecret: (accountId) => webhookSecrets.secretFor(accountId),
    log,
    clock,
    workerId: MediaWorkers.newWorkerId(),
  });
  const workers = new MediaWorkers({ store: jobStore, runner, storage, concurrency: options.concurrency, retentionMs: options.retentionMs, clock, log });
  const jobs = new MediaJobs({
    store: jobStore,
    storage,
    views,
    retentionMs: options.retentionMs,
    clock,
    wake: () => workers.wake(),
    cancelNow: (jobId) => workers.actNow(jobId),
  });
  const files = filePublisher({ storage, urls, retentionMs: options.retentionMs, clock, publicUrl: () => options.publicUrl().replace(/\/+$/, '') });
  return {
    jobs,
    workers,
    webhookSecrets,
    files,
    registerFileRoute: (server) =>
      registerMediaFileRoute(server, {
        urls,
        storage,
        nowSeconds: () => Math.floor(clock() / 1000),
        findFile: async (fileId) => {
          const published = publishedFile(fileId);
          // Its signed URL's expiry is its retention: a valid link to one is a file still kept.
          if (published) return { ...published, expired: false };
          const file = await jobStore.file(fileId);
          return file && { storageKey: file.storage_key, mimeType: file.mime_type, expired: file.purged_at !== null || file.expires_at <= clock() };
        },
      }),
  };
}
