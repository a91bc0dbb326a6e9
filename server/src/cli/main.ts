// `layerlens run`: the command line. Reads files, runs the same engine as the
// language server, prints the report (or JSON), and sets the exit code.

import { readFileSync } from 'node:fs';
import { analyze } from '../engine/analyze';
import type { Analysis } from '../engine/results';
import { parseLayers } from '../syntax/parser';
import { parseArgs, USAGE, type RunOptions } from './args';
import { collectFiles } from './files';
import { COLOR, PLAIN } from './format';
import { fileJson } from './json';
import { reportFile, summarize } from './report';
import { traceFile } from './trace';

declare const LAYERLENS_VERSION: string | undefined;

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Analyse one file; an engine failure becomes an error diagnostic, never a crash. */
export function analyzeFile(path: string, text: string): Analysis {
  const file = parseLayers(text, path);
  try {
    return analyze(file);
  } catch (e) {
    const range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
    const initial = { statementIndex: -1, outcomes: [] };
    return {
      file,
      diagnostics: [...file.diagnostics, { range, severity: 'error', code: 'internal', message: `internal error: ${(e as Error)?.stack ?? e}` }],
      snapshots: [],
      initial,
      expectations: [],
      final: initial,
    };
  }
}

export function run(argv: readonly string[], env: { isTTY: boolean; noColor: boolean; version: string }): RunResult {
  const parsed = parseArgs(argv, env.isTTY && !env.noColor);
  if (!parsed.ok) return { code: 2, stdout: '', stderr: `layerlens: ${parsed.error}\n\n${USAGE}\n` };
  const o: RunOptions = parsed.options;
  if (o.command === 'help') return { code: 0, stdout: `${USAGE}\n`, stderr: '' };
  if (o.command === 'version') return { code: 0, stdout: `layerlens ${env.version}\n`, stderr: '' };
  const { files, missing } = collectFiles(o.paths);
  let stderr = missing.map((m) => `layerlens: cannot read "${m}": no such file or directory\n`).join('');
  let code = missing.length ? 2 : 0;
  if (!files.length && !missing.length) {
    stderr += `layerlens: no .layers files found in ${o.paths.join(', ')}\n`;
    code = 2;
  }
  const style = o.color ? COLOR : PLAIN;
  const out: string[] = [];
  const json: unknown[] = [];
  const total = { files: 0, passed: 0, failed: 0, errors: 0 };
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
    total.files++;
    total.passed += sum.passed;
    total.failed += sum.failed;
    total.errors += sum.errors;
    if (sum.failed || sum.errors) code = Math.max(code, 1);
    if (o.json) json.push(fileJson(f, a));
    else {
      out.push(...reportFile(f, a, style));
      if (o.trace) out.push('', ...traceFile(a, style));
      out.push('');
    }
  }
  if (o.json) return { code, stdout: `${JSON.stringify({ files: json }, null, 2)}\n`, stderr };
  if (!total.files) return { code, stdout: '', stderr };
  const verdict = total.failed || total.errors ? style.red('FAILED') : style.green('OK');
  out.push(`${verdict}: ${total.files} file${total.files === 1 ? '' : 's'}, ${total.passed} expectation${total.passed === 1 ? '' : 's'} passed, ${total.failed} failed, ${total.errors} error${total.errors === 1 ? '' : 's'}`);
  return { code, stdout: `${out.join('\n')}\n`, stderr };
}

function main(): void {
  const version = typeof LAYERLENS_VERSION === 'string' ? LAYERLENS_VERSION : '0.0.0';
  const r = run(process.argv.slice(2), { isTTY: !!process.stdout.isTTY, noColor: !!process.env.NO_COLOR, version });
  process.stdout.write(r.stdout);
  process.stderr.write(r.stderr);
  process.exitCode = r.code;
}

if (require.main === module) main();
