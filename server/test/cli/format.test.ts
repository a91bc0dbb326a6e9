// The report, the trace and the JSON of `layerlens run`, checked on
// hand-built engine results (every field chosen by the test).

import assert from 'node:assert/strict';
import test from 'node:test';
import type { Ability } from '../../src/effects/ir';
import type { Analysis, Characteristics, ObjectView, Outcome, PlayerView, TraceStep, WorldView } from '../../src/engine/results';
import type { LayersFile, Range } from '../../src/syntax/ast';
import { objectTitle, PLAIN, COLOR, timestampOf } from '../../src/cli/format';
import { fileJson } from '../../src/cli/json';
import { reportFile, stateLines } from '../../src/cli/report';
import { hanging, table, width } from '../../src/cli/table';
import { changeLines, reasonText, traceFile } from '../../src/cli/trace';

// ---------------------------------------------------------------------------
// Fixtures

const R = (line: number, character = 0, endCharacter = character + 1): Range => ({ start: { line, character }, end: { line, character: endCharacter } });
const keyword = (text: string): Ability => ({ kind: 'keyword', text, keyword: text.toLowerCase() });
const staticAbility = (text: string): Ability => ({ kind: 'static', text, effects: [], replacements: [], cda: false });

function chars(over: Partial<Characteristics> = {}): Characteristics {
  return { name: 'Gray Ogre', manaCost: '{2}{R}', manaValue: 3, colors: ['red'], supertypes: [], types: ['Creature'], subtypes: ['Ogre'], abilities: [], power: 2, toughness: 2, ...over };
}

function object(over: Partial<ObjectView> = {}): ObjectView {
  return {
    id: 'ogre', declName: 'Gray Ogre', alias: 'ogre', declRange: R(4), isToken: false, zone: 'battlefield', controller: 'Alice', owner: 'Alice',
    tapped: false, faceDown: false, counters: {}, timestamp: [1], chars: chars(), damage: 0, rules: [], trace: [], ...over,
  };
}

function player(name: string, over: Partial<PlayerView> = {}): PlayerView {
  return { name, life: 20, hand: [], handSize: 0, graveyard: [], exile: [], libraryDrawn: 0, maxHandSize: 7, abilities: [], rules: [], trace: [], ...over };
}

function world(objects: ObjectView[], over: Partial<WorldView> = {}): WorldView {
  return { objects, players: [player('Alice'), player('Bob')], effects: [], dependencies: [], loops: [], activePlayer: 'Alice', turn: 1, ...over };
}

function step(over: Partial<TraceStep> = {}): TraceStep {
  return {
    layer: '7c', effectId: 'anthem#0', timestamp: [4, 0, 0, 0], sourceId: 'anthem', sourceName: 'Anthem of the Watch', text: 'Creatures you control get +0/+2.',
    range: R(12, 7, 39), description: '+0/+2', reason: { kind: 'timestamp' }, changes: [{ characteristic: 'toughness', before: '3', after: '5' }], ...over,
  };
}

function layersFile(text = '', over: Partial<LayersFile> = {}): LayersFile {
  return { uri: 'x.layers', text, objects: [], statements: [], comments: [], diagnostics: [], ...over };
}

function analysis(outcomes: Outcome[], over: Partial<Analysis> = {}): Analysis {
  return { file: layersFile(), diagnostics: [], snapshots: [], initial: { statementIndex: -1, outcomes: [] }, expectations: [], final: { statementIndex: 0, outcomes }, ...over };
}

const one = (w: WorldView): Outcome[] => [{ world: w, choices: [] }];
const text = (lines: string[]) => lines.join('\n');

// ---------------------------------------------------------------------------
// Widths and tables

test('display width: dashes and check marks one column, CJK and emoji two, combining marks and colors none', () => {
  assert.equal(width('Creature — Ogre'), 15);
  assert.equal(width('✓ ✗ ↔ →'), 7);
  assert.equal(width('巨人'), 4);
  assert.equal(width('🐸'), 2);
  assert.equal(width('e\u0301'), 1);
  assert.equal(width(COLOR.red('abc')), 3);
});

test('tables align by display width and give a multi-line cell its own lines', () => {
  const lines = table(['name', 'pt', 'abilities'], [['Creature — Ogre', '2/2', 'Flying\nHaste'], ['巨人', '—', '']]);
  assert.deepEqual(lines, [
    'name             pt   abilities',
    '---------------  ---  ---------',
    'Creature — Ogre  2/2  Flying',
    '                      Haste',
    '巨人             —',
  ]);
});

