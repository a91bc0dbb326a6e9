// 614–616: game events pass through replacement and prevention effects
// before they happen. Each step gathers the effects that apply now, narrows
// them by 616.1a–e, lets the affected player choose (every choice is explored
// as its own outcome unless `choosing` pins it), applies one, and repeats with
// what now applies (616.1f, 616.2). An effect applies at most once (614.5).

import type { Action, EventPattern, Part, ReplacementSpec, Selector, Zone } from '../effects/ir';
import { refName, type ChoicePool } from './choices';
import { matches, resolvePlayers, select, type Scope } from './evaluate';
import type { Game } from './game';
import type { CopiableValues, GameObject } from './state';
import type { Working, World } from './working';

export type GameEvent =
  | { kind: 'zone'; object: string; to: Zone; cause: 'destroy' | 'sacrifice' | 'exile' | 'move' | 'sba' | 'discard' | 'return'; position?: 'top' | 'bottom' | 'shuffle' }
  | { kind: 'enter'; object: string; controller: string; tapped: boolean; faceDown: boolean; attachedTo?: string; copyOf?: { values: CopiableValues; from: string; text: string; except: Part[] }; counters: Map<string, number>; entryChoices: string[]; simultaneous: Set<string> }
  | { kind: 'draw' | 'gain-life' | 'lose-life'; player: string; amount: number }
  | { kind: 'damage'; source: string; target: { object?: string; player?: string }; amount: number; deathtouch: boolean }
  | { kind: 'counters'; object: string; counter: string; amount: number };

/** 616.1a–e: the tiers, in the order they must be chosen from. */
type Tier = 'self' | 'control' | 'copy' | 'face-up' | 'any';

export interface Candidate {
  id: string;
  source: GameObject;
  spec: ReplacementSpec;
  tier: Tier;
  /** Mandatory effects that need no ordering choice (`As ~ enters, choose …`). */
  always: boolean;
  scope: Scope;
  text: string;
  /** A resolved one-shot shield is used up when applied (609.7). */
  resolvedId?: string;
}

/** What performing an event needs back from the timeline. */
export interface Performer {
  /** Execute replacement actions (`exile it instead`, `draw that many cards instead`). */
  runActions(game: Game, actions: Action[], scope: Scope, applied: Set<string>, pool: ChoicePool): Game[];
  /** The final step of each event, once no replacement applies. */
  happen(game: Game, event: GameEvent): void;
  /** Choose what an entering object copies or what an `As ~ enters, choose` answers. */
  chooseForEntry(game: Game, event: Extract<GameEvent, { kind: 'enter' }>, spec: ReplacementSpec, cand: Candidate, pool: ChoicePool): 'applied' | 'declined';
}

const BRANCH_CAP = 256;

/** Perform `event` in `game`, returning every distinct resulting game (one per outcome). */
export function perform(game: Game, event: GameEvent, pool: ChoicePool, p: Performer, applied: Set<string> = new Set()): Game[] {
  const cands = applicable(game, event, applied);
  if (!cands.length) {
    p.happen(game, event);
    return [game];
  }
  // Mandatory, order-free ones first (614.12a choices are made before the permanent enters).
  const always = cands.find((c) => c.always);
  if (always) return applyOne(game, event, always, pool, p, applied);
  const tiered = narrow(cands);
  if (tiered.length === 1) return applyOne(game, event, tiered[0]!, pool, p, applied);
  // 616.1: the affected player (or the controller of the affected object) chooses.
  const pinned = pinnedChoice(game, tiered, pool);
  if (pinned) return applyOne(game, event, pinned, pool, p, applied);
  const chooser = affectedPlayer(game, event);
  const out: Game[] = [];
  for (const c of tiered) {
    if (out.length >= BRANCH_CAP) {
      // Too many orders to explore: say so rather than pretend the list is complete.
      for (const g of out) g.capped = true;
      break;
    }
    const g = game.clone();
    g.choices.push(`${chooser} applies ${c.source.printed.name}'s effect first ("${c.text}")`);
    g.note(`616.1: ${tiered.length} replacement effects apply; ${chooser} chooses ${c.source.printed.name}`, 'replacement');
    // Each branch modifies its own copy of the event.
    out.push(...applyOne(g, cloneEvent(event), c, pool, p, applied));
  }
  return out;
}

