// Issue 9: the layer computation after an event, from the one before it.
//
// An event changes a few objects (one enters, one gets a counter) and a few
// effects (a pump begins, an anthem's source leaves). Each layer's result is
// a function of the records entering the layer and the layer's effects, so a
// layer whose effects are the same as last time only needs to be worked out
// again for the objects whose records differ ("dirty") and for the objects
// whose set of effects differs; every other object keeps last time's record.
// This file holds what is kept between two computations and the questions
// asked of it; layers.ts decides, layer by layer, how much to compute again:
//
// - reuse: the same effects, and no dirty object that any of them applies to,
//   could apply to, or is the source of: the layer's result (its order found
//   by trial application, 613.8, included) is last time's;
// - replay: the layer is ordered by timestamps alone (no effect reads what
//   another writes, so no effect's set or values change while the layer is
//   applied): each effect's set is last time's with the dirty objects matched
//   again, and only dirty objects and those whose effects changed are
//   recomputed, in the same order; new effects that come after every old one
//   are applied on top of last time's records of the other objects;
// - extend: the layer is ordered by trial application (613.8) and its effects
//   are last time's: the dirty objects alone go through last time's order,
//   every pair of effects not yet applied tried on them before each step; a
//   dependency they show must be one found then;
// - full: anything else (a trial could order the layer differently).
//
// A copy of a game (a 616 branch, a snapshot) starts from a memo of the game
// it copies, rebased onto its own objects (rebaseMemo).
//
// Nothing here changes what is computed: `LAYERLENS_CHECK_INCREMENTAL=1`
// compares every incremental computation with a full one (checkIncremental).

import type { Independence } from './independence';
import type { Layer, Part } from '../effects/ir';
import type { Live } from './live';
import type { DependencyView, EffectMarks, OrderReason, TraceStep } from './results';
import type { ContinuousEffect, GameObject, GameState, Printed } from './state';
import { appliedOf, type LayerResult } from './layers';
import { cloneWorking, type PlacedWorld, type Working } from './working';
import { changesMap, type Changes } from './changes';
import { sameStrings } from '../util/arrays';
import type { PersistentList } from '../util/persistent-list';

/** One effect as it applied in one layer: to what, in order. */
export interface Step {
  live: Live;
  affected: string[];
  /** Why it applied at this point of the layer's order, as a traced computation says (object-trace.ts reads it). */
  reason: OrderReason;
}

/** What one layer did in one computation. */
export interface LayerRecord {
  /** The effects collected at the start of the layer, in the order collected. */
  pool: Live[];
  /** Whether the pool ends with effects begun in an earlier layer that were not collected (613.6). */
  extras: boolean;
  steps: Step[];
  byId: Map<string, Step>;
  /** Ordered by timestamps alone (`independent` in layers.ts). */
  independent: boolean;
  /** The effects seen in this layer's pools that fit together (independence.ts), for the next computation's pool. */
  independence?: Independence;
  found: DependencyView[];
  loops: string[][];
  /** Before each step, the dependencies found among the effects not yet applied (dependent → depended on → because), 613.8c. */
  stepFound: Map<string, Map<string, string>>[];
  /**
   * The records the layer set (the others leave it as they entered it). A
   * record kept here is never changed again: the next layer copies before it writes.
   */
  changed: Changes;
}

