import { pino } from 'pino';
import type { Config } from './config';
import { Ledger } from './ledger/ledger';
import { createMediaQueue } from './jobs';
import { createNet } from './net';
import { createMediaProvider } from './providers';
import { ImageThreads } from './media/files/image-threads';
import { appliedMigrations, openStore } from './store/database';

/** What `tollgate worker` runs when TOLLGATE_MEDIA_CONCURRENCY is 0 (the servers then run none). */
const DEFAULT_WORKER_CONCURRENCY = 4;

/** Where the file links a worker writes into job results and webhook bodies point. */
function linkBase(config: Pick<Config, 'host' | 'port' | 'publicUrl'>): string {
  return config.publicUrl ?? `http://${config.host}:${config.port}`;
}

/**
 * Why a worker's file links may point nowhere, or undefined. A server listens at HOST:PORT and
 * may name itself by them; a worker listens nowhere, so without TOLLGATE_PUBLIC_URL its links name
 * its own HOST and PORT (127.0.0.1:8080 by default), which are the servers' only if it was given
 * theirs. Logged as a warning at start.
 */
export function workerLinkWarning(config: Pick<Config, 'host' | 'port' | 'publicUrl'>): string | undefined {
  if (config.publicUrl !== undefined) return undefined;
  return `TOLLGATE_PUBLIC_URL is not set: the file links this worker writes into job results and webhooks will name ${linkBase(config)} (its HOST and PORT), which only work if a server listens there for clients; set TOLLGATE_PUBLIC_URL to the servers' public address`;
}

/**
 * Media job workers in a process of their own (`tollgate worker`), for scale: they claim jobs
 * from the same database the servers queue them in, beside any other workers (FOR UPDATE SKIP
 * LOCKED on PostgreSQL), until SIGINT/SIGTERM, when the steps in flight stop where they are and
 * their jobs resume at another worker once the claims expire.
 */
export async function runWorker(config: Config, concurrency: number | undefined): Promise<void> {
  const log = pino({ level: config.logLevel });
  const store = await openStore({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onMigrated: (names) => log.info({ migrations: names }, appliedMigrations(names)),
  });
  const ledger = new Ledger(store);
  const net = createNet(config.net);
  const images = new ImageThreads();
  const provider = createMediaProvider(config.vendors, images);
  const slots = concurrency ?? (config.mediaJobs.concurrency || DEFAULT_WORKER_CONCURRENCY);
  const queue = await createMediaQueue({
    store,
    ledger,
    provider,
    fetcher: net.fetcher,
    dataDir: config.dataDir,
    publicUrl: () => linkBase(config),
    concurrency: slots,
    retentionMs: config.mediaJobs.retentionMs,
    clock: Date.now,
    log,
  });
  for (const warning of config.unrecognisedSettings) log.warn(warning);
  const unnamedLinks = workerLinkWarning(config);
  if (unnamedLinks) log.warn(unnamedLinks);
  queue.workers.start();
  log.info({ concurrency: slots, provider: provider.name, database: store.dialect }, `media worker running ${slots} job steps at a time (${provider.name})`);
  await new Promise<void>((resolve) => {
    const stop = (signal: string) => {
      log.info({ signal }, 'media worker stopping');
      resolve();
    };
    process.once('SIGINT', () => stop('SIGINT'));
    process.once('SIGTERM', () => stop('SIGTERM'));
  });
  await queue.workers.stop();
  await images.close();
  await net.close();
  await store.close();
  log.info('media worker stopped');
}
