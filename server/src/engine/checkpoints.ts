// Snapshots without a whole game each (issue 9). Every event changes its
// games in place, so the snapshot before it must keep the state it had. A
// whole copy per statement is too much (a 1,000-event file kept 1,000
// games), and rebuilding a snapshot by playing the events again from an
// earlier copy is too slow to answer a hover (each event is several layer
// computations). So each snapshot keeps a frozen state that shares with the
// snapshot before it every object, effect and replacement the event left as
// it was: an event changes a few objects, so a long file keeps about one
// board plus what each event changed. Reading a snapshot makes a game from
// its frozen state (a copy, so nothing read ever changes it) and plays no
// event again; the last few made are kept, since hovers tend to stay near one
// line, and only those few keep their layer computations.

import { Game, type EngineEnv } from './game';
import { cloneState, type ContinuousEffect, type GameObject, type GameState, type ResolvedReplacement } from './state';
import type { WorldView } from './results';

/** Games made from frozen states and kept for the next read (with their views). */
const RECENT = 4;

/** A game's state after one statement, never changed again; objects and effects are shared with the frozen state before it when equal. */
export interface FrozenGame {
  state: Omit<GameState, 'byId'>;
  choices: readonly string[];
  env: EngineEnv;
}

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

/** A game from a frozen state: a copy, with the choices that led to it. */
function thaw(f: FrozenGame): Game {
  const g = new Game(cloneState(f.state as GameState), f.env);
  g.choices = [...f.choices];
  return g;
}

/** Equal as the engine reads them: the same values, Maps and arrays compared by their contents. */
function sameRecord(a: object, b: object): boolean {
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  for (const k in x) {
    const u = x[k];
    const v = y[k];
    if (u === v) continue;
    if (u instanceof Map && v instanceof Map) {
      if (u.size !== v.size) return false;
      for (const [key, val] of u) if (v.get(key) !== val || !v.has(key)) return false;
      continue;
    }
    if (Array.isArray(u) && Array.isArray(v)) {
      if (u.length !== v.length) return false;
      for (let i = 0; i < u.length; i++) if (u[i] !== v[i]) return false;
      continue;
    }
    return false;
  }
  for (const k in y) if (!(k in x) && y[k] !== undefined) return false;
  return true;
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

/** `now`'s records, each the one of `before` (same id) when equal, else a copy. */
function share<T extends { id: string }>(now: readonly T[], before: readonly T[] | undefined): T[] {
  let byId: Map<string, T> | undefined;
  return now.map((o, i) => {
    let b = before?.[i];
    if (b && b.id !== o.id) b = (byId ??= new Map(before!.map((x) => [x.id, x]))).get(o.id);
    return b && sameRecord(o, b) ? b : copyRecord(o);
  });
}

/** The state of `g` now, sharing what did not change with `before` (a frozen state of the same line of play, or an earlier one). */
export function freeze(g: Game, before: FrozenGame | undefined): FrozenGame {
  const s = g.state;
  const b = before?.state;
  // Everything but objects, effects and replacements is small: copied as cloneState copies it.
  const rest = cloneState({ ...s, objects: [], effects: [], replacements: [] });
  const { byId: _, ...state } = rest;
  state.objects = share<GameObject>(s.objects, b?.objects);
  state.effects = share<ContinuousEffect>(s.effects, b?.effects);
  state.replacements = share<ResolvedReplacement>(s.replacements, b?.replacements);
  return { state, choices: [...g.choices], env: g.env };
}

/** Freezes the held games of each statement as the run moves on, each sharing with the one frozen before it. */
export class Checkpoints {
  private last: (FrozenGame | undefined)[];

  /** `start`: the holds of the snapshot the run starts from, whose frozen states the first one shares with. */
  constructor(start?: readonly object[]) {
    this.last = (start ?? []).map((h) => (h instanceof Held ? h.frozen : undefined));
  }

  /** The games held for a statement are about to be changed by the next event: freeze them. */
  release(held: Held[], games: Game[]): void {
    const fallback = this.last.find((f) => f);
    this.last = games.map((g, k) => freeze(g, this.last[k] ?? fallback));
    held.forEach((h, k) => h.freeze(this.last[k]!));
  }
}