/** What one computation keeps for the next. */
export interface LayerMemo {
  global: string;
  /** Each object's game state, by its place in `state.objects` (objects are only ever added, at the end). */
  states: PersistentList<ObjectState>;
  /** Each object's place in `state.objects`. */
  position: Map<string, number>;
  /** Records after layer 1 (copy effects, face-down status): where layer 2 starts. */
  copied: PlacedWorld;
  /** Whether layer 1 had anything to do (then every record is made again next time). */
  copyEffects: boolean;
  layers: Map<Layer, LayerRecord>;
  /** The records 208.3 set at the end. */
  finalChanged: Changes;
  /** The resolved effects as the computation saw them (the same objects while an effect is unchanged). */
  resolved: Live[];
  /** The objects with a functioning static ability on players or the rules (613.10), in world order. */
  playerSources: string[];
  /** The objects with counters, in world order. */
  counterSources: string[];
  /**
   * Their counters' effects, and those and the resolved effects sorted into
   * layers: the next computation takes them as they are when the same
   * objects have counters, none of them changed, and the resolved effects
   * are the same (a game's own memo only: `rebaseMemo` leaves them out).
   */
  lives?: { counters: Live[]; countersIn: (layer: Layer) => readonly Live[]; resolvedIn: (layer: Layer) => readonly Live[] };
  /**
   * Which computation last ordered a layer afresh (613.8 trials, `full`) in
   * the chain of computations this one was built on: a memo taken before it
   * would make a game built on it order that layer afresh too (checkpoints.ts
   * takes a new one then).
   */
  orderedAt: number;
  /** The last stamp given when it was made (state.ts `lastStamp`): the edit log after it names what changed since. */
  stampAt: number;
}

let orderings = 0;
/** A new mark for `LayerMemo.orderedAt`. */
export function nextOrdering(): number {
  return ++orderings;
}

/** An object's game state as the layer system reads it (not its characteristics, which it computes). */
export interface ObjectState {
  id: string;
  printed: Printed;
  zone: GameObject['zone'];
  incarnation: number;
  owner: string;
  baseController: string;
  tapped: boolean;
  faceDown: boolean;
  attachedTo: string | undefined;
  timestamp: number;
  damage: number;
  deathtouchDamage: boolean;
  isToken: boolean;
  emblem: boolean | undefined;
  counters: [string, number, number | undefined][];
  entryChoices: string[];
  designations: string[];
  /** The object's stamp then (state.ts `edit`): the same stamp now, the same state. */
  stamp: number;
}

export function objectState(o: GameObject): ObjectState {
  return {
    id: o.id,
    stamp: o.stamp,
    printed: o.printed, zone: o.zone, incarnation: o.incarnation, owner: o.owner, baseController: o.baseController, tapped: o.tapped, faceDown: o.faceDown,
    attachedTo: o.attachedTo, timestamp: o.timestamp, damage: o.damage, deathtouchDamage: o.deathtouchDamage, isToken: o.isToken, emblem: o.emblem,
    counters: [...o.counters].map(([k, n]) => [k, n, o.counterTimestamps.get(k)]), entryChoices: [...o.entryChoices], designations: [...o.designations],
  };
}

/**
 * Whether the object is still in the state `s` recorded: the same stamp, or
 * else the same fields (an edit may write back the values it had). The check
 * mode compares the fields of an object with the same stamp too.
 */
export function sameState(o: GameObject, s: ObjectState | undefined): boolean {
  if (!s) return false;
  if (o.stamp === s.stamp && !CHECK_LAYERS) return true;
  const same = sameFields(o, s);
  if (o.stamp === s.stamp && !same) throw new Error(`LAYERLENS_CHECK_INCREMENTAL: ${o.id} changed without \`edit\` (state.ts): the layer memo would keep its old records`);
  return same;
}

/**
 * Whether the object is in the state `s` recorded but for its counters and
 * damage: what only 704 and the effects that read counters (and its
 * counters' own effects) see, not its characteristics.
 */
export function sameStateButCounted(o: GameObject, s: ObjectState | undefined): boolean {
  return !!s && sameFields(o, s, false, true);
}

/** Whether the object is in the state `s` recorded but for being tapped or untapped. */
export function sameStateButTapped(o: GameObject, s: ObjectState | undefined): boolean {
  return !!s && sameFields(o, s, true);
}

