// Spell text families (issue 8, spell lines): damage forms, targets that may
// be players, combat words on targets, one player's permanents, verbs that
// share a player, facts answered with `choosing`, `this way`, `instead`,
// requirements for the turn, manifest and seek. Each family is read in full;
// words it does not read stay `not-understood` on those words.
import assert from 'node:assert/strict';
import test from 'node:test';
import { compileAbilityText, compileEffectText } from '../../src/effects/compile';
import { F, actions, ctx, n } from './helpers';

const spell = (name: string) => ctx(name, { isSpell: true });
const issues = (text: string, name = 'this') => compileEffectText(text, spell(name)).issues;

test('601.2d: damage divided as you choose among any number of targets: one target phrase binding every entry left', () => {
  const [a] = actions('Spreading Flames deals 6 damage divided as you choose among any number of target creatures.', spell('Spreading Flames'));
  assert.deepEqual(a, { kind: 'damage', source: { kind: 'self' }, amount: n(6), to: { kind: 'object', ref: { kind: 'target', index: 0, noun: 'creature', filter: F({ types: ['Creature'] }), count: 0, upTo: true } }, divided: true });
  const [b] = actions('Flames of the Firebrand deals 3 damage divided as you choose among one, two, or three targets.', spell('Flames of the Firebrand'));
  assert.deepEqual(b && b.kind === 'damage' && b.to, { kind: 'object', ref: { kind: 'target', index: 0, noun: 'any target', count: 3, upTo: true } });
  const [c] = actions('Rolling Thunder deals X damage divided as you choose among any number of target creatures and/or players.', spell('Rolling Thunder'));
  assert.equal(c && c.kind === 'damage' && c.to.kind === 'object' && c.to.ref.kind === 'target' && c.to.ref.orPlayer, 'any');
});

test('damage: `damage to TARGET equal to COUNT`, several amounts in one sentence, `X plus 2`', () => {
  const mountains = { kind: 'count', filter: F({ subtypes: ['Mountain'], controller: { kind: 'you' } }) };
  assert.deepEqual(actions('Spitting Earth deals damage to target creature equal to the number of Mountains you control.', spell('Spitting Earth')), [
    { kind: 'damage', source: { kind: 'self' }, amount: mountains, to: { kind: 'object', ref: { kind: 'target', index: 0, noun: 'creature', filter: F({ types: ['Creature'] }) } } },
  ]);
  const hungry = actions('Hungry Flames deals 3 damage to target creature and 2 damage to target player or planeswalker.', spell('Hungry Flames'));
  assert.deepEqual(hungry.map((a) => a.kind === 'damage' && [a.amount, a.to.kind === 'object' && a.to.ref.kind === 'target' && [a.to.ref.index, a.to.ref.noun, a.to.ref.orPlayer]]), [
    [n(3), [0, 'creature', undefined]],
    [n(2), [1, 'player or planeswalker', 'any']],
  ]);
  assert.equal(actions('Cone of Flame deals 1 damage to any target, 2 damage to another target, and 3 damage to a third target.', spell('Cone of Flame')).length, 3);
  const [galaxy] = actions('Let the Galaxy Burn deals X plus 2 damage to each creature.', spell('Let the Galaxy Burn'));
  assert.deepEqual(galaxy && galaxy.kind === 'damage' && galaxy.amount, { kind: 'sum', terms: [{ kind: 'x' }, n(2)] });
});

test('target words the model does not check (combat) are kept and shown; a target that may be a player says which', () => {
  const [a] = actions('Sandblast deals 5 damage to target attacking or blocking creature.', spell('Sandblast'));
  assert.deepEqual(a && a.kind === 'damage' && a.to, { kind: 'object', ref: { kind: 'target', index: 0, noun: 'creature', filter: F({ types: ['Creature'] }), unchecked: 'attacking or blocking' } });
  const [b] = actions('Destroy target enchanted permanent.');
  assert.deepEqual(b, { kind: 'destroy', object: { kind: 'object', ref: { kind: 'target', index: 0, noun: 'permanent', filter: F({ hasAttached: 'enchanted' }) } } });
});

