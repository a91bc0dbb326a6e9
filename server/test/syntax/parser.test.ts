// The parser on small fixtures: every construct of spec sections 1–4 and 6,
// its spans checked exactly, and errors with their exact ranges and messages.

import assert from 'node:assert/strict';
import test from 'node:test';
import type { Diagnostic, EventStatement, EventSyntax, ExpectStatement, ExpectSyntax, Fact, FactSyntax, LayersFile, Range } from '../../src/syntax/ast';
import { analyze } from '../../src/engine/analyze';
import { parseLayers } from '../../src/syntax/parser';

/** The event variant whose kind includes K (`destroy` shares its variant with `sacrifice` and `exile`). */
type Ev<K extends EventSyntax['kind']> = EventSyntax extends infer E ? (E extends { kind: infer EK } ? (K extends EK ? E : never) : never) : never;

const r = (line: number, a: number, b: number): Range => ({ start: { line, character: a }, end: { line, character: b } });

/** Parse text that must have no diagnostic. */
function ok(text: string): LayersFile {
  const f = parseLayers(text, 'test.layers');
  assert.deepEqual(f.diagnostics, [], `unexpected diagnostics for ${JSON.stringify(text)}`);
  return f;
}

function events(text: string): EventSyntax[] {
  return ok(text).statements.filter((s): s is EventStatement => s.kind === 'event').map((s) => s.event);
}

function event<K extends EventSyntax['kind']>(text: string, kind: K): Ev<K> {
  const [e] = events(text);
  assert.equal(e?.kind, kind);
  return e as Ev<K>;
}

function expectation(text: string): ExpectSyntax {
  const s = ok(text).statements[0] as ExpectStatement;
  assert.equal(s.kind, 'expect');
  return s.expect;
}

function facts(text: string): Fact[] {
  const e = expectation(text);
  assert.equal(e.kind, 'facts');
  return (e as Extract<ExpectSyntax, { kind: 'facts' }>).facts;
}

function fact(text: string): FactSyntax {
  const fs = facts(text);
  assert.equal(fs.length, 1);
  assert.equal(fs[0]!.alternatives.length, 1);
  return fs[0]!.alternatives[0]!;
}

/** Parse text that must have exactly one diagnostic; returns it with the text it covers. */
function oneError(text: string): Diagnostic & { span: string } {
  const f = parseLayers(text, 'test.layers');
  assert.equal(f.diagnostics.length, 1, `expected one diagnostic for ${JSON.stringify(text)}, got ${JSON.stringify(f.diagnostics.map((d) => d.message))}`);
  const d = f.diagnostics[0]!;
  assert.equal(d.severity, 'error');
  assert.equal(d.code, 'syntax');
  assert.equal(d.range.start.line, d.range.end.line);
  const line = text.split(/\r\n|\r|\n/)[d.range.start.line]!;
  return { ...d, span: line.slice(d.range.start.character, d.range.end.character) };
}

// ---------------------------------------------------------------------------
// Declarations

test('scenario: quoted or bare title, at most once', () => {
  const f = ok('scenario "Gray Ogre through the sublayers"   # title');
  assert.deepEqual(f.scenario, { kind: 'scenario', title: { value: 'Gray Ogre through the sublayers', range: r(0, 9, 42) }, range: r(0, 0, 42) });
  assert.equal(ok('scenario Bare words title').scenario?.title.value, 'Bare words title');
  const e = oneError('scenario "a"\nscenario "b"');
  assert.deepEqual(e.range, r(1, 0, 8));
  assert.match(e.message, /at most once/);
});

test('players: names with their ranges, in seating order', () => {
  const f = ok('players Alice, Bob, "Carol Danvers"');
  assert.deepEqual(f.players?.players, [
    { text: 'Alice', quoted: false, range: r(0, 8, 13) },
    { text: 'Bob', quoted: false, range: r(0, 15, 18) },
    { text: 'Carol Danvers', quoted: true, range: r(0, 20, 35) },
  ]);
  assert.deepEqual(f.players?.range, r(0, 0, 35));
  const e = oneError('players Alice Bob');
  assert.equal(e.span, 'Bob');
  assert.match(e.message, /expected `,` between player names/);
  assert.equal(oneError('players Alice, alice').span, 'alice');
});

test('card header: quoted name range covers the quotes; alias; header and block ranges', () => {
  const f = ok(['card "Gray Ogre" as ogre', '  cost {2}{R}', '  type Creature — Ogre', '  pt 2/2', '', 'enter ogre'].join('\n'));
  const o = f.objects[0]!;
  assert.equal(o.kind, 'card');
  assert.deepEqual(o.name, { text: 'Gray Ogre', quoted: true, range: r(0, 5, 16) });
  assert.deepEqual(o.alias, { text: 'ogre', quoted: false, range: r(0, 20, 24) });
  assert.deepEqual(o.headerRange, r(0, 0, 24));
  assert.deepEqual(o.range, { start: { line: 0, character: 0 }, end: { line: 3, character: 8 } });
  assert.equal(f.statements.length, 1);
});

