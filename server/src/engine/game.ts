// One line of play: the game state plus the memoised layer computation, and
// the primitive changes every event is made of (zone changes per 400.7,
// timestamps per 613.7, creating resolved effects per 611.2).

import type { Ability, Duration, EffectSpec, Part, Zone } from '../effects/ir';
import type { Range } from '../syntax/ast';
import type { ChoicePool } from './choices';
import { evalCondition, select, type Env, type Scope } from './evaluate';
import { CHECK_LAYERS, checkMarks, checkTrace, rebaseMemo, type LayerMemo } from './incremental';
import { marksOf, objectMarks, objectTrace } from './object-trace';
import type { EffectMarks, TraceStep } from './results';
import { computeLayers, seedLive, type LayerEnv, type LayerResult } from './layers';
import { fixResolvedValues } from './resolution-values';
import { cloneState, edit, objectKey, takeTimestamp, type Bindings, type ContinuousEffect, type GameObject, type GameState } from './state';
import type { Working } from './working';

/** What the engine needs from outside the state: compilation and name look-up. */
export interface EngineEnv {
  /**
   * Lower-case name/alias (and `alias#k`) → object ids. Never changed in
   * place: a token's name learned replaces the map (tokens.ts), so a point of
   * the timeline keeps the names known there, and a run resumed from it knows
   * those and no later ones (resume.ts).
   */
  names: ReadonlyMap<string, string[]>;
  players: string[];
  recompile(text: string, cardName: string): Ability | undefined;
  makeAbility(text: string): Ability;
  describe(part: Part): string;
}

export interface LogLine {
  text: string;
  /** `sba` lines become information diagnostics on the event; `warning` lines warnings (an unanswerable choice). */
  kind: 'change' | 'sba' | 'replacement' | 'note' | 'warning';
}

/**
 * 616.1: every order of several replacement effects is explored, and the
 * outcomes multiply from event to event. A file may explore this many orders
 * beyond the first of each choice; after that each choice follows its first
 * order only, so a hostile file ends in bounded time with a warning where the
 * exploration stopped.
 */
export const EXPLORATION_BUDGET = 2048;

export interface ExplorationBudget {
  left: number;
}

/**
 * Whether layer computations build on the previous one (engine/incremental.ts).
 * Always on; a test turns it off to compare whole reports both ways.
 */
let incremental = true;
export function setIncremental(on: boolean): void {
  incremental = on;
}

export class Game {
  private cache: LayerResult | undefined;
  /** What the last computation keeps for the next one (engine/incremental.ts). */
  private memo: LayerMemo | undefined;
  /** The result `memo` belongs to (this game's own last computation; a copy starts without one). */
  private last: LayerResult | undefined;
  /** A copy's memo names the other copy's objects until it is rebased on this copy's. */
  private memoForeign = false;
  private traced: LayerResult | undefined;
  /** The check mode's traced computation, to compare one object's trace with. */
  private checkTraced: LayerResult | undefined;
  /** What happened during the current event, for its report and the trace. */
  log: LogLine[] = [];
  /** The choices that led to this line of play (616.1), for the outcome list. */
  choices: string[] = [];
  /** Set when 616 exploration stopped at the branch cap during the current event. */
  capped = false;
  /** Set when the file's exploration budget ran out during the current event (a 616 order was not explored). */
  exhausted = false;
  /** The 616 orders the whole file may still explore, shared by every line of play (clones share it). */
  budget: ExplorationBudget = { left: EXPLORATION_BUDGET };

  constructor(
    public state: GameState,
    readonly env: EngineEnv,
  ) {}

  /** A copy to play on; `resuming` (between two statements): settled stand-ins are shared, not copied (state.ts); `env`: a resumed run's own. */
  clone(resuming = false, env = this.env): Game {
    const g = new Game(cloneState(this.state, resuming), env);
    g.memo = this.memo;
    g.memoForeign = !!this.memo;
    g.log = [...this.log];
    g.choices = [...this.choices];
    g.capped = this.capped;
    g.exhausted = this.exhausted;
    g.budget = this.budget;
    return g;
  }

