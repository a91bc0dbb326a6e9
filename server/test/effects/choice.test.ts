// Choices inside actions (608.2d), modes (700.2), activation restrictions
// (602.5b), additional costs (601.2f) and recognised-not-simulated text
// (issue 8, answer 2), as the compiler reads them.
import assert from 'node:assert/strict';
import test from 'node:test';
import { compileAbilityText, compileEffectText } from '../../src/effects/compile';
import type { Action } from '../../src/effects/ir';
import { actions, ctx, n, noSpans, one } from './helpers';

const you = { kind: 'you' } as const;
const codes = (text: string, c = ctx('this', { isSpell: true })) => compileEffectText(text, c).issues.map((i) => `${i.code ?? 'not-understood'} ${text.slice(i.start, i.end)}`);

test('you may pay {1}. If you do, you gain 1 life (Tablet of Epityr): one optional action with its `if you do` branch', () => {
  assert.deepEqual(actions('You may pay {1}. If you do, you gain 1 life.'), [
    { kind: 'optional', who: you, question: 'pay {1}', actions: [{ kind: 'pay', cost: '{1}' }], ifDone: [{ kind: 'gain-life', player: you, amount: n(1) }] },
  ]);
});

test('119.4: paying life in an effect is losing that much life', () => {
  const [a] = actions('You may pay 2 life. If you do, draw a card.');
  assert.equal(a!.kind, 'optional');
  if (a!.kind !== 'optional') return;
  assert.deepEqual(a.actions, [{ kind: 'lose-life', player: you, amount: n(2) }]);
  assert.deepEqual(a.ifDone, [{ kind: 'draw', player: you, amount: n(1) }]);
});

test('`unless PLAYER pays`: the payment is the question, the rest happens when it is not paid', () => {
  const [a] = actions('Sacrifice this unless you pay {W}{W}.');
  assert.equal(a!.kind, 'optional');
  if (a!.kind !== 'optional') return;
  assert.equal(a.unless, true);
  assert.equal(a.question, 'pay {W}{W}');
  assert.deepEqual(a.ifNot, [{ kind: 'sacrifice', object: { kind: 'object', ref: { kind: 'self' } } }]);
  // Leading form (Demonic Hordes).
  const [b] = actions('Unless you pay {B}{B}{B}, tap this.');
  assert.equal(b!.kind === 'optional' && b.unless && b.ifNot?.[0]?.kind, 'tap');
});

test('`If you do` with no `you may` before it is not understood, never attached to something else', () => {
  const found = codes('Draw a card. If you do, gain 1 life.');
  assert.equal(found.length, 1);
  assert.match(found[0]!, /^not-understood (If )?you do, gain 1 life$/);
});

test('`if COND, …` inside an action is checked at resolution; `Otherwise` is its other branch', () => {
  const [a] = actions('If you control an Island, draw a card. Otherwise, you gain 1 life.');
  assert.equal(a!.kind, 'if');
  if (a!.kind !== 'if') return;
  assert.equal(a.condition.kind, 'count-at-least');
  assert.deepEqual(a.actions, [{ kind: 'draw', player: you, amount: n(1) }]);
  assert.deepEqual(a.otherwise, [{ kind: 'gain-life', player: you, amount: n(1) }]);
});

test('700.2: modes after bullets and after `;`, each with its own targets', () => {
  for (const text of [
    'Choose one — • Put a +1/+1 counter on this. • Return target creature to its owner\'s hand.',
    'Choose one — Put a +1/+1 counter on this; or return target creature to its owner\'s hand.',
  ]) {
    const [m] = actions(text);
    assert.equal(m!.kind, 'modal', text);
    if (m!.kind !== 'modal') return;
    assert.deepEqual([m.min, m.max, m.modes.length], [1, 1, 2]);
    assert.deepEqual(m.modes.map((x) => x.targets), [[], [0]], text);
  }
  const [both] = actions('Choose one or both — Target creature gets +1/+1 until end of turn; and/or target creature gains flying until end of turn.');
  assert.equal(both!.kind === 'modal' && `${both.min}-${both.max}:${both.modes.map((x) => x.targets.join()).join('|')}`, '1-2:0|1');
  // A mode that is not understood is reported on its own words.
  assert.deepEqual(codes('Choose two — Draw a card; or frobnicate target creature.'), ['not-understood frobnicate target creature']);
});

