// Snapshots without a whole game each (issue 9). Every event changes its
// games in place, so the snapshot before it must keep the state it had. A
// whole copy per statement is too much (a 1,000-event file kept 1,000
// games), and rebuilding a snapshot by playing the events again from an
// earlier copy is too slow to answer a hover (each event is several layer
// computations). So each snapshot keeps a frozen state that shares with the
// snapshot before it every object, effect and replacement the event left as
// it was: an event changes a few objects, so a long file keeps about one
// board plus what each event changed. Reading a snapshot makes a game over
// its frozen state (only ever read: the check mode freezes it for real) and
// plays no event again; the last few made are kept, since hovers tend to stay
// near one line, and only those few keep their layer computations.

import { Game, type EngineEnv } from './game';
import { CHECK_INCREMENTAL } from './resume';
import { cloneSmallState, copyObject, editedSince, lastStamp, notEndedFrom, sameStampAs, type ContinuousEffect, type GameObject, type GameState, type ResolvedReplacement } from './state';
import type { WorldView } from './results';
import type { LayerMemo } from './incremental';
import { sameList } from '../util/arrays';
import { PersistentList } from '../util/persistent-list';
import type { StateAt } from './converge';

/** Games made from frozen states and kept for the next read (with their views). */
const RECENT = 2;

/**
 * A game's state after one statement, never changed again. Its lists are
 * versions of the frozen state's before it (util/persistent-list.ts): they
 * share its records where equal, and its unchanged parts.
 */
export interface FrozenState extends Omit<GameState, 'byId' | 'objects' | 'effects' | 'replacements'> {
  objects: PersistentList<GameObject>;
  effects: PersistentList<ContinuousEffect>;
  replacements: PersistentList<ResolvedReplacement>;
}

/** A frozen state, with what a game made from it needs. */
export interface FrozenGame {
  state: FrozenState;
  choices: readonly string[];
  env: EngineEnv;
  /**
   * A layer computation of this line of play at this statement or a few
   * before (engine/incremental.ts): a game made from the frozen state builds
   * its first computation on it instead of computing every layer afresh.
   * Shared by the frozen states between two `MEMO_EVERY` statements. It is
   * the run's memo as it was (it names the run's objects, by id): the game
   * made from the state rebases it on that state's objects (game.ts), so a
   * run that takes one copies nothing.
   */
  memo?: LayerMemo;
}

/**
 * How often (in statements) a frozen state takes a new layer memo; the ones
 * between share it. Counted from the file's first statement, not from where a
 * run starts: a run resumed after an edit shares the previous analysis's
 * memo until the next multiple (a memo for each place edited would pile up
 * in the frozen states that later analyses keep).
 */
const MEMO_EVERY = 16;

/**
 * A new memo is also taken within a group when the run ordered a layer
 * afresh (613.8: an effect joined or left a layer with dependencies), at
 * most once per this many statements.
 */
const REORDERED_EVERY = 4;

/** The snapshots whose games were made last, oldest first. */
const recent = new Set<Held>();

/** A snapshot's hold on one outcome's game, and the view built from it. */
export class Held {
  view?: WorldView;
  viewOf?: Game;
  /** The run's own game, until the next event changes it. */
  private live?: Game;
  /** The state after the statement, once the run has moved on. */
  frozen?: FrozenGame;
  private made?: Game;

  constructor(game: Game) {
    this.live = game;
  }

  get game(): Game {
    if (this.live) return this.live;
    recent.delete(this);
    recent.add(this);
    if (!this.made) {
      this.made = thaw(this.frozen!);
      if (recent.size > RECENT) recent.values().next().value!.forget();
    }
    return this.made;
  }

  /** The state after the statement without making a game (engine/converge.ts compares it). */
  peek(): StateAt {
    return this.live ?? this.frozen!;
  }

  /**
   * Nothing will change the game any more, but this snapshot outlives it:
   * keep its frozen state instead, a version of the one the game was last
   * frozen to (a long file's last statement: what its last event changed is
   * copied, not every object).
   */
  settle(): void {
    if (this.live) this.freeze({ ...freeze(this.live, lastFrozen.get(this.live)), memo: this.live.layerMemo });
  }

  /** The run goes on changing its game: from now on the game is made from `frozen`. */
  freeze(frozen: FrozenGame): void {
    this.live = undefined;
    this.frozen = frozen;
    this.view = undefined;
    this.viewOf = undefined;
  }