  lookup = (name: string): GameObject | undefined => {
    const lower = name.toLowerCase();
    const direct = this.state.byId.get(name) ?? this.state.objects.find((o) => o.id.toLowerCase() === lower);
    if (direct) return direct;
    const ids = this.env.names.get(lower);
    return ids ? this.state.byId.get(ids[0]!) : undefined;
  };

  get evalEnv(): Env {
    return { state: this.state, lookup: this.lookup };
  }

  layerEnv(): LayerEnv {
    return {
      state: this.state,
      lookup: this.lookup,
      recompile: (text: string, w: Working) => this.env.recompile(text, w.obj.printed.name),
      makeAbility: this.env.makeAbility,
      describe: this.env.describe,
    };
  }

  /** The characteristics of everything now (613), memoised until the next change, without the per-step trace. */
  layers(): LayerResult {
    if (this.traced) return this.traced;
    if (!this.cache) {
      if (this.memo && this.memoForeign) this.memo = rebaseMemo(this.memo, this.state, seedLive);
      this.memoForeign = false;
      this.cache = computeLayers(this.state, this.layerEnv(), false, incremental ? { prev: this.memo, keep: true, last: this.last } : {});
      this.memo = this.cache.memo;
      this.last = this.cache;
    }
    return this.cache;
  }

  /** What the last layer computation keeps for the next (immutable), for a copy of this game made later (a frozen snapshot). */
  get layerMemo(): LayerMemo | undefined {
    return this.memo;
  }

  /** Start from a memo of another copy of this line of play (engine/incremental.ts: any earlier computation will do). */
  adoptMemo(memo: LayerMemo | undefined): void {
    if (!memo || this.cache) return;
    this.memo = memo;
    this.memoForeign = true;
  }

  /** The same with every step recorded, for the views and the trace. */
  tracedLayers(): LayerResult {
    if (!this.traced) {
      // The computation without the trace first (incremental, and what the engine asks next anyway): the traced
      // one takes its dependencies as found (613.8a trials are most of a computation's cost on a large board).
      const order = incremental ? (this.cache ?? this.layers()).memo : undefined;
      this.traced = computeLayers(this.state, this.layerEnv(), true, { order });
    }
    return this.traced;
  }

  /**
   * One object's trace (a hover, a lens): read from the computation without
   * the trace when the memo can tell it (engine/object-trace.ts), else from
   * the traced computation of the whole board.
   */
  traceOf(id: string): TraceStep[] {
    if (this.traced || !incremental) return this.tracedLayers().traces.get(id) ?? [];
    const steps = objectTrace(this.layers(), this.layerEnv(), id);
    if (!steps) return this.tracedLayers().traces.get(id) ?? [];
    // The check mode (issue 9): the same steps as the traced computation's, in the same words.
    if (CHECK_LAYERS) checkTrace(id, steps, (this.checkTraced ??= computeLayers(this.state, this.layerEnv(), true)).traces.get(id) ?? []);
    return steps;
  }

  /** What one object's trace says for a lens's ◆, without its words when the memo can tell it (engine/object-trace.ts). */
  marksOf(id: string): EffectMarks {
    const read = this.traced || !incremental ? undefined : objectMarks(this.layers(), this.layerEnv(), id);
    if (!read) return marksOf(this.traceOf(id));
    // The check mode (issue 9): the marks of the traced computation's steps.
    if (CHECK_LAYERS) checkMarks(id, read, marksOf((this.checkTraced ??= computeLayers(this.state, this.layerEnv(), true)).traces.get(id) ?? []));
    return read;
  }

  changed(): void {
    this.cache = undefined;
    this.traced = undefined;
    this.checkTraced = undefined;
  }

  chars(id: string): Working | undefined {
    return this.layers().world.get(id);
  }

  obj(id: string): GameObject | undefined {
    return this.state.byId.get(id);
  }

  note(text: string, kind: LogLine['kind'] = 'change'): void {
    this.log.push({ text, kind });
  }

  // -------------------------------------------------------------------------
  // Primitive changes

