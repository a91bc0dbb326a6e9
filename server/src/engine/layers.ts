// 613: computing every object's characteristics from its printed values
// through the layers, with CDAs first (613.3), timestamps (613.7) and
// dependency found by trial application (613.8). Then players (613.10) and
// rules (613.11). A pure function of the game state.

import type { Ability, AbilityPart, EffectSpec, Filter, Layer, Part, Selector } from '../effects/ir';
import { applyParts, fittingSubtypes, hasLandAbilities, intrinsicLandAbilities, type ApplyEnv } from './apply';
import { typeReads, typeWrites, unionWords, wordsMeet, type TypeWords } from './type-words';
import { applyCopyLayer } from './copy';
import { LayerOrder, type Trial } from './dependency';
import { Independence, type EffectAspects } from './independence';
import { applyRulesPart, emptyRuleSink, zonesNamedBy, type RuleEntry, type RuleSink } from './rules';
import { chosen, evalCondition, evalExpr, keyable, matches, resolvePlayers, scopeOf, select, selectPlayers, type Scope } from './evaluate';
import { emptyBindings, makeLive, partsByLayer, type Live } from './live';
import type { DependencyView, OrderReason, TraceStep } from './results';
import { compareTimestamps, editedSince, lastStamp, notEndedFrom, objectKey, outsideWorld, type AbilityInstance, type ContinuousEffect, type CopiableValues, type GameObject, type GameState, type Printed } from './state';
import { PlacedChanges, carry as carryInto, type Changes } from './changes';
import { PlacedWorld, ScratchWorld, cloneWorking, fromValues, hasWord, initialWorld, isType, toCopiable, type Working, type World } from './working';
import { CHECK_LAYERS, addDifference, checkIncremental, globalKey, objectState, sameState, type ObjectState, localSelection, localValues, ownObject, readsTapped, mentionsTapped, sameStateButTapped, sameStateButCounted, mentionsCounters, nonlocal, sameLive, sameWorking, touchedBy, nextOrdering, type LayerMemo, type LayerRecord, type Step } from './incremental';
import { isBasicLandType } from './subtypes';
import { aspectsOf, diff, traceStep } from './trace-step';
import { append, sameList, sameStrings } from '../util/arrays';
import { copyMap } from '../util/maps';
import { PersistentList, type ListEdit } from '../util/persistent-list';

export const OBJECT_LAYERS: Layer[] = ['1a', '1b', '2', '3', '4', '5', '6', '7a', '7b', '7c', '7d'];

export interface PlayerComputed {
  abilities: string[];
  maxHandSize: number | null;
  trace: TraceStep[];
}

export interface LayerResult {
  world: World;
  /** 707.2: each object's characteristics after layer 1. */
  copiable: Copiables;
  traces: Map<string, TraceStep[]>;
  /** Every effect that applied in this computation, with what it applied to: read it with `appliedOf`. */
  applied: AppliedLog;
  dependencies: DependencyView[];
  loops: string[][];
  players: Map<string, PlayerComputed>;
  rules: { effectId: string; description: string }[];
  /** 613.11: the rule effects that apply to each object and player now (engine/rules.ts). */
  objectRules: Map<string, RuleEntry[]>;
  /** 707.2c: the values of every static copy effect that applies now, for the timeline to keep (engine/copy.ts). */
  copyLocks: Map<string, CopiableValues>;
  playerRules: Map<string, RuleEntry[]>;
  /** What the next computation may reuse (only when asked for with `keep`). */
  memo?: LayerMemo;
  /** When built on the previous computation: how many layers were reused, replayed for some objects (`quiet`: of those, with nothing entering them changed), extended or computed afresh. */
  incremental?: { reuse: number; replay: number; extend: number; full: number; quiet: number };
  /**
   * When built on the result whose memo is `memo`: every record of `world`
   * is that result's very record, and every object in the state it had
   * then, but for `changed` (the state-based actions look at those again,
   * sba.ts). The memo, not the result: a result does not keep the one before it.
   */
  since?: { memo: LayerMemo; changed: readonly string[] };
}

/** Issue 9: computing after an event from the computation before it (engine/incremental.ts). */
export interface LayerOptions {
  /** The memo of the previous computation of the same line of play; used only without the trace. */
  prev?: LayerMemo;
  /** Keep a memo for the next computation. */
  keep?: boolean;
  /**
   * The memo of a computation of this very state (without the trace): its
   * dependencies are taken as found, step by step, instead of trying every
   * pair again (a view's traced computation after the engine's own).
   */
  order?: LayerMemo;
  /** The result of the computation `prev` is the memo of: returned as it is when nothing it depends on changed. */
  last?: LayerResult;
}

export interface LayerEnv extends ApplyEnv {
  /** Compile a mana ability text for 305.6 (cached by the caller). */
  makeAbility(text: string): Ability;
  describe(part: Part): string;
}

/** Static abilities function on the battlefield; CDAs everywhere (604.3). */
function functions(w: Working, a: AbilityInstance): boolean {
  if (w.obj.zone === null) return false;
  if (w.obj.zone === 'battlefield') return true;
  // 114.4: an emblem's abilities work in the command zone.
  if (w.obj.zone === 'command' && w.obj.emblem) return true;
  // 113.6: `As long as ~ is in your graveyard, …` works there.
  return isCda(a) || zonesNamedBy(a.ability).includes(w.obj.zone);
}

/** 604.3a(2): only a printed or copied ability is a CDA; a granted one never is. */
function isCda(a: AbilityInstance): boolean {
  return a.ability.kind === 'static' && a.ability.cda && (a.origin === 'printed' || a.origin === 'copied');
}

/**
 * A static ability's effect as the layer system applies it, one object per
 * compiled spec and CDA-ness, so that everything derived from it (parts by
 * layer, reads, writes) is computed once, not in every computation.
 */
const staticSpecs = new WeakMap<EffectSpec, { cda?: EffectSpec; granted?: EffectSpec }>();
function staticSpec(spec: EffectSpec, cda: boolean): EffectSpec {
  let m = staticSpecs.get(spec);
  if (!m) staticSpecs.set(spec, (m = {}));
  if (cda) return (m.cda ??= { ...spec, parts: spec.parts });
  return (m.granted ??= { ...spec, parts: spec.parts.map((p): Part => (p.kind === 'pt' && p.layer === '7a' ? { ...p, layer: '7b' } : p)) });
}

const layersByAbility = new WeakMap<Ability, Set<string>>();
/** The layers (and `player`, `rules`) a static ability's effects have parts in; a granted `7a` part applies in 7b. */
function abilityLayers(ab: Ability): Set<string> {
  let out = layersByAbility.get(ab);
  if (!out) {
    out = new Set();
    if (ab.kind === 'static') for (const spec of ab.effects) for (const p of spec.parts) out.add(p.layer);
    if (out.has('7a')) out.add('7b');
    layersByAbility.set(ab, out);
  }
  return out;
}

/** The ability instance with this key (a loop, not `find`: asked for every effect in every layer after every event). */
function abilityByKey(abilities: readonly AbilityInstance[], key: string | undefined): AbilityInstance | undefined {
  for (let i = 0; i < abilities.length; i++) if (abilities[i]!.key === key) return abilities[i];
  return undefined;
}

/**
 * Each static ability's effects as last made, for the record they were made
 * from: the same record (records are kept from one computation to the next
 * while unchanged) with its object at the same timestamp and with the same
 * choices gives the very same effects, which the incremental computation
 * then knows at once (engine/incremental.ts compares effects by identity
 * first).
 */
const livesMade = new WeakMap<AbilityInstance, LivesMade>();

/**
 * What the effects were made from. A computation without a memo changes its
 * records in place (a control change in layer 2, an ability granted in 6),
 * so the controller and the list of abilities are checked too.
 */
interface LivesMade {
  w: Working;
  controller: string;
  abilities: readonly AbilityInstance[];
  timestamp: number;
  choices: readonly string[];
  lives: Live[];
}

function staticLives(w: Working, a: AbilityInstance): Live[] {
  const hit = livesMade.get(a);
  if (hit && hit.w === w && hit.controller === w.controller && hit.abilities === w.abilities && hit.timestamp === w.obj.timestamp && hit.choices === w.obj.entryChoices) return hit.lives;
  const lives = makeStaticLives(w, a);
  livesMade.set(a, { w, controller: w.controller, abilities: w.abilities, timestamp: w.obj.timestamp, choices: w.obj.entryChoices, lives });
  return lives;
}

function makeStaticLives(w: Working, a: AbilityInstance): Live[] {
  const ab = a.ability;
  if (ab.kind !== 'static') return [];
  const cda = isCda(a);
  return ab.effects.map((spec0, j) => {
    // A granted "power and toughness are each equal to …" is not a CDA: it sets in 7b (604.3a, 613.4b).
    const spec = staticSpec(spec0, cda);
    const parts = spec.parts;
    const idx = w.abilities.indexOf(a);
    // 613.7a: an ability granted by an effect shares the later of the two
    // timestamps, and keeps its place after the object's own abilities when
    // the object gets a new timestamp.
    const own = w.obj.timestamp;
    const ts = a.grantTimestamp === undefined ? [own, 0, idx, j] : [Math.max(own, a.grantTimestamp), 1, a.grantTimestamp, idx, j];
    const bindings = { ...emptyBindings(w.controller), choices: w.obj.entryChoices };
    return makeLive({
      id: `${a.key}#${j}`,
      kind: 'static' as const,
      source: w.obj,
      spec,
      timestamp: ts,
      cda,
      bindings,
      text: a.text,
      range: a.range,
      abilityKey: a.key,
      partsByLayer: partsByLayer(parts),
    });
  });
}

const tappedReadsByMemo = new WeakMap<LayerMemo, boolean>();

/**
 * Whether an effect of the computation that made `memo` (`last`, whose memo
 * it is) can read whether an object is tapped: one in a layer, a resolved
 * one, or a static ability on players or the rules.
 */
function memoReadsTapped(memo: LayerMemo | undefined, last: LayerResult): boolean {
  if (!memo) return true;
  let r = tappedReadsByMemo.get(memo);
  if (r === undefined) {
    r = memo.resolved.some(readsTapped) || [...memo.layers.values()].some((rec) => rec.pool.some(readsTapped));
    for (const id of memo.playerSources) {
      if (r) break;
      r = !!last.world.get(id)?.abilities.some((a) => playerAbility(a) && mentionsTapped(a.ability));
    }
    tappedReadsByMemo.set(memo, r);
  }
  return r;
}

/** Whether a card's printed abilities include one that copies (707.2), by card: read once, not after every event. */
const printedCopies = new WeakMap<Printed, boolean>();
function printsCopy(printed: Printed): boolean {
  let c = printedCopies.get(printed);
  if (c === undefined) {
    c = printed.abilities.some((a) => a.ability.kind === 'static' && a.ability.effects.some((e) => partsByLayer(e.parts).has('1a')));
    printedCopies.set(printed, c);
  }
  return c;
}

/**
 * Whether layer 1 can do anything: a resolved copy effect, an ability that
 * copies (707.2), or a face-down permanent (708). Asked before every
 * computation: index loops, no iterator per object.
 */
function layerOneApplies(state: GameState): boolean {
  if (copyEffectResolved(state)) return true;
  const objects = state.objects;
  for (let i = 0; i < objects.length; i++) if (bringsLayerOne(objects[i]!)) return true;
  return false;
}

/**
 * The same when it did not apply last time: an object in the same state as
 * then (not in `changed`) still has no copy ability and is not face down.
 */
function layerOneAppliesAmong(state: GameState, changed: ReadonlySet<string>): boolean {
  if (copyEffectResolved(state)) return true;
  for (const id of changed) if (bringsLayerOne(state.byId.get(id)!)) return true;
  return false;
}

function copyEffectResolved(state: GameState): boolean {
  const effects = state.effects;
  for (let i = notEndedFrom(effects); i < effects.length; i++) if (!effects[i]!.ended && effects[i]!.copyValues) return true;
  return false;
}

function bringsLayerOne(o: GameObject): boolean {
  return o.zone !== null && ((o.faceDown && o.zone === 'battlefield') || printsCopy(o.printed));
}

/** Static abilities' copy effects (`Enchanted creature is a copy of …`) that function now. */
function staticCopyLives(world: World, holds: (l: Live) => boolean): Live[] {
  const out: Live[] = [];
  for (const w of world.values()) {
    for (const a of w.abilities) {
      if (a.ability.kind !== 'static' || !functions(w, a)) continue;
      for (const l of staticLives(w, a)) if (l.partsByLayer.has('1a') && holds(l)) out.push(l);
    }
  }
  return out;
}

/**
 * Each object's counter effects, kept while the number and timestamp stay
 * the same: a later computation gets the same effect (engine/incremental.ts
 * then knows it at once).
 */
const counterLiveCache = new WeakMap<GameObject, Map<string, { n: number; ts: number; live: Live }>>();

/** Whether an object in play has counters (which may be effects: `counterLive`). */
function hasCounters(o: GameObject | undefined): boolean {
  return !!o && o.zone !== null && o.counters.size > 0;
}

/** The objects with counters, in world order. */
function allCounterSources(state: GameState): string[] {
  const out: string[] = [];
  for (const o of state.objects) if (hasCounters(o)) out.push(o.id);
  return out;
}

/** The counters' effects of `sources` (objects with counters, in world order). */
function countersLives(state: GameState, sources: readonly string[]): Live[] {
  const out: Live[] = [];
  for (const id of sources) for (const l of objectCounterLives(state.byId.get(id)!)) out.push(l);
  return out;
}

/** Each object's counters' effects by its stamp (state.ts `edit`): the same stamp, the same counters and owner. */
const countersByStamp = new WeakMap<GameObject, { stamp: number; lives: Live[] }>();

function objectCounterLives(o: GameObject): Live[] {
  const made = countersByStamp.get(o);
  if (made && made.stamp === o.stamp) return made.lives;
  const lives: Live[] = [];
  let cache = counterLiveCache.get(o);
  for (const [kind, n] of o.counters) {
    if (n <= 0) continue;
    const t = o.counterTimestamps.get(kind) ?? o.timestamp;
    const hit = cache?.get(kind);
    if (hit && hit.n === n && hit.ts === t && hit.live.bindings.you === o.owner) {
      lives.push(hit.live);
      continue;
    }
    const live = counterLive(o, kind, n, t);
    if (!live) continue;
    if (!cache) counterLiveCache.set(o, (cache = new Map()));
    cache.set(kind, { n, ts: t, live });
    lives.push(live);
  }
  countersByStamp.set(o, { stamp: o.stamp, lives });
  return lives;
}

function counterLive(o: GameObject, kind: string, n: number, t: number): Live | undefined {
  const m = /^([+-]\d+)\/([+-]\d+)$/.exec(kind);
  let parts: Part[];
  if (m) {
    // 613.4c: counters modify power and toughness in 7c.
    parts = [{ layer: '7c', kind: 'pt', power: { kind: 'const', value: Number(m[1]) * n }, toughness: { kind: 'const', value: Number(m[2]) * n } }];
  } else if (KEYWORD_COUNTERS.has(kind.toLowerCase())) {
    // 122.1b / 613.1f: a keyword counter grants its keyword in layer 6.
    const text = kind.charAt(0).toUpperCase() + kind.slice(1).toLowerCase();
    parts = [{ layer: '6', kind: 'abilities', add: [{ kind: 'keyword', text, keyword: kind.toLowerCase() }] }];
  } else return undefined;
  return makeLive({
    id: `counter:${o.id}:${kind}`,
    kind: 'counter',
    source: o,
    spec: { affected: { kind: 'object', ref: { kind: 'self' } }, parts },
    timestamp: [t],
    cda: false,
    bindings: emptyBindings(o.owner),
    text: `${n} ${kind} counter${n === 1 ? '' : 's'}`,
    partsByLayer: partsByLayer(parts),
  });
}

/** 122.1b */
export const KEYWORD_COUNTERS = new Set(['flying', 'first strike', 'double strike', 'deathtouch', 'decayed', 'exalted', 'haste', 'hexproof', 'indestructible', 'lifelink', 'menace', 'reach', 'shadow', 'trample', 'vigilance']);

/** A copy of a game starts with the effects of the copy it came from (incremental.ts: rebaseMemo). */
export function seedLive(l: Live): void {
  if (l.kind === 'counter') {
    const o = l.source;
    const kind = l.id.slice(`counter:${o.id}:`.length);
    const n = o.counters.get(kind);
    const t = o.counterTimestamps.get(kind) ?? o.timestamp;
    // Only an effect that still says what the copy has now.
    if (n === undefined || l.timestamp[0] !== t || l.text !== `${n} ${kind} counter${n === 1 ? '' : 's'}`) return;
    let cache = counterLiveCache.get(o);
    if (!cache) counterLiveCache.set(o, (cache = new Map()));
    cache.set(kind, { n, ts: t, live: l });
    // Made again from the seeded effects when next asked.
    countersByStamp.delete(o);
  } else if (l.kind === 'resolved' && l.resolved && !resolvedLiveCache.has(l.resolved)) {
    const e = l.resolved;
    if (l.spec === e.spec && l.bindings === e.bindings && l.timestamp[0] === e.timestamp) resolvedLiveCache.set(e, l);
  }
}

