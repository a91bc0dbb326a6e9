import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import test from 'node:test';
import { pathToFileURL } from 'node:url';
import { analysisResult, missingAnalysis, missingReport, missingTrace, reportResult, traceResult } from '../../src/lsp/custom';
import { analyseFromDisk } from '../../src/lsp/documents';
import { analysed, conformance, fixture, URI } from './fixture';

const { doc } = fixture(`
  scenario "Ogre"
  card "Gray Ogre" as ogre
    cost {2}{R}
    type Creature — Ogre
    pt 2/2
  token Saproling
    color green
    type Creature — Saproling
    pt 1/1
  card Spare
    type Artifact
  enter ogre, Saproling
  put a +1/+1 counter on ogre
  resolve "Target creature gets +4/+4 until end of turn." targeting ogre as pump
  expect ogre 7/7
  expect Saproling: pt 2/2
`);

test('layerlens/analysis: expectations with line and values, counts', () => {
  assert.deepEqual(analysisResult(doc), {
    uri: URI,
    expectations: [
      { line: 14, text: 'ogre: pt 7/7', passed: true, expected: 'pt 7/7', actual: 'pt 7/7' },
      { line: 15, text: 'Saproling: pt 2/2', passed: false, expected: 'pt 2/2', actual: 'pt 1/1' },
    ],
    diagnostics: 1,
    objects: 2,
  });
  // The count is what Problems shows: without failed expectations there, nothing is left to count.
  assert.equal(analysisResult(doc, { failedExpectations: false }).diagnostics, 0);
  assert.equal(analysisResult(doc, { failedExpectations: false }).expectations[1]!.passed, false, 'the expectation still fails');
});

test('layerlens/trace: objects in play, characteristics grouped by what their layers change', () => {
  const t = traceResult(doc);
  assert.equal(t.uri, URI);
  assert.equal(t.title, 'Ogre');
  assert.deepEqual(t.objects.map((o) => [o.name, o.summary]), [['Gray Ogre (ogre)', '7/7 · Creature — Ogre · red'], ['Saproling', '1/1 · Creature — Saproling · green']]);
  assert.deepEqual(t.objects[0]!.characteristics, [
    {
      name: 'power/toughness',
      value: '7/7',
      steps: [
        { layer: '7c', timestamp: '3', source: 'Gray Ogre', effect: '+1/+1', before: '2/2', after: '3/3', reason: 'counters, in timestamp order with the other modifiers (613.4c, 613.7c)' },
        { layer: '7c', timestamp: '4', source: '"Target creature gets +4/+4 until end …" (line 14)', effect: '+4/+4', before: '3/3', after: '7/7', reason: 'timestamp order (613.7)' },
      ],
    },
  ]);
});

test('layerlens/trace: a dependency says what it waited for', () => {
  const t = traceResult(conformance('613-8-lattice-and-march.layers'));
  const march = t.objects.find((o) => o.name === 'March of the Machines (march)')!;
  const type = march.characteristics.find((c) => c.name === 'type')!;
  assert.equal(type.value, 'Artifact Enchantment Creature');
  assert.deepEqual(type.steps.map((s) => [s.source, s.before, s.after]), [['Mycosynth Lattice', 'Enchantment', 'Artifact Enchantment'], ['March of the Machines', 'Artifact Enchantment', 'Artifact Enchantment Creature']]);
  assert.match(type.steps[1]!.reason, /^after Mycosynth Lattice, which it depends on: .+ \(613\.8a\)$/);
});

test('layerlens/report: the command line report, with counts', () => {
  const r = reportResult(doc);
  assert.deepEqual([r.passed, r.failed, r.errors], [1, 1, 0]);
  assert.match(r.text, /^\/test\.layers — Ogre\n/);
  assert.match(r.text, /✓ line 15: ogre: pt 7\/7/);
  assert.match(r.text, /✗ line 16: Saproling: pt 2\/2/);
  assert.match(r.text, /1 passed, 1 failed, 0 errors, 0 warnings$/);
});

test('layerlens/report: control characters from the file are escaped, as in the terminal', () => {
  const r = reportResult(analysed('card "Ogre\u001b]0;pwned\u0007"\n  type Creature\n  pt 2/2\nenter "Ogre\u001b]0;pwned\u0007"\n'));
  assert.doesNotMatch(r.text, /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
  assert.match(r.text, /Ogre\\u001b\]0;pwned\\u0007/);
});

