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
 * Node's options for a server that runs on the V8 of `version`, given as it
 * starts (the client's `execArgv`): a heap's sizes are read only then.
 * From V8 12 the young generation grows to semi-spaces of 64 MB on a 64-bit
 * machine (16 MB in V8 11), and the server on Node 24 held 213 MB after the
 * 2,000-line benchmark file against 117 MB on Node 20 (`npm run bench:lsp
 * -- --node`): capped at V8 11's size. Nothing on V8 11, where that is the
 * default: naming a setting changes V8's check of a code cache, and the
 * build's cache would be refused.
 */
export function serverExecArgv(version: string): string[] {
  return v8Major(version) >= 12 ? ['--max-semi-space-size=16'] : [];
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
