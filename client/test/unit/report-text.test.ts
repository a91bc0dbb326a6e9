import { test } from 'node:test';
import assert from 'node:assert/strict';
import { aggregateReport, fileSection, isClean, summaryLine, totals } from '../../src/report-text';

test('totals add up reports and count unreachable files', () => {
  const t = totals([
    { label: 'a.layers', report: { text: 'A', passed: 3, failed: 1, errors: 0 } },
    { label: 'b.layers', report: { text: 'B', passed: 2, failed: 0, errors: 2 } },
    { label: 'c.layers', error: 'server down' },
  ]);
  assert.deepEqual(t, { files: 3, passed: 5, failed: 1, errors: 2, unreachable: 1 });
  assert.equal(isClean(t), false);
});

test('the aggregate shows every file in order and ends with the summary', () => {
  const { text, totals: t } = aggregateReport([
    { label: 'samples/a.layers', report: { text: 'report A\n\n', passed: 1, failed: 0, errors: 0 } },
    { label: 'samples/b.layers', report: { text: 'report B', passed: 2, failed: 0, errors: 0 } },
  ]);
  assert.ok(isClean(t));
  assert.ok(text.indexOf('samples/a.layers') < text.indexOf('report A'));
  assert.ok(text.indexOf('report A') < text.indexOf('samples/b.layers'));
  assert.match(text, /✓ 2 files: 3 passed, 0 failed, 0 errors\n$/);
});

test('a failing run is marked ✗ and names what was not analysed', () => {
  const { text } = aggregateReport([{ label: 'x.layers', error: 'boom' }]);
  assert.match(text, /error: boom/);
  assert.match(text, /✗ 1 file: 0 passed, 0 failed, 0 errors; 1 file not analysed/);
});

test('summary and sections of a single file', () => {
  assert.equal(summaryLine({ passed: 1, failed: 2, errors: 1 }), '1 passed, 2 failed, 1 error');
  assert.match(fileSection({ label: 'a.layers', report: { text: 'body   \n', passed: 0, failed: 0, errors: 0 } }), /\na\.layers\n─+\nbody\n$/);
});
