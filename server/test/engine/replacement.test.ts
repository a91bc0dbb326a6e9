import assert from 'node:assert/strict';
import test from 'node:test';
import { failedExpectations, finalObject, finalPlayer, problems, pt, run } from './helpers';

const furnace = (n: number) => `
    card "Furnace of Rath" as furnace
      type Enchantment
      text If a source would deal damage to a permanent or player, it deals double that damage to that permanent or player instead.
      copies ${n}`;
// Several copies are written without the supertype: one player can't keep two legendary Torbrans (704.5j).
const torbran = (n: number) => `
    card "Torbran, Thane of Red Fell" as torbran
      type ${n === 1 ? 'Legendary ' : ''}Creature — Dwarf Noble
      pt 2/4
      text If a red source you control would deal damage to an opponent or a permanent an opponent controls, it deals that much damage plus 2 instead.
      copies ${n}`;
const bolt = `
    card "Lightning Bolt" as bolt
      cost {R}
      type Instant
      text Lightning Bolt deals 3 damage to any target.`;

test('616.1: the affected player chooses the order; every order is an outcome', () => {
  const a = run(`${furnace(1)}${torbran(1)}${bolt}
    enter furnace, torbran
    cast bolt targeting Bob
    expect Bob: life 10 or 12`);
  assert.deepEqual(problems(a), []);
  const lifes = a.final.outcomes.map((o) => o.world.players.find((p) => p.name === 'Bob')!.life).sort();
  assert.deepEqual(lifes, [10, 12], '(3+2)×2 = 10 damage or 3×2+2 = 8 damage');
  assert.ok(a.final.outcomes.every((o) => o.choices.some((c) => /Bob applies/.test(c))), 'each outcome says who chose what');
});

test('616.1: `choosing A then B` pins the order', () => {
  const a = run(`${furnace(1)}${torbran(1)}${bolt}
    enter furnace, torbran
    cast bolt targeting Bob choosing torbran then furnace
    expect Bob: life 10`);
  assert.deepEqual(problems(a), []);
  assert.equal(a.final.outcomes.length, 1);
  assert.equal(finalPlayer(a, 'Bob').life, 10);
});

test('614.5: each replacement applies once to an event, however many copies', () => {
  const a = run(`${furnace(3)}${bolt}
    enter furnace
    cast bolt targeting Bob
    expect Bob: life -4`);
  assert.deepEqual(failedExpectations(a), []);
  assert.equal(a.final.outcomes.length, 1, 'orders that change nothing merge into one outcome');
});

test('616.1a: a self-replacement-free tie of two graveyard replacements gives both outcomes', () => {
  const a = run(`
    card "Rest in Peace" as rip
      type Enchantment
      text If a card or token would be put into a graveyard from anywhere, exile it instead.
    card "Darksteel Colossus" as colossus
      type Artifact Creature — Golem
      pt 11/11
      text If Darksteel Colossus would be put into a graveyard from anywhere, reveal it and shuffle it into its owner's library instead.
    enter rip, colossus
    sacrifice colossus
    expect colossus: zone exile or library`);
  assert.deepEqual(problems(a), []);
  assert.deepEqual(a.final.outcomes.map((o) => o.world.objects.find((x) => x.id === 'colossus')!.zone).sort(), ['exile', 'library']);
});

test('the branch cap holds on a file with many interacting effects', () => {
  const t0 = performance.now();
  const a = run(`${furnace(6)}${torbran(6)}${bolt}
    enter furnace, torbran
    cast bolt targeting Bob`);
  const ms = performance.now() - t0;
  assert.ok(a.final.outcomes.length >= 1 && a.final.outcomes.length <= 256, `${a.final.outcomes.length} outcomes`);
  assert.ok(ms < 60_000, 'it finishes');
  const w = a.diagnostics.find((d) => d.code === 'branch-cap');
  assert.ok(w && w.severity === 'warning', 'the cap is reported');
  assert.match(w.message, /cast bolt targeting Bob/, 'the warning names the event');
  const lifes = new Set(a.final.outcomes.map((o) => o.world.players.find((p) => p.name === 'Bob')!.life));
  assert.equal(lifes.size, a.final.outcomes.length, 'identical outcomes are merged');
});