/** Each resolved effect as the layer system sees it, kept while the effect is unchanged (see counterLiveCache). */
const resolvedLiveCache = new WeakMap<ContinuousEffect, Live>();

function resolvedLives(state: GameState): Live[] {
  const out: Live[] = [];
  const effects = state.effects;
  for (let i = notEndedFrom(effects); i < effects.length; i++) {
    const e = effects[i]!;
    if (e.ended || e.copyValues) continue;
    const hit = resolvedLiveCache.get(e);
    const source = state.byId.get(e.sourceId)!;
    if (hit && hit.spec === e.spec && hit.bindings === e.bindings && hit.source === source && hit.timestamp[0] === e.timestamp && hit.text === e.text && hit.range === e.range && hit.label === e.label) {
      out.push(hit);
      continue;
    }
    const live = resolvedLive(e, source);
    resolvedLiveCache.set(e, live);
    out.push(live);
  }
  return out;
}

function resolvedLive(e: ContinuousEffect, source: GameObject): Live {
  return makeLive({
    id: e.id,
    kind: 'resolved',
    source,
    spec: e.spec,
    timestamp: [e.timestamp],
    cda: false,
    bindings: e.bindings,
    text: e.text,
    range: e.range,
    label: e.label,
    resolved: e,
    partsByLayer: partsByLayer(e.spec.parts),
  });
}

// ---------------------------------------------------------------------------
// Reads and writes, for the dependency prefilter (613.8a)

/** `abilities+` is only ever written: gaining an ability changes no other effect's existence, set or values. */
type Aspect = 'types' | 'colors' | 'abilities' | 'abilities+' | 'controller' | 'pt' | 'text';

function filterReads(f: Filter | undefined, out: Set<Aspect>): void {
  if (!f) return;
  if (f.types.length || f.subtypes.length || f.supertypes.length || f.notTypes.length || f.notSubtypes.length || f.notSupertypes.length || f.chosenSubtype !== undefined) out.add('types');
  if (f.colors.length || f.notColors.length || f.colorless !== undefined || f.multicolored !== undefined) out.add('colors');
  if (f.controller) out.add('controller');
  // "creatures with flying": gaining or losing an ability changes the set (613.8a).
  if (f.withKeywords?.length || f.withoutKeywords?.length) {
    out.add('abilities');
    out.add('abilities+');
  }
  f.anyOf?.forEach((g) => filterReads(g, out));
}

function selectorReads(s: Selector, out: Set<Aspect>): void {
  if (s.kind === 'filter') filterReads(s.filter, out);
}

/** Reads depend on the spec alone, and specs are shared between computations: each is walked once. */
const readsBySpec = new WeakMap<EffectSpec, Set<Aspect>>();

/** What the effect reads on the objects it looks at (its set, its values, its condition). */
function objectReads(l: Live): Set<Aspect> {
  let r = readsBySpec.get(l.spec);
  if (!r) readsBySpec.set(l.spec, (r = specReads(l)));
  return r;
}

function specReads(l: Live): Set<Aspect> {
  const out = new Set<Aspect>();
  selectorReads(l.spec.affected, out);
  const walk = (x: unknown): void => {
    if (!x || typeof x !== 'object') return;
    const o = x as Record<string, unknown>;
    if (o.kind === 'count' && o.filter) filterReads(o.filter as Filter, out);
    if (o.kind === 'stat' && (o.stat === 'power' || o.stat === 'toughness')) out.add('pt');
    if ((o.kind === 'object-is' || o.kind === 'count-at-least') && o.filter) filterReads(o.filter as Filter, out);
    if (o.kind === 'controls') out.add('controller');
    for (const v of Object.values(o)) if (v && typeof v === 'object') walk(v);
  };
  walk(l.spec.parts);
  walk(l.spec.condition);
  return out;
}

/** A static ability's existence and text are read on its source only. */
const STATIC_SOURCE_READS: ReadonlySet<Aspect> = new Set<Aspect>(['abilities', 'text']);
const NO_ASPECTS: ReadonlySet<Aspect> = new Set<Aspect>();
function sourceReads(l: Live): ReadonlySet<Aspect> {
  return l.kind === 'static' ? STATIC_SOURCE_READS : NO_ASPECTS;
}

/** Writes depend on one layer's parts alone (a list shared between computations, see live.ts). */
const writesByParts = new WeakMap<readonly Part[], Set<Aspect>>();
function writes(l: Live, layer: Layer): ReadonlySet<Aspect> {
  const parts = l.partsByLayer.get(layer);
  if (!parts) return NO_ASPECTS;
  let w = writesByParts.get(parts);
  if (!w) writesByParts.set(parts, (w = partsWrites(parts)));
  return w;
}

function partsWrites(parts: readonly Part[]): Set<Aspect> {
  const out = new Set<Aspect>();
  for (const p of parts) {
    switch (p.layer) {
      case '1a':
        ['types', 'colors', 'abilities', 'pt', 'text'].forEach((a) => out.add(a as Aspect));
        break;
      case '2':
        out.add('controller');
        break;
      case '3':
        out.add('text');
        out.add('abilities');
        break;
      case '4':
        out.add('types');
        if (p.kind === 'type' && p.setLandType) out.add('abilities');
        break;
      case '5':
        out.add('colors');
        break;
      case '6':
        out.add(p.kind === 'abilities' && !p.remove?.length && !p.removeAll && !p.cantHave ? 'abilities+' : 'abilities');
        break;
      default:
        out.add('pt');
    }
  }
  return out;
}

const globalByParts = new WeakMap<readonly Part[], boolean>();
/** Counts and other objects' stats make an effect's values depend on the whole board. */
function hasGlobalExpr(parts: readonly Part[] | undefined): boolean {
  if (!parts) return false;
  let g = globalByParts.get(parts);
  if (g === undefined) globalByParts.set(parts, (g = walkGlobal(parts)));
  return g;
}

function walkGlobal(parts: readonly Part[]): boolean {
  let found = false;
  const walk = (x: unknown): void => {
    if (found || !x || typeof x !== 'object') return;
    const o = x as Record<string, unknown>;
    if (o.kind === 'count' || (o.kind === 'stat' && o.of !== undefined)) found = true;
    for (const v of Object.values(o)) if (v && typeof v === 'object') walk(v);
  };
  walk(parts);
  return found;
}

const selectionReadsBySpec = new WeakMap<EffectSpec, Set<Aspect> | null>();

/**
 * What deciding an effect's set reads of the objects, as aspects, or
 * undefined when the set may read other objects or anything else a layer
 * changes (then it is never kept across an applied effect). Conservative:
 * every filter field is listed; a static ability's `you` is its source's
 * controller.
 */
function selectionReads(l: Live): ReadonlySet<Aspect> | undefined {
  let r = selectionReadsBySpec.get(l.spec);
  if (r === undefined) {
    const out = new Set<Aspect>();
    r = l.spec.affected.kind === 'filter' && filterAspects(l.spec.affected.filter, out) ? out : null;
    selectionReadsBySpec.set(l.spec, r);
  }
  if (!r) return undefined;
  if (l.kind === 'static' && !r.has('controller')) return new Set([...r, 'controller']);
  return r;
}

/** Adds what `f` reads to `out`; false when it reads other objects or values that are not constants. */
function filterAspects(f: Filter, out: Set<Aspect>): boolean {
  const has = (xs: readonly unknown[] | undefined) => !!xs && xs.length > 0;
  if (has(f.types) || has(f.subtypes) || has(f.supertypes) || has(f.notTypes) || has(f.notSubtypes) || has(f.notSupertypes) || f.chosenSubtype !== undefined) out.add('types');
  if (has(f.colors) || has(f.someColor) || has(f.notColors) || f.colorless !== undefined || f.multicolored !== undefined || f.chosenColor !== undefined) out.add('colors');
  if (has(f.withKeywords) || has(f.withoutKeywords)) {
    out.add('abilities');
    out.add('abilities+');
  }
  if (f.controller || f.owner) out.add('controller');
  if (f.name) out.add('text');
  if (f.stats?.length) {
    if (!f.stats.every((c) => c.value.kind === 'const')) return false;
    out.add('pt');
  }
  if (f.shares || f.attachedTo) return false;
  return (f.anyOf ?? []).every((g) => filterAspects(g, out));
}

/**
 * Whether a layer's effects are independent in the strongest sense: no
 * condition (so existence is fixed for the layer), no effect that writes
 * abilities or text (so no static effect starts or stops, and no source's
 * existence or text changes: 613.8a's source clause cannot hold), and no
 * effect that reads what another of its kind (CDA or not, 613.8a(c)) writes.
 * Then the 613.8 prefilter keeps no pair and the order is by timestamp.
 */
/**
 * `independent` for a layer's pool, built on last time's: the same pool, last
 * time's answer; a pool whose effects fit with those seen before (last time's
 * `Independence`), yes, without a pass over every pair; else a look afresh,
 * and what it saw kept for the next computation when this one is `kept`.
 */
function independenceOf(P: LayerRecord | undefined, pool: readonly Live[], layer: Layer, kept: boolean): { ind: boolean; independence: Independence | undefined } {
  if (P && sameList(pool, P.pool)) return { ind: P.independent, independence: P.independence };
  // A computation kept for no other: no record to carry it.
  if (!kept) return { ind: independent(pool, layer), independence: undefined };
  const known = P?.independence;
  if (known?.admit(pool)) {
    // The check mode (issue 9): a pool whose effects fit with those seen is one a look afresh finds independent.
    if (CHECK_LAYERS && !independent(pool, layer)) throw new Error(`LAYERLENS_CHECK_INCREMENTAL: layer ${layer}'s effects were taken as ordered by timestamps alone, and they are not`);
    return { ind: true, independence: known };
  }
  if (!independent(pool, layer)) return { ind: false, independence: undefined };
  const fresh = new Independence(aspectsIn(layer));
  // (It takes them all in: they fit, as `independent` just found.)
  fresh.admit(pool);
  return { ind: true, independence: fresh };
}

/** What an effect reads and writes in a layer, for `Independence` (one function per layer). */
const aspectsByLayer = new Map<Layer, (l: Live) => EffectAspects>();
function aspectsIn(layer: Layer): (l: Live) => EffectAspects {
  let f = aspectsByLayer.get(layer);
  if (!f) {
    f = (l) => {
      const w = writes(l, layer);
      return { reads: objectReads(l), writes: w, never: !!l.spec.condition || w.has('abilities') || w.has('text') };
    };
    aspectsByLayer.set(layer, f);
  }
  return f;
}

function independent(pool: readonly Live[], layer: Layer): boolean {
  const writers = [new Map<Aspect, number>(), new Map<Aspect, number>()];
  for (const l of pool) {
    if (l.spec.condition) return false;
    const w = writes(l, layer);
    if (w.has('abilities') || w.has('text')) return false;
    const m = writers[l.cda ? 1 : 0]!;
    for (const x of w) m.set(x, (m.get(x) ?? 0) + 1);
  }
  for (const l of pool) {
    const m = writers[l.cda ? 1 : 0]!;
    const own = writes(l, layer);
    for (const x of objectReads(l)) if ((m.get(x) ?? 0) - (own.has(x) ? 1 : 0) > 0) return false;
  }
  return true;
}

/**
 * 613.8a's prefilter on objects: whether `b` writes in `layer` something `a`
 * reads on any object (its set, e.g. "creatures with flying", which losing
 * flying changes; its values; its condition). Types count only when a type
 * word meets (type-words.ts), or while `unfit()` says some object's subtypes
 * do not fit its types (205.3d: a type part drops them, whatever it says).
 * `apart`: only type words keep them apart (the check mode tries those).
 */
function objectsLink(a: Live, b: Live, layer: Layer, unfit: () => boolean): boolean | 'apart' {
  const wr = writes(b, layer);
  let apart = false;
  for (const x of objectReads(a)) {
    if (!wr.has(x)) continue;
    if (x !== 'types' || wordsMeet(typeReads(a.spec), typeWrites(b.partsByLayer.get(layer) ?? NO_PARTS)) || unfit()) return true;
    apart = true;
  }
  return apart ? 'apart' : false;
}

/** Whether some object in `world` has subtypes that do not fit its card types (205.3d), asked once. */
function unfitIn(world: World): () => boolean {
  let unfit: boolean | undefined;
  return () => {
    if (unfit === undefined) {
      unfit = false;
      for (const w of world.values()) {
        if (w.obj.zone === null || fittingSubtypes(w.subtypes, w.types) === w.subtypes) continue;
        unfit = true;
        break;
      }
    }
    return unfit;
  };
}

/** 613.8a: what an effect does to one object, for comparing before and after a trial. */
function effectValues(a: Live, layer: Layer, w: Working | undefined, ww: World, scope: Scope, env: LayerEnv): unknown[] {
  return (a.partsByLayer.get(layer) ?? []).map((p) => partValues(p, scope, w, ww, env));
}

function partValues(p: Part, scope: Scope, w: Working | undefined, ww: World, env: LayerEnv): unknown {
  switch (p.kind) {
    case 'pt':
      return [p.power ? evalExpr(p.power, scope, w, ww, env) : null, p.toughness ? evalExpr(p.toughness, scope, w, ww, env) : null];
    case 'control':
      return resolvePlayers(p.player, scope, ww, env);
    case 'color':
      return [...(p.set ?? []), ...(p.add ?? [])].map((c) => chosen(c, scope));
    case 'type':
      return [p.setLandType ? chosen(p.setLandType, scope) : null, (p.addSubtypes ?? []).map((c) => chosen(c, scope))];
    case 'text-change':
      return [chosen(p.from, scope), chosen(p.to, scope)];
    default:
      return null;
  }
}

/**
 * Whether two effects' values are the same as JSON would write them (the
 * comparison 613.8a's trials make): lists element by element, with a
 * missing value, null and a number JSON can't write alike. No string is
 * built: trials compare values for every object they touch.
 */
function sameValues(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameValues(asJson(a[i]), asJson(b[i]))) return false;
    return true;
  }
  if (a && b && typeof a === 'object' && typeof b === 'object') return JSON.stringify(a) === JSON.stringify(b);
  return false;
}

/** A value in a list as JSON writes it: undefined, NaN and ±Infinity are null. */
function asJson(x: unknown): unknown {
  return x === undefined || (typeof x === 'number' && !Number.isFinite(x)) ? null : x;
}

// ---------------------------------------------------------------------------

/** The fields `aspectsOf` shows, held by reference (working records never change an array in place). */
type AspectFields = Pick<Working, 'name' | 'types' | 'supertypes' | 'subtypes' | 'allCreatureTypes' | 'colors' | 'abilities' | 'power' | 'toughness' | 'controller'>;

function aspectFields(w: Working): AspectFields {
  return { name: w.name, types: w.types, supertypes: w.supertypes, subtypes: w.subtypes, allCreatureTypes: w.allCreatureTypes, colors: w.colors, abilities: w.abilities, power: w.power, toughness: w.toughness, controller: w.controller };
}

function sameTexts(a: readonly AbilityInstance[], b: readonly AbilityInstance[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i]!.text !== b[i]!.text) return false;
  return true;
}

/**
 * Whether what `aspectsOf(w, layer)` shows differs from `before`: the same
 * question the trace's strings answer, asked field by field. (A difference
 * only in the order of types counts here; it costs one more trial, never a
 * wrong one.)
 */
function aspectsChanged(before: AspectFields, w: Working, layer: Layer): boolean {
  const pt = () => before.power !== w.power || before.toughness !== w.toughness;
  const abilities = () => !sameTexts(before.abilities, w.abilities);
  const types = () => !sameStrings(before.types, w.types) || !sameStrings(before.supertypes, w.supertypes) || !sameStrings(before.subtypes, w.subtypes) || before.allCreatureTypes !== w.allCreatureTypes;
  switch (layer) {
    case '1a':
    case '1b':
      return before.name !== w.name || types() || !sameStrings(before.colors, w.colors) || abilities() || pt();
    case '2':
      return before.controller !== w.controller;
    case '3':
      return abilities();
    case '4':
      return types() || abilities();
    case '5':
      return !sameStrings(before.colors, w.colors);
    case '6':
      return abilities();
    default:
      return pt();
  }
}

/** No objects (shared, never changed). */
const NONE: string[] = [];

