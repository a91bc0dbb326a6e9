// One step of an object's layer trace: which effect, in which layer, why at
// that point of the order, and what it changed. Built by the traced layer
// computation (layers.ts) and by one object's trace read from a computation
// without it (object-trace.ts), so both say the same thing in the same words.

import type { Layer, Part } from '../effects/ir';
import type { Live } from './live';
import type { CharacteristicChange, OrderReason, TraceStep } from './results';
import { typeLine, type Working } from './working';

/** What naming an effect's parts needs. */
export interface DescribeEnv {
  describe(part: Part): string;
}

export function traceStep(l: Live, layer: Layer, env: DescribeEnv, reason: OrderReason, changes: CharacteristicChange[]): TraceStep {
  return {
    layer,
    effectId: l.id,
    timestamp: l.timestamp,
    sourceId: l.source.id,
    sourceName: l.source.printed.name,
    text: l.text,
    range: l.range,
    description: describeLayer(l, layer, env),
    reason,
    changes,
  };
}

export function describeLayer(l: Live, layer: Layer, env: DescribeEnv): string {
  const parts = l.partsByLayer.get(layer) ?? [];
  // Name the chosen values (`land type → Mountain`) rather than `choice 2`.
  return parts.map((p) => env.describe(p).replace(/\bchoice (\d+)\b/g, (m, n: string) => l.bindings.choices[Number(n) - 1] ?? m)).join('; ');
}

/** What a layer can change on a record, as the trace shows it. */
export function aspectsOf(w: Working, layer: Layer): Record<string, string> {
  const pt = () => ({ power: String(w.power ?? '—'), toughness: String(w.toughness ?? '—') });
  const abilities = () => w.abilities.map((a) => a.text).join('; ') || 'none';
  switch (layer) {
    case '1a':
    case '1b':
      return { name: w.name || '(no name)', types: typeLine(w), colors: w.colors.join(', ') || 'colorless', abilities: abilities(), ...pt() };
    case '2':
      return { controller: w.controller };
    case '3':
      return { text: abilities() };
    case '4':
      return { types: typeLine(w), abilities: abilities() };
    case '5':
      return { colors: w.colors.join(', ') || 'colorless' };
    case '6':
      return { abilities: abilities() };
    default:
      return pt();
  }
}

export function diff(before: Record<string, string>, after: Record<string, string>): CharacteristicChange[] {
  const out: CharacteristicChange[] = [];
  for (const k of Object.keys(after)) {
    if (before[k] !== after[k]) out.push({ characteristic: k as CharacteristicChange['characteristic'], before: before[k] ?? '', after: after[k]! });
  }
  return out;
}