  /** Drops the game made from the frozen state, and its view (made again when read). */
  private forget(): void {
    recent.delete(this);
    this.made = undefined;
    this.view = undefined;
    this.viewOf = undefined;
  }
}

/** The frozen state as a game reads it: its lists as arrays, the objects by id (no [id, object] pair made per object). */
export function stateOf(f: FrozenGame): GameState {
  const objects = f.state.objects.toArray();
  const byId = new Map<string, GameObject>();
  for (const o of objects) byId.set(o.id, o);
  const lists = { objects, effects: f.state.effects.toArray(), replacements: f.state.replacements.toArray() };
  // The check mode: a game made here that changed a list would throw, as it would for a record.
  if (CHECK_INCREMENTAL) for (const l of Object.values(lists)) Object.freeze(l);
  return { ...f.state, ...lists, byId };
}

/**
 * A game from a frozen state, with the choices that led to it. Its state is
 * the frozen one itself, not a copy: a game made here is only read (views,
 * hovers, lenses, traces); the run that resumes from it plays on a clone
 * (analyze.ts). The check mode freezes frozen states for real, so a change
 * would throw.
 */
function thaw(f: FrozenGame): Game {
  const state = stateOf(f);
  const g = new Game(state, f.env);
  g.choices = [...f.choices];
  g.adoptMemo(f.memo);
  return g;
}

/**
 * Every field of the records a frozen state shares. A field added to one of
 * these types and not here fails the type check; the tests change each field
 * listed and check the comparison below sees it, so no change is ever missed
 * (a record shared while it differed would show an old state).
 */
export const OBJECT_FIELDS: Record<Exclude<keyof GameObject, 'stamp'>, true> = {
  id: true, decl: true, declIndex: true, copyIndex: true, isToken: true, emblem: true, printed: true, zone: true, incarnation: true, owner: true,
  baseController: true, tapped: true, faceDown: true, attachedTo: true, counters: true, counterTimestamps: true, timestamp: true, entryChoices: true,
  damage: true, deathtouchDamage: true, designations: true,
};
export const EFFECT_FIELDS: Record<keyof ContinuousEffect, true> = {
  id: true, kind: true, sourceId: true, sourceIncarnation: true, spec: true, duration: true, bindings: true, timestamp: true, text: true, range: true,
  label: true, lockedSet: true, copyValues: true, ended: true,
};
export const REPLACEMENT_FIELDS: Record<keyof ResolvedReplacement, true> = {
  id: true, sourceId: true, spec: true, duration: true, bindings: true, timestamp: true, text: true, range: true, used: true, ended: true, selfReplacement: true,
};

function sameMap<K, V>(a: ReadonlyMap<K, V>, b: ReadonlyMap<K, V>): boolean {
  if (a === b) return true;
  if (a.size !== b.size) return false;
  // Most objects have no counters: nothing to walk. Keys, not entries: no [key, value] array per entry.
  if (a.size === 0) return true;
  for (const k of a.keys()) {
    const v = a.get(k);
    if (b.get(k) !== v || (v === undefined && !b.has(k))) return false;
  }
  return true;
}

/** Equal as the engine reads them (Maps and arrays by their contents). Written out field by field: this runs for every object after every event. */
export function sameObject(a: GameObject, b: GameObject): boolean {
  // The very object: a settled stand-in a resumed run shares with its snapshot (state.ts).
  if (a === b) return true;
  return a.printed === b.printed && a.decl === b.decl && sameObjectBesidesCard(a, b);
}

/** sameObject but for `printed` and `decl` (engine/converge.ts compares those by value). */
export function sameObjectBesidesCard(a: GameObject, b: GameObject): boolean {
  return (
    a.id === b.id && a.zone === b.zone && a.incarnation === b.incarnation && a.tapped === b.tapped && a.timestamp === b.timestamp && a.damage === b.damage &&
    a.attachedTo === b.attachedTo && a.baseController === b.baseController && a.owner === b.owner && a.faceDown === b.faceDown &&
    a.deathtouchDamage === b.deathtouchDamage && a.declIndex === b.declIndex && a.copyIndex === b.copyIndex &&
    a.isToken === b.isToken && a.emblem === b.emblem && sameMap(a.counters, b.counters) && sameMap(a.counterTimestamps, b.counterTimestamps) &&
    sameList(a.entryChoices, b.entryChoices) && sameList(a.designations, b.designations)
  );
}

