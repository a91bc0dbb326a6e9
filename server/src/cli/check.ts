// The work `layerlens run` does for one file: read it, parse and analyse it,
// and render its report or its JSON. The same function runs in the main
// thread (one job) and in the worker threads (workers.ts), so a file's output
// cannot depend on where it was checked. Nothing here throws: whatever goes
// wrong inside a file becomes an error diagnostic of that file.

import { readFileSync } from 'node:fs';
import { analyze } from '../engine/analyze';
import type { Analysis } from '../engine/results';
import type { LayersFile } from '../syntax/ast';
import { parseLayers } from '../syntax/parser';
import { append } from '../util/arrays';
import { COLOR, PLAIN, printable, type Style } from './format';
import { fileJson, type JsonFile } from './json';
import { readingLines } from './readings';
import { reportFile, summarize, type FileSummary } from './report';
import { traceFile } from './trace';

/** What the output of one file depends on (plain data: it is posted to workers). */
export interface CheckOptions {
  json: boolean;
  trace: boolean;
  readings: boolean;
  color: boolean;
}

/**
 * The result of one file (plain data: workers post it back). The report is one
 * string, its lines joined: posting one string from a worker costs a copy,
 * posting thousands of lines costs a clone of each.
 */
export type FileOutcome =
  | { kind: 'unreadable'; path: string; message: string }
  | { kind: 'checked'; path: string; summary: FileSummary; json?: JsonFile; text?: string };

const ZERO_RANGE = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

export function internalError(e: unknown, what: string) {
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
function renderFile(path: string, a: Analysis, o: CheckOptions, style: Style): { lines: string[]; internal: boolean } {
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

/** Read, analyse and render one file. */
export function checkFile(path: string, o: CheckOptions): FileOutcome {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    return { kind: 'unreadable', path, message: (e as Error).message };
  }
  const a = analyzeFile(path, text);
  const summary = summarize(a);
  if (o.json) return { kind: 'checked', path, summary, json: jsonFile(path, a, o.trace) };
  const r = renderFile(path, a, o, o.color ? COLOR : PLAIN);
  if (r.internal) summary.errors++;
  return { kind: 'checked', path, summary, text: r.lines.join('\n') };
}

/** A file whose checking was lost (its worker died): an error of that file, as an engine failure would be. */
export function lostFile(path: string, o: CheckOptions, why: string): FileOutcome {
  const d = internalError(new Error(why), 'checking this file');
  const summary = { passed: 0, failed: 0, errors: 1, warnings: 0 };
  if (o.json) return { kind: 'checked', path, summary, json: { file: path, diagnostics: [d], expectations: [], objects: [], players: [], loops: [] } };
  const style = o.color ? COLOR : PLAIN;
  return { kind: 'checked', path, summary, text: [style.bold(path), `${path}:1:1: ${style.red('error')}: ${d.message} [internal]`].map(printable).join('\n') };
}
