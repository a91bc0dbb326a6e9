// The compiler's reading of static abilities, layer by layer (613.1–613.4,
// 613.10, 613.11), with the exact IR the engine consumes.
import assert from 'node:assert/strict';
import test from 'node:test';
import { compileAbilityText } from '../../src/effects/compile';
import { F, ctx, effect, n, noSpans, one, parts, statics } from './helpers';

const self = { kind: 'object', ref: { kind: 'self' } } as const;
const enchanted = { kind: 'object', ref: { kind: 'attached', via: 'enchanted', noun: 'creature' } } as const;
const you = { kind: 'you' } as const;

test('keyword lists give one ability per keyword; reminder text (quotes inside included) is ignored', () => {
  const r = compileAbilityText('Flying, haste (This creature can attack and {T} as soon as "it" comes under your control.)', ctx());
  assert.deepEqual(r.issues, []);
  assert.deepEqual(noSpans(r.abilities), [
    { kind: 'keyword', text: 'Flying', keyword: 'flying' },
    { kind: 'keyword', text: 'Haste', keyword: 'haste' },
  ]);
  assert.deepEqual(compileAbilityText('({T}: Add {G} or {U}.)', ctx()), { abilities: [], issues: [] });
  assert.deepEqual(
    compileAbilityText('Flying, first strike, vigilance, trample, haste', ctx()).abilities.map((a) => a.kind === 'keyword' && a.keyword),
    ['flying', 'first strike', 'vigilance', 'trample', 'haste'],
  );
  for (const k of ['Deathtouch', 'Defender', 'Indestructible', 'Hexproof', 'Double strike', 'Lifelink', 'Reach', 'Menace', 'Shroud', 'Flash']) {
    const a = one(k);
    assert.ok(a.kind === 'keyword' && a.keyword === k.toLowerCase(), k);
  }
});

test('keywords with parameters: protection, enchant, equip, landwalk, morph, cumulative upkeep', () => {
  assert.deepEqual(one('Protection from red and from white'), { kind: 'keyword', text: 'Protection from red and from white', keyword: 'protection', parameter: 'red and from white' });
  assert.deepEqual(one('Protection from the color of your choice'), {
    kind: 'keyword', text: 'Protection from the color of your choice', keyword: 'protection', parameter: '{choice:color}', parameterChosen: { kind: 'choice', index: 0 },
  });
  assert.deepEqual(one('Enchant creature'), { kind: 'keyword', text: 'Enchant creature', keyword: 'enchant', parameter: 'creature', enchantFilter: F({ types: ['Creature'] }) });
  assert.deepEqual(one('Enchant creature you control'), {
    kind: 'keyword', text: 'Enchant creature you control', keyword: 'enchant', parameter: 'creature you control', enchantFilter: F({ types: ['Creature'], controller: you }),
  });
  const either = one('Enchant artifact or creature');
  assert.ok(either.kind === 'keyword' && either.enchantFilter?.anyOf?.length === 2);
  assert.deepEqual(one('Equip {1}'), { kind: 'keyword', text: 'Equip {1}', keyword: 'equip', parameter: '{1}' });
  assert.deepEqual(one('Swampwalk'), { kind: 'keyword', text: 'Swampwalk', keyword: 'swampwalk' });
  assert.deepEqual(one('Morph {2}{B}{B}'), { kind: 'keyword', text: 'Morph {2}{B}{B}', keyword: 'morph', parameter: '{2}{B}{B}' });
  assert.deepEqual(one('Cumulative upkeep {2}'), { kind: 'keyword', text: 'Cumulative upkeep {2}', keyword: 'cumulative upkeep', parameter: '{2}' });
  assert.deepEqual(one('Cumulative upkeep—Pay 1 life.'), { kind: 'keyword', text: 'Cumulative upkeep—Pay 1 life', keyword: 'cumulative upkeep', parameter: 'Pay 1 life' });
  assert.deepEqual(one('Hexproof from black'), { kind: 'keyword', text: 'Hexproof from black', keyword: 'hexproof', parameter: 'black' });
});

