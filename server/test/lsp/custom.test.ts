import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import test from 'node:test';
import { pathToFileURL } from 'node:url';
import { analysisResult, missingAnalysis, missingReport, missingTrace, reportResult, traceResult } from '../../src/lsp/custom';
import { analyseFromDisk } from '../../src/lsp/documents';
import { conformance, fixture, URI } from './fixture';

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

test('a file the editor has not opened is read from disk; an unreadable one gets an empty answer of the right shape', () => {
  const uri = pathToFileURL(resolve('../shared/conformance/613-5-gray-ogre.layers')).href;
  const doc = analyseFromDisk(uri)!;
  assert.equal(doc.uri, uri);
  assert.ok(analysisResult(doc).expectations.length > 0 && analysisResult(doc).expectations.every((e) => e.passed));
  assert.equal(analyseFromDisk('file:///no/such/file.layers'), undefined);
  assert.equal(analyseFromDisk('untitled:Untitled-1'), undefined);
  assert.deepEqual(missingAnalysis('u'), { uri: 'u', expectations: [], diagnostics: 0, objects: 0 });
  assert.deepEqual(missingTrace('u'), { uri: 'u', title: 'u', objects: [] });
  assert.deepEqual(missingReport('u'), { text: 'u: not open in the editor and not readable', failed: 0, passed: 0, errors: 1 });
});
