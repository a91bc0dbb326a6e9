// The trace view's picture of one object: effects as boxes grouped by layer
// (613.1) in the order applied, a thin arrow from each effect to the next one
// applied, a bold arrow for each dependency (613.8a, the reason on hover), and
// dependency loops highlighted with the order actually used (613.8b). Layout
// by dagre (@dagrejs/dagre, MIT), drawn as SVG text here. Pure (no DOM): the
// webview bundle (webview/trace-view.ts) calls it and unit tests read it.

import dagre from '@dagrejs/dagre';
import type { GraphEdge, GraphNode, TraceGraph } from './protocol';

/** Characters per line inside a box, and the box's fixed width in pixels. */
const WRAP = 36;
const NODE_WIDTH = 270;
const LINE_HEIGHT = 16;
const PAD = 8;
const GROUP_LABEL_HEIGHT = 20;

/** What each layer changes (613.1), for the group titles. */
const LAYER_TITLES: Record<string, string> = {
  '1a': 'copiable values',
  '1b': 'face-down',
  '2': 'control',
  '3': 'text',
  '4': 'type',
  '5': 'color',
  '6': 'abilities',
  '7a': 'P/T from definitions',
  '7b': 'P/T set',
  '7c': 'P/T modified',
  '7d': 'P/T switched',
};

export function layerTitle(layer: string): string {
  const what = LAYER_TITLES[layer];
  return what ? `Layer ${layer} · ${what}` : layer === 'rules' ? 'Rules' : `Layer ${layer}`;
}

/** One line of text in a box, with its class (for the stylesheet). */
export interface BoxLine {
  text: string;
  kind: 'head' | 'loop' | 'source' | 'effect' | 'change' | 'note';
}

export interface PlacedNode {
  node: GraphNode;
  lines: BoxLine[];
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PlacedEdge {
  kind: 'sequence' | 'dependency';
  from: GraphNode;
  to: GraphNode;
  reason?: string;
  inLoop: boolean;
  points: { x: number; y: number }[];
}

export interface PlacedGroup {
  layer: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface GraphLayout {
  width: number;
  height: number;
  nodes: PlacedNode[];
  edges: PlacedEdge[];
  groups: PlacedGroup[];
}

/** Greedy word wrap; a word longer than the width is cut. */
export function wrap(text: string, width = WRAP): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    for (let w = word; w; w = w.slice(width)) {
      const piece = w.slice(0, width);
      if (!line) line = piece;
      else if (line.length + 1 + piece.length <= width) line += ` ${piece}`;
      else {
        out.push(line);
        line = piece;
      }
      if (w.length <= width) break;
    }
  }
  if (line) out.push(line);
  return out;
}

const ordinal = (n: number): string => `${n}${n % 10 === 1 && n % 100 !== 11 ? 'st' : n % 10 === 2 && n % 100 !== 12 ? 'nd' : n % 10 === 3 && n % 100 !== 13 ? 'rd' : 'th'}`;

/** The lines of a box: when it was applied, whose effect, what it does, each value before → after. */
export function boxLines(n: GraphNode, loopPosition?: number): BoxLine[] {
  const head = [n.order !== undefined ? `applied ${ordinal(n.order)}` : 'not applied here', n.timestamp ? `timestamp ${n.timestamp}` : ''].filter(Boolean).join(' · ');
  const lines: BoxLine[] = wrap(head).map((text) => ({ text, kind: 'head' }));
  if (loopPosition !== undefined) lines.push({ text: `${ordinal(loopPosition)} in the loop's order (613.8b)`, kind: 'loop' });
  for (const t of wrap(n.source)) lines.push({ text: t, kind: 'source' });
  for (const t of wrap(n.effect).slice(0, 3)) lines.push({ text: t, kind: 'effect' });
  for (const c of n.changes) for (const t of wrap(`${c.what}: ${c.before} → ${c.after}`)) lines.push({ text: t, kind: 'change' });
  if (n.note) for (const t of wrap(n.note)) lines.push({ text: t, kind: 'note' });
  return lines;
}