test('a table wider than its limit wraps its widest cells at spaces, never after a dash; lines can go under a row', () => {
  const lines = table(['object', 'type', 'zone'], [['Torbran, Thane of Red Fell (torbran)', 'Legendary Creature — Dwarf Noble', 'battlefield']], {
    maxWidth: 40,
    below: [['  · Flying']],
  });
  assert.deepEqual(lines, [
    'object        type           zone',
    '------------  -------------  -----------',
    'Torbran,      Legendary      battlefield',
    'Thane of Red  Creature',
    'Fell          — Dwarf Noble',
    '(torbran)',
    '  · Flying',
  ]);
  assert.ok(lines.every((l) => width(l) <= 40));
});

test('a long line wraps with its continuation indented; newlines in it keep their lines', () => {
  assert.deepEqual(hanging('  ✓ line 3: one two three four', 16, 6), ['  ✓ line 3: one', '      two three', '      four']);
  assert.deepEqual(hanging('a b\nc d', 10, 2), ['a b', '  c d']);
});

test('the report fits 100 columns: abilities under their row, long Oracle text wrapped under itself', () => {
  const text = 'If a red source you control would deal damage to an opponent or a permanent an opponent controls, it deals that much damage plus 2 instead.';
  const torbran = object({ id: 'torbran', declName: 'Torbran, Thane of Red Fell', chars: chars({ name: 'Torbran, Thane of Red Fell', supertypes: ['Legendary'], subtypes: ['Dwarf', 'Noble'], abilities: [{ text, ability: staticAbility(text), origin: 'printed' }] }) });
  const lines = reportFile('x.layers', analysis(one(world([torbran]))), PLAIN);
  assert.ok(lines.every((l) => width(l) <= 100), lines.filter((l) => width(l) > 100).join('\n'));
  const at = lines.findIndex((l) => l.startsWith('Torbran, Thane of Red Fell  2/2  Legendary Creature — Dwarf Noble  red'));
  assert.ok(at > 0, lines.join('\n'));
  assert.deepEqual(lines.slice(at + 1, at + 4), [
    '(torbran)',
    '  · "If a red source you control would deal damage to an opponent or a permanent an opponent',
    '     controls, it deals that much damage plus 2 instead."',
  ]);
});

test('timestamps read as the object timestamp; a granted ability says when it was granted (613.7a)', () => {
  assert.equal(timestampOf([4, 0, 0, 0]), '4');
  assert.equal(timestampOf([7]), '7');
  assert.equal(timestampOf([7, 1, 5, 0, 0]), '7 (granted at 5, 613.7a)');
  assert.equal(timestampOf([]), '—');
});

test('an object is named by its declaration, its alias and its current name', () => {
  assert.equal(objectTitle(object()), 'Gray Ogre (ogre)');
  assert.equal(objectTitle(object({ id: 'Gray Ogre', alias: undefined })), 'Gray Ogre');
  assert.equal(objectTitle(object({ id: 'clone#1', declName: 'Clone', chars: chars({ name: 'Gray Ogre' }) })), 'Clone (clone#1) as "Gray Ogre"');
  assert.equal(objectTitle(object({ faceDown: true, chars: chars({ name: '' }) })), 'Gray Ogre (ogre), face down');
});

// ---------------------------------------------------------------------------
// Report