/** Field by field: no string is built for an unchanged object. */
function sameFields(o: GameObject, s: ObjectState, exceptTapped = false, exceptCounted = false): boolean {
  if (o.printed !== s.printed || o.zone !== s.zone || o.incarnation !== s.incarnation || (o.tapped !== s.tapped && !exceptTapped) || o.attachedTo !== s.attachedTo || o.timestamp !== s.timestamp) return false;
  if (o.owner !== s.owner || o.baseController !== s.baseController || o.faceDown !== s.faceDown || o.isToken !== s.isToken || o.emblem !== s.emblem) return false;
  if (!sameStrings(o.entryChoices, s.entryChoices) || !sameStrings(o.designations, s.designations)) return false;
  if (exceptCounted) return true;
  if (o.damage !== s.damage || o.deathtouchDamage !== s.deathtouchDamage || o.counters.size !== s.counters.length) return false;
  for (const [k, n, t] of s.counters) if (o.counters.get(k) !== n || o.counterTimestamps.get(k) !== t) return false;
  return true;
}

/**
 * What outside the objects a layer may read: players (life, counters, hand
 * sizes), the turn, the monarch. When it changes, effects with conditions or
 * values read from the game are computed again.
 */
export function globalKey(state: GameState): string {
  return JSON.stringify([state.players, state.activePlayer, state.turn, state.monarch ?? null, state.copyLocks ? Object.keys(state.copyLocks) : null]);
}


/** Whether two records hold the same characteristics (abilities by identity of what they are, not of their compiled form). */
export function sameWorking(a: Working, b: Working): boolean {
  if (a === b) return true;
  return (
    a.obj === b.obj && a.name === b.name && a.manaCost === b.manaCost && a.manaValue === b.manaValue && a.power === b.power && a.toughness === b.toughness &&
    a.controller === b.controller && a.allCreatureTypes === b.allCreatureTypes && a.cantHaveAbilities === b.cantHaveAbilities &&
    sameStrings(a.colors, b.colors) && sameStrings(a.types, b.types) && sameStrings(a.subtypes, b.subtypes) && sameStrings(a.supertypes, b.supertypes) &&
    sameStrings(a.cantGain, b.cantGain) && sameAbilities(a.abilities, b.abilities)
  );
}

function sameAbilities(a: Working['abilities'], b: Working['abilities']): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x === y) continue;
    if (x.key !== y.key || x.text !== y.text || x.origin !== y.origin || x.grantedBy !== y.grantedBy || x.grantTimestamp !== y.grantTimestamp) return false;
  }
  return true;
}

/** Whether two computations' versions of an effect are the same effect with the same values (its source's records aside). */
export function sameLive(a: Live, b: Live): boolean {
  if (a === b) return true;
  if (a.id !== b.id || a.kind !== b.kind || a.cda !== b.cda || a.text !== b.text || a.abilityKey !== b.abilityKey || a.source.id !== b.source.id) return false;
  if (a.timestamp.length !== b.timestamp.length || a.timestamp.some((t, i) => t !== b.timestamp[i])) return false;
  // A counter's parts are made from its kind and number, which its text says.
  if (a.kind !== 'counter' && a.spec !== b.spec) return false;
  if (a.resolved !== b.resolved && (a.resolved?.lockedSet?.join(',') !== b.resolved?.lockedSet?.join(',') || a.resolved?.spec !== b.resolved?.spec)) return false;
  return sameBindings(a.bindings, b.bindings);
}

function sameBindings(a: Live['bindings'], b: Live['bindings']): boolean {
  if (a === b) return true;
  return a.you === b.you && sameStrings(a.targets, b.targets) && a.x === b.x && sameStrings(a.choices, b.choices) && JSON.stringify(a) === JSON.stringify(b);
}

/** Expression and reference kinds that read other objects or the game: their results can change when anything does. */
const NONLOCAL_KINDS = new Set(['count', 'colors-among', 'greatest', 'devotion', 'player-stat', 'player-counters', 'this-way', 'controller-of', 'owner-of']);
/** Filter fields that look at another object. */
const NONLOCAL_FIELDS = ['shares', 'attachedTo', 'hasAttached', 'sameNameAs'];

