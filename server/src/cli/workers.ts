// `layerlens run` on many files uses every core (issue 9): worker threads
// check files from a shared queue (checkFile, the same function the main
// thread runs with one job) and post each outcome back with its index; the
// main thread prints them in the order of the file list, so the output is the
// same whatever the number of workers and whichever finishes first.
//
// The bundle (dist/cli-main.js) is a single file, so a worker is that same
// bundle started again with `workerData` saying so (main.ts checks
// `isRunWorker`), through its entry (dist/cli.js), which runs it from its code
// cache as the main thread's does (cli/start.ts).
// Nothing here can lose a file: a worker that dies while checking one gives
// that file an internal error; when no worker can start at all, the files
// left are checked in the main thread.

import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { checkFile, lostFile, type CheckOptions, type FileOutcome } from './check';
import { MAX_JOBS, parseJobs } from './args';

const ROLE = 'layerlens-run-worker';
/** Files sent to a worker ahead of its answers. */
const IN_FLIGHT = 2;

interface RunWorkerData {
  role: typeof ROLE;
  options: CheckOptions;
}

/** Main thread → worker: a file to check, or null when the queue is empty. */
type Task = { index: number; path: string } | null;
/** Worker → main thread: ready for files, or one outcome. */
type Reply = { ready: true } | { index: number; outcome: FileOutcome };

/** How many workers: `--jobs`, else LAYERLENS_WORKERS, else one per core. A bad LAYERLENS_WORKERS is a usage error, as a bad --jobs is. */
export function resolveJobs(option: number | undefined, envValue: string | undefined, cores = availableParallelism()): number | { error: string } {
  if (option !== undefined) return option;
  if (envValue !== undefined && envValue.trim() !== '') {
    const n = parseJobs(envValue);
    return n ?? { error: `LAYERLENS_WORKERS needs a whole number from 1 to ${MAX_JOBS}, not "${envValue}"` };
  }
  return Math.max(1, Math.min(cores, MAX_JOBS));
}

/** This thread was started by checkInWorkers. */
export function isRunWorker(): boolean {
  return !isMainThread && (workerData as Partial<RunWorkerData> | null)?.role === ROLE;
}

/** The worker's side: check each file the main thread sends until it sends null. */
export function serveAsWorker(): void {
  const port = parentPort!;
  const { options } = workerData as RunWorkerData;
  port.on('message', (task: Task) => {
    if (task === null) {
      port.close();
      return;
    }
    let outcome: FileOutcome;
    try {
      outcome = checkFile(task.path, options);
    } catch (e) {
      outcome = lostFile(task.path, options, (e as Error)?.message ?? String(e));
    }
    port.postMessage({ index: task.index, outcome } satisfies Reply);
  });
  port.postMessage({ ready: true } satisfies Reply);
}

/** The command line's entry next to this bundle (dist/cli.js), else this file itself (run from the sources, or an entry of its own). */
function workerEntry(): string {
  const entry = join(__dirname, 'cli.js');
  return entry !== __filename && existsSync(entry) ? entry : __filename;
}

/**
 * Check `files` with `jobs` workers running `script` (the bundle that calls
 * serveAsWorker when isRunWorker). Outcomes come back in the order of `files`.
 */
export function checkInWorkers(files: readonly string[], options: CheckOptions, jobs: number, script: string = workerEntry()): Promise<FileOutcome[]> {
  const outcomes: FileOutcome[] = new Array(files.length);
  let next = 0;
  /** Files handed back by a worker that died with them queued: checked first. */
  const returned: number[] = [];
  const take = (): number | undefined => (returned.length ? returned.shift() : next < files.length ? next++ : undefined);
  const queued = () => returned.length > 0 || next < files.length;
  let done = 0;
  let alive = 0;
  return new Promise((resolve) => {
    const finishIfDone = () => {
      if (done === files.length) resolve(outcomes);
    };
    const record = (index: number, outcome: FileOutcome) => {
      outcomes[index] = outcome;
      done++;
    };
    /** No worker left and files still queued: check them here. */
    const drainHere = () => {
      for (let i = take(); i !== undefined; i = take()) record(i, checkFile(files[i]!, options));
      finishIfDone();
    };
    const start = () => {
      let worker: Worker;
      try {
        worker = new Worker(script, { workerData: { role: ROLE, options } satisfies RunWorkerData });
      } catch {
        if (!alive) drainHere();
        return;
      }
      alive++;
      let ready = false;
      let failure = '';
      /** Files sent and not answered yet, in the order sent (the worker checks them in that order). */
      const inFlight: number[] = [];
      const feed = () => {
        // Two at a time, so that a worker never waits for the main thread between files.
        for (let i = inFlight.length < IN_FLIGHT ? take() : undefined; i !== undefined; i = inFlight.length < IN_FLIGHT ? take() : undefined) {
          inFlight.push(i);
          worker.postMessage({ index: i, path: files[i]! } satisfies Task);
        }
        if (!inFlight.length) worker.postMessage(null satisfies Task);
      };
      worker.on('message', (r: Reply) => {
        if ('ready' in r) ready = true;
        else {
          record(r.index, r.outcome);
          inFlight.splice(inFlight.indexOf(r.index), 1);
        }
        feed();
      });
      worker.on('error', (e) => (failure = e?.message ?? String(e)));
      worker.on('exit', (code) => {
        alive--;
        // The file it was checking is lost; the ones queued behind it go back to the queue.
        const [lost, ...rest] = inFlight.splice(0);
        if (lost !== undefined) record(lost, lostFile(files[lost]!, options, `its worker thread stopped (${failure || `exit code ${code}`})`));
        returned.unshift(...rest);
        // A worker that died on a file is replaced; one that never started is not (the next would not either).
        if (queued() && ready) start();
        else if (queued() && !alive) drainHere();
        finishIfDone();
      });
    };
    const n = Math.max(1, Math.min(jobs, files.length));
    for (let i = 0; i < n; i++) start();
    if (!files.length) resolve(outcomes);
  });
}
