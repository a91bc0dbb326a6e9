import assert from 'node:assert/strict';
import test from 'node:test';
import { DiagnosticSeverity } from 'vscode-languageserver';
import { codeActions } from '../../src/lsp/codeActions';
import { diagnostics, EXPECT_FAILED_CODE, SBA_CODE } from '../../src/lsp/diagnostics';
import { hover } from '../../src/lsp/hover';
import { analysed, conformance, corpus, fixture, markdown, URI } from './fixture';

test('every corpus file publishes no error or warning', () => {
  for (const { name, text } of corpus()) {
    const bad = diagnostics(analysed(text)).filter((d) => d.severity === DiagnosticSeverity.Error || d.severity === DiagnosticSeverity.Warning);
    assert.deepEqual(bad.map((d) => `${d.code}: ${d.message}`), [], name);
  }
});

test('severities, codes and source map from the engine', () => {
  const { doc } = fixture(`
    card "Gray Ogre" as ogre
      type Creature — Ogre
      pt 2/2
    enter ogre
    expect ogre: pt 3/3
    expect orge 2/2
    card
  `);
  const ds = diagnostics(doc);
  assert.deepEqual(
    ds.map((d) => [d.range.start.line, d.severity, d.code, d.source]).sort(),
    [
      [4, DiagnosticSeverity.Error, 'expect-failed', 'layerlens'],
      [5, DiagnosticSeverity.Error, 'unknown-name', 'layerlens'],
      [6, DiagnosticSeverity.Error, 'syntax', 'layerlens'],
    ].sort(),
  );
  assert.equal(ds.find((d) => d.code === 'expect-failed')!.message, 'expected pt 3/3, got pt 2/2');
  assert.match(ds.find((d) => d.code === 'unknown-name')!.message, /did you mean "ogre"/);
});