const nonlocalCache = new WeakMap<object, boolean>();

/**
 * Whether evaluating `x` (a selector, or a layer's parts) for one object may
 * read anything but that object, the effect's source and bindings, and
 * constants. Conservative: a granted ability's text that counts something
 * makes its grant nonlocal, which only costs a recomputation.
 */
export function nonlocal(x: object | undefined): boolean {
  if (!x) return false;
  let r = nonlocalCache.get(x);
  if (r === undefined) nonlocalCache.set(x, (r = walk(x)));
  return r;
}

function walk(x: unknown): boolean {
  if (!x || typeof x !== 'object') return false;
  if (Array.isArray(x)) return x.some(walk);
  const o = x as Record<string, unknown>;
  if (typeof o.kind === 'string') {
    if (NONLOCAL_KINDS.has(o.kind)) return true;
    if ((o.kind === 'stat' || o.kind === 'counters') && o.of !== undefined) return true;
    // Control changes name players by what the game says (layer 2 is rare).
    if (o.kind === 'control') return true;
  }
  for (const f of NONLOCAL_FIELDS) if (o[f] !== undefined && o[f] !== false) return true;
  for (const v of Object.values(o)) if (v && typeof v === 'object' && walk(v)) return true;
  return false;
}

/** Whether an effect's set is decided object by object from that object's own records (a filter, no reference to others). */
export function localSelection(l: Live): boolean {
  return l.spec.affected.kind === 'filter' && !nonlocal(l.spec.affected);
}


/**
 * Whether an effect's set, values or condition can read whether an object is
 * tapped: a filter's `tapped` (`untapped creatures you control`, a count of
 * tapped lands) or a `tapped` condition (`as long as ~ is tapped`), anywhere
 * in its specification.
 */
export function readsTapped(l: Live): boolean {
  return mentionsTapped(l.spec);
}

/**
 * A walk of a specification (or an ability) for a node `here` says yes to,
 * anywhere in it, each object answered once (specifications are shared).
 */
function mentioning(here: (o: Record<string, unknown>) => boolean): (x: unknown) => boolean {
  const answers = new WeakMap<object, boolean>();
  const walk = (x: unknown): boolean => {
    if (!x || typeof x !== 'object') return false;
    let r = answers.get(x);
    if (r !== undefined) return r;
    const o = x as Record<string, unknown>;
    r = here(o) || (Array.isArray(x) ? x.some(walk) : Object.values(o).some(walk));
    answers.set(x, r);
    return r;
  };
  return walk;
}

/** Whether a specification (or an ability) mentions whether an object is tapped, anywhere in it. */
export const mentionsTapped = mentioning((o) => typeof o.tapped === 'boolean' || o.kind === 'tapped');

/**
 * Whether a specification reads counters on objects, anywhere in it: a
 * filter's `with a counter on it`, a number of counters (a level, 711), in its
 * set, values or condition. (Damage marked is read by 704 alone.)
 */
export const mentionsCounters = mentioning((o) => o.withCounter !== undefined || o.kind === 'counters');

/** Whether an effect's set is its own object alone (a counter's, a level's): it changes only when that object does. */
export function ownObject(l: Live): boolean {
  const a = l.spec.affected;
  return a.kind === 'object' && a.ref.kind === 'self';
}

/** Whether what the effect does to an object in this layer depends on that object alone. */
export function localValues(l: Live, layer: Layer): boolean {
  const parts: readonly Part[] | undefined = l.partsByLayer.get(layer);
  return !l.spec.condition && !nonlocal(parts);
}

/** By list of steps: a layer's record shares last time's list when its steps are last time's (layers.ts `keepSteps`). */
const touchedCache = new WeakMap<readonly Step[], Set<string>>();