export function sameEffect(a: ContinuousEffect, b: ContinuousEffect): boolean {
  if (a === b) return true;
  return (
    a.id === b.id && a.ended === b.ended && a.kind === b.kind && a.sourceId === b.sourceId && a.sourceIncarnation === b.sourceIncarnation && a.spec === b.spec &&
    a.duration === b.duration && a.bindings === b.bindings && a.timestamp === b.timestamp && a.text === b.text && a.range === b.range && a.label === b.label &&
    sameList(a.lockedSet, b.lockedSet) && a.copyValues === b.copyValues
  );
}

export function sameReplacement(a: ResolvedReplacement, b: ResolvedReplacement): boolean {
  return (
    a.id === b.id && a.used === b.used && a.ended === b.ended && a.sourceId === b.sourceId && a.spec === b.spec && a.duration === b.duration &&
    a.bindings === b.bindings && a.timestamp === b.timestamp && a.text === b.text && a.range === b.range && a.selfReplacement === b.selfReplacement
  );
}

/** A copy that no later change of `o` reaches (its Maps and arrays copied too, as cloneState does). */
function copyRecord<T extends object>(o: T): T {
  const c = { ...o } as Record<string, unknown>;
  for (const k in c) {
    const v = c[k];
    if (v instanceof Map) c[k] = new Map(v);
    else if (Array.isArray(v)) c[k] = v.slice();
  }
  return c as T;
}

/** The record of `before` with the id of `o`, the one at the same place first (records are only ever added, at the end). */
function pairs<T extends { id: string }>(before: PersistentList<T> | undefined): (o: T, i: number) => T | undefined {
  let byId: Map<string, T> | undefined;
  return (o, i) => {
    const b = before?.at(i);
    return b && b.id !== o.id ? (byId ??= new Map(before!.toArray().map((x) => [x.id, x]))).get(o.id) : b;
  };
}

/**
 * The records `at` keeps for `now`'s, as a version of `before`: `before`
 * itself when it holds exactly those in the same places (an event mostly
 * changes an object or two and no effect, a pump an effect and no object),
 * else one that shares all it can with it. A record that is the very one at
 * its place in `before` (an ended effect, which the game takes from its
 * frozen state) is kept without asking `at`, and the places before `from`
 * are known to hold `before`'s records: most effects of a long timeline have
 * ended, and this runs after every event.
 */
function listOf<T>(before: PersistentList<T> | undefined, now: readonly T[], at: (o: T, i: number) => T, from = 0): PersistentList<T> {
  if (!before || before.length > now.length) return PersistentList.of(now.map(at));
  const edit = before.edit();
  const n = before.length;
  for (let i = Math.min(from, n); i < now.length; i++) {
    const o = now[i]!;
    if (i >= n) {
      edit.push(at(o, i));
      continue;
    }
    const b = before.at(i);
    if (o === b) continue;
    const x = at(o, i);
    if (x !== b) edit.set(i, x);
  }
  return edit.done();
}

/** `now`'s records, each the one of `before` (same id) when equal, else a copy. */
function share<T extends { id: string }>(now: readonly T[], before: PersistentList<T> | undefined, same: (a: T, b: T) => boolean, from = 0): PersistentList<T> {
  const pair = pairs(before);
  return listOf(
    before,
    now,
    (o, i) => {
      const b = pair(o, i);
      return b && same(o, b) ? b : copyRecord(o);
    },
    from,
  );
}

/**
 * The frozen record for the object at place `i`: the frozen one of `before`
 * when it is in the same state, found by its stamp (state.ts `edit`), else
 * field by field (an edit may write back the values it had); one found so
 * takes that stamp, so the next freeze finds it by stamp again. Else a copy.
 * The check mode compares the fields of every object shared by its stamp too.
 */
function objectAt(before: PersistentList<GameObject> | undefined): (o: GameObject, i: number) => GameObject {
  const pair = pairs(before);
  return (o, i) => {
    const b = pair(o, i);
    if (!b) return copyObject(o);
    if (b.stamp === o.stamp) {
      if (CHECK_INCREMENTAL && !sameObject(o, b)) throw new Error(`LAYERLENS_CHECK_INCREMENTAL: ${o.id} changed without \`edit\` (state.ts): a frozen state would keep its old state`);
      return b;
    }
    if (!sameObject(o, b)) return copyObject(o);
    // A settled stand-in a resumed run shares with its snapshot is frozen in the check mode, and is `b` itself.
    if (!Object.isFrozen(o)) sameStampAs(o, b.stamp);
    return b;
  };
}