test('token header, bare and lenient multi-word names', () => {
  const f = ok('token Saproling\n  type Creature — Saproling\ncard Gray Ogre as ogre\n  type Creature');
  assert.equal(f.objects[0]!.kind, 'token');
  assert.deepEqual(f.objects[0]!.name, { text: 'Saproling', quoted: false, range: r(0, 6, 15) });
  assert.deepEqual(f.objects[1]!.name, { text: 'Gray Ogre', quoted: false, range: r(2, 5, 14) });
});

test('every card key with its value and range', () => {
  const f = ok(
    [
      'card "Gray Ogre" as ogre',
      '  cost {2}{R}{W/U}{X}',
      '  color white, blue and black',
      '  type Legendary Artifact Creature — Ogre Warrior',
      '  pt 2/3',
      '  owner Bob',
      '  text Flying, haste',
      '  text {T}: Add {G}.   # a comment',
      '  copies 3',
    ].join('\n'),
  );
  const o = f.objects[0]!;
  assert.deepEqual(o.cost, { value: '{2}{R}{W/U}{X}', range: r(1, 7, 21) });
  assert.deepEqual(o.colors, { value: ['white', 'blue', 'black'], range: r(2, 8, 29) });
  assert.deepEqual(o.typeLine, {
    value: { supertypes: ['Legendary'], types: ['Artifact', 'Creature'], subtypes: ['Ogre', 'Warrior'], text: 'Legendary Artifact Creature — Ogre Warrior' },
    range: r(3, 7, 49),
  });
  assert.deepEqual(o.pt, { power: { base: 2, star: false, text: '2' }, toughness: { base: 3, star: false, text: '3' }, range: r(4, 5, 8) });
  assert.deepEqual(o.owner, { text: 'Bob', quoted: false, range: r(5, 8, 11) });
  assert.deepEqual(o.texts, [
    { value: 'Flying, haste', range: r(6, 7, 20) },
    { value: '{T}: Add {G}.', range: r(7, 7, 20) },
  ]);
  assert.deepEqual(o.copies, { value: 3, range: r(8, 9, 10) });
  assert.deepEqual(o.range, { start: { line: 0, character: 0 }, end: { line: 8, character: 10 } });
  assert.deepEqual(f.comments, [{ range: r(7, 23, 34), text: ' a comment' }]);
});

test('color colorless is the empty list; colors is accepted for color', () => {
  assert.deepEqual(ok('card x\n  color colorless').objects[0]!.colors?.value, []);
  assert.deepEqual(ok('card x\n  colors Green').objects[0]!.colors?.value, ['green']);
});

test('type-line dashes: —, –, -- and " - "; hyphenated subtypes keep their hyphen', () => {
  for (const line of ['Artifact Creature — Golem', 'Artifact Creature – Golem', 'Artifact Creature -- Golem', 'Artifact Creature - Golem', 'Artifact Creature—Golem', 'artifact creature -- golem']) {
    const t = ok(`card x\n  type ${line}`).objects[0]!.typeLine!.value;
    assert.deepEqual([t.types, t.subtypes], [['Artifact', 'Creature'], ['Golem']], line);
    assert.equal(t.text, line);
  }
  assert.deepEqual(ok('card x\n  type Artifact Creature — Assembly-Worker').objects[0]!.typeLine!.value.subtypes, ['Assembly-Worker']);
  assert.deepEqual(ok('card x\n  type Creature — Time Lord Doctor').objects[0]!.typeLine!.value.subtypes, ['Time Lord', 'Doctor']);
  assert.deepEqual(ok('card x\n  type Basic Land — Forest').objects[0]!.typeLine!.value.supertypes, ['Basic']);
});

test('printed P/T: numbers, *, N+*, *+N, negative', () => {
  const pt = (v: string) => ok(`card x\n  type Creature\n  pt ${v}`).objects[0]!.pt!;
  assert.deepEqual(pt('*/*').power, { base: 0, star: true, text: '*' });
  assert.deepEqual(pt('*/1+*').toughness, { base: 1, star: true, text: '1+*' });
  assert.deepEqual(pt('*+1/3').power, { base: 1, star: true, text: '*+1' });
  assert.deepEqual(pt('-1/1').power, { base: -1, star: false, text: '-1' });
  assert.deepEqual(pt('0/0').range, r(2, 5, 8));
});

test('blocks: tabs and spaces, blank and comment lines inside, the block ends at a shallower line', () => {
  const f = ok(['card a', '\ttype Land', '', '# about a', '\ttext {T}: Add {C}.', 'card b', '    type Creature', '\tpt 1/1', 'enter a, b'].join('\n'));
  assert.equal(f.objects[0]!.texts.length, 1);
  assert.deepEqual(f.objects[0]!.range, { start: { line: 0, character: 0 }, end: { line: 4, character: 19 } });
  assert.equal(f.objects[1]!.pt?.power.base, 1);
  assert.equal(f.statements.length, 1);
  // A header indented by a tab owns lines indented deeper (three spaces are deeper than a tab).
  const g = ok('\tcard c\n\t\ttype Land\n\t   text Flying\n\tenter c');
  assert.equal(g.objects[0]!.texts.length, 1);
  assert.equal(g.statements.length, 1);
});

