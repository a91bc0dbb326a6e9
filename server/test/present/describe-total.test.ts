// Every kind in the IR unions (effects/ir.ts) has its own words in the shared
// describer (effects/describe*.ts), used by the hover and `run --json`. The
// `Record<…['kind'], …>` tables below stop the typecheck when a kind is added
// to the IR without an example here; the test then fails until the describer
// has a case for it (the generic fallback, describeUnknown, is only a net).

import assert from 'node:assert/strict';
import test from 'node:test';
import { describeExpr, describePart, describePlayer, describeRef } from '../../src/effects/describe';
import { describeAction, describeCondition, describeDuration, describeEvent, describeReplacement, describeSelector, describeUnknown } from '../../src/effects/describe-actions';
import type { Action, Condition, Duration, EventPattern, Expr, ObjectRef, Part, PlayerRef, ReplacementSpec, Selector } from '../../src/effects/ir';
import { F, n } from '../effects/helpers';

const you: PlayerRef = { kind: 'you' };
const self: ObjectRef = { kind: 'self' };
const it: Selector = { kind: 'object', ref: { kind: 'target', index: 0, noun: 'creature' } };
const creatures: Selector = { kind: 'filter', filter: F({ types: ['Creature'] }) };

/** One example per kind: adding a kind to the IR makes this table incomplete, and the typecheck fails. */
type Table<T extends { kind: string }> = { [K in T['kind']]: T & { kind: K } };

const ACTIONS: Table<Action> = {
  'create-effect': { kind: 'create-effect', effect: { affected: it, parts: [{ layer: '7c', kind: 'pt', power: n(3), toughness: n(3) }] }, duration: { kind: 'end-of-turn' } },
  tap: { kind: 'tap', object: it },
  untap: { kind: 'untap', object: it },
  destroy: { kind: 'destroy', object: it },
  sacrifice: { kind: 'sacrifice', object: it },
  exile: { kind: 'exile', object: it },
  regenerate: { kind: 'regenerate', object: it },
  move: { kind: 'move', object: it, to: 'hand' },
  counters: { kind: 'counters', object: it, counter: '+1/+1', amount: n(2) },
  draw: { kind: 'draw', player: you, amount: n(2) },
  'gain-life': { kind: 'gain-life', player: you, amount: n(3) },
  'lose-life': { kind: 'lose-life', player: { kind: 'opponents' }, amount: n(1) },
  discard: { kind: 'discard', player: you, amount: n(1) },
  mill: { kind: 'mill', player: you, amount: n(4) },
  damage: { kind: 'damage', source: self, amount: n(3), to: it },
  'add-mana': { kind: 'add-mana', mana: '{G}' },
  choose: { kind: 'choose', choice: 'color', value: { kind: 'choice', index: 0 } },
  repeat: { kind: 'repeat', times: { kind: 'const', value: 2 }, actions: [] },
  'return-from-graveyard': { kind: 'return-from-graveyard', player: you, filter: F({ types: ['Creature'], noun: 'card', zones: ['graveyard'] }), to: 'hand' },
  'create-replacement': { kind: 'create-replacement', replacement: { kind: 'prevent', event: { kind: 'damage', to: it } }, duration: { kind: 'end-of-turn' } },
  'self-replacement': { kind: 'self-replacement', replacement: { kind: 'instead', event: { kind: 'to-graveyard', object: it, from: 'battlefield' }, actions: [{ kind: 'exile', object: { kind: 'object', ref: { kind: 'event-object' } } }] } },
  'not-simulated': { kind: 'not-simulated', note: { what: 'scry 1', why: 'libraries are not modelled' } },
  optional: { kind: 'optional', who: you, question: 'sacrifice an artifact', actions: [{ kind: 'sacrifice', object: it }], ifDone: [{ kind: 'draw', player: you, amount: n(1) }] },
  if: { kind: 'if', condition: { kind: 'your-turn' }, actions: [{ kind: 'draw', player: you, amount: n(1) }] },
  modal: { kind: 'modal', min: 1, max: 1, modes: [{ text: 'Draw a card.', actions: [{ kind: 'draw', player: you, amount: n(1) }], targets: [], targetPlayers: [] }] },
  delayed: { kind: 'delayed', when: 'next-end-step', trigger: 'At the beginning of the next end step', actions: [{ kind: 'sacrifice', object: it }] },
  pay: { kind: 'pay', cost: '{2}' },
  'exchange-control': { kind: 'exchange-control', objects: it },
  fight: { kind: 'fight', object: { kind: 'object', ref: self }, other: it },
  attach: { kind: 'attach', object: { kind: 'object', ref: self }, to: it },
  proliferate: { kind: 'proliferate' },
  populate: { kind: 'populate' },
  bolster: { kind: 'bolster', amount: n(2) },
  monstrosity: { kind: 'monstrosity', amount: n(3) },
  'become-monarch': { kind: 'become-monarch', player: you },
  'game-result': { kind: 'game-result', player: you, result: 'win' },
  'player-counters': { kind: 'player-counters', player: you, counter: 'experience', amount: n(1) },
  emblem: { kind: 'emblem', player: you, abilities: ['Creatures you control get +2/+2.'] },
  explore: { kind: 'explore', object: it },
  amass: { kind: 'amass', subtype: 'Zombie', amount: n(2) },
  'create-token': { kind: 'create-token', token: { name: 'Goblin Token', power: n(1), toughness: n(1), colors: ['red'], supertypes: [], types: ['Creature'], subtypes: ['Goblin'], abilities: ['Haste'] }, amount: n(2), player: you },
  'sacrifice-chosen': { kind: 'sacrifice-chosen', player: { kind: 'opponents' }, filter: F({ types: ['Creature'] }), amount: n(1) },
  'return-chosen': { kind: 'return-chosen', player: you, filter: F({ types: ['Land'] }), amount: n(1) },
  double: { kind: 'double', what: 'power', object: it, duration: { kind: 'end-of-turn' } },
  'additional-cost': { kind: 'additional-cost', cost: 'sacrifice a creature' },
};

