// What the status bar item says for the active `.layers` file. Pure so the
// exact text (`$(layers) Layerlens ✓ 12 ✗ 1`; the page shows
// `Layerlens ✓ 12 ✗ 1` after the icon, which end-to-end tests read) is unit-tested.

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

/** The item's icon (a codicon): the same layers as the Layer Trace button. */
export const STATUS_ICON = '$(layers)';

export function statusText(a: Pick<AnalysisResult, 'expectations'>): string {
  const { passed, failed } = countExpectations(a);
  return `${STATUS_ICON} Layerlens ✓ ${passed} ✗ ${failed}`;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

const problems = (n: number) => `${n} ${n === 1 ? 'error or warning' : 'errors or warnings'}`;

function fileName(uri: string | undefined): string {
  const path = String(uri ?? '').replace(/[?#].*$/, '');
  try {
    return decodeURIComponent(path.slice(path.lastIndexOf('/') + 1)) || 'this file';
  } catch {
    return path.slice(path.lastIndexOf('/') + 1) || 'this file';
  }
}

export function statusView(a: AnalysisResult): StatusView {
  const { passed, failed } = countExpectations(a);
  const lines = [
    `Layerlens · ${fileName(a.uri)}`,
    `✓ ${passed} ${passed === 1 ? 'expectation passes' : 'expectations pass'} · ✗ ${failed} ${failed === 1 ? 'fails' : 'fail'}`,
    `${problems(a.diagnostics ?? 0)} in Problems · ${plural(a.objects ?? 0, 'object')} in play`,
    'Click to run this file and show its report.',
  ];
  return { text: statusText(a), tooltip: lines.join('\n'), tone: failed > 0 ? 'failed' : 'ok' };
}

/** The spinning icon of the busy states. */
export const BUSY_ICON = '$(sync~spin)';

export function busyView(): StatusView {
  return { text: `${BUSY_ICON} Layerlens`, tooltip: 'Layerlens: analysing…', tone: 'busy' };
}

/**
 * The quiet state while the server says the file's analysis lags its text
 * (`layerlens/analysing`): the spinning icon in place of the layers, the
 * counts of the last finished analysis of this file (so the item keeps its
 * width), no error background, and a tooltip that says the counts are old.
 * `last` is that file's last analysis, if there is one.
 */
export function analysingView(last: AnalysisResult | undefined, uri: string): StatusView {
  const name = fileName(uri);
  if (!last) return { text: `${BUSY_ICON} Layerlens`, tooltip: `Layerlens · ${name}\nAnalysing… results will follow.`, tone: 'busy' };
  const { passed, failed } = countExpectations(last);
  return {
    text: `${BUSY_ICON} Layerlens ✓ ${passed} ✗ ${failed}`,
    tooltip: [`Layerlens · ${name}`, 'Analysing the latest edit… the counts are from before it.', 'Click to run this file and show its report.'].join('\n'),
    tone: 'busy',
  };
}

export function errorView(message: string): StatusView {
  return { text: '$(warning) Layerlens', tooltip: `Layerlens: ${message}`, tone: 'error' };
}