test('any consistent indentation: 2 spaces, 4 spaces or a tab per level read the same (what an editor may insert)', () => {
  // 613.4c: Glorious Anthem's +1/+1 on Gray Ogre; the block structure is all that differs.
  const scenario = (unit: string) =>
    ['card "Gray Ogre" as ogre', `${unit}cost {2}{R}`, `${unit}type Creature — Ogre`, `${unit}pt 2/2`, 'card "Glorious Anthem" as anthem', `${unit}type Enchantment`, `${unit}text Creatures you control get +1/+1.`, 'enter ogre, anthem', 'expect ogre 3/3'].join('\n');
  // Everything but positions: the columns move with the indentation.
  const shape = (f: LayersFile) => JSON.stringify({ objects: f.objects, statements: f.statements }, (k, v) => (k === 'range' || k.endsWith('Range') ? undefined : v));
  const two = ok(scenario('  '));
  assert.equal(two.objects.length, 2);
  assert.equal(two.objects[1]!.texts.length, 1);
  for (const unit of ['    ', '\t', '\t\t', ' ']) {
    const f = ok(scenario(unit));
    assert.equal(shape(f), shape(two), JSON.stringify(unit));
    assert.equal(f.objects[0]!.range.end.line, 3, `${JSON.stringify(unit)}: the Ogre's block ends at its pt line`);
  }
  const analysis = analyze(parseLayers(scenario('\t'), 'tab.layers'));
  assert.deepEqual(analysis.expectations.map((e) => [e.passed, e.actual]), [[true, 'pt 3/3']]);
});

// ---------------------------------------------------------------------------
// Lexical rules

test('comments: kept with their ranges; not inside quotes; not the #k of a copy', () => {
  const f = ok(['# heading', 'enter ogre#2, "Gray Ogre"#3   # both', 'expect x: lacks "# not a comment"'].join('\n'));
  assert.deepEqual(f.comments, [
    { range: r(0, 0, 9), text: ' heading' },
    { range: r(1, 30, 36), text: ' both' },
  ]);
  const st = f.statements[0] as EventStatement;
  assert.deepEqual(st.range, r(1, 0, 27));
  assert.deepEqual(st.keywordRange, r(1, 0, 5));
  const e = st.event as Ev<'enter'>;
  assert.deepEqual(e.objects, [
    { text: 'ogre', copyIndex: 2, quoted: false, range: r(1, 6, 12) },
    { text: 'Gray Ogre', copyIndex: 3, quoted: true, range: r(1, 14, 27) },
  ]);
  assert.deepEqual((fact('expect x: lacks "# not a comment"') as { abilities: string[] }).abilities, ['# not a comment']);
});

test('CRLF, a BOM and trailing blanks do not change the spans', () => {
  const f = ok('\uFEFFplayers Alice, Bob\r\ncard a\r\n  type Land  \r\nenter a   \r\n');
  assert.deepEqual(f.players?.players[0]!.range, r(0, 9, 14));
  assert.deepEqual(f.objects[0]!.typeLine?.range, r(2, 7, 11));
  assert.deepEqual(f.statements[0]!.range, r(3, 0, 7));
});

test('names compare case-insensitively but keep their spelling; unquoted multi-word names are read when declared', () => {
  const f = ok(['card "Blood Moon"', '  type Enchantment', 'enter Blood Moon tapped', 'expect blood moon: zone battlefield', 'move Blood Moon#1 to graveyard'].join('\n'));
  const [enter, expect, move] = f.statements;
  assert.deepEqual((enter as EventStatement).event, { kind: 'enter', objects: [{ text: 'Blood Moon', quoted: false, range: r(2, 6, 16) }], tapped: true, faceDown: false, choices: [] });
  assert.deepEqual(((expect as ExpectStatement).expect as Extract<ExpectSyntax, { kind: 'facts' }>).subject, { text: 'blood moon', quoted: false, range: r(3, 7, 17) });
  assert.deepEqual(((move as EventStatement).event as Ev<'move'>).objects[0], { text: 'Blood Moon', copyIndex: 1, quoted: false, range: r(4, 5, 17) });
});

// ---------------------------------------------------------------------------
// Events

test('enter with every option', () => {
  const e = event('enter a, b under Bob tapped face down attached to c choosing blue, X=3', 'enter');
  assert.deepEqual(e.objects.map((o) => o.text), ['a', 'b']);
  assert.deepEqual(e.under, { text: 'Bob', quoted: false, range: r(0, 17, 20) });
  assert.equal(e.tapped, true);
  assert.equal(e.faceDown, true);
  assert.deepEqual(e.attachedTo, { text: 'c', quoted: false, range: r(0, 50, 51) });
  assert.deepEqual(e.choices, [
    { value: 'blue', range: r(0, 61, 65) },
    { value: 'X=3', range: r(0, 67, 70) },
  ]);
  assert.equal(e.choiceOrder, undefined);
  const plain = event('enter ogre', 'enter');
  assert.deepEqual(plain, { kind: 'enter', objects: [{ text: 'ogre', quoted: false, range: r(0, 6, 10) }], tapped: false, faceDown: false, choices: [] });
});

