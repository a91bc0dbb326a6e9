// The views' lazy parts (engine/views.ts, engine/analyze.ts): an outcome's
// world, a view's trace and marks are made on first read, once, for that
// object alone, and read as the plain properties they stand for.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { finalObject, run } from './helpers';

const BOARD = `
  scenario "views"
  card "Glorious Anthem" as anthem
    type Enchantment
    text Creatures you control get +1/+1.
  card "Grizzly Bears" as bears
    type Creature — Bear
    pt 2/2
  card "Savannah Lions" as lions
    type Creature — Cat
    pt 2/1
  enter anthem
  enter bears
  enter lions
  expect bears 3/3
`;

test('an outcome reads as { world, choices }, its world made once and kept', () => {
  const a = run(BOARD);
  const outcome = a.final.outcomes[0]!;
  assert.deepEqual(Object.keys(outcome), ['world', 'choices']);
  assert.equal(Object.getOwnPropertyDescriptor(outcome, 'world')?.enumerable, true);
  assert.equal(outcome.world, outcome.world);
  // Each outcome its own world: the snapshot after the anthem alone has no bears.
  const first = a.snapshots[0]!.outcomes[0]!;
  assert.notEqual(first.world, outcome.world);
  assert.equal(first.world.objectById?.('bears')?.zone ?? null, null);
  assert.equal(outcome.world.objectById?.('bears')?.zone, 'battlefield');
});

test("a view's trace is its own enumerable property, read once; its marks are hidden", () => {
  const a = run(BOARD);
  const bears = finalObject(a, 'bears');
  const lions = finalObject(a, 'lions');
  assert.ok(Object.keys(bears).includes('trace'));
  assert.ok(!Object.keys(bears).includes('marks'));
  assert.equal(Object.getOwnPropertyDescriptor(bears, 'marks')?.enumerable, false);
  const trace = bears.trace;
  assert.equal(bears.trace, trace, 'the same list on the second read');
  assert.ok(trace.some((s) => s.layer === '7c'), 'the anthem in layer 7c');
  // Each view reads its own object's parts, though the getters are shared.
  assert.notEqual(lions.trace, trace);
  assert.ok(lions.trace.every((s) => !trace.includes(s)));
  assert.equal(bears.marks?.changed, true);
  assert.equal(bears.marks, bears.marks);
  // A copy holds the values (a report spreads views).
  const copy = { ...bears };
  assert.equal(copy.trace, trace);
});
