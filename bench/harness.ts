// What both benchmarks share: statistics (median, p95, a fitted exponent),
// timing with a run count and a time budget, cases run in a child process
// with a time limit (a case over its limit is killed and reported as
// "not measured: over N s", so a whole benchmark ends in bounded time), and
// the lines of the tables they print.

import { fork } from 'node:child_process';
import { cpus, freemem, loadavg, totalmem } from 'node:os';

export interface Stats {
  median: number;
  p95: number;
  runs: number;
  /**
   * Median CPU time of a run (all threads of the process, so garbage
   * collection helpers count). On a shared machine it moves less than the
   * wall time: it is about what the wall time would be on an idle one.
   */
  cpu?: number;
}

export function percentile(xs: readonly number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  if (!s.length) return NaN;
  // Nearest rank: with fewer than 20 runs the p95 is the slowest run.
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
}

export function stats(xs: readonly number[], cpu?: readonly number[]): Stats {
  return { median: percentile(xs, 50), p95: percentile(xs, 95), runs: xs.length, ...(cpu?.length ? { cpu: percentile(cpu, 50) } : {}) };
}

/** CPU time of this process so far, in ms. */
export function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/** Runs `fn` once: its wall and CPU time in ms. */
export function timed(fn: () => void): { wall: number; cpu: number } {
  const c0 = cpuMs();
  const t0 = performance.now();
  fn();
  return { wall: performance.now() - t0, cpu: cpuMs() - c0 };
}

/**
 * Times `fn`: a warm-up, then runs until `runs` are done or `budgetMs` is
 * spent (at least one). A warm-up over the budget counts as the only run.
 */
export function timeRuns(fn: () => void, runs: number, budgetMs: number): Stats {
  const warm = timed(fn);
  if (warm.wall >= budgetMs) return stats([warm.wall], [warm.cpu]);
  const walls: number[] = [];
  const cpus: number[] = [];
  const start = performance.now();
  while (walls.length < runs && (walls.length === 0 || performance.now() - start < budgetMs)) {
    const t = timed(fn);
    walls.push(t.wall);
    cpus.push(t.cpu);
  }
  return stats(walls, cpus);
}

/**
 * Least-squares slope of log(time) on log(size): time grows as size^slope.
 * NaN with fewer than two measured points.
 */
export function exponent(points: readonly { size: number; ms: number }[]): number {
  const p = points.filter((x) => Number.isFinite(x.ms) && x.ms > 0);
  if (p.length < 2) return NaN;
  const xs = p.map((x) => Math.log(x.size));
  const ys = p.map((x) => Math.log(x.ms));
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  let num = 0;
  let den = 0;
  xs.forEach((x, i) => {
    num += (x - mx) * (ys[i]! - my);
    den += (x - mx) ** 2;
  });
  return num / den;
}

/** Where a thread mostly ran: the core most samples found, and their share (0–1). */
export interface Residence {
  core: number;
  share: number;
}

/** The core most of `samples` found (the lower one of a tie); undefined without samples. */
export function mostlyOn(samples: readonly number[]): Residence | undefined {
  if (!samples.length) return undefined;
  const count = new Map<number, number>();
  for (const c of samples) count.set(c, (count.get(c) ?? 0) + 1);
  const [core, n] = [...count].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]!;
  return { core, share: n / samples.length };
}

/**
 * Timings grouped by the core each was mostly on, lowest core first:
 * `core 0: 11 opens, 375–442 ms (median 393 ms)`. Timings without a core are
 * left out; '' when none has one.
 */
export function byCore(times: readonly number[], where: readonly (Residence | undefined)[], what: string): string {
  const groups = new Map<number, number[]>();
  times.forEach((t, i) => {
    const r = where[i];
    if (r) groups.set(r.core, [...(groups.get(r.core) ?? []), t]);
  });
  return [...groups]
    .sort((a, b) => a[0] - b[0])
    .map(([core, ts]) => {
      const sorted = [...ts].sort((a, b) => a - b);
      const median = percentile(sorted, 50);
      return `core ${core}: ${ts.length} ${what}, ${Math.round(sorted[0]!)}–${Math.round(sorted[sorted.length - 1]!)} ms (median ${Math.round(median)} ms)`;
    })
    .join('; ');
}

/** `1,234.5 ms` under 10 s, `12.3 s` above; a dash for nothing measured. */
export function ms(x: number | undefined): string {
  if (x === undefined || !Number.isFinite(x)) return '—';
  if (x >= 10_000) return `${(x / 1000).toFixed(1)} s`;
  if (x >= 100) return `${Math.round(x).toLocaleString('en-US')} ms`;
  return `${x.toFixed(x >= 10 ? 1 : 2)} ms`;
}

export function mb(bytes: number | undefined): string {
  return bytes === undefined || !Number.isFinite(bytes) ? '—' : `${Math.round(bytes / 1048576).toLocaleString('en-US')} MB`;
}

