// Tapping and untapping change no characteristic unless an effect reads it:
// the layer computation then keeps last time's result (layers.ts, the same
// result when objects were only tapped or untapped). These scenarios tap and
// untap under effects that read it and under ones that do not; the check
// mode (the test suite runs in it) compares each kept result with a
// computation from scratch.
import test from 'node:test';
import assert from 'node:assert/strict';
import { failedExpectations, problems, run } from './helpers';

test('an effect on untapped creatures follows tapping and untapping', () => {
  const a = run(`
    players Alice, Bob
    card "Grizzly Bears" as bears
      type Creature — Bear
      pt 2/2
    card "Gray Ogre" as ogre
      type Creature — Ogre
      pt 2/2
    card "Vigil" as vigil
      type Enchantment
      text Untapped creatures you control get +1/+1.
    enter bears, ogre, vigil
    expect bears 3/3
    tap bears
    expect bears 2/2
    expect ogre 3/3
    tap ogre
    expect ogre 2/2
    untap bears
    expect bears 3/3
    untap ogre
    expect ogre 3/3
  `);
  assert.deepEqual(problems(a), []);
  assert.deepEqual(failedExpectations(a), []);
});

test("a creature's own condition on being tapped follows it; with no such effect, tapping changes no value but says it is tapped", () => {
  const a = run(`
    players Alice, Bob
    card "Grizzly Bears" as bears
      type Creature — Bear
      pt 2/2
      text As long as this creature is tapped, it gets +2/+0.
    card "Gray Ogre" as ogre
      type Creature — Ogre
      pt 2/2
    card "Glorious Anthem" as anthem
      type Enchantment
      text Creatures you control get +1/+1.
    card "Forest" as forest
      type Basic Land — Forest
    enter ogre, anthem, forest
    tap forest
    expect forest: tapped
    tap ogre
    expect ogre: pt 3/3; tapped
    untap ogre
    expect ogre: pt 3/3; untapped
    enter bears
    expect bears 3/3
    tap bears
    expect bears 5/3
    untap bears
    expect bears 3/3
    untap forest
    expect forest: untapped
  `);
  assert.deepEqual(problems(a), []);
  assert.deepEqual(failedExpectations(a), []);
});
