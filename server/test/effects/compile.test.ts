import assert from 'node:assert/strict';
import test from 'node:test';
import fc from 'fast-check';
import { compileAbilityText, compileEffectText, describePart } from '../../src/effects/compile';
import type { Ability, CompileContext, Part } from '../../src/effects/ir';

const ctx = (cardName = 'Test Card', extra: Partial<CompileContext> = {}): CompileContext => ({ cardName, legendary: false, knownNames: [], isSpell: false, ...extra });
const one = (text: string, c = ctx()): Ability => {
  const r = compileAbilityText(text, c);
  assert.deepEqual(r.issues, [], text);
  assert.equal(r.abilities.length, 1, text);
  return r.abilities[0]!;
};
const parts = (text: string, c = ctx()): Part[] => {
  const a = one(text, c);
  assert.equal(a.kind, 'static', text);
  return a.kind === 'static' ? a.effects.flatMap((e) => e.parts) : [];
};

test('keyword lists give one ability per keyword; reminder text is ignored', () => {
  const r = compileAbilityText('Flying, haste (This creature can attack right away.)', ctx());
  assert.deepEqual(r.abilities.map((a) => (a.kind === 'keyword' ? a.keyword : a.kind)), ['flying', 'haste']);
  assert.deepEqual(compileAbilityText('({T}: Add {G}.)', ctx()).abilities, []);
  const p = one('Protection from red');
  assert.ok(p.kind === 'keyword' && p.parameter === 'red');
  const e = one('Enchant creature');
  assert.ok(e.kind === 'keyword' && e.enchantFilter?.types.includes('Creature'));
});

test('anthems and lords: 7c modifiers with selectors', () => {
  const [p] = parts('White creatures you control get +1/+1.');
  assert.deepEqual(p, { layer: '7c', kind: 'pt', power: { kind: 'const', value: 1 }, toughness: { kind: 'const', value: 1 } });
  const a = one('Other Merfolk get +1/+1 and have islandwalk.');
  assert.ok(a.kind === 'static');
  const f = a.effects[0]!.affected;
  assert.ok(f.kind === 'filter' && f.filter.other && f.filter.subtypes[0] === 'Merfolk');
  assert.deepEqual(a.effects[0]!.parts.map((x) => x.layer), ['7c', '6']);
});

test('604.3: CDAs are recognised, and only for the object itself', () => {
  const cda = one("This creature's power and toughness are each equal to the number of creature cards in your graveyard.");
  assert.ok(cda.kind === 'static' && cda.cda);
  assert.equal(cda.kind === 'static' && cda.effects[0]!.parts[0]!.layer, '7a');
  const courier = one('Transguild Courier is all colors.', ctx('Transguild Courier'));
  assert.ok(courier.kind === 'static' && courier.cda);
  const changeling = one('Changeling');
  assert.ok(changeling.kind === 'static' && changeling.cda);
  const anthem = one('Creatures you control get +1/+1.');
  assert.ok(anthem.kind === 'static' && !anthem.cda);
  const base = one('This creature has base power and toughness 0/4.');
  assert.ok(base.kind === 'static' && !base.cda, '7b setting is not a CDA');
});

test('613.6: one sentence, parts in several layers', () => {
  const ps = parts('All Forests and all Saprolings are 1/1 green Saproling creatures and Forest lands in addition to their other types.');
  assert.deepEqual(ps.map((p) => p.layer), ['4', '5', '7b']);
  const t = ps[0]!;
  assert.ok(t.kind === 'type' && t.addTypes?.includes('Creature') && t.addTypes.includes('Land') && !t.setTypes);
});

test('type changes: in addition, still a land, artifact creature, plain becomes', () => {
  const march = parts('Each noncreature artifact is an artifact creature with base power and base toughness each equal to its mana value.');
  assert.ok(march[0]!.kind === 'type' && march[0]!.addTypes && !march[0]!.setTypes, '205.1b: artifact creature keeps the old types');
  const r = compileEffectText('Until end of turn, target land becomes a 3/3 creature that\'s still a land.', ctx('x', { isSpell: true }));
  const eff = r.actions[0]!;
  assert.ok(eff.kind === 'create-effect' && eff.duration.kind === 'end-of-turn');
  const tp = eff.kind === 'create-effect' ? eff.effect.parts[0]! : undefined;
  assert.ok(tp?.kind === 'type' && tp.addTypes?.[0] === 'Creature');
  const plain = compileEffectText('Target land becomes a 3/3 creature.', ctx('x', { isSpell: true })).actions[0]!;
  const pp = plain.kind === 'create-effect' ? plain.effect.parts[0]! : undefined;
  assert.ok(pp?.kind === 'type' && pp.setTypes?.[0] === 'Creature');
  const [moon] = parts('Nonbasic lands are Mountains.');
  assert.deepEqual(moon, { layer: '4', kind: 'type', setLandType: { kind: 'fixed', value: 'Mountain' } });
  const [urborg] = parts('Each land is a Swamp in addition to its other land types.');
  assert.ok(urborg!.kind === 'type' && urborg.addSubtypes?.[0]?.kind === 'fixed' && !urborg.setLandType);
});

