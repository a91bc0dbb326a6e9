// Binding the symbolic parts of an effect (ir.ts) to one moment of the game:
// which object `it` is, what a selector matches, what a count is worth,
// whether a condition holds. Pure functions of the world being computed.

import type { Chosen, Color, CompareOp, Condition, Expr, Filter, ObjectRef, PlayerRef, PlayerStat, Selector } from '../effects/ir';
import type { Live } from './live';
import type { Bindings, GameObject, GameState } from './state';
import { hasWord, type Working, type World } from './working';
import { isCreatureType } from './subtypes';

/** What evaluation needs besides the world: the game state and name look-up. */
export interface Env {
  state: GameState;
  /** A declared object by name, alias, or `alias#k`. */
  lookup(name: string): GameObject | undefined;
}

/** Who/what an effect is evaluated for. */
export interface Scope {
  source: GameObject;
  bindings: Bindings;
}

export function scopeOf(live: Live): Scope {
  return { source: live.source, bindings: live.bindings };
}

export function resolveObject(ref: ObjectRef, scope: Scope, env: Env): string | undefined {
  const b = scope.bindings;
  switch (ref.kind) {
    case 'self':
      return scope.source.id;
    case 'attached':
      return scope.source.attachedTo;
    case 'target':
      return b.targets[ref.index];
    case 'it':
      // `it` is the object of the previous clause; on a static ability of an
      // Aura or Equipment that is the enchanted/equipped object.
      return b.it ?? b.eventObject ?? scope.source.attachedTo ?? scope.source.id;
    case 'chosen': {
      const name = b.choices[ref.index];
      return name === undefined ? undefined : env.lookup(name)?.id;
    }
    case 'named':
      return env.lookup(ref.name)?.id;
    case 'event-object':
      return b.eventObject;
  }
}

export function resolvePlayers(ref: PlayerRef, scope: Scope, world: World, env: Env): string[] {
  const b = scope.bindings;
  if (ref.kind === 'you') return [b.you];
  const all = env.state.players.map((p) => p.name);
  switch (ref.kind) {
    case 'opponents':
      return all.filter((p) => p !== b.you);
    case 'each-player':
      return all;
    case 'named': {
      const p = all.find((n) => n.toLowerCase() === ref.name.toLowerCase());
      return p ? [p] : [];
    }
    case 'owner-of': {
      const id = resolveObject(ref.object, scope, env);
      const o = id ? env.state.byId.get(id) : undefined;
      return o ? [o.owner] : [];
    }
    case 'controller-of': {
      const id = resolveObject(ref.object, scope, env);
      const w = id ? world.get(id) : undefined;
      return w ? [w.controller] : [];
    }
    case 'target-player': {
      const p = b.targetPlayers[ref.index];
      return p ? [p] : [];
    }
    case 'event-player':
      return b.eventPlayer ? [b.eventPlayer] : [];
    case 'chosen-player': {
      const name = b.choices[ref.index];
      const p = all.find((n) => n.toLowerCase() === (name ?? '').toLowerCase());
      return p ? [p] : [];
    }
  }
}

export function chosen<T extends string>(c: Chosen<T>, scope: Scope): string | undefined {
  if (c.kind === 'fixed') return c.value;
  return scope.bindings.choices[c.index];
}

export function hasSubtype(x: Working, sub: string): boolean {
  if (hasWord(x.subtypes, sub)) return true;
  // 702.73a: every creature type, but only creature types.
  return x.allCreatureTypes && isCreatureType(sub);
}