test('ability words before a dash are ignored (207.2c), keywords before a dash are not', () => {
  const a = one('Metalcraft — Equipped creature gets +2/+2 as long as you control three or more artifacts.');
  assert.ok(a.kind === 'static' && a.text === 'Equipped creature gets +2/+2 as long as you control three or more artifacts.');
  assert.deepEqual(a.kind === 'static' && a.effects[0]!.condition, { kind: 'count-at-least', filter: F({ types: ['Artifact'], controller: you }), atLeast: 3 });
  assert.equal(one('Spell mastery — This creature gets +1/+1.').kind, 'static');
  assert.equal(one('Cumulative upkeep—Pay 1 life.').kind, 'keyword');
});

test('who is affected: this, ~, the card name, the legendary short name, other names, attached, selectors', () => {
  for (const t of ['This creature gets +1/+1.', '~ gets +1/+1.', 'This gets +1/+1.', 'Gray Ogre gets +1/+1.']) assert.deepEqual(effect(t, ctx('Gray Ogre')).affected, self, t);
  const iroas = ctx('Iroas, God of Victory', { legendary: true });
  assert.deepEqual(effect('Iroas gets +1/+1.', iroas).affected, self);
  assert.deepEqual(effect('Iroas, God of Victory gets +1/+1.', iroas).affected, self);
  assert.deepEqual(effect('Grizzly Bears gets +1/+1.', ctx('Gray Ogre', { knownNames: ['Gray Ogre', 'Grizzly Bears'] })).affected, { kind: 'object', ref: { kind: 'named', name: 'Grizzly Bears' } });
  assert.deepEqual(effect('Enchanted creature gets +1/+1.').affected, enchanted);
  assert.deepEqual(effect('Equipped creature gets +1/+1.').affected, { kind: 'object', ref: { kind: 'attached', via: 'equipped', noun: 'creature' } });
  assert.deepEqual(effect('Fortified land has indestructible.').affected, { kind: 'object', ref: { kind: 'attached', via: 'fortified', noun: 'land' } });
  const sel = (t: string) => {
    const a = effect(t).affected;
    return a.kind === 'filter' ? a.filter : undefined;
  };
  assert.deepEqual(sel('White creatures you control get +1/+1.'), F({ types: ['Creature'], colors: ['white'], controller: you }));
  assert.deepEqual(sel('Other Merfolk get +1/+1.'), F({ subtypes: ['Merfolk'], other: true }));
  assert.deepEqual(sel('Each other non-Aura enchantment is a creature in addition to its other types.'), F({ types: ['Enchantment'], notSubtypes: ['Aura'], other: true }));
  assert.deepEqual(sel('Nonbasic lands are Mountains.'), F({ types: ['Land'], notSupertypes: ['Basic'] }));
  assert.deepEqual(sel('Creatures your opponents control get -1/-1.'), F({ types: ['Creature'], controller: { kind: 'opponents' } }));
  assert.deepEqual(sel('Nontoken creatures get +1/+1.'), F({ types: ['Creature'], token: false }));
  assert.deepEqual(sel('Tapped artifact creatures get -1/-1.'), F({ types: ['Artifact', 'Creature'], tapped: true }));
  assert.deepEqual(sel('Cards in graveyards lose all abilities.'), F({ noun: 'card', zones: ['graveyard'] }));
  assert.deepEqual(sel('Creatures you control with flying get +1/+1.'), F({ types: ['Creature'], controller: you, withKeywords: ['flying'] }));
  assert.deepEqual(sel('All cards that aren\'t on the battlefield, spells, and permanents are colorless.'), F({
    anyOf: [F({ noun: 'card', zones: ['graveyard', 'hand', 'library', 'exile', 'stack', 'command'] }), F({ noun: 'spell', zones: ['stack'] }), F()],
  }));
});

test('layer 1: copy effects, with exceptions (707.9)', () => {
  assert.deepEqual(parts('Enchanted creature is a copy of Grizzly Bears.', ctx('Mask', { knownNames: ['Mask', 'Grizzly Bears'] })), [
    { layer: '1a', kind: 'copy', of: { kind: 'named', name: 'Grizzly Bears' }, except: [] },
  ]);
});

test('layer 2: control', () => {
  assert.deepEqual(effect('You control enchanted creature.'), { affected: enchanted, parts: [{ layer: '2', kind: 'control', player: you }] });
});