/**
 * The same as shareObjects when `before` is the list this game's objects were
 * last frozen to: only the objects the edit log names since then (`edited`,
 * state.ts) and those added are looked at, not every object (a long
 * timeline's are mostly stand-ins that never change again).
 */
function shareEdited(
  now: readonly GameObject[],
  before: PersistentList<GameObject>,
  edited: readonly string[],
  places: ReadonlyMap<string, number>,
): PersistentList<GameObject> {
  const at = objectAt(before);
  const edit = before.edit();
  for (let i = before.length; i < now.length; i++) edit.push(at(now[i]!, i));
  for (const id of edited) {
    const i = places.get(id);
    if (i === undefined || i >= before.length) continue;
    const o = now[i]!;
    const b = before.at(i)!;
    if (b.id === o.id && b.stamp === o.stamp) continue;
    const x = at(o, i);
    if (x !== b) edit.set(i, x);
  }
  return edit.done();
}

/** What the last freeze of a game's list of objects made: the frozen list, the last stamp before it, each object's place. */
interface ObjectsFrozen {
  frozen: PersistentList<GameObject>;
  stampAt: number;
  places: Map<string, number>;
}

/** By a game's own list of objects (which only grows: objects are only ever added, at the end). */
const objectsFrozen = new WeakMap<readonly GameObject[], ObjectsFrozen>();

/** `now`'s frozen list, from the edit log when `before` is the list `now` was last frozen to. */
function freezeObjects(now: readonly GameObject[], before: PersistentList<GameObject> | undefined): PersistentList<GameObject> {
  const stampAt = lastStamp();
  const last = objectsFrozen.get(now);
  const mine = !!last && !!before && last.frozen === before;
  const edited = mine ? editedSince(last.stampAt) : undefined;
  const frozen = edited && !CHECK_INCREMENTAL ? shareEdited(now, before!, edited, last!.places) : listOf(before, now, objectAt(before));
  // The check mode: the log-read list is the one every object was looked at for.
  if (edited && CHECK_INCREMENTAL) {
    // (Each reading copies a changed object anew: those compare by their fields.)
    const [again, every, was] = [shareEdited(now, before!, edited, last!.places).toArray(), frozen.toArray(), before!.toArray()];
    const alike = again.length === every.length && again.every((x, i) => x === every[i] || (x !== was[i] && sameObject(x, every[i]!)));
    if (!alike) throw new Error('LAYERLENS_CHECK_INCREMENTAL: a frozen list of objects read from the edit log differs from the one read object by object');
  }
  const places = mine ? last.places : new Map<string, number>();
  for (let i = mine ? before!.length : 0; i < now.length; i++) places.set(now[i]!.id, i);
  objectsFrozen.set(now, { frozen, stampAt, places });
  return frozen;
}

/** What the last freeze of a game's list of effects made, and the place before which every record of that list is the frozen one (`freeze`). */
interface EffectsFrozen {
  frozen: PersistentList<ContinuousEffect>;
  takenUpTo: number;
}

/** By a game's own list of effects (which only grows, as objects do). */
const effectsFrozen = new WeakMap<readonly ContinuousEffect[], EffectsFrozen>();

/**
 * `now`'s frozen list of effects. When `before` is the list `now` was last
 * frozen to, the places before its first effect not ended then are passed by:
 * the game holds their frozen records already (ended effects never change
 * again, 611.2b). The check mode reads them too, and throws if that differs.
 */
function freezeEffects(now: ContinuousEffect[], before: PersistentList<ContinuousEffect> | undefined): PersistentList<ContinuousEffect> {
  const last = effectsFrozen.get(now);
  const from = last && last.frozen === before ? last.takenUpTo : 0;
  const frozen = share(now, before, sameEffect, from);
  if (CHECK_INCREMENTAL && from > 0 && !PersistentList.same(frozen, share(now, before, sameEffect), sameEffect)) {
    throw new Error('LAYERLENS_CHECK_INCREMENTAL: a frozen list of effects read from the first one not ended differs from the one read effect by effect');
  }
  // An ended effect never changes again: the game takes the frozen record, which the next freeze then finds as it is.
  for (let i = last?.takenUpTo ?? 0; i < now.length; i++) {
    const e = now[i]!;
    if (e.ended) now[i] = frozen.at(i)!;
  }
  effectsFrozen.set(now, { frozen, takenUpTo: notEndedFrom(now) });
  return frozen;
}