/** Does one object match a filter? `ignoreZone` for conditions about a known object. */
export function matches(f: Filter, x: Working, scope: Scope, world: World, env: Env, ignoreZone = false): boolean {
  if (f.anyOf && f.anyOf.length) return f.anyOf.some((g) => matches(g, x, scope, world, env, ignoreZone));
  const o = x.obj;
  if (!ignoreZone) {
    if (o.zone === null) return false;
    if (f.zones.length ? !f.zones.includes(o.zone) : o.zone !== 'battlefield') return false;
  }
  if (!matchesCommon(f, x, scope)) return false;
  if (f.withKeywords?.length || f.withoutKeywords?.length) {
    const kws = new Set(x.abilities.flatMap((a) => (a.ability.kind === 'keyword' ? [a.ability.keyword.toLowerCase()] : [])));
    if (f.withKeywords?.some((k) => !kws.has(k.toLowerCase()))) return false;
    if (f.withoutKeywords?.some((k) => kws.has(k.toLowerCase()))) return false;
  }
  if (!matchesMore(f, x, scope, world, env)) return false;
  if (f.chosenSubtype !== undefined) {
    const sub = scope.bindings.choices[f.chosenSubtype];
    if (sub === undefined || !hasSubtype(x, sub)) return false;
  }
  if (f.notChosenSubtype !== undefined) {
    const sub = scope.bindings.choices[f.notChosenSubtype];
    if (sub !== undefined && hasSubtype(x, sub)) return false;
  }
  // `you control`, the common case, without building the one-player list.
  if (f.controller && (f.controller.kind === 'you' ? x.controller !== scope.bindings.you : !resolvePlayers(f.controller, scope, world, env).includes(x.controller))) return false;
  if (f.owner && !resolvePlayers(f.owner, scope, world, env).includes(o.owner)) return false;
  return true;
}

/** The newer filter fields: combat status, counters, stat comparisons, shared qualities, names, attachment. */
function matchesMore(f: Filter, x: Working, scope: Scope, world: World, env: Env): boolean {
  const o = x.obj;
  if (f.combat && !o.designations.includes(f.combat)) return false;
  if (f.someColor && !f.someColor.some((c) => x.colors.includes(c))) return false;
  if (f.withCounter && ![...o.counters].some(([k, n]) => n > 0 && (f.withCounter!.counter === undefined || k.toLowerCase() === f.withCounter!.counter))) return false;
  if (f.stats) for (const cmp of f.stats) {
    const want = evalExpr(cmp.value, scope, x, world, env);
    const values = cmp.stats.map((st) => (st === 'mana-value' ? x.manaValue : st === 'power' ? x.power : x.toughness));
    // 208.3: a noncreature permanent has no power or toughness: it has none to compare.
    if (!values.some((v) => v !== null && compare(v, cmp.op, want))) return false;
  }
  if (f.shares) {
    const id = resolveObject(f.shares.with, scope, env);
    const other = id ? world.get(id) : undefined;
    if (!other || other.obj.zone === null) return false;
    // 105.4 / 700.? : sharing needs one quality in common; a colorless object shares no color.
    if (f.shares.quality === 'color' && !x.colors.some((c) => other.colors.includes(c))) return false;
    if (f.shares.quality === 'creature-type' && !sharesCreatureType(x, other)) return false;
  }
  if (f.name) {
    const n = chosen(f.name, scope);
    if (n === undefined || x.name.toLowerCase() !== n.toLowerCase()) return false;
  }
  if (f.chosenColor !== undefined) {
    const c = asColor(scope.bindings.choices[f.chosenColor]);
    if (!c || !x.colors.includes(c)) return false;
  }
  if (f.attachedTo) {
    const host = o.attachedTo ? world.get(o.attachedTo) : undefined;
    if (!host || !matches(f.attachedTo, host, scope, world, env)) return false;
  }
  if (f.costHas && !(o.printed.manaCost ?? '').toUpperCase().includes(f.costHas)) return false;
  // A spell that targets something waits on the stack; the model has none (701.6a, spell text resolves as it is cast).
  if (f.targetsObject) return false;
  if (f.attachedToObject) {
    const host = resolveObject(f.attachedToObject, scope, env);
    if (!host || o.attachedTo !== host) return false;
  }
  // 303.4, 301.5: `enchanted permanent`: an Aura is attached to it (`equipped`: an Equipment).
  if (f.hasAttached) {
    const kind = f.hasAttached === 'enchanted' ? 'Aura' : 'Equipment';
    const on = env.state.objects.some((a) => a.zone === 'battlefield' && a.attachedTo === o.id && !!world.get(a.id) && hasSubtype(world.get(a.id)!, kind));
    if (!on) return false;
  }
  // 201.2: `with the same name as that creature`.
  if (f.sameNameAs) {
    const id = resolveObject(f.sameNameAs, scope, env);
    const other = id ? world.get(id) : undefined;
    if (!other || other.name.toLowerCase() !== x.name.toLowerCase()) return false;
  }
  return true;
}

