// The data of the trace view's picture for one object at one point of the
// timeline: the effects applied to it as nodes (grouped by layer, in the order
// applied, each with its value before → after), the dependencies between
// effects as edges with their reason (613.8a), and the dependency loops with
// the order actually used (613.8b). Effects that take part in a dependency or
// loop of this object without applying to it (Urborg's effect once Blood Moon
// removed its ability) are nodes too, marked as not applied, so every arrow has
// both ends. The engine already knows all of this; we only reshape it.

import { LAYER_ORDER, type Layer } from '../effects/ir';
import type { DependencyView, ObjectView, TraceStep, WorldView } from '../engine/results';
import { mergedChanges, timestampText } from './present';
import { effectNamer, objectNamer } from './world';

export interface GraphNode {
  /** `effectId@layer`: one effect can act in several layers (Life and Limb in 4, 5 and 7b). */
  id: string;
  layer: string;
  /** 1-based position in the order the effects were applied to this object; absent when it does not apply to it. */
  order?: number;
  source: string;
  effect: string;
  timestamp: string;
  /** The values it changed, before → after (empty when it changed nothing visible, or does not apply). */
  changes: { what: string; before: string; after: string }[];
  /** Index into `loops` when the effect is in a dependency loop in this layer. */
  loop?: number;
  /** For an effect that does not apply to this object: why it is in the picture. */
  note?: string;
}

export interface GraphEdge {
  /** The effect depended on: it is applied first (613.8a). */
  from: string;
  /** The dependent effect. */
  to: string;
  reason: string;
  /** True when both ends are in the same loop: the arrow did not decide the order (613.8b). */
  inLoop: boolean;
}

export interface GraphLoop {
  layer: string;
  /** Node ids in the order actually used (timestamp order, 613.8b). */
  members: string[];
  /** `Blood Moon, then Life and Limb`. */
  order: string;
}

export interface TraceGraph {
  nodes: GraphNode[];
  edges: GraphEdge[];
  loops: GraphLoop[];
}

const nodeId = (effectId: string, layer: string): string => `${effectId}@${layer}`;

function layerRank(layer: string): number {
  const i = LAYER_ORDER.indexOf(layer as Layer);
  return i < 0 ? LAYER_ORDER.length : i;
}

function stepNode(s: TraceStep, order: number): GraphNode {
  return {
    id: nodeId(s.effectId, s.layer),
    layer: s.layer,
    order,
    source: s.sourceName || 'rules',
    effect: s.description,
    timestamp: timestampText(s.timestamp),
    changes: mergedChanges(s.changes).map((c) => ({ what: c.characteristic, before: c.before, after: c.after })),
  };
}

/** A node for an effect of a dependency or loop that did not apply to this object. */
function outsideNode(effectId: string, layer: string, sourceId: string | undefined, w: WorldView): GraphNode {
  const e = w.effects.find((x) => x.id === effectId);
  const source = e ? effectNamer(w)(effectId) : sourceId ? objectNamer(w)(sourceId) : effectId;
  return {
    id: nodeId(effectId, layer),
    layer,
    source,
    effect: e?.text ?? '',
    timestamp: e ? timestampText(e.timestamp) : '',
    changes: [],
    note: e ? 'it applies to other objects' : 'it no longer exists at this point',
  };
}

/** The dependencies that touch this object's effects (in their layer). */
function relevantDependencies(w: WorldView, own: ReadonlySet<string>): DependencyView[] {
  return w.dependencies.filter((d) => own.has(nodeId(d.dependent, d.layer)) || own.has(nodeId(d.on, d.layer)));
}

/** Each engine loop, in each layer where its members depend on each other, when it touches this object. */
function relevantLoops(w: WorldView, nodes: ReadonlyMap<string, GraphNode>): GraphLoop[] {
  const out: GraphLoop[] = [];
  const names = effectNamer(w);
  for (const members of w.loops) {
    const inLoop = new Set(members);
    const layers = new Set(w.dependencies.filter((d) => inLoop.has(d.dependent) && inLoop.has(d.on)).map((d) => d.layer));
    for (const layer of layers) {
      const ids = members.map((m) => nodeId(m, layer));
      if (!ids.some((id) => nodes.has(id))) continue;
      out.push({ layer, members: ids, order: members.map(names).join(', then ') });
    }
  }
  return out;
}

/** The picture's data for one object in one world. Total: an object no effect touches gets an empty graph. */
export function traceGraph(o: ObjectView, w: WorldView | undefined): TraceGraph {
  const nodes = new Map<string, GraphNode>();
  o.trace.forEach((s, i) => {
    const id = nodeId(s.effectId, s.layer);
    if (!nodes.has(id)) nodes.set(id, stepNode(s, i + 1));
  });
  if (!w) return { nodes: [...nodes.values()], edges: [], loops: [] };
  const own = new Set(nodes.keys());
  const deps = relevantDependencies(w, own);
  for (const d of deps) {
    if (!nodes.has(nodeId(d.on, d.layer))) nodes.set(nodeId(d.on, d.layer), outsideNode(d.on, d.layer, d.onSource, w));
    if (!nodes.has(nodeId(d.dependent, d.layer))) nodes.set(nodeId(d.dependent, d.layer), outsideNode(d.dependent, d.layer, d.dependentSource, w));
  }
  const loops = relevantLoops(w, nodes);
  loops.forEach((l, k) => {
    for (const id of l.members) {
      const n = nodes.get(id) ?? outsideNode(id.slice(0, id.lastIndexOf('@')), l.layer, undefined, w);
      nodes.set(id, { ...n, loop: k });
    }
  });
  const edges = deps.map((d): GraphEdge => {
    const from = nodeId(d.on, d.layer);
    const to = nodeId(d.dependent, d.layer);
    const inLoop = nodes.get(from)?.loop !== undefined && nodes.get(from)?.loop === nodes.get(to)?.loop;
    return { from, to, reason: inLoop ? `${d.because} (a loop: timestamp order decides, 613.8b)` : `${d.because} (613.8a)`, inLoop };
  });
  // Layer by layer (613.1), applied effects in the order applied, the others after them.
  const sorted = [...nodes.values()].sort((a, b) => layerRank(a.layer) - layerRank(b.layer) || (a.order ?? Infinity) - (b.order ?? Infinity));
  return { nodes: sorted, edges, loops };
}
