// 614–616: game events pass through replacement and prevention effects
// before they happen. Each step gathers the effects that apply now, narrows
// them by 616.1a–e, lets the affected player choose (every choice is explored
// as its own outcome unless `choosing` pins it), applies one, and repeats with
// what now applies (616.1f, 616.2). An effect applies at most once (614.5).

import type { Ability, Action, EventPattern, ObjectRef, Part, ReplacementSpec, Selector, Zone } from '../effects/ir';
import { refName, type ChoicePool } from './choices';
import { answerCondition, answerExpr, answerSets, numberAnswer, questions, yesNo } from './answers';
import { evalCondition, evalExpr, matches, resolvePlayers, select, type Scope } from './evaluate';
import { isType } from './working';
import { keywordReplacements } from '../effects/keywords';
import type { Game } from './game';
import { edit, notEndedFrom, type AbilityInstance, type CopiableValues, type GameObject } from './state';
import type { Working, World } from './working';

export type GameEvent =
  | { kind: 'zone'; object: string; to: Zone; cause: 'destroy' | 'sacrifice' | 'exile' | 'move' | 'sba' | 'discard' | 'return'; position?: 'top' | 'bottom' | 'shuffle' }
  | { kind: 'enter'; object: string; controller: string; tapped: boolean; faceDown: boolean; attachedTo?: string; copyOf?: { values: CopiableValues; from: string; text: string; except: Part[] }; counters: Map<string, number>; entryChoices: string[]; simultaneous: Set<string> }
  | { kind: 'draw' | 'gain-life' | 'lose-life'; player: string; amount: number }
  | { kind: 'damage'; source: string; target: { object?: string; player?: string }; amount: number; deathtouch: boolean }
  /** `by`: the player putting the counters (`If you would put …`); by default the object's controller. */
  | { kind: 'counters'; object: string; counter: string; amount: number; by?: string };

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
  for (const [k, c] of tiered.entries()) {
    if (out.length >= BRANCH_CAP) {
      // Too many orders to explore: say so rather than pretend the list is complete.
      for (const g of out) g.capped = true;
      break;
    }
    // Every order beyond the first spends the file's budget; once it is spent, the first order alone goes on.
    if (k > 0) {
      if (game.budget.left <= 0) {
        for (const g of out) g.exhausted = true;
        break;
      }
      game.budget.left--;
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
  const qs = questions(c.spec.condition);
  if (!qs.length) return applySpec(game, event, c, pool, p, next);
  // A fact the scenario does not record (`if you cast it from your hand`): each answer is an outcome of its own.
  const sets = answerSets(qs.length, pool);
  // Each line of play takes its own later answers (ChoicePool.branches).
  return pool.branches(sets.map((answers) => () => {
    const g = sets.length > 1 ? game.clone() : game;
    const ev = sets.length > 1 ? cloneEvent(event) : event;
    const said = qs.map((q, i) => `${q}: ${answers[i] ? 'yes' : 'no'}`).join('; ');
    if (sets.length > 1) g.choices.push(said);
    if (!evalCondition(answerCondition(c.spec.condition!, answers), c.scope, g.layers().world, g.evalEnv)) {
      g.note(`${c.source.printed.name}'s "${c.text}" does not apply (${said})`, 'replacement');
      return perform(g, ev, pool, p, next);
    }
    return applySpec(g, ev, c, pool, p, next);
  }));
}

function applySpec(game: Game, event: GameEvent, c: Candidate, pool: ChoicePool, p: Performer, next: Set<string>): Game[] {
  const spec = c.spec;
  const you = c.scope.bindings.you;
  switch (spec.kind) {
    case 'enters-tapped':
      if (event.kind === 'enter') {
        // `unless you control a Mountain`: judged from the permanents already there (it is not on the battlefield yet).
        if (spec.unless && evalCondition(spec.unless, c.scope, game.layers().world, game.evalEnv)) {
          game.note(`${game.obj(event.object)?.printed.name} enters untapped: the condition of "${c.text}" holds`, 'replacement');
          return perform(game, event, pool, p, next);
        }
        if (spec.option) return entryOption(game, event, c, spec.option, pool, p, next);
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
      if (event.kind === 'enter') entersWithCounters(game, event, c, spec, pool);
      return perform(game, event, pool, p, next);
    case 'modify-counters':
      modifyCounters(game, event, c, spec);
      return perform(game, event, pool, p, next);
    case 'redirect-damage':
      if (event.kind === 'damage') redirect(game, event, c, spec.to);
      return perform(game, event, pool, p, next);
    case 'enters-as-copy':
    case 'as-enters-choose':
      if (event.kind === 'enter') p.chooseForEntry(game, event, spec, c, pool);
      return perform(game, event, pool, p, next);
    case 'as-enters-remove-counters':
      if (event.kind === 'enter') removeCountersAsEnters(game, event, c, spec);
      return perform(game, event, pool, p, next);
    case 'devour':
      if (event.kind === 'enter') return devour(game, event, c, spec, pool, p, next);
      return perform(game, event, pool, p, next);
    case 'instead': {
      // The event is replaced: what happens instead passes through the pipeline
      // again, without the effects already applied (614.5, 616.2).
      game.note(`${describeEvent(game, event)} is replaced by ${c.source.printed.name}: "${c.text}"`, 'replacement');
      const scope: Scope = { source: c.source, bindings: { ...c.scope.bindings, you, eventObject: eventObject(event), eventAmount: eventAmount(event), eventPlayer: eventPlayer(event), it: eventObject(event) } };
      return p.runActions(game, spec.actions, scope, next, pool);
    }
    case 'modify-damage':
      if (event.kind === 'damage') {
        const before = event.amount;
        if (spec.multiply !== undefined) event.amount *= spec.multiply;
        if (spec.add !== undefined) event.amount += spec.add;
        if (spec.addAnswer !== undefined) {
          const n = numberAnswer(pool);
          if (n === undefined) game.note(`no answer for ${spec.addAnswer}: counted as 0; add \`choosing N\` to the event`, 'note');
          event.amount += n ?? 0;
        }
        game.note(`damage ${before} → ${event.amount} (${c.source.printed.name})`, 'replacement');
      }
      return perform(game, event, pool, p, next);
    case 'damage-to-counters':
      if (event.kind === 'damage' && event.target.object) {
        game.note(`${event.amount} damage becomes ${event.amount} ${spec.counter} counters (${c.source.printed.name})`, 'replacement');
        return perform(game, { kind: 'counters', object: event.target.object, counter: spec.counter, amount: event.amount, by: game.chars(event.source)?.controller }, pool, p, next);
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

type Spec<K extends ReplacementSpec['kind']> = Extract<ReplacementSpec, { kind: K }>;
type EnterEvent = Extract<GameEvent, { kind: 'enter' }>;

/**
 * 614.12: `As ~ enters, you may pay 2 life. If you don't, it enters tapped.`
 * Its controller decides as it enters (`choosing yes|no`; unanswered, both
 * outcomes are explored).
 */
function entryOption(game: Game, event: EnterEvent, c: Candidate, option: NonNullable<Spec<'enters-tapped'>['option']>, pool: ChoicePool, p: Performer, next: Set<string>): Game[] {
  const answers = yesNo(pool);
  const name = game.obj(event.object)?.printed.name ?? event.object;
  return pool.branches(answers.map((yes) => () => {
    const g = answers.length > 1 ? game.clone() : game;
    const ev = answers.length > 1 ? (cloneEvent(event) as EnterEvent) : event;
    if (answers.length > 1) g.choices.push(`${ev.controller} ${yes ? 'chooses to' : "doesn't"} ${option.what} as ${name} enters`);
    if (!yes) {
      ev.tapped = true;
      g.note(`${ev.controller} doesn't ${option.what}: ${name} enters tapped (${c.source.printed.name}: "${c.text}")`, 'replacement');
      return perform(g, ev, pool, p, next);
    }
    g.note(`${ev.controller} chooses to ${option.what} as ${name} enters, so it enters untapped (614.12)`, 'replacement');
    const scope: Scope = { source: c.source, bindings: { ...c.scope.bindings, you: ev.controller } };
    return p.runActions(g, option.actions, scope, new Set(), pool).flatMap((h) => perform(h, cloneEvent(ev), pool, p, next));
  }));
}

/** `enters with X +1/+1 counters`, `… for each other Kithkin you control`, `… equal to the result`. */
function entersWithCounters(game: Game, event: EnterEvent, c: Candidate, spec: Spec<'enters-with-counters'>, pool: ChoicePool): void {
  const missing: string[] = [];
  const expr = answerExpr(spec.amount, pool, c.scope.bindings.x, missing);
  // Its own choices were just made as it enters (614.12a): `equal to the result`.
  const choices = c.source.id === event.object ? event.entryChoices : c.scope.bindings.choices;
  const scope: Scope = { source: c.source, bindings: { ...c.scope.bindings, choices } };
  const n = Math.max(0, evalExpr(expr, scope, undefined, game.layers().world, game.evalEnv));
  const name = game.obj(event.object)?.printed.name ?? event.object;
  if (missing.length) game.note(`no answer for ${missing.join(', ')} ("${c.text}"): counted as 0; add \`choosing …\` to the event`, 'note');
  if (n > 0) event.counters.set(spec.counter, (event.counters.get(spec.counter) ?? 0) + n);
  game.note(`${name} enters with ${n} more ${spec.counter} counter${n === 1 ? '' : 's'} (${c.source.printed.name}: "${c.text}")`, 'replacement');
}

/** 614.1a: `twice that many`, `that many plus one` on counters being put, or on the counters a permanent enters with. */
function modifyCounters(game: Game, event: GameEvent, c: Candidate, spec: Spec<'modify-counters'>): void {
  const apply = (n: number) => n * (spec.multiply ?? 1) + (spec.add ?? 0);
  const how = spec.multiply !== undefined ? `${spec.multiply} times that many` : `that many plus ${spec.add}`;
  if (event.kind === 'counters') {
    const before = event.amount;
    event.amount = apply(before);
    game.note(`${before} ${event.counter} counter${before === 1 ? '' : 's'} → ${event.amount} (${c.source.printed.name}: ${how})`, 'replacement');
  } else if (event.kind === 'enter') {
    for (const [k, n] of event.counters) {
      if (n <= 0 || (spec.event.counter && spec.event.counter !== k)) continue;
      event.counters.set(k, apply(n));
      game.note(`${game.obj(event.object)?.printed.name} enters with ${apply(n)} ${k} counters instead of ${n} (${c.source.printed.name}: ${how})`, 'replacement');
    }
  }
}

/**
 * 614.9: damage redirected to another object. If that object is no longer on
 * the battlefield, or is no longer a creature, planeswalker or battle, the
 * effect does nothing.
 */
function redirect(game: Game, event: Extract<GameEvent, { kind: 'damage' }>, c: Candidate, to: ObjectRef): void {
  const id = game.resolveRef(to, c.scope);
  const w = id ? game.chars(id) : undefined;
  if (!id || !w || w.obj.zone !== 'battlefield' || !(isType(w, 'Creature') || isType(w, 'Planeswalker') || isType(w, 'Battle'))) {
    game.note(`"${c.text}" does nothing: what the damage would be dealt to instead is not a creature, planeswalker or battle on the battlefield (614.9)`, 'replacement');
    return;
  }
  const from = event.target.player ?? game.obj(event.target.object ?? '')?.printed.name ?? '?';
  event.target = { object: id };
  game.note(`${event.amount} damage that would be dealt to ${from} is dealt to ${w.obj.printed.name} instead (${c.source.printed.name}, 614.9)`, 'replacement');
}

/**
 * 702.82a Devour N: the creatures its controller names with `choosing` are
 * sacrificed as it enters (each an event other replacements may modify), and
 * it enters with N +1/+1 counters for each.
 */
function devour(game: Game, event: EnterEvent, c: Candidate, spec: Spec<'devour'>, pool: ChoicePool, p: Performer, next: Set<string>): Game[] {
  const world = game.layers().world;
  const scope: Scope = { source: c.source, bindings: { ...c.scope.bindings, you: event.controller } };
  const eaten: string[] = [];
  for (;;) {
    const v = pool.take((x) => {
      const o = game.lookup(x);
      const w = o && world.get(o.id);
      return !!w && o!.id !== event.object && w.obj.zone === 'battlefield' && !eaten.includes(o!.id) && matches(spec.filter, w, scope, world, game.evalEnv);
    });
    if (v === undefined) break;
    eaten.push(game.lookup(v)!.id);
  }
  const name = game.obj(event.object)?.printed.name ?? event.object;
  const n = spec.per * eaten.length;
  game.note(`as ${name} enters, ${event.controller} sacrifices ${eaten.length ? eaten.map((id) => game.obj(id)?.printed.name ?? id).join(', ') : 'no creature'}: ${n} +1/+1 counter${n === 1 ? '' : 's'} (devour ${spec.per}, 702.82)`, 'replacement');
  const acts: Action[] = eaten.map((id) => ({ kind: 'sacrifice', object: { kind: 'object', ref: { kind: 'named', name: id } } }));
  return p.runActions(game, acts, scope, new Set(), pool).flatMap((g) => {
    const ev = cloneEvent(event) as EnterEvent;
    if (n > 0) ev.counters.set('+1/+1', (ev.counters.get('+1/+1') ?? 0) + n);
    return perform(g, ev, pool, p, next);
  });
}

/** Thief of Blood: counters removed from every matching permanent as it enters; the total is kept as an entry choice. */
function removeCountersAsEnters(game: Game, event: EnterEvent, c: Candidate, spec: Spec<'as-enters-remove-counters'>): void {
  const world = game.layers().world;
  let total = 0;
  for (const w of world.values()) {
    if (w.obj.id === event.object || w.obj.zone !== 'battlefield' || !matches(spec.from, w, c.scope, world, game.evalEnv)) continue;
    for (const n of w.obj.counters.values()) total += n;
    edit(w.obj).counters.clear();
  }
  event.entryChoices.push(String(total));
  game.changed();
  game.note(`as ${game.obj(event.object)?.printed.name} enters, ${total} counter${total === 1 ? ' is' : 's are'} removed (${c.source.printed.name}: "${c.text}")`, 'replacement');
}

function eventObject(e: GameEvent): string | undefined {
  if (e.kind === 'zone' || e.kind === 'enter' || e.kind === 'counters') return e.object;
  if (e.kind === 'damage') return e.target.object;
  return undefined;
}

function eventPlayer(e: GameEvent): string | undefined {
  if (e.kind === 'draw' || e.kind === 'gain-life' || e.kind === 'lose-life') return e.player;
  if (e.kind === 'damage') return e.target.player;
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
      if (pat.destroyed && e.cause !== 'destroy') return false;
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
      // There is no combat in a scenario: combat-damage prevention never matches, and all damage is noncombat damage.
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
  // `As long as ~ is untapped, …`: judged now, on the permanents already there; questions are asked when it applies.
  if (spec.condition && !questions(spec.condition).length && !evalCondition(spec.condition, scope, game.layers().world, game.evalEnv)) return false;
  switch (spec.kind) {
    case 'enters-tapped':
    case 'enters-under-control':
    case 'enters-with-counters':
      return e.kind === 'enter' && objectMatches(spec.affected, e.object, scope, world, game, entering);
    case 'enters-as-copy':
      return e.kind === 'enter' && !e.copyOf && objectMatches(spec.affected, e.object, scope, world, game, entering);
    case 'as-enters-choose':
    case 'as-enters-remove-counters':
    case 'devour':
      // Only the entering permanent's own ability (614.12).
      return e.kind === 'enter' && scope.source.id === e.object;
    case 'modify-counters':
      return countersMatch(spec, e, scope, game, world, entering);
    case 'redirect-damage':
    case 'instead':
    case 'modify-damage':
    case 'damage-to-counters':
    case 'prevent':
      // 609.7: a shield for "a source of your choice" watches only the chosen source.
      if (spec.kind === 'prevent' && spec.chooseSource && (e.kind !== 'damage' || e.source !== scope.bindings.choices[0])) return false;
      return patternMatches(spec.event, e, scope, game, world);
  }
}

/**
 * `If one or more +1/+1 counters would be put on a creature you control`:
 * counters being put, or counters a permanent enters with (once another
 * replacement gave it some: 616.2); `If you would put …`: put by its controller.
 */
function countersMatch(spec: Spec<'modify-counters'>, e: GameEvent, scope: Scope, game: Game, world: World, entering?: Working): boolean {
  const you = scope.bindings.you;
  if (e.kind === 'counters') {
    if (e.amount <= 0 || !patternMatches(spec.event, e, scope, game, world)) return false;
    return !spec.byYou || (e.by ?? game.chars(e.object)?.controller) === you;
  }
  if (e.kind !== 'enter' || (spec.byYou && e.controller !== you)) return false;
  if (![...e.counters].some(([k, n]) => n > 0 && (!spec.event.counter || spec.event.counter === k))) return false;
  return objectMatches(spec.event.object, e.object, scope, world, game, entering);
}

const ENTRY_KINDS = new Set(['enters-tapped', 'enters-as-copy', 'enters-under-control', 'as-enters-choose', 'as-enters-remove-counters', 'devour', 'enters-with-counters', 'modify-counters']);

/** `As ~ enters, …`: mandatory, its own, done before the others (614.12a). */
const isAsEnters = (spec: ReplacementSpec) => spec.kind === 'as-enters-choose' || spec.kind === 'as-enters-remove-counters' || spec.kind === 'devour';
const isEntrySpec = (r: ReplacementSpec) => ENTRY_KINDS.has(r.kind) || (r.kind === 'instead' && r.event.kind === 'enter');

/**
 * Whether any replacement effect could care about this entry at all. Working
 * out how the permanent would exist on the battlefield (614.12) means a
 * second layer computation, so it is skipped when nothing could apply.
 */
function enterMayBeReplaced(game: Game, e: Extract<GameEvent, { kind: 'enter' }>): boolean {
  const o = game.obj(e.object);
  const own = game.chars(e.object)?.abilities ?? [];
  if ([...own, ...(o?.printed.abilities ?? [])].some((a) => (a.ability.kind === 'static' && a.ability.replacements.some(isEntrySpec)) || (a.ability.kind === 'keyword' && keywordReplacements(a.ability).length > 0))) return true;
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
  edit(o).entryChoices = [...e.entryChoices];
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
  // Finding candidates means computing the layers; a game in which nothing could replace anything skips it.
  if (!mayHaveReplacements(game)) return [];
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
    out.push({ id, source: src.obj, spec, tier: tierOf(spec), always: isAsEnters(spec), scope, text });
  };
  // Static abilities of permanents already on the battlefield (not those entering with it).
  for (const w of game.layers().world.values()) {
    if (w.obj.zone !== 'battlefield') continue;
    if (e.kind === 'enter' && (e.simultaneous.has(w.obj.id) || w.obj.id === e.object)) continue;
    for (const a of w.abilities) {
      if (a.ability.kind !== 'static') continue;
      a.ability.replacements.forEach((spec, i) => {
        // "~ enters tapped" and "As ~ enters" speak of their own object only.
        if (isAsEnters(spec)) return;
        if ((spec.kind === 'enters-tapped' || spec.kind === 'enters-as-copy' || spec.kind === 'enters-with-counters') && spec.affected.kind === 'object' && spec.affected.ref.kind === 'self') return;
        consider(w, `${a.key}#r${i}`, spec, a.text);
      });
    }
  }
  // 614.12: the entering permanent's own abilities that modify how it enters.
  if (e.kind === 'enter' && ownAbilitiesOf) {
    for (const a of ownAbilitiesOf.abilities) {
      // 702: keywords that mean an entry replacement (Devour, Modular, Fading, …).
      if (a.ability.kind === 'keyword') keywordReplacements(a.ability).forEach((spec, i) => consider(ownAbilitiesOf!, `${a.key}#k${i}`, spec, a.text));
      if (a.ability.kind !== 'static') continue;
      a.ability.replacements.forEach((spec, i) => {
        const own = isAsEnters(spec) || ((spec.kind === 'enters-tapped' || spec.kind === 'enters-as-copy' || spec.kind === 'enters-with-counters') && spec.affected.kind === 'object' && spec.affected.ref.kind === 'self');
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

// ---------------------------------------------------------------------------
// Whether anything could replace anything

const abilityMayReplace = new WeakMap<Ability, boolean>();

/**
 * Whether an ability could be, or grant, a replacement effect: a static
 * ability with one, a keyword that means one (702), a static ability that
 * grants such an ability, or one that changes text (which is recompiled:
 * answered yes without looking further).
 */
function mayReplace(a: Ability): boolean {
  let r = abilityMayReplace.get(a);
  if (r === undefined) {
    abilityMayReplace.set(a, false); // a grant that grants itself ends here
    r = a.kind === 'keyword' ? keywordReplacements(a).length > 0 : a.kind === 'static' && (a.replacements.length > 0 || a.effects.some((ef) => partsMayReplace(ef.parts)));
    abilityMayReplace.set(a, r);
  }
  return r;
}

function partsMayReplace(parts: readonly Part[]): boolean {
  return parts.some((p) => p.kind === 'text-change' || (p.kind === 'abilities' && !!p.add?.some(mayReplace)) || (p.kind === 'copy' && !!p.except?.length && partsMayReplace(p.except)));
}

const instancesMayReplace = new WeakMap<readonly AbilityInstance[], boolean>();
function anyMayReplace(list: readonly AbilityInstance[]): boolean {
  let r = instancesMayReplace.get(list);
  if (r === undefined) instancesMayReplace.set(list, (r = list.some((a) => mayReplace(a.ability))));
  return r;
}

/**
 * Every ability an object can have now comes from its printed values, a copy
 * effect's values, an effect that grants it, a land type (mana abilities) or
 * a keyword counter (no parameter): when none of these could replace an
 * event and no resolved replacement effect waits, `applicable` finds nothing.
 */
function mayHaveReplacements(game: Game): boolean {
  const s = game.state;
  if (s.replacements.some((r) => !r.ended && !r.used)) return true;
  for (let i = notEndedFrom(s.effects); i < s.effects.length; i++) {
    const ef = s.effects[i]!;
    if (ef.ended) continue;
    if (partsMayReplace(ef.spec.parts) || (ef.copyValues && anyMayReplace(ef.copyValues.abilities))) return true;
  }
  return printedMayReplace(s.objects);
}

/**
 * Whether the printed abilities of any of these objects could replace an
 * event: asked before every event, of every object. Printed values never
 * change and objects are only ever added at the end of a state's list, so
 * each list is read once, then only what was added since.
 */
const printedScans = new WeakMap<readonly GameObject[], { read: number; any: boolean }>();
function printedMayReplace(objects: readonly GameObject[]): boolean {
  let scan = printedScans.get(objects);
  if (!scan || scan.read > objects.length) printedScans.set(objects, (scan = { read: 0, any: false }));
  for (; !scan.any && scan.read < objects.length; scan.read++) scan.any = anyMayReplace(objects[scan.read]!.printed.abilities);
  return scan.any;
}