function sharesCreatureType(a: Working, b: Working): boolean {
  const creature = (w: Working) => hasWord(w.types, 'Creature') || hasWord(w.types, 'Kindred') || hasWord(w.types, 'Tribal');
  if (!creature(a) || !creature(b)) return false;
  if (a.allCreatureTypes) return b.allCreatureTypes || b.subtypes.some(isCreatureType);
  return a.subtypes.some((s) => isCreatureType(s) && hasSubtype(b, s));
}

export function compare(a: number, op: CompareOp, b: number): boolean {
  switch (op) {
    case '>=':
      return a >= b;
    case '<=':
      return a <= b;
    case '<':
      return a < b;
    case '>':
      return a > b;
    case '=':
      return a === b;
  }
}

const MANA_LETTER: Record<string, Color> = { W: 'white', U: 'blue', B: 'black', R: 'red', G: 'green' };

/** 700.5: each mana symbol of one of the colors counts once, hybrid ones included (`{R/G}` is red and green). */
export function devotionOf(manaCost: string | null, colors: readonly Color[]): number {
  let n = 0;
  for (const m of (manaCost ?? '').matchAll(/\{([^}]*)\}/g)) {
    const letters = m[1]!.toUpperCase().split('/');
    if (letters.some((l) => MANA_LETTER[l] && colors.includes(MANA_LETTER[l]!))) n++;
  }
  return n;
}

/** A player's life, or the cards in their hand or graveyard (named objects and unnamed cards). */
export function playerStat(name: string, stat: PlayerStat, env: Env): number {
  const p = env.state.players.find((q) => q.name === name);
  if (!p) return 0;
  if (stat === 'life') return p.life;
  const zone = stat === 'hand' ? 'hand' : 'graveyard';
  const named = env.state.objects.filter((o) => o.zone === zone && o.owner === name).length;
  return named + (stat === 'hand' ? p.unnamedInHand : p.unnamedInGraveyard);
}

/** The objects a selector designates now (ids). Players are not objects. */
export function select(sel: Selector, scope: Scope, world: World, env: Env): string[] {
  switch (sel.kind) {
    case 'object': {
      // `up to two target creatures`: every `targeting` entry the phrase binds (115.1); fewer may be given.
      if (sel.ref.kind === 'target' && sel.ref.count !== undefined) {
        const bound = scope.bindings.targets.slice(sel.ref.index, sel.ref.count ? sel.ref.index + sel.ref.count : undefined);
        return bound.filter((id) => !!id && (world.get(id)?.obj.zone ?? null) !== null);
      }
      const id = resolveObject(sel.ref, scope, env);
      const w = id ? world.get(id) : undefined;
      return w && w.obj.zone !== null ? [w.obj.id] : [];
    }
    case 'filter': {
      const f = sel.filter;
      const out: string[] = [];
      if (isPlain(f)) {
        for (const x of world.values()) if (matchesPlain(f, x, scope)) out.push(x.obj.id);
      } else for (const x of world.values()) if (matches(f, x, scope, world, env)) out.push(x.obj.id);
      return out;
    }
    case 'player':
      return [];
  }
}

