import { test } from 'node:test';
import assert from 'node:assert/strict';
import { looksLikeUri, parseTraceArgs } from '../../src/trace-args';

test('no argument or junk means the active editor', () => {
  assert.deepEqual(parseTraceArgs(undefined), {});
  assert.deepEqual(parseTraceArgs(42), {});
  assert.deepEqual(parseTraceArgs({ uri: 7, object: 3 }), {});
  assert.deepEqual(parseTraceArgs('   '), {});
});

test('a URI string, a path, or a Uri-like object', () => {
  assert.deepEqual(parseTraceArgs('file:///w/a.layers'), { uri: 'file:///w/a.layers' });
  assert.deepEqual(parseTraceArgs('/w/a.layers'), { uri: '/w/a.layers' });
  const uriLike = { scheme: 'file', path: '/w/a.layers', toString: () => 'file:///w/a.layers' };
  assert.deepEqual(parseTraceArgs(uriLike), { uri: 'file:///w/a.layers' });
});

test('{ uri, object } from a code lens', () => {
  assert.deepEqual(parseTraceArgs({ uri: 'file:///w/a.layers', object: ' ogre ' }), { uri: 'file:///w/a.layers', object: 'ogre' });
  assert.deepEqual(parseTraceArgs({ object: 'ogre' }), { object: 'ogre' });
});

test('URIs and paths are told apart', () => {
  assert.equal(looksLikeUri('file:///a'), true);
  assert.equal(looksLikeUri('untitled:Untitled-1'), true);
  assert.equal(looksLikeUri('vscode-remote://x/a'), true);
  assert.equal(looksLikeUri('/home/a.layers'), false);
  assert.equal(looksLikeUri('C:\\work\\a.layers'), false);
  assert.equal(looksLikeUri('c:/work/a.layers'), false);
});

test('URI components without a useful toString are rebuilt', () => {
  assert.deepEqual(parseTraceArgs({ uri: { scheme: 'file', authority: '', path: '/w/a.layers' }, object: 'ogre' }), { uri: 'file:///w/a.layers', object: 'ogre' });
  assert.deepEqual(parseTraceArgs({ scheme: 'file', path: '' }), {});
});

test('{ uri, object, line } picks a point of the timeline; a bad line is ignored', () => {
  assert.deepEqual(parseTraceArgs({ uri: 'file:///w/a.layers', object: 'ogre', line: 12 }), { uri: 'file:///w/a.layers', object: 'ogre', line: 12 });
  assert.deepEqual(parseTraceArgs({ uri: 'file:///w/a.layers', line: '3' }), { uri: 'file:///w/a.layers', line: 3 });
  for (const bad of [-1, 1.5, 1e308, Number.NaN, 'x', null, {}]) {
    assert.deepEqual(parseTraceArgs({ uri: 'file:///w/a.layers', line: bad }), { uri: 'file:///w/a.layers' }, String(bad));
  }
});
