// Triggered-ability phrase families (issue 8): what a trigger's effect reads
// as, on real cards. The expected readings follow the rules cited.
import assert from 'node:assert/strict';
import test from 'node:test';
import { compileAbilityText } from '../../src/effects/compile';
import type { Ability, Action } from '../../src/effects/ir';
import { ctx, one } from './helpers';

function actions(a: Ability): Action[] {
  assert.ok(a.kind === 'triggered' || a.kind === 'activated', a.kind);
  return a.actions;
}

test('that player / defending player: the player of the triggering event (506.2), an opponent when the trigger says so', () => {
  const kami = actions(one("At the beginning of each player's draw step, that player draws an additional card.", ctx('Kami of the Crescent Moon')));
  assert.deepEqual(kami, [{ kind: 'draw', player: { kind: 'event-player', what: 'that player' }, amount: { kind: 'const', value: 1 } }]);
  const nekusar = actions(one('Whenever an opponent draws a card, Nekusar, the Mindrazer deals 1 damage to that player.', ctx('Nekusar, the Mindrazer', { legendary: true })));
  assert.deepEqual(nekusar[0]!.kind === 'damage' && nekusar[0]!.to, { kind: 'player', player: { kind: 'event-player', what: 'that player', among: 'opponents' } });
  const silumgar = actions(one('Whenever a Dragon you control attacks, creatures defending player controls get -1/-1 until end of turn.', ctx('Silumgar, the Drifting Death', { legendary: true })));
  const eff = silumgar[0]!;
  assert.ok(eff.kind === 'create-effect' && eff.effect.affected.kind === 'filter');
  assert.deepEqual(eff.effect.affected.filter.controller, { kind: 'event-player', what: 'defending player', among: 'opponents' });
});

test('a limit on the trigger is part of its condition, not an effect; list commas stay in the condition', () => {
  const ace = one('Whenever this creature becomes tapped during your turn, untap it. This ability triggers only once each turn.', ctx('Interface Ace'));
  assert.ok(ace.kind === 'triggered');
  assert.match(ace.trigger, /\(This ability triggers only once each turn\.\)$/);
  assert.deepEqual(ace.actions.map((a) => a.kind), ['untap']);
  const valley = one('Whenever another Frog, Rabbit, Raccoon, or Squirrel you control enters, put a +1/+1 counter on Valley Mightcaller.', ctx('Valley Mightcaller'));
  assert.ok(valley.kind === 'triggered');
  assert.equal(valley.trigger, 'Whenever another Frog, Rabbit, Raccoon, or Squirrel you control enters');
  const sarkhan = one("Whenever you cast a creature spell with power 4, 5, or 6, Sarkhan's Unsealing deals 4 damage to any target.", ctx("Sarkhan's Unsealing"));
  assert.ok(sarkhan.kind === 'triggered' && sarkhan.trigger.endsWith('4, 5, or 6'));
});

test('a count after the duration scales the bonus (608.2h): Goblin Rabblemaster', () => {
  const [a] = actions(one('Whenever Goblin Rabblemaster attacks, it gets +1/+0 until end of turn for each other attacking Goblin.', ctx('Goblin Rabblemaster')));
  assert.ok(a && a.kind === 'create-effect');
  assert.deepEqual(a.duration, { kind: 'end-of-turn' });
  const pt = a.effect.parts[0]!;
  assert.ok(pt.kind === 'pt' && pt.power?.kind === 'count' && pt.toughness?.kind === 'const');
  assert.deepEqual(pt.power.filter.subtypes, ['Goblin']);
  assert.equal(pt.power.filter.combat, 'attacking');
  assert.equal(pt.power.filter.other, true);
});

test('game results, the monarch, monstrosity, discarding a whole hand or at random', () => {
  const epic = actions(one('At the beginning of your upkeep, if you control twenty or more creatures, you win the game.', ctx('Epic Struggle')));
  assert.ok(epic[0]!.kind === 'if');
  assert.deepEqual(epic[0]!.actions, [{ kind: 'game-result', player: { kind: 'you' }, result: 'win' }]);
  assert.deepEqual(actions(one('When Queen Marchesa enters, you become the monarch.', ctx('Queen Marchesa'))), [{ kind: 'become-monarch', player: { kind: 'you' } }]);
  assert.deepEqual(actions(one('{4}{G}{G}: Monstrosity 3.', ctx('Splitting Slime'))), [{ kind: 'monstrosity', amount: { kind: 'const', value: 3 } }]);
  const [discard] = actions(one('When Bedlam Reveler enters, discard your hand, then draw three cards.', ctx('Bedlam Reveler')));
  assert.ok(discard!.kind === 'discard' && discard!.wholeHand);
  const [cat] = actions(one('When Black Cat dies, target opponent discards a card at random.', ctx('Black Cat')));
  assert.ok(cat!.kind === 'discard' && cat!.random);
});

test('a phrase read only in part stays not understood on the words not read', () => {
  // `for each creature blocking it beyond the first`: `beyond the first` is not read, so the count is not taken.
  const r = compileAbilityText('Whenever Jungle Wurm becomes blocked, it gets -1/-1 until end of turn for each creature blocking it beyond the first.', ctx('Jungle Wurm'));
  assert.ok(r.issues.some((i) => i.code !== 'not-simulated'), JSON.stringify(r.issues));
  // `unless you frobnicate …`: an unless-clause that is not an action is not read.
  const k = compileAbilityText('When Coral Atoll enters, sacrifice it unless you frobnicate an Island.', ctx('Coral Atoll'));
  assert.ok(k.issues.length > 0);
});