test('layer 4: types kept or replaced (205.1a, 205.1b), land types (305.7), creature types', () => {
  assert.deepEqual(parts('All permanents are artifacts in addition to their other types.'), [{ layer: '4', kind: 'type', addTypes: ['Artifact'] }]);
  // 205.1b: `artifact creature` keeps the old types.
  assert.deepEqual(parts('Enchanted creature is an artifact creature.'), [{ layer: '4', kind: 'type', addTypes: ['Artifact', 'Creature'] }]);
  assert.deepEqual(parts('Enchanted land is a 2/2 creature that\'s still a land.', ctx()).slice(0, 1), [{ layer: '4', kind: 'type', addTypes: ['Creature'] }]);
  assert.deepEqual(parts('Enchanted creature is a Treefolk.'), [{ layer: '4', kind: 'type', addSubtypes: [{ kind: 'fixed', value: 'Treefolk' }], replaceSubtypes: true }]);
  assert.deepEqual(parts('Nonbasic lands are Mountains.'), [{ layer: '4', kind: 'type', setLandType: { kind: 'fixed', value: 'Mountain' } }]);
  assert.deepEqual(parts('All Mountains are Plains.'), [{ layer: '4', kind: 'type', setLandType: { kind: 'fixed', value: 'Plains' } }]);
  assert.deepEqual(effect('Basic lands of the first chosen type are the second chosen type.'), {
    affected: { kind: 'filter', filter: F({ types: ['Land'], supertypes: ['Basic'], chosenSubtype: 0 }) },
    parts: [{ layer: '4', kind: 'type', setLandType: { kind: 'choice', index: 1 } }],
  });
  assert.deepEqual(parts('Enchanted land is the chosen type.'), [{ layer: '4', kind: 'type', setLandType: { kind: 'choice', index: 0 } }]);
  assert.deepEqual(parts('Creatures you control are the chosen type.'), [{ layer: '4', kind: 'type', addSubtypes: [{ kind: 'choice', index: 0 }], replaceSubtypes: true }]);
  assert.deepEqual(parts('Each land is a Swamp in addition to its other land types.'), [{ layer: '4', kind: 'type', addSubtypes: [{ kind: 'fixed', value: 'Swamp' }] }]);
  assert.deepEqual(parts('Enchanted creature is every creature type.'), [{ layer: '4', kind: 'type', allCreatureTypes: true }]);
  assert.deepEqual(parts('Enchanted creature loses all creature types.'), [{ layer: '4', kind: 'type', loseAllCreatureTypes: true }]);
  assert.deepEqual(parts('Enchanted creature has all creature types.'), [{ layer: '4', kind: 'type', allCreatureTypes: true }]);
});

test('613.6: one sentence, one effect, parts in several layers', () => {
  assert.deepEqual(parts('Enchanted creature is a 1/1 green Saproling creature.'), [
    { layer: '4', kind: 'type', setTypes: ['Creature'], addSubtypes: [{ kind: 'fixed', value: 'Saproling' }], replaceSubtypes: true },
    { layer: '5', kind: 'color', set: [{ kind: 'fixed', value: 'green' }] },
    { layer: '7b', kind: 'pt', power: n(1), toughness: n(1) },
  ]);
  assert.deepEqual(parts('Enchanted permanent is a 2/2 artifact creature.'), [
    { layer: '4', kind: 'type', addTypes: ['Artifact', 'Creature'] },
    { layer: '7b', kind: 'pt', power: n(2), toughness: n(2) },
  ]);
  assert.deepEqual(parts('All Forests and all Saprolings are 1/1 green Saproling creatures and Forest lands in addition to their other types.'), [
    { layer: '4', kind: 'type', addTypes: ['Creature', 'Land'], addSubtypes: [{ kind: 'fixed', value: 'Saproling' }, { kind: 'fixed', value: 'Forest' }] },
    { layer: '5', kind: 'color', set: [{ kind: 'fixed', value: 'green' }] },
    { layer: '7b', kind: 'pt', power: n(1), toughness: n(1) },
  ]);
  assert.deepEqual(parts('Enchanted creature is a Treefolk with base power and toughness 0/4 and loses all abilities.'), [
    { layer: '4', kind: 'type', addSubtypes: [{ kind: 'fixed', value: 'Treefolk' }], replaceSubtypes: true },
    { layer: '7b', kind: 'pt', power: n(0), toughness: n(4) },
    { layer: '6', kind: 'abilities', removeAll: true },
  ]);
  assert.deepEqual(parts('Equipped creature gets +2/+2 and has vigilance, trample, and haste.').map((p) => p.layer), ['7c', '6']);
});

