import assert from 'node:assert/strict';
import test from 'node:test';
import { buildObjects } from '../../src/engine/objects';
import { parseLayers } from '../../src/syntax/parser';
import { finalObject, pt, run } from './helpers';

const OGRES = `
  card "Ogre Alpha" as a
    type Creature — Ogre
    pt 2/2
    text Ogre Alpha gets +1/+1 as long as you control an artifact.
  card "Ogre Beta" as b
    type Creature — Ogre
    pt 2/2
    text Ogre Alpha gets +1/+1 as long as you control an artifact.
  card "Ogre Gamma" as c
    type Creature — Ogre
    pt 2/2
    text Ogre Alpha gets +1/+1 as long as you control an artifact.
  card "Ornithopter" as o
    type Artifact Creature — Thopter
    pt 0/2
  enter a, b, c, o
`;

test('the same text on several cards is read once, except where it names the card itself', () => {
  const file = parseLayers(OGRES.replace(/^ {2}/gm, ''), 'test.layers');
  const built = buildObjects(file, ['Alice', 'Bob']);
  const ability = (id: string) => built.objects.find((o) => o.id === id)!.printed.abilities[0]!.ability;
  // Beta's and Gamma's text names another card: one reading, shared.
  assert.equal(ability('b'), ability('c'));
  // Alpha's names itself (`~`): its own reading.
  assert.notEqual(ability('a'), ability('b'));
  // And each means what it says: the three abilities pump Alpha alone.
  const a = run(OGRES);
  assert.deepEqual(['a', 'b', 'c'].map((id) => pt(finalObject(a, id))), ['5/5', '2/2', '2/2']);
});
