// The answer first: of the effects applied to an object, the two or three
// that explain its values now. A hover leads with these; the full table of
// every step follows (present.ts traceTable).

import type { CharacteristicChange, TraceStep, WorldView } from '../engine/results';
import { changesText, esc, listText } from './present';
import { effectNamer } from './world';

type Topic = 'P/T' | CharacteristicChange['characteristic'];

/** What a user asks about first. */
const PRIORITY: readonly Topic[] = ['P/T', 'types', 'abilities', 'colors', 'controller', 'name', 'copiable', 'text', 'face-down'];

/** Layers whose P/T effects set a value (the value before no longer matters): a copy (1a), a CDA (7a), 7b. */
const SETS_PT = new Set(['1a', '7a', '7b']);

const topicOf = (c: CharacteristicChange): Topic => (c.characteristic === 'power' || c.characteristic === 'toughness' ? 'P/T' : c.characteristic);

/**
 * For each characteristic that effects changed, the steps its value comes
 * from, most decisive first: the last step that changed it; for P/T, the
 * last step that set it (613.4: 7a and 7b set, 7c modifies), then the
 * modifiers after it, latest first.
 */
function explaining(steps: readonly TraceStep[]): TraceStep[][] {
  return PRIORITY.map((t) => {
    const about = steps.filter((s) => s.changes.some((c) => topicOf(c) === t));
    if (t !== 'P/T') return about.slice(-1);
    let set = about.length - 1;
    while (set >= 0 && !SETS_PT.has(about[set]!.layer)) set--;
    return set < 0 ? [...about].reverse() : [about[set]!, ...about.slice(set + 1).reverse()];
  }).filter((xs) => xs.length > 0);
}

/** Up to `max` steps that explain the values (in the order applied), and how many other steps changed something. */
export function keySteps(steps: readonly TraceStep[], max = 3): { shown: TraceStep[]; more: number } {
  const chosen = new Set<TraceStep>();
  const lists = explaining(steps);
  // Round robin: the decisive step of every characteristic before a second one of any.
  for (let k = 0; chosen.size < max && lists.some((l) => l.length > k); k++) {
    for (const l of lists) if (l[k] && chosen.size < max) chosen.add(l[k]!);
  }
  const shown = steps.filter((s) => chosen.has(s));
  return { shown, more: steps.filter((s) => s.changes.length > 0).length - shown.length };
}

/** `- Giant Growth: +3/+3 (layer 7c) — P/T 2/2 → 5/5`, and why it came where it did when that is a dependency or a loop. */
function stepLine(s: TraceStep, names: (id: string) => string): string {
  const why =
    s.reason.kind === 'dependency'
      ? `; after ${esc(listText(s.reason.on.map(names)))}, which it depends on (613.8a)`
      : s.reason.kind === 'loop'
        ? `; in a dependency loop, timestamp order (613.8b)`
        : '';
  return `- ${esc(s.sourceName || 'rules')}: ${esc(s.description)} (layer ${s.layer}) — ${changesText(s.changes, esc)}${why}`;
}

/** Markdown lines: the steps that explain the values, or none when no effect changed anything. */
export function explanationLines(steps: readonly TraceStep[], w: WorldView | undefined): string[] {
  const { shown, more } = keySteps(steps);
  if (!shown.length) return [];
  const names = effectNamer(w);
  const tail = more > 0 ? [`- _and ${more} more ${more === 1 ? 'effect' : 'effects'}: every step is in the table below_`] : [];
  return ['why:', '', ...shown.map((s) => stepLine(s, names)), ...tail];
}
