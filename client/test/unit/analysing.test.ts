import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AnalysingFiles, readAnalysingParams } from '../../src/analysing';
import { Notifications } from '../../src/protocol';

const A = 'file:///w/a.layers';
const B = 'file:///w/b.layers';

test('the notification is the one the server sends', () => {
  assert.equal(Notifications.analysing, 'layerlens/analysing');
});

test('busy: true lists the file, busy: false takes it off; each change is reported once', () => {
  const f = new AnalysingFiles();
  assert.equal(f.update({ uri: A, busy: true }), true);
  assert.equal(f.has(A), true);
  assert.equal(f.has(B), false);
  assert.equal(f.update({ uri: A, busy: true }), false, 'a repeat changes nothing');
  assert.equal(f.update({ uri: B, busy: true }), true);
  assert.equal(f.update({ uri: A, busy: false }), true);
  assert.equal(f.has(A), false);
  assert.equal(f.has(B), true, 'files are independent');
  assert.equal(f.update({ uri: A, busy: false }), false);
});

test("the server's URI is mapped to the editor's form", () => {
  const f = new AnalysingFiles();
  f.update({ uri: 'file:///w/a%20b.layers', busy: true }, (u) => decodeURIComponent(u));
  assert.equal(f.has('file:///w/a b.layers'), true);
});

test('malformed notifications change nothing', () => {
  const f = new AnalysingFiles();
  for (const p of [undefined, null, 3, 'x', {}, { uri: A }, { busy: true }, { uri: 1, busy: true }, { uri: A, busy: 'yes' }]) {
    assert.equal(readAnalysingParams(p), undefined, JSON.stringify(p));
    assert.equal(f.update(p), false);
  }
  assert.equal(f.has(A), false);
});

test('a stopped or restarted server leaves nothing listed', () => {
  const f = new AnalysingFiles();
  assert.equal(f.clear(), false, 'nothing to clear');
  f.update({ uri: A, busy: true });
  f.update({ uri: B, busy: true });
  assert.equal(f.clear(), true);
  assert.equal(f.has(A) || f.has(B), false);
});
