// Issue 8 replacement families as the compiler reads them: entry conditions
// and options, counters on entry, as-enters choices with limits, counter
// replacements, redirection and the combat forms of prevention; and what is
// not read stays a warning on the words not read.
import assert from 'node:assert/strict';
import test from 'node:test';
import { compileAbilityText } from '../../src/effects/compile';
import type { ReplacementSpec } from '../../src/effects/ir';
import { F, actions, ctx, n, statics } from './helpers';

const self = { kind: 'object', ref: { kind: 'self' } } as const;

function reps(text: string, c = ctx()): ReplacementSpec[] {
  return statics(text, c).replacements;
}

test('enters tapped unless COND; an optional act as it enters', () => {
  const [r] = reps('This land enters tapped unless you control a Swamp or a Mountain.');
  assert.equal(r!.kind, 'enters-tapped');
  if (r!.kind !== 'enters-tapped') return;
  assert.equal(r.unless?.kind, 'count-at-least');
  if (r.unless?.kind !== 'count-at-least') return;
  assert.deepEqual(r.unless.filter.anyOf?.map((f) => f.subtypes), [['Swamp'], ['Mountain']]);
  const [shock] = reps("As Sacred Foundry enters, you may pay 2 life. If you don't, Sacred Foundry enters tapped.", ctx('Sacred Foundry'));
  assert.deepEqual(shock, { kind: 'enters-tapped', affected: self, option: { what: 'pay 2 life', actions: [{ kind: 'lose-life', player: { kind: 'you' }, amount: n(2) }] } });
});

test('enters with X, for each, if, additional, equal to the result', () => {
  assert.deepEqual(reps('This creature enters with X +1/+1 counters on it.'), [{ kind: 'enters-with-counters', affected: self, counter: '+1/+1', amount: { kind: 'x' } }]);
  const [k] = reps('Kinsbaile Borderguard enters with a +1/+1 counter on it for each other Kithkin you control.', ctx('Kinsbaile Borderguard'));
  assert.equal(k!.kind === 'enters-with-counters' && k!.amount.kind, 'count');
  const [m] = reps("Myojin of Life's Web enters with a divinity counter on it if you cast it from your hand.", ctx("Myojin of Life's Web"));
  assert.deepEqual(m!.kind === 'enters-with-counters' && m!.condition, { kind: 'answer', question: 'you cast it from your hand' });
  const [ch] = reps('This artifact enters with a charge counter on it for each time it was kicked.');
  assert.deepEqual(ch!.kind === 'enters-with-counters' && ch!.amount, { kind: 'answer', what: 'the number of times it was kicked' });
  const [p] = reps('Each other Warrior creature you control enters with an additional +1/+1 counter on it.');
  assert.equal(p!.kind === 'enters-with-counters' && p!.affected.kind, 'filter');
  const [h] = reps('Adamant — If at least three mana of the same color was spent to cast this spell, Henge Walker enters with a +1/+1 counter on it.', ctx('Henge Walker'));
  assert.equal(h!.condition?.kind, 'answer');
});

test('As ~ enters: choices with limits, a name, a die, removing counters', () => {
  assert.deepEqual(reps('As Shapeshifter enters, choose a number between 0 and 7.', ctx('Shapeshifter')), [{ kind: 'as-enters-choose', choices: ['number'], limits: [{ min: 0, max: 7 }] }]);
  const [g] = reps('This land enters tapped. As it enters, choose a color other than green.').slice(1);
  assert.deepEqual(g, { kind: 'as-enters-choose', choices: ['color'], limits: [{ notColor: 'green' }] });
  const [mm] = reps('As Meddling Mage enters, name a nonland card.', ctx('Meddling Mage'));
  assert.equal(mm!.kind === 'as-enters-choose' && mm!.choices[0], 'card-name');
  const [die] = reps('As Jumbo Imp enters, roll a six-sided die. Jumbo Imp enters with a number of +1/+1 counters on it equal to the result.', ctx('Jumbo Imp'));
  assert.deepEqual(die, { kind: 'as-enters-choose', choices: ['number'], limits: [{ min: 1, max: 6, what: 'the result of a 6-sided die roll' }] });
});