test('one player`s permanents: `creatures target player controls`, `each creature target opponent controls`', () => {
  const [a] = actions('Creatures target player controls get -2/-0 and lose all creature types until end of turn.');
  assert.ok(a && a.kind === 'create-effect');
  if (a.kind !== 'create-effect') return;
  assert.deepEqual(a.effect.affected, { kind: 'filter', filter: F({ types: ['Creature'], controller: { kind: 'target-player', index: 0 } }) });
  assert.deepEqual(a.duration, { kind: 'end-of-turn' });
  // The player takes its `targeting` entry in the order written, with the objects.
  const offering = actions('Target opponent gains control of target permanent you control.');
  assert.deepEqual(offering, [{
    kind: 'create-effect', duration: { kind: 'forever' },
    effect: { affected: { kind: 'object', ref: { kind: 'target', index: 1, noun: 'permanent', filter: F({ controller: { kind: 'you' } }) } }, parts: [{ layer: '2', kind: 'control', player: { kind: 'target-player', index: 0 } }] },
  }]);
});

test('verbs share their player: `draws two cards and loses 2 life`, `You and target opponent each draw`, `where X is` for the whole sentence', () => {
  const tp = { kind: 'target-player', index: 0 };
  assert.deepEqual(actions('Target player draws two cards and loses 2 life.'), [
    { kind: 'draw', player: tp, amount: n(2) },
    { kind: 'lose-life', player: tp, amount: n(2) },
  ]);
  assert.deepEqual(actions('You and target opponent each draw two cards.').map((a) => a.kind === 'draw' && a.player), [{ kind: 'you' }, tp]);
  const knights = { kind: 'count', filter: F({ subtypes: ['Knight'], controller: { kind: 'you' } }) };
  assert.deepEqual(actions('You gain X life and each opponent loses X life, where X is the number of Knights you control.').map((a) => 'amount' in a && a.amount), [knights, knights]);
  assert.deepEqual(actions('Draw cards equal to the greatest power among creatures you control.'), [
    { kind: 'draw', player: { kind: 'you' }, amount: { kind: 'greatest', stat: 'power', filter: F({ types: ['Creature'], controller: { kind: 'you' } }) } },
  ]);
});

test('a fact the scenario does not record is a question answered with `choosing yes|no`; `instead` replaces the sentence before', () => {
  const [roil] = actions('Return target nonland permanent to its owner`s hand. If this spell was kicked, draw a card.'.replace('`', "'")).slice(1);
  assert.deepEqual(roil, { kind: 'if', condition: { kind: 'answer', question: 'this spell was kicked' }, actions: [{ kind: 'draw', player: { kind: 'you' }, amount: n(1) }] });
  const blast = actions('Sulfurous Blast deals 2 damage to each creature. If you cast this spell during your main phase, Sulfurous Blast deals 3 damage to each creature instead.', spell('Sulfurous Blast'));
  assert.equal(blast.length, 1);
  assert.ok(blast[0]!.kind === 'if' && blast[0]!.otherwise?.length === 1 && blast[0]!.actions.length === 1);
});

test('608.2c `this way`: objects the action before moved, damage it dealt; `For each … this way, …` repeats', () => {
  const gust = actions('Destroy all artifacts and enchantments. You gain 2 life for each permanent destroyed this way.');
  assert.deepEqual(gust[1], { kind: 'gain-life', player: { kind: 'you' }, amount: { kind: 'times', factor: 2, expr: { kind: 'this-way', what: 'moved', filter: F(), verb: 'destroyed' } } });
  const money = actions('Destroy all creatures. For each nontoken creature destroyed this way, you create a tapped Treasure token.');
  assert.equal(money[1]!.kind, 'repeat');
  const syphon = actions('Syphon Soul deals 2 damage to each other player. You gain life equal to the damage dealt this way.', spell('Syphon Soul'));
  assert.deepEqual(syphon[1], { kind: 'gain-life', player: { kind: 'you' }, amount: { kind: 'this-way', what: 'damage', verb: 'dealt' } });
  // Milled cards are hidden: with a type in the phrase the number is answered.
  const coerced = actions('Target player mills four cards. You draw a card for each creature card put into that graveyard this way.');
  assert.equal(coerced[1]!.kind === 'draw' && coerced[1]!.amount.kind, 'answer');
});

