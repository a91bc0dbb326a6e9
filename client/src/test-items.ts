// Pure logic behind the Test Explorer: find the `expect` lines of a file (a
// light local scan, so tests show up before the server has analysed
// anything) and turn the server's analysis into one outcome per line.

import type { AnalysisResult, ExpectationResult } from './protocol';

export interface ExpectLine {
  /** Zero-based line. */
  line: number;
  /** The statement without indentation and trailing comment, e.g. `expect ogre 5/8`. */
  text: string;
}

export type OutcomeState = 'passed' | 'failed' | 'errored';

export interface ExpectOutcome {
  line: number;
  state: OutcomeState;
  /** For `failed`: `expected pt 5/8, but it is pt 7/9`; for `errored`: why it was not checked. */
  message?: string;
  expected?: string;
  actual?: string;
}

/** Where a `#` comment starts (spec 1: at the content start or after a blank, outside quotes). */
export function commentStart(line: string): number {
  let inQuote = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c === '"') inQuote = !inQuote;
    else if (c === '#' && !inQuote && (i === 0 || /\s/.test(line[i - 1]!) )) return i;
  }
  return -1;
}

/** The statement text of a line: no indentation, no comment, no trailing blanks. */
export function statementText(line: string): string {
  const c = commentStart(line);
  return (c >= 0 ? line.slice(0, c) : line).trim();
}

/** Every line whose first word is `expect`, in file order. Never throws. */
export function scanExpectLines(text: string): ExpectLine[] {
  const out: ExpectLine[] = [];
  const lines = String(text ?? '').split(/\r\n|\r|\n/);
  for (let i = 0; i < lines.length; i++) {
    const s = statementText(lines[i]!);
    if (/^expect(\s|$)/i.test(s)) out.push({ line: i, text: s });
  }
  return out;
}

/** Test item ids: stable across rescans so results stay attached. */
export function fileItemId(uri: string): string {
  return uri;
}

export function expectItemId(uri: string, line: number): string {
  return `${uri}#L${line + 1}`;
}

/** Sort key so children show in file order (the Test Explorer sorts by label otherwise). */
export function sortKey(line: number): string {
  return String(line).padStart(7, '0');
}

/** What a failed expectation says, in the words of its code lens (`✗ expected pt 3/3 · is pt 5/8`). */
export function failureMessage(e: Pick<ExpectationResult, 'expected' | 'actual' | 'text'>): string {
  if (e.expected !== undefined && e.actual !== undefined) return `expected ${e.expected}, but it is ${e.actual}`;
  if (e.actual !== undefined) return `it is ${e.actual}`;
  return `failed: ${e.text}`;
}

/**
 * One outcome per requested line. The server is the truth: a line it did not
 * report (a syntax error, an expectation after a fatal error) is `errored`.
 */
export function outcomesFor(lines: readonly number[], analysis: Pick<AnalysisResult, 'expectations' | 'diagnostics'>): ExpectOutcome[] {
  const byLine = new Map<number, ExpectationResult>();
  for (const e of analysis.expectations ?? []) if (!byLine.has(e.line)) byLine.set(e.line, e);
  return lines.map((line) => {
    const e = byLine.get(line);
    if (!e) {
      const d = analysis.diagnostics ?? 0;
      return {
        line,
        state: 'errored',
        message: `This expectation was not checked${d > 0 ? ` (the file has ${d} diagnostic${d === 1 ? '' : 's'}; see Problems)` : ''}.`,
      };
    }
    if (e.passed) return { line, state: 'passed' };
    return { line, state: 'failed', message: failureMessage(e), expected: e.expected, actual: e.actual };
  });
}

/**
 * Merge the local scan with the server's list: the server may know lines the
 * scan missed (and its text wins), the scan keeps lines the server skipped.
 */
export function mergeExpectLines(scanned: readonly ExpectLine[], analysis?: Pick<AnalysisResult, 'expectations'>): ExpectLine[] {
  const byLine = new Map<number, ExpectLine>();
  for (const l of scanned) byLine.set(l.line, l);
  for (const e of analysis?.expectations ?? []) {
    const text = String(e.text ?? '').trim();
    if (!byLine.has(e.line)) byLine.set(e.line, { line: e.line, text: text || `expect (line ${e.line + 1})` });
  }
  return [...byLine.values()].sort((a, b) => a.line - b.line);
}