/** ✓ when `value` meets `target` (both in the same unit, smaller is better), ✗ otherwise, blank when not measured. */
export function verdict(value: number | undefined, target: number): string {
  if (value === undefined || !Number.isFinite(value)) return '✗';
  return value <= target ? '✓' : '✗';
}

export function row(cells: readonly string[]): string {
  return `| ${cells.join(' | ')} |`;
}

export function header(cells: readonly string[]): string {
  return `${row(cells)}\n|${cells.map(() => '---').join('|')}|`;
}

/** The machine and its load, printed at the top of each benchmark: the machine is shared. */
/** The value after `flag` in the command line (`--cli PATH`, `--node PATH`), if any. */
export function option(flag: string, argv: readonly string[] = process.argv): string | undefined {
  const at = argv.indexOf(flag);
  return at >= 0 ? argv[at + 1] : undefined;
}

export function machine(): string {
  const c = cpus();
  const [l1, l5] = loadavg();
  return `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC · Node ${process.versions.node} · ${c.length} × ${c[0]?.model.trim() ?? 'cpu'} · ${mb(totalmem())} memory (${mb(freemem())} free) · load average ${l1!.toFixed(2)} (1 min), ${l5!.toFixed(2)} (5 min)`;
}

/**
 * The time a whole benchmark may take. Each case gets its own limit or what
 * is left of the whole, whichever is less; with too little left it is not run.
 */
export class Budget {
  private readonly end: number;
  constructor(private readonly totalMs: number) {
    this.end = performance.now() + totalMs;
  }

  /** The limit for a case, or undefined when less than 5 s are left. */
  limit(caseMs: number): number | undefined {
    const left = this.end - performance.now();
    return left < 5000 ? undefined : Math.min(caseMs, left);
  }

  get why(): string {
    return `not measured: the benchmark's ${Math.round(this.totalMs / 1000)} s were used up`;
  }
}

/** The result of a case run in a child process, or why there is none. */
export type Isolated<T> = { ok: true; value: T; wallMs: number } | { ok: false; why: string; wallMs: number };

/**
 * Runs `case` of `script` (this bundle) in a child process with `--expose-gc`,
 * killed after `limitMs`. The child answers with one IPC message (casesMain).
 */
export function isolated<T>(script: string, name: string, args: unknown, limitMs: number | undefined, budget?: Budget): Promise<Isolated<T>> {
  const t0 = performance.now();
  if (limitMs === undefined) return Promise.resolve({ ok: false, why: budget?.why ?? 'not measured', wallMs: 0 });
  return new Promise((resolve) => {
    const child = fork(script, ['--case', name, JSON.stringify(args)], { execArgv: ['--expose-gc', '--max-old-space-size=4096'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let settled = false;
    const settle = (r: Isolated<T>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.kill('SIGKILL');
      resolve(r);
    };
    const timer = setTimeout(() => settle({ ok: false, why: `not measured: over ${Math.round(limitMs / 1000)} s`, wallMs: performance.now() - t0 }), limitMs);
    child.on('message', (m: { value?: T; error?: string }) => settle(m.error !== undefined ? { ok: false, why: `failed: ${m.error}`, wallMs: performance.now() - t0 } : { ok: true, value: m.value as T, wallMs: performance.now() - t0 }));
    child.on('exit', (code, signal) => settle({ ok: false, why: `failed: the case exited (${signal ?? `code ${code}`})`, wallMs: performance.now() - t0 }));
  });
}

/**
 * In a child started by `isolated`: run the named case and send its result.
 * True when this process is such a child. By hand, one case without a limit:
 * `node --expose-gc dist/bench/engine.js --case recompute '{"permanents":2000,"effects":500,"runs":10,"budgetMs":10000,"limitMs":1e9}'`.
 */
export function casesMain(cases: Record<string, (args: any) => unknown | Promise<unknown>>): boolean {
  const at = process.argv.indexOf('--case');
  if (at < 0) return false;
  const name = process.argv[at + 1]!;
  const args = JSON.parse(process.argv[at + 2] ?? 'null');
  // Started by hand (no IPC channel): the result is printed as JSON, with no time limit.
  const answer = (m: { value?: unknown; error?: string }) => (process.send ? process.send(m, () => process.exit(0)) : console.log(JSON.stringify(m, null, 2)));
  void (async () => {
    try {
      answer({ value: await cases[name]!(args) });
    } catch (e) {
      answer({ error: (e as Error)?.stack ?? String(e) });
    }
  })();
  return true;
}

/** Heap kept after a full garbage collection (needs --expose-gc, which `isolated` gives). */
export function heapAfterGc(): number {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc) {
    gc();
    gc();
  }
  return process.memoryUsage().heapUsed;
}

/** Peak resident memory of this process, in bytes. */
export function peakRss(): number {
  return process.resourceUsage().maxRSS * 1024;
}
