/** Bundles a TypeScript entry point (a path from the repository root) and returns the module's path. */
export function bundle(entry: string): Promise<string>;