test('choosing: commas split choices; `then` gives the replacement order', () => {
  const e = event('destroy a choosing "Rest in Peace" then colossus#2', 'destroy');
  assert.deepEqual(e.choices, [
    { value: 'Rest in Peace', range: r(0, 19, 34) },
    { value: 'colossus#2', range: r(0, 40, 50) },
  ]);
  assert.deepEqual(e.choiceOrder, [
    { text: 'Rest in Peace', quoted: true, range: r(0, 19, 34) },
    { text: 'colossus', copyIndex: 2, quoted: false, range: r(0, 40, 50) },
  ]);
  const swap = event('cast hack targeting x choosing white->blue, Swamp->Island as h', 'cast');
  assert.deepEqual(swap.choices.map((c) => c.value), ['white->blue', 'Swamp->Island']);
  assert.equal(swap.label?.text, 'h');
});

test('cast and activate with targets, choices, labels and players', () => {
  const c = event('cast s targeting a, "Gray Ogre" choosing X=2 as hack by Bob', 'cast');
  assert.deepEqual(c.object, { text: 's', quoted: false, range: r(0, 5, 6) });
  assert.deepEqual(c.targets, [
    { text: 'a', quoted: false, range: r(0, 17, 18) },
    { text: 'Gray Ogre', quoted: true, range: r(0, 20, 31) },
  ]);
  assert.deepEqual(c.label, { text: 'hack', quoted: false, range: r(0, 48, 52) });
  assert.deepEqual(c.by, { text: 'Bob', quoted: false, range: r(0, 56, 59) });
  const a = event('activate mutavault ability 2 targeting b as animate', 'activate');
  assert.deepEqual(a.abilityIndex, { value: 2, range: r(0, 27, 28) });
  assert.deepEqual(a.targets.map((t) => t.text), ['b']);
  assert.equal(event('activate worship', 'activate').abilityIndex, undefined);
});

test('resolve: the text range is inside the quotes; from, by, targeting, as; quotes inside the text', () => {
  const e = event('resolve "Target creature gets +1/+1 until end of turn." from a by Alice targeting b as pump', 'resolve');
  assert.deepEqual(e.text, { value: 'Target creature gets +1/+1 until end of turn.', range: r(0, 9, 54) });
  assert.deepEqual([e.from?.text, e.by?.text, e.targets[0]?.text, e.label?.text], ['a', 'Alice', 'b', 'pump']);
  const nested = event('resolve "Target land becomes a creature with "This creature\'s power is 3." It\'s still a land." targeting x', 'resolve');
  assert.equal(nested.text.value, 'Target land becomes a creature with "This creature\'s power is 3." It\'s still a land.');
  assert.deepEqual(nested.targets.map((t) => t.text), ['x']);
});

test('attach, counters, move, destroy, sacrifice, exile', () => {
  const at = event('attach wings to angel', 'attach');
  assert.deepEqual([at.object.range, at.to.range], [r(0, 7, 12), r(0, 16, 21)]);
  const put = event('put a +1/+1 counter on bears', 'put-counters');
  assert.deepEqual(put.count, { value: 1, range: r(0, 4, 5) });
  assert.deepEqual(put.counter, { value: '+1/+1', range: r(0, 6, 11) });
  assert.deepEqual(put.object.range, r(0, 23, 28));
  assert.deepEqual(event('put 3 flying counters on a', 'put-counters').counter.value, 'flying');
  assert.deepEqual(event('put an -1/-1 counter on a', 'put-counters').count.value, 1);
  assert.deepEqual(event('put 2 first strike counters on a', 'put-counters').counter, { value: 'first strike', range: r(0, 6, 18) });
  const rm = event('remove 2 -1/-1 counters from a', 'remove-counters');
  assert.deepEqual([rm.count.value, rm.counter.value, rm.object.text], [2, '-1/-1', 'a']);
  const mv = event('move a, b to graveyard choosing rip', 'move');
  assert.deepEqual(mv.zone, { value: 'graveyard', range: r(0, 13, 22) });
  assert.deepEqual(mv.choices.map((c) => c.value), ['rip']);
  assert.deepEqual(event("move a to its owner's hand", 'move').zone, { value: 'hand', range: r(0, 10, 26) });
  for (const z of ['battlefield', 'graveyard', 'hand', 'library', 'exile']) assert.equal(event(`move a to ${z}`, 'move').zone.value, z);
  assert.deepEqual(event('destroy a, b', 'destroy').objects.map((o) => o.text), ['a', 'b']);
  assert.equal(event('sacrifice a', 'sacrifice').objects.length, 1);
  assert.deepEqual(event('exile a choosing b', 'exile').choices.map((c) => c.value), ['b']);
});

