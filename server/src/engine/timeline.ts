// Spec section 4: each event of the file, in order, on every outcome so far.
// After each event, durations that ended are ended (611.2b) and state-based
// actions are performed until none apply (704.3).

import type { Action, Ability, ChoiceLimit, ReplacementSpec } from '../effects/ir';
import type { Diagnostic, EventStatement, NameRef, Range } from '../syntax/ast';
import { runActions, enterEvent, discardEvents, performAll, takeReturningFromExile } from './actions';
import { ChoicePool, isChoiceWord } from './choices';
import { runDelayed } from './choice-actions';
import { checkActivation } from './restrictions';
import { asColor, evalCondition, matches, type Scope } from './evaluate';
import type { Game } from './game';
import { perform, type Candidate, type GameEvent, type Performer } from './replacement';
import { attach } from './attach';
import { keptCopyValues } from './copy';
import { findStateBasedActions } from './sba';
import { forbidding } from './rules';
import { targetProblems } from './targets';
import { bindEventPlayer } from './answers';
import { edit, notEndedFrom, takeTimestamp, touchedSince, type Bindings, type DelayedTrigger, type GameObject, type LookedAt } from './state';
import { CHECK_INCREMENTAL } from './resume';
import { isBasicLandType } from './subtypes';
import { hasWord, isType } from './working';

/** What the timeline needs from the analysis: names, compilation, diagnostics. */
export interface TimelineContext {
  /** NameRef → object ids (several only when `many`); reports unknown names itself. */
  objects(ref: NameRef, many: boolean): string[] | undefined;
  player(ref: NameRef): string | undefined;
  /** Compile `resolve "…"` text for a source card name. */
  compileEffect(text: string, range: Range, cardName: string | undefined): { actions: Action[] };
  phantom(statementIndex: number, text: string): GameObject;
  report(d: Diagnostic): void;
  statementIndex: number;
}

export const BRANCH_CAP = 256;

// ---------------------------------------------------------------------------
// The performer: the last step of every event, and the entry choices

export const performer: Performer = {
  runActions(game, actions, scope, applied, pool) {
    return runActions([game], actions, scope, { text: '' }, applied, pool, performer);
  },
  happen(game, e) {
    happen(game, e);
  },
  chooseForEntry(game, e, spec, cand, pool) {
    return chooseForEntry(game, e, spec, cand, pool);
  },
};

