// Rules defects found by review (issue 8), each with the rule it breaks.
// Every test here failed before its fix.

import assert from 'node:assert/strict';
import test from 'node:test';
import { finalObject, finalPlayer, problems, pt, run } from './helpers';

const CREATURES = `
  players Alice, Bob
  card "Grizzly Bears" as bears
    type Creature — Bear
    pt 2/2
  card "Scathe Zombies" as zombies
    type Creature — Zombie
    pt 2/2
    owner Bob
  card "Storm Crow" as crow
    type Creature — Bird
    pt 1/2
    text Flying
  enter bears, zombies, crow
`;

const errors = (text: string) => run(CREATURES + text).diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.code}: ${d.message}`);

test('115.1, 608.2b: "target creature you control" refuses a creature an opponent controls, naming the condition', () => {
  const text = '  resolve "Put a +1/+1 counter on target creature you control." targeting zombies\n';
  assert.deepEqual(errors(text), ['illegal-target: Scathe Zombies is not a legal "target creature you control": it fails "you control" (115.1, 608.2b)']);
  // The event does not resolve: no counter.
  assert.equal(pt(finalObject(run(CREATURES + text), 'zombies')), '2/2');
  assert.deepEqual(errors('  resolve "Put a +1/+1 counter on target creature you control." targeting bears\n'), []);
});

test('115.1: "target creature an opponent controls" and "target creature with flying" keep their conditions', () => {
  assert.deepEqual(errors('  resolve "Destroy target creature an opponent controls." targeting bears\n'), ['illegal-target: Grizzly Bears is not a legal "target creature your opponents control": it fails "your opponents control" (115.1, 608.2b)']);
  assert.deepEqual(errors('  resolve "Destroy target creature with flying." targeting bears\n'), ['illegal-target: Grizzly Bears is not a legal "target creature with flying": it fails "with flying" (115.1, 608.2b)']);
  const ok = run(CREATURES + '  resolve "Destroy target creature with flying." targeting crow\n');
  assert.deepEqual(problems(ok), []);
  assert.equal(finalObject(ok, 'crow').zone, 'graveyard');
});

test('701.6a: "Counter target spell" is not simulated (no stack) and a permanent is not a spell', () => {
  const a = run(CREATURES + '  resolve "Counter target spell." targeting bears\n');
  assert.deepEqual(
    a.diagnostics.filter((d) => d.code === 'illegal-target').map((d) => d.message),
    ['Grizzly Bears is not a spell (a spell is a card cast and not yet resolved, 112.1), so it is not a legal "target spell" (115.1)'],
  );
  // Before: the Bears were moved to the graveyard.
  assert.equal(finalObject(a, 'bears').zone, 'battlefield');
  const info = run('players Alice, Bob\ncard "Cancel" as cancel\n  type Instant\n  text Counter target spell.\n').diagnostics;
  assert.deepEqual(info.map((d) => `${d.severity} ${d.code}`), ['information not-simulated']);
});



// ---------------------------------------------------------------------------
// Copy effects (707)

const COPIES = `
  players Alice, Bob
  card "Serra Angel" as angel
    type Creature — Angel
    pt 4/4
    text Flying, vigilance
  card "Grizzly Bears" as bears
    type Creature — Bear
    pt 2/2
  card "Clone" as clone
    type Creature — Shapeshifter
    pt 0/0
    text You may have this creature enter as a copy of any creature on the battlefield.
`;

test('707.9d: "except it\'s 7/7" does not copy a P/T-defining ability (and the copy of the copy is 7/7 too)', () => {
  const a = run(`
    players Alice, Bob
    card "Nightmare" as nightmare
      type Creature — Nightmare Horse
      pt */*
      text Flying
      text This creature's power and toughness are each equal to the number of Swamps you control.
    card "Swamp" as swamp
      type Basic Land — Swamp
      copies 3
    card "Quicksilver Gargantuan" as gargantuan
      type Creature — Shapeshifter
      pt 7/7
      text You may have this creature enter as a copy of any creature on the battlefield, except it's 7/7.
    card "Clone" as clone
      type Creature — Shapeshifter
      pt 0/0
      text You may have this creature enter as a copy of any creature on the battlefield.
    enter swamp, nightmare
    enter gargantuan choosing nightmare
    enter clone choosing gargantuan
  `);
  assert.deepEqual(problems(a), []);
  assert.equal(pt(finalObject(a, 'nightmare')), '3/3');
  for (const id of ['gargantuan', 'clone']) {
    const o = finalObject(a, id);
    assert.equal(pt(o), '7/7', id);
    // Flying is copied; the CDA is not.
    assert.deepEqual(o.chars.abilities.map((x) => x.text), ['Flying'], id);
  }
  const step = finalObject(a, 'gargantuan').trace.find((s) => s.layer === '1a')!;
  assert.match(step.description, /707\.9d/);
});

test('707.9d: a copy with no exception keeps the CDA', () => {
  const a = run(COPIES.replace('pt 4/4\n', "pt */*\n    text This creature's power and toughness are each equal to the number of creatures you control.\n") + '  enter angel, bears\n  enter clone choosing angel\n');
  assert.equal(pt(finalObject(a, 'clone')), '3/3');
});