test('layer 5: colors set, added, chosen, all, none', () => {
  assert.deepEqual(parts('Enchanted creature is white.'), [{ layer: '5', kind: 'color', set: [{ kind: 'fixed', value: 'white' }] }]);
  assert.deepEqual(parts('Enchanted creature is black and green.'), [{ layer: '5', kind: 'color', set: [{ kind: 'fixed', value: 'black' }, { kind: 'fixed', value: 'green' }] }]);
  assert.deepEqual(parts('Enchanted creature is blue in addition to its other colors.'), [{ layer: '5', kind: 'color', add: [{ kind: 'fixed', value: 'blue' }] }]);
  assert.deepEqual(parts('Enchanted creature is colorless.'), [{ layer: '5', kind: 'color', set: [] }]);
  assert.deepEqual(parts('All cards that aren\'t on the battlefield, spells, and permanents are the chosen color in addition to their other colors.'), [
    { layer: '5', kind: 'color', add: [{ kind: 'choice', index: 0 }] },
  ]);
});

test('layer 6: abilities gained, lost, quoted (compiled recursively), can\'t have or gain', () => {
  assert.deepEqual(parts('Enchanted creature has flying.'), [{ layer: '6', kind: 'abilities', add: [{ kind: 'keyword', text: 'Flying', keyword: 'flying' }] }]);
  assert.deepEqual(parts('Enchanted creature loses flying.'), [{ layer: '6', kind: 'abilities', remove: ['flying'] }]);
  assert.deepEqual(parts('All creatures lose all abilities and have base power and toughness 1/1.'), [
    { layer: '6', kind: 'abilities', removeAll: true },
    { layer: '7b', kind: 'pt', power: n(1), toughness: n(1) },
  ]);
  assert.deepEqual(parts('Creatures your opponents control lose flying and can\'t have or gain flying.'), [
    { layer: '6', kind: 'abilities', remove: ['flying'] },
    { layer: '6', kind: 'abilities', remove: ['flying'], cantGain: ['flying'] },
  ]);
  assert.deepEqual(parts('Enchanted creature can\'t have or gain abilities.'), [{ layer: '6', kind: 'abilities', removeAll: true, cantHave: true }]);
  const [granted] = parts('Enchanted creature has "{T}: Add {G}."');
  assert.deepEqual(granted, { layer: '6', kind: 'abilities', add: [{ kind: 'activated', text: '{T}: Add {G}.', cost: '{T}', actions: [{ kind: 'add-mana', mana: '{G}' }], mana: true }] });
  // A quoted CDA keeps its 7a reading; the engine moves a granted one to 7b (604.3a).
  const [cda] = parts('Enchanted creature has "This creature\'s power and toughness are each equal to the number of cards in your hand."');
  assert.ok(cda!.kind === 'abilities' && cda.add![0]!.kind === 'static' && cda.add![0]!.cda);
});

test('604.3: characteristic-defining abilities, and what is not one', () => {
  const goyf = statics("This creature's power and toughness are each equal to the number of creature cards in your graveyard.");
  const graveyard = { kind: 'count', filter: F({ types: ['Creature'], noun: 'card', zones: ['graveyard'], owner: you }) } as const;
  assert.deepEqual(goyf, { effects: [{ affected: self, parts: [{ layer: '7a', kind: 'pt', power: graveyard, toughness: graveyard }] }], replacements: [], cda: true });
  const nightmare = statics("Nightmare's power is equal to the number of Swamps you control.", ctx('Nightmare'));
  assert.ok(nightmare.cda);
  assert.deepEqual(nightmare.effects[0]!.parts, [{ layer: '7a', kind: 'pt', power: { kind: 'count', filter: F({ subtypes: ['Swamp'], controller: you }) } }]);
  assert.ok(statics('Transguild Courier is all colors.', ctx('Transguild Courier')).cda);
  assert.ok(statics('Ghostfire is colorless.', ctx('Ghostfire')).cda);
  assert.deepEqual(one('Changeling'), { kind: 'static', text: 'Changeling', effects: [{ affected: self, parts: [{ layer: '4', kind: 'type', allCreatureTypes: true }] }], replacements: [], cda: true });
  assert.deepEqual(one('Devoid'), { kind: 'static', text: 'Devoid', effects: [{ affected: self, parts: [{ layer: '5', kind: 'color', set: [] }] }], replacements: [], cda: true });
  // Not CDAs: other objects, a condition, a 7b set.
  assert.ok(!statics('Creatures you control get +1/+1.').cda);
  assert.ok(!statics('Enchanted creature is all colors.').cda);
  assert.ok(!statics("As long as it's your turn, this creature's power is equal to the number of cards in your hand.").cda);
  assert.ok(!statics('This creature has base power and toughness 0/4.').cda);
});

