// What the status bar item says for the active `.layers` file. Pure so the
// exact text (`✓ 12 ✗ 1`, which end-to-end tests read) is unit-tested.

import type { AnalysisResult } from './protocol';

export interface StatusView {
  text: string;
  tooltip: string;
  /** `failed` paints the item with the error background. */
  tone: 'ok' | 'failed' | 'busy' | 'error';
}

export function countExpectations(a: Pick<AnalysisResult, 'expectations'>): { passed: number; failed: number } {
  let passed = 0;
  let failed = 0;
  for (const e of a.expectations ?? []) {
    if (e.passed) passed++;
    else failed++;
  }
  return { passed, failed };
}

export function statusText(a: Pick<AnalysisResult, 'expectations'>): string {
  const { passed, failed } = countExpectations(a);
  return `✓ ${passed} ✗ ${failed}`;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function statusView(a: AnalysisResult): StatusView {
  const { passed, failed } = countExpectations(a);
  const lines = [
    `Layerlens: ${plural(passed, 'expectation')} passed, ${failed} failed`,
    `${plural(a.diagnostics ?? 0, 'diagnostic')}, ${plural(a.objects ?? 0, 'object')}`,
    'Click to run the scenario.',
  ];
  return { text: statusText(a), tooltip: lines.join('\n'), tone: failed > 0 ? 'failed' : 'ok' };
}

export function busyView(): StatusView {
  return { text: '$(sync~spin) Layerlens', tooltip: 'Layerlens: analysing…', tone: 'busy' };
}

export function errorView(message: string): StatusView {
  return { text: '$(warning) Layerlens', tooltip: `Layerlens: ${message}`, tone: 'error' };
}
