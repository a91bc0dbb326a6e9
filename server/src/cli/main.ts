// `layerlens run`: the command line. Reads files, runs the same engine as the
// language server, prints the report (or JSON), and sets the exit code:
// 0 all good, 1 a failed expectation or an error diagnostic, 2 a usage
// error or a file that cannot be read. No file can make it crash: whatever
// goes wrong inside one file becomes an error diagnostic of that file.

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyze } from '../engine/analyze';
import type { Analysis } from '../engine/results';
import type { LayersFile } from '../syntax/ast';
import { parseLayers } from '../syntax/parser';
import { parseArgs, USAGE, type RunOptions } from './args';
import { collectFiles } from './files';
import { append } from '../util/arrays';
import { COLOR, PLAIN, plural, printable, type Style } from './format';
import { fileJson, type JsonFile } from './json';
import { readingLines } from './readings';
import { reportFile, summarize, type FileSummary } from './report';
import { traceFile } from './trace';

/** Baked in by esbuild.mjs from package.json; absent when run from source. */
declare const LAYERLENS_VERSION: string | undefined;

export interface RunEnv {
  /** stdout is a terminal: colors by default. */
  isTTY: boolean;
  /** NO_COLOR is set (https://no-color.org). */
  noColor: boolean;
  version: string;
}

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

const ZERO_RANGE = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

function internalError(e: unknown, what: string) {
  const text = e instanceof Error ? (e.stack ?? e.message) : String(e);
  return { range: ZERO_RANGE, severity: 'error' as const, code: 'internal', message: `internal error while ${what}: ${text}` };
}

function emptyAnalysis(file: LayersFile): Analysis {
  const none = { statementIndex: -1, outcomes: [] };
  return { file, diagnostics: [...file.diagnostics], snapshots: [], initial: none, expectations: [], final: none };
}

/** Parse and analyse one file; a failure of the parser or the engine becomes an error diagnostic, never a crash. */
export function analyzeFile(path: string, text: string): Analysis {
  let file: LayersFile;
  try {
    file = parseLayers(text, path);
  } catch (e) {
    file = { uri: path, text, objects: [], statements: [], comments: [], diagnostics: [internalError(e, 'parsing')] };
    return emptyAnalysis(file);
  }
  try {
    return analyze(file);
  } catch (e) {
    const a = emptyAnalysis(file);
    a.diagnostics.push(internalError(e, 'analysing'));
    return a;
  }
}

/** The report (and trace) of one file; a formatting failure still says which file and why. */
function renderFile(path: string, a: Analysis, o: RunOptions, style: Style): { lines: string[]; internal: boolean } {
  try {
    const lines = reportFile(path, a, style);
    if (o.readings) append(lines, ['', ...readingLines(a, style)]);
    if (o.trace) append(lines, ['', ...traceFile(a, style)]);
    return { lines: lines.map(printable), internal: false };
  } catch (e) {
    const d = internalError(e, 'writing the report');
    return { lines: [style.bold(path), `${path}:1:1: ${style.red('error')}: ${d.message} [internal]`].map(printable), internal: true };
  }
}

function jsonFile(path: string, a: Analysis, trace: boolean): JsonFile {
  try {
    return fileJson(path, a, trace);
  } catch (e) {
    return { file: path, diagnostics: [internalError(e, 'writing JSON')], expectations: [], objects: [], players: [], loops: [] };
  }
}

function totalLine(t: FileSummary & { files: number }, s: Style): string {
  const verdict = t.failed || t.errors ? s.red('FAILED') : s.green('OK');
  return `${verdict}: ${plural(t.files, 'file')}, ${plural(t.passed, 'expectation')} passed, ${t.failed} failed, ${plural(t.errors, 'error')}, ${plural(t.warnings, 'warning')}`;
}

export function run(argv: readonly string[], env: RunEnv): RunResult {
  const parsed = parseArgs(argv, env.isTTY && !env.noColor);
  if (!parsed.ok) return { code: 2, stdout: '', stderr: `layerlens: ${parsed.error}\n\n${USAGE}\n` };
  const o = parsed.options;
  if (o.command === 'help') return { code: 0, stdout: `${USAGE}\n`, stderr: '' };
  if (o.command === 'version') return { code: 0, stdout: `layerlens ${env.version}\n`, stderr: '' };
  const { files, problems } = collectFiles(o.paths);
  let stderr = problems.map((p) => `layerlens: cannot read "${p.path}": ${p.reason}\n`).join('');
  let code = problems.length ? 2 : 0;
  if (!files.length && !problems.length) {
    stderr += `layerlens: no .layers files found in ${o.paths.join(', ')}\n`;
    code = 2;
  }
  const style = o.color && !o.json ? COLOR : PLAIN;
  const out: string[] = [];
  const json: JsonFile[] = [];
  const total = { files: 0, passed: 0, failed: 0, errors: 0, warnings: 0 };
  for (const f of files) {
    let text: string;
    try {
      text = readFileSync(f, 'utf8');
    } catch (e) {
      stderr += `layerlens: cannot read "${f}": ${(e as Error).message}\n`;
      code = 2;
      continue;
    }
    const a = analyzeFile(f, text);
    const sum = summarize(a);
    if (o.json) json.push(jsonFile(f, a, o.trace));
    else {
      const r = renderFile(f, a, o, style);
      if (r.internal) sum.errors++;
      append(out, r.lines).push('');
    }
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

function main(): void {
  // `layerlens run … | head` closes the pipe early; that is not an error.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
      throw e;
    });
  }
  const noColor = !!process.env.NO_COLOR || process.env.TERM === 'dumb';
  const r = run(process.argv.slice(2), { isTTY: !!process.stdout.isTTY, noColor, version: version() });
  process.stdout.write(r.stdout);
  process.stderr.write(r.stderr);
  process.exitCode = r.code;
}

if (require.main === module) main();