test('requirements for one turn: `attacks this turn if able` lasts the turn; `choose a color` is a choice later words read', () => {
  const [a] = actions("Target creature you don't control gets -2/-0 until end of turn and attacks this turn if able.");
  assert.ok(a && a.kind === 'create-effect' && a.duration.kind === 'end-of-turn' && a.effect.parts.length === 2 && a.effect.parts[1]!.layer === 'rules');
  const fear = actions("Choose a creature type. Creatures that aren't of the chosen type get -3/-3 until end of turn.");
  assert.deepEqual(fear[0], { kind: 'choose', choice: 'creature-type', value: { kind: 'choice', index: 0 } });
  assert.ok(fear[1]!.kind === 'create-effect' && fear[1]!.effect.affected.kind === 'filter' && fear[1]!.effect.affected.filter.notChosenSubtype === 0);
});

test('manifest and seek are recognised, not simulated: the hidden card is played by an event', () => {
  for (const text of ['Manifest the top card of your library.', 'Seek a nonland card.']) {
    const r = compileEffectText(text, spell('this'));
    assert.deepEqual(r.issues.map((i) => i.code), ['not-simulated'], text);
    assert.equal(r.actions[0]?.kind, 'not-simulated');
  }
  assert.match(compileEffectText('Manifest the top card of your library.', spell('this')).issues[0]!.message, /enter CARD face down/);
});

test('a phrase matched only in part stays not understood on the unread words', () => {
  assert.match(issues('Sandblast deals 5 damage to target attacking or blocking creature with glorp.', 'Sandblast')[0]?.message ?? '', /found `with`/);
  assert.match(issues('~ deals 4 damage divided as you choose among some creatures.')[0]?.message ?? '', /how many targets/);
  assert.match(issues('Target player draws two cards and frobs.')[0]?.message ?? '', /found `frobs`/);
  assert.match(issues('If this spell was kicked, draw a card and glorp.')[0]?.message ?? '', /glorp/);
});

test('rule effects of cards: alternative and additional costs, casting only if, costs with facts of the past, spells that target', () => {
  const rule = (text: string, name: string) => {
    const r = compileAbilityText(text, ctx(name, { legendary: name.includes(',') }));
    assert.deepEqual(r.issues, [], text);
    const a = r.abilities[0]!;
    assert.equal(a.kind, 'static', text);
    return a.kind === 'static' ? a.effects[0]! : undefined;
  };
  const alt = rule("You may exile two green cards from your hand rather than pay Allosaurus Rider's mana cost.", 'Allosaurus Rider');
  assert.match(alt?.parts[0]?.kind === 'rules' ? alt.parts[0].description : '', /^alternative cost \(118\.9\): exile two green cards from your hand/);
  const add = rule('As an additional cost to cast Skaab Goliath, exile two creature cards from your graveyard.', 'Skaab Goliath');
  assert.match(add?.parts[0]?.kind === 'rules' ? add.parts[0].description : '', /^additional cost \(601\.2f\)/);
  const rakdos = rule("You can't cast this spell unless an opponent lost life this turn.", 'Rakdos, Lord of Riots');
  assert.deepEqual(rakdos?.parts[0]?.kind === 'rules' && rakdos.parts[0].unless, { kind: 'answer', question: 'an opponent lost life this turn' });
  const picker = rule('This spell costs {3} less to cast if a creature died this turn.', 'Bone Picker');
  assert.deepEqual(picker?.condition, { kind: 'answer', question: 'a creature died this turn' });
  const teeg = rule("Noncreature spells with {X} in their mana costs can't be cast.", 'Gaddock Teeg');
  assert.equal(teeg?.affected.kind === 'filter' && teeg.affected.filter.costHas, '{X}');
  const elenora = rule('Spells your opponents cast that target Syr Elenora cost {2} more to cast.', 'Syr Elenora, the Discerning');
  assert.ok(elenora?.parts[0]?.kind === 'rules' && elenora.parts[0].costDelta?.filter.targetsObject?.kind === 'self');
  // Half-read: the words after the cost are not understood.
  assert.ok(compileAbilityText("You may exile two green cards from your hand rather than pay Allosaurus Rider's mana cost and glorp.", ctx('Allosaurus Rider')).issues.some((i) => i.severity === 'warning'));
});

