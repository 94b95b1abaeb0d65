/**
 * Whether this process was started with `script` (a path from the repository root, as in
 * `node --import tsx scripts/drill.ts`) rather than having imported it. Told by the path Node was
 * given, not by comparing it with `import.meta.url`: a bundle that inlines a script (a test bundled
 * by scripts/bundle.mjs) shares one URL with its entry, and the script would run inside the test.
 */
export function startedAs(script: string): boolean {
  const started = (process.argv[1] ?? '').replaceAll('\\', '/');
  return started === script || started.endsWith(`/${script}`);
}