/**
 * Long lists of affected objects as sets (`among`): an anthem's list reaches
 * most of a board, and a replay looks for the few objects computed again in
 * each such list, in every computation; a scan of the list each time made
 * that cost grow with the board times its anthems. A list is kept from one
 * computation to the next while the effect's set does not change
 * (`sameStep`), so its set is made once.
 */
const LONG_SET = 64;
const affectedSets = new WeakMap<readonly string[], ReadonlySet<string>>();
function setOf(list: readonly string[]): ReadonlySet<string> {
  let set = affectedSets.get(list);
  if (!set) affectedSets.set(list, (set = new Set(list)));
  return set;
}

/** What a step of a layer ordered by timestamps found (nothing), shared: what a step found is never changed once recorded. */
const NONE_FOUND: Map<string, Map<string, string>> = new Map();

/** `stepFound` of a layer whose steps found nothing: one list per length, shared (never changed once made). */
const noneFoundLists: (readonly Map<string, Map<string, string>>[])[] = [];
function noneFound(n: number): Map<string, Map<string, string>>[] {
  return (noneFoundLists[n] ??= Object.freeze(new Array<Map<string, Map<string, string>>>(n).fill(NONE_FOUND))) as Map<string, Map<string, string>>[];
}

/** The effects of a list of steps, in order: one list per list of steps (a layer's record shares last time's list). */
const livesBySteps = new WeakMap<readonly Step[], Live[]>();
function livesOf(steps: readonly Step[]): Live[] {
  let lives = livesBySteps.get(steps);
  if (!lives) livesBySteps.set(steps, (lives = steps.map((s) => s.live)));
  return lives;
}

const severalBySteps = new WeakMap<readonly Step[], Step[]>();
/** The steps whose effects have parts in several layers (613.6), by list: most layers' lists have none. */
function startedBy(steps: readonly Step[]): Step[] {
  let out = severalBySteps.get(steps);
  if (!out) severalBySteps.set(steps, (out = steps.filter((s) => s.live.partsByLayer.size > 1)));
  return out;
}

/**
 * Each object's place, for a state that added objects after the first
 * `from`: the previous computation's map itself, the new places added to it,
 * unless another line of play put one of the new objects elsewhere (then a
 * copy). A computation only ever asks for the places of its own objects, so
 * places added for later objects change nothing for the memos sharing the map.
 */
function positionsFor(position: Map<string, number>, objects: readonly GameObject[], from: number): Map<string, number> {
  for (let i = from; i < objects.length; i++) {
    const at = position.get(objects[i]!.id);
    if (at !== undefined && at !== i) return copyMap(position);
  }
  return position;
}

/**
 * 707.2: each object's copiable values, its record after layer 1, made when
 * first asked for (a copy effect, a token copy: most computations are asked
 * for none); a record kept from one computation to the next gives the same values.
 */
export class Copiables {
  constructor(private readonly records: World) {}

  get(id: string): CopiableValues | undefined {
    const w = this.records.get(id);
    return w && copiableOf(w);
  }

  *entries(): IterableIterator<[string, CopiableValues]> {
    for (const [id, w] of this.records) yield [id, copiableOf(w)];
  }
}

const copiables = new WeakMap<Working, CopiableValues>();
function copiableOf(w: Working): CopiableValues {
  let c = copiables.get(w);
  if (!c) copiables.set(w, (c = toCopiable(w)));
  return c;
}

/**
 * A layer's record before its steps are known. Most layers of most
 * computations take last time's lists (`keepSteps`, `keepOrder`), so the
 * empty ones are shared and frozen (a full computation makes its own before
 * it adds to them); eleven layers after every event made five each.
 */
function emptyRecord(pool: Live[], extras: boolean, changed: Changes): LayerRecord {
  return { pool, extras, steps: NO_STEPS, byId: NO_STEP_IDS, independent: true, found: NO_FOUND, loops: NO_LOOPS, stepFound: NO_STEP_FOUND, changed };
}
const NO_STEPS = Object.freeze([]) as unknown as Step[];
const NO_PARTS: readonly Part[] = Object.freeze([]);
const NO_FOUND = Object.freeze([]) as unknown as DependencyView[];
const NO_LOOPS = Object.freeze([]) as unknown as string[][];
const NO_STEP_FOUND = Object.freeze([]) as unknown as Map<string, Map<string, string>>[];
/** (Never added to: `keepSteps` and a full computation make their own.) */
const NO_STEP_IDS: Map<string, Step> = new Map();
/** A layer that changed no record: shared, never written (`put` makes a layer its own map first). */
const NO_CHANGES: ReadonlyMap<string, Working> = new Map();

/** `lives`' effects with parts in a layer, in order, sorted into layers when first asked for. */
function livesIn(lives: readonly Live[]): (layer: Layer) => readonly Live[] {
  let by: Map<string, Live[]> | undefined;
  return (layer) => {
    if (!by) {
      by = new Map();
      for (const l of lives) {
        for (const k of l.partsByLayer.keys()) {
          const list = by.get(k);
          if (list) list.push(l);
          else by.set(k, [l]);
        }
      }
    }
    return by.get(layer) ?? NONE_LIVE;
  };
}
const NONE_LIVE: readonly Live[] = [];

/** Whether two sortings into layers (`livesIn`) give the same effects in `layer`. */
function sameIn(a: (layer: Layer) => readonly Live[], b: (layer: Layer) => readonly Live[], layer: Layer): boolean {
  return a === b || sameList(a(layer), b(layer));
}

/** The reasons of most steps, shared (no reason is ever changed once made). */
const BY_TIMESTAMP: OrderReason = Object.freeze({ kind: 'timestamp' });
const BY_COUNTERS: OrderReason = Object.freeze({ kind: 'counters' });

/**
 * Each effect's last scope, kept while it holds: an analysis asks for tens of
 * thousands (every effect, in every layer, after every event), and an effect
 * is the same object from one computation to the next while it is unchanged.
 * Scopes are only ever read.
 */
const scopes = new WeakMap<Live, Scope>();

/** Static abilities read `you` as their source's controller at this moment. */
export function scopeIn(l: Live, w: World): Scope {
  const you = l.kind === 'static' ? (w.get(l.source.id)?.controller ?? l.bindings.you) : l.bindings.you;
  const hit = scopes.get(l);
  if (hit && hit.bindings.you === you) return hit;
  const scope = l.kind === 'static' ? { source: l.source, bindings: { ...l.bindings, you } } : scopeOf(l);
  scopes.set(l, scope);
  return scope;
}

/** An effect that applied: what it first applied to, and every layer it applied in. */
export interface AppliedEffect {
  live: Live;
  affected: string[];
  layers: Layer[];
}

/** What applied in one computation, in the order it applied: copy effects (613.2), each layer's steps, players' and rules' effects. */
export interface AppliedLog {
  copies: { live: Live; affected: string[] }[];
  layers: { layer: Layer; steps: readonly Step[] }[];
  players: { live: Live; affected: string[]; layer: 'player' | 'rules' }[];
}

/** Each log's map, once made. */
const appliedMade = new WeakMap<AppliedLog, Map<string, AppliedEffect>>();

/**
 * Every effect that applied in a computation, by id, in the order it first
 * applied. Made from the log when first read (the views, a loop's names), not
 * for each of a long timeline's computations.
 */
export function appliedOf(r: LayerResult): Map<string, AppliedEffect> {
  const log = r.applied;
  let applied = appliedMade.get(log);
  if (applied) return applied;
  applied = new Map();
  appliedMade.set(log, applied);
  for (const c of log.copies) applied.set(c.live.id, { live: c.live, affected: c.affected, layers: ['1a'] });
  for (const { layer, steps } of log.layers) {
    for (const { live, affected } of steps) {
      const a = applied.get(live.id);
      if (a) a.layers.push(layer);
      else applied.set(live.id, { live, affected, layers: [layer] });
    }
  }
  for (const p of log.players) applied.set(p.live.id, { live: p.live, affected: p.affected, layers: [p.layer] });
  return applied;
}

/**
 * Whether `o` was only tapped or untapped since `old`, and last time's record
 * names this very object (so that it says it is tapped now). Apart from the
 * computation: it is first asked late in a timeline, and code an optimised
 * computation has never run is thrown away when it first runs.
 */
function onlyTappedNow(o: GameObject, old: ObjectState, last: LayerResult | undefined): boolean {
  return sameStateButTapped(o, old) && last?.world.get(o.id)?.obj === o;
}

/** 613.7: effects by timestamp (a stable sort keeps the given order among equal ones). */
function byTimestampOrder(x: Live, y: Live): number {
  return compareTimestamps(x.timestamp, y.timestamp);
}

/** Whether some effect of a pool reads counters on objects (its set, values or condition), asked once per pool. */
const countersReadByPool = new WeakMap<readonly Live[], boolean>();
function readsCounters(pool: readonly Live[]): boolean {
  let r = countersReadByPool.get(pool);
  if (r === undefined) {
    r = false;
    for (let i = 0; i < pool.length && !r; i++) r = mentionsCounters(pool[i]!.spec);
    countersReadByPool.set(pool, r);
  }
  return r;
}

/** The sources of a pool's static effects, made once per pool (a layer's record keeps last time's pool when it is the same). */
const staticSourcesByPool = new WeakMap<readonly Live[], Set<string>>();
function staticSources(pool: readonly Live[]): Set<string> {
  let out = staticSourcesByPool.get(pool);
  if (!out) {
    out = new Set();
    for (const l of pool) if (l.kind === 'static') out.add(l.source.id);
    staticSourcesByPool.set(pool, out);
  }
  return out;
}

/** Whether some element of `xs` is in `set`. */
function someIn(xs: ReadonlySet<string>, set: ReadonlySet<string>): boolean {
  for (const x of xs) if (set.has(x)) return true;
  return false;
}

/** Whether some of the effects is a characteristic-defining ability's (613.3: a layer with one is not replayed). */
function someCda(lives: readonly Live[]): boolean {
  for (let i = 0; i < lives.length; i++) if (lives[i]!.cda) return true;
  return false;
}

/** The same for a layer's steps. */
function someStepCda(steps: readonly Step[]): boolean {
  for (let i = 0; i < steps.length; i++) if (steps[i]!.live.cda) return true;
  return false;
}

/** Each effect spec's number, for keys of effects alike (`alikeClass` in computeLayers). */
const specNumbers = new WeakMap<EffectSpec, number>();
let specCount = 0;
function specNumber(spec: EffectSpec): number {
  let n = specNumbers.get(spec);
  if (n === undefined) specNumbers.set(spec, (n = ++specCount));
  return n;
}

/** A locked set's keys (`id@incarnation`, 611.2c) read once: they are looked at in every computation while the effect lasts. */
const lockedKeysRead = new WeakMap<readonly string[], { id: string; incarnation: number }[]>();
function lockedKeys(locked: readonly string[]): { id: string; incarnation: number }[] {
  let keys = lockedKeysRead.get(locked);
  if (!keys) {
    keys = locked.map((k) => {
      const at = k.lastIndexOf('@');
      return { id: k.slice(0, at), incarnation: Number(k.slice(at + 1)) };
    });
    lockedKeysRead.set(locked, keys);
  }
  return keys;
}

/** The places (ascending, once each) of the objects among the first `known` whose stamps changed since `memo`, from the edit log; undefined when the log does not reach back. */
function editedPlaces(memo: LayerMemo, objects: readonly GameObject[], known: number): number[] | undefined {
  const ids = editedSince(memo.stampAt);
  if (!ids) return undefined;
  const out: number[] = [];
  for (const id of ids) {
    const i = memo.position.get(id);
    if (i !== undefined && i < known && objects[i]!.stamp !== memo.states.at(i)!.stamp) out.push(i);
  }
  out.sort((a, b) => a - b);
  return out.filter((i, k) => k === 0 || out[k - 1] !== i);
}

/** Compute all characteristics now. */
/**
 * `withTrace` records each step for the views (hover, --trace); the engine's
 * own questions (SBA, selectors, replacement) do without, which is most calls.
 */
