import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analysingView, BUSY_ICON, busyView, countExpectations, errorView, STATUS_ICON, statusText, statusView } from '../../src/status-text';
import type { AnalysisResult } from '../../src/protocol';

function analysis(passed: number, failed: number, diagnostics = 0, objects = 3): AnalysisResult {
  const expectations = [
    ...Array.from({ length: passed }, (_, i) => ({ line: i, text: `expect a${i} 1/1`, passed: true })),
    ...Array.from({ length: failed }, (_, i) => ({ line: 100 + i, text: `expect b${i} 1/1`, passed: false, expected: '1/1', actual: '2/2' })),
  ];
  return { uri: 'file:///a.layers', expectations, diagnostics, objects };
}

test('the status text is exactly "<icon> Layerlens ✓ passed ✗ failed"', () => {
  assert.equal(statusText(analysis(12, 1)), '$(layers) Layerlens ✓ 12 ✗ 1');
  assert.equal(statusText(analysis(0, 0)), '$(layers) Layerlens ✓ 0 ✗ 0');
});

test('counts tolerate a missing expectations list', () => {
  assert.deepEqual(countExpectations({ expectations: undefined as never }), { passed: 0, failed: 0 });
});

test('a failure paints the item as failed; all passing is ok', () => {
  assert.equal(statusView(analysis(3, 1)).tone, 'failed');
  assert.equal(statusView(analysis(3, 0)).tone, 'ok');
});

test('the tooltip names the file, gives the counts in words and says what a click does', () => {
  const t = statusView(analysis(1, 2, 4, 1)).tooltip;
  assert.equal(
    t,
    ['Layerlens · a.layers', '✓ 1 expectation passes · ✗ 2 fail', '4 errors or warnings in Problems · 1 object in play', 'Click to run this file and show its report.'].join('\n'),
  );
  assert.match(statusView(analysis(2, 1, 1, 2)).tooltip, /✓ 2 expectations pass · ✗ 1 fails\n1 error or warning in Problems · 2 objects in play/);
  assert.match(statusView({ ...analysis(0, 0), uri: 'file:///w/my%20scenario.layers' }).tooltip, /^Layerlens · my scenario\.layers\n/);
});

test('busy and error views are distinct from results', () => {
  assert.equal(busyView().tone, 'busy');
  const e = errorView('server is not running');
  assert.equal(e.tone, 'error');
  assert.match(e.tooltip, /server is not running/);
  assert.doesNotMatch(e.text, /✓/);
});

test('while the server analyses, the item spins quietly and keeps the last counts of the file', () => {
  const v = analysingView(analysis(12, 1), 'file:///w/big.layers');
  assert.equal(v.text, `${BUSY_ICON} Layerlens ✓ 12 ✗ 1`, 'same width as the result it replaces');
  assert.equal(v.tone, 'busy', 'no error background while the counts may be stale');
  assert.match(v.tooltip, /^Layerlens · big\.layers\nAnalysing the latest edit… the counts are from before it\./);
  assert.doesNotMatch(v.text, new RegExp(STATUS_ICON.replace(/[$()]/g, '\\$&')), 'the spinner replaces the layers icon');
});

test('analysing a file with no result yet says only that', () => {
  const v = analysingView(undefined, 'file:///w/new.layers');
  assert.equal(v.text, `${BUSY_ICON} Layerlens`);
  assert.equal(v.tone, 'busy');
  assert.match(v.tooltip, /new\.layers\nAnalysing… results will follow\./);
});