const REPLACEMENTS: Table<ReplacementSpec> = {
  'enters-tapped': { kind: 'enters-tapped', affected: creatures },
  'enters-as-copy': { kind: 'enters-as-copy', affected: { kind: 'object', ref: self }, of: { kind: 'choose', filter: F({ types: ['Creature'] }) }, optional: true, except: [] },
  'enters-under-control': { kind: 'enters-under-control', affected: creatures, player: you },
  'as-enters-choose': { kind: 'as-enters-choose', choices: ['color'] },
  'enters-with-counters': { kind: 'enters-with-counters', affected: { kind: 'object', ref: self }, counter: '+1/+1', amount: n(2) },
  instead: { kind: 'instead', event: { kind: 'draw', player: you }, actions: [] },
  'modify-damage': { kind: 'modify-damage', event: { kind: 'damage' }, add: 2 },
  'damage-to-counters': { kind: 'damage-to-counters', event: { kind: 'damage' }, counter: '-1/-1' },
  prevent: { kind: 'prevent', event: { kind: 'damage' } },
  'modify-counters': { kind: 'modify-counters', event: { kind: 'counters', object: creatures, counter: '+1/+1' }, multiply: 2 },
  'as-enters-remove-counters': { kind: 'as-enters-remove-counters', from: F() },
  devour: { kind: 'devour', per: 1, filter: F({ types: ['Creature'] }) },
  'redirect-damage': { kind: 'redirect-damage', event: { kind: 'damage', to: { kind: 'player', player: you } }, to: { kind: 'attached', via: 'enchanted', noun: 'creature' } },
};

const EVENTS: Table<EventPattern> = {
  'to-graveyard': { kind: 'to-graveyard', object: it },
  enter: { kind: 'enter', object: creatures },
  draw: { kind: 'draw', player: you },
  'gain-life': { kind: 'gain-life', player: you },
  'lose-life': { kind: 'lose-life', player: you },
  discard: { kind: 'discard', player: you },
  damage: { kind: 'damage', source: creatures },
  counters: { kind: 'counters', object: it },
};

const PARTS: Table<Part> = {
  copy: { layer: '1a', kind: 'copy', of: self, except: [] },
  control: { layer: '2', kind: 'control', player: you },
  'text-change': { layer: '3', kind: 'text-change', wordKind: 'color', from: { kind: 'fixed', value: 'red' }, to: { kind: 'fixed', value: 'blue' } },
  type: { layer: '4', kind: 'type', addTypes: ['Artifact'] },
  color: { layer: '5', kind: 'color', set: [{ kind: 'fixed', value: 'white' }] },
  abilities: { layer: '6', kind: 'abilities', remove: ['flying'] },
  pt: { layer: '7c', kind: 'pt', power: n(1), toughness: n(1) },
  switch: { layer: '7d', kind: 'switch' },
  player: { layer: 'player', kind: 'player', gains: 'hexproof' },
  rules: { layer: 'rules', kind: 'rules', description: "can't attack" },
};

// The conditions and numbers added by the static-abilities work (attached, compare, devotion, …) have
// no example here yet: they are described by describeCondition / describeExpr's generic words until then.
const CONDITIONS: Partial<Table<Condition>> = {
  'object-is': { kind: 'object-is', object: self, filter: F({ types: ['Creature'] }) },
  controls: { kind: 'controls', player: you, object: self },
  'count-at-least': { kind: 'count-at-least', filter: F({ types: ['Artifact'] }), atLeast: 3 },
  'your-turn': { kind: 'your-turn' },
  'on-battlefield': { kind: 'on-battlefield', object: self },
  tapped: { kind: 'tapped', object: self },
  not: { kind: 'not', condition: { kind: 'your-turn' } },
  all: { kind: 'all', conditions: [{ kind: 'your-turn' }] },
  answer: { kind: 'answer', question: 'you cast it from your hand' },
};