/** Each game's last frozen state. */
const lastFrozen = new WeakMap<Game, FrozenGame>();

/** The state of `g` now, sharing what did not change with `before` (a frozen state of the same line of play, or an earlier one). */
export function freeze(g: Game, before: FrozenGame | undefined): FrozenGame {
  const s = g.state;
  const b = before?.state;
  // Everything but objects, effects and replacements is small: copied as cloneState copies it. (The
  // lists are added to that copy, not spread with it into another object: one shape, no copy.)
  const state = cloneSmallState(s) as FrozenState;
  state.objects = freezeObjects(s.objects, b?.objects);
  state.effects = freezeEffects(s.effects, b?.effects);
  state.replacements = share(s.replacements, b?.replacements, sameReplacement);
  if (CHECK_INCREMENTAL) deepFreeze(state);
  // One shape for every frozen state, with or without a memo.
  const frozen: FrozenGame = { state, choices: [...g.choices], env: g.env, memo: undefined };
  lastFrozen.set(g, frozen);
  return frozen;
}

/** The check mode: what a frozen state holds can no longer be changed (Maps aside), so a game that changed one would throw. */
function deepFreeze(x: unknown, seen = new Set<object>()): void {
  // What is frozen already had its contents frozen first.
  if (!x || typeof x !== 'object' || seen.has(x) || x instanceof Map || Object.isFrozen(x)) return;
  seen.add(x);
  for (const v of Object.values(x)) deepFreeze(v, seen);
  Object.freeze(x);
}

/** Freezes the held games of each statement as the run moves on, each sharing with the one frozen before it. */
export class Checkpoints {
  private last: (FrozenGame | undefined)[];
  private memos: (LayerMemo | undefined)[] = [];
  /** The group of statements (`MEMO_EVERY` long) `memos` were taken in. */
  private group: number;
  /**
   * Each game's last afresh ordering when the memos were taken (or when the
   * run started: what a run inherits is not ordered again, so an edit adds no memo).
   */
  private ordered?: (number | undefined)[];
  /** The statement the memos were taken before. */
  private memoAt = -Infinity;

  /**
   * `start`: the holds of the snapshot the run starts from (after statement
   * `startAt`), whose frozen states, and memos until the next group, the
   * first ones share.
   */
  constructor(start?: readonly object[], startAt = -1) {
    this.last = (start ?? []).map((h) => {
      if (!(h instanceof Held)) return undefined;
      // A run resuming from the previous analysis's last statement has cloned its live games by
      // now; every later analysis keeps that point, so it keeps a frozen state, not the games.
      h.settle();
      return h.frozen;
    });
    this.memos = this.last.map((f) => f?.memo);
    this.group = Math.floor(startAt / MEMO_EVERY);
  }

  /** The games held are about to be changed by the event of statement `at`: freeze them. */
  release(held: Held[], games: Game[], at: number): void {
    const fallback = this.last.find((f) => f);
    const group = Math.floor(at / MEMO_EVERY);
    const frozen = games.map((g, k) => freeze(g, this.last[k] ?? fallback));
    // A layer ordered afresh by this run since the memos were taken (an effect joined a layer with
    // dependencies): a game made from a later state would order it afresh again (a hover of 10–25 ms).
    this.ordered ??= games.map((g) => g.layerMemo?.orderedAt);
    // At most one such memo per REORDERED_EVERY statements: a timeline that orders afresh after every
    // event (tokens entering under type changers) keeps a bounded number of memos.
    const reordered = at - this.memoAt >= REORDERED_EVERY && games.some((g, k) => g.layerMemo && g.layerMemo.orderedAt !== this.ordered![k]);
    if (group !== this.group || !this.memos.some((m) => m) || reordered) {
      this.memos = games.map((g) => g.layerMemo);
      this.ordered = games.map((g) => g.layerMemo?.orderedAt);
      this.group = group;
      this.memoAt = at;
    }
    this.last = frozen.map((f, k) => ({ state: f.state, choices: f.choices, env: f.env, memo: this.memos[k] ?? this.memos[0] }));
    held.forEach((h, k) => h.freeze(this.last[k]!));
  }
}
