// 704: state-based actions, performed after every event until none apply.
// All applicable actions are performed simultaneously (704.3), then checked again.

import type { Filter } from '../effects/ir';
import type { ChoiceItem } from './choices';
import { matches } from './evaluate';
import type { Game } from './game';
import { edit, type GameObject } from './state';
import { CHECK_INCREMENTAL } from './resume';
import { eqWord, hasWord, isType, type Working, type World } from './working';
import type { LayerResult } from './layers';
import type { LayerMemo } from './incremental';

/** What one round of state-based actions does: zone changes go through the replacement pipeline (614), the rest is done directly. */
export interface SbaRound {
  events: { object: GameObject; cause: 'sba' | 'destroy'; why: string }[];
  direct: (() => void)[];
}

function enchantFilter(w: Working): Filter | undefined {
  for (const a of w.abilities) if (a.ability.kind === 'keyword' && a.ability.keyword.toLowerCase() === 'enchant') return a.ability.enchantFilter;
  return undefined;
}

/** 303.4 / 701.3: can this Aura be attached to that object? */
export function auraCanEnchant(game: Game, aura: Working, target: Working | undefined): boolean {
  if (!target || target.obj.zone !== 'battlefield') return false;
  if (target.obj.id === aura.obj.id) return false; // 303.4d
  // 702.16c: a permanent with protection can't be enchanted by Auras that have the quality.
  if (protectedFrom(target, aura)) return false;
  const f = enchantFilter(aura);
  if (!f) return true;
  return matches({ ...f, zones: [] }, target, { source: aura.obj, bindings: { you: aura.controller, targets: [], targetPlayers: [], choices: aura.obj.entryChoices } }, game.layers().world, game.evalEnv, true);
}

/** 702.16: does `x` have protection from a quality `source` has? */
export function protectedFrom(x: Working, source: Working): boolean {
  for (const a of x.abilities) {
    if (a.ability.kind !== 'keyword' || a.ability.keyword.toLowerCase() !== 'protection') continue;
    const p = (a.ability.parameter ?? a.ability.text.replace(/^protection from /i, '')).toLowerCase();
    if (p === 'everything') return true;
    for (const q of p.split(/\s+and\s+from\s+|,\s*/)) {
      const word = q.trim();
      if ((source.colors as string[]).includes(word)) return true;
      if (word === 'multicolored' && source.colors.length > 1) return true;
      const type = word.replace(/s$/, '');
      if (source.types.some((t) => t.toLowerCase() === type)) return true;
    }
  }
  return false;
}

/**
 * 704.5j: a player who controls two or more legendary permanents with the same
 * name chooses one, and the rest go to their owners' graveyards (this covers
 * planeswalkers too: the 2011 planeswalker uniqueness rule is gone, and every
 * planeswalker is legendary). The choice is the event's `choosing NAME`
 * (an answer nothing else took); without one the newest is kept, and the
 * note says so.
 */
function legendRule(game: Game, legendary: readonly Working[], answers: readonly ChoiceItem[]): SbaRound['events'] {
  const groups = new Map<string, Working[]>();
  for (const w of legendary) {
    const key = `${w.controller}\u0000${w.name.toLowerCase()}`;
    groups.set(key, [...(groups.get(key) ?? []), w]);
  }
  const events: SbaRound['events'] = [];
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    const answer = answers.find((a) => group.some((w) => game.evalEnv.lookup(a.value)?.id === w.obj.id));
    let keep: Working;
    let how: string;
    if (answer) {
      answer.used = true;
      keep = group.find((w) => game.evalEnv.lookup(answer.value)?.id === w.obj.id)!;
      how = `chooses ${label(keep)}`;
    } else {
      keep = group.reduce((a, b) => (b.obj.timestamp > a.obj.timestamp ? b : a));
      how = `keeps ${label(keep)}, the newest (\`choosing NAME\` keeps another)`;
    }
    const player = keep.controller;
    for (const w of group) {
      if (w === keep) continue;
      events.push({ object: w.obj, cause: 'sba', why: `${label(w)} is put into its owner's graveyard: ${player} controls ${group.length} legendary permanents named ${keep.name} and ${how} (704.5j)` });
    }
  }
  return events;
}

/** An object as the scenario names it: its alias (with `#k` for copies), else its printed name. */
function label(w: Working): string {
  const d = w.obj.decl;
  const base = d.alias?.text ?? d.name.text;
  return w.obj.copyIndex !== undefined ? `${base}#${w.obj.copyIndex}` : base;
}

/** What the checks below ask of a record's type line, as bits. */
const CREATURE = 1;
const AURA = 2;
const EQUIPMENT = 4;
const FORTIFICATION = 8;
const LEGENDARY = 16;