test('counter replacements: twice that many, that many plus one, if you would put', () => {
  const [c] = reps('If one or more +1/+1 counters would be placed on a creature you control, twice that many +1/+1 counters are placed on it instead.');
  assert.deepEqual(c, { kind: 'modify-counters', event: { kind: 'counters', object: { kind: 'filter', filter: F({ types: ['Creature'], controller: { kind: 'you' } }) }, counter: '+1/+1' }, multiply: 2 });
  const [h] = reps('If one or more +1/+1 counters would be put on a creature you control, that many plus one +1/+1 counters are put on it instead.');
  assert.equal(h!.kind === 'modify-counters' && h!.add, 1);
  const [i] = reps('If you would put one or more counters on a permanent or player, put twice that many of each of those kinds of counters on that permanent or player instead.');
  assert.deepEqual(i!.kind === 'modify-counters' && [i!.byYou, i!.multiply, i!.event.counter], [true, 2, undefined]);
});

test('redirection and the combat forms of prevention', () => {
  assert.deepEqual(reps('All damage that would be dealt to you is dealt to enchanted creature instead.'), [
    { kind: 'redirect-damage', event: { kind: 'damage', to: { kind: 'player', player: { kind: 'you' } } }, to: { kind: 'attached', via: 'enchanted', noun: 'creature' } },
  ]);
  const [v] = reps('As long as Veteran Bodyguard is untapped, all damage that would be dealt to you by unblocked creatures is dealt to Veteran Bodyguard instead.', ctx('Veteran Bodyguard'));
  assert.equal(v!.condition?.kind, 'not');
  assert.equal(v!.kind === 'redirect-damage' && v!.event.combatOnly, true);
  const both = reps('Prevent all combat damage that would be dealt to and dealt by enchanted creature.');
  // One prevention for damage dealt to it, one for damage it deals; both combat-only.
  assert.deepEqual(both.map((r) => r.kind === 'prevent' && r.event.kind === 'damage' && [!!r.event.to, !!r.event.source, r.event.combatOnly]), [[true, false, true], [false, true, true]]);
  const [w] = reps('Prevent all noncombat damage that would be dealt to you and other permanents you control.');
  assert.equal(w!.kind === 'prevent' && w!.event.kind === 'damage' && w!.event.noncombatOnly, true);
  const maze = actions('Prevent all combat damage that would be dealt to and dealt by target creature this turn.');
  assert.equal(maze.length, 2);
  assert.ok(maze.every((a) => a.kind === 'create-replacement' && a.duration.kind === 'end-of-turn'));
});

test('Soul-Scar Mage: noncombat damage becomes -1/-1 counters', () => {
  const [r] = reps('If a source you control would deal noncombat damage to a creature an opponent controls, put that many -1/-1 counters on that creature instead.');
  assert.equal(r!.kind, 'damage-to-counters');
  assert.equal(r!.kind === 'damage-to-counters' && r!.event.kind === 'damage' && r!.event.noncombatOnly, true);
});

test('a family matched only in part is not understood on the words not read', () => {
  for (const text of ['This creature enters prepared.', 'If an opponent would begin an extra turn, that player skips that turn instead.', 'This land enters tapped unless you frobnicate.']) {
    const r = compileAbilityText(text, ctx());
    assert.equal(r.abilities[0]!.kind, 'unknown', text);
    assert.ok(r.issues.some((i) => i.code === undefined && i.severity === 'warning'), text);
  }
});

test('prevent N of that damage; would be destroyed; for each … that died this turn', () => {
  const [g] = reps('If a source an opponent controls would deal damage to you, prevent 1 of that damage.');
  assert.equal(g!.kind === 'prevent' && g!.amount, 1);
  const [d] = reps('If this creature would be destroyed, instead remove a +1/+1 counter from it.');
  assert.equal(d!.kind === 'instead' && d!.event.kind === 'to-graveyard' && d!.event.destroyed, true);
  const [c] = reps('This creature enters with a +1/+1 counter on it for each creature that died this turn.');
  assert.deepEqual(c!.kind === 'enters-with-counters' && c!.amount, { kind: 'answer', what: 'the number of creature that died this turn' });
});
