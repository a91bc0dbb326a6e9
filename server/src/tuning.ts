// V8 settings for a Layerlens process, set as it starts: both are read while
// it runs (as the heap grows, as functions run), so setting them before the
// engine first runs is enough.

import { setFlagsFromString } from 'node:v8';

/**
 * How much bytecode a function runs before V8 optimises it: eight times the
 * default (66 KB). The layer code meets new record shapes for a while after
 * the process starts (a token, a face-down card, a player with counters);
 * optimised on the default budget, the largest functions were thrown away
 * and compiled again several times (`computeLayers`, some 300 ms of a core
 * each time) during the first analysis of a long file. Measured on the
 * 2,000-line benchmark file, first analysis in a fresh process: 1.30–1.62 s
 * → 1.00–1.12 s, CPU (with the compiler's threads) 2.3–2.8 → 1.4–1.6 s;
 * analyses once warm unchanged (BENCHMARKS.md).
 */
const INTERRUPT_BUDGET = 8 * 66 * 1024;

/** The command line and the server: functions are optimised once their types have settled. */
export function tuneCompiler(): void {
  setFlagsFromString(`--interrupt-budget=${INTERRUPT_BUDGET}`);
}

/**
 * The server's heap (issue 9): the server keeps little (the last analysis of
 * each open document: tens of MB on a 2,000-line file) but an analysis makes
 * a lot of short-lived garbage, and V8's default lets the heap grow up to
 * four times what survived the last full collection before collecting again,
 * so a long file left the process at two or three times what it holds.
 * Growing by half collects a little more often and keeps the resident size
 * near what is held.
 */
export function tuneServerHeap(): void {
  setFlagsFromString('--heap-growing-percent=50');
}