/** Where a node stands in its loop's order (1-based), if it is in one. */
function loopPositions(g: TraceGraph): Map<string, number> {
  const out = new Map<string, number>();
  for (const l of g.loops ?? []) l.members.forEach((id, i) => out.set(id, i + 1));
  return out;
}

/** Consecutive applied effects: the value flows from one to the next. */
function sequenceEdges(g: TraceGraph): [GraphNode, GraphNode][] {
  const applied = g.nodes.filter((n) => n.order !== undefined).sort((a, b) => a.order! - b.order!);
  return applied.slice(1).map((n, i) => [applied[i]!, n]);
}

const groupId = (layer: string): string => `group:${layer}`;

/** Lay the picture out (dagre, top to bottom). Total: unknown edge ends are dropped. */
export function layoutGraph(g: TraceGraph): GraphLayout {
  const graph = new dagre.graphlib.Graph({ compound: true, multigraph: true });
  // Top to bottom: the trace usually opens beside the editor, in a narrow column.
  graph.setGraph({ rankdir: 'TB', nodesep: 40, ranksep: 48, marginx: 4, marginy: 4 });
  graph.setDefaultEdgeLabel(() => ({}));
  const byId = new Map(g.nodes.map((n) => [n.id, n]));
  const positions = loopPositions(g);
  const boxes = new Map<string, BoxLine[]>();
  for (const n of g.nodes) {
    const lines = boxLines(n, positions.get(n.id));
    boxes.set(n.id, lines);
    if (!graph.hasNode(groupId(n.layer))) graph.setNode(groupId(n.layer), { paddingTop: GROUP_LABEL_HEIGHT });
    graph.setNode(n.id, { width: NODE_WIDTH, height: lines.length * LINE_HEIGHT + 2 * PAD });
    graph.setParent(n.id, groupId(n.layer));
  }
  const deps = (g.edges ?? []).filter((e) => byId.has(e.from) && byId.has(e.to));
  const depKey = (from: string, to: string): string => `${from}\u0000${to}`;
  const depPairs = new Set(deps.map((e) => depKey(e.from, e.to)));
  const seq = sequenceEdges(g).filter(([a, b]) => !depPairs.has(depKey(a.id, b.id)));
  seq.forEach(([a, b], i) => graph.setEdge(a.id, b.id, { weight: 2 }, `seq${i}`));
  deps.forEach((e, i) => graph.setEdge(e.from, e.to, { weight: 1 }, `dep${i}`));
  dagre.layout(graph);

  const nodes: PlacedNode[] = g.nodes.map((n) => {
    const l = graph.node(n.id);
    return { node: n, lines: boxes.get(n.id)!, x: l.x! - l.width / 2, y: l.y! - l.height / 2, width: l.width, height: l.height };
  });
  const points = (v: string, w: string, name: string) => (graph.edge({ v, w, name })?.points ?? []).map((p: { x: number; y: number }) => ({ x: p.x, y: p.y }));
  const edges: PlacedEdge[] = [
    ...seq.map(([a, b], i): PlacedEdge => ({ kind: 'sequence', from: a, to: b, inLoop: false, points: points(a.id, b.id, `seq${i}`) })),
    ...deps.map((e: GraphEdge, i): PlacedEdge => ({ kind: 'dependency', from: byId.get(e.from)!, to: byId.get(e.to)!, reason: e.reason, inLoop: e.inLoop, points: points(e.from, e.to, `dep${i}`) })),
  ];
  const groups: PlacedGroup[] = [...new Set(g.nodes.map((n) => n.layer))].map((layer) => {
    const l = graph.node(groupId(layer));
    return { layer, x: l.x! - l.width / 2, y: l.y! - l.height / 2, width: l.width, height: l.height };
  });
  const size = graph.graph();
  return { width: Math.ceil(size.width ?? 0), height: Math.ceil(size.height ?? 0), nodes, edges, groups };
}
