// Actions of issue 8 (i8-actions): creating tokens (111), counters on several
// targets (115.1), returns from graveyards, chosen sacrifices (701.17a),
// doubling (701.10), keyword actions (701), Saga chapters (714.2).
import assert from 'node:assert/strict';
import test from 'node:test';
import { compileAbilityText, compileEffectText } from '../../src/effects/compile';
import { actions, ctx } from './helpers';

const spell = (text: string) => compileEffectText(text, ctx('x', { isSpell: true }));

test('a token with P/T, colors, types, keywords and a quoted ability', () => {
  const [a] = actions('Create two 2/2 black and green Wolf creature tokens with "When this creature dies, put a loyalty counter on each Garruk you control."');
  assert.equal(a!.kind, 'create-token');
  if (a!.kind !== 'create-token') return;
  assert.deepEqual(a.amount, { kind: 'const', value: 2 });
  assert.deepEqual(a.token.colors, ['black', 'green']);
  assert.deepEqual(a.token.types, ['Creature']);
  assert.deepEqual(a.token.subtypes, ['Wolf']);
  assert.equal(a.token.name, 'Wolf Token');
  assert.deepEqual(a.token.abilities, ['When this creature dies, put a loyalty counter on each Garruk you control.']);
});

test('the older wording, tapped and attacking, under another player\'s control, for each', () => {
  const [a] = actions("Put two 3/2 colorless Eldrazi Horror creature tokens onto the battlefield tapped and attacking.");
  assert.ok(a && a.kind === 'create-token' && a.tapped && a.attacking && a.token.colors.length === 0);
  const [b] = actions("put a 1/1 colorless Spirit creature token onto the battlefield under target opponent's control.");
  assert.ok(b && b.kind === 'create-token' && b.controller?.kind === 'target-player');
  const [c] = actions('Create a 1/1 green Elf Warrior creature token for each Elf you control.');
  assert.ok(c && c.kind === 'create-token' && c.amount.kind === 'count' && c.amount.filter.subtypes[0] === 'Elf');
});

test('X fixed by `where X is`; predefined tokens; a list of tokens; copies', () => {
  const [a] = actions('Create X 1/1 red Goblin creature tokens, where X is the number of Goblins you control.');
  assert.ok(a && a.kind === 'create-token' && a.amount.kind === 'count');
  const [t] = actions('Create a Treasure token.');
  assert.ok(t && t.kind === 'create-token' && t.token.predefined === 'Treasure' && t.token.abilities[0] === '{T}, Sacrifice this token: Add one mana of any color.');
  assert.equal(actions('Create a 1/1 green Snake creature token, a 2/2 green Wolf creature token, and a 3/3 green Elephant creature token.').length, 3);
  const [c] = actions("Create a token that's a copy of target creature you control.");
  assert.ok(c && c.kind === 'create-token' && c.token.copyOf?.kind === 'target');
});

test('a token description read only in part is not understood, on the words not read', () => {
  const r = spell('Create a 1/1 red Goblin creature token with glorp.');
  assert.equal(r.actions.length, 0);
  assert.ok(r.issues.some((i) => i.severity === 'warning'));
});

test('counters on up to two targets take two `targeting` entries; the next target takes the third', () => {
  const acts = actions('Put a +1/+1 counter on each of up to two target creatures. Tap target creature.');
  const [a, b] = acts;
  assert.ok(a && a.kind === 'counters' && a.object.kind === 'object' && a.object.ref.kind === 'target');
  if (a.object.kind !== 'object' || a.object.ref.kind !== 'target') return;
  assert.equal(a.object.ref.count, 2);
  assert.equal(a.object.ref.upTo, true);
  assert.ok(b && b.kind === 'tap' && b.object.kind === 'object' && b.object.ref.kind === 'target' && b.object.ref.index === 2);
});

test('returns from a graveyard, chosen sacrifices, doubling, fight, keyword actions', () => {
  const [r] = actions('Return target creature card from your graveyard to the battlefield tapped.');
  assert.ok(r && r.kind === 'move' && r.to === 'battlefield' && r.tapped);
  const [s] = actions('Each opponent sacrifices a creature.');
  assert.ok(s && s.kind === 'sacrifice-chosen' && s.player.kind === 'opponents');
  const [d] = actions("Double target creature's power.");
  assert.ok(d && d.kind === 'double' && d.what === 'power');
  const [f] = actions("Target creature you control fights target creature you don't control.");
  assert.ok(f && f.kind === 'fight');
  assert.deepEqual(actions('Investigate.').map((a) => a.kind), ['create-token']);
  assert.deepEqual(actions('Bolster 2.').map((a) => a.kind), ['bolster']);
});

test('a Saga chapter line is a triggered ability; a comma inside the card name does not end a trigger', () => {
  const r = compileAbilityText('II, III — Create a 1/1 white Bird creature token with flying.', ctx());
  assert.equal(r.abilities[0]!.kind, 'triggered');
  assert.equal(r.issues.length, 0);
  const f = compileAbilityText('Whenever Finneas, Ace Archer attacks, create a 1/1 white Rabbit creature token.', ctx('Finneas, Ace Archer', { legendary: true }));
  assert.equal(f.abilities[0]!.kind, 'triggered');
  assert.deepEqual(f.issues, []);
});