/** The fields `matchesPlain` reads (and `noun`, which matching never reads). */
const PLAIN_FIELDS = new Set(['types', 'subtypes', 'supertypes', 'notTypes', 'notSubtypes', 'notSupertypes', 'colors', 'notColors', 'colorless', 'multicolored', 'token', 'tapped', 'controller', 'other', 'zones', 'noun']);
const plainFilters = new WeakMap<Filter, boolean>();

/**
 * Whether every field `f` sets is one `matchesPlain` reads, with `you` as its
 * controller if it has one (`creatures you control`, `all artifacts`): then
 * `matches` checks nothing else (any other field, even one added later, makes
 * a filter not plain).
 */
export function isPlain(f: Filter): boolean {
  let p = plainFilters.get(f);
  if (p === undefined) {
    p = Object.entries(f).every(([k, v]) => v === undefined || PLAIN_FIELDS.has(k)) && (!f.controller || f.controller.kind === 'you');
    plainFilters.set(f, p);
  }
  return p;
}

/**
 * Whether what a filter selects depends only on each object, the source (its
 * `other`) and whom `you` names (its controller): a plain filter, or one
 * otherwise plain whose controller is `you`'s opponents (the players are the
 * same throughout a computation). Effects alike share a selection by it
 * (layers.ts selectionKey).
 */
export function keyable(f: Filter): boolean {
  return isPlain(f) || (f.controller?.kind === 'opponents' && isPlain({ ...f, controller: undefined }));
}

/** The checks every filter starts with: source, types, subtypes, supertypes, colors, token, tapped. */
function matchesCommon(f: Filter, x: Working, scope: Scope): boolean {
  const o = x.obj;
  if (f.other && o.id === scope.source.id) return false;
  // Indexed loops: a for-of makes an iterator, and a result per word, until V8 optimises this (issue 9:
  // it runs for every object a filter is matched against, mostly over empty lists).
  if (f.types.length && !allWords(x.types, f.types)) return false;
  if (f.notTypes.length && someWord(x.types, f.notTypes)) return false;
  if (f.subtypes.length && !f.subtypes.some((s) => hasSubtype(x, s))) return false;
  for (let i = 0; i < f.notSubtypes.length; i++) if (hasSubtype(x, f.notSubtypes[i]!)) return false;
  if (f.supertypes.length && !allWords(x.supertypes, f.supertypes)) return false;
  if (f.notSupertypes.length && someWord(x.supertypes, f.notSupertypes)) return false;
  for (let i = 0; i < f.colors.length; i++) if (!x.colors.includes(f.colors[i]!)) return false;
  for (let i = 0; i < f.notColors.length; i++) if (x.colors.includes(f.notColors[i]!)) return false;
  if (f.colorless !== undefined && f.colorless !== (x.colors.length === 0)) return false;
  if (f.multicolored !== undefined && f.multicolored !== (x.colors.length > 1)) return false;
  if (f.token !== undefined && f.token !== o.isToken) return false;
  if (f.tapped !== undefined && f.tapped !== o.tapped) return false;
  return true;
}

/** Whether `have` holds every word of `words` (`hasWord`). */
function allWords(have: readonly string[], words: readonly string[]): boolean {
  for (let i = 0; i < words.length; i++) if (!hasWord(have, words[i]!)) return false;
  return true;
}

/** Whether `have` holds some word of `words` (`hasWord`). */
function someWord(have: readonly string[], words: readonly string[]): boolean {
  for (let i = 0; i < words.length; i++) if (hasWord(have, words[i]!)) return true;
  return false;
}

/** `matches` (outside `ignoreZone`) for a plain filter: the same checks in the same order, and nothing else. */
function matchesPlain(f: Filter, x: Working, scope: Scope): boolean {
  const o = x.obj;
  if (o.zone === null) return false;
  if (f.zones.length ? !f.zones.includes(o.zone) : o.zone !== 'battlefield') return false;
  if (!matchesCommon(f, x, scope)) return false;
  if (f.controller && x.controller !== scope.bindings.you) return false;
  return true;
}

