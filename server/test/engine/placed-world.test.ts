// The world of a layer computation held by place (engine/working.ts,
// `PlacedWorld`): it reads as a Map fed the same writes, in the same order,
// and a copy (a slice of the records, the places shared) is a world of its
// own from then on: no write to one reaches the other.

import test from 'node:test';
import assert from 'node:assert/strict';
import { PlacedWorld, type Working } from '../../src/engine/working';

/** A small deterministic generator (the same sequence every run). */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

/** A stand-in record: the world only keeps and hands back records, it never reads them (but `deepCopy`). */
function record(tag: number): Working {
  return { tag } as unknown as Working;
}

/** Everything a reader can ask of a world, as plain values. */
function reading(w: { keys(): Iterable<string>; values(): Iterable<Working>; entries(): Iterable<[string, Working]>; forEach(cb: (v: Working, k: string) => void): void; size: number }) {
  const each: [string, Working][] = [];
  w.forEach((v, k) => each.push([k, v]));
  return { size: w.size, keys: [...w.keys()], values: [...w.values()], entries: [...w.entries()], each };
}

test('a placed world reads as a Map fed the same writes: values, order, size, has and get', () => {
  const next = random(11);
  const world = PlacedWorld.empty();
  const map = new Map<string, Working>();
  for (let step = 0; step < 2000; step++) {
    const id = `o${Math.floor(next() * 300)}`;
    const r = record(step);
    world.set(id, r);
    map.set(id, r);
    const probe = `o${Math.floor(next() * 320)}`;
    assert.equal(world.has(probe), map.has(probe));
    assert.equal(world.get(probe), map.get(probe));
  }
  assert.deepEqual(reading(world), reading(map));
  assert.deepEqual([...world], [...map]);
});

test('a copy and its original are each a world of their own: writes and new objects on either side stay there', () => {
  const next = random(5);
  type Pair = { world: PlacedWorld; map: Map<string, Working> };
  const versions: Pair[] = [{ world: PlacedWorld.empty(), map: new Map() }];
  for (let step = 0; step < 1500; step++) {
    const from = versions[Math.floor(next() * versions.length)]!;
    // Copy a version now and then (as each computation copies the last one's records), else write into one.
    if (next() < 0.3) {
      versions.push({ world: from.world.copy(), map: new Map(from.map) });
      continue;
    }
    const id = `o${Math.floor(next() * 60)}`;
    const r = record(step);
    from.world.set(id, r);
    from.map.set(id, r);
  }
  for (const v of versions) assert.deepEqual(reading(v.world), reading(v.map));
});

test('a deep copy holds copies of the records, in the same places', () => {
  const world = PlacedWorld.empty();
  const a = { name: 'A', power: 2 } as unknown as Working;
  world.set('a', a);
  const deep = world.deepCopy();
  const copied = deep.get('a')!;
  assert.notEqual(copied, a);
  assert.equal(copied.name, 'A');
  assert.equal(copied.power, 2);
  deep.set('b', a);
  assert.equal(world.has('b'), false);
  assert.deepEqual([...deep.keys()], ['a', 'b']);
});

test("a walk with forEach sees what its callback sets and adds, as a Map's does", () => {
  const world = PlacedWorld.empty();
  const map = new Map<string, Working>();
  for (const id of ['a', 'b']) {
    world.set(id, record(0));
    map.set(id, record(0));
  }
  // Shared places (a copy was made), so the first id added copies them.
  world.copy();
  const walk = (m: { forEach(cb: (w: Working, id: string) => void): void; set(id: string, w: Working): unknown }) => {
    const seen: string[] = [];
    m.forEach((_, id) => {
      seen.push(id);
      if (id === 'a') m.set('c', record(1));
    });
    return seen;
  };
  assert.deepEqual(walk(world), walk(map));
  assert.deepEqual(walk(world), ['a', 'b', 'c']);
});