test('layer 7: set (7b) with counts and mana value, modify (7c) with for each and X', () => {
  const mv = { kind: 'stat', stat: 'mana-value' } as const;
  assert.deepEqual(parts('Each noncreature artifact is an artifact creature with base power and base toughness each equal to its mana value.'), [
    { layer: '4', kind: 'type', addTypes: ['Artifact', 'Creature'] },
    { layer: '7b', kind: 'pt', power: mv, toughness: mv },
  ]);
  assert.deepEqual(parts('Enchanted creature has base power and toughness each equal to its mana value.'), [{ layer: '7b', kind: 'pt', power: mv, toughness: mv }]);
  assert.deepEqual(parts('Enchanted creature gets -2/-0.'), [{ layer: '7c', kind: 'pt', power: n(-2), toughness: n(0) }]);
  const forests = { kind: 'count', filter: F({ subtypes: ['Forest'], controller: you }) } as const;
  assert.deepEqual(parts('Enchanted creature gets +1/+1 for each Forest you control.'), [{ layer: '7c', kind: 'pt', power: forests, toughness: forests }]);
  assert.deepEqual(parts('Enchanted creature gets +2/+0 for each Forest you control.'), [{ layer: '7c', kind: 'pt', power: { kind: 'times', factor: 2, expr: forests }, toughness: n(0) }]);
  assert.deepEqual(parts('This creature gets +X/+X, where X is the number of Forests you control.'), [{ layer: '7c', kind: 'pt', power: forests, toughness: forests }]);
});

test('players (613.10) and rules (613.11)', () => {
  const player = (text: string) => {
    const e = effect(text);
    return [e.affected, e.parts];
  };
  assert.deepEqual(player('You have hexproof.'), [{ kind: 'player', player: you }, [{ layer: 'player', kind: 'player', gains: 'hexproof' }]]);
  assert.deepEqual(player('Your opponents have protection from red.'), [{ kind: 'player', player: { kind: 'opponents' } }, [{ layer: 'player', kind: 'player', gains: 'protection from red' }]]);
  assert.deepEqual(player('You have no maximum hand size.'), [{ kind: 'player', player: you }, [{ layer: 'player', kind: 'player', gains: 'no maximum hand size' }]]);
  assert.deepEqual(player('Your maximum hand size is reduced by one.'), [{ kind: 'player', player: you }, [{ layer: 'player', kind: 'player', handSizeDelta: -1 }]]);
  assert.deepEqual(player("Each opponent's maximum hand size is reduced by one."), [{ kind: 'player', player: { kind: 'opponents' } }, [{ layer: 'player', kind: 'player', handSizeDelta: -1 }]]);
  assert.deepEqual(player("The chosen player's maximum hand size is four."), [{ kind: 'player', player: { kind: 'chosen-player', index: 0 } }, [{ layer: 'player', kind: 'player', handSizeSet: 4 }]]);
  assert.deepEqual(parts('Spells you cast cost {1} less to cast.'), [
    { layer: 'rules', kind: 'rules', description: 'Spells you cast cost {1} less to cast (601.2f)', costDelta: { amount: -1, filter: F({ noun: 'spell', zones: ['stack'], controller: you }) } },
  ]);
  assert.deepEqual(parts("Creatures can't attack you."), [{ layer: 'rules', kind: 'rules', description: "Creatures can't attack you" }]);
  assert.deepEqual(parts('Players may spend mana as though it were mana of any color.'), [{ layer: 'rules', kind: 'rules', description: 'players may spend mana as though it were mana of any color' }]);
});

