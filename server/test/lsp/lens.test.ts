import assert from 'node:assert/strict';
import test from 'node:test';
import { codeLenses, newLensMemory, PENDING_TITLE } from '../../src/lsp/lens';
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
  assert.deepEqual(titles(lenses), ['0: 3/3 · Creature — Ogre · red ◆', '4: Enchantment · colorless', '8: ✓ passes', '9: ✗ expected pt 4/4, got pt 3/3']);
  assert.deepEqual(lenses.map((l) => l.command!.command), Array(4).fill('layerlens.showTrace'));
  assert.deepEqual(lenses[0]!.command!.arguments, [{ uri: URI, object: 'Gray Ogre (ogre)' }]);
  assert.deepEqual(lenses[2]!.command!.arguments, [{ uri: URI, object: 'Gray Ogre (ogre)' }]);
});

test('Gray Ogre through the sublayers: the card lens is the end of the file (after `end turn`)', () => {
  const lenses = titles(codeLenses(conformance('613-5-gray-ogre.layers'), newLensMemory()));
  assert.deepEqual(lenses.slice(0, 2), ['4: 3/5 · Creature — Ogre · red ◆', '9: Enchantment · white']);
  assert.equal(lenses.filter((t) => t.endsWith('✓ passes')).length, 6);
});

test('a dependency is marked on the cards it reorders', () => {
  const lenses = titles(codeLenses(conformance('613-8-lattice-and-march.layers'), newLensMemory()));
  assert.deepEqual(lenses.slice(0, 4), ['6: 4/4 · Artifact Enchantment Creature · colorless ◆ dependency', '11: 6/6 · Artifact Creature · colorless ◆ dependency', '18: Basic Land — Forest · colorless · graveyard', '21: 2/2 · Artifact Creature — Bear · colorless ◆']);
});

test('while a card has a syntax error its lens keeps the last good value (no flicker)', () => {
  const memory = newLensMemory();
  codeLenses(analysed(OGRE, 1), memory);
  const typing = analysed(OGRE.replace('  pt 2/2', '  pt 2/'), 2);
  assert.ok(typing.analysis.diagnostics.some((d) => d.code === 'syntax' && d.range.start.line === 3));
  assert.deepEqual(titles(codeLenses(typing, memory)).slice(0, 2), ['0: 3/3 · Creature — Ogre · red ◆', '4: Enchantment · colorless']);
  // Fixed: fresh values again.
  assert.deepEqual(titles(codeLenses(analysed(OGRE.replace('  pt 2/2', '  pt 4/4'), 3), memory)).slice(0, 1), ['0: 5/5 · Creature — Ogre · red ◆']);
});

test('an expectation being typed keeps its lens, found by line when its text changed', () => {
  const memory = newLensMemory();
  codeLenses(analysed(OGRE, 1), memory);
  const typing = analysed(OGRE.replace('expect ogre 3/3', 'expect ogre 3/'), 2);
  assert.ok(typing.analysis.diagnostics.some((d) => d.code === 'syntax' && d.range.start.line === 8));
  assert.deepEqual(titles(codeLenses(typing, memory)).slice(2), ['8: ✓ passes', '9: ✗ expected pt 4/4, got pt 3/3']);
});

test('a renamed card with a broken block finds its old lens by line; nothing known gives a placeholder', () => {
  const memory = newLensMemory();
  codeLenses(analysed(OGRE, 1), memory);
  const renamedBroken = analysed(OGRE.replace('"Gray Ogre"', '"Grey Ogre"').replace('  pt 2/2', '  pt 2/'), 2);
  assert.equal(codeLenses(renamedBroken, memory)[0]!.command!.title, '3/3 · Creature — Ogre · red ◆');
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
  assert.deepEqual(titles(codeLenses(doc, newLensMemory())), ['0: 2/2 · Creature — Bear · colorless (×3)', '4: Artifact · colorless · not in play']);
});
