// A list kept in many versions (util/persistent-list.ts): each version reads
// as the array it stands for, never changes once made, and shares with the
// version it was made from what no change reached.

import test from 'node:test';
import assert from 'node:assert/strict';
import { PersistentList } from '../../src/util/persistent-list';

/** A small deterministic generator (the same sequence every run). */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

const range = (n: number, f = (i: number) => i) => Array.from({ length: n }, (_, i) => f(i));

test('a list made from an array reads as that array, across the lengths where the trie gains a level', () => {
  for (const n of [0, 1, 31, 32, 33, 1023, 1024, 1025, 40_000]) {
    const xs = range(n, (i) => i * 3);
    const l = PersistentList.of(xs);
    assert.equal(l.length, n);
    assert.deepEqual(l.toArray(), xs);
    assert.deepEqual([...l], xs);
    assert.equal(l.at(n), undefined);
    assert.equal(l.at(-1), undefined);
    if (n) assert.equal(l.at(n - 1), (n - 1) * 3);
  }
});

test('versions made by pushes and sets read as arrays changed alike; every earlier version keeps its values', () => {
  const next = random(7);
  const versions: { list: PersistentList<number>; array: number[] }[] = [{ list: PersistentList.of<number>([]), array: [] }];
  for (let step = 0; step < 3000; step++) {
    const { list, array } = versions[versions.length - 1]!;
    const edit = list.edit();
    const copy = array.slice();
    const pushes = Math.floor(next() * 3);
    for (let k = 0; k < pushes; k++) {
      const v = Math.floor(next() * 1e6);
      edit.push(v);
      copy.push(v);
    }
    const sets = copy.length ? Math.floor(next() * 3) : 0;
    for (let k = 0; k < sets; k++) {
      const i = Math.floor(next() * copy.length);
      const v = -Math.floor(next() * 1e6);
      edit.set(i, v);
      copy[i] = v;
    }
    versions.push({ list: edit.done(), array: copy });
  }
  for (const { list, array } of versions) assert.deepEqual(list.toArray(), array);
  assert.ok(versions[versions.length - 1]!.array.length > 2000, 'the lists grew past two levels');
});

test('an edit that sets or adds nothing gives back the very list; a set out of range throws', () => {
  const l = PersistentList.of(range(100));
  assert.equal(l.edit().done(), l);
  assert.throws(() => l.edit().set(100, 1), RangeError);
  assert.throws(() => l.edit().set(-1, 1), RangeError);
});

test('comparing two versions looks only at the places they do not share', () => {
  const base = PersistentList.of(range(50_000));
  const edit = base.edit();
  edit.set(12_345, -1);
  const changed = edit.done();
  const seen: number[] = [];
  const same = (a: number, b: number) => (seen.push(a), a === b);
  assert.equal(PersistentList.same(base, changed, same), false);
  assert.deepEqual(seen, [12_345], 'one place compared, the rest passed by as shared');
  seen.length = 0;
  // Equal values at different places of memory: compared, and alike.
  const again = PersistentList.of(range(50_000));
  assert.equal(PersistentList.same(base, again, (a, b) => a === b), true);
  assert.equal(PersistentList.same(base, PersistentList.of(range(49_999)), same), false, 'lengths differ');
  assert.deepEqual(seen, []);
});

test('a version shares the nodes no change reached: a thousand versions of a long list each cost a few nodes', () => {
  // Counted without the collector: every node reachable from all versions, each once.
  const versions: PersistentList<number>[] = [PersistentList.of(range(30_000))];
  for (let k = 0; k < 1000; k++) {
    const edit = versions[versions.length - 1]!.edit();
    edit.push(k);
    edit.set(k * 7, -k);
    versions.push(edit.done());
  }
  const nodes = new Set<unknown>();
  const walk = (x: unknown): void => {
    if (!Array.isArray(x) || nodes.has(x)) return;
    nodes.add(x);
    for (const c of x) walk(c);
  };
  for (const v of versions) walk((v as unknown as { root: unknown }).root);
  // One version alone is ~970 leaves and ~31 nodes above; each edit copies two paths of three nodes.
  assert.ok(nodes.size < 1000 + 1000 * 6 + 100, `${nodes.size} nodes for 1,001 versions`);
  assert.ok(nodes.size > 1000 + 1000 * 3, 'each version made nodes of its own');
});