test('player events: draws, gains, loses, discards; the keyword range is the player', () => {
  const f = ok('Alice draws 2 cards\nBob gains 3 life\nBob loses 1 life\nAlice discards a card\nAlice draws 1 card choosing wellspring');
  const kinds = f.statements.map((s) => (s as EventStatement).event.kind);
  assert.deepEqual(kinds, ['draw', 'gain-life', 'lose-life', 'discard', 'draw']);
  const d = (f.statements[0] as EventStatement).event as Ev<'draw'>;
  assert.deepEqual(d.player, { text: 'Alice', quoted: false, range: r(0, 0, 5) });
  assert.deepEqual(d.count, { value: 2, range: r(0, 12, 13) });
  assert.deepEqual(f.statements[0]!.keywordRange, r(0, 0, 5));
  assert.equal(((f.statements[3] as EventStatement).event as Ev<'discard'>).count.value, 1);
  assert.deepEqual(((f.statements[4] as EventStatement).event as Ev<'draw'>).choices.map((c) => c.value), ['wellspring']);
});

test('tap, untap, turn face up and down, end LABEL, end turn', () => {
  assert.deepEqual(event('tap a, b', 'tap').objects.map((o) => o.text), ['a', 'b']);
  assert.equal(event('untap a', 'untap').objects[0]!.text, 'a');
  assert.deepEqual(event('turn demon face up', 'turn-face'), { kind: 'turn-face', object: { text: 'demon', quoted: false, range: r(0, 5, 10) }, up: true });
  assert.equal(event('turn demon face down', 'turn-face').up, false);
  assert.deepEqual(event('end pump', 'end'), { kind: 'end', label: { text: 'pump', quoted: false, range: r(0, 4, 8) } });
  assert.deepEqual(event('end turn', 'end-turn'), { kind: 'end-turn' });
  assert.deepEqual(ok('end turn  # next player').statements[0]!.keywordRange, r(0, 0, 3));
});

// ---------------------------------------------------------------------------
// Expectations

test('expect X P/T is a pt fact', () => {
  const fs = facts('expect ogre 5/8');
  assert.deepEqual(fs, [{ alternatives: [{ kind: 'pt', power: 5, toughness: 8 }], range: r(0, 12, 15), text: 'pt 5/8' }]);
  const st = ok('expect ogre 5/8').statements[0]!;
  assert.deepEqual([st.range, st.keywordRange], [r(0, 0, 15), r(0, 0, 6)]);
});

test('every fact', () => {
  const e = expectation('expect ogre: pt 5/8; power 5; toughness -1; color red; type Creature — Ogre; is Creature; is not Legendary; controller Bob; owner "Alice"; zone battlefield; tapped; untapped; counters +1/+1 2; name "Gray Ogre"');
  assert.equal(e.kind, 'facts');
  const fs = (e as Extract<ExpectSyntax, { kind: 'facts' }>).facts;
  assert.deepEqual(fs.map((f) => f.alternatives[0]), [
    { kind: 'pt', power: 5, toughness: 8 },
    { kind: 'power', value: 5 },
    { kind: 'toughness', value: -1 },
    { kind: 'color', colors: ['red'] },
    { kind: 'type', typeLine: { supertypes: [], types: ['Creature'], subtypes: ['Ogre'], text: 'Creature — Ogre' } },
    { kind: 'is', word: 'Creature' },
    { kind: 'is-not', word: 'Legendary' },
    { kind: 'controller', player: { text: 'Bob', quoted: false, range: r(0, 119, 122) } },
    { kind: 'owner', player: { text: 'Alice', quoted: true, range: r(0, 130, 137) } },
    { kind: 'zone', zone: 'battlefield' },
    { kind: 'tapped' },
    { kind: 'untapped' },
    { kind: 'counters', counter: '+1/+1', count: 2 },
    { kind: 'name', name: 'Gray Ogre' },
  ]);
  assert.deepEqual(fs[0]!.range, r(0, 13, 19));
  assert.equal(fs[4]!.text, 'type Creature — Ogre');
});

test('colors: lists, `and`, colorless', () => {
  assert.deepEqual(fact('expect x: color black, green'), { kind: 'color', colors: ['black', 'green'] });
  assert.deepEqual(fact('expect x: color white and blue'), { kind: 'color', colors: ['white', 'blue'] });
  assert.deepEqual(fact('expect x: color colorless'), { kind: 'color', colors: [] });
});

test('abilities, has, lacks: keywords, quoted abilities, none', () => {
  assert.deepEqual(fact('expect x: abilities none'), { kind: 'abilities', abilities: [] });
  assert.deepEqual(fact('expect x: abilities "{T}: Add {R}.", hexproof'), { kind: 'abilities', abilities: ['{T}: Add {R}.', 'hexproof'] });
  assert.deepEqual(fact('expect x: has flying, protection from red, "Each land is a Swamp, too."'), { kind: 'has', abilities: ['flying', 'protection from red', 'Each land is a Swamp, too.'] });
  assert.deepEqual(fact('expect Alice: lacks hexproof'), { kind: 'lacks', abilities: ['hexproof'] });
});

