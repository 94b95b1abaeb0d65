import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Inside node_modules, so the bundle's package imports resolve from the project's node_modules.
export const CACHE = path.join(ROOT, 'node_modules', '.cache', 'tollgate');

/** Modules every bundle carries beside its entry, loaded into worker threads by their path. */
const WORKER_ENTRIES = ['src/scrape/page-reader-worker.ts', 'src/media/files/image-worker.ts', 'src/chat/token-worker.ts', 'src/store/checkpoint-worker.mjs'];

/**
 * Bundles a TypeScript entry point and its sources into one ES module, and returns its path.
 * What the server runs: a plain module costs each call less CPU than running the sources through
 * tsx's loader (whose output keeps function names by re-defining `name` on every closure it
 * creates, among other things). Packages stay external, but for BUNDLED_PACKAGES. The worker
 * threads' modules are built beside the entry's, in one directory named by their content, so a
 * module finds them as `./<name>.mjs` and concurrent starts (the CLI while the server runs) never
 * read a half-written build. A build is reused while the sources it was made from are the same,
 * byte for byte (a hash of every file under src/, the entry's own directory and this script,
 * ~30 ms): esbuild's service takes 0.5–1 s to start and build on a small shared machine, which
 * every CLI command would pay. So it never goes stale.
 */
export async function bundle(entry) {
  const name = path.basename(entry).replace(/\.[cm]?ts$/, '');
  const sources = sourcesFingerprint(entry);
  const remembered = path.join(CACHE, `${name}.sources-${sources}`);
  if (fs.existsSync(remembered)) {
    const directory = path.join(CACHE, fs.readFileSync(remembered, 'utf8'));
    if (fs.existsSync(path.join(directory, `${name}.mjs`))) return path.join(useBuild(directory), `${name}.mjs`);
  }
  const built = path.join(useBuild(await buildBundle([entry], name)), `${name}.mjs`);
  // Written whole, then renamed: a start reading it never sees half a name.
  const partial = `${remembered}.${process.pid}.tmp`;
  fs.writeFileSync(partial, path.basename(path.dirname(built)));
  fs.renameSync(partial, remembered);
  return built;
}