/** Every object some effect of the layer applied to. */
export function touchedBy(r: LayerRecord): Set<string> {
  let t = touchedCache.get(r.steps);
  if (!t) {
    t = new Set();
    // (Indexed: every step's every object, made again whenever a layer's steps change.)
    for (let i = 0; i < r.steps.length; i++) {
      const ids = r.steps[i]!.affected;
      for (let k = 0; k < ids.length; k++) t.add(ids[k]!);
    }
    touchedCache.set(r.steps, t);
  }
  return t;
}

/** Adds to `into` the ids in one list and not the other. */
export function addDifference(a: readonly string[], b: readonly string[], into: Set<string>): void {
  if (a.length === b.length && a.every((x, i) => x === b[i])) return;
  const sa = new Set(a);
  const sb = new Set(b);
  for (const x of a) if (!sb.has(x)) into.add(x);
  for (const x of b) if (!sa.has(x)) into.add(x);
}

// ---------------------------------------------------------------------------
// Copies of a game (checkpoints, 616 branches, simulations)

/**
 * The memo of a computation on another copy of the same game, for this copy:
 * every record and effect that names an object names this copy's object of
 * the same id. What it describes is the other copy's computation, which is
 * all an incremental computation asks of a memo (it compares states).
 *
 * Only what names another object is copied. Frozen states keep their run's
 * memos as they are (checkpoints.ts): a memo is never changed once made and
 * names objects by id, so it is rebased when a game made from a frozen state
 * first computes its layers, not each time a run takes one.
 */
export function rebaseMemo(memo: LayerMemo, state: GameState, seed: (live: Live) => void): LayerMemo {
  const made = { records: new Map<Working, Working>(), lives: new Map<Live, Live>() };
  const effects = new Map<string, ContinuousEffect>();
  for (const e of state.effects) effects.set(e.id, e);
  const record = (w: Working): Working => {
    const o = state.byId.get(w.obj.id);
    if (!o || o === w.obj) return w;
    let r = made.records.get(w);
    if (r) return r;
    r = cloneWorking(w, o);
    made.records.set(w, r);
    return r;
  };
  const seen = new Set<Live>();
  const live = (l: Live): Live => {
    const resolved = l.resolved && effects.get(l.resolved.id);
    const source = state.byId.get(l.source.id) ?? l.source;
    let r: Live | undefined = source === l.source && (!resolved || resolved === l.resolved) ? l : made.lives.get(l);
    if (!r) {
      r = { ...l, source, ...(resolved ? { resolved } : {}) };
      made.lives.set(l, r);
    }
    if (!seen.has(r)) {
      seen.add(r);
      seed(r);
    }
    return r;
  };
  /** The same records when none of them changes (memos are never changed once made); else a Map of them (the next computation keeps them by place again). */
  const map = (m: Changes): Changes => {
    let out: Map<string, Working> | undefined;
    m.forEach((w, id) => {
      const r = record(w);
      if (r !== w) (out ??= changesMap(m)).set(id, r);
    });
    return out ?? m;
  };
  /** The same for the records after layer 1. */
  const world = (m: PlacedWorld): PlacedWorld => {
    let out: PlacedWorld | undefined;
    m.forEach((w, id) => {
      const r = record(w);
      if (r !== w) (out ??= m.copy()).set(id, r);
    });
    return out ?? m;
  };
  const list = <T>(xs: T[], f: (x: T) => T): T[] => {
    let out: T[] | undefined;
    xs.forEach((x, i) => {
      const y = f(x);
      if (y !== x) (out ??= xs.slice())[i] = y;
    });
    return out ?? xs;
  };
  const layers = new Map<Layer, LayerRecord>();
  for (const [layer, r] of memo.layers) {
    const steps = list(r.steps, (s) => {
      const l = live(s.live);
      return l === s.live ? s : { ...s, live: l };
    });
    const pool = list(r.pool, live);
    const changed = map(r.changed);
    const same = steps === r.steps && pool === r.pool && changed === r.changed;
    layers.set(layer, same ? r : { ...r, pool, steps, byId: steps === r.steps ? r.byId : new Map(steps.map((s) => [s.live.id, s])), changed });
  }
  // (The counters' and resolved effects sorted into layers are this game's: the next computation makes its own.)
  return { ...memo, copied: world(memo.copied), layers, finalChanged: map(memo.finalChanged), resolved: list(memo.resolved, live), lives: undefined };
}

