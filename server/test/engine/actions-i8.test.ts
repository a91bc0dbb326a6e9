// The timeline performs the actions of issue 8: chosen sacrifices (701.17a),
// up to two targets (115.1), returns to the battlefield (400.7), doubling a
// life total (701.10c), proliferate (701.27a), bolster (701.39a), and tokens
// named by the event's label.
import assert from 'node:assert/strict';
import test from 'node:test';
import { failedExpectations, problems, run } from './helpers';

const board = `
  players Alice, Bob
  card "Grizzly Bears" as bear
    type Creature — Bear
    pt 2/2
    owner Bob
  card "Runeclaw Bear" as bear2
    type Creature — Bear
    pt 2/2
    owner Bob
  card "Gray Ogre" as ogre
    type Creature — Ogre
    pt 2/2
  card "Elvish Mystic" as elf
    type Creature — Elf
    pt 1/1
  card "Into the Void" as void
    type Sorcery
    text Return up to two target creatures to their owners' hands.
  enter bear, bear2, ogre, elf
`;

test('the sacrificed creature is the one `choosing` names, not the first one', () => {
  const a = run(`${board}
  resolve "Each opponent sacrifices a creature." by Alice choosing bear2
  expect bear2: zone graveyard
  expect bear: zone battlefield
  expect ogre: zone battlefield`);
  assert.deepEqual(problems(a), []);
  assert.deepEqual(failedExpectations(a), []);
});

test('up to two targets, a return to the battlefield tapped, a doubled life total, proliferate, bolster', () => {
  const a = run(`${board}
  cast void targeting ogre, elf
  expect ogre: zone hand
  expect elf: zone hand
  destroy bear2
  resolve "Return target creature card from your graveyard to the battlefield tapped." targeting bear2 by Bob
  expect bear2: zone battlefield; tapped; controller Bob
  resolve "Double your life total." by Alice
  expect Alice: life 40
  resolve "Put a +1/+1 counter on target creature. Proliferate." targeting bear
  expect bear: counters +1/+1 2
  resolve "Bolster 2." by Bob
  expect bear2: counters +1/+1 2
  expect bear: counters +1/+1 2`);
  assert.deepEqual(problems(a), []);
  assert.deepEqual(failedExpectations(a), []);
});

test('tokens are named by the label, then numbered on across events; unlabelled ones by their name (111.4)', () => {
  const a = run(`
  players Alice, Bob
  resolve "Create two 1/1 white Soldier creature tokens." as soldiers
  resolve "Create a 1/1 white Soldier creature token." as soldiers
  resolve "Create a Food token."
  expect soldiers#3: pt 1/1; type Creature — Soldier
  expect Food: type Artifact — Food; has "{2}, {T}, Sacrifice this token: You gain 3 life."
  destroy soldiers#1
  expect soldiers#2: zone battlefield`);
  assert.deepEqual(problems(a), []);
  assert.deepEqual(failedExpectations(a), []);
});

test('exchange of control (701.12a) lasts past the turn; damage to each creature and each player; exile from a graveyard', () => {
  const a = run(`
  players Alice, Bob
  card "Gray Ogre" as ogre
    type Creature — Ogre
    pt 2/2
  card "Grizzly Bears" as bear
    type Creature — Bear
    pt 2/2
    owner Bob
  card "Shifting Loyalties" as loyalties
    type Sorcery
    text Exchange control of two target permanents that share a card type.
  card "Withered Wretch" as wretch
    type Creature — Zombie Cleric
    pt 2/2
    text {1}: Exile target card from a graveyard.
  card "Dakmor Plague" as plague
    type Sorcery
    text Dakmor Plague deals 3 damage to each creature and each player.
  card "Lightning Helix" as helix
    type Instant
    text Lightning Helix deals 3 damage to any target and you gain 3 life.
  enter ogre, bear, wretch
  cast loyalties targeting ogre, bear
  end turn
  expect ogre: controller Bob
  expect bear: controller Alice
  cast helix targeting Bob by Alice
  expect Bob: life 17
  expect Alice: life 23
  cast plague by Alice
  expect ogre: zone graveyard
  expect Alice: life 20
  expect Bob: life 14
  activate wretch targeting ogre
  expect ogre: zone exile`);
  assert.deepEqual(problems(a), []);
  assert.deepEqual(failedExpectations(a), []);
});