test('report: diagnostics one-based and in file order, the object table, players, expectations', () => {
  const ogre = object({ counters: { '+1/+1': 1, '-1/-1': 0 }, tapped: true, chars: chars({ power: 3, toughness: 5, abilities: [{ text: 'Flying', ability: keyword('Flying'), origin: 'granted' }] }) });
  const anthem = object({ id: 'anthem', declName: 'Anthem', chars: chars({ name: 'Anthem', colors: [], types: ['Enchantment'], subtypes: [], power: null, toughness: null, abilities: [{ text: 'Creatures you control get +0/+2.', ability: staticAbility('Creatures you control get +0/+2.'), origin: 'printed' }] }) });
  const nowhere = object({ id: 'bear', declName: 'Bear', zone: null });
  const a = analysis(one(world([ogre, anthem, nowhere])), {
    file: layersFile('', { scenario: { kind: 'scenario', title: { value: 'Ogres', range: R(0) }, range: R(0) } }),
    diagnostics: [
      { range: R(9, 4), severity: 'warning', code: 'not-understood', message: 'not understood' },
      { range: R(2, 0), severity: 'error', code: 'syntax', message: 'bad line' },
      { range: R(3, 0), severity: 'hint', code: 'h', message: 'hidden' },
      { range: R(5, 2), severity: 'information', code: 'loop', message: 'a loop' },
    ],
    expectations: [
      { statementIndex: 1, line: 14, range: R(14), text: 'ogre: pt 3/5', passed: true, expected: 'pt 3/5', actual: 'pt 3/5', facts: [] },
      { statementIndex: 2, line: 15, range: R(15), text: 'ogre: pt 5/8', passed: false, expected: 'pt 5/8', actual: '3/5', facts: [] },
    ],
  });
  const out = text(reportFile('dir/x.layers', a, PLAIN));
  assert.equal(
    out,
    text([
      'dir/x.layers — Ogres',
      'dir/x.layers:3:1: error: bad line [syntax]',
      'dir/x.layers:6:3: info: a loop [loop]',
      'dir/x.layers:10:5: warning: not understood [not-understood]',
      '',
      'object            P/T  type             colors     controller  zone         counters  notes',
      '----------------  ---  ---------------  ---------  ----------  -----------  --------  ------',
      'Gray Ogre (ogre)  3/5  Creature — Ogre  red        Alice       battlefield  +1/+1 ×1  tapped',
      '  · Flying',
      'Anthem            —    Enchantment      colorless  Alice       battlefield',
      '  · "Creatures you control get +0/+2."',
      'not in any zone: Bear',
      '',
      'player          life  hand  graveyard  exile  max hand size  abilities',
      '--------------  ----  ----  ---------  -----  -------------  ---------',
      'Alice (active)  20    0     0          0      7              —',
      'Bob             20    0     0          0      7              —',
      '',
      'expectations:',
      '  ✓ line 15: ogre: pt 3/5',
      '  ✗ line 16: ogre: pt 5/8',
      '      expected pt 5/8',
      '      got      3/5',
      '',
      '1 passed, 1 failed, 1 error, 1 warning',
    ]),
  );
});