export function computeLayers(state: GameState, env: LayerEnv, withTrace = true, opts: LayerOptions = {}): LayerResult {
  const global = opts.prev || opts.keep ? globalKey(state) : '';
  /** The objects' stamps this computation sees: a later one reads the edits after it (`editedPlaces`). */
  const stampAt = lastStamp();
  /** Players, the turn…: effects with conditions or values read from the game are computed again. */
  const globalChanged = !!opts.prev && opts.prev.global !== global;
  /** The previous computation, when it can be built on. */
  let prev = !withTrace && opts.prev && opts.prev.states.length <= state.objects.length ? opts.prev : undefined;
  const keep = !!opts.keep || !!prev;
  /** Objects whose records entering the current layer may differ from the previous computation's. */
  const dirty = new Set<string>();
  /** Objects whose own game state changed (zone, tapped, attachments…): dirty in every layer. */
  const moved = new Set<string>();
  /**
   * Objects whose counters or damage alone changed: their characteristics
   * entering each layer are last time's, so they are dirty only from the first
   * layer whose effects read counters (`joinCounted`). Their counters' own
   * effects are new effects of the pool, which a replay computes again.
   */
  const counted = new Set<string>();
  /** Every object whose state changed: `moved` and `counted`. */
  const stateChanged = new Set<string>();
  /**
   * Each object's game state (last time's record where it did not change) and place, for the memo: a
   * version of last time's list, which the memos frozen states keep share (a long timeline adds an
   * object per spell resolved, and a memo per 16 statements would otherwise keep a list of every object).
   */
  let states: PersistentList<ObjectState> = PersistentList.EMPTY;
  let position = prev?.position ?? new Map<string, number>();
  /** Whether every object whose state changed was only tapped or untapped. */
  let onlyTapped = true;
  if (keep) {
    const objects = state.objects;
    const n = objects.length;
    // Objects are only ever added, at the end; anything else starts afresh.
    if (prev && prev.states.length > n) prev = undefined;
    const known = prev ? prev.states.length : 0;
    const before = prev?.states;
    /** Made on the first object whose state changed: most computations keep last time's list. */
    let changedStates: ListEdit<ObjectState> | undefined;
    /** Looks at the object at place `i` (whose state was `old`), whose stamp changed: false when the computation must start afresh. */
    const lookAt = (i: number, old = before!.at(i)!): boolean => {
      const o = objects[i]!;
      if (o.id !== old.id) return false;
      if (sameState(o, old)) return true;
      (changedStates ??= before!.edit()).set(i, objectState(o));
      if (outsideWorld(o)) return true;
      // One that was left out (a stand-in some text moved) joins in its place, not at the end: afresh.
      if (!prev!.copied.has(o.id)) return false;
      stateChanged.add(o.id);
      if (sameStateButCounted(o, old)) {
        counted.add(o.id);
        onlyTapped = false;
        return true;
      }
      dirty.add(o.id);
      moved.add(o.id);
      // (And last time's record names this very object, so that it says it is tapped now.)
      if (onlyTapped && !onlyTappedNow(o, old, opts.last)) onlyTapped = false;
      return true;
    };
    // This game's own last computation: the objects edited since are those the edit log names (state.ts),
    // not all of them (a long timeline's are mostly stand-ins that never change again).
    const edited = prev && opts.last?.memo === prev ? editedPlaces(prev, objects, known) : undefined;
    if (edited && !CHECK_LAYERS) {
      for (const i of edited) if (!lookAt(i)) return computeLayers(state, env, withTrace, { keep: true });
    } else {
      const named = edited && new Set(edited);
      const was = before?.toArray() ?? [];
      for (let i = 0; i < known; i++) {
        const o = objects[i]!;
        const old = was[i]!;
        // The usual object, read inline (this runs for every object before every computation, mostly
        // before the code is optimised): the same one, at the same stamp.
        if (o.stamp === old.stamp && o.id === old.id && !CHECK_LAYERS) continue;
        // The check mode: the log names every object whose state changed (one found equal field by field may keep an older stamp).
        if (named && !named.has(i) && o.stamp !== old.stamp && !sameState(o, old)) throw new Error(`LAYERLENS_CHECK_INCREMENTAL: ${o.id} changed since the last computation, and the edit log does not say so`);
        if (!lookAt(i, old)) return computeLayers(state, env, withTrace, { keep: true });
      }
    }
    if (!prev) position = new Map();
    if (n > known) {
      // Objects added since: new places and states.
      if (prev) position = positionsFor(position, objects, known);
      changedStates ??= (before ?? PersistentList.EMPTY).edit();
      for (let i = known; i < n; i++) {
        const o = objects[i]!;
        changedStates.push(objectState(o));
        position.set(o.id, i);
        if (outsideWorld(o)) continue;
        dirty.add(o.id);
        moved.add(o.id);
        stateChanged.add(o.id);
        onlyTapped = false;
      }
    }
    states = changedStates?.done() ?? before ?? PersistentList.EMPTY;
  }
  const layerOne = prev && !prev.copyEffects ? layerOneAppliesAmong(state, stateChanged) : layerOneApplies(state);
  const resolved = resolvedLives(state);
  // The same objects in the same states, the same resolved effects and game: the same result (a resolution
  // computes the layers for its next action, and the event's end computes them again for the same state).
  // So too when objects were only tapped or untapped and no effect reads that (a record names its object,
  // which says it is tapped): the memo's states then stay last time's, and the next computation sees the
  // same objects as changed again.
  const same = (!dirty.size && !counted.size) || (onlyTapped && !!opts.last && opts.last.memo === prev && !memoReadsTapped(prev, opts.last));
  if (prev && opts.last?.memo === prev && same && !globalChanged && !layerOne && !prev.copyEffects && sameList(resolved, prev.resolved)) {
    if (CHECK_LAYERS) checkIncremental(opts.last, computeLayers(state, env, false));
    return opts.last;
  }
  /** Without copy effects or face-down objects now and last time, an unchanged object's records after layer 1 are last time's. */
  const fast = !!prev && !prev.copyEffects && !layerOne;
  /** Objects whose records after layer 1 were made again (the fast path). */
  const remade: string[] = [];
  const world = fast ? worldFromPrevious() : initialWorld(state);
  /**
   * Records copied in the current layer: the others are shared with the memo and must be copied before they change.
   * This set and the map below are made on a layer's first change: most layers of most computations change nothing.
   */
  let owned: Set<string> | undefined;
  /** The records set in the current layer, for the memo. */
  let changedNow: ReadonlyMap<string, Working> = NO_CHANGES;
  /** That map, once the layer has its own. */
  let changing: Map<string, Working> | undefined;
  const own = (id: string): Working => {
    const x = world.get(id)!;
    if (!keep || owned?.has(id)) return x;
    const c = cloneWorking(x);
    put(id, c);
    ownedNow(id);
    return c;
  };
  /** The record of `id` in the world is this layer's own copy. */
  const ownedNow = (id: string): void => {
    (owned ??= new Set()).add(id);
  };
  const put = (id: string, w: Working): void => {
    world.set(id, w);
    if (!changing) changedNow = changing = new Map();
    changing.set(id, w);
  };
  const records = new Map<Layer, LayerRecord>();
  /** How each layer was computed (`quiet`: those of the replays that looked at no step, `replayQuiet`). */
  const stats = { reuse: 0, replay: 0, extend: 0, full: 0, quiet: 0 };
  let copied: PlacedWorld = PlacedWorld.empty();
  const traces = new Map<string, TraceStep[]>();
  /** What applied, in order: the views and the loops' names read it, so `applied` is made from it when first read. */
  const log: AppliedLog = { copies: [], layers: [], players: [] };
  const copyLocks = new Map<string, CopiableValues>();
  const dependencies: DependencyView[] = [];
  const loops: string[][] = [];
  /** 613.6: the set an effect began applying to, kept for its later layers. */
  const fixedSets = new Map<string, string[]>();
  const started = new Map<string, Live>();
  /** The ids of those of `started` with parts in more than one layer: the only ones a later layer can find there. */
  const startedInSeveral: string[] = [];
  // Counters change only on objects whose state changed.
  const counterSources = prev ? keptList(prev.counterSources, stateChanged, (id) => hasCounters(state.byId.get(id))) : allCounterSources(state);
  // The same objects with counters, none of which changed: last time's counters' effects (made by each object's stamp).
  const kept = prev?.lives;
  const counters = kept && counterSources === prev!.counterSources && !someWithCounters(stateChanged) ? kept.counters : countersLives(state, counterSources);
  // The resolved and counters' effects with parts in each layer: sorted out once, not in each of eleven layers.
  const resolvedIn = kept && sameList(resolved, prev!.resolved) ? kept.resolvedIn : livesIn(resolved);
  const countersIn = kept && counters === kept.counters ? kept.countersIn : livesIn(counters);

  const trace = (id: string, step: TraceStep) => {
    let t = traces.get(id);
    if (!t) traces.set(id, (t = []));
    t.push(step);
  };

  // 611.2c: a resolved effect's locked set, mapped to the objects as they are now (400.7).
  const lockedIds = (l: Live): string[] | undefined => {
    const locked = l.resolved?.lockedSet;
    if (!locked) return undefined;
    const out: string[] = [];
    for (const k of lockedKeys(locked)) {
      const o = state.byId.get(k.id);
      if (o && o.incarnation === k.incarnation && o.zone !== null) out.push(o.id);
    }
    return out;
  };

  /** What each effect applies to in the current world; cleared whenever an effect is applied to it. */
  const affectedNow = new Map<string, string[]>();
  /** Each object's kind for trial purposes (see `representatives`); cleared with affectedNow. */
  // Made when a trial first asks (most computations try nothing): a Kinds holds two Maps, a WeakMap and two typed arrays.
  let kindNow: Kinds | undefined;
  const representatives = (ids: string[], keep: string[]): string[] => {
    kindNow ??= new Kinds((id) => {
      const x = world.get(id);
      return x ? kindKeyOf(x) : id;
    });
    return kindNow.representatives(ids, keep);
  };
  const affectedIn = (l: Live, w: World): string[] => {
    const fixed = fixedSets.get(l.id) ?? lockedIds(l);
    if (fixed) return fixed;
    if (w !== world) return select(l.spec.affected, scopeIn(l, w), w, env);
    let ids = affectedNow.get(l.id);
    if (!ids) {
      affectedNow.set(l.id, (ids = selectShared(l, scopeIn(l, w), w, env, affectedNow)));
      liveById.set(l.id, l);
    }
    return ids;
  };

  /**
   * After `next` changed the objects `ids`: only their kinds can differ, and
   * only the sets of effects whose selector reads what `next` writes (or
   * reads other objects, or cannot be summed up) can differ. Unchanged
   * worlds keep everything (the caller checks `worldVersion`).
   */
  const forgetAfter = (next: Live, layer: Layer, ids: readonly string[]): void => {
    if (kindNow) for (const id of ids) kindNow.delete(id);
    const written = writes(next, layer);
    for (const id of [...affectedNow.keys()]) {
      const l = liveById.get(id);
      const reads = l ? selectionReads(l) : undefined;
      if (!reads || [...reads].some((x) => written.has(x))) affectedNow.delete(id);
    }
  };
  /** The lives whose sets are cached, by id. */
  const liveById = new Map<string, Live>();

  const existsIn = (l: Live, w: World): boolean => {
    if (started.has(l.id)) return true;
    if (l.kind === 'static') {
      const src = w.get(l.source.id);
      if (!src) return false;
      const a = abilityByKey(src.abilities, l.abilityKey);
      if (!a || !functions(src, a)) return false;
      // CDAs apply only to their own object (604.3); an object that left play has no static effects.
    }
    if (l.spec.condition && !evalCondition(l.spec.condition, scopeIn(l, w), w, env)) return false;
    return true;
  };

  /** Bumped whenever an applied effect changes something: trial results from an unchanged world stay valid. */
  let worldVersion = 0;
  const applyTo = (l: Live, layer: Layer, w: World, ids: string[], record: boolean, reason: OrderReason) => {
    const scope = scopeIn(l, w);
    for (const id of ids) {
      const x = w === world ? (w.has(id) ? own(id) : undefined) : w.get(id);
      if (!x) continue;
      if (record && !withTrace) {
        // Without the trace, change is seen by comparing fields, not by building the trace's strings.
        const before = aspectFields(x);
        applyParts(l, layer, x, w, env, scope);
        if (aspectsChanged(before, x, layer)) worldVersion++;
        continue;
      }
      const before = record ? aspectsOf(x, layer) : undefined;
      applyParts(l, layer, x, w, env, scope);
      if (record) {
        trace(id, traceStep(l, layer, env, reason, diff(before!, aspectsOf(x, layer))));
        if (traces.get(id)![traces.get(id)!.length - 1]!.changes.length) worldVersion++;
      }
    }
  };

  /** Whether the pool just collected ends with effects begun in an earlier layer (`addStarted`). */
  let poolExtras = false;

  /** The objects whose counters changed become dirty, in this layer and every later one (`counted`). */
  const joinCounted = (): void => {
    for (const id of counted) {
      dirty.add(id);
      moved.add(id);
    }
    counted.clear();
  };
  /** The sets `rematchShared` found in the current layer, by last time's list and selection key. */
  let rematched: Map<string, Rematched> | undefined;
  /** The dirty objects as a list, for `rematch`: made when first asked in a replayed layer, which changes no dirty object before it is done. */
  let dirtyNow: string[] | undefined;

  for (const layer of OBJECT_LAYERS) {
    // (Clearing an empty Map makes it a new table: most layers cached nothing.)
    if (affectedNow.size) affectedNow.clear();
    kindNow?.clear();
    if (layer === '1a') {
      if (!layerOne) continue;
      // 613.2a: copy effects have their own order and values (engine/copy.ts).
      applyCopyLayer(world, {
        state, env, layers: OBJECT_LAYERS, trace,
        staticCopies: (w) => staticCopyLives(w, (l) => !l.spec.condition || evalCondition(l.spec.condition, scopeIn(l, w), w, env)),
        aspects: (x) => aspectsOf(x, '1a'),
        diff,
        applied: (live, affected) => log.copies.push({ live, affected }),
        locked: (key) => state.copyLocks?.[key],
        lock: (key, values) => copyLocks.set(key, values),
      });
      continue;
    } else if (layer === '1b') {
      if (layerOne) applyFaceDown(world, trace);
      startFromPrevious();
      continue;
    }
    const collect = (): Live[] => {
      const out: Live[] = [];
      for (const w of world.values()) {
        if (w.obj.zone === null) continue;
        for (const a of w.abilities) {
          if (a.ability.kind !== 'static' || !abilityLayers(a.ability).has(layer)) continue;
          for (const l of staticLives(w, a)) if (l.partsByLayer.has(layer)) out.push(l);
        }
      }
      append(out, resolvedIn(layer));
      append(out, countersIn(layer));
      addStarted(out, layer);
      return out;
    };
    const P = prev?.layers.get(layer);
    let pool = P ? poolFrom(P, layer) : collect();
    // An effect of this layer reads counters (`with a +1/+1 counter on it`, a level, a count): the objects
    // whose counters changed are dirty from here on, and the pool is looked at again with them.
    if (counted.size && readsCounters(pool)) {
      joinCounted();
      pool = P ? poolFrom(P, layer) : collect();
    }
    owned = undefined;
    changedNow = NO_CHANGES;
    changing = undefined;
    const rec: LayerRecord | undefined = keep ? emptyRecord(pool, poolExtras, NO_CHANGES) : undefined;
    if (P && !pool.length && !P.pool.length && layer !== '4') {
      passLayer(layer, P, rec);
      continue;
    }
    // The same effects as last time (the very objects, see the caches above): the same answer.
    const { ind, independence } = independenceOf(P, pool, layer, !!rec);
    if (rec) rec.independence = independence;
    const picked = P ? chooseMode(layer, P, pool, ind) : 'full';
    const mode = picked === 'full' && P && (extendLayer(layer, P, pool, rec) || appendLayer(layer, P, pool, rec)) ? 'extend' : picked;
    if (prev) stats[mode]++;
    if (mode === 'extend') {
      endLayer(layer, rec, undefined);
      continue;
    }
    if (mode !== 'full') {
      if (mode === 'reuse') reuseLayer(layer, P!, pool, rec);
      else replayLayer(layer, P!, pool, rec);
      endLayer(layer, rec, undefined);
      continue;
    }
    if (!pool.length) {
      if (layer === '4') landAbilities(world.keys());
      endLayer(layer, rec, P);
      continue;
    }
    fullLayer(layer, P, pool, rec, ind, collect);
  }

  // 208.3: only creatures (and cards with printed values) have power and toughness.
  owned = undefined;
  changedNow = NO_CHANGES;
  changing = undefined;
  if (prev) carry(prev.finalChanged, dirty);
  for (const id of prev ? dirty : world.keys()) {
    const w = world.get(id);
    if (w && w.obj.zone === 'battlefield' && !isType(w, 'Creature') && (w.power !== null || w.toughness !== null)) {
      const x = own(id);
      x.power = null;
      x.toughness = null;
    }
  }
  const finalChanged = prev ? keepChanged(undefined, prev.finalChanged, dirty) : changedNow;

  const sink = emptyRuleSink();
  // Only the objects computed again can have gained or lost such an ability since last time.
  const playerSources = prev ? keptList(prev.playerSources, dirty, (id) => {
    const w = world.get(id);
    return !!w && hasPlayerAbility(w);
  }) : allPlayerSources(world);
  const { players, rules } = computePlayers(state, world, playerSources, resolved, env, log.players, sink);
  for (const [id, steps] of sink.traces) traces.set(id, [...(traces.get(id) ?? []), ...steps]);
  const orderedAt = prev && !stats.full ? prev.orderedAt : nextOrdering();
  const copiable = new Copiables(copied);
  const memo: LayerMemo | undefined = keep ? { global, states, position, copied, copyEffects: layerOne, layers: records, finalChanged, resolved, playerSources, counterSources, lives: { counters, countersIn, resolvedIn }, orderedAt, stampAt } : undefined;
  // Objects whose state changed stay dirty through every layer (`moved`); the others not dirty now have last time's records.
  // (With the objects whose counters or damage changed and that no layer computed again: 704 reads those.)
  const since = prev && opts.last?.memo === prev ? { memo: prev, changed: counted.size ? [...new Set([...dirty, ...counted])] : [...dirty] } : undefined;
  const result: LayerResult = { world, copiable, traces, applied: log, dependencies, loops, players, rules, objectRules: sink.objects, playerRules: sink.players, copyLocks, memo, incremental: prev ? stats : undefined, since };
  // The check mode (issue 9): every computation built on a previous one equals a computation from scratch.
  if (prev && CHECK_LAYERS) checkIncremental(result, computeLayers(state, env, false));
  return result;

  // -------------------------------------------------------------------------
  // A layer worked out afresh

  /**
   * 613.8a's prefilter for a layer's pool as it starts (the pairs are asked
   * once): `objects(a, b)`, whether applying `b` can change what `a` reads on
   * objects (true; 'apart' when only type words keep them apart, see
   * objectsLink); `source(a, b)`, whether it can change `a`'s source (its
   * existence or text), now or once the layer's effects changed what `b`'s
   * set reads.
   */
  function linksIn(pool: readonly Live[], layer: Layer): { objects: (a: Live, b: Live) => boolean | 'apart'; source: (a: Live, b: Live) => boolean } {
    // Type parts refit the objects they touch, so an object that fits now fits for the rest of the layer.
    const someUnfit = unfitIn(world);
    /** What the layer's effects write, made on the first question. */
    let poolWrites: { aspects: Set<Aspect>; types: TypeWords } | undefined;
    const setMayChange = (b: Live): boolean => {
      const reads = selectionReads(b);
      if (!reads) return true;
      if (!poolWrites) {
        poolWrites = { aspects: new Set(), types: new Set() };
        for (const l of pool) {
          for (const x of writes(l, layer)) poolWrites.aspects.add(x);
          poolWrites.types = unionWords(poolWrites.types, typeWrites(l.partsByLayer.get(layer) ?? NO_PARTS));
        }
      }
      for (const x of reads) if (poolWrites.aspects.has(x) && (x !== 'types' || wordsMeet(typeReads(b.spec), poolWrites.types) || someUnfit())) return true;
      return false;
    };
    return {
      objects: (a, b) => objectsLink(a, b, layer, someUnfit),
      source: (a, b) => {
        const wr = writes(b, layer);
        for (const x of sourceReads(a)) if (wr.has(x)) return affectedIn(b, world).includes(a.source.id) || setMayChange(b);
        return false;
      },
    };
  }

  /**
   * 613.7–613.8: a layer worked out afresh, effect by effect: the next is the
   * one no other unapplied effect it depends on comes before (613.8b), CDAs
   * first (613.3), by trial application (613.8a). Apart from the computation,
   * which runs for every event: most computations never come here, and the
   * optimised computation need not hold this code.
   */
  function fullLayer(layer: Layer, P: LayerRecord | undefined, pool: Live[], rec: LayerRecord | undefined, ind: boolean, collect: () => Live[]): void {
    /** The steps, found one by one here. */
    const taken: Step[] = [];
    log.layers.push({ layer, steps: taken });
    if (rec) {
      rec.steps = taken;
      rec.byId = new Map();
      rec.stepFound = [];
    }
    const done = new Set<string>();
    /** Whether what `a` does to an object depends on anything but that object (counts, other objects' stats). */
    const readsOthers = (a: Live): boolean => hasGlobalExpr(a.partsByLayer.get(layer));
    const trialCache = new Map<string, { version: number; result: string | undefined }>();
    /** The dependencies a computation of this very state found before each step (opts.order), and the steps taken. */
    const told = opts.order?.layers.get(layer)?.stepFound;
    let step = 0;
    const trial: Trial = {
      because: (a, b) => {
        // 613.8a's answers are those of the computation of the same state: it found exactly these before this step.
        if (told) return told[step]?.get(a.id)?.get(b.id);
        const key = `${a.id}\u0000${b.id}`;
        const hit = trialCache.get(key);
        if (hit && hit.version === worldVersion) return hit.result;
        const like = alikeKey(a, b);
        const known = like !== undefined ? alikeTrials.get(like) : undefined;
        const entry = known && known.version === worldVersion ? known : { version: worldVersion, result: trialOf(a, b) };
        // The check mode (issue 9): an answer taken from effects alike is the pair's own.
        if (CHECK_LAYERS && entry === known && tryApply(a, b) !== known.result) throw new Error(`LAYERLENS_CHECK_INCREMENTAL: the 613.8a trial of ${a.id} and ${b.id} differs from that of effects alike`);
        trialCache.set(key, entry);
        if (like !== undefined) alikeTrials.set(like, entry);
        return entry.result;
      },
      mayDepend: (a, b) => mayDepend(a, b),
      aspects: (l) => ({ reads: [...objectReads(l), ...sourceReads(l)], writes: writes(l, layer) }),
      sourceName: (l) => l.source.printed.name,
    };
    /**
     * Effects alike: the same ability of sources alike in everything a trial
     * reads of them (`kindKeyOf`, as for `representatives`), each applying to
     * what its filter selects now (no condition, no set fixed or locked, no
     * object named). A trial of two effects gives the same answer as a trial
     * of two others alike (four Glorious Anthems against a Blood Moon are
     * tried once, not four times).
     */
    const alikeTrials = new Map<string, { version: number; result: string | undefined }>();
    const alikeKey = (a: Live, b: Live): string | undefined => {
      const ka = alikeClass(a);
      const kb = ka === undefined ? undefined : alikeClass(b);
      return kb === undefined ? undefined : `${ka}\u0002${kb}\u0002${a.source.id === b.source.id}`;
    };
    const alikeClass = (l: Live): string | undefined => {
      if (l.kind !== 'static' || l.resolved || l.spec.condition || l.spec.affected.kind !== 'filter' || fixedSets.has(l.id)) return undefined;
      const src = world.get(l.source.id);
      // The ability's place on its source: its key less the source's id (`e4/0` → `/0`).
      const key = l.abilityKey ?? '';
      const at = key.startsWith(l.source.id) ? key.slice(l.source.id.length) : key;
      return src ? `${specNumber(l.spec)}\u0003${at}\u0003${l.cda}\u0003${kindKeyOf(src)}` : undefined;
    };
    const tryApply = (a: Live, b: Live): string | undefined => {
      {
        const scratch = new ScratchWorld(world);
        const all = affectedIn(b, world);
        // Objects alike in every characteristic a selector or value can read
        // behave alike under both effects, so one of each kind is tried
        // (a thousand identical tokens are one trial). Counts need them all.
        const touched = readsOthers(a) ? all : representatives(all, [a.source.id, b.source.id, ...(a.spec.affected.kind === 'object' ? affectedIn(a, world) : [])]);
        applyTo(b, layer, scratch, touched, false, { kind: 'timestamp' });
        if (layer === '4') for (const id of touched) intrinsicLandAbilities(scratch.get(id)!, env.makeAbility);
        // Nothing outside `touched` changed, so only those objects (and the
        // source, for existence and text) need a second look.
        const touchedSet = new Set(touched);
        const sourceTouched = touchedSet.has(a.source.id);
        const existedBefore = existsIn(a, world);
        if ((sourceTouched || a.spec.condition) && existedBefore !== existsIn(a, scratch)) return 'changes whether it exists';
        if (!existedBefore) return undefined;
        if (sourceTouched && a.abilityKey) {
          const textOf = (w: World) => w.get(a.source.id)?.abilities.find((x) => x.key === a.abilityKey)?.text ?? '';
          if (textOf(world) !== textOf(scratch)) return 'changes its text';
        }
        const before = affectedIn(a, world);
        let after = before;
        if (!fixedSets.has(a.id) && !lockedIds(a) && a.spec.affected.kind === 'filter') {
          if (sourceTouched) after = affectedIn(a, scratch);
          else {
            const filter = a.spec.affected.filter;
            const scope = scopeIn(a, world);
            for (const id of touched) {
              const x = scratch.get(id);
              if (x && matches(filter, x, scope, scratch, env) !== listed(before, id)) return 'changes what it applies to';
            }
          }
        }
        if (after !== before && after.join(',') !== before.join(',')) return 'changes what it applies to';
        const look = readsOthers(a) || sourceTouched ? before : before.filter((id) => touchedSet.has(id));
        const scopeBefore = scopeIn(a, world);
        const scopeAfter = scopeIn(a, scratch);
        for (const id of look) {
          const v0 = valuesOf(a, layer, world.get(id), world, scopeBefore);
          const v1 = valuesOf(a, layer, scratch.get(id), scratch, scopeAfter);
          if (!sameValues(v0, v1)) return 'changes what it does';
        }
        return undefined;
      }
    };
    const links = linksIn(pool, layer);
    const mayDepend = (a: Live, b: Live): boolean => {
      const link = links.objects(a, b);
      if (link === true) return true;
      const found = links.source(a, b);
      if (found) (sourceOnly.get(a.id) ?? sourceOnly.set(a.id, new Set()).get(a.id)!).add(b.id);
      // The check mode (issue 9): a pair the type words keep apart finds nothing when tried.
      if (CHECK_LAYERS && link === 'apart' && !found && a.cda === b.cda && tryApply(a, b) !== undefined) throw new Error(`LAYERLENS_CHECK_INCREMENTAL: ${a.id} depends on ${b.id} in layer ${layer}, which their type words rule out`);
      return found;
    };
    /** Pairs (dependent id → ids) that only the source clause keeps: `b` can change nothing else `a` reads. */
    const sourceOnly = new Map<string, Set<string>>();
    const trialOf = (a: Live, b: Live): string | undefined => {
      if (!sourceOnly.get(a.id)?.has(b.id)) return tryApply(a, b);
      const r = sourceTrial(a, b);
      if (CHECK_LAYERS && r !== tryApply(a, b)) throw new Error(`LAYERLENS_CHECK_INCREMENTAL: the 613.8a trial of ${a.id} and ${b.id} on its source alone differs from the whole trial`);
      return r;
    };
    /**
     * 613.8a on the source alone, for a pair whose only link is `a`'s source:
     * `b` applied to that one object, then `a`'s existence and text compared
     * (what the whole trial would find, at a fraction of its cost).
     */
    const sourceTrial = (a: Live, b: Live): string | undefined => {
      const src = a.source.id;
      if (!affectedIn(b, world).includes(src)) return undefined;
      const scratch = new ScratchWorld(world);
      applyTo(b, layer, scratch, [src], false, { kind: 'timestamp' });
      if (layer === '4') intrinsicLandAbilities(scratch.get(src)!, env.makeAbility);
      const existed = existsIn(a, world);
      if (existed !== existsIn(a, scratch)) return 'changes whether it exists';
      if (!existed || !a.abilityKey) return undefined;
      const textOf = (w: World) => w.get(src)?.abilities.find((x) => x.key === a.abilityKey)?.text ?? '';
      return textOf(world) !== textOf(scratch) ? 'changes its text' : undefined;
    };
    const valuesOf = (a: Live, lyr: Layer, w: Working | undefined, ww: World, scope: Scope): unknown[] => effectValues(a, lyr, w, ww, scope, env);

    const applyNext = (next: Live, reason: OrderReason): void => {
      const ids = affectedIn(next, world);
      const r: OrderReason = next.kind === 'counter' && reason.kind === 'timestamp' ? BY_COUNTERS : reason;
      const st: Step = { live: next, affected: ids, reason: r };
      note(st, layer);
      taken.push(st);
      rec?.byId.set(next.id, st);
      const version = worldVersion;
      applyTo(next, layer, world, ids, true, r);
      if (worldVersion !== version) forgetAfter(next, layer, ids);
      done.add(next.id);
      step++;
    };

    const order = new LayerOrder(layer, trial);
    if (ind) {
      // 613.8 finds nothing to order here and nothing can start or stop
      // existing during the layer: the loop below would pick CDAs first, then
      // the rest, each by timestamp. Sorting once gives the same sequence and
      // reasons for O(n log n) instead of O(n²).
      const cands = pool.filter((l) => !done.has(l.id) && existsIn(l, world));
      // (Equal timestamps keep the pool's order: sort is stable.)
      const byTimestamp = (xs: Live[]) => xs.sort(byTimestampOrder);
      const cdas = byTimestamp(cands.filter((l) => l.cda));
      const rest = byTimestamp(cands.filter((l) => !l.cda));
      for (const next of cdas) applyNext(next, { kind: 'cda' });
      if (rec) rec.stepFound = noneFound(cdas.length + rest.length);
      rest.forEach((next, k) => applyNext(next, next.kind === 'counter' && k === rest.length - 1 ? BY_COUNTERS : BY_TIMESTAMP));
    } else
      for (;;) {
        const cands = pool.filter((l) => !done.has(l.id) && existsIn(l, world));
        if (!cands.length) break;
        // 613.3: within layers 2–6, CDAs apply first; 7a holds only CDAs.
        const cdas = cands.filter((l) => l.cda);
        const group = cdas.length ? cdas : cands;
        const fallback: OrderReason = cdas.length ? { kind: 'cda' } : group[0]!.kind === 'counter' && group.length === 1 ? { kind: 'counters' } : { kind: 'timestamp' };
        const { next, reason } = order.next(group, fallback);
        rec?.stepFound.push(order.lastFound);
        applyNext(next, reason);
        // New abilities can bring new static effects into this very layer (613.7a's example).
        if (writes(next, layer).has('abilities')) {
          const fresh = collect().filter((l) => !pool.some((p) => p.id === l.id));
          pool = [...pool, ...fresh];
        }
      }
    append(dependencies, order.found);
    append(loops, order.loops);
    if (layer === '4') landAbilities(world.keys());
    if (rec) {
      rec.independent = ind;
      rec.found = order.found;
      rec.loops = order.loops;
    }
    endLayer(layer, rec, P);
  }

  // -------------------------------------------------------------------------
  // Building on the previous computation (engine/incremental.ts)

  /** After layer 1: which objects differ from last time; the others share last time's records. */
  function startFromPrevious(): void {
    if (fast) {
      // worldFromPrevious made records for the dirty objects whose values differ; the others' are last time's.
      copied = remade.length ? world.copy() : prev!.copied;
      return;
    }
    if (prev) {
      for (const [id, w] of world) {
        if (moved.has(id)) continue;
        const old = prev.copied.get(id);
        if (!old || !sameWorking(w, old)) dirty.add(id);
        else world.set(id, old);
      }
    }
    // Without a memo to keep, the later layers change records in place: the copiable values keep copies of them.
    copied = keep ? world.copy() : world.deepCopy();
  }

  /** Layer 1's records: last time's for unchanged objects (no copy effect or face-down object in either computation). */
  function worldFromPrevious(): PlacedWorld {
    const w = prev!.copied.copy();
    for (const id of dirty) {
      const o = state.byId.get(id)!;
      const fresh = fromValues(o, o.printed);
      // Tapped, a counter, damage: the object is dirty (filters read those), but its values are last time's.
      const old = prev!.copied.get(id);
      if (old && sameWorking(fresh, old)) continue;
      w.set(id, fresh);
      remade.push(id);
    }
    return w;
  }

  /** An object's record entering layer `layer` last time. */
  function previousBefore(layer: Layer, id: string): Working | undefined {
    for (let k = OBJECT_LAYERS.indexOf(layer) - 1; k >= 2; k--) {
      const hit = prev!.layers.get(OBJECT_LAYERS[k]!)?.changed.get(id);
      if (hit) return hit;
    }
    return prev!.copied.get(id);
  }

  function previousAfter(P: LayerRecord, layer: Layer, id: string): Working | undefined {
    return P.changed.get(id) ?? previousBefore(layer, id);
  }

  /**
   * The layer's effects as `collect` finds them, in the same order, from last
   * time's: unchanged objects' static abilities give the same effects, so only
   * dirty objects are looked at again.
   */
  function poolFrom(P: LayerRecord, layer: Layer): Live[] {
    const fresh: { l: Live; at: number; i: number }[] = [];
    let i = P.pool.length;
    // (Indexed over the lists: this runs for every layer of every computation, mostly in cold code.)
    for (const id of dirty) {
      const w = world.get(id);
      if (!w || w.obj.zone === null) continue;
      for (let k = 0; k < w.abilities.length; k++) {
        const a = w.abilities[k]!;
        if (a.ability.kind !== 'static' || !abilityLayers(a.ability).has(layer)) continue;
        const lives = staticLives(w, a);
        for (let j = 0; j < lives.length; j++) if (lives[j]!.partsByLayer.has(layer)) fresh.push({ l: lives[j]!, at: position.get(id)!, i: i++ });
      }
    }
    // Nothing came and nothing went: last time's very pool, as most layers of most computations find it
    // (the resolved and counters' effects sorted into layers are last time's, and no dirty object was a source).
    const kept = prev!.lives;
    // (The resolved and counters' effects compared in this layer: a counter put on a creature changes
    // layer 7c's, not the other layers' pools.)
    if (!fresh.length && !startedInSeveral.length && !P.extras && kept && sameIn(kept.resolvedIn, resolvedIn, layer) && sameIn(kept.countersIn, countersIn, layer) && !someIn(dirty, staticSources(P.pool))) {
      poolExtras = false;
      return P.pool;
    }
    let out: Live[] = [];
    // Last time's static effects are in world order already: with none from a dirty object, no sort.
    if (!fresh.length) {
      for (let k = 0; k < P.pool.length; k++) {
        const l = P.pool[k]!;
        if (l.kind === 'static' && !dirty.has(l.source.id)) out.push(l);
      }
    }
    if (fresh.length) {
      const statics = fresh;
      P.pool.forEach((l, k) => {
        if (l.kind === 'static' && !dirty.has(l.source.id)) statics.push({ l, at: position.get(l.source.id)!, i: k });
      });
      statics.sort((x, y) => x.at - y.at || x.i - y.i);
      out = statics.map((x) => x.l);
    }
    append(out, resolvedIn(layer));
    append(out, countersIn(layer));
    addStarted(out, layer);
    return out;
  }

  /** 613.6: the effects begun in an earlier layer with parts in this one, at the pool's end if not in it (`poolExtras` says whether any was). */
  function addStarted(out: Live[], layer: Layer): void {
    const collected = out.length;
    for (const id of startedInSeveral) {
      const l = started.get(id)!;
      if (l.partsByLayer.has(layer) && !out.some((x) => x.id === l.id)) out.push(l);
    }
    poolExtras = out.length > collected;
  }

  /** 305.6: lands have the mana abilities of their basic land types (after layer 4), for the records that may need it. */
  function landAbilities(ids: Iterable<string>): void {
    for (const id of ids) {
      const w = world.get(id);
      if (!w) continue;
      const lands = w.abilities.some((a) => a.origin === 'land-type') || (w.subtypes.some(isBasicLandType) && hasWord(w.types, 'Land'));
      // A record copied (`own`) only when its abilities change: after a layer 4 worked out afresh, this
      // looks at every object, and most lands have their basic types' abilities already.
      if (lands && !hasLandAbilities(w)) intrinsicLandAbilities(own(id), env.makeAbility);
    }
  }

  /**
   * An effect begins or goes on applying in this layer (613.6: its set is the
   * one it began with). `settled`: the layer's steps are all decided, so what
   * only the layer itself reads (the set and start of an effect of this layer
   * alone) is not kept: most effects are in one layer, and this runs for each
   * of them in every computation.
   */
  function note(step: Step, layer: Layer, settled = false): void {
    const { live, affected: ids } = step;
    if (!settled || live.partsByLayer.size > 1) {
      if (!fixedSets.has(live.id)) fixedSets.set(live.id, ids);
      if (!started.has(live.id) && live.partsByLayer.size > 1) startedInSeveral.push(live.id);
      started.set(live.id, live);
    }
  }

  /**
   * The layer's steps in its record: last time's very list (and index) when
   * every step is last time's, which is what most layers of most
   * computations find (nothing in them changed).
   */
  function keepSteps(rec: LayerRecord | undefined, steps: Step[], P: LayerRecord): void {
    if (!rec) return;
    if (sameList(steps, P.steps)) {
      rec.steps = P.steps;
      rec.byId = P.byId;
      return;
    }
    rec.steps = steps;
    rec.byId = new Map();
    for (let k = 0; k < steps.length; k++) rec.byId.set(steps[k]!.live.id, steps[k]!);
  }

  /** The layer is done: keep its records; after a full computation, find which objects now differ from last time. */
  function endLayer(layer: Layer, rec: LayerRecord | undefined, P: LayerRecord | undefined): void {
    if (prev && P) {
      for (const [id, w] of world) {
        if (moved.has(id)) continue;
        const old = previousAfter(P, layer, id);
        if (old && sameWorking(w, old)) {
          if (old !== w) put(id, old);
          dirty.delete(id);
        } else dirty.add(id);
      }
    }
    if (!rec) return;
    // A layer computed here keeps what it set (the other ways set their record's map themselves, see keepChanged).
    if (rec.changed === NO_CHANGES) rec.changed = changedNow;
    records.set(layer, rec);
  }

  function chooseMode(layer: Layer, P: LayerRecord, pool: Live[], ind: boolean): 'reuse' | 'replay' | 'full' {
    if (ind && P.independent && !someCda(pool) && !someStepCda(P.steps)) return 'replay';
    return canReuse(layer, P, pool) ? 'reuse' : 'full';
  }

  /** The same effects, and no dirty object any of them applies to, could apply to, or comes from. */
  function canReuse(layer: Layer, P: LayerRecord, pool: Live[]): boolean {
    if (pool !== P.pool && (pool.length !== P.pool.length || pool.some((l, i) => !sameLive(l, P.pool[i]!)))) return false;
    if (!dirty.size && !globalChanged) return true;
    // Last time's steps' effects are mostly the pool's very effects: each is looked at once.
    const lives = pool.slice();
    for (const s of P.steps) if (!lives.includes(s.live)) lives.push(s.live);
    if (lives.some((l) => !localValues(l, layer) || (l.spec.affected.kind === 'filter' && nonlocal(l.spec.affected)))) return false;
    return dirtyApart(P, lives);
  }

  /**
   * Whether no dirty object is one last time's steps in the layer applied to
   * (or its 613.8a trials looked at, `touchedBy`), the source of one of
   * `lives`, or in the set one of them applies to now.
   */
  function dirtyApart(P: LayerRecord, lives: readonly Live[]): boolean {
    const touched = touchedBy(P);
    for (const x of dirty) {
      if (touched.has(x)) return false;
      const w = world.get(x);
      for (const l of lives) {
        if (l.source.id === x) return false;
        const fixed = fixedSets.get(l.id) ?? lockedIds(l);
        if (fixed) {
          if (fixed.includes(x)) return false;
        } else if (l.spec.affected.kind === 'filter') {
          if (w && matches(l.spec.affected.filter, w, scopeIn(l, world), world, env)) return false;
        } else if (select(l.spec.affected, scopeIn(l, world), world, env).includes(x)) return false;
      }
    }
    return true;
  }

  function reuseLayer(layer: Layer, P: LayerRecord, pool: Live[], rec: LayerRecord | undefined): void {
    // Last time's very pool (`poolFrom`): its steps name the very effects, so they are last time's steps.
    const now = pool === P.pool ? undefined : new Map(pool.map((l) => [l.id, l]));
    const steps = now ? P.steps.map((s) => sameStep(s, now.get(s.live.id) ?? s.live, s.affected, s.reason)) : P.steps;
    for (const s of steps) note(s, layer, true);
    log.layers.push({ layer, steps });
    keepSteps(rec, steps, P);
    carry(P.changed, dirty);
    keepOrder(layer, P, rec);
    keepChanged(rec, P.changed, dirty);
  }

  /**
   * A layer with no effect now or last time (most boards have none in layers
   * 2, 3, 7a, 7b, 7d): every record leaves it as it came in. The dirty objects
   * stay dirty (the next layer with effects compares them with last time's);
   * the others keep last time's records, as a replay would keep them. Not layer
   * 4, whose land abilities come after it whether or not it has effects.
   */
  function passLayer(layer: Layer, P: LayerRecord, rec: LayerRecord | undefined): void {
    carry(P.changed, dirty);
    keepChanged(rec, P.changed, dirty);
    stats.reuse++;
    if (rec) records.set(layer, rec);
  }

  /** Last time's step when it says the same (the same effect, set and reason), else a new one. */
  function sameStep(old: Step | undefined, live: Live, affected: string[], reason: OrderReason): Step {
    return old && old.live === live && old.affected === affected && old.reason === reason ? old : { live, affected, reason };
  }

  /** Last time's records of a layer for the objects not computed again (`skip`) go on into the world. */
  function carry(old: Changes, skip: ReadonlySet<string>): void {
    carryInto(old, world, skip);
  }

  /**
   * The records the layer set: last time's for the objects not computed
   * again (`skip`, see `carry`), with the ones set now (`changedNow`) over
   * them. Last time's very records when that is what they are, as they
   * mostly are (an event changes one or two objects of a board); else kept
   * by the world's places (changes.ts: a slice of last time's). Kept in
   * `rec`, and returned.
   */
  function keepChanged(rec: LayerRecord | undefined, old: Changes, skip: ReadonlySet<string>): Changes {
    const kept = sameChanges(old, skip) ? old : (PlacedChanges.kept(world, old, skip, changedNow) ?? keptMap(old, skip));
    if (rec) rec.changed = kept;
    return kept;
  }

  /** `keepChanged`'s records as a Map, for records one of which has no place in the world. */
  function keptMap(old: Changes, skip: ReadonlySet<string>): Changes {
    // forEach: no [id, record] pair made per entry while this code is not yet optimised.
    const made = new Map<string, Working>();
    old.forEach((w, id) => {
      if (!skip.has(id) && !changedNow.has(id)) made.set(id, w);
    });
    changedNow.forEach((w, id) => made.set(id, w));
    return made;
  }

  /** Whether the records set now, over last time's for the objects not in `skip`, are last time's exactly. */
  function sameChanges(old: Changes, skip: ReadonlySet<string>): boolean {
    // forEach, for the few entries of each: no [id, record] pair or iterator result made per entry (cold code).
    let same = true;
    changedNow.forEach((w, id) => {
      if (same && old.get(id) !== w) same = false;
    });
    if (same) {
      skip.forEach((id) => {
        if (same && old.has(id) && !changedNow.has(id)) same = false;
      });
    }
    return same;
  }

  /** The order, dependencies and loops are last time's: say so again and keep them. */
  function keepOrder(layer: Layer, P: LayerRecord, rec: LayerRecord | undefined): void {
    if (layer === '4') landAbilities(dirty);
    append(dependencies, P.found);
    append(loops, P.loops);
    if (rec) {
      rec.independent = P.independent;
      rec.found = P.found;
      rec.loops = P.loops;
      rec.stepFound = P.stepFound;
    }
  }

  /**
   * A layer ordered by timestamps alone: no effect reads what another writes,
   * so each set can be decided before any applies. Only the dirty objects and
   * those whose effects changed are computed again, in the same order.
   */
  function replayLayer(layer: Layer, P: LayerRecord, pool: Live[], rec: LayerRecord | undefined): void {
    if (replayQuiet(layer, P, pool, rec)) return;
    const { lives, asBefore } = replayOrder(P, pool);
    rematched = undefined;
    dirtyNow = undefined;
    // The objects computed again: the dirty ones, and a copy of that set only once another joins
    // (most layers of most computations add none, and this runs for every layer).
    let again: Set<string> = dirty;
    const add = (id: string): void => {
      if (again === dirty) {
        if (dirty.has(id)) return;
        again = new Set(dirty);
      }
      again.add(id);
    };
    /** A local filter's step with the dirty objects rematched: those that joined or left it are computed again. */
    const rematchStep = (l: Live, old: Step): Step => {
      const { ids, delta } = rematchShared(l, old.affected);
      for (let i = 0; i < delta.length; i++) add(delta[i]!);
      return sameStep(old, l, ids, byTimestamp(l));
    };
    const plan: Step[] = [];
    // New effects after every old one (something entered, a pump resolved): an object they
    // apply to that is not computed again only gets them on top of last time's result, since
    // they come last. Not in layer 4, whose land abilities are added after every effect.
    let appendFrom = lives.length;
    if (layer !== '4') while (appendFrom > 0 && !P.byId.has(lives[appendFrom - 1]!.id)) appendFrom--;
    const appended: Step[] = [];
    /** How many of last time's steps are among the effects now. */
    let kept = 0;
    for (let k = 0; k < lives.length; k++) {
      const l = lives[k]!;
      if (k >= appendFrom) {
        const step = { live: l, affected: fixedSets.get(l.id) ?? lockedIds(l) ?? select(l.spec.affected, scopeIn(l, world), world, env), reason: byTimestamp(l) };
        plan.push(step);
        appended.push(step);
        continue;
      }
      const old = P.byId.get(l.id);
      // (The appended effects above are none of last time's.)
      if (old) kept++;
      // Most of a layer's effects (a creature's counters, a pump on another creature, an anthem whose
      // set the dirty objects neither join nor leave): last time's step, with no more than a rematch.
      const quiet = old && old.live === l ? quietStep(l, old, layer) : NOT_QUIET;
      if (quiet === SAME_STEP) {
        plan.push(old!);
        continue;
      }
      if (quiet === SAME_FILTER) {
        plan.push(rematchStep(l, old!));
        continue;
      }
      const same = !!old && sameLive(l, old.live) && !dirty.has(l.source.id) && ((!dirty.size && !globalChanged) || localValues(l, layer));
      // 611.2c: the same locked set, none of whose objects changed, maps to the same objects as last time.
      const fixed = fixedSets.get(l.id) ?? (same && lockedUnchanged(l) ? old!.affected : lockedIds(l));
      let ids: string[];
      if (fixed) ids = fixed;
      else if (same && !dirty.size && !globalChanged) ids = old!.affected;
      // Its own object (a counter's, a level's), which is not dirty (`same`): where it was, so the same set.
      else if (same && ownObject(l)) ids = old!.affected;
      else if (same && localSelection(l)) {
        plan.push(rematchStep(l, old!));
        continue;
      }
      else {
        ids = select(l.spec.affected, scopeIn(l, world), world, env);
        // The same objects (a counter's own object, what an Equipment is attached to): last time's very
        // list, so that the step, and most often the whole layer's steps, are last time's (keepSteps).
        if (old && sameStrings(ids, old.affected)) ids = old.affected;
      }
      if (!same) {
        for (const id of ids) add(id);
        for (const id of old?.affected ?? []) add(id);
      } else if (ids !== old!.affected) {
        if (again === dirty) again = new Set(dirty);
        addDifference(ids, old!.affected, again);
      }
      plan.push(sameStep(old, l, ids, byTimestamp(l)));
    }
    // (The dirty objects change below: the list `rematch` read is dropped.)
    dirtyNow = undefined;
    // Effects that applied last time and do not now: what they applied to is computed again.
    if (!asBefore && kept < P.steps.length) {
      const seen = new Set<string>();
      for (const l of lives) seen.add(l.id);
      for (const s of P.steps) if (!seen.has(s.live.id)) for (const id of s.affected) add(id);
    }
    // (Every dirty object is in the world: only ids added above can be missing.)
    if (again !== dirty) for (const id of again) if (!world.has(id)) again.delete(id);
    keepSteps(rec, plan, P);
    if (rec) rec.stepFound = noneFound(plan.length);
    log.layers.push({ layer, steps: plan });
    /** The objects computed again as a list, made for the first long set (an anthem's): no iterator per step in cold code. */
    let againIds: string[] | undefined;
    for (let k = 0; k < plan.length; k++) {
      const s = plan[k]!;
      if (s.live.partsByLayer.size > 1) note(s, layer, true);
      const a = s.affected;
      // (A counter's or a pump's one object, the usual step: looked at here.)
      if (a.length === 1 && !again.has(a[0]!)) continue;
      // Objects are independent of each other here: the order among them does not matter.
      const ids = again.size * 8 >= a.length ? amongAffected(a, again) : among((againIds ??= [...again]), a);
      if (ids.length) applyTo(s.live, layer, world, ids, true, BY_TIMESTAMP);
    }
    if (layer === '4') landAbilities(again);
    carry(P.changed, again);
    const onTop = applyOnTop(appended, layer, again);
    if (onTop.length) {
      // `again` stays what it was: dirty grows.
      if (again === dirty) again = new Set(dirty);
      for (const id of onTop) dirty.add(id);
    }
    /** Objects found as they were last time, no longer dirty once the layer's records are kept. */
    const unchanged: string[] = [];
    for (const id of again) {
      if (moved.has(id)) continue;
      const old = previousAfter(P, layer, id);
      const w = world.get(id)!;
      if (old && sameWorking(w, old)) {
        if (old !== w) put(id, old);
        unchanged.push(id);
      } else dirty.add(id);
    }
    keepChanged(rec, P.changed, again);
    for (const id of unchanged) dirty.delete(id);
  }

  /**
   * 613.7: effects later than every other of the layer, applied on top of
   * last time's result to the objects of their sets not computed again
   * (`skip`, which the steps take in order); the objects they applied to.
   */
  function applyOnTop(steps: readonly Step[], layer: Layer, skip: ReadonlySet<string>): string[] {
    const touched: string[] = [];
    for (const s of steps) {
      const rest = s.affected.filter((id) => !skip.has(id) && world.has(id));
      if (!rest.length) continue;
      applyTo(s.live, layer, world, rest, true, BY_TIMESTAMP);
      append(touched, rest);
    }
    return touched;
  }

  /**
   * The replay when nothing entering the layer changed (no dirty object, no
   * global change, no set begun in an earlier layer): each of last time's
   * steps that still exists is what `quietStep` finds (`SAME_STEP`), and
   * applies to no object computed again, so only the effects new to the layer
   * are looked at, all later than every one of last time's (a pump resolved,
   * a counter put on: 613.7, the latest timestamps), applied on top as the
   * replay applies them. What the replay does, without a pass over every step
   * and a sort of the pool: most layers of most computations of a long
   * timeline are this. False, having changed nothing, when the layer holds
   * anything else (an effect gone or new among the old ones): the replay.
   */
  function replayQuiet(layer: Layer, P: LayerRecord, pool: Live[], rec: LayerRecord | undefined): boolean {
    if (dirty.size || globalChanged || fixedSets.size) return false;
    let old = 0;
    let fresh: Live[] | undefined;
    for (let i = 0; i < pool.length; i++) {
      const l = pool[i]!;
      const s = P.byId.get(l.id);
      if (s === undefined) {
        if (existsIn(l, world)) (fresh ??= []).push(l);
        continue;
      }
      if (s.live !== l || s.reason !== byTimestamp(l)) return false;
      // Last time's effect (no dirty source): `existedAsBefore` unless it has a condition or parts in other layers.
      if ((l.spec.condition || l.partsByLayer.size > 1) && !existsIn(l, world)) return false;
      old++;
    }
    if (old !== P.steps.length) return false;
    let steps = P.steps;
    if (fresh) {
      // Layer 4's land abilities come after every effect (305.7): the replay looks at each step there.
      if (layer === '4') return false;
      // Equal timestamps keep the pool's order, as the replay's sort does (stable).
      if (fresh.length > 1) fresh.sort(byTimestampOrder);
      if (steps.length && byTimestampOrder(steps[steps.length - 1]!.live, fresh[0]!) >= 0) return false;
      steps = steps.slice();
      for (const l of fresh) steps.push({ live: l, affected: lockedIds(l) ?? select(l.spec.affected, scopeIn(l, world), world, env), reason: byTimestamp(l) });
    }
    rematched = undefined;
    dirtyNow = undefined;
    for (const s of startedBy(steps)) note(s, layer, true);
    if (rec) {
      rec.steps = steps;
      // Last time's index; with new steps, a copy of it that holds them too.
      rec.byId = fresh ? copyMap(P.byId) : P.byId;
      for (let k = P.steps.length; k < steps.length; k++) rec.byId.set(steps[k]!.live.id, steps[k]!);
      rec.stepFound = noneFound(steps.length);
    }
    log.layers.push({ layer, steps });
    carry(P.changed, dirty);
    const touched = applyOnTop(fresh ? steps.slice(P.steps.length) : NO_STEPS, layer, dirty);
    keepChanged(rec, P.changed, dirty);
    // The objects the new effects applied to differ from last time's from here on.
    for (const id of touched) dirty.add(id);
    stats.quiet++;
    return true;
  }

  /**
   * 613.7: the effects of a layer ordered by timestamps alone that exist now,
   * in the order they apply. The same effects as last time, each existing or
   * not as it did then: last time's order (`asBefore`), with no sort.
   */
  function replayOrder(P: LayerRecord, pool: Live[]): { lives: Live[]; asBefore: boolean } {
    let asBefore = pool.length === P.pool.length;
    let n = 0;
    const exists: boolean[] = new Array(pool.length);
    for (let i = 0; i < pool.length; i++) {
      const l = pool[i]!;
      exists[i] = existedAsBefore(l, P) || existsIn(l, world);
      if (exists[i]) n++;
      if (asBefore && (l !== P.pool[i] || exists[i] !== P.byId.has(l.id))) asBefore = false;
    }
    if (asBefore && n === P.steps.length) return { lives: livesOf(P.steps), asBefore };
    const lives: Live[] = [];
    for (let i = 0; i < pool.length; i++) if (exists[i]) lives.push(pool[i]!);
    // Equal timestamps keep the pool's order: sort is stable (ECMAScript 2019).
    lives.sort(byTimestampOrder);
    return { lives, asBefore: false };
  }

  /**
   * What the replay would find of last time's step of `l` (the very effect),
   * whose source is not dirty and whose values read only its objects:
   * `SAME_STEP` when its set is its own object or a locked set none of whose
   * objects is dirty (611.2c), `SAME_FILTER` when it is a local filter's (the
   * dirty objects rematched), else `NOT_QUIET` (the replay looks at it).
   * Taken for most effects of a layer holding every counter and pump.
   */
  function quietStep(l: Live, old: Step, layer: Layer): Quiet {
    if (old.reason !== byTimestamp(l) || dirty.has(l.source.id) || (fixedSets.size && fixedSets.has(l.id))) return NOT_QUIET;
    if (!dirty.size && !globalChanged) return SAME_STEP;
    const kind = quietKind(l, layer);
    if (kind === QUIET_LOCKED) return lockedUnchanged(l) ? SAME_STEP : NOT_QUIET;
    return kind === QUIET_OWN ? SAME_STEP : kind === QUIET_FILTER ? SAME_FILTER : NOT_QUIET;
  }

  /**
   * `rematch` for effects alike: a plain filter read under the same key
   * (selectionKey: its fields, and the source and `you` where it reads them)
   * over the same last time's set (the very list, which a full computation
   * shares among them, `selectShared`, or one holding the same objects) gives
   * the same set: found once per layer, and one list for all of them after.
   */
  function rematchShared(l: Live, old: string[]): Rematched {
    const key = sharedKey(l);
    const hit = key === undefined ? undefined : rematched?.get(key);
    // The same list: the same answer (no object made for it: the usual case, for each effect alike).
    if (hit && hit.old === old) return hit;
    // One alike (sets found apart hold the same objects): the same answer, and the very list found
    // when it changed, so that effects alike share it from now on.
    if (hit && sameStrings(hit.old, old)) return { old, ids: hit.ids === hit.old ? old : hit.ids, delta: hit.delta };
    const found = rematch(l, old);
    if (key !== undefined) (rematched ??= new Map()).set(key, found);
    return found;
  }

  /** `selectionKey` of an effect's set, once per scope (each effect keeps its scope while its `you` is the same). */
  function sharedKey(l: Live): string | undefined {
    const scope = scopeIn(l, world);
    let key = keyByScope.get(scope);
    if (key === undefined && !keyByScope.has(scope)) keyByScope.set(scope, (key = selectionKey(l.spec.affected, scope)));
    return key;
  }

  /**
   * A static effect of this layer alone, without a condition, that applied
   * last time, from a source that is not dirty: it exists now (its source
   * entered the layer as it did then, and a layer replayed had no effect start
   * or stop one). Not one with parts in other layers: it may have existed
   * last time only because it began in an earlier layer (613.6), which it
   * need not have done this time.
   */
  function existedAsBefore(l: Live, P: LayerRecord): boolean {
    return l.kind === 'static' && l.partsByLayer.size === 1 && !l.spec.condition && !dirty.has(l.source.id) && P.byId.get(l.id)?.live === l;
  }

  /** Whether some of the objects has counters now. */
  function someWithCounters(ids: ReadonlySet<string>): boolean {
    for (const id of ids) if (hasCounters(state.byId.get(id))) return true;
    return false;
  }

  /**
   * The few objects of `some` that `affected` holds (no list is made when
   * there are none, the usual answer). A short list is scanned: it is often a
   * new one (a token entered), of which a set would cost more than the scan.
   * A long one (an anthem's on a large board) is looked up in its set, made
   * once for the list (`setOf`).
   */
  function among(some: readonly string[], affected: readonly string[]): string[] {
    let out: string[] | undefined;
    if (affected.length >= LONG_SET) {
      const set = setOf(affected);
      for (let i = 0; i < some.length; i++) if (set.has(some[i]!)) (out ??= []).push(some[i]!);
    } else for (let i = 0; i < some.length; i++) if (affected.includes(some[i]!)) (out ??= []).push(some[i]!);
    return out ?? NONE;
  }

  /** The same from the other side, in `affected`'s order, for a short `affected` (a counter's own object): no list made for none. */
  function amongAffected(affected: readonly string[], some: ReadonlySet<string>): string[] {
    let out: string[] | undefined;
    for (let i = 0; i < affected.length; i++) if (some.has(affected[i]!)) (out ??= []).push(affected[i]!);
    return out ?? NONE;
  }

  /** 613.7: the reason a full computation gives each step of a layer ordered by timestamps alone (without CDAs). */
  function byTimestamp(l: Live): OrderReason {
    return l.kind === 'counter' ? BY_COUNTERS : BY_TIMESTAMP;
  }

  /**
   * 613.8 for the dirty objects alone, in a layer ordered by trial
   * application: the same effects as last time, which found no dependency,
   * none with values or a set read from other objects, no dirty object among
   * their sources. Other objects are as last time, so a dependency can only
   * come from a dirty one: each is taken through last time's order, and
   * before each step every pair of effects not yet applied is tried on it
   * (apply one: does the other's set or values change for it?). No change
   * anywhere: the order is last time's and so are the other objects. Any
   * change: false, and the layer is computed afresh.
   */
  function extendLayer(layer: Layer, P: LayerRecord, pool: Live[], rec: LayerRecord | undefined): boolean {
    if (!dirty.size || P.stepFound.length !== P.steps.length) return false;
    // Objects last time's trials looked at could have been what made an effect depend on another.
    const touched = touchedBy(P);
    for (const x of dirty) if (touched.has(x)) return false;
    if (pool.length !== P.pool.length || pool.some((l, i) => !sameLive(l, P.pool[i]!))) return false;
    const now = new Map(pool.map((l) => [l.id, l]));
    const lives: Live[] = [];
    for (const s of P.steps) {
      const l = now.get(s.live.id);
      // An effect that began during the layer (an ability granted in it): computed afresh.
      if (!l) return false;
      lives.push(l);
    }
    const fixedOf = (l: Live) => fixedSets.get(l.id) ?? lockedIds(l);
    // Every effect of the pool: one that did not exist last time (a condition) might now.
    for (const l of pool) if (!localValues(l, layer) || dirty.has(l.source.id)) return false;
    // 613.8a: one that exists as the layer starts and stopped before it applied (Blood Moon took its
    // land's ability) was tried against the others at the first steps: a dirty object may make another
    // depend on it, and change the order (or only the dependencies found). Afresh.
    for (const l of pool) if (!P.byId.has(l.id) && existsIn(l, world)) return false;
    for (const l of lives) {
      if (!fixedOf(l) && (l.spec.affected.kind !== 'filter' || nonlocal(l.spec.affected))) return false;
    }
    const scopes = lives.map((l) => scopeIn(l, world));
    const fixed = lives.map(fixedOf);
    const appliesTo = (k: number, x: Working): boolean => {
      const f = fixed[k];
      if (f) return f.includes(x.obj.id);
      const sel = lives[k]!.spec.affected;
      return sel.kind === 'filter' && matches(sel.filter, x, scopes[k]!, world, env);
    };
    /** Whether lives[j] reads on objects what lives[i] writes (asked for every pair at every step for every object). */
    const pairs: (boolean | undefined)[] = new Array(lives.length * lives.length);
    const unfit = unfitIn(world);
    const readsWrites = (j: number, i: number): boolean => {
      const at = j * lives.length + i;
      let r = pairs[at];
      if (r === undefined) pairs[at] = r = objectsLink(lives[j]!, lives[i]!, layer, unfit) === true;
      return r;
    };
    const records = new Map<string, Working>();
    const membership = new Map<string, boolean[]>();
    for (const x of dirty) {
      const start = world.get(x);
      if (!start) continue;
      const cur = cloneWorking(start);
      const applied: boolean[] = [];
      for (let k = 0; k < lives.length; k++) {
        for (let i = k; i < lives.length; i++) {
          if (!appliesTo(i, cur)) continue;
          const b = lives[i]!;
          let trial: Working | undefined;
          for (let j = k; j < lives.length; j++) {
            const a = lives[j]!;
            // 613.8a(c), and the reads/writes prefilter the full computation uses.
            if (i === j || a.cda !== b.cda || !readsWrites(j, i)) continue;
            if (!trial) {
              trial = cloneWorking(cur);
              applyParts(b, layer, trial, world, env, scopes[i]!);
              if (layer === '4') intrinsicLandAbilities(trial, env.makeAbility);
            }
            // A dependency the object shows must be one last time's trials found at this step, for a reason
            // they would give first (613.8a: what it applies to before what it does).
            const known = P.stepFound[k]!.get(a.id)?.get(b.id);
            if (!fixed[j] && appliesTo(j, cur) !== appliesTo(j, trial)) {
              if (known !== 'changes what it applies to') return false;
            } else if (appliesTo(j, cur) && !sameValues(effectValues(a, layer, cur, world, scopes[j]!, env), effectValues(a, layer, trial, world, scopes[j]!, env))) {
              if (known !== 'changes what it applies to' && known !== 'changes what it does') return false;
            }
          }
        }
        const yes = appliesTo(k, cur);
        applied.push(yes);
        if (yes) applyParts(lives[k]!, layer, cur, world, env, scopes[k]!);
      }
      records.set(x, cur);
      membership.set(x, applied);
    }
    const steps = lives.map((l, k) => {
      const old = P.steps[k]!;
      let ids = old.affected;
      // Sets are in world order, the objects' order (`position`): each object computed again goes in or out where it belongs.
      for (const [x, m] of membership) {
        const at = sortedIndex(ids, x);
        if (m[k] === (ids[at] === x)) continue;
        if (ids === old.affected) ids = ids.slice();
        if (m[k]) ids.splice(at, 0, x);
        else ids.splice(at, 1);
      }
      return sameStep(old, l, ids, old.reason);
    });
    for (const s of steps) note(s, layer, true);
    log.layers.push({ layer, steps });
    keepSteps(rec, steps, P);
    carry(P.changed, dirty);
    for (const [x, w] of records) {
      put(x, w);
      ownedNow(x);
    }
    keepOrder(layer, P, rec);
    keepChanged(rec, P.changed, dirty);
    return true;
  }

  /**
   * 613.8 when effects later than every other come into a layer ordered by
   * trial application (an effect card entering Blood Moon's layer): last
   * time's order found no dependency, and the prefilter links no new effect
   * to any other either way, so no trial would find one (613.8a): each step
   * is last time's, and the new effects apply after them, by timestamp
   * (613.8b). Only when the dirty objects are the new effects' sources, which
   * no earlier effect touches, applies to or comes from, and nothing reads
   * other objects. Anything else: false, and the layer is computed afresh.
   */
  function appendLayer(layer: Layer, P: LayerRecord, pool: Live[], rec: LayerRecord | undefined): boolean {
    if (!dirty.size || globalChanged || P.found.length || P.loops.length || P.stepFound.length !== P.steps.length) return false;
    if (P.stepFound.some((m) => m.size) || P.steps.some((s) => s.reason.kind !== 'timestamp')) return false;
    // The old effects, the very ones, in last time's pool order; the new ones after every one of them.
    const old = new Set(P.pool);
    const fresh = pool.filter((l) => !old.has(l));
    if (!fresh.length || pool.length !== P.pool.length + fresh.length || P.steps.some((s) => !old.has(s.live))) return false;
    let latest: Live | undefined;
    for (const l of P.pool) if (!latest || byTimestampOrder(l, latest) > 0) latest = l;
    for (const l of fresh) {
      if (l.kind !== 'static' || l.cda || !dirty.has(l.source.id) || !existsIn(l, world)) return false;
      if (latest && byTimestampOrder(l, latest) <= 0) return false;
    }
    for (const l of pool) if (!localValues(l, layer) || (!fixedSets.has(l.id) && !lockedIds(l) && !localSelection(l))) return false;
    // The dirty objects: none an old effect came from, applied to last time (its steps, 613.8a's trials) or applies to now.
    if (!dirtyApart(P, P.pool)) return false;
    // 613.8a's prefilter, as a computation afresh asks it: no new effect linked to any effect either way
    // (a pair only type words keep apart is not tried there either; the check mode tries it).
    const links = linksIn(pool, layer);
    for (const e of fresh) {
      for (const l of pool) {
        if (l === e) continue;
        if (links.objects(e, l) === true || links.objects(l, e) === true || links.source(e, l) || links.source(l, e)) return false;
      }
    }
    const steps = P.steps.slice();
    for (const s of steps) if (s.live.partsByLayer.size > 1) note(s, layer, true);
    carry(P.changed, dirty);
    // The records are now those after last time's steps: sets found on the records entering the layer (the
    // prefilter's) are found again.
    affectedNow.clear();
    kindNow?.clear();
    // (Equal timestamps keep the pool's order: sort is stable.)
    for (const e of fresh.sort(byTimestampOrder)) {
      const st: Step = { live: e, affected: affectedIn(e, world), reason: BY_TIMESTAMP };
      note(st, layer);
      steps.push(st);
      const version = worldVersion;
      applyTo(e, layer, world, st.affected, true, BY_TIMESTAMP);
      if (worldVersion !== version) forgetAfter(e, layer, st.affected);
      // The objects the new effects applied to now differ: computed again from here on (and their land abilities, 305.6).
      for (const id of st.affected) dirty.add(id);
    }
    log.layers.push({ layer, steps });
    keepSteps(rec, steps, P);
    keepOrder(layer, P, rec);
    if (rec) rec.stepFound = noneFound(steps.length);
    keepChanged(rec, P.changed, dirty);
    return true;
  }

  /** Whether none of the objects a resolved effect's locked set names (611.2c) changed since last time. */
  function lockedUnchanged(l: Live): boolean {
    const locked = l.resolved?.lockedSet;
    if (!locked) return false;
    for (const k of lockedKeys(locked)) if (dirty.has(k.id)) return false;
    return true;
  }

  /**
   * A local filter's set after the dirty objects are matched again (in world
   * order, as `select` gives it), and those that joined or left it (`delta`).
   */
  function rematch(l: Live, old: string[]): Rematched {
    if (l.spec.affected.kind !== 'filter') return { old, ids: old, delta: NONE };
    const filter = l.spec.affected.filter;
    const scope = scopeIn(l, world);
    let out = old;
    let delta: string[] = NONE;
    // (The dirty objects as a list, once per layer: a Set's for-of makes an iterator per rematch in cold code.)
    const ids = dirtyNow ??= [...dirty];
    for (let i = 0; i < ids.length; i++) {
      const x = ids[i]!;
      const w = world.get(x);
      const now = !!w && matches(filter, w, scope, world, env);
      // (A scan of the list, native, costs less than the search's lookups of places: mostly nothing changes.)
      if (now === out.includes(x)) continue;
      // Sets are in world order, which is the objects' order (`position`): a binary search finds x's place.
      const at = sortedIndex(out, x);
      if (out === old) out = old.slice();
      if (now) out.splice(at, 0, x);
      else out.splice(at, 1);
      if (delta === NONE) delta = [];
      delta.push(x);
    }
    return { old, ids: out, delta };
  }

  /**
   * Whether a list of ids in world order (a filter's set) holds `id`: by a
   * binary search where the objects' places are known (a computation kept
   * for the next), not a set made for each 613.8a trial.
   */
  function listed(ids: readonly string[], id: string): boolean {
    return keep ? ids[sortedIndex(ids, id)] === id : ids.includes(id);
  }

  /**
   * Last time's list of objects (in world order) with those of `changed`
   * looked at again: `holds` says which belong. Last time's very list when
   * none of them joined or left it.
   */
  function keptList(old: readonly string[], changed: ReadonlySet<string>, holds: (id: string) => boolean): string[] {
    let out: string[] | undefined;
    for (let i = 0; i < old.length; i++) {
      if (changed.has(old[i]!)) out ??= old.slice(0, i);
      else out?.push(old[i]!);
    }
    for (const id of changed) {
      if (!holds(id)) continue;
      out ??= old.slice();
      out.splice(sortedIndex(out, id), 0, id);
    }
    return out && !sameList(out, old) ? out : (old as string[]);
  }

  /** Where `id` is or would go in a list of ids in world order. */
  function sortedIndex(ids: readonly string[], id: string): number {
    const p = position.get(id) ?? Infinity;
    let lo = 0;
    let hi = ids.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((position.get(ids[mid]!) ?? Infinity) < p) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  // -------------------------------------------------------------------------

  function applyFaceDown(w: World, tr: typeof trace): void {
    for (const x of w.values()) {
      if (!x.obj.faceDown || x.obj.zone !== 'battlefield') continue;
      const before = aspectsOf(x, '1b');
      // 708.2a: a 2/2 face-down creature with no text, no name, no subtypes and no mana cost.
      x.name = '';
      x.manaCost = null;
      x.manaValue = 0;
      x.colors = [];
      x.supertypes = [];
      x.types = ['Creature'];
      x.subtypes = [];
      x.abilities = [];
      x.power = 2;
      x.toughness = 2;
      tr(x.obj.id, {
        layer: '1b', effectId: `facedown:${x.obj.id}`, timestamp: [x.obj.timestamp], sourceId: x.obj.id, sourceName: x.obj.printed.name,
        text: 'face down', description: 'face-down: 2/2 creature with no name, text, subtypes or mana cost (708.2)', reason: { kind: 'rule', rule: '708.2' },
        changes: diff(before, aspectsOf(x, '1b')),
      });
    }
  }
}

/** A static ability with effects on players or on the game's rules (613.10). */
function playerAbility(a: AbilityInstance): boolean {
  if (a.ability.kind !== 'static') return false;
  const ls = abilityLayers(a.ability);
  return ls.has('player') || ls.has('rules');
}

/** Whether the record has a functioning static ability on players or the rules. */
function hasPlayerAbility(w: Working): boolean {
  const abilities = w.abilities;
  for (let i = 0; i < abilities.length; i++) if (playerAbility(abilities[i]!) && functions(w, abilities[i]!)) return true;
  return false;
}

/** The objects with such abilities, in world order (the first computation of a chain: every record is looked at). */
function allPlayerSources(world: World): string[] {
  const out: string[] = [];
  world.forEach((w, id) => {
    if (hasPlayerAbility(w)) out.push(id);
  });
  return out;
}

/** 613.10: effects on players (hexproof, protection, hand size), in timestamp order. `sources`: the objects with such abilities, in world order. */
function computePlayers(state: GameState, world: World, sources: readonly string[], resolved: Live[], env: LayerEnv, applied: AppliedLog['players'], sink: RuleSink) {
  const players = new Map<string, PlayerComputed>();
  for (const p of state.players) players.set(p.name, { abilities: [], maxHandSize: 7, trace: [] });
  const rules: { effectId: string; description: string }[] = [];
  const lives: Live[] = [];
  for (const id of sources) {
    const w = world.get(id)!;
    const abilities = w.abilities;
    for (let i = 0; i < abilities.length; i++) {
      const a = abilities[i]!;
      if (!playerAbility(a) || !functions(w, a)) continue;
      for (const l of staticLives(w, a)) if (l.partsByLayer.has('player') || l.partsByLayer.has('rules')) lives.push(l);
    }
  }
  for (const l of resolved) if (l.partsByLayer.has('player') || l.partsByLayer.has('rules')) lives.push(l);
  lives.sort((a, b) => compareTimestamps(a.timestamp, b.timestamp));
  for (const l of lives) {
    const scope: Scope = l.kind === 'static' ? { source: l.source, bindings: { ...l.bindings, you: world.get(l.source.id)?.controller ?? l.bindings.you } } : scopeOf(l);
    if (l.spec.condition && !evalCondition(l.spec.condition, scope, world, env)) continue;
    const targets = l.spec.affected.kind === 'player' ? selectPlayers(l.spec.affected, scope, world, env) : [scope.bindings.you];
    for (const part of l.partsByLayer.get('player') ?? []) {
      if (part.kind !== 'player') continue;
      for (const name of targets) {
        const pc = players.get(name);
        if (!pc) continue;
        const before = `${pc.maxHandSize ?? 'none'}|${pc.abilities.join(', ')}`;
        if (part.gains) {
          if (/^no maximum hand size$/i.test(part.gains)) pc.maxHandSize = null;
          else if (!pc.abilities.includes(part.gains)) pc.abilities.push(part.gains);
        }
        if (part.handSizeSet !== undefined) pc.maxHandSize = part.handSizeSet;
        if (part.handSizeDelta !== undefined && pc.maxHandSize !== null) pc.maxHandSize += part.handSizeDelta;
        pc.trace.push({
          layer: 'player', effectId: l.id, timestamp: l.timestamp, sourceId: l.source.id, sourceName: l.source.printed.name,
          text: l.text, range: l.range, description: env.describe(part), reason: { kind: 'timestamp' },
          changes: [{ characteristic: 'abilities', before, after: `${pc.maxHandSize ?? 'none'}|${pc.abilities.join(', ')}` }],
        });
      }
      applied.push({ live: l, affected: targets, layer: 'player' });
    }
    for (const part of l.partsByLayer.get('rules') ?? []) {
      if (part.kind !== 'rules') continue;
      rules.push({ effectId: l.id, description: part.description });
      const affected = applyRulesPart(l, part, scope, world, env, sink, env.describe(part));
      applied.push({ live: l, affected, layer: 'rules' });
    }
  }
  return { players, rules };
}

// ---------------------------------------------------------------------------
// Trial kinds and shared selections, for computeLayers

/**
 * What makes two objects alike for trials (see `representatives` in
 * computeLayers): equal descriptions for equal fields. Ability texts are
 * long, so each is written as its number in `kindTexts`.
 */
function kindKey(x: Working): string {
  let abilities = '';
  for (let i = 0; i < x.abilities.length; i++) {
    const text = x.abilities[i]!.text;
    let n = kindTexts.get(text);
    if (n === undefined) kindTexts.set(text, (n = kindTexts.size));
    abilities += (i ? '|' : '') + n;
  }
  return `${kindGeneration}\u0001${x.obj.isToken}\u0001${x.obj.zone ?? ''}\u0001${x.obj.tapped}\u0001${x.obj.owner}\u0001${x.obj.attachedTo ?? ''}\u0001${x.controller}\u0001${x.types.join(',')}\u0001${x.subtypes.join(',')}\u0001${x.supertypes.join(',')}\u0001${x.colors.join(',')}\u0001${x.allCreatureTypes}\u0001${x.power ?? ''}\u0001${x.toughness ?? ''}\u0001${x.manaValue}\u0001${x.cantHaveAbilities}\u0001${x.cantGain.join(',')}\u0001${abilities}`;
}

/** Ability texts by number, for kindKey (numbers, and so descriptions, are the same from one computation to the next). */
let kindTexts = new Map<string, number>();
/** Bumped when the texts are numbered anew: descriptions of two numberings never meet. */
let kindGeneration = 0;

/** The fields a description was made of (arrays by reference: working records never change one in place), and the description. */
interface KindMemo {
  isToken: boolean;
  zone: Working['obj']['zone'];
  tapped: boolean;
  owner: string;
  attachedTo: string | undefined;
  controller: string;
  types: readonly string[];
  subtypes: readonly string[];
  supertypes: readonly string[];
  colors: readonly string[];
  allCreatureTypes: boolean;
  power: number | null;
  toughness: number | null;
  manaValue: number;
  cantHaveAbilities: boolean;
  cantGain: readonly string[];
  abilities: readonly AbilityInstance[];
  key: string;
}

/**
 * The last few descriptions of each object: most objects look the same in
 * one computation as in the one before (and in a layer as in the one before),
 * so their description is found by comparing fields, not by writing it again.
 */
let kindMemos = new WeakMap<Working['obj'], KindMemo[]>();
const KIND_MEMOS_PER_OBJECT = 4;

/** kindKey(x), from the memos when one was made of the same fields. */
function kindKeyOf(x: Working): string {
  const o = x.obj;
  let memos = kindMemos.get(o);
  if (memos) {
    for (const m of memos) {
      if (
        m.isToken === o.isToken && m.zone === o.zone && m.tapped === o.tapped && m.owner === o.owner && m.attachedTo === o.attachedTo &&
        m.controller === x.controller && m.allCreatureTypes === x.allCreatureTypes && m.power === x.power && m.toughness === x.toughness &&
        m.manaValue === x.manaValue && m.cantHaveAbilities === x.cantHaveAbilities &&
        sameStrings(m.types, x.types) && sameStrings(m.subtypes, x.subtypes) && sameStrings(m.supertypes, x.supertypes) &&
        sameStrings(m.colors, x.colors) && sameStrings(m.cantGain, x.cantGain) && sameTexts(m.abilities, x.abilities)
      )
        return m.key;
    }
  } else kindMemos.set(o, (memos = []));
  const key = kindKey(x);
  if (memos.length >= KIND_MEMOS_PER_OBJECT) memos.pop();
  memos.unshift({
    isToken: o.isToken, zone: o.zone, tapped: o.tapped, owner: o.owner, attachedTo: o.attachedTo, controller: x.controller,
    types: x.types, subtypes: x.subtypes, supertypes: x.supertypes, colors: x.colors, allCreatureTypes: x.allCreatureTypes,
    power: x.power, toughness: x.toughness, manaValue: x.manaValue, cantHaveAbilities: x.cantHaveAbilities, cantGain: x.cantGain,
    abilities: x.abilities, key,
  });
  return key;
}

/**
 * Each object's kind for trials, as a number (equal descriptions, equal
 * numbers), kept until `clear` (each layer) or `delete` (the object changed),
 * like a map from ids. The kinds of a list of ids (an effect's set, asked for
 * in trial after trial) are kept with the list while no kind is forgotten, so
 * picking representatives costs a pass over numbers, not a look-up per id.
 */
class Kinds {
  private readonly byId = new Map<string, number>();
  /** Every description seen in this computation, numbered. */
  private readonly numbers = new Map<string, number>();
  /** Bumped whenever a kind is forgotten: the lists' kinds are then looked up again. */
  private epoch = 0;
  private readonly lists = new WeakMap<readonly string[], { epoch: number; kinds: Int32Array; at?: Map<string, number[]> }>();
  private seen = new Int32Array(64);
  private keepMark = new Int32Array(64);
  private stamp = 0;

  constructor(private readonly describe: (id: string) => string) {
    // A long-running session's texts are dropped now and then, as a computation starts (the generation
    // keeps a computation that started before, if one ever runs around this one, from mixing numberings).
    if (kindTexts.size > 20000) {
      kindTexts = new Map();
      kindMemos = new WeakMap();
      kindGeneration++;
    }
  }

  clear(): void {
    if (this.byId.size) this.byId.clear();
    this.epoch++;
  }

  delete(id: string): boolean {
    const had = this.byId.delete(id);
    if (had) this.epoch++;
    return had;
  }

  private of(id: string): number {
    let k = this.byId.get(id);
    if (k === undefined) {
      const d = this.describe(id);
      k = this.numbers.get(d);
      if (k === undefined) this.numbers.set(d, (k = this.numbers.size));
      this.byId.set(id, k);
    }
    return k;
  }

  /**
   * `ids` less every object whose kind an earlier one (not in `keep`) has,
   * in order; every id in `keep` stays. A kind is looked up only for the ids
   * not kept, when the pass reaches them, as a lazy map look-up would.
   */
  representatives(ids: readonly string[], keep: readonly string[]): string[] {
    const n = ids.length;
    let e = this.lists.get(ids);
    if (!e || e.kinds.length !== n) this.lists.set(ids, (e = { epoch: this.epoch, kinds: new Int32Array(n).fill(-1) }));
    else if (e.epoch !== this.epoch) {
      e.kinds.fill(-1);
      e.epoch = this.epoch;
    }
    const stamp = ++this.stamp;
    if (keep.length) {
      if (this.keepMark.length < n) this.keepMark = new Int32Array(Math.max(n, 2 * this.keepMark.length));
      const at = (e.at ??= positions(ids));
      for (const id of keep) for (const i of at.get(id) ?? []) this.keepMark[i] = stamp;
    }
    const kinds = e.kinds;
    const out: string[] = [];
    for (let i = 0; i < n; i++) {
      if (keep.length && this.keepMark[i] === stamp) {
        out.push(ids[i]!);
        continue;
      }
      let k = kinds[i]!;
      if (k < 0) kinds[i] = k = this.of(ids[i]!);
      if (k >= this.seen.length) {
        const grown = new Int32Array(Math.max(k + 1, 2 * this.seen.length));
        grown.set(this.seen);
        this.seen = grown;
      }
      if (this.seen[k] === stamp) continue;
      this.seen[k] = stamp;
      out.push(ids[i]!);
    }
    return out;
  }
}

/** Where each id is in `ids`. */
function positions(ids: readonly string[]): Map<string, number[]> {
  const m = new Map<string, number[]>();
  ids.forEach((id, i) => {
    const ps = m.get(id);
    if (ps) ps.push(i);
    else m.set(id, [i]);
  });
  return m;
}

/** A filter's fields, written out, when they and the scope say what it selects (evaluate.ts's keyable); null for other selectors. */
const plainKeys = new WeakMap<Filter, string | null>();

/**
 * What a filter's selection depends on, when `keyable`: its fields, and the
 * source (`other`) and `you` (`you control`, `your opponents control`) only
 * when it reads them.
 */
function selectionKey(sel: Selector, scope: Scope): string | undefined {
  if (sel.kind !== 'filter') return undefined;
  const f = sel.filter;
  let k = plainKeys.get(f);
  if (k === undefined) plainKeys.set(f, (k = keyable(f) ? JSON.stringify(f) : null));
  if (k === null) return undefined;
  return `${k}\u0000${f.other ? scope.source.id : ''}\u0000${f.controller ? scope.bindings.you : ''}`;
}

/** What `quietStep` finds of an effect in a layer whatever the computation: what its quiet step depends on. */
type QuietKind = 0 | 1 | 2 | 3;
/** Values read from other objects, a condition, or a set neither its own object, a locked one nor a local filter. */
const QUIET_NEVER = 0;
/** A resolved effect's locked set (611.2c): quiet while none of its objects is dirty. */
const QUIET_LOCKED = 1;
/** Its own object (a counter's, a level's). */
const QUIET_OWN = 2;
/** A local filter: rematched for the dirty objects. */
const QUIET_FILTER = 3;

/** By layer, each effect's `QuietKind` (it depends on the effect's specification and parts alone): one lookup per step of a replay. */
const quietKinds = new Map<Layer, WeakMap<Live, QuietKind>>();
function quietKind(l: Live, layer: Layer): QuietKind {
  let byLive = quietKinds.get(layer);
  if (!byLive) quietKinds.set(layer, (byLive = new WeakMap()));
  let kind = byLive.get(l);
  if (kind === undefined) {
    kind = !localValues(l, layer) ? QUIET_NEVER : l.resolved?.lockedSet ? QUIET_LOCKED : ownObject(l) ? QUIET_OWN : localSelection(l) ? QUIET_FILTER : QUIET_NEVER;
    byLive.set(l, kind);
  }
  return kind;
}

/** `quietStep`'s answers (computeLayers). */
type Quiet = 0 | 1 | 2;
const NOT_QUIET = 0;
const SAME_STEP = 1;
const SAME_FILTER = 2;

/** A filter's set matched again for the dirty objects (`rematch` in computeLayers): last time's, now's, and those that joined or left it. */
interface Rematched {
  old: readonly string[];
  ids: string[];
  delta: readonly string[];
}

/** Each effect's scope's selection key (`sharedKey` in computeLayers). */
const keyByScope = new WeakMap<Scope, string | undefined>();

/** For each computation's map of cached sets: the set last selected under each key, and the effect it was cached for. */
const selectedUnder = new WeakMap<Map<string, string[]>, Map<string, { id: string; ids: string[] }>>();

/**
 * `select` for `l` in the computation's own world, whose sets are cached in
 * `cached` (by effect id) and forgotten when an applied effect writes what
 * they read. Effects with alike plain filters (fifty `All artifacts are
 * blue`) read the same and select the same: while the set selected under
 * the same key is still cached for its effect, it is this set too.
 */
function selectShared(l: Live, scope: Scope, world: World, env: LayerEnv, cached: Map<string, string[]>): string[] {
  const key = selectionKey(l.spec.affected, scope);
  if (key === undefined) return select(l.spec.affected, scope, world, env);
  let byKey = selectedUnder.get(cached);
  if (!byKey) selectedUnder.set(cached, (byKey = new Map()));
  // Still cached for that effect, the very list (not one selected since under another key, as when its `you` changed).
  const last = byKey.get(key);
  if (last && cached.get(last.id) === last.ids) return last.ids;
  const ids = select(l.spec.affected, scope, world, env);
  byKey.set(key, { id: l.id, ids });
  return ids;
}

export type { AbilityPart };
export { objectKey };
