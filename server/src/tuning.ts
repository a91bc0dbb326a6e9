// V8 settings for a Layerlens process, set as it starts: they are read while
// it runs (as the heap grows, as functions run), so setting them before the
// engine first runs is enough. And the server's collections while the user
// types (`idleCollector`).

import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { hasInterruptBudget, serverExecArgv } from './runtime';

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

/** The command line and the server: functions are optimised once their types have settled (V8 11; later V8s keep their own tiering). */
export function tuneCompiler(v8: string = process.versions.v8, set: (flags: string) => void = setFlagsFromString): void {
  if (hasInterruptBudget(v8)) set(`--interrupt-budget=${INTERRUPT_BUDGET}`);
}

/** Set in the environment of a server that started again with its options. */
const STARTED_AGAIN = 'LAYERLENS_STARTED_WITH_OPTIONS';

/** What `startWithServerOptions` reads of the process (tests pass their own). */
export interface ProcessLike {
  v8: string;
  execPath: string;
  execArgv: readonly string[];
  argv: readonly string[];
  env: NodeJS.ProcessEnv;
  /** `process.execve` (Node 22.15 and 23.11 on): the process becomes another program, with the same id and streams. */
  execve?: (file: string, args: string[], env: NodeJS.ProcessEnv) => never;
}

/** The running process, as `startWithServerOptions` reads it. */
function thisProcess(): ProcessLike {
  const execve = (process as { execve?: ProcessLike['execve'] }).execve;
  return { v8: process.versions.v8, execPath: process.execPath, execArgv: process.execArgv, argv: process.argv, env: process.env, execve: execve?.bind(process) };
}

/**
 * The server started without the options its V8 is started with
 * (`serverExecArgv`): VS Code's client and the documented command give them,
 * but another editor's configuration may run `node dist/server.js --stdio`
 * as it is, and on Node 22 and later the server then held 213 MB after the
 * 2,000-line benchmark file instead of 145 MB. A heap's sizes are read only
 * as a process starts, so the process starts again with them, in its own
 * place (`execve`: the same process id and the editor's streams, before
 * anything is read from them). An option the user gave under the same name
 * (on the command line or in NODE_OPTIONS) is kept as it is. A Node without
 * `execve` (Node 20, Node 22 before 22.15) goes on as it was started.
 */