export function cloneEvent(e: GameEvent): GameEvent {
  if (e.kind === 'enter') return { ...e, counters: new Map(e.counters), entryChoices: [...e.entryChoices], simultaneous: new Set(e.simultaneous) };
  return { ...e, ...(e.kind === 'damage' ? { target: { ...e.target } } : {}) } as GameEvent;
}

function affectedPlayer(game: Game, e: GameEvent): string {
  switch (e.kind) {
    case 'zone':
    case 'counters':
      return game.chars(e.object)?.controller ?? game.obj(e.object)?.owner ?? game.active;
    case 'enter':
      return e.controller;
    case 'damage':
      return e.target.player ?? (e.target.object ? game.chars(e.target.object)?.controller ?? game.active : game.active);
    default:
      return e.player;
  }
}

function pinnedChoice(game: Game, tiered: Candidate[], pool: ChoicePool): Candidate | undefined {
  // `choosing A then B`: the first named source still applicable goes first.
  for (const o of pool.order) {
    const obj = game.lookup(refName(o));
    const c = obj && tiered.find((t) => t.source.id === obj.id);
    if (c) return c;
  }
  for (const it of pool.items) {
    if (it.used && !pool.order.length) continue;
    const obj = game.lookup(it.value);
    const c = obj && tiered.find((t) => t.source.id === obj.id);
    if (c) {
      it.used = true;
      return c;
    }
  }
  return undefined;
}

/** 616.1a–e */
function narrow(cands: Candidate[]): Candidate[] {
  for (const tier of ['self', 'control', 'copy', 'face-up'] as Tier[]) {
    const t = cands.filter((c) => c.tier === tier);
    if (t.length) return t;
  }
  return cands;
}

function applyOne(game: Game, event: GameEvent, c: Candidate, pool: ChoicePool, p: Performer, applied: Set<string>): Game[] {
  const next = new Set(applied);
  next.add(c.id);
  if (c.resolvedId) {
    const r = game.state.replacements.find((x) => x.id === c.resolvedId);
    if (r && ((c.spec.kind === 'prevent' && c.spec.shield) || (c.spec.kind === 'instead' && c.spec.once))) r.used = true;
  }
  const spec = c.spec;
  const you = c.scope.bindings.you;
  switch (spec.kind) {
    case 'enters-tapped':
      if (event.kind === 'enter') {
        event.tapped = true;
        game.note(`${game.obj(event.object)?.printed.name} enters tapped (${c.source.printed.name}: "${c.text}")`, 'replacement');
      }
      return perform(game, event, pool, p, next);
    case 'enters-under-control':
      if (event.kind === 'enter') {
        const [player] = resolvePlayers(spec.player, c.scope, game.layers().world, game.evalEnv);
        if (player) event.controller = player;
        game.note(`${game.obj(event.object)?.printed.name} enters under ${event.controller}'s control (${c.source.printed.name}, 616.1b)`, 'replacement');
      }
      return perform(game, event, pool, p, next);
    case 'enters-with-counters':
      if (event.kind === 'enter') {
        const n = spec.amount.kind === 'const' ? spec.amount.value : 0;
        event.counters.set(spec.counter, (event.counters.get(spec.counter) ?? 0) + n);
      }
      return perform(game, event, pool, p, next);
    case 'enters-as-copy':
    case 'as-enters-choose':
      if (event.kind === 'enter') p.chooseForEntry(game, event, spec, c, pool);
      return perform(game, event, pool, p, next);
    case 'instead': {
      // The event is replaced: what happens instead passes through the pipeline
      // again, without the effects already applied (614.5, 616.2).
      game.note(`${describeEvent(game, event)} is replaced by ${c.source.printed.name}: "${c.text}"`, 'replacement');
      const scope: Scope = { source: c.source, bindings: { ...c.scope.bindings, you, eventObject: eventObject(event), eventAmount: eventAmount(event), it: eventObject(event) } };
      return p.runActions(game, spec.actions, scope, next, pool);
    }
    case 'modify-damage':
      if (event.kind === 'damage') {
        const before = event.amount;
        if (spec.multiply !== undefined) event.amount *= spec.multiply;
        if (spec.add !== undefined) event.amount += spec.add;
        game.note(`damage ${before} → ${event.amount} (${c.source.printed.name})`, 'replacement');
      }
      return perform(game, event, pool, p, next);
    case 'damage-to-counters':
      if (event.kind === 'damage' && event.target.object) {
        game.note(`${event.amount} damage becomes ${event.amount} ${spec.counter} counters (${c.source.printed.name})`, 'replacement');
        return perform(game, { kind: 'counters', object: event.target.object, counter: spec.counter, amount: event.amount }, pool, p, next);
      }
      return perform(game, event, pool, p, next);
    case 'prevent':
      if (event.kind === 'damage') {
        const before = event.amount;
        event.amount = spec.amount === undefined ? 0 : Math.max(0, event.amount - spec.amount);
        game.note(`${before - event.amount} damage prevented (${c.source.printed.name}: "${c.text}")`, 'replacement');
        if (event.amount === 0) return [game];
      }
      return perform(game, event, pool, p, next);
  }
}

