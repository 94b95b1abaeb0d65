/**
 * The Node flags the server runs with: bin/tollgate's first line passes them (`env -S`), and the
 * benchmarks and tests that start servers pass them too (test/unit/node-flags.test.ts keeps the
 * two in step).
 *
 * `--max-semi-space-size=64`: a paid call leaves short-lived objects behind (the request, its
 * envelope, the sandbox's or vendor's answer), which V8 collects in its young generation. Node 20
 * grows each semi-space to 16 MB; at 64 MB scavenges come a quarter as often, for up to ~96 MB more
 * resident memory (docs/operations.md, "Tuning the instance's heap"). 32 MB (session 16) took the
 * paid call from ~105 to ~88 µs of CPU; 64 MB, once pretenuring was off (session 17, alternated),
 * from ~67 to ~64 µs and the paid SERP call from ~154 to ~144 µs, the bare routes unchanged.
 *
 * `--no-allocation-site-pretenuring`: V8 watches each place in the code that makes objects, and
 * when most of them survive a scavenge it has that place allocate straight into the old generation.
 * Under load a call's objects live across a scavenge often enough (a call waits for its ledger
 * commit) that the sandbox's page-building sites were switched over: every page then went to the old
 * generation and waited for a full GC. Without it (measured on the paid depth-10 SERP call, 10
 * connections, alternated): 2.35 → 0.07 MB promoted per minor GC, 5.5 → 2.0 ms each, ~237 → ~198 µs
 * of CPU per call; the paid `domain/available` call ~100 → ~97 µs.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=64', '--no-allocation-site-pretenuring'];
