// Replacement and prevention effects (614, 615, 616) as the compiler reads
// them: static ones, those that activated abilities and spells create, and
// 614.15 self-replacement inside a spell's own text.
import assert from 'node:assert/strict';
import test from 'node:test';
import type { ReplacementSpec } from '../../src/effects/ir';
import { F, actions, ctx, n, one, statics } from './helpers';

const self = { kind: 'object', ref: { kind: 'self' } } as const;
const you = { kind: 'you' } as const;
const it = { kind: 'object', ref: { kind: 'event-object' } } as const;

function rep(text: string, c = ctx()): ReplacementSpec {
  const s = statics(text, c);
  assert.equal(s.effects.length, 0, text);
  assert.equal(s.replacements.length, 1, text);
  assert.equal(s.cda, false);
  return s.replacements[0]!;
}

test('If … would be put into a graveyard …, … instead (either place of `instead`)', () => {
  assert.deepEqual(rep('If a card or token would be put into a graveyard from anywhere, exile it instead.'), {
    kind: 'instead', event: { kind: 'to-graveyard', object: { kind: 'filter', filter: F({ noun: 'object' }) } }, actions: [{ kind: 'exile', object: it }],
  });
  assert.deepEqual(rep('If a card would be put into a graveyard from anywhere, instead exile it.'), {
    kind: 'instead', event: { kind: 'to-graveyard', object: { kind: 'filter', filter: F({ noun: 'card' }) } }, actions: [{ kind: 'exile', object: it }],
  });
  assert.deepEqual(rep("If a card would be put into an opponent's graveyard from anywhere, exile it instead."), {
    kind: 'instead', event: { kind: 'to-graveyard', object: { kind: 'filter', filter: F({ noun: 'card', owner: { kind: 'opponents' } }) } }, actions: [{ kind: 'exile', object: it }],
  });
  assert.deepEqual(rep("If Darksteel Colossus would be put into a graveyard from anywhere, reveal it and shuffle it into its owner's library instead.", ctx('Darksteel Colossus')), {
    kind: 'instead', event: { kind: 'to-graveyard', object: self }, actions: [{ kind: 'move', object: it, to: 'library', position: 'shuffle' }],
  });
  assert.deepEqual(rep("If this creature would die, instead shuffle it into its owner's library."), {
    kind: 'instead', event: { kind: 'to-graveyard', object: self, from: 'battlefield' }, actions: [{ kind: 'move', object: it, to: 'library', position: 'shuffle' }],
  });
});

test('entering: tapped, as a copy, under your control, with counters; As … enters, choose', () => {
  assert.deepEqual(rep('This creature enters tapped.'), { kind: 'enters-tapped', affected: self });
  assert.deepEqual(rep('This land enters the battlefield tapped.'), { kind: 'enters-tapped', affected: self });
  assert.deepEqual(rep('Artifacts and lands enter tapped.'), { kind: 'enters-tapped', affected: { kind: 'filter', filter: F({ anyOf: [F({ types: ['Artifact'] }), F({ types: ['Land'] })] }) } });
  assert.deepEqual(rep('Creatures you control enter as a copy of this creature.'), {
    kind: 'enters-as-copy', affected: { kind: 'filter', filter: F({ types: ['Creature'], controller: you }) }, of: { kind: 'self' }, optional: false, except: [],
  });
  assert.deepEqual(rep('You may have this creature enter as a copy of any creature on the battlefield.'), {
    kind: 'enters-as-copy', affected: self, of: { kind: 'choose', filter: F({ types: ['Creature'], zones: ['battlefield'] }) }, optional: true, except: [],
  });
  assert.deepEqual(rep("You may have this creature enter as a copy of any creature on the battlefield, except it's 7/7."), {
    kind: 'enters-as-copy', affected: self, of: { kind: 'choose', filter: F({ types: ['Creature'], zones: ['battlefield'] }) }, optional: true,
    except: [{ layer: '7b', kind: 'pt', power: n(7), toughness: n(7) }],
  });
  const phantasmal = rep('You may have this creature enter as a copy of any creature on the battlefield, except it\'s an Illusion in addition to its other types and it has "When this creature becomes the target of a spell or ability, sacrifice it."');
  assert.ok(phantasmal.kind === 'enters-as-copy');
  assert.deepEqual(phantasmal.except.map((p) => p.layer), ['4', '6']);
  assert.deepEqual(rep("If a creature would enter under an opponent's control this turn, it enters under your control instead."), {
    kind: 'enters-under-control', affected: { kind: 'filter', filter: F({ types: ['Creature'], controller: { kind: 'opponents' } }) }, player: you,
  });
  assert.deepEqual(rep('This creature enters with two +1/+1 counters on it.'), { kind: 'enters-with-counters', affected: self, counter: '+1/+1', amount: n(2) });
  assert.deepEqual(rep('As this enchantment enters, choose two basic land types.'), { kind: 'as-enters-choose', choices: ['basic-land-type', 'basic-land-type'] });
  assert.deepEqual(rep('As this artifact enters, choose an opponent.'), { kind: 'as-enters-choose', choices: ['opponent'] });
  assert.deepEqual(rep('As this creature enters, choose a color.'), { kind: 'as-enters-choose', choices: ['color'] });
  assert.deepEqual(rep('As this enchantment enters, choose a creature type.'), { kind: 'as-enters-choose', choices: ['creature-type'] });
});

