// What a Layerlens process sets in V8, by the V8 it runs on. The command
// line and the server are built, tested and measured on Node 20 (V8 11), but
// VS Code runs the server on its own runtime (Node 24 with V8 13.6 in VS
// Code 1.139), whose V8 tiers up and sizes its heap otherwise. Pure: the
// client reads it too, to start the server.

/** The major version of a V8 version string (`process.versions.v8`); NaN when there is none. */
export function v8Major(version: string): number {
  return Number.parseInt(version, 10);
}

/**
 * Whether the interrupt budget (tuning.ts) is set on the V8 of `version`:
 * V8 11 (Node 20 and 21), on which it was measured. Later V8s tier up
 * otherwise (by invocation counts, with Maglev) and are left to their own
 * settings; V8 13 has no `--interrupt-budget` at all, and printed an error
 * for it each time a process started.
 */
export function hasInterruptBudget(version: string): boolean {
  return v8Major(version) <= 11;
}

/**
 * The young generation's largest semi-space, in MB, for the server. V8 11
 * (Node 20) lets it grow to 16 MB and V8 12 and later to 64 MB; an analysis
 * makes much short-lived garbage and keeps what it finds (its snapshots), so
 * a smaller one is collected more often, each collection shorter, and the
 * memory it walks through stays nearer the processor's caches. Measured
 * with `npm run bench:lsp` (2 × AMD EPYC, two runs of each alternated): on
 * Node 20 the 2,000-line file's open 427–443 ms against 517 ms (medians),
 * server CPU 560–590 ms against 630–640 ms, 104 MB against 118–120 MB, the
 * first lenses after an edit no slower; on Node 24 (VS Code's runtime, three
 * runs of each) the open 381–402 ms against 427–443 ms, 131–134 MB against
 * 147–158 MB. At 4 MB the open was as quick, but the first lenses after an
 * edit slower (p95 22.7–24.5 ms against 19.0–20.4 ms).
 */
const SEMI_SPACE_MB = 8;

/**
 * Node's options for a server that runs on the V8 of `version`, given as it
 * starts (the client's `execArgv`, the command another editor runs): a
 * heap's sizes are read only then. The same on every V8 measured (11 and
 * 13). The server sets them again as it starts (`alignServerFlags`,
 * tuning.ts): V8 takes a code cache only under the settings it was made
 * under, and so a server started with them and one started without take the
 * same cache.
 */
export function serverExecArgv(version: string): string[] {
  return Number.isNaN(v8Major(version)) ? [] : [`--max-semi-space-size=${SEMI_SPACE_MB}`];
}

/**
 * The runtime a process runs on, for the server's first line in its output
 * (an editor's log): which Node, and the options it was started with, since
 * those differ by editor and decide its memory (`serverExecArgv`).
 */
export function describeRuntime(versions: { node: string; v8: string }, execArgv: readonly string[]): string {
  const options = execArgv.length ? `, started with ${execArgv.join(' ')}` : '';
  return `Node ${versions.node} (V8 ${versions.v8})${options}`;
}