export function selectPlayers(sel: Selector, scope: Scope, world: World, env: Env): string[] {
  return sel.kind === 'player' ? resolvePlayers(sel.player, scope, world, env) : [];
}

export function evalExpr(e: Expr, scope: Scope, subject: Working | undefined, world: World, env: Env): number {
  switch (e.kind) {
    case 'const':
      return e.value;
    case 'x':
      return scope.bindings.x ?? 0;
    case 'count': {
      let n = 0;
      const types = new Set<string>();
      for (const x of world.values()) {
        if (!matches(e.filter, x, scope, world, env)) continue;
        n++;
        // `the number of card types among cards in all graveyards` (205.2a).
        if (e.distinctCardTypes) for (const t of x.types) types.add(t.toLowerCase());
      }
      return (e.distinctCardTypes ? types.size : n) + (e.plus ?? 0);
    }
    case 'stat': {
      const id = e.of ? resolveObject(e.of, scope, env) : subject?.obj.id;
      const w = id ? world.get(id) : undefined;
      if (!w) return 0;
      if (e.stat === 'mana-value') return w.manaValue;
      return (e.stat === 'power' ? w.power : w.toughness) ?? 0;
    }
    case 'times':
      return e.factor * evalExpr(e.expr, scope, subject, world, env);
    case 'neg':
      return -evalExpr(e.expr, scope, subject, world, env);
    case 'event-amount':
      return scope.bindings.eventAmount ?? 0;
    // Answers are taken from the event's `choosing` before the replacement applies (engine/answers.ts); unanswered, 0.
    case 'answer':
      return 0;
    case 'sum':
      return e.terms.reduce((n, t) => n + evalExpr(t, scope, subject, world, env), 0);
    case 'chosen-number': {
      const n = Number(scope.bindings.choices[e.index]);
      return Number.isFinite(n) ? n : 0;
    }
    case 'resolved-value':
      return e.per && subject ? (e.per[subject.obj.id] ?? e.value) : e.value;
    default:
      return evalMore(e, scope, subject, world, env);
  }
}

function evalMore(e: Expr, scope: Scope, subject: Working | undefined, world: World, env: Env): number {
  switch (e.kind) {
    // 608.2c: what the previous action did (engine/this-way.ts).
    case 'this-way': {
      const tw = scope.bindings.thisWay;
      if (!tw) return 0;
      if (e.what === 'discarded') return tw.discarded;
      if (e.what === 'milled') return tw.milled;
      if (e.what === 'damage') return tw.damage;
      if (e.what === 'life-lost') return tw.lifeLost ?? 0;
      return tw.moved.filter((id) => {
        const w = world.get(id);
        return !e.filter || (!!w && matches(e.filter, w, scope, world, env, true));
      }).length;
    }
    case 'counters': {
      const id = e.of ? resolveObject(e.of, scope, env) : subject?.obj.id;
      const o = id ? env.state.byId.get(id) : undefined;
      if (!o) return 0;
      let n = 0;
      for (const [k, v] of o.counters) if (e.counter === undefined || k.toLowerCase() === e.counter) n += Math.max(0, v);
      return n;
    }
    case 'colors-among': {
      const colors = new Set<Color>();
      for (const x of world.values()) if (matches(e.filter, x, scope, world, env)) for (const c of x.colors) colors.add(c);
      return colors.size;
    }
    case 'greatest': {
      let best = 0;
      for (const x of world.values()) {
        if (!matches(e.filter, x, scope, world, env)) continue;
        const v = e.stat === 'mana-value' ? x.manaValue : e.stat === 'power' ? x.power : x.toughness;
        if (v !== null && v > best) best = v;
      }
      return best;
    }
    case 'devotion': {
      const players = resolvePlayers(e.player, scope, world, env);
      let n = 0;
      // 700.5: mana costs of permanents the player controls (on the battlefield).
      for (const x of world.values()) if (x.obj.zone === 'battlefield' && players.includes(x.controller)) n += devotionOf(x.manaCost, e.colors);
      return n;
    }
    case 'player-stat': {
      const players = resolvePlayers(e.player, scope, world, env);
      return players.length ? Math.min(...players.map((p) => playerStat(p, e.stat, env))) : 0;
    }
    case 'player-counters': {
      const [p] = resolvePlayers(e.player, scope, world, env);
      return env.state.players.find((x) => x.name === p)?.counters?.[e.counter] ?? 0;
    }
    default:
      return 0;
  }
}