// ---------------------------------------------------------------------------
// The check mode

export const CHECK_LAYERS = typeof process !== 'undefined' && process.env?.LAYERLENS_CHECK_INCREMENTAL === '1';

/** Everything a computation without the trace gives, as text, for comparing two of them. */
export function describeResult(r: LayerResult): string {
  const abilities = (w: Working) => w.abilities.map((a) => `${a.key}=${a.text}:${a.origin}:${a.grantedBy ?? ''}:${a.grantTimestamp ?? ''}`).join('|');
  const lines: string[] = [];
  for (const [id, w] of r.world) {
    lines.push(`${id}: ${w.obj.id} ${w.name} ${w.manaCost} ${w.manaValue} [${w.colors}] [${w.supertypes}] [${w.types}] [${w.subtypes}] ${w.allCreatureTypes} ${w.power}/${w.toughness} ${w.controller} ${w.cantHaveAbilities} [${w.cantGain}] {${abilities(w)}}`);
  }
  for (const [id, c] of r.copiable.entries()) lines.push(`copiable ${id}: ${JSON.stringify({ ...c, abilities: c.abilities.map((a) => a.key + '=' + a.text) })}`);
  for (const [id, a] of appliedOf(r)) lines.push(`applied ${id}: ${a.live.id} ${a.affected.join(',')} ${a.layers.join(',')}`);
  lines.push(`dependencies ${JSON.stringify(r.dependencies)}`, `loops ${JSON.stringify(r.loops)}`);
  for (const [p, pc] of r.players) lines.push(`player ${p}: ${pc.abilities.join(',')} ${pc.maxHandSize}`);
  lines.push(`rules ${JSON.stringify(r.rules)}`);
  for (const [id, es] of r.objectRules) lines.push(`object rules ${id}: ${JSON.stringify(es)}`);
  for (const [id, es] of r.playerRules) lines.push(`player rules ${id}: ${JSON.stringify(es)}`);
  for (const [id, v] of r.copyLocks) lines.push(`copy lock ${id}: ${v.name}`);
  return lines.join('\n');
}

/** Throws, with the first difference, when an incremental computation differs from a full one. */
export function checkIncremental(incremental: LayerResult, full: LayerResult): void {
  const a = describeResult(incremental).split('\n');
  const b = describeResult(full).split('\n');
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i++) {
    if (a[i] !== b[i]) throw new Error(`LAYERLENS_CHECK_INCREMENTAL: the incremental layer computation differs from a full one:\n  incremental: ${a[i]}\n  full:        ${b[i]}`);
  }
}

/** Throws when one object's trace read from a memo (object-trace.ts) differs from the traced computation's. */
export function checkMarks(id: string, read: EffectMarks, traced: EffectMarks): void {
  if (read.dependency !== traced.dependency || read.changed !== traced.changed) {
    throw new Error(`LAYERLENS_CHECK_INCREMENTAL: the ◆ marks of ${id} read from the memo differ from the traced computation's: ${JSON.stringify(read)} against ${JSON.stringify(traced)}`);
  }
}

export function checkTrace(id: string, read: readonly TraceStep[], traced: readonly TraceStep[]): void {
  const a = read.map((s) => JSON.stringify(s));
  const b = traced.map((s) => JSON.stringify(s));
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (a[i] !== b[i]) throw new Error(`LAYERLENS_CHECK_INCREMENTAL: the trace of ${id} read from the memo differs from the traced computation's (step ${i + 1}):\n  read:   ${a[i]}\n  traced: ${b[i]}`);
  }
}
