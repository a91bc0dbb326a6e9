// 704: state-based actions after a stretch of events that left a permanent
// alone. The check passes over a permanent whose record, state and attached
// object are as they were when nothing applied to it (sba.ts `quiet`); these
// scenarios change each of those in turn, and the check mode (the test suite
// runs in it) also checks every permanent passed over.
import test from 'node:test';
import assert from 'node:assert/strict';
import { failedExpectations, finalObject, problems, run } from './helpers';

const CARDS = `
  players Alice, Bob
  card "Grizzly Bears" as bears
    type Creature — Bear
    pt 2/2
  card "Gray Ogre" as ogre
    type Creature — Ogre
    pt 2/2
  card "Pacifism" as pacifism
    cost {1}{W}
    type Enchantment — Aura
    text Enchant creature
    text Enchanted creature can't attack or block.
  card "Leonin Scimitar" as scimitar
    type Artifact — Equipment
    text Equipped creature gets +1/+1.
    text Equip {1}
  card "Forest" as forest
    type Basic Land — Forest
`;

test('704.5m: an Aura left alone for several events falls off when its creature leaves with its characteristics unchanged', () => {
  const a = run(`${CARDS}
  enter bears, ogre, forest
  enter pacifism attached to bears
  tap forest
  untap forest
  tap forest
  expect pacifism: zone battlefield
  destroy bears
  expect bears: zone graveyard
  expect pacifism: zone graveyard
  `);
  assert.deepEqual(problems(a), []);
  assert.deepEqual(failedExpectations(a), []);
});

test('704.5n: Equipment left alone becomes unattached when its creature leaves; one moved to another creature stays on it', () => {
  const a = run(`${CARDS}
  enter bears, ogre, forest, scimitar
  attach scimitar to bears
  tap forest
  untap forest
  expect bears 3/3
  destroy bears
  expect scimitar: zone battlefield
  expect ogre 2/2
  attach scimitar to ogre
  tap forest
  expect ogre 3/3
  `);
  assert.deepEqual(problems(a), []);
  assert.deepEqual(failedExpectations(a), []);
  assert.equal(finalObject(a, 'scimitar').attachedTo, 'ogre');
});

test('704.5f, 704.5q: a creature left alone is checked again when counters change its toughness or cancel out', () => {
  const a = run(`${CARDS}
  enter bears, ogre, forest
  tap forest
  untap forest
  put a +1/+1 counter on ogre
  tap forest
  put a -1/-1 counter on ogre
  expect ogre 2/2
  expect ogre: counters +1/+1 0; counters -1/-1 0
  put two -1/-1 counters on bears
  expect bears: zone graveyard
  `);
  assert.deepEqual(problems(a), []);
  assert.deepEqual(failedExpectations(a), []);
});

test('704.5m: an Aura left alone falls off when its creature, still on the battlefield, gains protection from its color (only the creature changed)', () => {
  const a = run(`${CARDS}
  enter bears, forest
  enter pacifism attached to bears
  tap forest
  untap forest
  expect pacifism: zone battlefield
  resolve "Target creature gains protection from white until end of turn." targeting bears
  expect pacifism: zone graveyard
  expect bears: zone battlefield
  `);
  assert.deepEqual(problems(a), []);
  assert.deepEqual(failedExpectations(a), []);
});
