// `layerlens run`: the command line. Reads files, runs the same engine as the
// language server, prints the report (or JSON), and sets the exit code:
// 0 all good, 1 a failed expectation or an error diagnostic, 2 a usage
// error or a file that cannot be read. No file can make it crash: whatever
// goes wrong inside one file becomes an error diagnostic of that file.

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs, USAGE, type RunOptions } from './args';
import { collectFiles } from './files';
import { append } from '../util/arrays';
import { checkFile, type FileOutcome } from './check';
import { COLOR, PLAIN, plural, printable, type Style } from './format';
import type { JsonFile } from './json';
import type { FileSummary } from './report';
import { checkInWorkers, isRunWorker, resolveJobs, serveAsWorker } from './workers';
import { tuneCompiler } from '../tuning';

export { analyzeFile } from './check';

/** Baked in by esbuild.mjs from package.json; absent when run from source. */
declare const LAYERLENS_VERSION: string | undefined;

export interface RunEnv {
  /** stdout is a terminal: colors by default. */
  isTTY: boolean;
  /** NO_COLOR is set (https://no-color.org). */
  noColor: boolean;
  version: string;
  /** LAYERLENS_WORKERS, the number of worker threads when `--jobs` is not given. */
  workers?: string;
}

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** What a run does once its arguments are read: an answer already (help, usage error), or files to check. */
type Plan = { done: RunResult } | { done?: undefined; options: RunOptions; files: string[]; jobs: number; stderr: string; code: number };

function plan(argv: readonly string[], env: RunEnv): Plan {
  const parsed = parseArgs(argv, env.isTTY && !env.noColor);
  if (!parsed.ok) return { done: usageError(parsed.error) };
  const o = parsed.options;
  if (o.command === 'help') return { done: { code: 0, stdout: `${USAGE}\n`, stderr: '' } };
  if (o.command === 'version') return { done: { code: 0, stdout: `layerlens ${env.version}\n`, stderr: '' } };
  const jobs = resolveJobs(o.jobs, env.workers);
  if (typeof jobs !== 'number') return { done: usageError(jobs.error) };
  const { files, problems } = collectFiles(o.paths);
  let stderr = problems.map((p) => `layerlens: cannot read "${p.path}": ${p.reason}\n`).join('');
  let code = problems.length ? 2 : 0;
  if (!files.length && !problems.length) {
    stderr += `layerlens: no .layers files found in ${o.paths.join(', ')}\n`;
    code = 2;
  }
  return { options: o, files, jobs, stderr, code };
}

function usageError(error: string): RunResult {
  return { code: 2, stdout: '', stderr: `layerlens: ${error}\n\n${USAGE}\n` };
}

function totalLine(t: FileSummary & { files: number }, s: Style): string {
  const verdict = t.failed || t.errors ? s.red('FAILED') : s.green('OK');
  return `${verdict}: ${plural(t.files, 'file')}, ${plural(t.passed, 'expectation')} passed, ${t.failed} failed, ${plural(t.errors, 'error')}, ${plural(t.warnings, 'warning')}`;
}

/** The run's output from the outcomes of its files, in the order of the file list. */
function finish(p: Exclude<Plan, { done: RunResult }>, outcomes: readonly FileOutcome[]): RunResult {
  const o = p.options;
  let { stderr, code } = p;
  const style = o.color && !o.json ? COLOR : PLAIN;
  const out: string[] = [];
  const json: JsonFile[] = [];
  const total = { files: 0, passed: 0, failed: 0, errors: 0, warnings: 0 };
  for (const f of outcomes) {
    if (f.kind === 'unreadable') {
      stderr += `layerlens: cannot read "${f.path}": ${f.message}\n`;
      code = 2;
      continue;
    }
    const sum = f.summary;
    if (f.json) json.push(f.json);
    if (f.text !== undefined) out.push(f.text, '');
    total.files++;
    total.passed += sum.passed;
    total.failed += sum.failed;
    total.errors += sum.errors;
    total.warnings += sum.warnings;
    // 1 needs a failed expectation or an error; warnings never fail a run.
    if (sum.failed || sum.errors) code = Math.max(code, 1);
  }
  stderr = printable(stderr);
  if (o.json) return { code, stdout: `${JSON.stringify({ files: json }, null, 2)}\n`, stderr };
  if (!total.files) return { code, stdout: '', stderr };
  out.push(totalLine(total, style));
  return { code, stdout: `${out.join('\n')}\n`, stderr };
}

/** A run in this thread, one file after another (whatever `--jobs` says). */
export function run(argv: readonly string[], env: RunEnv): RunResult {
  const p = plan(argv, env);
  if (p.done) return p.done;
  return finish(p, p.files.map((f) => checkFile(f, p.options)));
}

/**
 * A run with `--jobs` / LAYERLENS_WORKERS worker threads when there are
 * several files; `script` is the file a worker starts (the bundle itself).
 * Same output as `run`.
 */
export async function runParallel(argv: readonly string[], env: RunEnv, script?: string): Promise<RunResult> {
  const p = plan(argv, env);
  if (p.done) return p.done;
  if (p.jobs <= 1 || p.files.length <= 1) return finish(p, p.files.map((f) => checkFile(f, p.options)));
  return finish(p, await checkInWorkers(p.files, p.options, p.jobs, script));
}

/** The version baked in at build time, else package.json next to the bundle or the sources. */
export function version(): string {
  if (typeof LAYERLENS_VERSION === 'string') return LAYERLENS_VERSION;
  for (const p of [join(__dirname, '..', 'package.json'), join(__dirname, '..', '..', '..', 'package.json')]) {
    try {
      if (existsSync(p)) return (JSON.parse(readFileSync(p, 'utf8')) as { version?: string }).version ?? '0.0.0';
    } catch {
      // fall through to the next candidate
    }
  }
  return '0.0.0';
}

async function main(): Promise<void> {
  tuneCompiler();
  // `layerlens run … | head` closes the pipe early; that is not an error.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
      throw e;
    });
  }
  const noColor = !!process.env.NO_COLOR || process.env.TERM === 'dumb';
  const r = await runParallel(process.argv.slice(2), { isTTY: !!process.stdout.isTTY, noColor, version: version(), workers: process.env.LAYERLENS_WORKERS });
  process.stdout.write(r.stdout);
  process.stderr.write(r.stderr);
  process.exitCode = r.code;
}

// The bundle is also the worker of a parallel run (workers.ts).
if (isRunWorker()) serveAsWorker();
else if (require.main === module) void main();