/** The bits of a record's type line, read in one pass (a WeakMap of records cost more than the reading: every record is new to it after an event changes it). */
function kindOf(w: Working): number {
  let k = isType(w, 'Creature') ? CREATURE : 0;
  for (const s of w.subtypes) {
    if (eqWord(s, 'Aura')) k |= AURA;
    else if (eqWord(s, 'Equipment')) k |= EQUIPMENT;
    else if (eqWord(s, 'Fortification')) k |= FORTIFICATION;
  }
  if (hasWord(w.supertypes, 'Legendary')) k |= LEGENDARY;
  return k;
}

// The actions are made outside the loop below: a closure written in a loop's
// body makes V8 allocate that body's scope for every object it visits, made
// or not (some 18 KB per check on a 280-object board, after every event).

/** 704.5n: an Equipment or Fortification attached to what it can't equip or fortify becomes unattached. */
function unattach(game: Game, o: GameObject, target: Working | undefined, wanted: string): () => void {
  return () => {
    edit(o).attachedTo = undefined;
    game.changed();
    game.note(`${o.printed.name} becomes unattached: ${target ? `${target.obj.printed.name} is not a ${wanted.toLowerCase()}` : 'what it was attached to is gone'} (704.5n)`, 'sba');
  };
}

/** 704.5q: a permanent with both +1/+1 and -1/-1 counters loses N of each, N the smaller count. */
function annihilateCounters(game: Game, o: GameObject, plus: number, minus: number): () => void {
  const n = Math.min(plus, minus);
  return () => {
    const e = edit(o);
    e.counters.set('+1/+1', plus - n);
    e.counters.set('-1/-1', minus - n);
    game.changed();
    game.note(`${n} +1/+1 and ${n} -1/-1 counter${n === 1 ? '' : 's'} removed from ${o.printed.name} (704.5q)`, 'sba');
  };
}