test('report: several outcomes share one table; cells that differ list the alternatives, each outcome its own values and choices', () => {
  const wurm = (zone: 'exile' | 'library') => object({ id: 'wurm', declName: 'Homing Wurm', zone, chars: chars({ name: 'Homing Wurm' }) });
  const w1 = world([wurm('exile')], { players: [player('Alice', { exile: ['wurm'] }), player('Bob')] });
  const w2 = world([wurm('library')]);
  const lines = stateLines([{ world: w1, choices: ['Alice applies Wardens first'] }, { world: w2, choices: ['Alice applies Homing Wurm first'] }], PLAIN);
  const out = text(lines);
  assert.match(out, /Homing Wurm \(wurm\)\s+2\/2\s+Creature — Ogre\s+red\s+Alice\s+exile or library/);
  assert.match(out, /Alice \(active\)\s+20\s+0\s+0\s+1 or 0/);
  assert.match(out, /2 outcomes \(616\.1[^\n]*\n {2}outcome 1: Alice applies Wardens first\n {6}Homing Wurm \(wurm\): zone exile\n {6}Alice: exile 1\n {2}outcome 2: Alice applies Homing Wurm first\n {6}Homing Wurm \(wurm\): zone library\n {6}Alice: exile 0/);
});

test('report: a failed expectation with several failed facts shows each expected and actual value', () => {
  const a = analysis(one(world([])), {
    expectations: [
      {
        statementIndex: 0, line: 3, range: R(3), text: 'ogre: pt 5/8; color blue', passed: false, expected: 'pt 5/8; color blue', actual: '3/5; color red',
        facts: [
          { text: 'pt 5/8', range: R(3), passed: false, expected: 'pt 5/8', actual: '3/5' },
          { text: 'color blue', range: R(3), passed: false, expected: 'color blue', actual: 'color red' },
        ],
      },
    ],
  });
  assert.match(text(reportFile('f', a, PLAIN)), /✗ line 4: ogre: pt 5\/8; color blue\n {6}expected pt 5\/8\n {6}got {6}3\/5\n {6}expected color blue\n {6}got {6}color red/);
});

test('report: no outcome at all (the engine failed) still prints', () => {
  const out = text(reportFile('f', analysis([]), PLAIN));
  assert.match(out, /no game state/);
});

test('report: loops are listed by source names', () => {
  const eff = (id: string, sourceName: string) => ({ id, sourceId: sourceName, sourceName, text: '', kind: 'static' as const, layers: ['4' as const], cda: false, timestamp: [1], affected: [], locked: false, active: true });
  const w = world([], { effects: [eff('c#0', 'Conversion'), eff('t#0', 'Illusionary Terrain')], loops: [['c#0', 't#0']] });
  assert.match(text(stateLines(one(w), PLAIN)), /dependency loops \(613\.8b[^\n]*\n {2}Conversion ↔ Illusionary Terrain/);
});

test('colors only when asked: the plain style has no escape codes', () => {
  const a = analysis(one(world([object()])), { diagnostics: [{ range: R(0), severity: 'error', code: 'x', message: 'm' }] });
  assert.doesNotMatch(text(reportFile('f', a, PLAIN)), /\u001b/);
  assert.match(text(reportFile('f', a, COLOR)), /\u001b\[31merror\u001b\[39m/);
});

// ---------------------------------------------------------------------------
// Trace

test('trace reasons: CDA first, timestamp, dependency with its cause, loop with the other members', () => {
  const names = (id: string) => ({ 'lattice#0': 'Mycosynth Lattice', 'c#0': 'Conversion', 't#0': 'Illusionary Terrain' })[id] ?? id;
  assert.match(reasonText({ kind: 'cda' }, names), /applied first.*613\.3/);
  assert.match(reasonText({ kind: 'timestamp' }, names), /timestamp order \(613\.7\)/);
  assert.equal(
    reasonText({ kind: 'dependency', on: ['lattice#0'], because: 'changes what it applies to' }, names),
    'depends on Mycosynth Lattice: applying Mycosynth Lattice changes what this effect applies to, so this waits until just after it (613.8a)',
  );
  assert.equal(reasonText({ kind: 'loop', members: ['c#0', 't#0'] }, names, 't#0'), 'in a dependency loop with Conversion: applied in timestamp order (613.8b)');
});

test('trace changes: power and toughness changed together read as one P/T', () => {
  assert.deepEqual(
    changeLines([
      { characteristic: 'power', before: '2', after: '3' },
      { characteristic: 'toughness', before: '2', after: '3' },
      { characteristic: 'colors', before: 'red', after: 'colorless' },
    ]),
    ['power/toughness: 2/2 → 3/3', 'colors: red → colorless'],
  );
  assert.deepEqual(changeLines([{ characteristic: 'toughness', before: '3', after: '5' }]), ['toughness: 3 → 5']);
});

test('trace: steps grouped by the characteristic of their layer, in layer order, with line, reason and before → after', () => {
  const ogre = object({
    chars: chars({ power: 3, toughness: 5, colors: [] }),
    trace: [
      step({ layer: '5', effectId: 'x#0', timestamp: [3], sourceName: 'Paint', text: 'All creatures are colorless.', range: R(8), description: 'becomes colorless', changes: [{ characteristic: 'colors', before: 'red', after: 'colorless' }] }),
      step({ layer: '7c', effectId: 'ctr', timestamp: [2], sourceName: 'Gray Ogre', text: '1 +1/+1 counter', range: undefined, description: '+1/+1', reason: { kind: 'counters' }, changes: [{ characteristic: 'power', before: '2', after: '3' }, { characteristic: 'toughness', before: '2', after: '3' }] }),
      step({ changes: [] }),
    ],
  });
  const a = analysis(one(world([ogre])));
  const out = text(traceFile(a, PLAIN));
  assert.ok(
    out.includes(
      text([
        'Gray Ogre (ogre): 3/5 · Creature — Ogre · colorless · battlefield, controlled by Alice',
        '  color — layer 5',
        '    [5] ts 3 · Paint: becomes colorless',
        '         text: All creatures are colorless. (line 9)',
        '         why:  timestamp order (613.7)',
        '         colors: red → colorless',
        '  power/toughness — layer 7 (7a CDA, 7b set, 7c modify and counters, 7d switch)',
        '    [7c] ts 2 · Gray Ogre: +1/+1',
        '         text: 1 +1/+1 counter',
        '         why:  counters apply with the other modifying effects, in timestamp order (613.4c)',
        '         power/toughness: 2/2 → 3/3',
        '    [7c] ts 4 · Anthem of the Watch: +0/+2',
        '         text: Creatures you control get +0/+2. (line 13)',
        '         why:  timestamp order (613.7)',
        '         (no change: the value was already so)',
      ]),
    ),
    out,
  );
});

test('trace: events with replacements, state-based actions and outcomes; later outcomes show only what differs', () => {
  const file = layersFile('enter a\ndestroy a\n', {
    statements: [
      { kind: 'event', event: { kind: 'end-turn' }, range: R(0, 0, 7), keywordRange: R(0) },
      { kind: 'event', event: { kind: 'end-turn' }, range: R(1, 0, 9), keywordRange: R(1) },
    ],
  });
  const same = object({ id: 'same', declName: 'Same' });
  const w1 = world([same, object({ zone: 'exile' })]);
  const w2 = world([same, object({ zone: 'library' })]);
  const outcomes: Outcome[] = [{ world: w1, choices: ['Alice applies A first'] }, { world: w2, choices: ['Alice applies B first'] }];
  const a = analysis(outcomes, {
    file,
    snapshots: [
      { statementIndex: 0, outcomes: [outcomes[0]!], event: { statementIndex: 0, summary: 'enter', changes: ['Gray Ogre enters'], replacements: [], stateBasedActions: [] } },
      { statementIndex: 1, outcomes, event: { statementIndex: 1, summary: 'destroy', changes: [], replacements: ['616.1: 2 replacement effects apply'], stateBasedActions: ['Gray Ogre dies (704.5f)'] } },
    ],
  });
  const out = text(traceFile(a, PLAIN));
  assert.match(out, /line 1: enter a\n {6}Gray Ogre enters\n {2}line 2: destroy a\n {6}replacement: 616\.1: 2 replacement effects apply\n {6}state-based action: Gray Ogre dies \(704\.5f\)\n {6}→ outcome 1: Alice applies A first\n {6}→ outcome 2: Alice applies B first/);
  const second = out.slice(out.indexOf('outcome 2: Alice applies B first\n'));
  assert.match(second, /Gray Ogre \(ogre\): 2\/2 · Creature — Ogre · red · library/);
  assert.doesNotMatch(second, /^Same:/m, 'an object whose trace is the same in both outcomes is shown once');
  assert.match(second, /everything else as in outcome 1/);
});

// ---------------------------------------------------------------------------
// JSON

test('JSON: the spec keys, zero-based lines, outcomes only when the game branched, traces only on request', () => {
  const w1 = world([object({ counters: { '+1/+1': 1, '-1/-1': 0 }, trace: [step()] })]);
  const a = analysis(one(w1), {
    diagnostics: [{ range: R(3, 2), severity: 'warning', code: 'c', message: 'm' }],
    expectations: [{ statementIndex: 0, line: 15, range: R(15), text: 't', passed: true, expected: 'e', actual: 'e', facts: [] }],
  });
  const j = fileJson('x.layers', a);
  assert.deepEqual(Object.keys(j), ['file', 'diagnostics', 'expectations', 'objects', 'players', 'loops']);
  assert.deepEqual(j.diagnostics[0], { range: R(3, 2), severity: 'warning', code: 'c', message: 'm' });
  assert.deepEqual(j.expectations[0], { line: 15, text: 't', passed: true, expected: 'e', actual: 'e' });
  const o = j.objects[0]!;
  assert.deepEqual(Object.keys(o).slice(0, 13), ['name', 'zone', 'controller', 'owner', 'power', 'toughness', 'colors', 'supertypes', 'types', 'subtypes', 'abilities', 'counters', 'tapped']);
  assert.deepEqual(o.counters, { '+1/+1': 1 });
  assert.equal(o.trace, undefined);
  const t = fileJson('x.layers', a, true);
  assert.equal(t.objects[0]!.trace![0]!.line, 12);
  assert.match(t.objects[0]!.trace![0]!.why, /613\.7/);
  assert.ok(Array.isArray(t.events));
  const b = fileJson('x.layers', analysis([{ world: w1, choices: ['a'] }, { world: world([]), choices: ['b'] }]));
  assert.deepEqual(b.outcomes!.map((x) => [x.choices, x.objects.length]), [[['a'], 1], [['b'], 0]]);
});