test('613.2a, 707.9b: a static "is a copy of …, except …" applies in layer 1, and its exception is copied', () => {
  const a = run(COPIES + `
  card "Mirror Aura" as aura
    type Enchantment — Aura
    text Enchant creature
    text Enchanted creature is a copy of angel, except it's an artifact in addition to its other types.
  enter angel, bears
  enter aura attached to bears
  enter clone choosing bears
  `);
  assert.deepEqual(problems(a), []);
  for (const id of ['bears', 'clone']) {
    const o = finalObject(a, id);
    assert.equal(o.chars.name, 'Serra Angel', id);
    assert.deepEqual([...o.chars.types].sort(), ['Artifact', 'Creature'], id);
    assert.equal(pt(o), '4/4', id);
  }
  assert.equal(finalObject(a, 'bears').trace.filter((s) => s.layer === '1a').length, 1);
});

test('613.8a: a static copy effect waits for the copy effect that changes what it copies', () => {
  // The Aura and the Ogre enter together, the Aura first (earlier timestamp): the Aura copies the
  // Ogre, whose own later static ability makes it an Angel, so the Giant is an Angel too.
  const a = run(COPIES + `
  card "Mirror Aura" as aura
    type Enchantment — Aura
    text Enchant creature
    text Enchanted creature is a copy of ogre.
  card "Hill Giant" as giant
    type Creature — Giant
    pt 3/3
  card "Gray Ogre" as ogre
    type Creature — Ogre
    pt 2/2
    text This creature is a copy of angel.
  enter angel, giant
  enter aura, ogre attached to giant
  `);
  assert.deepEqual(problems(a), []);
  assert.equal(finalObject(a, 'ogre').chars.name, 'Serra Angel');
  const giant = finalObject(a, 'giant');
  assert.equal(giant.chars.name, 'Serra Angel');
  assert.equal(pt(giant), '4/4');
  const step = giant.trace.find((s) => s.layer === '1a')!;
  assert.equal(step.reason.kind, 'dependency');
});

test('707.2c: a static copy effect keeps the values it took when it began to apply', () => {
  // The Ogre becomes a copy of the Angel after the Aura began: the Giant stays a Gray Ogre.
  const a = run(COPIES + `
  card "Mirror Aura" as aura
    type Enchantment — Aura
    text Enchant creature
    text Enchanted creature is a copy of ogre.
  card "Hill Giant" as giant
    type Creature — Giant
    pt 3/3
  card "Gray Ogre" as ogre
    type Creature — Ogre
    pt 2/2
  enter angel, ogre, giant
  enter aura attached to giant
  resolve "Gray Ogre becomes a copy of Serra Angel."
  `);
  assert.deepEqual(problems(a), []);
  assert.equal(finalObject(a, 'ogre').chars.name, 'Serra Angel');
  assert.equal(finalObject(a, 'giant').chars.name, 'Gray Ogre');
  assert.equal(pt(finalObject(a, 'giant')), '2/2');
  // When the effect stops (the Aura leaves) and the object is enchanted again, it takes new values.
  const b = run(COPIES + `
  card "Mirror Aura" as aura
    type Enchantment — Aura
    text Enchant creature
    text Enchanted creature is a copy of ogre.
  card "Hill Giant" as giant
    type Creature — Giant
    pt 3/3
  card "Gray Ogre" as ogre
    type Creature — Ogre
    pt 2/2
  enter angel, ogre, giant
  enter aura attached to giant
  resolve "Gray Ogre becomes a copy of Serra Angel."
  move aura to hand
  enter aura attached to giant
  `);
  assert.equal(finalObject(b, 'giant').chars.name, 'Serra Angel');
});