  /** 400.7: an object that changes zones becomes a new object with no memory of its previous existence. */
  setZone(o: GameObject, zone: Zone | null, opts: { controller?: string; tapped?: boolean; faceDown?: boolean } = {}): void {
    const wasOnBattlefield = o.zone === 'battlefield';
    const e = edit(o);
    e.zone = zone;
    e.incarnation++;
    e.counters = new Map();
    e.counterTimestamps = new Map();
    e.attachedTo = undefined;
    e.damage = 0;
    e.deathtouchDamage = false;
    e.tapped = zone === 'battlefield' ? !!opts.tapped : false;
    e.faceDown = zone === 'battlefield' ? !!opts.faceDown : false;
    e.baseController = zone === 'battlefield' ? opts.controller ?? o.owner : o.owner;
    e.entryChoices = [];
    e.designations = [];
    // 613.7d: an object receives a timestamp as it enters a zone.
    e.timestamp = takeTimestamp(this.state);
    if (wasOnBattlefield) {
      // What was attached to it is now attached to nothing (704.5m/n handle the rest).
      // (Indexed: every object, for each that leaves the battlefield.)
      const objects = this.state.objects;
      for (let i = 0; i < objects.length; i++) if (objects[i]!.attachedTo === o.id) edit(objects[i]!).attachedTo = undefined;
    }
    // 704.5d: a token that leaves the battlefield ceases to exist (as a state-based action; done at once here).
    this.changed();
  }

  /** Create a resolved continuous effect (611.2), fixing its set for characteristics and control (611.2c). */
  createEffect(args: { source: GameObject; spec: EffectSpec; duration: Duration; bindings: Bindings; text: string; range?: Range; label?: string }): ContinuousEffect | undefined {
    const scope: Scope = { source: args.source, bindings: args.bindings };
    const world = this.layers().world;
    const env = this.evalEnv;
    // 611.2b: a "for as long as" duration that has already ended means the effect does nothing.
    if (args.duration.kind === 'as-long-as' && !evalCondition(args.duration.condition, scope, world, env)) {
      this.note(`"${args.text}" does nothing: its duration ended before it began (611.2b)`, 'note');
      return undefined;
    }
    const changesObjects = args.spec.parts.some((p) => p.layer !== 'player' && p.layer !== 'rules');
    const e: ContinuousEffect = {
      id: `e${this.state.nextEffectId++}`,
      kind: 'resolved',
      sourceId: args.source.id,
      sourceIncarnation: args.source.incarnation,
      spec: args.spec,
      duration: args.duration,
      bindings: args.bindings,
      timestamp: takeTimestamp(this.state),
      text: args.text,
      range: args.range,
      label: args.label,
      ended: false,
    };
    if (changesObjects && args.spec.affected.kind !== 'player') {
      // 611.2c: the set of affected objects is determined when the effect begins.
      const ids = select(args.spec.affected, scope, world, env);
      e.lockedSet = ids.map((id) => objectKey(this.state.byId.get(id)!));
      // 608.2h: so are the numbers it reads from the game.
      e.spec = fixResolvedValues(args.spec, scope, world, env, ids);
    }
    const copy = args.spec.parts.find((p) => p.kind === 'copy');
    if (copy && copy.kind === 'copy') {
      const target = this.resolveRef(copy.of, scope);
      // 707.2b/707.2c: the copiable values are taken once, as the effect begins.
      if (target) e.copyValues = this.layers().copiable.get(target);
    }
    this.state.effects.push(e);
    this.changed();
    return e;
  }

  resolveRef(ref: import('../effects/ir').ObjectRef, scope: Scope): string | undefined {
    return selectObject(ref, scope, this);
  }

  /** The player whose turn it is. */
  get active(): string {
    return this.state.players[this.state.activePlayer]?.name ?? '';
  }

  /** Turn order starting with the active player (101.4, APNAP). */
  apnap(): string[] {
    const ps = this.state.players.map((p) => p.name);
    const i = this.state.activePlayer;
    return [...ps.slice(i), ...ps.slice(0, i)];
  }
}

function selectObject(ref: import('../effects/ir').ObjectRef, scope: Scope, game: Game): string | undefined {
  const ids = select({ kind: 'object', ref }, scope, game.layers().world, game.evalEnv);
  return ids[0];
}

export type { ChoicePool };