test('a Saga chapter: `Artifact spells you cast this turn cost {1} less` lasts the turn; `This Saga deals …` is the Saga', () => {
  const r = compileAbilityText('II — Artifact spells you cast this turn cost {1} less to cast.', ctx('Armor Wars'));
  assert.deepEqual(r.issues, []);
  const a = r.abilities[0]!;
  assert.ok(a.kind === 'triggered' && a.actions[0]?.kind === 'create-effect' && a.actions[0].duration.kind === 'end-of-turn');
  assert.deepEqual(compileAbilityText('III — This Saga deals X damage to target opponent, where X is the greatest mana value among artifacts you control.', ctx('Armor Wars')).issues, []);
});

test('conditions after an action and per damage part; what the action before did; `that card` when it is hidden', () => {
  const spout = actions('Firespout deals 3 damage to each creature without flying if {R} was spent to cast Firespout and 3 damage to each creature with flying if {G} was spent to cast it.', spell('Firespout'));
  assert.deepEqual(spout.map((a) => a.kind === 'if' && a.condition), [{ kind: 'answer', question: '{R} was spent to cast Firespout' }, { kind: 'answer', question: '{G} was spent to cast it' }]);
  const smite = actions("Cindercone Smite deals 2 damage to target creature. Then create a Treasure token if you weren't the starting player.", spell('Cindercone Smite'));
  assert.equal(smite[1]!.kind, 'if');
  const rebirth = actions("Return target card from your graveyard to your hand. If you return a nonland card to your hand this way, Vengeful Rebirth deals damage equal to that card's mana value to any target.", spell('Vengeful Rebirth'));
  assert.ok(rebirth[1]!.kind === 'if' && rebirth[1]!.condition.kind === 'compare' && rebirth[1]!.condition.left.kind === 'this-way');
  const signs = actions("Scry 3, then reveal the top card of your library. Draw cards equal to that card's mana value.".replace('Scry 3, then reveal the top card of your library. ', ''));
  assert.equal(signs[0]!.kind === 'draw' && signs[0]!.amount.kind, 'answer');
});

test('`your choice of` two abilities is a choice made as it resolves; `discards their hand`; two returns share a destination', () => {
  const [m] = actions('Target creature gains your choice of double strike or lifelink until end of turn.');
  assert.ok(m && m.kind === 'modal' && m.onResolution && m.modes.map((x) => x.text).join() === 'double strike,lifelink');
  assert.deepEqual(actions('Each player discards their hand, then draws seven cards.')[0], { kind: 'discard', player: { kind: 'each-player' }, amount: n(0), wholeHand: true });
  const shreds = actions('Return up to one target instant card and up to one target sorcery card from your graveyard to your hand.');
  assert.deepEqual(shreds.map((a) => a.kind === 'move' && a.to), ['hand', 'hand']);
});

test('603.7c: `When that creature dies this turn, …` is a delayed trigger about the object named before', () => {
  const blood = actions("Searing Blood deals 2 damage to target creature. When that creature dies this turn, Searing Blood deals 3 damage to the creature's controller.", spell('Searing Blood'));
  const d = blood[1]!;
  assert.ok(d.kind === 'delayed' && d.when === 'dies-this-turn' && d.object?.kind === 'target');
  assert.ok(d.kind === 'delayed' && d.actions[0]!.kind === 'damage' && d.actions[0]!.to.kind === 'player');
});

test('a payment to attack (Propaganda, Windborn Muse) is read with the restriction; an unread count stays not understood', () => {
  for (const [name, text] of [['Propaganda', "Creatures can't attack you unless their controller pays {2} for each creature they control that's attacking you."], ['Windborn Muse', "Creatures can't attack you unless their controller pays {2} for each of those creatures."]] as const) {
    const r = compileAbilityText(text, ctx(name));
    assert.deepEqual(r.issues, [], text);
    const a = r.abilities[0]!;
    assert.ok(a.kind === 'static' && a.effects[0]?.parts[0]?.kind === 'rules' && /unless their controller pays \{2\}/.test(a.effects[0].parts[0].description));
  }
  assert.ok(compileAbilityText("Creatures can't attack you unless their controller pays {2} for each glorp.", ctx('x')).issues.length > 0);
});
