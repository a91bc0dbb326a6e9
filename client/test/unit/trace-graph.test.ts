import { test } from 'node:test';
import assert from 'node:assert/strict';
import { boxLines, layerTitle, layoutGraph, wrap } from '../../src/trace-graph';
import { graphSvg } from '../../src/trace-graph-svg';
import type { TraceGraph } from '../../src/protocol';

// 613.8a, Blood Moon and Urborg (samples/613-8a-blood-moon-and-urborg.layers): Moon applies to
// Urborg; Urborg's effect depends on it and no longer exists, so it is a box that does not apply.
const dependency: TraceGraph = {
  nodes: [
    {
      id: 'moon/0#0@4',
      layer: '4',
      order: 1,
      source: 'Blood Moon',
      effect: 'land type → Mountain (305.7)',
      timestamp: '3',
      changes: [{ what: 'types', before: 'Legendary Land', after: 'Legendary Land — Mountain' }],
    },
    { id: 'urborg/0#0@4', layer: '4', source: 'Urborg, Tomb of Yawgmoth', effect: '', timestamp: '', changes: [], note: 'it no longer exists at this point' },
  ],
  edges: [{ from: 'moon/0#0@4', to: 'urborg/0#0@4', reason: "applying Blood Moon's effect changes whether Urborg's effect exists (613.8a)", inLoop: false }],
  loops: [],
};

// 613.8b, Blood Moon and Life and Limb on Dryad Arbor: a loop, applied in timestamp order.
const loop: TraceGraph = {
  nodes: [
    { id: 'moon@4', layer: '4', order: 1, source: 'Blood Moon', effect: 'land type → Mountain', timestamp: '3', changes: [], loop: 0 },
    { id: 'lal@4', layer: '4', source: 'Life and Limb', effect: 'All Forests …', timestamp: '4', changes: [], loop: 0, note: 'it applies to other objects' },
    { id: 'x@7c', layer: '7c', order: 2, source: 'Giant Growth', effect: '+3/+3', timestamp: '5', changes: [{ what: 'P/T', before: '1/1', after: '4/4' }] },
  ],
  edges: [
    { from: 'lal@4', to: 'moon@4', reason: 'a <b>', inLoop: true },
    { from: 'moon@4', to: 'lal@4', reason: 'b', inLoop: true },
  ],
  loops: [{ layer: '4', members: ['moon@4', 'lal@4'], order: 'Blood Moon, then Life and Limb' }],
};

test('wrap keeps words whole and cuts only words longer than a line', () => {
  assert.deepEqual(wrap('types: Legendary Land → Legendary Land — Mountain', 20), ['types: Legendary', 'Land → Legendary', 'Land — Mountain']);
  assert.deepEqual(wrap('abcdefghij', 4), ['abcd', 'efgh', 'ij']);
  assert.deepEqual(wrap('   '), []);
});

test('a box says when it was applied, whose effect it is, and each value before → after', () => {
  const lines = boxLines(dependency.nodes[0]!);
  assert.deepEqual(lines.map((l) => l.kind), ['head', 'source', 'effect', 'change', 'change']);
  assert.equal(lines[0]!.text, 'applied 1st · timestamp 3');
  assert.deepEqual([lines[3]!.text, lines[4]!.text], ['types: Legendary Land → Legendary', 'Land — Mountain']);
  assert.equal(boxLines(dependency.nodes[1]!)[0]!.text, 'not applied here');
  assert.deepEqual(boxLines(loop.nodes[1]!, 2).slice(0, 2), [{ text: 'not applied here · timestamp 4', kind: 'head' }, { text: "2nd in the loop's order (613.8b)", kind: 'loop' }]);
});

test('layers read as rule 613.1 names them', () => {
  assert.equal(layerTitle('7c'), 'Layer 7c · P/T modified');
  assert.equal(layerTitle('4'), 'Layer 4 · type');
});

test('the layout places every box, one group per layer, top to bottom in the order applied', () => {
  const l = layoutGraph(loop);
  assert.equal(l.nodes.length, 3);
  assert.deepEqual(l.groups.map((g) => g.layer), ['4', '7c']);
  const y = (id: string) => l.nodes.find((n) => n.node.id === id)!.y;
  assert.ok(y('moon@4') < y('x@7c'), 'layer 4 above layer 7c');
  // One thin arrow from the first applied effect to the next, and the two loop arrows.
  assert.deepEqual(l.edges.map((e) => `${e.kind} ${e.from.id}→${e.to.id}`), ['sequence moon@4→x@7c', 'dependency lal@4→moon@4', 'dependency moon@4→lal@4']);
  for (const e of l.edges) assert.ok(e.points.length >= 2, `${e.from.id}→${e.to.id} has a path`);
  assert.ok(l.width > 0 && l.height > 0);
});

test('a dependency draws an arrow naming both effects, with the reason on hover', () => {
  const svg = graphSvg(dependency, '0', 'Urborg');
  assert.match(svg, /<g class="edge dependency" data-from="Blood Moon" data-to="Urborg, Tomb of Yawgmoth" data-from-effect="moon\/0#0@4" data-to-effect="urborg\/0#0@4"><title>Urborg, Tomb of Yawgmoth depends on Blood Moon: applying Blood Moon&#39;s effect/);
  assert.match(svg, /marker-end="url\(#m0-dep\)"/);
  // The dependent effect does not apply: a dashed ("outside") box.
  assert.match(svg, /<g class="node outside" data-effect="urborg\/0#0@4"/);
  // No sequence arrow where the dependency already says the order.
  assert.doesNotMatch(svg, /edge sequence/);
});

test('a loop highlights its boxes and arrows and says the order used', () => {
  const svg = graphSvg(loop, 'k 1', 'Arbor');
  assert.equal((svg.match(/class="node [a-z]+ in-loop"/g) ?? []).length, 2);
  assert.equal((svg.match(/class="edge dependency in-loop"/g) ?? []).length, 2);
  assert.match(svg, /<g class="loop" data-loop="0" data-layer="4" data-loop-order="Blood Moon, then Life and Limb">/);
  // Marker ids are made safe and unique per picture.
  assert.match(svg, /id="mk1-loop"/);
  // Server text is escaped.
  assert.ok(svg.includes('a &lt;b&gt;'));
  assert.ok(!svg.includes('<b>'));
});

test('no effect, no picture; malformed graphs do not throw', () => {
  assert.equal(graphSvg(undefined, '0', 'x'), '');
  assert.equal(graphSvg({ nodes: [], edges: [], loops: [] }, '0', 'x'), '');
  const broken = { nodes: dependency.nodes, edges: [{ from: 'nope', to: 'moon/0#0@4', reason: '', inLoop: false }], loops: undefined } as unknown as TraceGraph;
  assert.match(graphSvg(broken, '0', 'x'), /^<svg/);
});