test('damage: plus N, double, to a player or a permanent an opponent controls; prevent', () => {
  assert.deepEqual(rep('If a red source you control would deal damage to an opponent or a permanent an opponent controls, it deals that much damage plus 2 instead.'), {
    kind: 'modify-damage',
    event: {
      kind: 'damage',
      source: { kind: 'filter', filter: F({ colors: ['red'], noun: 'object', controller: you }) },
      toAny: [{ kind: 'player', player: { kind: 'opponents' } }, { kind: 'filter', filter: F({ controller: { kind: 'opponents' } }) }],
    },
    add: 2,
  });
  assert.deepEqual(rep('If a source would deal damage to a permanent or player, it deals double that damage to that permanent or player instead.'), {
    kind: 'modify-damage', event: { kind: 'damage', source: { kind: 'filter', filter: F({ noun: 'object' }) } }, multiply: 2,
  });
  assert.deepEqual(rep('If a source you control would deal damage to an opponent, it deals double that damage to that player instead.'), {
    kind: 'modify-damage', event: { kind: 'damage', source: { kind: 'filter', filter: F({ noun: 'object', controller: you }) }, to: { kind: 'player', player: { kind: 'opponents' } } }, multiply: 2,
  });
  assert.deepEqual(rep('If damage would be dealt to this creature, prevent that damage.'), { kind: 'prevent', event: { kind: 'damage', to: self } });
});

test('life and cards: twice that much, draw that many, return a card instead; `they` is the event\'s player', () => {
  assert.deepEqual(rep('If you would gain life, you gain twice that much life instead.'), {
    kind: 'instead', event: { kind: 'gain-life', player: you }, actions: [{ kind: 'gain-life', player: you, amount: { kind: 'times', factor: 2, expr: { kind: 'event-amount' } } }],
  });
  assert.deepEqual(rep('If you would gain life, draw that many cards instead.'), {
    kind: 'instead', event: { kind: 'gain-life', player: you }, actions: [{ kind: 'draw', player: you, amount: { kind: 'event-amount' } }],
  });
  assert.deepEqual(rep('If you would draw a card, return a card from your graveyard to your hand instead.'), {
    kind: 'instead', event: { kind: 'draw', player: you }, actions: [{ kind: 'return-from-graveyard', player: you, filter: F({ noun: 'card', zones: ['graveyard'] }), to: 'hand' }],
  });
  assert.deepEqual(rep('If an opponent would draw a card, they lose 1 life instead.'), {
    kind: 'instead', event: { kind: 'draw', player: { kind: 'opponents' } }, actions: [{ kind: 'lose-life', player: { kind: 'event-player' }, amount: n(1) }],
  });
});

test('prevention and one-time shields created by abilities and spells (615, 609.7)', () => {
  const cop = one('{1}: The next time a red source of your choice would deal damage to you this turn, prevent that damage.');
  assert.deepEqual(cop, {
    kind: 'activated', text: '{1}: The next time a red source of your choice would deal damage to you this turn, prevent that damage.', cost: '{1}', mana: false,
    actions: [{
      kind: 'create-replacement',
      replacement: { kind: 'prevent', event: { kind: 'damage', source: { kind: 'filter', filter: F({ colors: ['red'], noun: 'object' }) }, to: { kind: 'player', player: you } }, shield: true, chooseSource: true },
      duration: { kind: 'end-of-turn' },
    }],
  });
  const words = one('{1}: The next time you would draw a card this turn, you gain 5 life instead.');
  assert.ok(words.kind === 'activated');
  assert.deepEqual(words.actions, [{
    kind: 'create-replacement', replacement: { kind: 'instead', event: { kind: 'draw', player: you }, actions: [{ kind: 'gain-life', player: you, amount: n(5) }], once: true }, duration: { kind: 'end-of-turn' },
  }]);
  assert.deepEqual(actions('Prevent all damage that would be dealt to target creature this turn.'), [{
    kind: 'create-replacement', replacement: { kind: 'prevent', event: { kind: 'damage', to: { kind: 'object', ref: { kind: 'target', index: 0, noun: 'creature', filter: F({ types: ['Creature'] }) } } } }, duration: { kind: 'end-of-turn' },
  }]);
  assert.deepEqual(actions('Prevent all damage creatures would deal this turn.'), [{
    kind: 'create-replacement', replacement: { kind: 'prevent', event: { kind: 'damage', source: { kind: 'filter', filter: F({ types: ['Creature'] }) } } }, duration: { kind: 'end-of-turn' },
  }]);
  assert.deepEqual(actions('Prevent the next 3 damage that would be dealt to any target this turn.'), [{
    kind: 'create-replacement', replacement: { kind: 'prevent', event: { kind: 'damage', to: { kind: 'object', ref: { kind: 'target', index: 0, noun: 'any target' } } }, amount: 3, shield: true }, duration: { kind: 'end-of-turn' },
  }]);
});

test('spells: a replacement lasting the turn, and 614.15 self-replacement, created before the actions they modify (608.2c)', () => {
  const target = { kind: 'object', ref: { kind: 'target', index: 0, noun: 'creature', filter: F({ types: ['Creature'] }) } } as const;
  const instead: ReplacementSpec = { kind: 'instead', event: { kind: 'to-graveyard', object: target, from: 'battlefield' }, actions: [{ kind: 'exile', object: it }] };
  assert.deepEqual(actions('Destroy target creature. If that creature would die this turn, exile it instead.'), [
    { kind: 'create-replacement', replacement: instead, duration: { kind: 'end-of-turn' } },
    { kind: 'destroy', object: target },
  ]);
  assert.deepEqual(actions('Destroy target creature. If that creature would die, exile it instead.'), [
    { kind: 'self-replacement', replacement: instead },
    { kind: 'destroy', object: target },
  ]);
  const gather = one("If a creature would enter under an opponent's control this turn, it enters under your control instead.", ctx('Gather Specimens', { isSpell: true }));
  assert.ok(gather.kind === 'spell' && gather.actions[0]!.kind === 'create-replacement' && gather.actions[0]!.duration.kind === 'end-of-turn');
});