export function evalCondition(c: Condition, scope: Scope, world: World, env: Env): boolean {
  switch (c.kind) {
    case 'object-is': {
      const id = resolveObject(c.object, scope, env);
      const w = id ? world.get(id) : undefined;
      return !!w && w.obj.zone !== null && matches(c.filter, w, scope, world, env, true);
    }
    case 'controls': {
      const id = resolveObject(c.object, scope, env);
      const w = id ? world.get(id) : undefined;
      return !!w && w.obj.zone === 'battlefield' && resolvePlayers(c.player, scope, world, env).includes(w.controller);
    }
    case 'count-at-least': {
      let n = 0;
      for (const x of world.values()) if (matches(c.filter, x, scope, world, env)) n++;
      return n >= c.atLeast;
    }
    case 'your-turn':
      return env.state.players[env.state.activePlayer]?.name === scope.bindings.you;
    case 'on-battlefield': {
      const id = resolveObject(c.object, scope, env);
      return !!id && env.state.byId.get(id)?.zone === 'battlefield';
    }
    case 'tapped': {
      const id = resolveObject(c.object, scope, env);
      return !!id && !!env.state.byId.get(id)?.tapped;
    }
    case 'not':
      return !evalCondition(c.condition, scope, world, env);
    case 'all':
      return c.conditions.every((d) => evalCondition(d, scope, world, env));
    // Answered by the event's `choosing` before the replacement applies (engine/answers.ts).
    case 'answer':
      return false;
    case 'any':
      return c.conditions.some((d) => evalCondition(d, scope, world, env));
    default:
      return evalMoreCondition(c, scope, world, env);
  }
}

function evalMoreCondition(c: Condition, scope: Scope, world: World, env: Env): boolean {
  const objectOf = (ref: ObjectRef) => {
    const id = resolveObject(ref, scope, env);
    return id ? env.state.byId.get(id) : undefined;
  };
  switch (c.kind) {
    case 'compare':
      return compare(evalExpr(c.left, scope, undefined, world, env), c.op, evalExpr(c.right, scope, undefined, world, env));
    case 'player-compare': {
      const players = resolvePlayers(c.player, scope, world, env);
      const ok = (p: string) => compare(playerStat(p, c.stat, env), c.op, c.value);
      return players.length > 0 && (c.each ? players.every(ok) : players.some(ok));
    }
    case 'status':
      return !!objectOf(c.object)?.designations.includes(c.status);
    case 'monarch':
      return !!env.state.monarch && resolvePlayers(c.player, scope, world, env).includes(env.state.monarch);
    case 'in-zone':
      return objectOf(c.object)?.zone === c.zone;
    case 'attached': {
      const host = objectOf(c.object)?.attachedTo;
      const w = host ? world.get(host) : undefined;
      return !!w && matches(c.filter, w, scope, world, env);
    }
    case 'has-attached': {
      const o = objectOf(c.object);
      const sub = c.via === 'equipped' ? 'Equipment' : 'Aura';
      return !!o && [...world.values()].some((w) => w.obj.attachedTo === o.id && w.obj.zone === 'battlefield' && hasWord(w.subtypes, sub));
    }
    default:
      return false;
  }
}

export function asColor(word: string | undefined): Color | undefined {
  const w = (word ?? '').toLowerCase();
  return (['white', 'blue', 'black', 'red', 'green'] as const).find((c) => c === w);
}