function happen(game: Game, e: GameEvent): void {
  switch (e.kind) {
    case 'enter': {
      const o = game.obj(e.object)!;
      game.setZone(o, 'battlefield', { controller: e.controller, tapped: e.tapped, faceDown: e.faceDown });
      const entering = edit(o);
      entering.entryChoices = [...e.entryChoices];
      for (const [k, n] of e.counters) {
        entering.counters.set(k, n);
        entering.counterTimestamps.set(k, o.timestamp);
      }
      if (e.copyOf) {
        const ts = takeTimestamp(game.state);
        game.state.effects.push({
          id: `e${game.state.nextEffectId++}`, kind: 'resolved', sourceId: o.id, sourceIncarnation: o.incarnation,
          spec: { affected: { kind: 'object', ref: { kind: 'self' } }, parts: [{ layer: '1a', kind: 'copy', of: { kind: 'self' }, except: e.copyOf.except }] },
          duration: { kind: 'forever' }, bindings: { you: e.controller, targets: [], targetPlayers: [], choices: [] }, timestamp: ts,
          text: e.copyOf.text, ended: false, lockedSet: [`${o.id}@${o.incarnation}`], copyValues: e.copyOf.values,
        });
      }
      if (e.attachedTo) edit(o).attachedTo = e.attachedTo;
      game.changed();
      game.note(`${o.printed.name} enters the battlefield${e.tapped ? ' tapped' : ''}${e.faceDown ? ' face down' : ''} under ${e.controller}'s control${e.copyOf ? ` as a copy of ${e.copyOf.values.name || 'a face-down permanent'}` : ''}`);
      return;
    }
    case 'zone': {
      const o = game.obj(e.object);
      if (!o) return;
      if (e.cause === 'destroy' && o.zone === 'battlefield') {
        const w = game.chars(o.id);
        // 702.12b: indestructible permanents aren't destroyed.
        if (w && w.abilities.some((a) => a.ability.kind === 'keyword' && a.ability.keyword.toLowerCase() === 'indestructible')) {
          game.note(`${o.printed.name} is indestructible and is not destroyed (702.12b)`, 'note');
          return;
        }
      }
      game.setZone(o, e.to);
      game.note(`${o.printed.name} is put into ${e.to === 'exile' ? 'exile' : `its owner's ${e.to}`}`);
      if (o.isToken && e.to !== 'battlefield') {
        // 704.5d: a token in a zone other than the battlefield ceases to exist.
        game.note(`${o.printed.name} (a token) ceases to exist (704.5d)`, 'sba');
        edit(o).zone = null;
      }
      return;
    }
    case 'draw': {
      const p = game.state.players.find((x) => x.name === e.player);
      if (!p) return;
      p.unnamedInHand += e.amount;
      p.libraryDrawn += e.amount;
      game.note(`${e.player} draws ${e.amount === 1 ? 'a card' : `${e.amount} cards`}`);
      return;
    }
    case 'gain-life':
    case 'lose-life': {
      const p = game.state.players.find((x) => x.name === e.player);
      if (!p) return;
      p.life += e.kind === 'gain-life' ? e.amount : -e.amount;
      game.note(`${e.player} ${e.kind === 'gain-life' ? 'gains' : 'loses'} ${e.amount} life (${p.life})`);
      return;
    }
    case 'damage': {
      if (e.amount <= 0) return;
      if (e.target.player) {
        // 120.3a: damage to a player causes that much life loss.
        const p = game.state.players.find((x) => x.name === e.target.player);
        if (p) p.life -= e.amount;
        game.note(`${game.obj(e.source)?.printed.name ?? 'A source'} deals ${e.amount} damage to ${e.target.player}`);
        return;
      }
      const o = e.target.object ? game.obj(e.target.object) : undefined;
      if (!o || o.zone !== 'battlefield') return;
      const w = game.chars(o.id);
      if (w && isType(w, 'Planeswalker') && !isType(w, 'Creature')) {
        // 120.3c: damage to a planeswalker removes loyalty counters.
        edit(o).counters.set('loyalty', Math.max(0, (o.counters.get('loyalty') ?? 0) - e.amount));
      } else {
        // 120.3e: damage to a creature is marked on it.
        const marked = edit(o);
        marked.damage += e.amount;
        if (e.deathtouch) marked.deathtouchDamage = true;
      }
      game.changed();
      game.note(`${game.obj(e.source)?.printed.name ?? 'A source'} deals ${e.amount} damage to ${o.printed.name}`);
      return;
    }
    case 'counters': {
      const o = game.obj(e.object);
      if (!o || o.zone === null || e.amount <= 0) return;
      // 613.11: `can't have counters put on it`.
      const rule = forbidding(game.layers().objectRules, o.id, 'no-counters');
      if (rule) {
        game.note(`no counters are put on ${o.printed.name}: ${rule.description} (${rule.sourceName})`, 'note');
        return;
      }
      const counted = edit(o);
      counted.counters.set(e.counter, (o.counters.get(e.counter) ?? 0) + e.amount);
      // 613.7c: each counter of that kind gets the new counter's timestamp.
      counted.counterTimestamps.set(e.counter, takeTimestamp(game.state));
      game.changed();
      game.note(`${e.amount} ${e.counter} counter${e.amount === 1 ? '' : 's'} put on ${o.printed.name}`);
      return;
    }
  }
}

const CHOICE_ACCEPT: Record<string, (v: string, game: Game) => boolean> = {
  color: (v) => !!asColor(v) || /^(colorless)$/i.test(v),
  'basic-land-type': (v) => isBasicLandType(v),
  'creature-type': (v, g) => /^[A-Z][A-Za-z'-]*$/.test(v) && !g.lookup(v) && !asColor(v),
  player: (v, g) => g.state.players.some((p) => p.name.toLowerCase() === v.toLowerCase()),
  opponent: (v, g) => g.state.players.some((p) => p.name.toLowerCase() === v.toLowerCase()),
  number: (v) => /^-?\d+$/.test(v),
  'card-name': (v) => !isChoiceWord(v),
  object: (v, g) => !!g.lookup(v),
};

/** `a color other than green`, `a number between 0 and 7`, a die's 1–6, `a permanent you don't control`. */
function withinLimit(limit: ChoiceLimit | undefined, v: string, game: Game, cand: Candidate): boolean {
  if (!limit) return true;
  if (limit.notColor && asColor(v) === limit.notColor) return false;
  const n = Number(v);
  if (limit.min !== undefined && !(n >= limit.min)) return false;
  if (limit.max !== undefined && !(n <= limit.max)) return false;
  if (limit.filter && limit.filter.noun !== 'card') {
    const o = game.lookup(v);
    const world = game.layers().world;
    const w = o && world.get(o.id);
    if (!w || !matches(limit.filter, w, cand.scope, world, game.evalEnv)) return false;
  }
  return true;
}

function limitText(limit: ChoiceLimit | undefined): string {
  if (!limit) return '';
  if (limit.notColor) return `, other than ${limit.notColor}`;
  if (limit.min !== undefined && limit.max !== undefined) return `, from ${limit.min} to ${limit.max}`;
  return '';
}

/** 614.15: a spell's own replacement lasts while the spell resolves, no longer. */
function endSelfReplacements(games: Game[]): Game[] {
  for (const g of games) for (const r of g.state.replacements) if (r.selfReplacement && !r.ended) r.ended = true;
  return games;
}

/** 702.12b: an indestructible permanent is not destroyed, so there is no event for replacement effects to modify. */
function survivesDestroy(game: Game, id: string): boolean {
  const o = game.obj(id);
  const w = game.chars(id);
  if (!o || o.zone !== 'battlefield' || !w) return false;
  if (!w.abilities.some((a) => a.ability.kind === 'keyword' && a.ability.keyword.toLowerCase() === 'indestructible')) return false;
  game.note(`${o.printed.name} is indestructible and is not destroyed (702.12b)`, 'note');
  return true;
}

function chooseForEntry(game: Game, e: Extract<GameEvent, { kind: 'enter' }>, spec: ReplacementSpec, cand: Candidate, pool: ChoicePool): 'applied' | 'declined' {
  const name = game.obj(e.object)?.printed.name ?? e.object;
  if (spec.kind === 'as-enters-choose') {
    for (const [i, kind] of spec.choices.entries()) {
      const limit = spec.limits?.[i];
      const v = pool.take((x) => (CHOICE_ACCEPT[kind] ?? (() => true))(x, game) && withinLimit(limit, x, game, cand));
      if (v === undefined) {
        game.note(`no answer was given for "${cand.text}" (${limit?.what ?? `choose a ${kind.replace('-', ' ')}`}${limitText(limit)}); add \`choosing …\` to the event`, 'note');
        continue;
      }
      e.entryChoices.push(v);
      game.note(`as ${name} enters, its controller chooses ${v} (614.12a)`, 'replacement');
    }
    return 'applied';
  }
  if (spec.kind !== 'enters-as-copy') return 'declined';
  let target: GameObject | undefined;
  const of = spec.of;
  if (of.kind === 'choose') {
    const world = game.layers().world;
    const scope: Scope = cand.scope;
    const ok = (v: string) => {
      const o = game.lookup(v);
      const w = o && world.get(o.id);
      return !!w && o!.id !== e.object && matches(of.filter, w, scope, world, game.evalEnv);
    };
    const v = pool.take(ok);
    target = v ? game.lookup(v) : undefined;
    if (!target && !spec.optional) target = [...world.values()].find((w) => w.obj.id !== e.object && matches(of.filter, w, scope, world, game.evalEnv))?.obj;
  } else {
    const id = game.resolveRef(of, cand.scope);
    target = id ? game.obj(id) : undefined;
  }
  if (!target) {
    game.note(`${name} does not enter as a copy: nothing was chosen${spec.optional ? ' (the copy is optional)' : ''}`, 'note');
    return 'declined';
  }
  const values = game.layers().copiable.get(target.id);
  if (!values) return 'declined';
  e.copyOf = { values, from: target.id, text: cand.text, except: spec.except };
  game.note(`${name} enters as a copy of ${values.name || 'a face-down permanent'} (${cand.source.printed.name}, 616.1c, 707.2)`, 'replacement');
  return 'applied';
}

// ---------------------------------------------------------------------------
// After each event

/** 611.2b: a "for as long as" effect ends once its duration ends, and never starts again. */
function endDurations(game: Game): boolean {
  let any = false;
  for (let guard = 0; guard < 50; guard++) {
    let changed = false;
    const world = game.layers().world;
    const effects = game.state.effects;
    for (let i = notEndedFrom(effects); i < effects.length; i++) {
      const e = effects[i]!;
      if (e.ended || e.duration.kind !== 'as-long-as') continue;
      const source = game.obj(e.sourceId)!;
      if (!evalCondition(e.duration.condition, { source, bindings: e.bindings }, world, game.evalEnv)) {
        e.ended = true;
        changed = true;
        game.note(`"${e.text}" ends: its duration is over (611.2b)`, 'note');
      }
    }
    if (!changed) break;
    any = true;
    game.changed();
  }
  return any;
}

/** Durations, then 704 until nothing applies, on every branch. */
export function settle(games: Game[], pool?: ChoicePool): Game[] {
  const out: Game[] = [];
  // 704.5j: answers the event left unused may choose which legendary permanent stays.
  const answers = pool ? pool.unused() : [];
  // Some changes (life, cards drawn) do not mark the game changed; conditions read them (`as long as you
  // have 25 or more life`). After an event the layers are computed from the state as it is, so that the
  // state after each statement is a function of the state alone (a rebuilt snapshot, checkpoints.ts).
  for (const g of games) g.changed();
  let work = games.map((g) => ({ g, rounds: 0 }));
  while (work.length) {
    const next: typeof work = [];
    for (const { g, rounds } of work) {
      endDurations(g);
      // 707.2c: a static copy effect that began to apply keeps the values it took.
      const kept = keptCopyValues(g.layers().copyLocks, g.state.copyLocks);
      if (kept) {
        g.state.copyLocks = kept;
        g.changed();
      }
      // 610.3a: a source that exiled something "until it leaves the battlefield" has left: those return now.
      const back = rounds <= 50 ? takeReturningFromExile(g) : [];
      if (back.length) {
        g.note(`${back.map((id) => g.obj(id)!.printed.name).join(', ')} return${back.length === 1 ? 's' : ''} to the battlefield under ${back.length === 1 ? "its owner's" : "their owners'"} control (610.3a)`, 'note');
        const results = performAll([g], (gg) => back.map((id) => enterEvent(gg, id, { simultaneous: new Set(back) })), new ChoicePool(), performer, new Set());
        for (const r of results) next.push({ g: r, rounds: rounds + 1 });
        continue;
      }
      const round = findStateBasedActions(g, answers);
      if ((!round.events.length && !round.direct.length) || rounds > 50) {
        out.push(g);
        continue;
      }
      for (const d of round.direct) d();
      for (const ev of round.events) g.note(ev.why, 'sba');
      g.changed();
      const results = performAll([g], () => round.events.map((ev): GameEvent => ({ kind: 'zone', object: ev.object.id, to: 'graveyard', cause: ev.cause })), new ChoicePool(), performer, new Set());
      for (const r of results) next.push({ g: r, rounds: rounds + 1 });
    }
    work = next;
  }
  return out;
}

// ---------------------------------------------------------------------------
// Events

function bindingsFor(you: string, targets: string[], targetPlayers: (string | undefined)[], pool: ChoicePool): Bindings {
  const x = pool.takeX();
  return { you, targets, targetPlayers, choices: [], x };
}

/** Resolve targets: objects by name, or players (for "any target"). */
function targetsOf(refs: NameRef[], ctx: TimelineContext, game: Game): { objects: string[]; players: (string | undefined)[] } | undefined {
  const objects: string[] = [];
  const players: (string | undefined)[] = [];
  for (const r of refs) {
    const isPlayer = game.state.players.some((p) => p.name.toLowerCase() === r.text.toLowerCase()) && r.copyIndex === undefined;
    if (isPlayer) {
      objects.push('');
      players.push(ctx.player(r));
      continue;
    }
    const ids = ctx.objects(r, false);
    if (!ids) return undefined;
    objects.push(ids[0]!);
    players.push(undefined);
  }
  return { objects, players };
}

/** Choices the text asks for in order (`the color of your choice`, a swap, a creature type). */
/** What `fillChoices` reads of an ability's actions: how many choices they ask for, and their text changes in order. */
interface ChoiceNeeds {
  /** One past the highest choice index the actions name. */
  count: number;
  textChanges: { from: { kind: string; index?: number }; to: { kind: string; index?: number } }[];
}

/** Actions are compiled once and shared: each is walked once (it ran for every resolution, issue 9). */
const choiceNeeds = new WeakMap<Action[], ChoiceNeeds>();
function choiceNeedsOf(actions: Action[]): ChoiceNeeds {
  let needs = choiceNeeds.get(actions);
  if (needs) return needs;
  needs = { count: 0, textChanges: [] };
  const found = needs;
  const walk = (x: unknown): void => {
    if (!x || typeof x !== 'object') return;
    const o = x as Record<string, unknown>;
    if (o.kind === 'choice' && typeof o.index === 'number') found.count = Math.max(found.count, o.index + 1);
    if (o.kind === 'text-change' && typeof o.from === 'object') found.textChanges.push({ from: o.from as { kind: string; index?: number }, to: o.to as { kind: string; index?: number } });
    for (const v of Object.values(o)) if (v && typeof v === 'object') walk(v);
  };
  walk(actions);
  choiceNeeds.set(actions, needs);
  return needs;
}

function fillChoices(actions: Action[], b: Bindings, pool: ChoicePool, game: Game): void {
  const needs = choiceNeedsOf(actions);
  // A list of its own: the bindings' may be an object's entry choices.
  const choices = [...b.choices];
  for (const { from, to } of needs.textChanges) {
    const swap = pool.takeSwap();
    if (!swap) continue;
    if (from.kind === 'choice' && from.index !== undefined) choices[from.index] = swap[0];
    if (to.kind === 'choice' && to.index !== undefined) choices[to.index] = swap[1];
  }
  for (let i = 0; i < needs.count; i++) {
    if (choices[i] !== undefined) continue;
    const v = pool.take((s) => !/^x\s*=/i.test(s) && !isChoiceWord(s));
    if (v !== undefined) choices[i] = v;
  }
  b.choices = choices;
  void game;
}

function activatedAbilities(game: Game, id: string): Ability[] {
  const w = game.chars(id);
  if (!w) return [];
  return w.abilities.map((a) => a.ability).filter((a) => a.kind === 'activated' || (a.kind === 'keyword' && /^(equip|fortify|level up)$/i.test(a.keyword)));
}

function unusedChoices(pool: ChoicePool, ctx: TimelineContext): void {
  for (const it of pool.unused()) {
    if (!it.range) continue;
    ctx.report({ range: it.range, severity: 'warning', code: 'unused-choice', message: `the choice "${it.value}" was not used: nothing in this event asked for it` });
  }
}

export function runEvent(games: Game[], st: EventStatement, ctx: TimelineContext): Game[] {
  const ev = st.event;
  const first = games[0];
  if (!first) return games;
  const poolOf = (e: { choices?: import('../syntax/ast').Located<string>[]; choiceOrder?: NameRef[] }) => new ChoicePool(e.choices ?? [], e.choiceOrder ?? []);
  let out: Game[];
  let pool = new ChoicePool();
  switch (ev.kind) {
    case 'enter': {
      const ids = ev.objects.flatMap((r) => ctx.objects(r, true) ?? []);
      if (!ids.length) return games;
      const under = ev.under ? ctx.player(ev.under) : undefined;
      const attachedTo = ev.attachedTo ? ctx.objects(ev.attachedTo, false)?.[0] : undefined;
      pool = poolOf(ev);
      out = games.flatMap((g) => {
        // 613.7m: the active player's objects first, in the listed order, then each other player's in turn order.
        const order = g.apnap();
        const sorted = [...ids].sort((a, b) => order.indexOf(under ?? g.obj(a)!.owner) - order.indexOf(under ?? g.obj(b)!.owner));
        const simultaneous = new Set(ids);
        return performAll([g], () => sorted.map((id) => enterEvent(g, id, { controller: under, tapped: ev.tapped, faceDown: ev.faceDown, attachedTo, simultaneous })), pool, performer, new Set());
      });
      break;
    }
    case 'cast':
    case 'activate':
    case 'resolve': {
      pool = poolOf(ev);
      // Each earlier outcome takes the answers afresh.
      out = pool.branches(games.map((g) => () => resolveLike(g, st, ctx, pool)));
      break;
    }
    case 'attach': {
      const [x] = ctx.objects(ev.object, false) ?? [];
      const [y] = ctx.objects(ev.to, false) ?? [];
      if (!x || !y) return games;
      out = games.map((g) => {
        attach(g, x, y);
        return g;
      });
      break;
    }
    case 'put-counters':
    case 'remove-counters': {
      const ids = ctx.objects(ev.object, true) ?? [];
      const counter = ev.counter.value.toLowerCase();
      if (ev.kind === 'put-counters') {
        pool = poolOf(ev);
        out = games.flatMap((g) => performAll([g], () => ids.map((id): GameEvent => ({ kind: 'counters', object: id, counter, amount: ev.count.value })), pool, performer, new Set()));
      } else {
        out = games.map((g) => {
          for (const id of ids) {
            const o = g.obj(id)!;
            edit(o).counters.set(counter, Math.max(0, (o.counters.get(counter) ?? 0) - ev.count.value));
          }
          g.changed();
          return g;
        });
      }
      break;
    }
    case 'move':
    case 'destroy':
    case 'sacrifice':
    case 'exile': {
      const ids = ev.objects.flatMap((r) => ctx.objects(r, true) ?? []);
      pool = poolOf(ev);
      const to = ev.kind === 'move' ? ev.zone.value : ev.kind === 'exile' ? 'exile' : 'graveyard';
      const cause = ev.kind === 'move' ? 'move' : ev.kind;
      out = games.flatMap((g) =>
        performAll([g], (gg) => ids.filter((id) => !(cause === 'destroy' && survivesDestroy(gg, id))).map((id): GameEvent => (to === 'battlefield' ? enterEvent(gg, id, { simultaneous: new Set(ids) }) : { kind: 'zone', object: id, to, cause })), pool, performer, new Set()),
      );
      break;
    }
    case 'draw':
    case 'gain-life':
    case 'lose-life':
    case 'discard': {
      const player = ctx.player(ev.player);
      if (!player) return games;
      pool = poolOf(ev);
      const n = ev.count.value;
      if (ev.kind === 'discard') {
        out = games.flatMap((g) => performAll([g], (gg) => discardEvents(gg, player, n, false), pool, performer, new Set()));
      } else {
        out = games.flatMap((g) =>
          performAll([g], () => (ev.kind === 'draw' ? Array.from({ length: n }, (): GameEvent => ({ kind: 'draw', player, amount: 1 })) : [{ kind: ev.kind, player, amount: n } as GameEvent]), pool, performer, new Set()),
        );
      }
      break;
    }
    case 'tap':
    case 'untap': {
      const ids = ev.objects.flatMap((r) => ctx.objects(r, true) ?? []);
      out = games.map((g) => {
        for (const id of ids) {
          const o = g.obj(id)!;
          if (o.zone === 'battlefield') edit(o).tapped = ev.kind === 'tap';
          else ctx.report({ range: st.range, severity: 'warning', code: 'not-on-battlefield', message: `${o.printed.name} is not on the battlefield, so it can't be ${ev.kind === 'tap' ? 'tapped' : 'untapped'}` });
        }
        g.changed();
        return g;
      });
      break;
    }
    case 'turn-face': {
      const [id] = ctx.objects(ev.object, false) ?? [];
      if (!id) return games;
      out = games.map((g) => {
        const o = g.obj(id)!;
        if (o.zone !== 'battlefield') return g;
        if (!ev.up && o.faceDown) {
          g.note(`${o.printed.name} is already face down: nothing happens (708.2b)`, 'note');
          return g;
        }
        if (ev.up && !o.faceDown) return g;
        const turned = edit(o);
        turned.faceDown = !ev.up;
        // 613.7f: a new timestamp each time it turns face up or face down.
        turned.timestamp = takeTimestamp(g.state);
        g.changed();
        g.note(`${o.printed.name} is turned face ${ev.up ? 'up' : 'down'}`);
        return g;
      });
      break;
    }
    case 'end': {
      const label = ev.label.text.toLowerCase();
      let found = false;
      out = games.map((g) => {
        for (const e of g.state.effects) if (e.label?.toLowerCase() === label && !e.ended) (e.ended = true), (found = true);
        for (const r of g.state.replacements) if ((r as { label?: string }).label?.toLowerCase() === label) r.ended = true;
        g.changed();
        return g;
      });
      if (!found && !games.some((g) => g.state.effects.some((e) => e.label?.toLowerCase() === label))) {
        ctx.report({ range: ev.label.range, severity: 'error', code: 'unknown-name', message: `no effect is labelled "${ev.label.text}" (label an event with \`as ${ev.label.text}\`)` });
      }
      break;
    }
    case 'end-turn': {
      // 603.7: delayed triggers of the end step resolve before cleanup ends "until end of turn" effects (513, 514).
      const fire = (g: Game, t: DelayedTrigger) => runActions([g], t.actions, { source: g.obj(t.source)!, bindings: t.bindings }, { text: t.text }, new Set(), new ChoicePool(), performer);
      games = settle(runDelayed(games, 'end-step', fire));
      out = games.map((g) => {
        // 514.2: damage wears off and "until end of turn" effects end.
        const effects = g.state.effects;
        for (let i = notEndedFrom(effects); i < effects.length; i++) if (effects[i]!.duration.kind === 'end-of-turn' && !effects[i]!.ended) effects[i]!.ended = true;
        for (const r of g.state.replacements) if (r.duration.kind === 'end-of-turn') r.ended = true;
        // Only where there is damage: objects a resumed run shares with its snapshot (cloneState) are never written.
        // Since the last turn's end no other object can have any, nor be in combat.
        const touched = touchedSince(g.state, cleanedUp);
        if (CHECK_INCREMENTAL) checkCleanup(g.state.objects, touched);
        for (const o of touched) {
          if (o.damage || o.deathtouchDamage) {
            const healed = edit(o);
            healed.damage = 0;
            healed.deathtouchDamage = false;
          }
          // 506.4: attacking and blocking end with combat.
          if (o.designations.some(inCombat)) edit(o).designations = o.designations.filter((d) => !inCombat(d));
        }
        g.state.activePlayer = (g.state.activePlayer + 1) % Math.max(1, g.state.players.length);
        g.state.turn++;
        // `until your next turn`: ends as that player's turn begins.
        for (let i = notEndedFrom(effects); i < effects.length; i++) {
          const e = effects[i]!;
          if (e.duration.kind === 'until-your-next-turn' && e.bindings.you === g.active && !e.ended) e.ended = true;
        }
        for (const r of g.state.replacements) if (r.duration.kind === 'until-your-next-turn' && r.bindings.you === g.active) r.ended = true;
        g.changed();
        g.note(`the turn ends; it is now ${g.active}'s turn`);
        return g;
      });
      out = runDelayed(out, 'upkeep', fire);
      break;
    }
  }
  // 603.7c: `When that creature dies this turn, …` triggers once the event (and its state-based actions) killed it.
  const settled = settleDeaths(settle(out, pool));
  unusedChoices(pool, ctx);
  return settled;
}

/** Delayed `dies this turn` triggers whose creature died, resolved, then state-based actions again (a few rounds at most). */
function settleDeaths(games: Game[]): Game[] {
  let out = games;
  for (let round = 0; round < 5; round++) {
    if (!out.some((g) => (g.state.delayed ?? []).some((t) => t.when === 'dies-this-turn'))) return out;
    let fired = false;
    const fire = (g: Game, t: DelayedTrigger) => {
      fired = true;
      return runActions([g], t.actions, { source: g.obj(t.source)!, bindings: { ...t.bindings, it: t.watch?.id } }, { text: t.text }, new Set(), new ChoicePool(), performer);
    };
    out = runDelayed(out, 'deaths', fire);
    if (!fired) return out;
    out = settle(out);
  }
  return out;
}

function resolveLike(g: Game, st: EventStatement, ctx: TimelineContext, pool: ChoicePool): Game[] {
  const ev = st.event;
  if (ev.kind !== 'cast' && ev.kind !== 'activate' && ev.kind !== 'resolve') return [g];
  const t = targetsOf(ev.targets, ctx, g);
  if (!t) return [g];
  const by = ev.by ? ctx.player(ev.by) : undefined;
  const label = ev.label?.text;
  if (ev.kind === 'resolve') {
    const from = ev.from ? ctx.objects(ev.from, false)?.[0] : undefined;
    const src = from ? g.obj(from)! : ctx.phantom(ctx.statementIndex, ev.text.value);
    if (!from && !g.state.byId.has(src.id)) {
      g.state.objects.push(src);
      g.state.byId.set(src.id, src);
    }
    const compiled = ctx.compileEffect(ev.text.value, ev.text.range, from ? g.obj(from)!.printed.name : undefined);
    const you = by ?? (from ? g.chars(from)?.controller ?? g.obj(from)!.owner : g.active);
    const b = bindingsFor(you, t.objects, t.players, pool);
    const actions = compiled.actions;
    bindEventPlayer(actions, b, pool, g);
    fillChoices(actions, b, pool, g);
    if (illegalTargets(actions, { source: src, bindings: b }, g, ev.targets, st, ctx)) return [g];
    return endSelfReplacements(runActions([g], actions, { source: src, bindings: b }, { text: ev.text.value, range: ev.text.range, label }, new Set(), pool, performer));
  }
  const [id] = ctx.objects(ev.object, false) ?? [];
  if (!id) return [g];
  const o = g.obj(id)!;
  const w = g.chars(id);
  const you = by ?? (o.zone === 'battlefield' ? w?.controller ?? o.owner : o.owner);
  if (ev.kind === 'activate') {
    const list = activatedAbilities(g, id);
    const n = ev.abilityIndex?.value;
    let ability: Ability | undefined;
    if (n !== undefined) ability = list[n - 1];
    else ability = list.find((a) => a.kind === 'activated' && !a.mana) ?? list[0];
    if (!ability) {
      ctx.report({ range: ev.abilityIndex?.range ?? st.range, severity: 'error', code: 'no-ability', message: n !== undefined ? `${o.printed.name} has ${list.length} activated abilit${list.length === 1 ? 'y' : 'ies'} now; there is no ability ${n}` : `${o.printed.name} has no activated ability now` });
      return [g];
    }
    // 613.11: `its activated abilities can't be activated` (602.5: the ability can't be activated at all).
    const rule = forbidding(g.layers().objectRules, id, 'no-activate', ability);
    if (rule) {
      ctx.report({ range: st.range, severity: 'error', code: 'not-allowed', message: `${o.printed.name}'s ability can't be activated: ${rule.description} (${rule.sourceName})` });
      return [g];
    }
    if (ability.kind === 'keyword' && ability.keyword.toLowerCase() === 'level up') {
      // 702.87a: `Level up [cost]` means `[Cost]: Put a level counter on this permanent.` (a counter event, 614 may modify it).
      const level: Action = { kind: 'counters', object: { kind: 'object', ref: { kind: 'self' } }, counter: 'level', amount: { kind: 'const', value: 1 } };
      return runActions([g], [level], { source: o, bindings: bindingsFor(you, [], [], pool) }, { text: ability.text, label }, new Set(), pool, performer);
    }
    if (ability.kind === 'keyword') {
      // 702.6a: Equip attaches to target creature you control.
      const target = t.objects[0];
      if (target) attach(g, id, target);
      return [g];
    }
    if (ability.kind !== 'activated') return [g];
    const b = bindingsFor(you, t.objects, t.players, pool);
    // 602.5b: `Activate only as a sorcery`, `only once each turn`, `only if …`.
    const broken = checkActivation(g, ability.restrictions ?? [], ability.text, { source: o, bindings: b });
    if (broken) {
      ctx.report({ range: st.keywordRange, severity: 'error', code: 'activation-restriction', message: broken });
      return [g];
    }
    const actions = ability.actions;
    bindEventPlayer(actions, b, pool, g);
    fillChoices(actions, b, pool, g);
    if (illegalTargets(actions, { source: o, bindings: b }, g, ev.targets, st, ctx)) return [g];
    return endSelfReplacements(runActions([g], actions, { source: o, bindings: b }, { text: ability.text, range: w?.abilities.find((a) => a.ability === ability)?.range, label }, new Set(), pool, performer));
  }
  // cast
  const types = (w ?? { types: o.printed.types }).types.map((x) => x.toLowerCase());
  if (types.includes('instant') || types.includes('sorcery')) {
    // 601.2a: a spell being cast is on the stack while it resolves.
    if (o.zone !== 'stack') g.setZone(o, 'stack', { controller: you });
    const spells = (w?.abilities ?? o.printed.abilities).filter((a) => a.ability.kind === 'spell');
    const b = bindingsFor(you, t.objects, t.players, pool);
    const actions = spells.flatMap((a) => (a.ability.kind === 'spell' ? a.ability.actions : []));
    bindEventPlayer(actions, b, pool, g);
    fillChoices(actions, b, pool, g);
    // 608.2b: with an illegal target the spell does nothing and goes to the graveyard (model: it does not resolve).
    if (illegalTargets(actions, { source: o, bindings: b }, g, ev.targets, st, ctx)) return [g];
    const text = spells.map((a) => a.text).join(' ');
    const after = endSelfReplacements(runActions([g], actions, { source: o, bindings: b }, { text, range: spells[0]?.range, label }, new Set(), pool, performer));
    // 608.2n: an instant or sorcery goes to its owner's graveyard as it finishes resolving, if it is still on the
    // stack (`Exile Shreds of Sanity` as part of its own resolution: it stays in exile).
    return after.flatMap((a) => (a.obj(id)?.zone === 'stack' ? performAll([a], () => [{ kind: 'zone', object: id, to: 'graveyard', cause: 'move' }], pool, performer, new Set()) : [a]));
  }
  // A permanent spell resolves by entering the battlefield (608.3); an Aura spell enters attached to its target (303.4f).
  const isAura = (w?.subtypes ?? o.printed.subtypes).some((s) => s.toLowerCase() === 'aura');
  return performAll([g], (gg) => [enterEvent(gg, id, { controller: you, attachedTo: isAura ? t.objects[0] : undefined })], pool, performer, new Set());
}

/** 115.1, 608.2b: report each target that fails its text's conditions (an error on its name); true when any does. */
function illegalTargets(actions: Action[], scope: Scope, g: Game, refs: NameRef[], st: EventStatement, ctx: TimelineContext): boolean {
  const problems = targetProblems(actions, scope, g);
  for (const p of problems) ctx.report({ range: refs[p.index]?.range ?? st.range, severity: 'error', code: 'illegal-target', message: p.message });
  return problems.length > 0;
}

export type { Candidate };

/** Each game's list of objects, as the last turn's end looked at it (`touchedSince`): a long timeline's turn reads what changed since. */
const cleanedUp = new WeakMap<readonly GameObject[], LookedAt>();

const inCombat = (d: string) => d === 'attacking' || d === 'blocking';

/** The check mode: every object with damage or in combat at a turn's end is among those the edit log names. */
function checkCleanup(objects: readonly GameObject[], touched: readonly GameObject[]): void {
  const named = new Set(touched);
  const missed = objects.find((o) => !named.has(o) && (o.damage || o.deathtouchDamage || o.designations.some(inCombat)));
  if (missed) throw new Error(`LAYERLENS_CHECK_INCREMENTAL: ${missed.id} has damage or is in combat at the turn's end, and the edit log does not say it changed`);
}
