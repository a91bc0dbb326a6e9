// One-shot actions (608.2) of resolve strings, spells, activated and
// triggered abilities: targets in order, pronouns, durations, damage.
import assert from 'node:assert/strict';
import test from 'node:test';
import { compileAbilityText } from '../../src/effects/compile';
import { F, actions, ctx, n, noSpans, one } from './helpers';

/** A `target NOUN` reference; a permanent noun is a condition the target must meet (115.1). */
const tref = (index: number, noun = 'creature') =>
  /target|player/.test(noun)
    ? ({ kind: 'target', index, noun } as const)
    : ({ kind: 'target', index, noun, filter: noun === 'permanent' ? F() : F({ types: noun.split(' ').map((t) => t[0]!.toUpperCase() + t.slice(1)) }) } as const);
const target = (index: number, noun = 'creature') => ({ kind: 'object', ref: tref(index, noun) }) as const;
const you = { kind: 'you' } as const;
const eot = { kind: 'end-of-turn' } as const;
const haste = { layer: '6', kind: 'abilities', add: [{ kind: 'keyword', text: 'Haste', keyword: 'haste' }] } as const;

test('Act of Treason: control, untap `that creature`, `It` gains haste — all the same target', () => {
  assert.deepEqual(actions('Gain control of target creature until end of turn. Untap that creature. It gains haste until end of turn.'), [
    { kind: 'create-effect', effect: { affected: target(0), parts: [{ layer: '2', kind: 'control', player: you }] }, duration: eot },
    { kind: 'untap', object: target(0) },
    { kind: 'create-effect', effect: { affected: target(0), parts: [haste] }, duration: eot },
  ]);
});

test('Insurrection: `them` and `They` are the creatures just named', () => {
  const all = { kind: 'filter', filter: F({ types: ['Creature'] }) } as const;
  assert.deepEqual(actions('Untap all creatures and gain control of them until end of turn. They gain haste until end of turn.'), [
    { kind: 'untap', object: all },
    { kind: 'create-effect', effect: { affected: all, parts: [{ layer: '2', kind: 'control', player: you }] }, duration: eot },
    { kind: 'create-effect', effect: { affected: all, parts: [haste] }, duration: eot },
  ]);
});

test('durations: until end of turn (leading or trailing), this turn, for as long as, none', () => {
  const pump = { layer: '7c', kind: 'pt', power: n(1), toughness: n(1) } as const;
  assert.deepEqual(actions('Target creature gets +1/+1 until end of turn.'), [{ kind: 'create-effect', effect: { affected: target(0), parts: [pump] }, duration: eot }]);
  assert.deepEqual(actions('Until end of turn, target creature gets +1/+1.'), [{ kind: 'create-effect', effect: { affected: target(0), parts: [pump] }, duration: eot }]);
  assert.deepEqual(actions('Target creature gets +1/+1 this turn.'), [{ kind: 'create-effect', effect: { affected: target(0), parts: [pump] }, duration: eot }]);
  assert.deepEqual(actions('Gain control of target artifact for as long as you control this creature.'), [{
    kind: 'create-effect', effect: { affected: target(0, 'artifact'), parts: [{ layer: '2', kind: 'control', player: you }] },
    duration: { kind: 'as-long-as', condition: { kind: 'controls', player: you, object: { kind: 'self' } } },
  }]);
  assert.deepEqual(actions('Target creature becomes white.'), [{ kind: 'create-effect', effect: { affected: target(0), parts: [{ layer: '5', kind: 'color', set: [{ kind: 'fixed', value: 'white' }] }] }, duration: { kind: 'forever' } }]);
});

