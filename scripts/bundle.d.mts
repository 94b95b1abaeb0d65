/** Bundles a TypeScript entry point (a path from the repository root) and returns the module's path. */
export function bundle(entry: string): Promise<string>;

/** Bundles test files (paths from the repository root) into one directory named `<name>-<hash>`; returns the modules' paths, in order. */
export function bundleTests(entries: string[], name?: string): Promise<string[]>;
