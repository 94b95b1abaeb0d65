// The thread of BackgroundCheckpoints (sqlite-checkpoints.ts): its own connection to the server's
// SQLite file, copying the write-ahead log into the database every `intervalMs`. A PASSIVE
// checkpoint takes no lock a writer waits on: the server's commits go on meanwhile.
//
// Plain JavaScript, not TypeScript: on Node 20 a worker thread's entry module does not go through
// the process's loader (tsx, when the server runs from its sources), so this file is the same
// module from the sources and, built beside it, from a bundle (scripts/bundle.mjs).
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

const { file, intervalMs } = workerData;
const database = new SQLite(file, { fileMustExist: true });

const timer = setInterval(() => {
  try {
    const [result] = database.pragma('wal_checkpoint(PASSIVE)');
    parentPort.postMessage({ log: result.log, checkpointed: result.checkpointed });
  } catch (error) {
    parentPort.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
}, intervalMs);

parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  database.close();
  parentPort.close();
});
