// The records a layer set, held by the world's places (engine/changes.ts):
// kept from one computation to the next and carried into the next world,
// they read and carry as the Map they replace, fed the same records, whether
// the world's places are the very ones they were made by (a slice) or not
// (an object added since: made again record by record).

import test from 'node:test';
import assert from 'node:assert/strict';
import { PlacedChanges, carry, changesMap, type Changes } from '../../src/engine/changes';
import { PlacedWorld, type Working } from '../../src/engine/working';

/** A small deterministic generator (the same sequence every run). */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

function record(tag: number): Working {
  return { tag } as unknown as Working;
}

/** The records as a sorted list of [id, record], and the size: what a reader can ask of them (order aside: no reader reads it). */
function contents(c: Changes): { size: number; each: [string, Working][] } {
  const each: [string, Working][] = [];
  c.forEach((w, id) => each.push([id, w]));
  return { size: c.size, each: each.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)) };
}

/** A world's records by id. */
function worldMap(w: PlacedWorld): Map<string, Working> {
  return new Map(w.entries());
}

/** A world of `n` objects. */
function worldOf(n: number): PlacedWorld {
  const world = PlacedWorld.empty();
  for (let k = 0; k < n; k++) world.set(`o${k}`, record(-k));
  return world;
}

/**
 * The next computation's world: a copy of the last one, where now and then an
 * object enters (new places); with a way to pick one of its ids at random.
 */
function nextWorld(last: PlacedWorld, next: () => number, step: number): { world: PlacedWorld; pick: () => string } {
  const world = last.copy();
  if (next() < 0.1) world.set(`o${world.size}`, record(1e6 + step));
  const ids = [...world.keys()];
  return { world, pick: () => ids[Math.floor(next() * ids.length)]! };
}

test('kept records read as the Map made the old way: last time\'s but the skipped, with this time\'s over them', () => {
  const next = random(7);
  let world = worldOf(40);
  let old: Changes = new Map();
  let model = new Map<string, Working>();
  let slices = 0;
  for (let step = 0; step < 600; step++) {
    const computation = nextWorld(world, next, step);
    world = computation.world;
    const pick = computation.pick;
    const ids = [...world.keys()];
    const skip = new Set<string>();
    const now = new Map<string, Working>();
    for (let k = Math.floor(next() * 4); k > 0; k--) skip.add(pick());
    for (let k = Math.floor(next() * 4); k > 0; k--) now.set(pick(), record(step * 10 + k));
    const made = PlacedChanges.kept(world, old, skip, now);
    assert.ok(made, 'every id has a place');
    const expected = new Map<string, Working>();
    model.forEach((w, id) => {
      if (!skip.has(id) && !now.has(id)) expected.set(id, w);
    });
    now.forEach((w, id) => expected.set(id, w));
    assert.deepEqual(contents(made), contents(expected));
    for (const id of ids) {
      assert.equal(made.get(id), expected.get(id), id);
      assert.equal(made.has(id), expected.has(id), id);
    }
    assert.equal(made.get('nobody'), undefined);
    if (old instanceof PlacedChanges && made.get(ids[0]!) === old.get(ids[0]!)) slices++;
    // Now and then the records come back as a Map (a memo rebased on other objects): kept by place again next time.
    old = next() < 0.05 ? changesMap(made) : made;
    model = expected;
  }
  assert.ok(slices > 100, 'most were kept from the last ones');
});

test('carried into a world, kept records set what the Map did: every record but the skipped ones', () => {
  const next = random(3);
  let world = worldOf(30);
  let old: Changes = new Map();
  for (let step = 0; step < 400; step++) {
    const computation = nextWorld(world, next, step);
    world = computation.world;
    const pick = computation.pick;
    const skip = new Set<string>();
    for (let k = Math.floor(next() * 5); k > 0; k--) skip.add(pick());
    // Skipped ids may name no object of the world (an id that left): nothing happens to them.
    if (next() < 0.2) skip.add('gone');
    const expected = worldMap(world);
    old.forEach((w, id) => {
      if (!skip.has(id)) expected.set(id, w);
    });
    carry(old, world, skip);
    assert.deepEqual(worldMap(world), expected);
    const now = new Map<string, Working>();
    for (let k = 1 + Math.floor(next() * 6); k > 0; k--) now.set(pick(), record(step * 10 + k));
    old = PlacedChanges.kept(world, old, skip, now)!;
  }
});

test('a record with no place in the world is not kept by place: the caller keeps a Map', () => {
  const world = PlacedWorld.empty();
  world.set('a', record(1));
  assert.equal(PlacedChanges.kept(world, new Map([['elsewhere', record(2)]]), new Set(), new Map()), undefined);
  assert.equal(PlacedChanges.kept(world, new Map(), new Set(), new Map([['elsewhere', record(3)]])), undefined);
  // Skipped, it is not kept, so it needs no place.
  const made = PlacedChanges.kept(world, new Map([['elsewhere', record(2)]]), new Set(['elsewhere']), new Map([['a', record(4)]]));
  assert.deepEqual(contents(made!), { size: 1, each: [['a', record(4)]] });
});

test('records kept by place stay as they were when the world they were made by changes later', () => {
  const world = PlacedWorld.empty();
  world.set('a', record(1));
  world.set('b', record(2));
  const made = PlacedChanges.kept(world, new Map(), new Set(), new Map([['b', record(20)]]))!;
  // The world goes on: a record replaced, an object added at a new place.
  world.set('b', record(200));
  world.set('c', record(3));
  assert.deepEqual(contents(made), { size: 1, each: [['b', record(20)]] });
  assert.equal(made.get('c'), undefined);
  assert.equal(made.has('a'), false);
  // Kept again by the grown world (the same places, grown): c is kept at its place.
  const again = PlacedChanges.kept(world, made, new Set(), new Map([['c', record(30)]]))!;
  assert.deepEqual(contents(again), { size: 2, each: [['b', record(20)], ['c', record(30)]] });
});
