import { test } from 'node:test';
import assert from 'node:assert/strict';
import { commentStart, expectItemId, failureMessage, mergeExpectLines, outcomesFor, scanExpectLines, sortKey, statementText } from '../../src/test-items';

const FILE = [
  '# expect in a comment is not a test',
  'scenario "expect"',
  'card "Gray Ogre" as ogre',
  '  pt 2/2',
  'enter ogre',
  'expect ogre 2/2',
  '  expect ogre: pt 2/2; color red   # indented, with a comment',
  'expected ogre 2/2',
  'expect "Ogre #2": name "a # b"',
  'expect',
  '',
].join('\r\n');

test('scan finds lines whose first word is expect, in order, without comments', () => {
  assert.deepEqual(scanExpectLines(FILE), [
    { line: 5, text: 'expect ogre 2/2' },
    { line: 6, text: 'expect ogre: pt 2/2; color red' },
    { line: 8, text: 'expect "Ogre #2": name "a # b"' },
    { line: 9, text: 'expect' },
  ]);
});

test('scan is total', () => {
  assert.deepEqual(scanExpectLines(''), []);
  assert.deepEqual(scanExpectLines(undefined as never), []);
  assert.deepEqual(scanExpectLines('expect a 1/1\rexpect b 2/2').map((l) => l.line), [0, 1]);
});

test('a # starts a comment only after a blank and outside quotes', () => {
  assert.equal(commentStart('enter wurm#2'), -1);
  assert.equal(commentStart('enter "a # b" # c'), 14);
  assert.equal(commentStart('# all'), 0);
  assert.equal(statementText('  destroy wurm#1   # gone'), 'destroy wurm#1');
});

test('ids and sort keys are stable and ordered', () => {
  assert.equal(expectItemId('file:///a.layers', 0), 'file:///a.layers#L1');
  assert.ok(sortKey(9) < sortKey(10));
});

test('outcomes follow the server: passed, failed with expected/actual, errored when not reported', () => {
  const analysis = {
    diagnostics: 2,
    expectations: [
      { line: 5, text: 'expect ogre 2/2', passed: true },
      { line: 6, text: 'expect ogre: pt 2/2', passed: false, expected: '2/2', actual: '3/3' },
    ],
  };
  const [a, b, c] = outcomesFor([5, 6, 8], analysis);
  assert.deepEqual(a, { line: 5, state: 'passed' });
  assert.deepEqual(b, { line: 6, state: 'failed', message: 'expected 2/2, but it is 3/3', expected: '2/2', actual: '3/3' });
  assert.equal(c!.state, 'errored');
  assert.match(c!.message!, /not checked \(the file has 2 diagnostics; see Problems\)/);
});

test('failure messages degrade gracefully', () => {
  assert.equal(failureMessage({ text: 'expect x 1/1', expected: '1/1', actual: '0/0' }), 'expected 1/1, but it is 0/0');
  assert.equal(failureMessage({ text: 'expect x 1/1', actual: '0/0' }), 'it is 0/0');
  assert.equal(failureMessage({ text: 'expect x 1/1' }), 'failed: expect x 1/1');
});

test('merge keeps scanned lines and adds the ones only the server knows', () => {
  const merged = mergeExpectLines([{ line: 5, text: 'expect ogre 2/2' }], {
    expectations: [
      { line: 5, text: 'different text', passed: true },
      { line: 2, text: '  expect x 1/1 ', passed: false },
    ],
  });
  assert.deepEqual(merged, [
    { line: 2, text: 'expect x 1/1' },
    { line: 5, text: 'expect ogre 2/2' },
  ]);
});
