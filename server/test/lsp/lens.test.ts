import assert from 'node:assert/strict';
import test from 'node:test';
import { codeLenses, LAZY_LENSES, lensesFor, lensesToSend, newLensMemory, PENDING_TITLE, resolveLens, sentLenses, STALE_TITLE } from '../../src/lsp/lens';
import { analyseDocument } from '../../src/lsp/documents';
import { analysed, conformance, URI } from './fixture';

const titles = (ls: ReturnType<typeof codeLenses>) => ls.map((l) => `${l.range.start.line}: ${l.command!.title}`);

const OGRE = [
  'card "Gray Ogre" as ogre',
  '  cost {2}{R}',
  '  type Creature — Ogre',
  '  pt 2/2',
  'card "Glorious Anthem" as anthem',
  '  type Enchantment',
  '  text Creatures you control get +1/+1.',
  'enter ogre, anthem',
  'expect ogre 3/3',
  'expect ogre: pt 4/4; color red',
  '',
].join('\n');

test('a lens above each card (final values, ◆ when an effect changed it) and each expectation', () => {
  const lenses = codeLenses(analysed(OGRE), newLensMemory());
  assert.deepEqual(titles(lenses), [
    '0: end of file: 3/3 · Creature — Ogre · red ◆',
    '4: end of file: Enchantment · colorless',
    '8: ✓ pt 3/3',
    '9: ✗ expected pt 4/4 · is pt 3/3',
  ]);
  assert.deepEqual(lenses.map((l) => l.command!.command), Array(4).fill('layerlens.showTrace'));
  // Card lenses open the trace at the end of the file (its last line), expectation lenses at their own line.
  const arg = (i: number) => {
    const { tooltip, ...rest } = lenses[i]!.command!.arguments![0] as { tooltip: string };
    assert.equal(tooltip, (lenses[i]!.command as { tooltip?: string }).tooltip, 'the argument repeats the tooltip');
    return rest;
  };
  assert.deepEqual(arg(0), { uri: URI, object: 'Gray Ogre (ogre)', line: 10 });
  assert.deepEqual(arg(2), { uri: URI, object: 'Gray Ogre (ogre)', line: 8 });
  assert.deepEqual(arg(3), { uri: URI, object: 'Gray Ogre (ogre)', line: 9 });
});

test('tooltips say which point a lens shows and what ◆ means', () => {
  const tip = (i: number) => (codeLenses(analysed(OGRE), newLensMemory())[i]!.command as { tooltip?: string }).tooltip ?? '';
  assert.match(tip(0), /^Gray Ogre at the end of the file, after every event: 3\/3 · Creature — Ogre · red\./);
  assert.match(tip(0), /◆: continuous effects changed its printed characteristics/);
  assert.match(tip(0), /layer trace at the end of the file/);
  assert.match(tip(1), /No continuous effect changed it/);
  assert.match(tip(2), /^Passes: pt 3\/3 at line 9 \(after the events above it\)/);
  assert.match(tip(3), /^Fails: expected pt 4\/4, but it is pt 3\/3 at line 10/);
  const lattice = codeLenses(conformance('613-8-lattice-and-march.layers'), newLensMemory());
  assert.match((lattice[0]!.command as { tooltip?: string }).tooltip ?? '', /◆ dependency: .*613\.8/);
});

test('an expectation lens shows the value at its own point, not at the end of the file', () => {
  // 613.1: the Anthem pumps Gray Ogre only while it is on the battlefield: 3/3 at line 9, 2/2 after it is destroyed.
  const text = ['card "Gray Ogre" as ogre', '  cost {2}{R}', '  type Creature — Ogre', '  pt 2/2', 'card "Glorious Anthem" as anthem', '  type Enchantment', '  text Creatures you control get +1/+1.', 'enter ogre, anthem', 'expect ogre 3/3', 'destroy anthem', 'expect ogre 2/2', ''].join('\n');
  assert.deepEqual(titles(codeLenses(analysed(text), newLensMemory())), [
    '0: end of file: 2/2 · Creature — Ogre · red',
    '4: end of file: Enchantment · colorless · graveyard',
    '8: ✓ pt 3/3',
    '10: ✓ pt 2/2',
  ]);
});

test('Gray Ogre through the sublayers: the card lens is the end of the file (after `end turn`)', () => {
  const lenses = titles(codeLenses(conformance('613-5-gray-ogre.layers'), newLensMemory()));
  assert.deepEqual(lenses.slice(0, 2), ['4: end of file: 3/5 · Creature — Ogre · red ◆', '9: end of file: Enchantment · white']);
  assert.equal(lenses.filter((t) => /: ✓ pt \d+\/\d+/.test(t)).length, 6);
  assert.ok(lenses.includes('23: ✓ pt 5/8; color red; type Creature — Ogre; counters +1/+1 1'), 'every fact of the line, in its own words');
});