test('602.5b: `Activate only …` sentences are restrictions, not effects', () => {
  const a = one('{2}{G}{G}: This creature gets +2/+2 until end of turn. Activate only once each turn.');
  assert.equal(a.kind, 'activated');
  if (a.kind !== 'activated') return;
  assert.deepEqual(a.restrictions, [{ kind: 'per-turn', times: 1, text: 'once each turn' }]);
  assert.equal(a.actions.length, 1);
  const b = one('{T}: Draw a card. Activate this ability only any time you could cast a sorcery.');
  assert.equal(b.kind === 'activated' && b.restrictions?.[0]?.kind, 'sorcery');
  const c = one('{B}, {T}: Each opponent loses 1 life. Activate only if you control two or more black permanents.');
  assert.equal(c.kind === 'activated' && c.restrictions?.[0]?.kind, 'condition');
  // A restriction read only in part stays not understood.
  const r = compileAbilityText('{T}: Draw a card. Activate only during the full moon.', ctx());
  assert.ok(r.issues.some((i) => i.code === undefined && i.severity === 'warning'));
});

test('601.2f: an additional cost is recorded as written (costs are not paid in scenarios)', () => {
  assert.deepEqual(actions('As an additional cost to cast this spell, sacrifice a creature.'), [{ kind: 'additional-cost', cost: 'sacrifice a creature' }]);
});

test('library search: one not-simulated note naming the event that plays the move', () => {
  const r = compileEffectText('Search your library for up to two basic land cards, reveal those cards, put one onto the battlefield tapped and the other into your hand, then shuffle.', ctx('this', { isSpell: true }));
  assert.equal(r.issues.length, 1);
  assert.equal(r.issues[0]!.code, 'not-simulated');
  assert.match(r.issues[0]!.message, /library search: .*`enter CARD`.*`move CARD to hand`/);
  // Only the part that was read: an unknown follow-up is not swallowed.
  const bad = compileEffectText('Search your library for a basic land card and frobnicate it.', ctx('this', { isSpell: true }));
  assert.ok(bad.issues.some((i) => i.code === undefined && i.severity === 'warning'), JSON.stringify(bad.issues));
});

test('not simulated: look at, reveal, the rest on the bottom, top of library exiled, dice, drafting, mana spending, wishes', () => {
  const ns = (t: string, c = ctx('this', { isSpell: true })) => compileEffectText(t, c).issues.map((i) => i.code);
  for (const t of [
    'Look at the top three cards of target player\'s library, then put them back in any order.',
    'Reveal the top card of your library.',
    'Put the rest on the bottom of your library in a random order.',
    'Exile the top card of your library.',
    'Roll a six-sided die.',
    'Draft a card from this\'s spellbook.',
    'Spend this mana only to cast creature spells.',
    'You may choose an artifact card you own from outside the game, reveal that card, and put it into your hand.',
  ]) assert.deepEqual(ns(t), ['not-simulated'], t);
});

test('clash and coin flips: `If you win` hangs on a yes/no answer', () => {
  const r = compileEffectText('Clash with an opponent. If you win, put a +1/+1 counter on this.', ctx('this', { isSpell: true }));
  const acts = noSpans(r.actions) as Action[];
  assert.equal(acts[0]!.kind, 'not-simulated');
  assert.equal(acts[1]!.kind === 'optional' && acts[1].question, 'win the clash');
  assert.equal(acts[1]!.kind === 'optional' && acts[1].ifDone?.[0]?.kind, 'counters');
});

test('a reader that fails leaves the target numbering alone (`Target player draws` after trying `… shuffles`)', () => {
  assert.deepEqual(actions('Target player draws two cards.'), [{ kind: 'draw', player: { kind: 'target-player', index: 0 }, amount: n(2) }]);
  assert.deepEqual(actions('Target player puts the top two cards of their library into their graveyard.'), [{ kind: 'mill', player: { kind: 'target-player', index: 0 }, amount: n(2) }]);
});

test('603.7: a delayed trigger, as a sentence or after a clause', () => {
  const [a] = actions('At the beginning of the next end step, sacrifice this.');
  assert.equal(a!.kind === 'delayed' && a.when, 'next-end-step');
  const [, b] = actions('Exile this. Return it to the battlefield under its owner\'s control at the beginning of the next end step.');
  assert.equal(b!.kind === 'delayed' && b.actions[0]!.kind, 'move');
});

test('cards put from among hidden ones: `that card` only with `and the rest …` (otherwise it may be a declared card)', () => {
  const codesOf = (t: string) => compileEffectText(t, ctx('this', { isSpell: true })).issues.map((i) => i.code ?? 'not-understood');
  assert.deepEqual(codesOf('Reveal cards from the top of your library until you reveal a land card. Put that card onto the battlefield tapped and the rest on the bottom of your library in a random order.'), ['not-simulated', 'not-simulated']);
  assert.deepEqual(codesOf('Look at the top four cards of your library. Put two of them into your hand and the rest on the bottom of your library in any order.'), ['not-simulated', 'not-simulated']);
  assert.ok(!codesOf('Put that card onto the battlefield.').includes('not-simulated'));
});