test('type-changing actions: plain becomes, still a land, artifact creature, X/X', () => {
  assert.deepEqual(actions('Target land becomes a 3/3 creature.')[0], {
    kind: 'create-effect', effect: { affected: target(0, 'land'), parts: [{ layer: '4', kind: 'type', setTypes: ['Creature'] }, { layer: '7b', kind: 'pt', power: n(3), toughness: n(3) }] }, duration: { kind: 'forever' },
  });
  assert.deepEqual(actions("Until end of turn, target land becomes a 3/3 creature that's still a land.")[0], {
    kind: 'create-effect', effect: { affected: target(0, 'land'), parts: [{ layer: '4', kind: 'type', addTypes: ['Creature'] }, { layer: '7b', kind: 'pt', power: n(3), toughness: n(3) }] }, duration: eot,
  });
  assert.deepEqual(actions('All noncreature artifacts become 2/2 artifact creatures until end of turn.')[0], {
    kind: 'create-effect',
    effect: { affected: { kind: 'filter', filter: F({ types: ['Artifact'], notTypes: ['Creature'] }) }, parts: [{ layer: '4', kind: 'type', addTypes: ['Artifact', 'Creature'] }, { layer: '7b', kind: 'pt', power: n(2), toughness: n(2) }] },
    duration: eot,
  });
  assert.deepEqual(actions('Target creature becomes 0/1 until end of turn.')[0], { kind: 'create-effect', effect: { affected: target(0), parts: [{ layer: '7b', kind: 'pt', power: n(0), toughness: n(1) }] }, duration: eot });
  const chimeric = one('{X}: This artifact becomes an X/X Construct artifact creature until end of turn.');
  assert.ok(chimeric.kind === 'activated');
  assert.deepEqual(chimeric.actions, [{
    kind: 'create-effect',
    effect: { affected: { kind: 'object', ref: { kind: 'self' } }, parts: [{ layer: '4', kind: 'type', addTypes: ['Artifact', 'Creature'], addSubtypes: [{ kind: 'fixed', value: 'Construct' }], replaceSubtypes: true }, { layer: '7b', kind: 'pt', power: { kind: 'x' }, toughness: { kind: 'x' } }] },
    duration: eot,
  }]);
  // `It's still a land.` in its own sentence (205.1b).
  const mutavault = one("{1}: This land becomes a 2/2 creature with all creature types until end of turn. It's still a land.");
  assert.ok(mutavault.kind === 'activated');
  assert.deepEqual(mutavault.actions[0]!.kind === 'create-effect' && mutavault.actions[0]!.effect.parts[0], { layer: '4', kind: 'type', addTypes: ['Creature'], allCreatureTypes: true });
});

test('choices: the color of your choice, text changes (612), copies of targets', () => {
  assert.deepEqual(actions('Target creature becomes the color of your choice until end of turn.')[0], {
    kind: 'create-effect', effect: { affected: target(0), parts: [{ layer: '5', kind: 'color', set: [{ kind: 'choice', index: 0 }] }] }, duration: eot,
  });
  assert.deepEqual(actions('Change the text of target spell or permanent by replacing all instances of one color word with another.'), [{
    kind: 'create-effect',
    effect: { affected: { kind: 'object', ref: { kind: 'target', index: 0, noun: 'spell or permanent', filter: F({ anyOf: [F({ noun: 'spell', zones: ['stack'] }), F()] }) } }, parts: [{ layer: '3', kind: 'text-change', wordKind: 'color', from: { kind: 'choice', index: 0 }, to: { kind: 'choice', index: 1 } }] },
    duration: { kind: 'forever' },
  }]);
  assert.deepEqual(actions('Switch target creature\'s power and toughness until end of turn.'), [{ kind: 'create-effect', effect: { affected: target(0), parts: [{ layer: '7d', kind: 'switch' }] }, duration: eot }]);
  assert.deepEqual(actions('Target creature becomes a copy of target creature until end of turn.'), [{
    kind: 'create-effect', effect: { affected: target(0), parts: [{ layer: '1a', kind: 'copy', of: tref(1, 'creature'), except: [] }] }, duration: eot,
  }]);
});

test('players, cards, life, counters, zones', () => {
  assert.deepEqual(actions('Draw a card.'), [{ kind: 'draw', player: you, amount: n(1) }]);
  assert.deepEqual(actions('Target player discards two cards.'), [{ kind: 'discard', player: { kind: 'target-player', index: 0 }, amount: n(2) }]);
  assert.deepEqual(actions('Target player mills three cards.'), [{ kind: 'mill', player: { kind: 'target-player', index: 0 }, amount: n(3) }]);
  assert.deepEqual(actions('You gain 3 life.'), [{ kind: 'gain-life', player: you, amount: n(3) }]);
  assert.deepEqual(actions('Each opponent loses 2 life.'), [{ kind: 'lose-life', player: { kind: 'opponents' }, amount: n(2) }]);
  assert.deepEqual(actions('Exile target creature. Its controller gains life equal to its power.'), [
    { kind: 'exile', object: target(0) },
    { kind: 'gain-life', player: { kind: 'controller-of', object: tref(0, 'creature') }, amount: { kind: 'stat', stat: 'power', of: tref(0, 'creature') } },
  ]);
  assert.deepEqual(actions('Put two +1/+1 counters on target creature.'), [{ kind: 'counters', object: target(0), counter: '+1/+1', amount: n(2) }]);
  assert.deepEqual(actions('Remove a -1/-1 counter from target creature.'), [{ kind: 'counters', object: target(0), counter: '-1/-1', amount: n(1), remove: true }]);
  assert.deepEqual(actions("Return target creature to its owner's hand."), [{ kind: 'move', object: target(0), to: 'hand' }]);
  assert.deepEqual(actions("Put target creature on top of its owner's library."), [{ kind: 'move', object: target(0), to: 'library', position: 'top' }]);
  assert.deepEqual(actions('Destroy all creatures.'), [{ kind: 'destroy', object: { kind: 'filter', filter: F({ types: ['Creature'] }) } }]);
  // 701.6a: countering is not simulated (no stack); the target is kept, and must be a spell (112.1).
  const spell = { kind: 'object', ref: { kind: 'target', index: 0, noun: 'spell', filter: F({ noun: 'spell', zones: ['stack'] }) } } as const;
  const why = 'the scenario model has no stack: a spell resolves as it is cast, so none waits to be countered (701.6a)';
  assert.deepEqual(noSpans(compileAbilityText('Counter target spell.', ctx('Cancel', { isSpell: true })).abilities[0]), { kind: 'spell', text: 'Counter target spell.', actions: [{ kind: 'not-simulated', note: { what: 'Counter target spell', why }, object: spell }] });
});

