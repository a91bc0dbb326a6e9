// 613.8a's prefilter for types (engine/type-words.ts): which type words an
// effect reads and writes, and boards where effects that both concern types
// do and do not depend on each other.
import test from 'node:test';
import assert from 'node:assert/strict';
import { compileAbilityText } from '../../src/effects/compile';
import type { EffectSpec } from '../../src/effects/ir';
import { typeReads, typeWrites, wordsMeet, type TypeWords } from '../../src/engine/type-words';
import { failedExpectations, finalObject, problems, run } from './helpers';

/** The one continuous effect of a static ability's text. */
function spec(text: string): EffectSpec {
  const [ability] = compileAbilityText(text, { cardName: 'Test Card', legendary: false, knownNames: ['Test Card'], isSpell: false }).abilities;
  assert.ok(ability?.kind === 'static', text);
  return ability.effects[0]!;
}

/** The dependencies at the end of the file, as `dependent ← on: because`. */
function dependencies(a: ReturnType<typeof run>): string[] {
  return a.final.outcomes[0]!.world.dependencies.map((d) => `${d.dependentSource} ← ${d.onSource}: ${d.because}`);
}

const words = (w: TypeWords): string[] | 'any' => (w === 'any' ? w : [...w].sort());
const reads = (text: string) => words(typeReads(spec(text)));
const writes = (text: string) => words(typeWrites(spec(text).parts));

test('the type words a filter tests: a subtype is read with its kind', () => {
  assert.deepEqual(reads('All Forests are Islands.'), ['cat:land', 'sub:forest']);
  assert.deepEqual(reads('Nonbasic lands are Mountains.'), ['super:basic', 'type:land']);
  assert.deepEqual(reads('Other Goblins you control get +1/+1.'), ['cat:creature', 'sub:goblin']);
  // Comparing with another object cannot be said in words.
  assert.equal(reads('Creatures that share a creature type with enchanted creature get +1/+1.'), 'any');
});

test('the type words a part can change: 305.7 replaces every land type; new card types replace the old', () => {
  assert.deepEqual(writes('All Forests are Islands.'), ['cat:land']);
  assert.deepEqual(writes('Each land is a Swamp in addition to its other land types.'), ['sub:swamp']);
  // 205.3d: creature types on an object with no card type go once it has one.
  assert.deepEqual(writes('Each other non-Aura enchantment is a creature in addition to its other types and has base power and base toughness each equal to its mana value.'), ['cat:creature', 'type:creature']);
  assert.deepEqual(writes('Enchanted permanent is a Treefolk.'), ['cat:creature', 'sub:treefolk']);
  assert.equal(writes('All creatures are artifacts.'), 'any');
  assert.deepEqual(writes('Creatures you control get +1/+1.'), []);
});

test('words meet when one reads what the other writes, and always for `any`', () => {
  assert.equal(wordsMeet(typeReads(spec('All Forests are Islands.')), typeWrites(spec('Each land is a Swamp in addition to its other land types.').parts)), false);
  assert.equal(wordsMeet(typeReads(spec('All Islands are Swamps.')), typeWrites(spec('All Forests are Islands.').parts)), true);
  assert.equal(wordsMeet('any', new Set()), true);
  assert.equal(wordsMeet(new Set(['type:land']), 'any'), true);
});

test('613.8a: a chain of land types is found; effects whose type words never meet are ordered by timestamp', () => {
  const a = run(`
    players Alice, Bob
    card "Islands to Swamps" as i2s
      type Enchantment
      text All Islands are Swamps.
    card "Forests to Islands" as f2i
      type Enchantment
      text All Forests are Islands.
    card "Urborg-like" as urborg
      type Enchantment
      text Each land is a Swamp in addition to its other land types.
    card "Forest" as forest
      type Basic Land — Forest
    enter forest, i2s, urborg, f2i
    expect forest: type Basic Land — Swamp
  `);
  assert.deepEqual(problems(a), []);
  assert.deepEqual(failedExpectations(a), []);
  assert.deepEqual(dependencies(a).map((d) => d.split(':')[0]), ['i2s ← f2i']);
  assert.deepEqual(finalObject(a, 'forest').chars.subtypes, ['Swamp']);
});

test('613.8a: an effect whose only link is its source (Blood Moon removing a land\'s ability) still depends', () => {
  const a = run(`
    players Alice, Bob
    card "Urborg, Tomb of Yawgmoth" as urborg
      type Legendary Land
      text Each land is a Swamp in addition to its other land types.
    card "Blood Moon" as moon
      cost {2}{R}
      type Enchantment
      text Nonbasic lands are Mountains.
    card "Opalescence-like" as opal
      type Enchantment
      text Each other non-Aura enchantment is a creature in addition to its other types and has base power and base toughness each equal to its mana value.
    enter urborg, opal
    enter moon
    expect urborg: type Legendary Land — Mountain
  `);
  assert.deepEqual(problems(a), []);
  assert.deepEqual(failedExpectations(a), []);
  const deps = dependencies(a);
  assert.equal(deps.length, 1, deps.join('\n'));
  assert.match(deps[0]!, /^urborg ← moon: .*changes whether .* exists/);
});

test('205.3d: while an object\'s subtypes do not fit its types, any type part may change what a type filter selects', () => {
  // A land printed with a creature type: the first type part applied to it drops Goblin (205.3d), whatever it adds.
  const a = run(`
    players Alice, Bob
    card "Goblin Warren" as warren
      type Land — Goblin
    card "Zombify" as zombies
      type Enchantment
      text Goblins are Zombies in addition to their other creature types.
    card "Urborg-like" as urborg
      type Enchantment
      text Each land is a Swamp in addition to its other land types.
    enter warren, zombies, urborg
    expect warren: type Land — Swamp
  `);
  assert.deepEqual(problems(a), []);
  assert.deepEqual(failedExpectations(a), []);
  const deps = dependencies(a);
  assert.deepEqual(deps.length, 1, deps.join('\n'));
  assert.match(deps[0]!, /^zombies ← urborg: .*changes what .* applies to/);
});

test('613.8a: a source that only joins an effect\'s set during the layer still makes its effect depend on it', () => {
  // The land becomes a Forest in layer 4, and only then is it among "All Forests", which takes its ability (305.7).
  const a = run(`
    players Alice, Bob
    card "Forests to Islands" as f2i
      type Enchantment
      text All Forests are Islands.
    card "Forest Maker" as maker
      type Enchantment
      text Lands you control are Forests in addition to their other types.
    card "Odd Land" as odd
      type Land
      text Each artifact is an enchantment in addition to its other types.
    card "Relic" as relic
      type Artifact
    enter f2i, maker
    enter odd, relic
    expect odd: type Land — Island
    expect relic: type Artifact
  `);
  assert.deepEqual(problems(a), []);
  assert.deepEqual(failedExpectations(a), []);
  const deps = dependencies(a);
  assert.ok(deps.some((d) => /^odd ← f2i: .*changes whether .* exists/.test(d)), deps.join('\n'));
});