function eventObject(e: GameEvent): string | undefined {
  if (e.kind === 'zone' || e.kind === 'enter' || e.kind === 'counters') return e.object;
  if (e.kind === 'damage') return e.target.object;
  return undefined;
}

function eventAmount(e: GameEvent): number | undefined {
  return 'amount' in e ? e.amount : undefined;
}

export function describeEvent(game: Game, e: GameEvent): string {
  const name = (id?: string) => (id ? game.obj(id)?.printed.name ?? id : '');
  switch (e.kind) {
    case 'zone':
      return `${name(e.object)} going to ${e.to}`;
    case 'enter':
      return `${name(e.object)} entering the battlefield`;
    case 'draw':
      return `${e.player} drawing ${e.amount === 1 ? 'a card' : `${e.amount} cards`}`;
    case 'gain-life':
      return `${e.player} gaining ${e.amount} life`;
    case 'lose-life':
      return `${e.player} losing ${e.amount} life`;
    case 'damage':
      return `${e.amount} damage from ${name(e.source)} to ${e.target.player ?? name(e.target.object)}`;
    case 'counters':
      return `${e.amount} ${e.counter} counters on ${name(e.object)}`;
  }
}

// ---------------------------------------------------------------------------
// Which replacement effects apply to an event

function tierOf(spec: ReplacementSpec): Tier {
  switch (spec.kind) {
    case 'enters-under-control':
      return 'control';
    case 'enters-as-copy':
      return 'copy';
    default:
      return 'any';
  }
}

function objectMatches(sel: Selector, id: string | undefined, scope: Scope, world: World, game: Game, w?: Working): boolean {
  if (!id) return false;
  if (sel.kind === 'object') return select(sel, scope, world, game.evalEnv).includes(id) || (sel.ref.kind === 'self' && scope.source.id === id);
  if (sel.kind === 'filter') {
    const x = w ?? world.get(id);
    if (!x) return false;
    // "a card" is never a token (108.2).
    if (sel.filter.noun === 'card' && x.obj.isToken) return false;
    return matches({ ...sel.filter, zones: [] }, x, scope, world, game.evalEnv, true);
  }
  return false;
}

function patternMatches(pat: EventPattern, e: GameEvent, scope: Scope, game: Game, world: World): boolean {
  const players = (ref: Parameters<typeof resolvePlayers>[0]) => resolvePlayers(ref, scope, world, game.evalEnv);
  switch (pat.kind) {
    case 'to-graveyard': {
      if (e.kind !== 'zone' || e.to !== 'graveyard') return false;
      const from = game.obj(e.object)?.zone;
      if (pat.from && from !== pat.from) return false;
      return objectMatches(pat.object, e.object, scope, world, game);
    }
    case 'enter':
      return e.kind === 'enter' && objectMatches(pat.object, e.object, scope, world, game);
    case 'draw':
      return e.kind === 'draw' && players(pat.player).includes(e.player);
    case 'gain-life':
      return e.kind === 'gain-life' && players(pat.player).includes(e.player);
    case 'lose-life':
      return e.kind === 'lose-life' && players(pat.player).includes(e.player);
    case 'discard':
      return false;
    case 'damage': {
      if (e.kind !== 'damage' || e.amount <= 0) return false;
      // There is no combat in a scenario: combat-damage prevention never matches.
      if (pat.combatOnly) return false;
      if (pat.source && !objectMatches(pat.source, e.source, scope, world, game)) return false;
      if (pat.toAny) return pat.toAny.some((to) => patternMatches({ kind: 'damage', to }, e, scope, game, world));
      if (pat.to) {
        if (pat.to.kind === 'player') return !!e.target.player && players(pat.to.player).includes(e.target.player);
        // `to any target` bound to a player by `targeting`.
        if (pat.to.kind === 'object' && pat.to.ref.kind === 'target' && e.target.player) return scope.bindings.targetPlayers[pat.to.ref.index] === e.target.player;
        if (e.target.object) return objectMatches(pat.to, e.target.object, scope, world, game);
        // A filter of permanents never matches a player; `any target` patterns use no `to`.
        return false;
      }
      return true;
    }
    case 'counters':
      return e.kind === 'counters' && objectMatches(pat.object, e.object, scope, world, game) && (!pat.counter || pat.counter === e.counter);
  }
}