test('a file the editor has not opened is read from disk; an unreadable one gets an empty answer of the right shape', () => {
  const uri = pathToFileURL(resolve('../shared/conformance/613-5-gray-ogre.layers')).href;
  const doc = analyseFromDisk(uri)!;
  assert.equal(doc.uri, uri);
  assert.ok(analysisResult(doc).expectations.length > 0 && analysisResult(doc).expectations.every((e) => e.passed));
  assert.equal(analyseFromDisk('file:///no/such/file.layers'), undefined);
  assert.equal(analyseFromDisk('untitled:Untitled-1'), undefined);
  assert.deepEqual(missingAnalysis('u'), { uri: 'u', expectations: [], diagnostics: 0, objects: 0 });
  assert.deepEqual(missingTrace('u'), { uri: 'u', title: 'u', at: { line: -1, label: 'end of file' }, points: [{ line: -1, label: 'end of file' }], branched: false, objects: [] });
  assert.deepEqual(missingReport('u'), { text: 'u: not open in the editor and not readable', failed: 0, passed: 0, errors: 1 });
});

function sample(name: string) {
  return analyseFromDisk(pathToFileURL(resolve('samples', name)).href)!;
}

test('layerlens/trace: the timeline points are every statement then the end of the file; line picks one', () => {
  const t = traceResult(doc, { line: 12 });
  assert.deepEqual(t.points.map((p) => p.line), [11, 12, 13, 14, 15, -1]);
  assert.deepEqual(t.at, { line: 12, label: 'line 13 · put a +1/+1 counter on ogre' });
  // Just after the counter (before the pump): 3/3.
  assert.equal(t.objects[0]!.summary, '3/3 · Creature — Ogre · red');
  // A line inside a statement's block or between statements: the statement before it.
  assert.equal(traceResult(doc, { line: 13 }).at.line, 13);
  // Above the first statement (the card declarations), no line, or junk: the end of the file.
  for (const line of [0, undefined, -3, 1.5, 'x', 1e308]) assert.equal(traceResult(doc, { line }).at.line, -1, String(line));
  assert.equal(traceResult(doc).objects[0]!.summary, '7/7 · Creature — Ogre · red');
  // Below the last statement (a card lens sends the last line of the file): the end of the file too.
  assert.equal(traceResult(doc, { line: 99 }).at.line, -1);
  assert.equal(traceResult(doc, { line: 15 }).at.line, 15);
});

test('layerlens/trace graph: Urborg waits for Blood Moon (613.8a), an arrow with its reason; Urborg\'s effect no longer exists', () => {
  const d = sample('613-8a-blood-moon-and-urborg.layers');
  const line = d.lines.findIndex((l) => l.trim() === 'expect urborg depends on moon');
  const urborg = traceResult(d, { line }).objects.find((o) => o.name.startsWith('Urborg'))!;
  const g = urborg.graph;
  assert.deepEqual(g.nodes.map((n) => [n.source, n.layer, n.order]), [['Blood Moon', '4', 1], ['Urborg, Tomb of Yawgmoth', '4', undefined]]);
  assert.deepEqual(g.nodes[0]!.changes[0], { what: 'types', before: 'Legendary Land', after: 'Legendary Land — Mountain' });
  assert.equal(g.nodes[1]!.note, 'it no longer exists at this point');
  assert.equal(g.edges.length, 1);
  assert.deepEqual([g.edges[0]!.from, g.edges[0]!.to, g.edges[0]!.inLoop], [g.nodes[0]!.id, g.nodes[1]!.id, false]);
  assert.match(g.edges[0]!.reason, /changes whether Urborg, Tomb of Yawgmoth's effect exists \(613\.8a\)$/);
  assert.deepEqual(g.loops, []);
});

test('layerlens/trace graph: Blood Moon and Life and Limb loop (613.8b), timestamp order used', () => {
  const d = sample('613-8b-blood-moon-and-life-and-limb-loop.layers');
  const line = d.lines.findIndex((l) => l.trim() === 'expect loop moon, lal');
  const t = traceResult(d, { line });
  const arbor = t.objects.find((o) => o.name.startsWith('Dryad Arbor'))!.graph;
  assert.deepEqual(arbor.loops.map((l) => [l.layer, l.order]), [['4', 'Blood Moon, then Life and Limb']]);
  assert.deepEqual(arbor.nodes.map((n) => [n.source, n.loop, n.order]), [['Blood Moon', 0, 1], ['Life and Limb', 0, undefined]]);
  assert.deepEqual(arbor.edges.map((e) => e.inLoop), [true, true]);
  // The Saproling: Life and Limb applies in 4 (the loop), 5 and 7b; Blood Moon is in the loop without applying to it.
  const sap = t.objects.find((o) => o.name.startsWith('Saproling'))!.graph;
  assert.deepEqual(sap.nodes.map((n) => [n.source, n.layer, n.loop]), [['Life and Limb', '4', 0], ['Blood Moon', '4', 0], ['Life and Limb', '5', undefined], ['Life and Limb', '7b', undefined]]);
});
