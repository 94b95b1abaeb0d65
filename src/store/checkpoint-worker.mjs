// The thread of BackgroundCheckpoints (sqlite-checkpoints.ts): its own connection to the server's
// SQLite file, copying the write-ahead log into the database every `intervalMs` — when there is
// something to copy. A PASSIVE checkpoint takes no lock a writer waits on: the server's commits go
// on meanwhile.
//
// Plain JavaScript, not TypeScript: on Node 20 a worker thread's entry module does not go through
// the process's loader (tsx, when the server runs from its sources), so this file is the same
// module from the sources and, built beside it, from a bundle (scripts/bundle.mjs).
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

const { file, intervalMs } = workerData;
const database = new SQLite(file, { fileMustExist: true });
// Changes whenever another connection (the server's, the CLI's) commits. Prepared at the first
// pass that can (a file that is not a database yet fails each pass until it is one).
let dataVersion;

// The data version a pass saw, once that pass left the whole log in the database: while it stays
// the same nothing new is in the log, so an idle server's thread neither checkpoints nor wakes the
// event loop to tell it so.
let copiedUpTo;

const timer = setInterval(() => {
  try {
    dataVersion ??= database.prepare('pragma data_version').pluck();
    const version = dataVersion.get();
    if (version === copiedUpTo) return;
    const [result] = database.pragma('wal_checkpoint(PASSIVE)');
    // A commit after `version` was read bumps it again, so the next tick passes again.
    copiedUpTo = result.checkpointed === result.log ? version : undefined;
    parentPort.postMessage({ log: result.log, checkpointed: result.checkpointed });
  } catch (error) {
    copiedUpTo = undefined;
    parentPort.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
}, intervalMs);

parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  database.close();
  parentPort.close();
});