/** Every file under src/ and under the entry's own top directory (bench/), paths and contents, this script and the built-in packages' package.json, hashed. */
function sourcesFingerprint(entry) {
  const hash = createHash('sha256');
  hash.update(fs.readFileSync(fileURLToPath(import.meta.url)));
  const walk = (directory) => {
    for (const entry of fs.readdirSync(directory, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const file = path.join(directory, entry.name);
      if (entry.isDirectory()) walk(file);
      else hash.update(path.relative(ROOT, file)).update('\0').update(fs.readFileSync(file)).update('\0');
    }
  };
  const top = path.relative(ROOT, path.resolve(ROOT, entry)).split(path.sep)[0];
  for (const directory of new Set(['src', top])) walk(path.join(ROOT, directory));
  for (const name of BUNDLED_PACKAGES) hash.update(fs.readFileSync(path.join(ROOT, 'node_modules', name, 'package.json')));
  return hash.digest('hex').slice(0, 16);
}

/**
 * Bundles test files (paths from the repository root) into one directory (`<name>-<hash>`), each
 * as `<its file's name>.mjs` beside the chunks they share and the worker threads' modules, and
 * returns their paths in the same order. What `npm test` runs the unit and database-backed files
 * as: a file's process then loads one module and its chunks, not ~400 source files through tsx's
 * loader (~1.5 s less per file), and runs them at the bundle's speed. The scripts/*.mjs modules a
 * test imports stay where they are (they find the repository from there); scripts/*.ts modules
 * are bundled with it. Built each time (~2 s), into a directory named by its content.
 */
export async function bundleTests(entries, name = 'tests') {
  const names = entries.map((entry) => path.basename(entry).replace(/\.ts$/, ''));
  const repeated = names.find((each, index) => names.indexOf(each) !== index);
  if (repeated) throw new Error(`two test files are named ${repeated}: their bundles would collide`);
  const directory = await buildBundle(entries, name, [KEEP_SCRIPT_MODULES]);
  return names.map((each) => path.join(directory, `${each}.mjs`));
}

/** scripts/*.mjs imported by a bundled test: imported from where they are (they find the repository from there), not copied in. */
const KEEP_SCRIPT_MODULES = {
  name: 'keep-script-modules',
  setup(build) {
    build.onResolve({ filter: /(^|\/)scripts\/[^/]+\.mjs$/ }, (args) => ({ path: path.resolve(args.resolveDir, args.path), external: true }));
  },
};

/**
 * Packages built into the bundle rather than imported from node_modules: kysely ships ~400 small
 * ES modules, which Node resolves and loads one by one — ~250 ms of every process start on a slow
 * machine, a quarter of a CLI command's time. Built in, they are one module among the bundle's
 * (each bundle gets its own copy: nothing here shares kysely's objects across bundles). Their
 * package.json is part of the fingerprint, so an upgrade rebuilds.
 */
const BUNDLED_PACKAGES = ['kysely'];

const BUILD_IN_PACKAGES = {
  name: 'build-in-packages',
  setup(build) {
    const filter = new RegExp(`^(${BUNDLED_PACKAGES.join('|')})$`);
    build.onResolve({ filter }, (args) => ({ path: fileURLToPath(import.meta.resolve(args.path)) }));
  },
};

/** Builds the entries (and the worker threads' modules) into a directory named by its content; returns the directory. */
async function buildBundle(entries, name, plugins = []) {
  const result = await build({
    entryPoints: [...entries, ...WORKER_ENTRIES].map((file) => path.join(ROOT, file)),
    plugins: [...plugins, BUILD_IN_PACKAGES],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    // Modules imported with import() go into chunks of their own, loaded (with the packages they
    // import) only when that import runs: a CLI command that only touches the database does not
    // load the server, its endpoints and their packages (src/cli/main.ts).
    splitting: true,
    chunkNames: 'chunk-[hash]',
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
  return directory;
}

/**
 * Marks a build as used by this process until it exits (`.in-use-<pid>` in its directory): a
 * running server loads its worker threads' modules from its build long after it started, so a
 * newer build made meanwhile (the CLI run after a `git pull`) must not remove it.
 */
function useBuild(directory) {
  const marker = path.join(directory, `${IN_USE_PREFIX}${process.pid}`);
  try {
    fs.writeFileSync(marker, '');
    process.once('exit', () => fs.rmSync(marker, { force: true }));
  } catch {
    // A read-only cache: nothing removes builds from it either.
  }
  return directory;
}
const IN_USE_PREFIX = '.in-use-';

/** Whether a process with this id is running (ours or another user's). */
function isRunning(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/** Whether a running process still uses a build directory; stale markers (of processes gone, killed -9 say) are removed. */
function inUse(directory) {
  let used = false;
  for (const entry of fs.readdirSync(directory)) {
    if (!entry.startsWith(IN_USE_PREFIX)) continue;
    if (isRunning(Number(entry.slice(IN_USE_PREFIX.length)))) used = true;
    else fs.rmSync(path.join(directory, entry), { force: true });
  }
  return used;
}

/** Earlier builds of the same entry, once no starting process can still be about to import them and no running one uses them. */
export function removeOldBuilds(current) {
  const prefix = current.slice(0, current.lastIndexOf('-') + 1);
  const name = prefix.slice(0, -1);
  const cutoff = Date.now() - 10 * 60_000;
  for (const other of fs.readdirSync(CACHE)) {
    const file = path.join(CACHE, other);
    const old = other !== current && (other.startsWith(prefix) || other.startsWith(`${name}.sources-`));
    if (!old || fs.statSync(file).mtimeMs >= cutoff) continue;
    if (fs.statSync(file).isDirectory() && inUse(file)) continue;
    fs.rmSync(file, { recursive: true, force: true });
  }
}
