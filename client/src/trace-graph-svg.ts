// The picture as SVG markup (from trace-graph.ts's layout). Every text is
// escaped; colours come from the stylesheet (VS Code's theme variables), never
// from inline styles, which the page's CSP forbids. Elements carry data
// attributes naming the effects, so tests and users' tools can find an arrow.

import { escapeHtml } from './html-escape';
import { layerTitle, layoutGraph, type GraphLayout, type PlacedEdge, type PlacedNode } from './trace-graph';
import type { TraceGraph } from './protocol';

const LINE_HEIGHT = 16;
const PAD = 8;
/** Room above the layout for the layer titles. */
const TOP = 22;

const attr = (v: unknown): string => `"${escapeHtml(v)}"`;
const num = (v: number): string => String(Math.round(v * 10) / 10);

function pathOf(points: readonly { x: number; y: number }[]): string {
  return points.map((p, i) => `${i === 0 ? 'M' : 'L'}${num(p.x)},${num(p.y + TOP)}`).join(' ');
}

function nodeSvg(p: PlacedNode, loopOrder: string | undefined): string {
  const n = p.node;
  const classes = ['node', n.order !== undefined ? 'applied' : 'outside', n.loop !== undefined ? 'in-loop' : ''].filter(Boolean).join(' ');
  const tip = [`${layerTitle(n.layer)}: ${n.source}`, n.effect, ...n.changes.map((c) => `${c.what}: ${c.before} → ${c.after}`), n.note ?? '', loopOrder ? `Loop (613.8b), order used: ${loopOrder}` : '']
    .filter(Boolean)
    .join('\n');
  const text = p.lines
    .map((l, i) => `<text class="${l.kind}" x="${num(p.x + PAD)}" y="${num(p.y + TOP + PAD + (i + 1) * LINE_HEIGHT - 4)}">${escapeHtml(l.text)}</text>`)
    .join('');
  return (
    `<g class="${classes}" data-effect=${attr(n.id)} data-source=${attr(n.source)} data-layer=${attr(n.layer)}${n.order !== undefined ? ` data-order="${n.order}"` : ''}>` +
    `<title>${escapeHtml(tip)}</title>` +
    `<rect x="${num(p.x)}" y="${num(p.y + TOP)}" width="${num(p.width)}" height="${num(p.height)}" rx="4"></rect>${text}</g>`
  );
}

function edgeSvg(e: PlacedEdge, markers: string): string {
  if (e.kind === 'sequence') {
    return `<g class="edge sequence" data-from=${attr(e.from.source)} data-to=${attr(e.to.source)}><title>${escapeHtml(`then ${e.to.source} (applied next to this object)`)}</title><path d="${pathOf(e.points)}" marker-end="url(#${markers}-seq)"></path></g>`;
  }
  const tip = `${e.to.source} depends on ${e.from.source}: ${e.reason ?? ''}`;
  return (
    `<g class="edge dependency${e.inLoop ? ' in-loop' : ''}" data-from=${attr(e.from.source)} data-to=${attr(e.to.source)} data-from-effect=${attr(e.from.id)} data-to-effect=${attr(e.to.id)}>` +
    `<title>${escapeHtml(tip)}</title>` +
    // A wide transparent path under the visible one makes the arrow easy to hover.
    `<path class="hit" d="${pathOf(e.points)}"></path>` +
    `<path d="${pathOf(e.points)}" marker-end="url(#${markers}-${e.inLoop ? 'loop' : 'dep'})"></path></g>`
  );
}

function markerDefs(prefix: string): string {
  const marker = (name: string) =>
    `<marker id="${prefix}-${name}" class="arrowhead ${name}" viewBox="0 0 10 10" refX="9" refY="5" markerUnits="userSpaceOnUse" markerWidth="11" markerHeight="11" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z"></path></marker>`;
  return `<defs>${marker('seq')}${marker('dep')}${marker('loop')}</defs>`;
}

/** The SVG of a laid-out picture; `key` keeps marker ids unique on a page with several pictures. */
export function layoutSvg(layout: GraphLayout, g: TraceGraph, key: string, label: string): string {
  const markers = `m${key.replace(/[^A-Za-z0-9_-]/g, '')}`;
  const loopOrder = (i: number | undefined) => (i === undefined ? undefined : g.loops[i]?.order);
  const groups = layout.groups
    .map(
      (gr) =>
        `<g class="layer-group" data-layer=${attr(gr.layer)}><rect x="${num(gr.x)}" y="${num(gr.y)}" width="${num(gr.width)}" height="${num(gr.height + TOP)}" rx="6"></rect>` +
        `<text x="${num(gr.x + PAD)}" y="${num(gr.y + 15)}">${escapeHtml(layerTitle(gr.layer))}</text></g>`,
    )
    .join('');
  const loops = g.loops
    .map((l, i) => `<g class="loop" data-loop="${i}" data-layer=${attr(l.layer)} data-loop-order=${attr(l.order)}><title>${escapeHtml(`Dependency loop in layer ${l.layer} (613.8b): applied in timestamp order, ${l.order}`)}</title></g>`)
    .join('');
  return (
    `<svg class="layer-graph" xmlns="http://www.w3.org/2000/svg" role="img" aria-label=${attr(label)} width="${layout.width + 8}" height="${layout.height + TOP + 8}" viewBox="0 0 ${layout.width + 8} ${layout.height + TOP + 8}">` +
    markerDefs(markers) +
    groups +
    layout.edges.filter((e) => e.kind === 'sequence').map((e) => edgeSvg(e, markers)).join('') +
    layout.nodes.map((p) => nodeSvg(p, loopOrder(p.node.loop))).join('') +
    layout.edges.filter((e) => e.kind === 'dependency').map((e) => edgeSvg(e, markers)).join('') +
    loops +
    '</svg>'
  );
}

/** The picture of one object's graph, or '' when no effect touches it. */
export function graphSvg(g: TraceGraph | undefined, key: string, label: string): string {
  if (!g || !Array.isArray(g.nodes) || g.nodes.length === 0) return '';
  const safe: TraceGraph = { nodes: g.nodes, edges: Array.isArray(g.edges) ? g.edges : [], loops: Array.isArray(g.loops) ? g.loops : [] };
  return layoutSvg(layoutGraph(safe), safe, key, label);
}
