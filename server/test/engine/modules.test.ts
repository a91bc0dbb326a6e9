// Focused tests of the smaller engine modules: choices, subtypes, working
// records, the text-change (612) and land-type (305.7) applications.
import assert from 'node:assert/strict';
import test from 'node:test';
import { ChoicePool } from '../../src/engine/choices';
import { correspondsTo, isBasicLandType, subtypeCategory } from '../../src/engine/subtypes';
import { eqWord, hasWord, orderedTypes, typeLine } from '../../src/engine/working';
import fc from 'fast-check';
import { failedExpectations, finalObject, problems, run } from './helpers';

test('choices: each answer is taken once, by the first question of its kind', () => {
  const pool = ChoicePool.of(['blue', 'X=3', 'white->black', 'ogre']);
  assert.equal(pool.takeX(), 3);
  assert.deepEqual(pool.takeSwap(), ['white', 'black']);
  assert.equal(pool.take((v) => v === 'blue'), 'blue');
  assert.equal(pool.take((v) => v === 'blue'), undefined, 'used up');
  assert.deepEqual(pool.unused().map((i) => i.value), ['ogre']);
});

test('205.3: subtype categories and correspondence', () => {
  assert.equal(subtypeCategory('Forest'), 'Land');
  assert.equal(subtypeCategory('Equipment'), 'Artifact');
  assert.equal(subtypeCategory('Ogre'), 'Creature');
  assert.ok(correspondsTo('Ogre', ['Kindred', 'Instant']));
  assert.ok(!correspondsTo('Aura', ['Creature']));
  assert.ok(isBasicLandType('plains'));
});

test('type lines print card types in Oracle order', () => {
  assert.deepEqual(orderedTypes(['Creature', 'Artifact']), ['Artifact', 'Creature']);
  assert.equal(typeLine({ supertypes: ['Legendary'], types: ['Creature', 'Enchantment'], subtypes: ['God'] }), 'Legendary Enchantment Creature — God');
});

test('612: a text change swaps a color word in printed text only', () => {
  const a = run(`
    card "Crusade" as crusade
      type Enchantment
      text White creatures get +1/+1.
    card "Sleight of Mind" as sleight
      type Instant
      text Change the text of target spell or permanent by replacing all instances of one color word with another.
    card "Savannah Lions" as lions
      cost {W}
      type Creature — Cat
      pt 2/1
    card "Coral Merfolk" as merfolk
      cost {1}{U}
      type Creature — Merfolk
      pt 2/1
    enter crusade, lions, merfolk
    expect lions 3/2
    cast sleight targeting crusade choosing white->blue
    expect crusade: has "Blue creatures get +1/+1."
    expect lions 2/1
    expect merfolk 3/2`);
  assert.deepEqual(problems(a), []);
  assert.deepEqual(failedExpectations(a), []);
});

test("305.7: a land-type change removes the land's rules text and gives the new mana ability", () => {
  const a = run(`
    card "Blood Moon" as moon
      type Enchantment
      text Nonbasic lands are Mountains.
    card "Ancient Tomb" as tomb
      type Land
      text {T}: Add {C}{C}.
    enter tomb, moon`);
  assert.deepEqual(problems(a), []);
  const tomb = finalObject(a, 'tomb');
  assert.deepEqual(tomb.chars.subtypes, ['Mountain']);
  assert.deepEqual(tomb.chars.abilities.map((x) => x.text), ['{T}: Add {R}.']);
  assert.equal(tomb.trace[0]!.layer, '4');
});

test('611.2c: a resolved effect locks its set; a static one follows what it says', () => {
  const a = run(`
    card "Grizzly Bears" as bears
      type Creature — Bear
      pt 2/2
    card "Glorious Anthem" as anthem
      type Enchantment
      text Creatures you control get +1/+1.
    resolve "All creatures get +1/+1 until end of turn."
    enter bears, anthem
    expect bears 3/3`);
  assert.deepEqual(failedExpectations(a), []);
});

test('counts of card types and keyword filters', () => {
  const a = run(`
    card "Tarmogoyf" as goyf
      cost {1}{G}
      type Creature — Lhurgoyf
      pt */1+*
      text Tarmogoyf's power is equal to the number of card types among cards in all graveyards and its toughness is equal to that number plus 1.
    card "Dryad Arbor" as arbor
      type Land Creature — Forest Dryad
      pt 1/1
    card "Shock" as shock
      type Instant
      text Shock deals 2 damage to any target.
    card "Serra Angel" as angel
      type Creature — Angel
      pt 4/4
      text Flying
    card "Favorable Winds" as winds
      type Enchantment
      text Creatures you control with flying get +1/+1.
    enter goyf, angel, winds
    move arbor, shock to graveyard
    expect goyf 3/4
    expect angel 5/5`);
  assert.deepEqual(problems(a), []);
  assert.deepEqual(failedExpectations(a), []);
});

test('eqWord: the same answer as comparing both words lower-cased, for ASCII and for words toLowerCase changes in length or by context', () => {
  for (const [a, b] of [['Creature', 'creature'], ['LAND', 'land'], ['Land', 'Lands'], ['Creature', 'Artifact'], ['@', '`'], ['[', '{'], ['İ', 'i̇'], ['ΟΔΟΣ', 'οδος'], ['ΟΔΟΣ', 'οδοσ'], ['Straße', 'STRASSE'], ['Kelvin', '\u212Aelvin'], ['', '']] as const) {
    assert.equal(eqWord(a, b), a.toLowerCase() === b.toLowerCase(), `${a} / ${b}`);
    assert.equal(eqWord(b, a), a.toLowerCase() === b.toLowerCase(), `${b} / ${a}`);
  }
  // Words from a small alphabet with neighbours of the letters (@ [ ` {), case pairs and non-ASCII letters.
  const word = fc.array(fc.constantFrom('a', 'A', 'z', 'Z', '@', '[', '`', '{', ' ', '-', 'İ', 'ı', 'I', 'i', 'Σ', 'σ', 'ς', 'ß', 'é', 'É', '\u212A', 'k'), { maxLength: 5 }).map((cs) => cs.join(''));
  const recased = word.chain((w) => fc.array(fc.boolean(), { minLength: w.length, maxLength: w.length }).map((up) => [...w].map((c, i) => (up[i] ? c.toUpperCase() : c.toLowerCase())).join('')));
  fc.assert(fc.property(word, word, (a, b) => eqWord(a, b) === (a.toLowerCase() === b.toLowerCase())), { numRuns: 5000 });
  fc.assert(fc.property(recased, word, (a, tail) => eqWord(a, a.toLowerCase() + tail) === (a.toLowerCase() === (a.toLowerCase() + tail).toLowerCase())), { numRuns: 2000 });
  assert.equal(hasWord(['Artifact', 'Creature'], 'creature'), true);
  assert.equal(hasWord(['Artifact', 'Creature'], 'Land'), false);
});