test('player facts: life, hand, graveyard, library, exile, max hand size', () => {
  const fs = facts('expect Alice: life 17; hand 2; graveyard 1; library 3; exile 0; max hand size 8; max hand size none');
  assert.deepEqual(fs.map((f) => f.alternatives[0]), [
    { kind: 'life', value: 17 },
    { kind: 'hand', value: 2 },
    { kind: 'graveyard', value: 1 },
    { kind: 'library-drawn', value: 3 },
    { kind: 'exile-count', value: 0 },
    { kind: 'max-hand-size', value: 8 },
    { kind: 'max-hand-size', value: null },
  ]);
});

test('counters with zero and with a word counter', () => {
  assert.deepEqual(fact('expect x: counters -1/-1 0'), { kind: 'counters', counter: '-1/-1', count: 0 });
  assert.deepEqual(fact('expect x: counters flying 1'), { kind: 'counters', counter: 'flying', count: 1 });
});

test('`or` alternatives inside one fact', () => {
  const fs = facts('expect wurm#3: zone exile or library; pt 1/1 or 2/2');
  assert.deepEqual(fs[0], { alternatives: [{ kind: 'zone', zone: 'exile' }, { kind: 'zone', zone: 'library' }], range: r(0, 15, 36), text: 'zone exile or library' });
  assert.deepEqual(fs[1]!.alternatives, [{ kind: 'pt', power: 1, toughness: 1 }, { kind: 'pt', power: 2, toughness: 2 }]);
  assert.deepEqual(facts('expect x: zone exile or zone library')[0]!.alternatives.length, 2);
});

test('expect loop and depends on', () => {
  assert.deepEqual(expectation('expect loop Conspiracy, "Arcane Adaptation"   # 613.8b'), {
    kind: 'loop',
    objects: [
      { text: 'Conspiracy', quoted: false, range: r(0, 12, 22) },
      { text: 'Arcane Adaptation', quoted: true, range: r(0, 24, 43) },
    ],
  });
  assert.deepEqual(expectation('expect Urborg depends on "Blood Moon"'), {
    kind: 'depends',
    dependent: { text: 'Urborg', quoted: false, range: r(0, 7, 13) },
    on: { text: 'Blood Moon', quoted: true, range: r(0, 25, 37) },
  });
  // `loop` may itself be a subject.
  assert.equal(expectation('expect loop: pt 1/1').kind, 'facts');
  assert.equal(expectation('expect loop 1/1').kind, 'facts');
});

// ---------------------------------------------------------------------------
// Errors: one per bad line, on the exact span, saying what was expected

