import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import test from 'node:test';
import { completion } from '../../src/lsp/completion';
import { analysisResult, reportResult, traceResult } from '../../src/lsp/custom';
import { codeActions, diagnostics } from '../../src/lsp/diagnostics';
import { analyseDocument } from '../../src/lsp/document';
import { formatText } from '../../src/lsp/formatting';
import { hover } from '../../src/lsp/hover';
import { codeLenses, newLensMemory } from '../../src/lsp/lens';
import { definition, prepareRename, references, rename } from '../../src/lsp/navigation';
import { documentSymbols, foldingRanges } from '../../src/lsp/outline';
import { semanticTokens } from '../../src/lsp/tokens';
import { readSettings } from '../../src/lsp/settings';
import { fixture } from './fixture';

const md = (h: ReturnType<typeof hover>) => (h && typeof h.contents === 'object' && 'value' in h.contents ? h.contents.value : '');

test('hover on a name shows its characteristics at that point and the effects applied', () => {
  const { doc, at } = fixture(`
    card "Gray Ogre" as ogre
      type Creature — Ogre
      pt 2/2
    card "Honor of the Pure" as honor
      type Enchantment
      text White creatures you control get +1/+1.
    enter ogre, honor
    resolve "Target creature becomes white until end of turn." targeting ogre
    expect og|re: pt 3/3`);
  const text = md(hover(doc, at));
  assert.match(text, /\*\*Gray Ogre\*\*/);
  assert.match(text, /3\/3 · Creature — Ogre · white/);
  assert.match(text, /\| 5 \| .* \| becomes white \|/);
  assert.match(text, /\| 7c \| .* \| Honor of the Pure \| \+1\/\+1 \|/);
});

test('hover on ability text says how the engine read it', () => {
  const { doc, at } = fixture(`
    card "Tarmogoyf" as goyf
      type Creature — Lhurgoyf
      pt */1+*
      text This creature's power and toughness are each equal to the number of creature cards in your gr|aveyard.
    enter goyf`);
  const text = md(hover(doc, at));
  assert.match(text, /characteristic-defining/);
  assert.match(text, /layer 7a/);
});

test('hover on rule words gives the rule', () => {
  const { doc, at } = fixture(`
    card "Giant Growth" as growth
      type Instant
      text Target creature gets +3/+3 until end o|f turn.`);
  assert.match(md(hover(doc, at)), /514\.2/);
});

test('hover on a failed expectation shows expected and actual', () => {
  const { doc, at } = fixture(`
    card "Gray Ogre" as ogre
      type Creature — Ogre
      pt 2/2
    enter ogre
    expect ogre: pt 3/3|`);
  const text = md(hover(doc, at));
  assert.match(text, /✗ fails/);
  assert.match(text, /expected: `pt 3\/3`/);
});

test('diagnostics carry codes and quick fixes rewrite a failed expectation', () => {
  const { doc } = fixture(`
    card "Gray Ogre" as ogre
      type Creature — Ogre
      pt 2/2
    enter ogre
    expect ogre: pt 3/3
    expect orge 2/2`);
  const ds = diagnostics(doc);
  assert.ok(ds.some((d) => d.code === 'expect-failed' && d.severity === 1));
  const unknown = ds.find((d) => d.code === 'unknown-name')!;
  assert.match(unknown.message, /did you mean "ogre"/);
  const actions = codeActions(doc, { textDocument: { uri: doc.uri }, range: ds.find((d) => d.code === 'expect-failed')!.range, context: { diagnostics: [] } });
  const edit = actions[0]!.edit!.changes![doc.uri]![0]!;
  assert.equal(edit.newText, 'pt 2/2');
});

test('lenses show results, and keep the last good values while a line is broken', () => {
  const memory = newLensMemory();
  const good = analyseDocument('file:///t.layers', 1, 'card ogre\n  type Creature — Ogre\n  pt 2/2\nenter ogre\nexpect ogre 2/2\n');
  const lenses = codeLenses(good, memory);
  assert.deepEqual(lenses.map((l) => l.command!.title), ['2/2 · Creature — Ogre · colorless', '✓ passes']);
  assert.equal(lenses[0]!.command!.command, 'layerlens.showTrace');
  const broken = analyseDocument('file:///t.layers', 2, 'card ogre\n  type Creature — Ogre\n  pt 2/\nenter ogre\nexpect ogre 2/2\n');
  assert.deepEqual(codeLenses(broken, memory).map((l) => l.command!.title), ['2/2 · Creature — Ogre · colorless', '✓ passes']);
});