// ---------------------------------------------------------------------------
// Names and aliases bind only where the text names an object

test('an alias that is a vocabulary word (`as white`, `as creatures`, `as target`) changes no card\'s reading', () => {
  const a = run(`
    players Alice, Bob
    card "White Knight" as white
      cost {W}{W}
      type Creature — Human Knight
      pt 2/2
    card "Savannah Lions" as creatures
      cost {W}
      type Creature — Cat
      pt 2/1
    card "Grizzly Bears" as target
      cost {1}{G}
      type Creature — Bear
      pt 2/2
    card "Honor of the Pure" as honor
      type Enchantment
      text White creatures you control get +1/+1.
    card "Glorious Anthem" as anthem
      type Enchantment
      text Creatures you control get +1/+1.
    card "Giant Growth" as growth
      type Instant
      text Target creature gets +3/+3 until end of turn.
    enter white, creatures, target, honor, anthem
    cast growth targeting creatures
    resolve "white gains flying until end of turn."
  `);
  assert.deepEqual(problems(a), []);
  assert.equal(pt(finalObject(a, 'white')), '4/4');
  assert.equal(pt(finalObject(a, 'creatures')), '7/6');
  assert.equal(pt(finalObject(a, 'target')), '3/3');
  // Where the text names the object, the alias binds.
  assert.ok(finalObject(a, 'white').chars.abilities.some((x) => x.text.toLowerCase() === 'flying'));
  assert.ok(!finalObject(a, 'creatures').chars.abilities.some((x) => x.text.toLowerCase() === 'flying'));
});

// ---------------------------------------------------------------------------
// "that player" in a replacement is the event's player

test('614.1a: "If an opponent would gain life, that player loses that much life instead" touches only that opponent', () => {
  const a = run(`
    players Alice, Bob, Carol
    card "Plague Drone" as drone
      type Creature — Insect
      pt 1/1
      text If an opponent would gain life, that player loses that much life instead.
    card "Dream Tax" as dreams
      type Enchantment
      text If an opponent would draw a card, they lose 1 life instead.
    enter drone, dreams
    Carol gains 4 life
    Bob draws 2 cards
    Alice gains 1 life
  `);
  assert.deepEqual(problems(a), []);
  assert.equal(finalPlayer(a, 'Alice').life, 21);
  assert.equal(finalPlayer(a, 'Bob').life, 18);
  assert.equal(finalPlayer(a, 'Carol').life, 16);
});

// ---------------------------------------------------------------------------
// 704.5j: the legend rule

const LEGENDS = `
  players Alice, Bob
  card "Isamaru, Hound of Konda" as isamaru
    type Legendary Creature — Dog
    pt 2/2
    copies 3
`;