const ERRORS: [text: string, span: string, message: RegExp, column?: number][] = [
  ['card x\n  pwr 2/2', 'pwr', /^unknown card key `pwr`; did you mean `pt`\?$/],
  ['card x\n  tpye Creature', 'tpye', /^unknown card key `tpye`; did you mean `type`\?$/],
  ['card x\n  zzz 1', 'zzz', /^unknown card key `zzz`; expected one of cost, color, type, pt, owner, text, copies$/],
  ['card x\n  pt 2/x', 'x', /expected a toughness .*found `x`/],
  ['card x\n  pt 22', '22', /expected power\/toughness such as 2\/2/],
  ['card x\n  pt 2/2 extra', 'extra', /unexpected `extra` after the power\/toughness/],
  ['card x\n  cost {2}{Q}', '{Q}', /unknown mana symbol `\{Q\}`/],
  ['card x\n  cost 2R', '2R', /expected mana symbols in braces/],
  ['card x\n  cost {2', '{2', /unclosed mana symbol/],
  ['card x\n  color rde', 'rde', /unknown color `rde`; did you mean `red`\?/],
  ['card x\n  color colorless, red', 'red', /`colorless` cannot be combined/],
  ['card x\n  type Creature Ogre', 'Ogre', /`Ogre` is a subtype: write it after a dash/],
  ['card x\n  type Creture — Ogre', 'Creture', /unknown card type `Creture`; did you mean `Creature`\?/],
  ['card x\n  type Creature —', '—', /expected subtypes after the dash/],
  ['card x\n  type Creature — Ogre — Warrior', '—', /unexpected second dash/, 23],
  ['card x\n  copies many', 'many', /expected a whole number of copies/],
  ['card x\n  copies 0', '0', /at least 1 copy/],
  ['card x\n  text', 'text', /expected the ability text/],
  ['card x\n  pt 1/1\n  pt 2/2', 'pt', /`pt` is given twice/],
  ['card x\n  owner Bob Smith', 'Smith', /expected the end of the line after the owner, found `Smith`/],
  ['card x\n  enter x', 'enter', /`enter` is a statement, not a card key/],
  ['pt 2/2', 'pt', /`pt` belongs inside a `card` or `token` block/],
  ['card "Gray Ogre as ogre', '"Gray Ogre as ogre', /^unterminated string: expected a closing `"`$/],
  ['card Svogthos, the Tomb', ',', /unexpected `,` in the card's name; put a name with punctuation in double quotes/],
  ['card "x"#2', '"x"#2', /drop the `#2`/],
  ['card x as', 'as', /expected an alias after `as`/],
  ['card x as y z', 'z', /expected the end of the line after the alias, found `z`/],
  ['entr ogre', 'entr', /^unknown statement `entr`; did you mean `enter`\?$/],
  ['destory ogre', 'destory', /did you mean `destroy`\?/],
  ['frobnicate ogre', 'frobnicate', /^unknown statement `frobnicate`; expected a declaration/],
  ['Alice drwas 2 cards', 'drwas', /unknown player action `drwas`; did you mean `draws`\?/],
  ['Alice draws 2', '2', /expected `cards` after `draws 2`/],
  ['Bob gains 3', '3', /expected `life`/],
  ['Alice draws many cards', 'many', /expected how many cards \(a, an or a number\), found `many`/],
  ['move ogre into hand', 'into', /^expected `to` after `move X`, found `into`$/],
  ['move ogre to hnd', 'hnd', /unknown zone `hnd`; did you mean `hand`\?/],
  ['move ogre', 'ogre', /expected `to` after `move X`/],
  ['enter a b', 'b', /unexpected `b`; separate names with commas/],
  ['enter a tappd', 'tappd', /^unexpected `tappd`; did you mean `tapped`\?$/],
  ['enter a tapped tapped', 'tapped', /`tapped` is given twice/, 15],
  ['enter a choosing blue choosing red', 'choosing', /`choosing …` is given twice/, 22],
  ['enter a face up', 'up', /expected `down` after `face`/],
  ['enter a attached b', 'b', /expected `to` after `attached`/],
  ['enter a choosing', 'choosing', /expected a choice after `choosing`/],
  ['enter a choosing blue,', ',', /expected a choice after `,`/],
  ['enter a choosing then b', 'then', /expected a choice before `then`/],
  ['enter "ogre', '"ogre', /unterminated string/],
  ['enter ogre#0', 'ogre#0', /copy numbers start at 1/],
  ['enter a, , b', ',', /expected an object to enter/, 9],
  ['cast s targeting', 'targeting', /expected a target after `targeting`/],
  ['cast s as', 'as', /expected a label after `as`/, 7],
  ['cast s under Bob', 'under', /^`under PLAYER` does not apply here; expected `targeting …`, `choosing …`, `as LABEL`, `by PLAYER` or the end of the line$/],
  ['activate s ability x', 'x', /expected an ability number/],
  ['activate s ability 0', '0', /expected an ability number/],
  ['resolve Target creature gets +1/+1.', 'Target', /expected the effect text in double quotes/],
  ['resolve "Target creature gets +1/+1.', '"Target creature gets +1/+1.', /unterminated string/],
  ['resolve ""', '""', /expected effect text inside the quotes/],
  ['resolve "x" frm a', 'frm', /did you mean `from`\?/],
  ['attach a b', 'b', /expected `to` after `attach X`/],
  ['put a +1/+1 on x', 'on', /expected `counter` or `counters` after `\+1\/\+1`/],
  ['put +1/+1 counter on x', '+1/+1', /expected how many counters \(a, an or a number\)/],
  ['put a counter on x', 'counter', /expected a counter kind/],
  ['put a +1/+1 counter onto x', 'onto', /expected `on` after `put a \+1\/\+1 counter`/],
  ['remove a +1/+1 counter on x', 'on', /expected `counter` or `counters`|expected `from`/],
  ['tap a b', 'b', /separate names with commas/],
  ['cast a b', 'b', /^unexpected `b`; expected `targeting …`/],
  ['enter a, b by Bob', 'by', /^`by PLAYER` does not apply here; expected `under PLAYER`/],
  ['turn x face sideways', 'sideways', /expected `up` or `down` after `face`/],
  ['turn x up', 'up', /expected `face` after `turn X`/],
  ['end', 'end', /expected a label \(from `as LABEL`\) or `turn` after `end`/],
  ['end turn now', 'now', /expected the end of the line after `end LABEL`, found `now`/],
  ['expect', 'expect', /expected what to check after `expect`/],
  ['expect x', 'x', /expected `:` and facts/, 7],
  ['expect x pt 3/3', 'pt', /^expected `:` before the facts: `expect X: pt …`$/],
  ['expect x 3', '3', /expected `:` and facts, a P\/T/],
  ['expect x: pt 2/x', '2/x', /expected power\/toughness such as 5\/8, found `2\/x`/],
  ['expect x: pwoer 2', 'pwoer', /unknown fact `pwoer`; did you mean `power`\?/],
  ['expect x: Creature', 'Creature', /^unknown fact `Creature`; did you mean `is Creature`\?$/],
  ['expect x: flying', 'flying', /^unknown fact `flying`; did you mean `has flying`\?$/],
  ['expect x: frob 2', 'frob', /unknown fact `frob`; expected pt, power/],
  ['expect x: pt 1/1;; color red', ';', /expected a fact before `;`/, 17],
  ['expect x:', ':', /expected facts after `:`/],
  ['expect x: zone exile or', 'or', /expected a value after `or`/],
  ['expect x: zone or exile', 'or', /expected a value before `or`/],
  ['expect x: zone hnd', 'hnd', /unknown zone `hnd`; did you mean `hand`\?/],
  ['expect x: zone', 'zone', /expected a zone after `zone`/],
  ['expect x: has flying,', ',', /expected an ability between the commas/],
  ['expect x: has , flying', ',', /expected an ability between the commas/],
  ['expect x: has "abc', '"abc', /unterminated string/],
  ['expect x: lacks "abc" def', 'def', /separate abilities with commas/],
  ['expect x: counters +1/+1', '+1/+1', /expected the number of `\+1\/\+1` counters/],
  ['expect x: counters 2', '2', /expected a counter kind before the number/],
  ['expect x: max hand sz 3', 'sz', /expected `size` after `max hand`/],
  ['expect x: max hand size lots', 'lots', /expected a number or `none`/],
  ['expect x: life many', 'many', /expected a life total after `life`, found `many`/],
  ['expect x: hand -1', '-1', /expected a number of cards after `hand`/],
  ['expect x: tapped now', 'now', /unexpected `now` after `tapped`/],
  ['expect x: controller Bob Smith', 'Smith', /unexpected `Smith` after `Bob`/],
  ['expect x: color purple', 'purple', /unknown color `purple`/],
  ['expect x: type Creature Ogre', 'Ogre', /is a subtype/],
  ['expect x depends b', 'b', /expected `on` after `depends`/],
  ['expect loop a b', 'b', /separate them with commas/],
  ['players', 'players', /expected a player name/],
  ['scenario', 'scenario', /expected a title after `scenario`/],
  [', x', ',', /unexpected `,` at the start of a statement/],
];

for (const [text, span, message, column] of ERRORS) {
  test(`error: ${JSON.stringify(text)}`, () => {
    const d = oneError(text);
    const lines = text.split('\n');
    assert.equal(d.range.start.line, lines.length - 1, 'the error is on the bad (last) line');
    assert.equal(d.span, span, d.message);
    // The span's first occurrence on the line, unless the case gives the column.
    assert.equal(d.range.start.character, column ?? lines[lines.length - 1]!.indexOf(span));
    assert.match(d.message, message);
  });
}

test('copies are capped at 1000 with an error on the number, and parsing goes on with the cap', () => {
  const f = parseLayers('token t\n  type Creature\n  copies 1000000000\n  pt 1/1\nenter t', 't');
  assert.deepEqual(f.diagnostics.map((d) => [d.range, d.code, d.message]), [[r(2, 9, 19), 'syntax', 'at most 1000 copies are supported; using 1000']]);
  assert.deepEqual(f.objects[0]!.copies, { value: 1000, range: r(2, 9, 19) });
  assert.equal(f.objects[0]!.pt?.power.base, 1);
  assert.equal(f.statements.length, 1);
  assert.equal(parseLayers('token t\n  copies 99999999999999999999999', 't').objects[0]!.copies?.value, 1000);
});

test('draws are capped like copies', () => {
  const f = parseLayers('Alice draws 1000000 cards', 't');
  assert.equal(f.diagnostics.length, 1);
  assert.deepEqual(f.diagnostics[0]!.range, r(0, 12, 19));
  assert.equal(((f.statements[0] as EventStatement).event as Ev<'draw'>).count.value, 1000);
  // With another error on the line, that error alone is reported.
  assert.equal(oneError('Alice draws 1000000 cards choosing').span, 'choosing');
});

test('one bad line gives one precise error and the rest still parses', () => {
  const f = parseLayers(['card "Gray Ogre" as ogre', '  tpye Creature', '  type Creature', 'entr ogre', 'enter ogre', 'move ogre into hand', 'expect ogre: pt 2/x', 'expect ogre 2/2'].join('\n'), 't');
  assert.deepEqual(
    f.diagnostics.map((d) => d.range),
    [r(1, 2, 6), r(3, 0, 4), r(5, 10, 14), r(6, 16, 19)],
  );
  assert.equal(f.objects[0]!.typeLine?.value.types[0], 'Creature');
  assert.deepEqual(f.statements.map((s) => s.range.start.line), [4, 7]);
});

test('a header with an error still owns its block: its keys are not reported as misplaced', () => {
  const f = parseLayers('card Svogthos, the Tomb as s\n  type Land\n  text {T}: Add {C}.\nenter x', 't');
  assert.equal(f.diagnostics.length, 1);
  assert.deepEqual(f.diagnostics[0]!.range, r(0, 13, 14));
  assert.equal(f.objects.length, 0);
  assert.equal(f.statements.length, 1);
});

test('a 100k-character token does not make a 100k-character message', () => {
  const d = oneError('frob' + 'x'.repeat(100_000));
  assert.ok(d.message.length < 300);
  assert.equal(d.span.length, 100_004);
});
