// A continuous effect as the layer system sees it during one computation:
// a static ability's effect, a resolved effect, a counter or a face-down
// status, each with its source, timestamp and bindings.

import type { EffectSpec, Layer, Part } from '../effects/ir';
import type { Range } from '../syntax/ast';
import type { Timestamp } from './results';
import type { Bindings, ContinuousEffect, GameObject } from './state';

export interface Live {
  id: string;
  kind: 'static' | 'resolved' | 'counter' | 'rule';
  source: GameObject;
  spec: EffectSpec;
  timestamp: Timestamp;
  /** 604.3 / 613.3: from a characteristic-defining ability. */
  cda: boolean;
  bindings: Bindings;
  text: string;
  range?: Range;
  label?: string;
  /** For static effects: the key of the ability instance that generates it (existence, 613.8a). */
  abilityKey?: string;
  resolved?: ContinuousEffect;
  partsByLayer: Map<Layer, Part[]>;
}

/**
 * An effect in force, always made in this one shape (every field, in this
 * order): the layer loops read thousands of them a second, and effects of
 * four shapes (static, counter, resolved, copied) made those reads
 * polymorphic and sent the optimised layer code back to the interpreter.
 */
export function makeLive(l: Live): Live {
  return {
    id: l.id,
    kind: l.kind,
    source: l.source,
    spec: l.spec,
    timestamp: l.timestamp,
    cda: l.cda,
    bindings: l.bindings,
    text: l.text,
    range: l.range,
    label: l.label,
    abilityKey: l.abilityKey,
    resolved: l.resolved,
    partsByLayer: l.partsByLayer,
  };
}

/** One map per list of parts (specs are shared between computations), so each layer's list keeps its identity. */
const byLayerCache = new WeakMap<readonly Part[], Map<Layer, Part[]>>();

export function partsByLayer(parts: readonly Part[]): Map<Layer, Part[]> {
  let m = byLayerCache.get(parts);
  if (!m) byLayerCache.set(parts, (m = groupByLayer(parts)));
  return m;
}

function groupByLayer(parts: readonly Part[]): Map<Layer, Part[]> {
  const m = new Map<Layer, Part[]>();
  for (const p of parts) {
    const list = m.get(p.layer);
    if (list) list.push(p);
    else m.set(p.layer, [p]);
  }
  return m;
}

export function emptyBindings(you: string): Bindings {
  return { you, targets: [], targetPlayers: [], choices: [] };
}
