/** Bundles a TypeScript entry point (a path from the repository root) and returns the module's path. */
export function bundle(entry: string): Promise<string>;

/** Bundles test files (paths from the repository root) into one directory named `<name>-<hash>`; returns the modules' paths, in order. */
export function bundleTests(entries: string[], name?: string): Promise<string[]>;

/** Where builds are kept (`node_modules/.cache/tollgate`). */
export const CACHE: string;

/** Removes the builds of `current`'s entry older than ten minutes that no running process uses (`current` is a build directory's name). */
export function removeOldBuilds(current: string): void;