test('players and rules (613.10, 613.11)', () => {
  assert.deepEqual(parts('You have hexproof.'), [{ layer: 'player', kind: 'player', gains: 'hexproof' }]);
  assert.deepEqual(parts('Each opponent\'s maximum hand size is reduced by one.'), [{ layer: 'player', kind: 'player', handSizeDelta: -1 }]);
  const [cost] = parts('Spells you cast cost {1} less to cast.');
  assert.ok(cost!.kind === 'rules' && cost.costDelta?.amount === -1);
});

test('replacement and prevention effects', () => {
  const rip = one('If a card or token would be put into a graveyard from anywhere, exile it instead.');
  assert.ok(rip.kind === 'static' && rip.replacements[0]!.kind === 'instead');
  const tap = one('This land enters tapped.');
  assert.ok(tap.kind === 'static' && tap.replacements[0]!.kind === 'enters-tapped');
  const furnace = one('If a source would deal damage to a permanent or player, it deals double that damage to that permanent or player instead.');
  assert.ok(furnace.kind === 'static' && furnace.replacements[0]!.kind === 'modify-damage' && furnace.replacements[0]!.multiply === 2);
  const choose = one('As this enchantment enters, choose two basic land types.');
  assert.ok(choose.kind === 'static' && choose.replacements[0]!.kind === 'as-enters-choose' && choose.replacements[0]!.choices.length === 2);
  const cop = one('{1}: The next time a red source of your choice would deal damage to you this turn, prevent that damage.');
  assert.ok(cop.kind === 'activated' && cop.actions[0]!.kind === 'create-replacement');
});

test('text not understood is kept, with a warning on the exact words', () => {
  const text = 'Creatures you control get +1/+1 whenever the moon is full.';
  const r = compileAbilityText(text, ctx());
  assert.equal(r.abilities[0]!.kind, 'unknown');
  assert.equal(r.issues.length, 1);
  const i = r.issues[0]!;
  assert.equal(text.slice(i.start, i.end), 'whenever the moon is full');
  assert.match(i.message, /expected .*; found `whenever`/);
});

test('descriptions for the trace', () => {
  assert.equal(describePart({ layer: '7c', kind: 'pt', power: { kind: 'const', value: 1 }, toughness: { kind: 'const', value: 1 } }), '+1/+1');
  assert.equal(describePart({ layer: '4', kind: 'type', setLandType: { kind: 'fixed', value: 'Mountain' } }), 'land type → Mountain (305.7)');
});

test('random and mutated texts never throw and keep issue offsets inside the text', () => {
  const seeds = ['Creatures you control get +1/+1.', 'If a card would be put into a graveyard from anywhere, exile it instead.', 'Enchanted creature is a Treefolk with base power and toughness 0/4 and loses all abilities.', '{1}: This land becomes a 2/2 creature with all creature types until end of turn. It\'s still a land.'];
  const words = ['target', 'creature', 'gets', '+1/+1', 'and', 'has', '"', 'flying', ',', '.', 'if', 'would', 'instead', 'until', 'end', 'of', 'turn', '(', ')', '{T}', ':', 'becomes', 'a', 'is', 'all'];
  fc.assert(
    fc.property(fc.oneof(fc.array(fc.constantFrom(...words), { maxLength: 30 }).map((w) => w.join(' ')), fc.string({ maxLength: 80 }), fc.tuple(fc.constantFrom(...seeds), fc.nat(), fc.nat(10)).map(([s, at, n]) => s.slice(0, at % s.length) + s.slice((at % s.length) + n))), (text) => {
      for (const isSpell of [false, true]) {
        const r = compileAbilityText(text, ctx('Test', { isSpell }));
        for (const i of r.issues) assert.ok(i.start >= 0 && i.start <= i.end && i.end <= text.length, JSON.stringify({ text, i }));
        const e = compileEffectText(text, ctx('Test', { isSpell }));
        for (const i of e.issues) assert.ok(i.start >= 0 && i.start <= i.end && i.end <= text.length);
      }
    }),
    { numRuns: 500 },
  );
});
