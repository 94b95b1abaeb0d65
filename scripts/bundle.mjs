import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Inside node_modules, so the bundle's package imports resolve from the project's node_modules.
const CACHE = path.join(ROOT, 'node_modules', '.cache', 'tollgate');

/**
 * Bundles a TypeScript entry point and its sources into one ES module, and returns its path.
 * What the server runs: a plain module costs each call less CPU than running the sources through
 * tsx's loader (whose output keeps function names by re-defining `name` on every closure it
 * creates, among other things). Packages stay external; the build takes ~50 ms, so it is made at
 * every start and never goes stale. The file is named by its content, so concurrent starts (the
 * CLI while the server runs) never read a half-written bundle.
 */
export async function bundle(entry) {
  const result = await build({
    entryPoints: [path.join(ROOT, entry)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'inline',
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0].contents;
  const name = `${path.basename(entry).replace(/\.[cm]?ts$/, '')}-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`;
  const file = path.join(CACHE, name);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(CACHE, { recursive: true });
    const partial = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(partial, code);
    fs.renameSync(partial, file);
    removeOldBuilds(name);
  }
  return file;
}

/** Earlier builds of the same entry, once no starting process can still be about to import them. */
function removeOldBuilds(current) {
  const prefix = current.slice(0, current.lastIndexOf('-') + 1);
  const cutoff = Date.now() - 10 * 60_000;
  for (const other of fs.readdirSync(CACHE)) {
    const file = path.join(CACHE, other);
    if (other !== current && other.startsWith(prefix) && fs.statSync(file).mtimeMs < cutoff) fs.rmSync(file, { force: true });
  }
}
