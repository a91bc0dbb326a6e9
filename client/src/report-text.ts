// Text for the "Layerlens" output channel: one file's report, or the
// workspace run that strings many of them together. Pure.

import type { ReportResult } from './protocol';

export interface FileReport {
  /** What to show for the file (workspace-relative path). */
  label: string;
  report?: ReportResult;
  /** Set when the server could not produce a report. */
  error?: string;
}

export interface Totals {
  files: number;
  passed: number;
  failed: number;
  errors: number;
  /** Files whose report could not be obtained. */
  unreachable: number;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function summaryLine(t: Omit<Totals, 'files' | 'unreachable'> & Partial<Pick<Totals, 'files' | 'unreachable'>>): string {
  const parts = [`${t.passed} passed`, `${t.failed} failed`, plural(t.errors, 'error')];
  const head = t.files !== undefined ? `${plural(t.files, 'file')}: ` : '';
  const tail = t.unreachable ? `; ${plural(t.unreachable, 'file')} not analysed` : '';
  return `${head}${parts.join(', ')}${tail}`;
}

/** `ok` only when nothing failed, nothing errored and every file was analysed. */
export function isClean(t: Totals): boolean {
  return t.failed === 0 && t.errors === 0 && t.unreachable === 0;
}

export function fileSection(f: FileReport): string {
  const rule = '─'.repeat(Math.min(80, Math.max(20, f.label.length + 4)));
  const body = f.report ? String(f.report.text ?? '').replace(/\s+$/, '') : `error: ${f.error ?? 'no report'}`;
  return `${rule}\n${f.label}\n${rule}\n${body}\n`;
}

export function totals(files: readonly FileReport[]): Totals {
  const t: Totals = { files: files.length, passed: 0, failed: 0, errors: 0, unreachable: 0 };
  for (const f of files) {
    if (!f.report) {
      t.unreachable++;
      continue;
    }
    t.passed += num(f.report.passed);
    t.failed += num(f.report.failed);
    t.errors += num(f.report.errors);
  }
  return t;
}

/** The whole workspace run: each file's report, then one summary line. */
export function aggregateReport(files: readonly FileReport[]): { text: string; totals: Totals } {
  const t = totals(files);
  const sections = files.map(fileSection);
  const text = `${sections.join('\n')}\n${isClean(t) ? '✓' : '✗'} ${summaryLine(t)}\n`;
  return { text, totals: t };
}

function num(v: unknown): number {
  return typeof v === 'number' && Number.isFinite(v) ? v : 0;
}
