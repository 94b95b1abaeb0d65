import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A fresh directory under the system's temporary one, removed when this process exits: a
 * benchmark's databases (a run writes hundreds of MB of ledger and call log) go with it.
 */
export function scratchDirectory(prefix: string): string {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  process.once('exit', () => fs.rmSync(directory, { recursive: true, force: true }));
  return directory;
}
