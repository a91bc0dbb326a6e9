// Static abilities (issue 8, i8-static): conditions, counts and comparisons,
// rule effects (613.11). Each test asserts the reading, including readings
// that a looser grammar would get plausibly wrong.
import assert from 'node:assert/strict';
import test from 'node:test';
import { compileAbilityText } from '../../src/effects/compile';
import { ctx, effect } from './helpers';

test('devotion to two colors is one count over both colors (700.5), compared with `less than`', () => {
  const e = effect('As long as your devotion to red and green is less than seven, Xenagos isn\'t a creature.', ctx('Xenagos, God of Revels', { legendary: true }));
  assert.deepEqual(e.condition, { kind: 'compare', left: { kind: 'devotion', colors: ['red', 'green'], player: { kind: 'you' } }, op: '<', right: { kind: 'const', value: 7 } });
  assert.deepEqual(e.parts, [{ layer: '4', kind: 'type', removeTypes: ['Creature'] }]);
});

test('delirium counts distinct card types among cards, not cards (205.2a)', () => {
  const e = effect("Delirium — As long as there are four or more card types among cards in your graveyard, Dragon's Rage Channeler gets +2/+2, has flying, and attacks each combat if able.", ctx("Dragon's Rage Channeler"));
  assert.equal(e.condition?.kind, 'compare');
  if (e.condition?.kind !== 'compare') return;
  assert.equal(e.condition.left.kind === 'count' && e.condition.left.distinctCardTypes, true);
  assert.deepEqual(e.parts.map((p) => p.layer), ['7c', '6', 'rules']);
});

test('life and hand conditions: `an opponent` is any opponent; `no cards in hand` is = 0', () => {
  const e = effect('Bloodghast has haste as long as an opponent has 10 or less life.', ctx('Bloodghast'));
  assert.deepEqual(e.condition, { kind: 'player-compare', player: { kind: 'opponents' }, stat: 'life', op: '<=', value: 10 });
  const h = effect('As long as you have no cards in hand, creatures you control get +1/+1.');
  assert.deepEqual(h.condition, { kind: 'player-compare', player: { kind: 'you' }, stat: 'hand', op: '=', value: 0 });
});

test('113.6: `is in your graveyard` is a zone condition on the card itself', () => {
  const e = effect('As long as Brawn is in your graveyard and you control a Forest, creatures you control have trample.', ctx('Brawn'));
  assert.equal(e.condition?.kind, 'all');
  if (e.condition?.kind !== 'all') return;
  assert.deepEqual(e.condition.conditions[0], { kind: 'in-zone', object: { kind: 'self' }, zone: 'graveyard' });
});

test('for each counts: colors among permanents, counters on each affected object', () => {
  const e = effect('Faeburrow Elder gets +1/+1 for each color among permanents you control.', ctx('Faeburrow Elder'));
  assert.equal((e.parts[0] as { power?: { kind: string } }).power?.kind, 'colors-among');
  const c = effect('Each creature you control gets +1/+1 for each +1/+1 counter on it.');
  // `it` is each affected creature, not the source.
  assert.deepEqual((c.parts[0] as { power?: unknown }).power, { kind: 'counters', counter: '+1/+1' });
});

test('rule effects keep their words and what the timeline applies', () => {
  const a = effect("Enchanted creature can't attack or block, and its activated abilities can't be activated.");
  assert.deepEqual(a.parts.map((p) => (p.kind === 'rules' ? [p.description, p.rule?.kind] : p.kind)), [["can't attack or block", undefined], ["its activated abilities can't be activated", 'no-activate']]);
  const k = effect("Tatterkite can't have counters placed on it.", ctx('Tatterkite'));
  assert.equal(k.parts[0]?.kind === 'rules' && k.parts[0].rule?.kind, 'no-counters');
  const u = effect("Lovestruck Beast can't attack unless you control a 1/1 creature.", ctx('Lovestruck Beast'));
  assert.equal(u.parts[0]?.kind === 'rules' && u.parts[0].unless?.kind, 'count-at-least');
});

test('a rule phrase read only in part is not understood on the words left', () => {
  const r = compileAbilityText("Goblin Cohort can't attack unless the moon is full.", ctx('Goblin Cohort'));
  assert.ok(r.issues.some((i) => i.severity === 'warning'));
  // A fact of the past the scenario does not record is a question (answered with `choosing`), not a guess.
  const past = effect("Goblin Cohort can't attack unless you've cast a creature spell this turn.", ctx('Goblin Cohort'));
  assert.deepEqual(past.parts[0]?.kind === 'rules' && past.parts[0].unless, { kind: 'answer', question: "you've cast a creature spell this turn" });
});
