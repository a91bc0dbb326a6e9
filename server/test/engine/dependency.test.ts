import test from 'node:test';
import assert from 'node:assert/strict';
import { stronglyConnected, compareSignatures } from '../../src/engine/dependency';

test('strongly connected components find loops and singletons', () => {
  const g: Record<string, string[]> = { a: ['b'], b: ['a'], c: ['a'], d: [] };
  const comps = stronglyConnected(Object.keys(g), (n) => g[n]!).map((c) => [...c].sort().join(''));
  assert.deepEqual(comps.sort(), ['ab', 'c', 'd']);
});

test('a 10,000-long dependency chain does not overflow the stack', () => {
  const n = 10000;
  const nodes = [...Array(n).keys()].map(String);
  const comps = stronglyConnected(nodes, (x) => (Number(x) + 1 < n ? [String(Number(x) + 1)] : []));
  assert.equal(comps.length, n);
});

test('613.8a: signatures name the way one effect changes another', () => {
  const base = { exists: true, affected: 'a', does: '[1]', text: 't' };
  assert.equal(compareSignatures(base, { ...base }), undefined);
  assert.equal(compareSignatures(base, { ...base, exists: false }), 'changes whether it exists');
  assert.equal(compareSignatures(base, { ...base, affected: 'a,b' }), 'changes what it applies to');
  assert.equal(compareSignatures(base, { ...base, does: '[2]' }), 'changes what it does');
  assert.equal(compareSignatures(base, { ...base, text: 'u' }), 'changes its text');
});
