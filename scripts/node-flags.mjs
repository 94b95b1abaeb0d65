/**
 * The Node flags the server runs with: bin/tollgate's first line passes them (`env -S`), and the
 * benchmarks and tests that start servers pass them too (test/unit/node-flags.test.ts keeps the
 * two in step).
 *
 * `--max-semi-space-size=32`: a paid call leaves short-lived objects behind (the request, its
 * envelope, the sandbox's or vendor's answer), which V8 collects in its young generation. Node 20
 * grows each semi-space to 16 MB; at 32 MB scavenges come half as often and fewer objects survive
 * to be copied, for up to ~32 MB more resident memory (docs/operations.md, "Tuning the heap").
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=32'];