function specMatches(spec: ReplacementSpec, e: GameEvent, scope: Scope, game: Game, world: World, entering?: Working): boolean {
  switch (spec.kind) {
    case 'enters-tapped':
    case 'enters-under-control':
    case 'enters-with-counters':
      return e.kind === 'enter' && objectMatches(spec.affected, e.object, scope, world, game, entering);
    case 'enters-as-copy':
      return e.kind === 'enter' && !e.copyOf && objectMatches(spec.affected, e.object, scope, world, game, entering);
    case 'as-enters-choose':
      // Only the entering permanent's own ability (614.12).
      return e.kind === 'enter' && scope.source.id === e.object;
    case 'instead':
    case 'modify-damage':
    case 'damage-to-counters':
    case 'prevent':
      // 609.7: a shield for "a source of your choice" watches only the chosen source.
      if (spec.kind === 'prevent' && spec.chooseSource && (e.kind !== 'damage' || e.source !== scope.bindings.choices[0])) return false;
      return patternMatches(spec.event, e, scope, game, world);
  }
}

const ENTRY_KINDS = new Set(['enters-tapped', 'enters-as-copy', 'enters-under-control', 'as-enters-choose', 'enters-with-counters']);
const isEntrySpec = (r: ReplacementSpec) => ENTRY_KINDS.has(r.kind) || (r.kind === 'instead' && r.event.kind === 'enter');

/**
 * Whether any replacement effect could care about this entry at all. Working
 * out how the permanent would exist on the battlefield (614.12) means a
 * second layer computation, so it is skipped when nothing could apply.
 */
function enterMayBeReplaced(game: Game, e: Extract<GameEvent, { kind: 'enter' }>): boolean {
  const o = game.obj(e.object);
  const own = game.chars(e.object)?.abilities ?? [];
  if ([...own, ...(o?.printed.abilities ?? [])].some((a) => a.ability.kind === 'static' && a.ability.replacements.some(isEntrySpec))) return true;
  for (const w of game.layers().world.values()) {
    if (w.obj.zone !== 'battlefield') continue;
    for (const a of w.abilities) {
      if (a.ability.kind !== 'static') continue;
      if (a.ability.replacements.some(isEntrySpec)) return true;
      // A static ability that grants abilities could grant an entry replacement (614.12).
      if (a.ability.effects.some((ef) => ef.parts.some((p) => p.kind === 'abilities' && p.add?.some((x) => x.kind === 'static' && x.replacements.some(isEntrySpec))))) return true;
    }
  }
  return game.state.replacements.some((r) => !r.ended && !r.used && isEntrySpec(r.spec)) || game.state.effects.some((ef) => !ef.ended && ef.spec.parts.some((p) => p.kind === 'abilities' && p.add?.some((x) => x.kind === 'static' && x.replacements.some(isEntrySpec))));
}

/** 614.12: how an entering permanent would exist on the battlefield. */
function simulateEntry(game: Game, e: Extract<GameEvent, { kind: 'enter' }>): { game: Game; w: Working | undefined } {
  const sim = game.clone();
  const o = sim.obj(e.object)!;
  sim.setZone(o, 'battlefield', { controller: e.controller, tapped: e.tapped, faceDown: e.faceDown });
  o.entryChoices = [...e.entryChoices];
  if (e.copyOf) {
    sim.state.effects.push({
      id: 'sim-copy', kind: 'resolved', sourceId: o.id, sourceIncarnation: o.incarnation, spec: { affected: { kind: 'object', ref: { kind: 'self' } }, parts: [{ layer: '1a', kind: 'copy', of: { kind: 'self' }, except: e.copyOf.except }] },
      duration: { kind: 'forever' }, bindings: { you: e.controller, targets: [], targetPlayers: [], choices: [] }, timestamp: o.timestamp, text: '', ended: false,
      lockedSet: [`${o.id}@${o.incarnation}`], copyValues: e.copyOf.values,
    });
  }
  sim.changed();
  return { game: sim, w: sim.chars(o.id) };
}