/** The state-based actions of one permanent (704.5f–h, m, n, q); its `kind` bits and the record of what it is attached to are given. */
function checkPermanent(game: Game, w: Working, kind: number, target: Working | undefined, events: SbaRound['events'], actions: (() => void)[]): void {
  const o = w.obj;
  // A plain noncreature permanent with no counters: nothing below applies.
  if (!kind && !o.counters.size) return;
  const name = o.printed.name;
  if (kind & CREATURE && w.toughness !== null) {
    if (w.toughness <= 0) {
      // 704.5f: not destruction; regeneration can't replace it.
      events.push({ object: o, cause: 'sba', why: `${name} is put into its owner's graveyard: toughness ${w.toughness} (704.5f)` });
      return;
    }
    if (o.damage > 0 && o.damage >= w.toughness && !hasKeyword(w, 'indestructible')) {
      events.push({ object: o, cause: 'destroy', why: `${name} is destroyed: ${o.damage} damage marked, toughness ${w.toughness} (704.5g)` });
      return;
    }
    if (o.deathtouchDamage && o.damage > 0 && !hasKeyword(w, 'indestructible')) {
      events.push({ object: o, cause: 'destroy', why: `${name} is destroyed: damage from a source with deathtouch (704.5h)` });
      return;
    }
  }
  if (kind & AURA) {
    if (!auraCanEnchant(game, w, target)) {
      // 704.5m
      events.push({ object: o, cause: 'sba', why: `${name} is put into its owner's graveyard: ${target ? `it can't enchant ${target.obj.printed.name}` : 'it is attached to nothing'} (704.5m)` });
      return;
    }
  }
  if (kind & (EQUIPMENT | FORTIFICATION) && o.attachedTo) {
    const wanted = kind & EQUIPMENT ? 'Creature' : 'Land';
    if (!target || target.obj.zone !== 'battlefield' || !isType(target, wanted) || isType(w, 'Creature')) actions.push(unattach(game, o, target, wanted));
  }
  const plus = o.counters.get('+1/+1') ?? 0;
  const minus = o.counters.get('-1/-1') ?? 0;
  if (plus > 0 && minus > 0) actions.push(annihilateCounters(game, o, plus, minus));
}

/**
 * A permanent no state-based action applied to, and what that depended on: its
 * record (a computed world's records never change; a changed object gets a
 * new one), its state (the stamp changes with every edit), and the record
 * and state of what it is attached to. The same: still none applies, and it
 * is not looked at again (a board of hundreds of permanents after every event).
 */
interface Quiet {
  w: Working;
  stamp: number;
  target: Working | undefined;
  /** The state of what it is attached to (a record outlives a zone change that changes none of its values). */
  targetStamp: number;
  kind: number;
}
const quiet = new WeakMap<GameObject, Quiet>();

/** The check mode: a permanent passed over as quiet has no action indeed. */
function checkQuiet(game: Game, w: Working, q: Quiet, target: Working | undefined): void {
  const events: SbaRound['events'] = [];
  const actions: (() => void)[] = [];
  checkPermanent(game, w, kindOf(w), target, events, actions);
  if (events.length || actions.length || kindOf(w) !== q.kind) throw new Error(`LAYERLENS_CHECK_INCREMENTAL: ${w.obj.id} was passed over by the state-based actions, but ${events[0]?.why ?? 'an action applies to it'}`);
}

/** What a look at the permanents found. */
interface Pass {
  events: SbaRound['events'];
  actions: (() => void)[];
  /** The named legendary permanents, for 704.5j. */
  legendary: Working[];
  /** The permanents attached to another. */
  attached: string[];
}

/**
 * A look at a layer computation's world that found nothing to do, kept by
 * that computation's memo: the next computation built on it says which
 * objects it changed (layers.ts `since`), and only those, and the
 * permanents attached to them (704.5m, n read what they are attached to),
 * are looked at again.
 */
interface QuietCheck {
  attached: readonly string[];
}
const quietChecks = new WeakMap<LayerMemo, QuietCheck>();

/** 704.3: every state-based action that applies now, to be performed simultaneously. */
export function findStateBasedActions(game: Game, answers: readonly ChoiceItem[] = []): SbaRound {
  const r = game.layers();
  const pass = changedPass(game, r) ?? wholePass(game, r.world);
  const { events, actions, legendary } = pass;
  if (legendary.length > 1) {
    const dying = new Set(events.map((e) => e.object.id));
    for (const e of legendRule(game, legendary, answers)) if (!dying.has(e.object.id)) events.push(e);
  }
  if (r.memo && !events.length && !actions.length && !legendary.length) quietChecks.set(r.memo, { attached: pass.attached });
  // 704.5a: a player with 0 or less life loses the game (reported, the scenario goes on).
  for (const p of game.state.players) {
    if (p.life <= 0 && !game.log.some((l) => l.text.startsWith(`${p.name} loses the game`))) game.note(`${p.name} loses the game: ${p.life} life (704.5a)`, 'sba');
  }
  return { events, direct: actions };
}

function newPass(): Pass {
  return { events: [], actions: [], legendary: [], attached: [] };
}

/** Every permanent, in the world's order. */
function wholePass(game: Game, world: World): Pass {
  const pass = newPass();
  for (const w of world.values()) lookAt(game, world, w, pass);
  return pass;
}

/**
 * Only what changed since a look that found nothing: the answer when it is
 * nothing again, as it mostly is (undefined otherwise, and the whole world
 * is looked at, in its order, which is the order the actions are performed in).
 */
function changedPass(game: Game, r: LayerResult): Pass | undefined {
  const last = r.since && quietChecks.get(r.since.memo);
  if (!last) return undefined;
  const changed = new Set(r.since!.changed);
  const pass = newPass();
  for (const id of last.attached) {
    if (changed.has(id)) continue;
    const to = r.world.get(id)?.obj.attachedTo;
    if (to !== undefined && changed.has(to)) changed.add(id);
    else pass.attached.push(id);
  }
  for (const id of changed) {
    const w = r.world.get(id);
    if (w) lookAt(game, r.world, w, pass);
  }
  if (pass.events.length || pass.actions.length || pass.legendary.length) return undefined;
  if (CHECK_INCREMENTAL) {
    const whole = wholePass(game, r.world);
    if (whole.events.length || whole.actions.length || whole.legendary.length) throw new Error(`LAYERLENS_CHECK_INCREMENTAL: the state-based actions looked only at what changed and found nothing, but ${whole.events[0]?.why ?? 'an action or a legendary permanent is there'}`);
  }
  return pass;
}

/** One permanent: passed over when quiet (its record and state, and those of what it is attached to, as when nothing applied to it). */
function lookAt(game: Game, world: World, w: Working, pass: Pass): void {
  const o = w.obj;
  if (o.zone !== 'battlefield') return;
  if (o.attachedTo) pass.attached.push(o.id);
  const target = o.attachedTo ? world.get(o.attachedTo) : undefined;
  const q = quiet.get(o);
  if (q && q.w === w && q.stamp === o.stamp && q.target === target && q.targetStamp === (target?.obj.stamp ?? 0)) {
    if (CHECK_INCREMENTAL) checkQuiet(game, w, q, target);
    if (q.kind & LEGENDARY && w.name) pass.legendary.push(w);
    return;
  }
  const kind = kindOf(w);
  if (kind & LEGENDARY && w.name) pass.legendary.push(w);
  const found = pass.events.length + pass.actions.length;
  checkPermanent(game, w, kind, target, pass.events, pass.actions);
  if (pass.events.length + pass.actions.length === found) quiet.set(o, { w, stamp: o.stamp, target, targetStamp: target?.obj.stamp ?? 0, kind });
}

export function hasKeyword(w: Working, keyword: string): boolean {
  return w.abilities.some((a) => a.ability.kind === 'keyword' && a.ability.keyword.toLowerCase() === keyword);
}

export { type GameObject };