const DURATIONS: Table<Duration> = {
  'end-of-turn': { kind: 'end-of-turn' },
  forever: { kind: 'forever' },
  'as-long-as': { kind: 'as-long-as', condition: { kind: 'your-turn' } },
  'until-your-next-turn': { kind: 'until-your-next-turn' },
};

const EXPRS: Partial<Table<Expr>> = {
  const: n(2),
  x: { kind: 'x' },
  count: { kind: 'count', filter: F({ subtypes: ['Vampire'], controller: you }) },
  stat: { kind: 'stat', stat: 'power' },
  times: { kind: 'times', factor: 2, expr: n(1) },
  neg: { kind: 'neg', expr: { kind: 'x' } },
  'event-amount': { kind: 'event-amount' },
  answer: { kind: 'answer', what: 'the number of times it was kicked' },
  'chosen-number': { kind: 'chosen-number', index: 0 },
  sum: { kind: 'sum', terms: [n(1), { kind: 'x' }] },
  'resolved-value': { kind: 'resolved-value', value: 2, was: { kind: 'count', filter: F({ subtypes: ['Vampire'], controller: you }) } },
};

const REFS: Table<ObjectRef> = {
  self,
  named: { kind: 'named', name: 'Bob' },
  attached: { kind: 'attached', via: 'enchanted', noun: 'creature' },
  target: { kind: 'target', index: 0, noun: 'creature' },
  it: { kind: 'it' },
  chosen: { kind: 'chosen', index: 0 },
  'event-object': { kind: 'event-object' },
};

const PLAYERS: Table<PlayerRef> = {
  you,
  opponents: { kind: 'opponents' },
  'each-player': { kind: 'each-player' },
  named: { kind: 'named', name: 'Bob' },
  'owner-of': { kind: 'owner-of', object: self },
  'controller-of': { kind: 'controller-of', object: self },
  'target-player': { kind: 'target-player', index: 0 },
  'event-player': { kind: 'event-player' },
  'chosen-player': { kind: 'chosen-player', index: 0 },
};

function eachDescribed<T extends { kind: string }>(table: Partial<Record<string, T>>, describe: (x: T) => string): void {
  for (const [kind, x] of Object.entries(table) as [string, T][]) {
    assert.equal(x.kind, kind);
    const words = describe(x);
    assert.ok(words && words.length > 0, `${kind}: no words`);
    assert.notEqual(words, describeUnknown(x), `${kind} is described only by the generic fallback: add a case to the describer`);
  }
}

test('every IR kind has its own words in the shared describer', () => {
  eachDescribed(ACTIONS, describeAction);
  eachDescribed(REPLACEMENTS, describeReplacement);
  eachDescribed(EVENTS, describeEvent);
  eachDescribed(PARTS, describePart);
  eachDescribed(CONDITIONS, describeCondition);
  eachDescribed(DURATIONS, describeDuration);
  eachDescribed(EXPRS, describeExpr);
  eachDescribed(REFS, describeRef);
  eachDescribed(PLAYERS, describePlayer);
  eachDescribed({ object: it, filter: creatures, player: { kind: 'player', player: you } } as Record<string, Selector>, describeSelector);
});

test('an unknown kind still gets its fields in words, never a throw', () => {
  const weird = { kind: 'frobnicate-widgets', amount: n(3), filter: F({ types: ['Artifact'] }) } as unknown as Action;
  assert.equal(describeAction(weird), 'frobnicate widgets (amount const (value 3), filter artifacts) [generic reading]');
});

test('actions show their amounts, targets and players', () => {
  assert.equal(describeAction(ACTIONS.damage), 'this object deals 3 damage to target creature');
  assert.equal(describeAction(ACTIONS.counters), 'put 2 +1/+1 counters on target creature');
  assert.equal(describeAction(ACTIONS.draw), 'you draw 2 cards');
  assert.equal(describeAction(ACTIONS['lose-life']), 'your opponents lose 1 life');
  assert.equal(describeAction(ACTIONS['create-token']), 'you create 2 1/1 red Goblin creature tokens with haste (111.1)');
  assert.equal(describeAction(ACTIONS['create-effect']), 'target creature: +3/+3 until end of turn');
  assert.equal(describeReplacement(REPLACEMENTS['modify-damage']), 'if a source would deal damage, it deals that much damage plus 2 instead (614.1a)');
});