test('704.5j: two legendary permanents with one name and one controller: the newest stays unless `choosing` says which', () => {
  const a = run(LEGENDS + '  enter isamaru#1\n  enter isamaru#2\n');
  assert.equal(finalObject(a, 'isamaru#1').zone, 'graveyard');
  assert.equal(finalObject(a, 'isamaru#2').zone, 'battlefield');
  const note = a.diagnostics.find((d) => d.code === 'sba')!;
  assert.match(note.message, /isamaru#1 is put into its owner's graveyard: Alice controls 2 legendary permanents named Isamaru, Hound of Konda and keeps isamaru#2, the newest .*\(704\.5j\)/);
  const b = run(LEGENDS + '  enter isamaru#1\n  enter isamaru#2 choosing isamaru#1\n');
  assert.deepEqual(problems(b), []);
  assert.equal(finalObject(b, 'isamaru#1').zone, 'battlefield');
  assert.equal(finalObject(b, 'isamaru#2').zone, 'graveyard');
});

test('704.5j: each player may control one; a simultaneous entry leaves one of them', () => {
  const a = run(LEGENDS + '  enter isamaru#1\n  enter isamaru#2 under Bob\n');
  assert.equal(finalObject(a, 'isamaru#1').zone, 'battlefield');
  assert.equal(finalObject(a, 'isamaru#2').zone, 'battlefield');
  const b = run(LEGENDS + '  enter isamaru#1, isamaru#2, isamaru#3 choosing isamaru#2\n');
  assert.deepEqual(['isamaru#1', 'isamaru#2', 'isamaru#3'].map((id) => finalObject(b, id).zone), ['graveyard', 'battlefield', 'graveyard']);
});

// ---------------------------------------------------------------------------
// 608.2h: numbers a resolving effect reads are read once

test('608.2h: "for each Forest you control" and "where X is its power" are fixed as the effect resolves', () => {
  const a = run(`
    players Alice, Bob
    card "Forest" as forest
      type Basic Land — Forest
      copies 3
    card "Grizzly Bears" as bears
      type Creature — Bear
      pt 2/2
    card "Hill Giant" as giant
      type Creature — Giant
      pt 3/3
    enter forest#1, forest#2, bears, giant
    resolve "Target creature gets +1/+1 for each Forest you control until end of turn." targeting bears
    resolve "Target creature gets +X/+0 until end of turn, where X is its power." targeting giant
    enter forest#3
    resolve "Target creature has base power and toughness 5/5 until end of turn." targeting giant
  `);
  assert.deepEqual(problems(a), []);
  // 2/2 + 2 Forests as it resolved; the third Forest changes nothing.
  assert.equal(pt(finalObject(a, 'bears')), '4/4');
  // +3/+0 as it resolved: on base 5/5 that is 8/5 (read again, its power would be 5: 10/5).
  assert.equal(pt(finalObject(a, 'giant')), '8/5');
  const step = finalObject(a, 'bears').trace.find((s) => s.layer === '7c')!;
  assert.match(step.description, /2 \(the number of Forests you control as it resolved, 608\.2h\)/);
});

test('608.2h does not freeze a static ability: a lord still counts as things change', () => {
  const a = run(`
    players Alice, Bob
    card "Forest" as forest
      type Basic Land — Forest
      copies 2
    card "Grizzly Bears" as bears
      type Creature — Bear
      pt 2/2
      text This creature gets +1/+1 for each Forest you control.
    enter forest#1, bears
    enter forest#2
  `);
  assert.equal(pt(finalObject(a, 'bears')), '4/4');
});

test('115.1: a bare "target creature" keeps its noun: a land is an illegal target, and nothing happens to it', () => {
  const text = `
    players Alice, Bob
    card "Forest" as forest
      type Basic Land — Forest
    card "Grizzly Bears" as bears
      type Creature — Bear
      pt 2/2
    card "Shatter" as shatter
      type Instant
      text Destroy target artifact.
    enter forest, bears
  `;
  const a = run(text + '  resolve "Put a +1/+1 counter on target creature." targeting forest\n  cast shatter targeting bears\n');
  assert.deepEqual(
    a.diagnostics.filter((d) => d.code === 'illegal-target').map((d) => d.message),
    ['Forest is not a legal "target creature": it is not a creature (115.1, 608.2b)', 'Grizzly Bears is not a legal "target artifact": it is not an artifact (115.1, 608.2b)'],
  );
  assert.deepEqual(finalObject(a, 'forest').counters, {});
  assert.equal(finalObject(a, 'bears').zone, 'battlefield');
  // A legal one: no error.
  assert.deepEqual(problems(run(text + '  resolve "Put a +1/+1 counter on target creature." targeting bears\n')), []);
});

// ---------------------------------------------------------------------------
// 711: leveler cards

test('711.2b: LEVEL sections read with the level counters; a Clone copies the sections but not the counters (707.2)', () => {
  const a = run(`
    players Alice, Bob
    card "Student of Warfare" as student
      type Creature — Human Knight
      pt 1/1
      text Level up {W}
      text LEVEL 2-6
      text 3/3
      text First strike
      text LEVEL 7+
      text 4/4
      text Double strike
    card "Clone" as clone
      type Creature — Shapeshifter
      pt 0/0
      text You may have this creature enter as a copy of any creature on the battlefield.
    enter student
    activate student
    activate student
    enter clone choosing student
  `);
  assert.deepEqual(problems(a), []);
  const student = finalObject(a, 'student');
  assert.equal(pt(student), '3/3');
  assert.deepEqual(student.counters, { level: 2 });
  assert.ok(student.chars.abilities.some((x) => x.text === 'First strike'));
  const clone = finalObject(a, 'clone');
  assert.equal(pt(clone), '1/1');
  assert.ok(!clone.chars.abilities.some((x) => x.text === 'First strike'));
  assert.deepEqual(clone.chars.abilities.map((x) => x.text), ['Level up {W}', 'LEVEL 2-6', 'LEVEL 7+']);
});