test('state-based actions go to Problems only when the setting asks; the hover of their event always shows them', () => {
  const { doc } = fixture(`
    card "Grizzly Bears" as bears
      type Creature — Bear
      pt 2/2
    enter bears
    put two -1/-1 counters on bears
    expect bears: zone graveyard`);
  const line = doc.lines.findIndex((l) => l.startsWith('put two'));
  // 704.5f: a creature with toughness 0 is put into its owner's graveyard.
  assert.ok(doc.analysis.diagnostics.some((d) => d.code === SBA_CODE && d.range.start.line === line), 'the engine reports the state-based action');
  assert.deepEqual(diagnostics(doc).filter((d) => d.code === SBA_CODE), []);
  assert.deepEqual(diagnostics(doc, { stateBasedActions: false }).filter((d) => d.code === SBA_CODE), []);
  const shown = diagnostics(doc, { stateBasedActions: true }).filter((d) => d.code === SBA_CODE);
  assert.equal(shown.length, 1);
  assert.equal(shown[0]!.severity, DiagnosticSeverity.Information);
  assert.match(shown[0]!.message, /Grizzly Bears is put into its owner's graveyard: toughness 0 \(704\.5f\)/);
  assert.match(markdown(hover(doc, { line, character: 2 })), /- state-based action \(704\): Grizzly Bears is put into its owner's graveyard: toughness 0 \(704\.5f\)/);
});

test('failed expectations go to Problems unless the setting turns them off; the quick fix stays on the line', () => {
  const { doc, at } = fixture(`
    card ogre
      type Creature — Ogre
      pt 2/2
    enter ogre
    put a +1/+1 counter on ogre
    expect ogre 4/|4
    expect ogre 3/3`);
  const failed = (opts?: Parameters<typeof diagnostics>[1]) => diagnostics(doc, opts).filter((d) => d.code === EXPECT_FAILED_CODE);
  assert.deepEqual(failed().map((d) => [d.range.start.line, d.message]), [[5, 'expected pt 4/4, got pt 3/3']]);
  assert.equal(failed({ failedExpectations: true }).length, 1);
  assert.deepEqual(failed({ failedExpectations: false }), []);
  assert.deepEqual(codeActions(doc, { range: { start: at, end: at } }).map((a) => a.title), ['Change to "pt 3/3"'], 'the quick fix comes from the analysis, not from what was published');
  // With no squiggle to aim at, the cursor anywhere on the line is enough; not on the passing line below.
  const lineStart = { line: 5, character: 0 };
  assert.deepEqual(codeActions(doc, { range: { start: lineStart, end: lineStart } }).map((a) => a.title), ['Change to "pt 3/3"']);
  assert.deepEqual(codeActions(doc, { range: { start: { line: 6, character: 0 }, end: { line: 6, character: 0 } } }), []);
});

test('a dependency loop is reported on each effect, pointing at the others, with the order used', () => {
  const doc = conformance('613-8b-dependency-loop.layers');
  const loops = diagnostics(doc).filter((d) => d.code === 'loop');
  assert.equal(loops.length, 2);
  const conversion = loops.find((d) => d.range.start.line === 10)!;
  assert.equal(doc.lines[10]!.slice(conversion.range.start.character, conversion.range.end.character), 'All Mountains are Plains.');
  assert.match(conversion.message, /timestamp order: Conversion, then Illusionary Terrain/);
  assert.deepEqual(conversion.relatedInformation!.map((r) => [r.location.uri, r.location.range.start.line, r.message]), [[URI, 17, 'Illusionary Terrain: "Basic lands of the first chosen type are the second chosen type."']]);
  // `expect loop` acknowledges the loop: information, not a warning.
  assert.equal(conversion.severity, DiagnosticSeverity.Information);
});

test('quick fix: did you mean', () => {
  const { doc, at } = fixture(`
    card "Gray Ogre" as ogre
      type Creature — Ogre
    enter or|ge`);
  const actions = codeActions(doc, { range: { start: at, end: at } });
  assert.deepEqual(actions.map((a) => [a.title, a.kind, a.isPreferred]), [['Change to "ogre"', 'quickfix', true]]);
  assert.deepEqual(actions[0]!.edit!.changes![URI], [{ range: { start: { line: 2, character: 6 }, end: { line: 2, character: 10 } }, newText: 'ogre' }]);
  assert.equal(actions[0]!.diagnostics![0]!.code, 'unknown-name');
});

test('quick fix: rewrite a failed expectation to the actual value, short form kept', () => {
  const { doc, at } = fixture(`
    card ogre
      type Creature — Ogre
      pt 2/2
    enter ogre
    put a +1/+1 counter on ogre
    expect ogre 4/|4
    expect ogre: pt 2/2; color colorless`);
  assert.deepEqual(codeActions(doc, { range: { start: at, end: at } }).map((a) => a.edit!.changes![URI]![0]!.newText), ['3/3']);
  const line6 = { start: { line: 6, character: 0 }, end: { line: 6, character: 40 } };
  assert.deepEqual(codeActions(doc, { range: line6 }).map((a) => [a.title, a.edit!.changes![URI]![0]!.newText]), [['Change to "pt 3/3"', 'pt 3/3']]);
});

test('code actions: none away from a problem, none when only other kinds are asked for', () => {
  const { doc } = fixture(`
    card ogre
      type Creature — Ogre
      pt 2/2
    enter ogre
    expect ogre 4/4`);
  assert.deepEqual(codeActions(doc, { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } } }), []);
  const line = { start: { line: 4, character: 0 }, end: { line: 4, character: 15 } };
  assert.equal(codeActions(doc, { range: line, context: { diagnostics: [], only: ['refactor'] } }).length, 0);
  assert.equal(codeActions(doc, { range: line, context: { diagnostics: [], only: ['quickfix'] } }).length, 1);
  assert.equal(codeActions(doc, { range: undefined as never }).length, 1, 'a missing range is the whole document');
});