test('conditions on static abilities, before or after, and what they test', () => {
  assert.deepEqual(effect('As long as enchanted permanent is a creature, it has flying.'), {
    affected: { kind: 'object', ref: { kind: 'attached', via: 'enchanted', noun: 'permanent' } },
    parts: [{ layer: '6', kind: 'abilities', add: [{ kind: 'keyword', text: 'Flying', keyword: 'flying' }] }],
    condition: { kind: 'object-is', object: { kind: 'attached', via: 'enchanted', noun: 'permanent' }, filter: F({ types: ['Creature'] }) },
  });
  assert.deepEqual(effect('As long as this creature is untapped, it has vigilance.').condition, { kind: 'not', condition: { kind: 'tapped', object: { kind: 'self' } } });
  assert.deepEqual(effect("As long as it's not your turn, this creature has hexproof.").condition, { kind: 'not', condition: { kind: 'your-turn' } });
  assert.deepEqual(effect('As long as seven or more cards are in your graveyard, this creature gets +1/+1.').condition, { kind: 'count-at-least', filter: F({ noun: 'card', zones: ['graveyard'], owner: you }), atLeast: 7 });
  assert.deepEqual(effect('This creature gets +1/+1 as long as you control an Island.').condition, { kind: 'count-at-least', filter: F({ subtypes: ['Island'], controller: you }), atLeast: 1 });
});

test('a static ability of several sentences gives several effects; `It\'s still a land` keeps types', () => {
  const s = statics('Other creatures you control get +2/+2. Creatures your opponents control get -2/-2.');
  assert.equal(s.effects.length, 2);
  assert.deepEqual(s.effects.map((e) => e.parts[0]), [
    { layer: '7c', kind: 'pt', power: n(2), toughness: n(2) },
    { layer: '7c', kind: 'pt', power: n(-2), toughness: n(-2) },
  ]);
});

test('Tarmogoyf: card types among cards in all graveyards, and that number plus 1 (7a)', () => {
  const goyf = statics("Tarmogoyf's power is equal to the number of card types among cards in all graveyards and its toughness is equal to that number plus 1.", ctx('Tarmogoyf'));
  const among = { kind: 'count', filter: F({ noun: 'card', zones: ['graveyard'] }), distinctCardTypes: true } as const;
  assert.deepEqual(goyf, { effects: [{ affected: self, parts: [{ layer: '7a', kind: 'pt', power: among, toughness: { ...among, plus: 1 } }] }], replacements: [], cda: true });
});

test('selectors: a shared tail or noun, `The same is true for …`, keyword qualities', () => {
  const [cost] = parts('Instant and sorcery spells you cast cost {1} less to cast.');
  const spell = (t: string) => F({ types: [t], noun: 'spell', zones: ['stack'], controller: you });
  assert.deepEqual(cost!.kind === 'rules' && cost.costDelta, { amount: -1, filter: F({ anyOf: [spell('Instant'), spell('Sorcery')] }) });
  const both = effect('Artifacts and creatures you control have hexproof.').affected;
  assert.deepEqual(both, { kind: 'filter', filter: F({ anyOf: [F({ types: ['Artifact'], controller: you }), F({ types: ['Creature'], controller: you })] }) });
  const conspiracy = statics('Creatures you control are the chosen type. The same is true for creature spells you control and creature cards you own that aren\'t on the battlefield.');
  assert.equal(conspiracy.effects.length, 2);
  assert.deepEqual(conspiracy.effects[1]!.affected, {
    kind: 'filter',
    filter: F({ anyOf: [F({ types: ['Creature'], noun: 'spell', zones: ['stack'], controller: you }), F({ types: ['Creature'], noun: 'card', zones: ['graveyard', 'hand', 'library', 'exile', 'stack', 'command'], owner: you })] }),
  });
  assert.deepEqual(conspiracy.effects[1]!.parts, conspiracy.effects[0]!.parts);
  assert.deepEqual(effect("Creatures without flying can't attack.").affected, { kind: 'filter', filter: F({ types: ['Creature'], withoutKeywords: ['flying'] }) });
});