export function applicable(game: Game, e: GameEvent, applied: Set<string>): Candidate[] {
  const out: Candidate[] = [];
  let world = game.layers().world;
  let entering: Working | undefined;
  let ownAbilitiesOf: Working | undefined;
  if (e.kind === 'enter' && !enterMayBeReplaced(game, e)) return [];
  if (e.kind === 'enter') {
    const sim = simulateEntry(game, e);
    entering = sim.w;
    ownAbilitiesOf = sim.w;
    world = sim.game.layers().world;
  }
  const consider = (src: Working, key: string, spec: ReplacementSpec, text: string) => {
    const id = `${key}`;
    if (applied.has(id)) return;
    const scope: Scope = { source: src.obj, bindings: { you: src.controller, targets: [], targetPlayers: [], choices: src.obj.entryChoices } };
    if (!specMatches(spec, e, scope, game, world, entering)) return;
    out.push({ id, source: src.obj, spec, tier: tierOf(spec), always: spec.kind === 'as-enters-choose', scope, text });
  };
  // Static abilities of permanents already on the battlefield (not those entering with it).
  for (const w of game.layers().world.values()) {
    if (w.obj.zone !== 'battlefield') continue;
    if (e.kind === 'enter' && (e.simultaneous.has(w.obj.id) || w.obj.id === e.object)) continue;
    for (const a of w.abilities) {
      if (a.ability.kind !== 'static') continue;
      a.ability.replacements.forEach((spec, i) => {
        // "~ enters tapped" and "As ~ enters" speak of their own object only.
        if (spec.kind === 'as-enters-choose') return;
        if ((spec.kind === 'enters-tapped' || spec.kind === 'enters-as-copy' || spec.kind === 'enters-with-counters') && spec.affected.kind === 'object' && spec.affected.ref.kind === 'self') return;
        consider(w, `${a.key}#r${i}`, spec, a.text);
      });
    }
  }
  // 614.12: the entering permanent's own abilities that modify how it enters.
  if (e.kind === 'enter' && ownAbilitiesOf) {
    for (const a of ownAbilitiesOf.abilities) {
      if (a.ability.kind !== 'static') continue;
      a.ability.replacements.forEach((spec, i) => {
        const own = spec.kind === 'as-enters-choose' || ((spec.kind === 'enters-tapped' || spec.kind === 'enters-as-copy' || spec.kind === 'enters-with-counters') && spec.affected.kind === 'object' && spec.affected.ref.kind === 'self');
        if (own) consider(ownAbilitiesOf!, `${a.key}#r${i}`, spec, a.text);
      });
    }
  }
  // 113.6b: "If ~ would be put into a graveyard from anywhere" works wherever the card is.
  if (e.kind === 'zone') {
    const w = game.layers().world.get(e.object);
    if (w && w.obj.zone !== 'battlefield') {
      for (const a of w.abilities) {
        if (a.ability.kind !== 'static') continue;
        a.ability.replacements.forEach((spec, i) => {
          if (spec.kind === 'instead' && spec.event.kind === 'to-graveyard' && !spec.event.from && spec.event.object.kind === 'object' && spec.event.object.ref.kind === 'self') consider(w, `${a.key}#r${i}`, spec, a.text);
        });
      }
    }
  }
  // Resolved replacement and prevention effects (615, 611.2c).
  for (const r of game.state.replacements) {
    if (r.ended || r.used || applied.has(r.id)) continue;
    const src = game.obj(r.sourceId);
    if (!src) continue;
    const scope: Scope = { source: src, bindings: r.bindings };
    if (!specMatches(r.spec, e, scope, game, world, entering)) continue;
    out.push({ id: r.id, source: src, spec: r.spec, tier: r.selfReplacement ? 'self' : tierOf(r.spec), always: false, scope, text: r.text, resolvedId: r.id });
  }
  return out;
}