test('a dependency is marked on the cards it reorders', () => {
  const lenses = titles(codeLenses(conformance('613-8-lattice-and-march.layers'), newLensMemory()));
  assert.deepEqual(lenses.slice(0, 4), [
    '6: end of file: 4/4 · Artifact Enchantment Creature · colorless ◆ dependency',
    '11: end of file: 6/6 · Artifact Creature · colorless ◆ dependency',
    '18: end of file: Basic Land — Forest · colorless · graveyard',
    '21: end of file: 2/2 · Artifact Creature — Bear · colorless ◆',
  ]);
});

test('while a card has a syntax error its lens keeps the last good value (no flicker)', () => {
  const memory = newLensMemory();
  codeLenses(analysed(OGRE, 1), memory);
  const typing = analysed(OGRE.replace('  pt 2/2', '  pt 2/'), 2);
  assert.ok(typing.analysis.diagnostics.some((d) => d.code === 'syntax' && d.range.start.line === 3));
  assert.deepEqual(titles(codeLenses(typing, memory)).slice(0, 2), ['0: end of file: 3/3 · Creature — Ogre · red ◆', '4: end of file: Enchantment · colorless']);
  // Fixed: fresh values again.
  assert.deepEqual(titles(codeLenses(analysed(OGRE.replace('  pt 2/2', '  pt 4/4'), 3), memory)).slice(0, 1), ['0: end of file: 5/5 · Creature — Ogre · red ◆']);
});

test('an expectation being typed keeps its lens, found by line when its text changed', () => {
  const memory = newLensMemory();
  codeLenses(analysed(OGRE, 1), memory);
  const typing = analysed(OGRE.replace('expect ogre 3/3', 'expect ogre 3/'), 2);
  assert.ok(typing.analysis.diagnostics.some((d) => d.code === 'syntax' && d.range.start.line === 8));
  assert.deepEqual(titles(codeLenses(typing, memory)).slice(2), ['8: ✓ pt 3/3', '9: ✗ expected pt 4/4 · is pt 3/3']);
});

test('a renamed card with a broken block finds its old lens by line; nothing known gives a placeholder', () => {
  const memory = newLensMemory();
  codeLenses(analysed(OGRE, 1), memory);
  const renamedBroken = analysed(OGRE.replace('"Gray Ogre"', '"Grey Ogre"').replace('  pt 2/2', '  pt 2/'), 2);
  assert.equal(codeLenses(renamedBroken, memory)[0]!.command!.title, 'end of file: 3/3 · Creature — Ogre · red ◆');
  const fresh = analysed('card ogre\n  type Creature\n  pt 2/\n', 1);
  assert.deepEqual(titles(codeLenses(fresh, newLensMemory())), [`0: ${PENDING_TITLE}`]);
});

test('memory forgets what the document no longer holds', () => {
  const memory = newLensMemory();
  codeLenses(analysed(OGRE, 1), memory);
  assert.deepEqual([...memory.expects.keys()].sort(), ['expect ogre 3/3', 'expect ogre: pt 4/4; color red']);
  codeLenses(analysed(OGRE.replace('expect ogre 3/3\n', ''), 2), memory);
  assert.deepEqual([...memory.expects.keys()], ['expect ogre: pt 4/4; color red']);
});

test('copies, other zones and objects not in play', () => {
  const doc = analysed(['card "Grizzly Bears" as bears', '  type Creature — Bear', '  pt 2/2', '  copies 3', 'card Spare', '  type Artifact', 'enter bears', 'move bears#2 to graveyard', ''].join('\n'));
  assert.deepEqual(titles(codeLenses(doc, newLensMemory())), ['0: end of file: 2/2 · Creature — Bear · colorless (×3)', '4: end of file: Artifact · colorless · not in play']);
});

test('a long document sends its lenses without commands, and each resolves to the whole lens (codeLens/resolve)', () => {
  const cards: string[] = [];
  for (let i = 0; i < 160; i++) cards.push(`card "Bear ${i}" as b${i}`, '  type Creature — Bear', '  pt 2/2');
  const text = [...cards, `enter ${[...Array(160).keys()].map((i) => `b${i}`).join(', ')}`, ...[...Array(160).keys()].map((i) => `expect b${i} 2/2`), ''].join('\n');
  const doc = analysed(text, 7);
  const all = codeLenses(doc, newLensMemory());
  const current = lensesFor(doc, newLensMemory(), undefined);
  assert.ok(all.length >= LAZY_LENSES, `${all.length} lenses`);
  const sent = sentLenses(doc, current);
  assert.equal(sentLenses(doc, lensesFor(doc, newLensMemory(), current)), sent, 'the same analysis asked again: the list made before');
  assert.equal(sent.length, all.length);
  assert.ok(sent.every((l) => !l.command && (l.data as { version: number }).version === 7));
  sent.forEach((l, i) => assert.deepEqual(resolveLens(l, current), { range: all[i]!.range, command: all[i]!.command }));
  // The document changed before the lens was resolved: the lens of the new version on that line, else "computing".
  const newer = { ...current, version: 8 };
  assert.deepEqual(resolveLens(sent[3]!, newer).command, all[3]!.command);
  const elsewhere = { ...sent[3]!, range: { start: { line: 9999, character: 0 }, end: { line: 9999, character: 1 } } };
  assert.equal(resolveLens(elsewhere, newer).command!.title, STALE_TITLE);
  assert.equal(resolveLens(sent[0]!, undefined).command!.title, STALE_TITLE);
  // A short document keeps its lenses whole.
  const short = analysed(OGRE);
  assert.deepEqual(lensesToSend(short, lensesFor(short, newLensMemory(), undefined).lenses), codeLenses(short, newLensMemory()));
});