test('611.2c: a resolved prevention effect applies to creatures that arrive later', () => {
  const a = run(`
    card "Grizzly Bears" as bears
      type Creature — Bear
      pt 2/2
      text {T}: This creature deals 1 damage to any target.
    resolve "Prevent all damage creatures would deal this turn."
    enter bears
    activate bears targeting Bob
    expect Bob: life 20
    end turn
    activate bears targeting Bob
    expect Bob: life 19`);
  assert.deepEqual(problems(a), []);
});

test('704.5g and 704.5h: lethal damage and deathtouch', () => {
  const a = run(`
    card "Grizzly Bears" as bears
      type Creature — Bear
      pt 2/2
    card "Typhoid Rats" as rats
      type Creature — Rat
      pt 1/1
      text Deathtouch
      text {T}: This creature deals 1 damage to any target.
    card "Hill Giant" as giant
      type Creature — Giant
      pt 3/3
    ${bolt}
    enter bears, rats, giant
    cast bolt targeting bears
    activate rats targeting giant
    expect bears: zone graveyard
    expect giant: zone graveyard`);
  assert.deepEqual(problems(a), []);
  assert.equal(finalObject(a, 'rats').zone, 'battlefield');
});

test('616.1: `choosing A#2 then B` names one copy', () => {
  const a = run(`${furnace(1)}${torbran(2)}${bolt}
    enter furnace, torbran
    cast bolt targeting Bob choosing torbran#2 then furnace then torbran#1
    expect Bob: life 8`);
  assert.deepEqual(problems(a), []);
  assert.equal(a.final.outcomes.length, 1);
  assert.equal(finalPlayer(a, 'Bob').life, 8, '((3+2)×2)+2 = 12 damage');
});

test('614.15: a spell\'s own "instead" applies first to its own event and ends with the spell', () => {
  const a = run(`
    card "Grizzly Bears" as bears
      type Creature — Bear
      pt 2/2
    card "Darksteel Colossus" as colossus
      type Artifact Creature — Golem
      pt 11/11
      text If Darksteel Colossus would be put into a graveyard from anywhere, reveal it and shuffle it into its owner's library instead.
    card "Purge" as purge
      type Sorcery
      text Destroy target creature. If that creature would die, exile it instead.
    enter bears, colossus
    cast purge targeting colossus
    expect colossus: zone exile
    destroy bears
    expect bears: zone graveyard`);
  assert.deepEqual(problems(a), []);
  assert.deepEqual(failedExpectations(a), [], '616.1a: the self-replacement goes first, so Colossus is exiled, in one outcome');
});

test('a printed star that no ability defines is 0, with a warning on the pt line (208.2, 208.5)', () => {
  const a = run(`
    card "Lhurgoyf Without Text" as l
      type Creature — Lhurgoyf
      pt */1+*
    enter l
  `);
  assert.equal(pt(finalObject(a, 'l')), '0/1');
  assert.ok(a.diagnostics.some((d) => d.code === 'undefined-star' && d.severity === 'warning' && d.range.start.line === 2));
  const b = run(`
    card "Shapeshifter" as s
      type Artifact Creature — Shapeshifter
      pt */7-*
      text As Shapeshifter enters, choose a number between 0 and 7.
      text Shapeshifter's power is equal to the last chosen number and its toughness is equal to 7 minus that number.
    enter s choosing 2
  `);
  assert.equal(pt(finalObject(b, 's')), '2/5');
  assert.ok(!b.diagnostics.some((d) => d.code === 'undefined-star'));
});

test('Devour takes only creatures its controller controls (702.82a)', () => {
  const a = run(`
    players Alice, Bob
    card "Gluttonous Slime" as slime
      type Creature — Ooze
      pt 2/2
      text Devour 1
    card "Grizzly Bears" as bears
      type Creature — Bear
      pt 2/2
      owner Bob
    card "Ornithopter" as thopter
      type Artifact Creature — Thopter
      pt 0/2
    enter bears, thopter
    enter slime choosing thopter, bears
  `);
  assert.equal(pt(finalObject(a, 'slime')), '3/3');
  assert.equal(finalObject(a, 'bears').zone, 'battlefield');
});