export function startWithServerOptions(p: ProcessLike = thisProcess()): void {
  // (NODE_OPTIONS too: an option given there is the user's, and the command line's would win over it.)
  const options = [...p.execArgv, ...(p.env.NODE_OPTIONS ?? '').split(/\s+/)];
  const given = new Set(options.map((o) => o.split('=')[0]));
  const missing = serverExecArgv(p.v8).filter((o) => !given.has(o.split('=')[0]));
  // Once only, whatever the new process finds (`STARTED_AGAIN`).
  if (!missing.length || !p.execve || p.env[STARTED_AGAIN]) return;
  try {
    p.execve(p.execPath, [p.execPath, ...missing, ...p.execArgv, ...p.argv.slice(1)], { ...p.env, [STARTED_AGAIN]: '1' });
  } catch {
    // (Not allowed here, by a policy or a sandbox: the server runs as it was started.)
  }
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

/**
 * The server's start options (`serverExecArgv`) set again in V8 as the
 * server starts, before its bundle is compiled (start.ts). A heap made
 * already keeps its sizes, so this changes nothing for one started without
 * them (another editor's plain `node dist/server.js` on a Node that cannot
 * start again, `startWithServerOptions`); but V8 takes a code cache only
 * under the settings it was made under, and every server, started with them
 * or not, then takes the cache the build made, however the build's own run
 * of the server was started.
 */
export function alignServerFlags(v8: string = process.versions.v8, set: (flags: string) => void = setFlagsFromString): void {
  for (const option of serverExecArgv(v8)) set(option);
}

/** What an idle collector needs; the defaults are the process's own (tests pass their own). */
export interface CollectorOptions {
  /** A full collection now. */
  collect?: () => void;
  /** Bytes of the heap in use. */
  heapUsed?: () => number;
  setTimer?: (fn: () => void, ms: number) => void;
  /** How long after the edit: the edit's own requests (completion, hover) are answered first. */
  delayMs?: number;
  /** Growth since the last collection below which there is nothing worth collecting. */
  minGrowth?: number;
  /** The longest a collection may be expected to take: what is left of the debounce after `delayMs`. */
  budgetMs?: number;
  now?: () => number;
}

/** Collects an analysis's garbage while the user types. */
export interface IdleCollector {
  /** An analysis was delivered: it left garbage. */
  analysed(): void;
  /** The user edited: the debounce begins, and the server has nothing to do. */
  edited(): void;
}

/**
 * The server's garbage, collected in the debounce after an edit (issue 9).
 * An analysis leaves garbage behind, and V8 collected it when the heap
 * reached its limit: often while the next analysis ran, or while the editor
 * waited for the lenses just after it (pauses of 15–20 ms on the 2,000-line
 * benchmark file: the slowest lens requests). After an edit comes the
 * debounce (`DEBOUNCE_MS`), in which the server waits: one full collection
 * there per analysis delivered leaves the next analysis and its lenses
 * little to collect. Keystrokes with no analysis between them collect
 * nothing more.
 *
 * A full collection takes time in proportion to the heap in use: on a
 * timeline of 50,000 statements (some 400 MB) it outlasted the debounce, and
 * the next analysis waited for it. So each collection's time per byte is
 * measured, and one expected to outlast the debounce is left to V8, which
 * collects such a heap in increments while the analysis runs.
 */
export function idleCollector(o: CollectorOptions = {}): IdleCollector {
  const heapUsed = o.heapUsed ?? (() => getHeapStatistics().used_heap_size);
  const setTimer = o.setTimer ?? ((fn, ms) => void setTimeout(fn, ms).unref());
  const delayMs = o.delayMs ?? 30;
  const minGrowth = o.minGrowth ?? 1024 * 1024;
  // The debounce (lsp/documents.ts DEBOUNCE_MS, 200 ms) after the delay, less a margin.
  const budgetMs = o.budgetMs ?? 150;
  const now = o.now ?? (() => performance.now());
  // Made as the server starts, with the other settings of this file.
  const collect = o.collect ?? processCollect();
  let after = heapUsed();
  let due = false;
  let scheduled = false;
  /** The last collection's time per byte in use: unknown until one ran. */
  let msPerByte: number | undefined;
  return {
    analysed() {
      due = true;
    },
    edited() {
      if (!due || scheduled || heapUsed() - after < minGrowth) return;
      scheduled = true;
      setTimer(() => {
        scheduled = false;
        due = false;
        const used = heapUsed();
        if (msPerByte !== undefined && msPerByte * used > budgetMs) return;
        const t = now();
        collect();
        msPerByte = used > 0 ? (now() - t) / used : undefined;
        after = heapUsed();
      }, delayMs);
    },
  };
}

/** `gc` for the collector below (set before the server's bundle is compiled too: start.ts). */
export function exposeGc(): void {
  setFlagsFromString('--expose-gc');
}

/**
 * V8's `gc`, which the process has only with `--expose-gc`: the flag set now,
 * and `gc` read from a new context. Where that fails (another runtime, a V8
 * that ignores the flag after start), nothing is collected, as before.
 */
function processCollect(): () => void {
  try {
    exposeGc();
    const gc = runInNewContext('gc') as unknown;
    // (Called bare: in Node 20, `gc({ type: 'major' })` left unreachable objects alive in a test.)
    if (typeof gc === 'function') return () => void gc();
  } catch {
    // No gc: V8 collects on its own schedule.
  }
  return () => undefined;
}