test('a long document’s lenses are each made once, and lines that moved keep their remembered card texts', () => {
  const cards: string[] = [];
  for (let i = 0; i < 160; i++) cards.push(`card "Bear ${i}" as b${i}`, '  type Creature — Bear', '  pt 2/2');
  const lines = [...cards, `enter ${[...Array(160).keys()].map((i) => `b${i}`).join(', ')}`, ...[...Array(160).keys()].map((i) => `expect b${i} 2/2`), ''];
  const memory = newLensMemory();
  const r1 = lensesFor(analysed(lines.join('\n'), 1), memory, undefined);
  assert.ok(r1.lenses.every((e) => e.lens() === e.lens()));
  const firstTitle = r1.lenses[0]!.lens().command!.title;
  // A line inserted above every card: the line each card was on holds something else now. Its
  // remembered text (made from the first analysis, which memory no longer keeps) is the first analysis's.
  lines.unshift('# a comment');
  const r2 = lensesFor(analysed(lines.join('\n'), 2), memory, r1);
  assert.equal(r2.lenses.find((e) => e.range.start.line === 1)!.lens().command!.title, firstTitle);
  assert.equal(memory.cardLines.get(0)!().title, firstTitle);
  assert.equal(memory.cardLines.get(1)!().title, firstTitle);
});

test('an edit whose analysis converged keeps its card lenses, and they are a fresh analysis’s', () => {
  const pump = (n: number) => `resolve "Target creature gets +${n}/+${n} until end of turn." targeting ogre`;
  const lines = [...OGRE.trimEnd().split('\n'), 'card "Grizzly Bears" as bears', '  type Creature — Bear', '  pt 2/2', 'enter bears', pump(1), 'expect ogre 4/4', 'end turn', 'tap bears', 'expect bears 2/2', ''];
  const first = analyseDocument(URI, 1, lines.join('\n'));
  const memory = newLensMemory();
  const before = lensesFor(first, memory, undefined);
  // The same analysis asked again: the same lenses, not computed again.
  assert.equal(lensesFor(first, memory, before), before);
  lines[lines.indexOf(pump(1))] = pump(2);
  const text = lines.join('\n');
  const second = analyseDocument(URI, 2, text, first);
  // The pump ends with the turn: the rest of the file is the previous analysis's (engine/converge.ts).
  assert.equal(second.analysis.final, first.analysis.final);
  const after = lensesFor(second, memory, before);
  assert.notEqual(after, before);
  const lenses = after.lenses.map((e) => e.lens());
  assert.deepEqual(lenses, codeLenses(analyseDocument(URI, 2, text), newLensMemory()));
  assert.ok(titles(lenses).some((t) => /✗ expected pt 4\/4 · is pt 5\/5/.test(t)), titles(lenses).join('\n'));
});

test('an edit makes again only the expectation lenses whose results changed; after lines move, the lenses are a fresh analysis’s', () => {
  const pump = (n: number) => `resolve "Target creature gets +${n}/+${n} until end of turn." targeting ogre`;
  const lines = [...OGRE.trimEnd().split('\n'), pump(1), 'expect ogre 4/4', ''];
  const memory = newLensMemory();
  const first = analyseDocument(URI, 1, lines.join('\n'));
  const r1 = lensesFor(first, memory, undefined);
  const kept = memory.expects.get('expect ogre 3/3');
  assert.ok(kept && /^✓/.test(kept.title));
  // The pump changes: the expectations above it keep their results, and so their very lens texts.
  lines[lines.indexOf(pump(1))] = pump(2);
  const second = analyseDocument(URI, 2, lines.join('\n'), first);
  const r2 = lensesFor(second, memory, r1);
  assert.equal(memory.expects.get('expect ogre 3/3'), kept);
  assert.match(memory.expects.get('expect ogre 4/4')!.title, /✗ expected pt 4\/4 · is pt 5\/5/);
  // A line above everything: the same results, on other lines, whose tooltips say so.
  lines.unshift('# a comment');
  const text = lines.join('\n');
  const third = analyseDocument(URI, 3, text, second);
  const lenses = lensesFor(third, memory, r2).lenses.map((e) => e.lens());
  assert.match(memory.expects.get('expect ogre 3/3')!.tooltip, /at line 10 /);
  assert.deepEqual(lenses, codeLenses(analyseDocument(URI, 3, text), newLensMemory()));
});
