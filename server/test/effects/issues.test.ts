// Text that is not understood: the ability is kept (`unknown`) and the
// warning sits on the exact words where reading stopped, saying what was
// expected there and after what.
import assert from 'node:assert/strict';
import test from 'node:test';
import { compileAbilityText, compileEffectText } from '../../src/effects/compile';
import { ctx } from './helpers';

/** The one issue of a line: the words it marks and its message. */
function issue(text: string, c = ctx()) {
  const r = compileAbilityText(text, c);
  assert.equal(r.issues.length, 1, `${text}: ${JSON.stringify(r.issues)}`);
  const i = r.issues[0]!;
  return { words: text.slice(i.start, i.end), message: i.message, severity: i.severity, kinds: r.abilities.map((a) => a.kind) };
}

test('a word the grammar does not expect: marked from there, with what was expected after what', () => {
  const i = issue('Creatures you control get +1/+1 whenever the moon is full.');
  assert.deepEqual(i.kinds, ['unknown']);
  assert.equal(i.severity, 'warning');
  assert.equal(i.words, 'whenever the moon is full');
  assert.equal(i.message, 'not understood: expected a duration, `as long as …`, `and` or the end of the sentence after `get +1/+1`; found `whenever`');
});

test('an unknown verb after `and` is marked, not the `and`', () => {
  const i = issue('Target creature gets +1/+1 and frobnicates.');
  assert.equal(i.words, 'frobnicates');
  assert.match(i.message, /expected what else it does .* after `gets \+1\/\+1 and`; found `frobnicates`$/);
});

test('an unknown ability in a list, an unknown keyword, a missing parameter', () => {
  assert.equal(issue('Enchanted creature has flying and glorps.').words, 'glorps');
  const list = issue('Flying, glorp');
  assert.deepEqual([list.words, list.kinds], ['glorp', ['unknown']]);
  assert.match(list.message, /expected another keyword after the comma/);
  const enchant = issue('Enchant');
  assert.equal(enchant.words, 'Enchant');
  assert.match(enchant.message, /expected what it can enchant .*; found the end of the sentence$/);
});

test('an unsupported duration, event or object', () => {
  const d = issue('Enchanted creature gets +1/+1 until your next end step.');
  assert.equal(d.words, 'your next end step');
  assert.match(d.message, /expected `end of turn` or `your next turn`/);
  const e = issue('If a creature would glorp, exile it instead.');
  assert.equal(e.words, 'glorp, exile it instead');
  assert.match(e.message, /expected an event .* after `If a creature would`; found `glorp`$/);
  const missing = issue('If a card would be put into a graveyard from anywhere, exile it.');
  assert.match(missing.message, /expected `instead` after `exile it`; found the end of the sentence$/);
  // `Sacrifice a creature` is the player's choice (701.17a, `choosing`); `Destroy a creature` names no object.
  const s = compileEffectText('Destroy a creature.', ctx('x', { isSpell: true }));
  assert.equal(s.actions.length, 0);
  assert.equal('Destroy a creature.'.slice(s.issues[0]!.start, s.issues[0]!.end), 'a creature');
  assert.match(s.issues[0]!.message, /a definite object/);
});

test('offsets are into the text as written: after an ability word, around reminder text, inside quotes', () => {
  const text = 'Metalcraft — Equipped creature gets +2/+2 as long as glorp.';
  const r = compileAbilityText(text, ctx());
  assert.equal(text.slice(r.issues[0]!.start, r.issues[0]!.end), 'glorp');
  const reminder = 'Flying (This "can\'t" be blocked.) glorp';
  const r2 = compileAbilityText(reminder, ctx());
  assert.equal(reminder.slice(r2.issues[0]!.start, r2.issues[0]!.end), 'glorp');
  // An issue inside a granted ability points into the quote; the outer ability is still read.
  const quoted = 'Enchanted creature has "Glorp target creature."';
  const r3 = compileAbilityText(quoted, ctx());
  assert.equal(r3.abilities[0]!.kind, 'static');
  assert.equal(r3.issues.length, 1);
  assert.equal(quoted.slice(r3.issues[0]!.start, r3.issues[0]!.end), 'Glorp target creature');
});

test('severities: a triggered ability\'s effect is informational; activated and spell effects warn', () => {
  const trig = compileAbilityText('When this creature enters, glorp.', ctx());
  assert.deepEqual(trig.abilities.map((a) => a.kind), ['triggered']);
  assert.deepEqual(trig.issues.map((i) => i.severity), ['information']);
  const act = compileAbilityText('{T}: Glorp.', ctx());
  assert.deepEqual(act.abilities.map((a) => a.kind), ['activated']);
  assert.deepEqual(act.issues.map((i) => i.severity), ['warning']);
  const spell = compileAbilityText('Glorp target creature.', ctx('x', { isSpell: true }));
  assert.deepEqual([spell.abilities[0]!.kind, spell.issues[0]!.severity], ['spell', 'warning']);
});

test('a static ability of two sentences keeps the one understood and warns on the other', () => {
  const r = compileAbilityText('Creatures you control get +1/+1. Glorp.', ctx());
  assert.equal(r.abilities[0]!.kind, 'static');
  assert.equal(r.abilities[0]!.kind === 'static' && r.abilities[0]!.effects.length, 1);
  assert.equal('Creatures you control get +1/+1. Glorp.'.slice(r.issues[0]!.start, r.issues[0]!.end), 'Glorp');
});

test('empty, blank and reminder-only lines give nothing and no issue', () => {
  for (const t of ['', '   ', '(Reminder text only.)', '("Quoted" reminder.)']) assert.deepEqual(compileAbilityText(t, ctx()), { abilities: [], issues: [] }, t);
  assert.deepEqual(compileEffectText('', ctx()), { actions: [], issues: [] });
});
