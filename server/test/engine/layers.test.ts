// 613: the layer system on small boards, checked against the rules text.
import test from 'node:test';
import assert from 'node:assert/strict';
import { finalObject, finalPlayer, problems, pt, run } from './helpers';

test('613.4: Gray Ogre through the sublayers, with the trace in layer order', () => {
  const a = run(`
    players Alice, Bob
    card "Gray Ogre" as ogre
      cost {2}{R}
      type Creature — Ogre
      pt 2/2
    card "Anthem of the Watch" as anthem
      type Enchantment
      text Creatures you control get +0/+2.
    enter ogre
    put a +1/+1 counter on ogre
    resolve "Target creature gets +4/+4 until end of turn." targeting ogre
    enter anthem
    resolve "Target creature becomes 0/1 until end of turn." targeting ogre
  `);
  assert.deepEqual(problems(a), []);
  const ogre = finalObject(a, 'ogre');
  assert.equal(pt(ogre), '5/8');
  const layers = ogre.trace.map((s) => s.layer);
  assert.deepEqual(layers, ['7b', '7c', '7c', '7c']);
  // 7c effects apply in timestamp order: the counter (ts 2), the +4/+4 (ts 3), the anthem (ts 4).
  const sevenC = ogre.trace.filter((s) => s.layer === '7c');
  assert.deepEqual(sevenC.map((s) => s.reason.kind), ['counters', 'timestamp', 'timestamp']);
  assert.deepEqual(ogre.trace[0]!.changes.map((c) => `${c.characteristic} ${c.before}→${c.after}`), ['power 2→0', 'toughness 2→1']);
});

test('613.3: a color CDA applies before a later color-changing effect, which wins', () => {
  const a = run(`
    players Alice, Bob
    card "Transguild Courier" as courier
      cost {4}
      type Artifact Creature — Golem
      pt 3/3
      text Transguild Courier is all colors.
    enter courier
    resolve "Target creature becomes blue until end of turn." targeting courier
    expect courier: color blue
    end turn
    expect courier: color white, blue, black, red, green
  `);
  assert.deepEqual(problems(a), []);
  assert.ok(a.expectations.every((e) => e.passed), JSON.stringify(a.expectations.filter((e) => !e.passed)));
});

test('7a, 7b, 7c: a CDA is overridden by a later set, then modified', () => {
  const a = run(`
    players Alice, Bob
    card "Nightmare" as nightmare
      cost {5}{B}
      type Creature — Nightmare Horse
      pt */*
      text This creature's power and toughness are each equal to the number of Swamps you control.
    card "Swamp" as swamp
      type Basic Land — Swamp
      copies 3
    enter swamp, nightmare
    expect nightmare 3/3
    resolve "Target creature gets +1/+1 until end of turn." targeting nightmare
    expect nightmare 4/4
    resolve "Target creature has base power and toughness 0/1 until end of turn." targeting nightmare
    expect nightmare 1/2
  `);
  assert.deepEqual(problems(a), []);
  assert.ok(a.expectations.every((e) => e.passed), JSON.stringify(a.expectations.filter((e) => !e.passed).map((e) => [e.expected, e.actual])));
  const n = finalObject(a, 'nightmare');
  assert.equal(n.trace.find((s) => s.layer === '7a')?.reason.kind, 'cda');
});

test('Humility and Opalescence: 7b in timestamp order, no dependency (613.8a)', () => {
  const cards = `
    players Alice, Bob
    card "Humility" as humility
      cost {2}{W}{W}
      type Enchantment
      text All creatures lose all abilities and have base power and toughness 1/1.
    card "Opalescence" as opal
      cost {2}{W}{W}
      type Enchantment
      text Each other non-Aura enchantment is a creature in addition to its other types and has base power and base toughness each equal to its mana value.
  `;
  const humilityFirst = run(cards + '\n    enter humility\n    enter opal\n');
  assert.deepEqual(problems(humilityFirst), []);
  assert.equal(pt(finalObject(humilityFirst, 'humility')), '4/4');
  assert.equal(finalObject(humilityFirst, 'humility').chars.abilities.length, 0);
  const opalFirst = run(cards + '\n    enter opal\n    enter humility\n');
  assert.equal(pt(finalObject(opalFirst, 'humility')), '1/1');
  assert.equal(finalObject(opalFirst, 'opal').chars.power, null, 'Opalescence is not a creature');
});

test('613.8: Urborg depends on Blood Moon, whatever the timestamps (305.7)', () => {
  for (const order of ['enter urborg\n    enter moon', 'enter moon\n    enter urborg']) {
    const a = run(`
      players Alice, Bob
      card "Urborg, Tomb of Yawgmoth" as urborg
        type Legendary Land
        text Each land is a Swamp in addition to its other land types.
      card "Blood Moon" as moon
        cost {2}{R}
        type Enchantment
        text Nonbasic lands are Mountains.
      card "Forest" as forest
        type Basic Land — Forest
      enter forest
      ${order}
      expect urborg depends on moon
      expect urborg: type Legendary Land — Mountain; abilities "{T}: Add {R}."
      expect forest: type Basic Land — Forest
    `);
    assert.deepEqual(problems(a), [], order);
  }
});

