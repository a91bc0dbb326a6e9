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

test('support N, permanent cards, two counters in one clause, another counter', () => {
  const [support] = actions(one('When this creature enters, support 2.', ctx('Generous Patron')));
  assert.ok(support!.kind === 'counters' && support!.object.kind === 'object' && support!.object.ref.kind === 'target');
  assert.equal(support!.object.ref.count, 2);
  assert.equal(support!.object.ref.upTo, true);
  assert.equal(support!.object.ref.filter?.other, true);
  const [research] = actions(one('When this enchantment enters, return target nonland permanent card with mana value 3 or less from your graveyard to the battlefield.', ctx('Primary Research')));
  assert.ok(research!.kind === 'move' && research!.object.kind === 'object' && research!.object.ref.kind === 'target');
  assert.deepEqual(research!.object.ref.filter?.notTypes, ['Land', 'Instant', 'Sorcery']);
  const claim = actions(one('Landfall — Whenever a land you control enters, put a +1/+1 counter on target creature you control and a plan counter on this enchantment.', ctx('Claim the Kingdom')));
  assert.deepEqual(claim.map((a) => a.kind === 'counters' && a.counter), ['+1/+1', 'plan']);
});

test('compared numbers in conditions (608.2c); `that creature` is never the card named by its own name', () => {
  const [hulk] = actions(one('Whenever another creature you control enters, if it has greater power or toughness than Hulkling, put a +1/+1 counter on Hulkling.', ctx('Hulkling, Burgeoning Bruiser', { legendary: true })));
  assert.ok(hulk!.kind === 'if' && hulk!.condition.kind === 'any');
  assert.deepEqual(hulk!.condition.conditions.map((x) => x.kind === 'compare' && x.op), ['>', '>']);
  const [knight] = actions(one('When Knight of the White Orchid enters, if an opponent controls more lands than you, draw a card.', ctx('Knight of the White Orchid')));
  assert.ok(knight!.kind === 'if' && knight!.condition.kind === 'compare' && knight!.condition.op === '>');
  const yorvo = compileAbilityText("Whenever another green creature enters under your control, put a +1/+1 counter on Yorvo. Then if that creature's power is greater than Yorvo's power, put another +1/+1 counter on Yorvo.", ctx('Yorvo, Lord of Garenbrig', { legendary: true }));
  assert.ok(yorvo.issues.some((i) => i.code !== 'not-simulated'), 'that creature after Yorvo is not read as Yorvo');
});

test('the top of a library exiled by a player is hidden: recognised, not simulated', () => {
  const r = compileAbilityText('Whenever Nightveil Specter deals combat damage to a player, that player exiles the top card of their library.', ctx('Nightveil Specter'));
  assert.deepEqual(r.issues.map((i) => i.code), ['not-simulated']);
  const shape = actions(one('At the beginning of your upkeep, you may choose a number between 0 and 7.', ctx('Shapeshifter')));
  assert.ok(shape[0]!.kind === 'optional' && shape[0]!.actions[0]!.kind === 'choose');
});

test('counters on players (122.1): experience counters, energy', () => {
  assert.deepEqual(actions(one('Whenever another creature you control dies, you get an experience counter.', ctx('Meren of Clan Nel Toth'))), [{ kind: 'player-counters', player: { kind: 'you' }, counter: 'experience', amount: { kind: 'const', value: 1 } }]);
  const [energy] = actions(one('{1}, Sacrifice an artifact: You get {E}{E}.', ctx('Maximus, Knight Apparent')));
  assert.deepEqual(energy, { kind: 'player-counters', player: { kind: 'you' }, counter: 'energy', amount: { kind: 'const', value: 2 } });
  const [tokens] = actions(one('At the beginning of your upkeep, create a 1/1 white Ally creature token for each experience counter you have.', ctx('Aang, Airbending Master')));
  assert.ok(tokens!.kind === 'create-token');
  assert.deepEqual(tokens!.amount, { kind: 'player-counters', counter: 'experience', player: { kind: 'you' } });
});

test('emblems, explore and amass are actions with what they need to be played', () => {
  const [emblem] = actions(one('−7: You get an emblem with "Creatures you control get +2/+2 and have flying."', ctx("Elspeth, Sun's Champion", { legendary: true })));
  assert.deepEqual(emblem, { kind: 'emblem', player: { kind: 'you' }, abilities: ['Creatures you control get +2/+2 and have flying.'] });
  assert.deepEqual(actions(one('Whenever a creature you control enters, it explores.', ctx('Path of Discovery')))[0]!.kind, 'explore');
  const amass = actions(one('At the beginning of your upkeep, you lose 1 life and amass Zombies 1.', ctx('Dreadhorde Invasion')));
  assert.deepEqual(amass.map((a) => a.kind), ['lose-life', 'amass']);
  // Words inside an emblem's quotes that are not understood are marked.
  const bad = compileAbilityText('−9: You get an emblem with "Frobnicate the wibble."', ctx('Test Walker'));
  assert.ok(bad.issues.some((i) => i.code !== 'not-simulated'));
});