test('completion: statements, card keys, facts, names, phrase templates', () => {
  const labels = (m: string) => completion(fixture(m).doc, fixture(m).at).map((c) => c.label);
  assert.ok(labels('card ogre\n  type Creature\nen|').includes('enter'));
  assert.ok(labels('card ogre\n  ty|').includes('type'));
  assert.ok(labels('card ogre\n  type Creature\nenter ogre\nexpect ogre: |').includes('pt'));
  assert.ok(labels('card ogre\n  type Creature\nenter |').includes('ogre'));
  assert.ok(labels('card ogre\n  text |').includes('creatures you control get +N/+N'));
});

test('definition, references and rename of a name and its alias', () => {
  const { doc, at } = fixture(`
    card "Gray Ogre" as ogre
      type Creature — Ogre
      pt 2/2
      text Gray Ogre can't block.
    enter og|re
    expect ogre 2/2`);
  assert.equal(definition(doc, at)[0]!.range.start.line, 0);
  assert.equal(references(doc, at, true).length, 4, 'the name, the alias and two uses');
  assert.deepEqual((prepareRename(doc, at) as { placeholder: string }).placeholder, 'ogre');
  const edits = rename(doc, at, 'brute')!.changes!['file:///test.layers']!;
  assert.equal(edits.length, 3);
  assert.ok(edits.every((e) => e.newText === 'brute'));
});

test('outline, folding and semantic tokens', () => {
  const { doc } = fixture(`
    # a comment
    # more
    card "Gray Ogre" as ogre
      type Creature — Ogre
      pt 2/2
    enter ogre`);
  const syms = documentSymbols(doc);
  assert.deepEqual(syms.map((s) => s.name), ['Gray Ogre', 'enter ogre']);
  assert.deepEqual(foldingRanges(doc).map((f) => [f.startLine, f.endLine]), [[2, 4], [0, 1]]);
  assert.ok(semanticTokens(doc).data.length > 0);
});

test('formatting is idempotent and keeps every character that is not a blank', () => {
  const dirs = ['../shared/conformance', 'samples'];
  const texts = dirs.flatMap((d) => readdirSync(d).filter((f) => f.endsWith('.layers')).map((f) => readFileSync(join(d, f), 'utf8')));
  texts.push('card   "Gray Ogre"   as ogre\n\ttype Creature — Ogre   \n    text Flying   # comment\nenter    ogre  \n');
  for (const t of texts) {
    const once = formatText(t);
    assert.equal(formatText(once), once);
    assert.equal(once.replace(/\s/g, ''), t.replace(/\s/g, ''));
    const a = analyseDocument('file:///f.layers', 1, t).analysis;
    const b = analyseDocument('file:///f.layers', 1, once).analysis;
    assert.deepEqual(b.expectations.map((e) => e.passed), a.expectations.map((e) => e.passed));
  }
});

test('custom requests: analysis, trace, report', () => {
  const { doc } = fixture(`
    card "Gray Ogre" as ogre
      type Creature — Ogre
      pt 2/2
    enter ogre
    put a +1/+1 counter on ogre
    expect ogre 3/3`);
  const a = analysisResult(doc);
  assert.deepEqual(a.expectations.map((e) => e.passed), [true]);
  const t = traceResult(doc);
  const ogre = t.objects.find((o) => o.name === 'ogre')!;
  assert.equal(ogre.characteristics[0]!.name, 'power/toughness');
  assert.equal(ogre.characteristics[0]!.steps[0]!.layer, '7c');
  assert.match(reportResult(doc).text, /✓/);
});

test('settings come in either shape', () => {
  assert.deepEqual(readSettings({ codeLens: { enable: false }, inlayHints: { enable: true } }), { codeLensEnable: false, inlayHintsEnable: true });
  assert.deepEqual(readSettings(undefined), { codeLensEnable: true, inlayHintsEnable: false });
});