test('damage: the source by name or as this object, any target, old and new wording', () => {
  const c = ctx('Lightning Bolt', { isSpell: true, knownNames: ['Lightning Bolt', 'Shock'] });
  assert.deepEqual(actions('Lightning Bolt deals 3 damage to any target.', c), [{ kind: 'damage', source: { kind: 'self' }, amount: n(3), to: target(0, 'any target') }]);
  assert.deepEqual(actions('Shock deals 2 damage to target creature or player.', c), [{ kind: 'damage', source: { kind: 'named', name: 'Shock' }, amount: n(2), to: { kind: 'object', ref: { kind: 'target', index: 0, noun: 'creature or player', orPlayer: 'any' } } }]);
  assert.deepEqual(actions('This creature deals 1 damage to any target.'), [{ kind: 'damage', source: { kind: 'self' }, amount: n(1), to: target(0, 'any target') }]);
  assert.deepEqual(actions('This creature deals 2 damage to each opponent.'), [{ kind: 'damage', source: { kind: 'self' }, amount: n(2), to: { kind: 'player', player: { kind: 'opponents' } } }]);
});

test('ability kinds: activated (mana or not), triggered (kept), spell, with spans into the text', () => {
  const mana = compileAbilityText('{T}: Add {G}.', ctx());
  assert.deepEqual(mana, { abilities: [{ kind: 'activated', text: '{T}: Add {G}.', cost: '{T}', actions: [{ kind: 'add-mana', mana: '{G}', span: { start: 5, end: 12 } }], mana: true, span: { start: 0, end: 13 } }], issues: [] });
  assert.deepEqual(noSpans(one('{T}: Add {R} or {W}.')), { kind: 'activated', text: '{T}: Add {R} or {W}.', cost: '{T}', actions: [{ kind: 'add-mana', mana: '{R} or {W}' }], mana: true });
  assert.ok(((a) => a.kind === 'activated' && a.mana)(one('{T}: Add one mana of any color.')));
  const ping = one('{T}: This creature deals 1 damage to any target.');
  assert.ok(ping.kind === 'activated' && !ping.mana && ping.cost === '{T}');
  const upkeep = one('At the beginning of your upkeep, you lose 2 life.');
  assert.deepEqual(upkeep, { kind: 'triggered', text: 'At the beginning of your upkeep, you lose 2 life.', trigger: 'At the beginning of your upkeep', actions: [{ kind: 'lose-life', player: you, amount: n(2) }] });
  const bolt = one('Lightning Bolt deals 3 damage to any target.', ctx('Lightning Bolt', { isSpell: true }));
  assert.equal(bolt.kind, 'spell');
  // A spell's clauses have spans into the line as written.
  const growth = compileAbilityText('Target creature gets +3/+3 until end of turn.', ctx('Giant Growth', { isSpell: true }));
  const span = growth.abilities[0]!.kind === 'spell' ? growth.abilities[0]!.actions[0]!.span : undefined;
  assert.deepEqual(span, { start: 0, end: 44 });
});

test('a target\'s conditions are kept for `targeting` to be checked against (115.1); what cannot be checked says so', () => {
  // `with power 4 or greater` is now a filter condition too: kept, so checked (nothing left unchecked).
  const power = actions('Destroy target creature with power 4 or greater.')[0] as { object: { ref: { filter?: unknown; unchecked?: string } } };
  assert.ok(power.object.ref.filter);
  assert.equal(power.object.ref.unchecked, undefined);
  assert.deepEqual(actions('Destroy target creature an opponent controls.'), [{ kind: 'destroy', object: { kind: 'object', ref: { kind: 'target', index: 0, noun: 'creature', filter: F({ types: ['Creature'], controller: { kind: 'opponents' } }) } } }]);
  assert.deepEqual(actions('Destroy target creature with flying.'), [{ kind: 'destroy', object: { kind: 'object', ref: { kind: 'target', index: 0, noun: 'creature', filter: F({ types: ['Creature'], withKeywords: ['flying'] }) } } }]);
  // A plain noun is a condition too: a land is not a legal `target artifact or enchantment`.
  assert.deepEqual(actions('Destroy target artifact or enchantment.'), [
    { kind: 'destroy', object: { kind: 'object', ref: { kind: 'target', index: 0, noun: 'artifact or enchantment', filter: F({ anyOf: [F({ types: ['Artifact'] }), F({ types: ['Enchantment'] })] }) } } },
  ]);
});
