// Issue 9: an edit early in a long file whose consequences end (a pump whose
// turn is over, a tapped creature that untaps) leaves, some statements later,
// the very state the previous analysis had at the same statement. From there
// on, the same statements give the same results, so the analysis takes the
// previous one's instead of playing the rest of the file again.
//
// "The very state" is the whole game state, field by field, with one
// exception: an effect or replacement that has ended is never read again
// except for its label (`end LABEL`, engine/timeline.ts), so two ended ones
// with the same id and label are alike whatever they did while they applied.

import { sameObject, sameObjectBesidesCard, type FrozenState } from './checkpoints';
import { CHECK_INCREMENTAL } from './resume';
import { sameList } from '../util/arrays';
import { PersistentList } from '../util/persistent-list';
import { namedSources, STAND_IN, type ContinuousEffect, type GameObject, type GameState, type ResolvedReplacement } from './state';

/** What is compared: a game's state (a live game's, or a frozen one) and the choices (616) that led to it. */
export interface StateAt {
  state: Omit<GameState, 'byId'> | FrozenState;
  choices: readonly string[];
}

/** A live game's list, or a frozen state's. */
type Listed<T> = readonly T[] | PersistentList<T>;

function arrayOf<T>(l: Listed<T>): readonly T[] {
  return l instanceof PersistentList ? l.toArray() : l;
}

/** Two frozen versions of a list compare only the parts they do not share (a long file's runs share most). */
function sameItems<T>(a: Listed<T>, b: Listed<T>, same: (x: T, y: T) => boolean): boolean {
  if (a instanceof PersistentList && b instanceof PersistentList) return PersistentList.same(a, b, same);
  return sameList(arrayOf(a), arrayOf(b), same);
}

/** Whether every later statement will do to `a` exactly what it did to `b`. */
export function sameFuture(a: StateAt, b: StateAt): boolean {
  const s = a.state;
  const t = b.state;
  let quiet: Set<string> | undefined;
  // One closure per call, not one per object compared.
  const quietOf = (): Set<string> => (quiet ??= quietStandIns(s, t));
  const sameObj = (x: GameObject, y: GameObject): boolean => sameObjectValue(x, y, quietOf);
  if (!sameList(a.choices, b.choices) || !sameItems<GameObject>(s.objects, t.objects, sameObj)) return false;
  if (!sameItems<ContinuousEffect>(s.effects, t.effects, sameEffectValue) || !sameItems<ResolvedReplacement>(s.replacements, t.replacements, sameReplacementValue)) return false;
  return (
    s.nextTimestamp === t.nextTimestamp && s.nextEffectId === t.nextEffectId && s.activePlayer === t.activePlayer && s.turn === t.turn && s.monarch === t.monarch &&
    sameValue(s.players, t.players) && sameValue(s.delayed, t.delayed) && sameValue(s.activations, t.activations) && sameValue(s.exiledUntil, t.exiledUntil) &&
    sameValue(s.copyLocks, t.copyLocks)
  );
}

/** Equal as plain data (the same object, or the same JSON): for the parts of a state a run makes afresh (a resolved spell's text compiled again). */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  try {
    return JSON.stringify(a) === JSON.stringify(b);
  } catch {
    return false;
  }
}

/**
 * Objects by field. A resolving spell's stand-in (`resolve@N`, named after
 * the spell's words) is made again by each run: its printed values and
 * declaration are compared as data, and not at all once it is nowhere and
 * nothing that still applies or waits names it as its source (its name is
 * only ever read as that source's name).
 */
function sameObjectValue(a: GameObject, b: GameObject, quiet: () => Set<string>): boolean {
  // The same stamp, the same state (state.ts `edit`: a resumed run's objects are copies of its snapshot's).
  if (a.stamp === b.stamp) {
    if (CHECK_INCREMENTAL && !sameObject(a, b)) throw new Error(`LAYERLENS_CHECK_INCREMENTAL: ${a.id} changed without \`edit\` (state.ts)`);
    return true;
  }
  if (a.printed === b.printed && a.decl === b.decl) return sameObject(a, b);
  if (!sameObjectBesidesCard(a, b)) return false;
  return (a.zone === null && quiet().has(a.id)) || (jsonOf(a.printed) === jsonOf(b.printed) && jsonOf(a.decl) === jsonOf(b.decl));
}

/**
 * A card's printed values and declaration as JSON, made once per object: they
 * never change once made (the parser's declarations, a stand-in's), and the
 * stand-ins of a resumed run are compared at every statement until it converges.
 */
const jsons = new WeakMap<object, string>();
function jsonOf(x: object): string {
  let j = jsons.get(x);
  if (j === undefined) jsons.set(x, (j = JSON.stringify(x)));
  return j;
}

/** The stand-ins no effect, replacement or delayed trigger that may still matter names as its source, in both states. */
function quietStandIns(s: StateAt['state'], t: StateAt['state']): Set<string> {
  const listed = (x: StateAt['state']) => ({
    effects: arrayOf<ContinuousEffect>(x.effects),
    replacements: arrayOf<ResolvedReplacement>(x.replacements),
    delayed: x.delayed,
    exiledUntil: x.exiledUntil,
  });
  const named = namedSources(listed(t), namedSources(listed(s)));
  const out = new Set<string>();
  for (const o of arrayOf<GameObject>(s.objects)) if (o.id.startsWith(STAND_IN) && !named.has(o.id)) out.add(o.id);
  return out;
}

function sameEffectValue(a: ContinuousEffect, b: ContinuousEffect): boolean {
  if (a.id !== b.id || a.ended !== b.ended || a.label !== b.label) return false;
  if (a.ended) return true;
  return (
    a.kind === b.kind && a.sourceId === b.sourceId && a.sourceIncarnation === b.sourceIncarnation && a.timestamp === b.timestamp && a.text === b.text &&
    sameList(a.lockedSet, b.lockedSet) && sameValue(a.spec, b.spec) && sameValue(a.duration, b.duration) && sameValue(a.bindings, b.bindings) &&
    sameValue(a.range, b.range) && sameValue(a.copyValues, b.copyValues)
  );
}

function sameReplacementValue(a: ResolvedReplacement, b: ResolvedReplacement): boolean {
  const label = (r: ResolvedReplacement) => (r as { label?: string }).label;
  if (a.id !== b.id || a.ended !== b.ended || label(a) !== label(b)) return false;
  if (a.ended) return true;
  return (
    a.used === b.used && a.sourceId === b.sourceId && a.timestamp === b.timestamp && a.text === b.text && a.selfReplacement === b.selfReplacement &&
    sameValue(a.spec, b.spec) && sameValue(a.duration, b.duration) && sameValue(a.bindings, b.bindings) && sameValue(a.range, b.range)
  );
}
