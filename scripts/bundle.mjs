import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Inside node_modules, so the bundle's package imports resolve from the project's node_modules.
const CACHE = path.join(ROOT, 'node_modules', '.cache', 'tollgate');

/** Modules every bundle carries beside its entry, loaded into worker threads by their path. */
const WORKER_ENTRIES = ['src/scrape/page-reader-worker.ts', 'src/media/files/image-worker.ts'];

/**
 * Bundles a TypeScript entry point and its sources into one ES module, and returns its path.
 * What the server runs: a plain module costs each call less CPU than running the sources through
 * tsx's loader (whose output keeps function names by re-defining `name` on every closure it
 * creates, among other things). Packages stay external; the build takes ~50 ms, so it is made at
 * every start and never goes stale. The worker threads' modules are built beside the entry's, in
 * one directory named by their content, so a module finds them as `./<name>.mjs` and concurrent
 * starts (the CLI while the server runs) never read a half-written build.
 */
export async function bundle(entry) {
  const name = path.basename(entry).replace(/\.[cm]?ts$/, '');
  const result = await build({
    entryPoints: [entry, ...WORKER_ENTRIES].map((file) => path.join(ROOT, file)),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'inline',
    write: false,
    logLevel: 'silent',
    // A placeholder at the final directory's depth: the source maps' relative paths hold there.
    outdir: path.join(CACHE, 'build'),
    entryNames: '[name]',
    outExtension: { '.js': '.mjs' },
  });
  const hash = createHash('sha256');
  for (const output of result.outputFiles) hash.update(path.basename(output.path)).update(output.contents);
  const directory = path.join(CACHE, `${name}-${hash.digest('hex').slice(0, 16)}`);
  if (!fs.existsSync(directory)) {
    const partial = `${directory}.${process.pid}.tmp`;
    fs.mkdirSync(partial, { recursive: true });
    for (const output of result.outputFiles) fs.writeFileSync(path.join(partial, path.basename(output.path)), output.contents);
    try {
      fs.renameSync(partial, directory);
    } catch (error) {
      // Another start wrote the same build first.
      fs.rmSync(partial, { recursive: true, force: true });
      if (!fs.existsSync(directory)) throw error;
    }
    removeOldBuilds(path.basename(directory));
  }
  return path.join(directory, `${name}.mjs`);
}

/** Earlier builds of the same entry, once no starting process can still be about to import them. */
function removeOldBuilds(current) {
  const prefix = current.slice(0, current.lastIndexOf('-') + 1);
  const cutoff = Date.now() - 10 * 60_000;
  for (const other of fs.readdirSync(CACHE)) {
    const file = path.join(CACHE, other);
    if (other !== current && other.startsWith(prefix) && fs.statSync(file).mtimeMs < cutoff) fs.rmSync(file, { recursive: true, force: true });
  }
}
