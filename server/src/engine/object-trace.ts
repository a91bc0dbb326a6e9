// Issue 9: one object's layer trace, read from a computation made without
// the trace, instead of computing every object's trace to show one (a hover,
// a lens's ◆ marker).
//
// A computation's memo (incremental.ts) keeps, per layer, the effects in the
// order they applied, the objects each applied to, why each came at its
// point of the order (613.7 timestamps, 613.8 dependencies), and the records
// the layer set. The object's record entering each layer is therefore known,
// and taking it through that layer's steps again, recording each, gives the
// steps a traced computation records for it, as long as what each step does
// to the object depends on that object alone: then the other objects' records
// in the middle of the layer, which the memo does not keep, are never read.
// Otherwise (values counted from other objects, control changes, copy effects
// and face-down objects in layer 1) the caller falls back to the traced
// computation of the whole board.

import type { Layer } from '../effects/ir';
import { applyParts } from './apply';
import { nonlocal, type LayerRecord, type Step } from './incremental';
import { OBJECT_LAYERS, scopeIn, type LayerEnv, type LayerResult } from './layers';
import type { CharacteristicChange, EffectMarks, OrderReason, TraceStep } from './results';
import { aspectsOf, diff, traceStep } from './trace-step';
import { ScratchWorld, cloneWorking, type Working } from './working';

/** One object's steps in a computation without the trace; undefined when only the traced computation can tell. */
export function objectTrace(r: LayerResult, env: LayerEnv, id: string): TraceStep[] | undefined {
  const out: TraceStep[] = [];
  const read = walk(r, env, id, () => true, (s, layer, changes) => out.push(traceStep(s.live, layer, env, s.reason, changes())));
  if (!read) return undefined;
  // 613.10/613.11: the rule effects' steps, which every computation records.
  out.push(...(r.traces.get(id) ?? []));
  return out;
}

/**
 * What a lens's ◆ says of the object, as its trace would say it (marksOf):
 * read like objectTrace but without the words of each step, and each step's
 * changes only until one is seen. Undefined where objectTrace is.
 */
export function objectMarks(r: LayerResult, env: LayerEnv, id: string): EffectMarks | undefined {
  const marks = marksOf(r.traces.get(id) ?? []);
  const read = walk(r, env, id, () => !marks.changed, (s, _layer, changes) => {
    if (ordered(s.reason)) marks.dependency = true;
    if (!marks.changed && changes().length > 0) marks.changed = true;
  });
  return read ? marks : undefined;
}

/** The marks of a trace: an effect ordered by dependency or in a loop (613.8), and an effect that changed something. */
export function marksOf(trace: readonly TraceStep[]): EffectMarks {
  return { dependency: trace.some((s) => ordered(s.reason)), changed: trace.some((s) => s.changes.length > 0) };
}

function ordered(reason: OrderReason): boolean {
  return reason.kind === 'dependency' || reason.kind === 'loop';
}

/** A step of the object in one layer; `changes` works out what it changed (nothing when `wants` said no before the step). */
type Visit = (s: Step, layer: Layer, changes: () => CharacteristicChange[]) => void;

/** Takes the object through each layer's steps again, from its record entering the layer; false when they read other objects. */
function walk(r: LayerResult, env: LayerEnv, id: string, wants: () => boolean, visit: Visit): boolean {
  const memo = r.memo;
  // 613.2: copy effects and face-down status set the values every later layer starts from (engine/copy.ts).
  if (!memo || memo.copyEffects) return false;
  let entering = memo.copied.get(id);
  for (const layer of OBJECT_LAYERS) {
    const rec = memo.layers.get(layer);
    if (!rec || !entering) continue;
    const steps = stepsOf(rec).get(id);
    if (steps && !replay(rec, steps, layer, entering, r, env, id, wants, visit)) return false;
    entering = rec.changed.get(id) ?? entering;
  }
  return true;
}

/** The object's steps in one layer, on a copy of its record entering the layer; false when they read other objects. */
function replay(rec: LayerRecord, steps: readonly number[], layer: Layer, entering: Working, r: LayerResult, env: LayerEnv, id: string, wants: () => boolean, visit: Visit): boolean {
  // Layer 2's effects name players by what the game says; any other nonlocal part reads other objects mid-layer.
  if (layer === '2' || steps.some((k) => nonlocal(rec.steps[k]!.live.partsByLayer.get(layer)))) return false;
  const cur = cloneWorking(entering);
  // What an effect reads of the object itself (`its power`) it reads from the world: this record, as the layer makes it.
  const world = new ScratchWorld(r.world);
  world.set(id, cur);
  for (const k of steps) {
    const s = rec.steps[k]!;
    // The values before the step, as text, only when its changes are asked for (a lens's ◆ stops at the first).
    const before = wants() ? aspectsOf(cur, layer) : undefined;
    applyParts(s.live, layer, cur, world, env, scopeIn(s.live, r.world));
    visit(s, layer, () => (before ? diff(before, aspectsOf(cur, layer)) : []));
  }
  return true;
}

const indexes = new WeakMap<LayerRecord, Map<string, number[]>>();

/** Per object, the indexes of the layer's steps that applied to it, in order (made once per record, for every object asked about). */
function stepsOf(rec: LayerRecord): Map<string, number[]> {
  let index = indexes.get(rec);
  if (!index) {
    index = new Map();
    rec.steps.forEach((s, k) => {
      for (const x of s.affected) {
        const ks = index!.get(x);
        if (ks) ks.push(k);
        else index!.set(x, [k]);
      }
    });
    indexes.set(rec, index);
  }
  return index;
}