test('613.10: no maximum hand size beats a later reduction; players get hexproof', () => {
  const a = run(`
    players Alice, Bob
    card "Reliquary Tower" as tower
      type Land
      text You have no maximum hand size.
    card "Leyline of Sanctity" as leyline
      cost {2}{W}{W}
      type Enchantment
      text You have hexproof.
    card "Gloom" as gloom
      cost {2}{B}
      type Enchantment
      text Your maximum hand size is reduced by one.
    enter gloom
    expect Alice: max hand size 6
    enter tower, leyline
    expect Alice: max hand size none; has hexproof
    expect Bob: max hand size 7
  `);
  assert.deepEqual(problems(a), []);
  assert.equal(finalPlayer(a, 'Alice').maxHandSize, null);
});

test('707.2: copiable values are a record after layer 1, kept from the layers after it (an Aura made the original white; its token copy is red)', () => {
  const a = run(`
    players Alice, Bob
    card "Hill Giant" as giant
      cost {3}{R}
      type Creature — Giant
      pt 3/3
    card "Whitewash" as paint
      cost {W}
      type Enchantment — Aura
      text Enchant creature
      text Enchanted creature is white.
    enter giant
    enter paint attached to giant
    resolve "Create a token that's a copy of target creature." targeting giant as copy
    expect giant: color white
    expect copy: color red; pt 3/3
  `);
  assert.deepEqual(problems(a), []);
  assert.ok(a.expectations.every((e) => e.passed), JSON.stringify(a.expectations.filter((e) => !e.passed)));
  assert.equal(a.expectations.length, 2);
});

test('305.6: a land has the mana abilities of its basic land types after every event, in order, as its types change and change back', () => {
  const a = run(`
    players Alice, Bob
    card "Tropical Island" as trop
      type Land — Forest Island
    card "Blood Moon" as moon
      cost {2}{R}
      type Enchantment
      text Nonbasic lands are Mountains.
    card "Grizzly Bears" as bears
      cost {1}{G}
      type Creature — Bear
      pt 2/2
    card "Overgrowth" as growth
      cost {G}
      type Enchantment — Aura
      text Enchant land
      text Enchanted land is a Forest.
    enter trop
    expect trop: abilities "{T}: Add {G}.", "{T}: Add {U}."
    tap trop
    enter bears
    expect trop: abilities "{T}: Add {G}.", "{T}: Add {U}."
    enter moon
    expect trop: type Land — Mountain; abilities "{T}: Add {R}."
    untap trop
    expect trop: abilities "{T}: Add {R}."
    destroy moon
    expect trop: type Land — Forest Island; abilities "{T}: Add {G}.", "{T}: Add {U}."
    enter growth attached to trop
    expect trop: type Land — Forest; abilities "{T}: Add {G}."
  `);
  assert.deepEqual(problems(a), []);
  assert.deepEqual(a.expectations.filter((e) => !e.passed).map((e) => `${e.text}: ${e.actual}`), []);
  assert.equal(a.expectations.length, 6);
});

test('613.8: effects alike are tried once for all (three Blood Moons, an Urborg and two lands like it): the same answers, checked pair by pair in the check mode', () => {
  const a = run(`
    players Alice, Bob
    card "Urborg, Tomb of Yawgmoth" as urborg
      type Legendary Land
      text Each land is a Swamp in addition to its other land types.
    card "Marsh Maker" as maker
      type Land
      copies 2
      text Each land is a Swamp in addition to its other land types.
    card "Blood Moon" as moon
      cost {2}{R}
      type Enchantment
      copies 3
      text Nonbasic lands are Mountains.
    card "Glorious Anthem" as anthem
      type Enchantment
      copies 2
      text Creatures you control get +1/+1.
    card "Marsh Charm" as charm
      type Enchantment
      text Each land is a Swamp in addition to its other land types.
    card "Forest" as forest
      type Basic Land — Forest
    card "Grizzly Bears" as bears
      type Creature — Bear
      pt 2/2
    enter forest, urborg, maker, charm, bears
    enter moon, anthem
    expect urborg depends on moon#1
    expect maker#2 depends on moon#3
    expect urborg: type Legendary Land — Mountain; abilities "{T}: Add {R}."
    expect maker#1: type Land — Mountain; abilities "{T}: Add {R}."
    expect forest: type Basic Land — Forest Swamp
    expect bears 4/4
  `);
  assert.deepEqual(problems(a), []);
  assert.deepEqual(a.expectations.filter((e) => !e.passed).map((e) => `${e.text}: ${e.actual}`), []);
  // The same ability on an enchantment, which no Blood Moon touches: no dependency (its source is unlike the lands').
  const deps = a.final.outcomes[0]!.world.dependencies;
  assert.ok(deps.some((d) => d.dependentSource === 'urborg' && d.onSource?.startsWith('moon')), JSON.stringify(deps));
  assert.ok(!deps.some((d) => d.dependentSource === 'charm'), JSON.stringify(deps));
});
