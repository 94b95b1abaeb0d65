import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** A stored file: its size, and its bytes read on demand (whole, or an inclusive byte range). */
export interface StoredMediaFile {
  size: number;
  /** `range` is inclusive at both ends, as in HTTP's `Range: bytes=start-end`. */
  stream(range?: { start: number; end: number }): NodeJS.ReadableStream;
}

/**
 * Where media results live once copied from the vendor (whose URLs expire). Keys are
 * `[A-Za-z0-9_-]{8,128}` with an optional lowercase `.ext`; any other key is a RangeError.
 */
export interface MediaStorage {
  put(key: string, data: Buffer): Promise<void>;
  /** The file under `key`, or undefined when there is none. */
  open(key: string): Promise<StoredMediaFile | undefined>;
  /** Removes the file under `key`; a key with no file is not an error. */
  delete(key: string): Promise<void>;
  /** Removes every file whose key starts with `prefix` and that was written before `beforeMs` (ms since the epoch); resolves with how many. */
  sweep(prefix: string, beforeMs: number): Promise<number>;
}

const KEY = /^[A-Za-z0-9_-]{8,128}(?:\.[a-z0-9]{1,5})?$/;

/**
 * Files under `directory` (created on the first put), spread over 256 subdirectories by a hash of
 * each key (keys share prefixes) so no one directory grows to millions of entries. Writes go to a
 * temporary file beside the target and are renamed over it, so a crash never leaves half a file
 * under a key.
 */
export function localMediaStorage(directory: string): MediaStorage {
  const locate = (key: string) => {
    // Only the key's shape stands between a caller and the rest of the disk: no dots but the extension's, no separators.
    if (!KEY.test(key)) throw new RangeError(`invalid media storage key: ${JSON.stringify(key)}`);
    const folder = join(directory, createHash('sha256').update(key).digest('hex').slice(0, 2));
    return { folder, file: join(folder, key) };
  };

  return {
    async put(key, data) {
      const { folder, file } = locate(key);
      await mkdir(folder, { recursive: true });
      // A leading dot and a `.tmp` suffix: no valid key ever names a temporary file.
      const temporary = join(folder, `.${key}.${randomBytes(6).toString('hex')}.tmp`);
      try {
        const handle = await open(temporary, 'wx');
        try {
          await handle.writeFile(data);
          // On disk before the rename makes it visible: otherwise a power cut could leave the key naming an empty file.
          await handle.sync();
        } finally {
          await handle.close();
        }
        await rename(temporary, file);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },

    async open(key) {
      const { file } = locate(key);
      let size: number;
      try {
        const stats = await stat(file);
        if (!stats.isFile()) return undefined;
        size = stats.size;
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
      // Opened only when read: a caller that asks for the size alone (HEAD, a refused range) holds no descriptor.
      return { size, stream: (range) => createReadStream(file, range ? { start: range.start, end: range.end } : {}) };
    },

    async delete(key) {
      await rm(locate(key).file, { force: true });
    },

    async sweep(prefix, beforeMs) {
      let removed = 0;
      let folders: string[];
      try {
        folders = await readdir(directory);
      } catch (error) {
        if (isMissing(error)) return 0;
        throw error;
      }
      for (const folder of folders) {
        if (!/^[0-9a-f]{2}$/.test(folder)) continue;
        let names: string[];
        try {
          names = await readdir(join(directory, folder));
        } catch (error) {
          if (isMissing(error)) continue;
          throw error;
        }
        for (const name of names) {
          if (!name.startsWith(prefix) || !KEY.test(name)) continue;
          const file = join(directory, folder, name);
          try {
            if ((await stat(file)).mtimeMs >= beforeMs) continue;
            await rm(file, { force: true });
            removed += 1;
          } catch (error) {
            if (!isMissing(error)) throw error;
          }
        }
      }
      return removed;
    },
  };
}

function isMissing(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
