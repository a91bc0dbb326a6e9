// One-shot actions of spells, abilities and replacement effects (608.2),
// each turned into game events that pass through the replacement pipeline.
// 609.3: an action that tries the impossible does as much as possible.

import type { Action, Selector } from '../effects/ir';
import { ChoicePool } from './choices';
import { isChoiceAction, runChoiceAction } from './choice-actions';
import { evalExpr, matches, resolvePlayers, select, type Scope } from './evaluate';
import type { Game } from './game';
import { cloneEvent, describeEvent, perform, type GameEvent, type Performer } from './replacement';
import { edit, takeTimestamp } from './state';
import { doubleAction } from './double';
import { sacrificeEvents } from './sacrifice';
import { createTokens } from './tokens';
import { createEmblem } from './emblems';
import { answerNumbers } from './answers';
import { snapshot, thisWay } from './this-way';
import { damageRecipients, divideDamage } from './damage-targets';
import { attachAction, chosenKeywordAction, exchangeControl, fightEvents, populateSource } from './keyword-actions';
import type { Filter } from '../effects/ir';

/** A card in a player's graveyard matching the filter: the one named by `choosing`, else the first (with a note). */
function chooseInGraveyard(game: Game, filter: Filter, player: string | undefined, scope: Scope, pool: ChoicePool): string | undefined {
  const world = game.layers().world;
  const ok = (id: string) => {
    const w = world.get(id);
    return !!w && w.obj.zone === 'graveyard' && w.obj.owner === player && !w.obj.isToken && matches({ ...filter, owner: undefined }, w, scope, world, game.evalEnv);
  };
  const named = pool.take((v) => !!game.lookup(v) && ok(game.lookup(v)!.id));
  if (named) return game.lookup(named)!.id;
  const first = game.state.objects.find((o) => ok(o.id))?.id;
  if (first) game.note(`${game.obj(first)!.printed.name} is returned: no \`choosing\` answer named which card (the first one was taken)`, 'note');
  return first;
}

export interface ActionContext {
  text: string;
  range?: import('../syntax/ast').Range;
  label?: string;
}

/** Run actions in order on every branch; each may split into outcomes. */
export function runActions(games: Game[], actions: Action[], scope: Scope, ctx: ActionContext, applied: Set<string>, pool: ChoicePool, p: Performer): Game[] {
  let current = games;
  // `it` carries from one sentence to the next (608.2c).
  let bindings = { ...scope.bindings };
  for (let i = 0; i < actions.length; i++) {
    const a = actions[i]!;
    const next: Game[] = [];
    // What this action did (`it`, 608.2c's `… this way`) is read only by the words after it: the last
    // action asks for none of it, which saves a layer computation per resolved spell.
    const more = i < actions.length - 1;
    // 608.2c: `… destroyed this way`: what this action does is kept for the words after it.
    const before = more && current[0] ? snapshot(current[0]) : undefined;
    for (const g of current) next.push(...runAction(g, a, { source: scope.source, bindings }, ctx, applied, pool, p));
    current = next;
    const first = current[0];
    if (first && more) {
      const it = objectOf(first, a, { source: scope.source, bindings });
      if (it) bindings = { ...bindings, it };
      if (before && a.kind !== 'choose') bindings = { ...bindings, thisWay: thisWay(first, before, a.kind === 'discard') };
    }
  }
  return current;
}

function objectOf(game: Game, a: Action, scope: Scope): string | undefined {
  // `Create a 1/1 … token. It gains haste …`: the token made last.
  if (a.kind === 'create-token') return game.state.objects.filter((o) => o.isToken && o.declIndex < 0 && o.zone === 'battlefield').sort((x, y) => y.timestamp - x.timestamp)[0]?.id;
  if ((!('object' in a) && a.kind !== 'create-effect' && a.kind !== 'damage') || a.kind === 'delayed') return undefined;
  const sel: Selector | undefined = a.kind === 'create-effect' ? a.effect.affected : a.kind === 'damage' ? a.to : 'object' in a ? a.object : undefined;
  if (!sel || sel.kind !== 'object') return undefined;
  if (sel.ref.kind === 'target' || sel.ref.kind === 'self' || sel.ref.kind === 'named' || sel.ref.kind === 'chosen' || sel.ref.kind === 'attached') {
    return select(sel, scope, game.layers().world, game.evalEnv)[0] ?? (sel.ref.kind === 'target' ? scope.bindings.targets[sel.ref.index] : undefined);
  }
  return undefined;
}

function objects(game: Game, sel: Selector, scope: Scope): string[] {
  return select(sel, scope, game.layers().world, game.evalEnv);
}

function amount(game: Game, a: { amount: import('../effects/ir').Expr }, scope: Scope): number {
  return Math.max(0, evalExpr(a.amount, scope, undefined, game.layers().world, game.evalEnv));
}

/** Perform several events one after another on each branch. */
export function performAll(games: Game[], events: (g: Game) => GameEvent[], pool: ChoicePool, p: Performer, applied: Set<string>): Game[] {
  const out: Game[] = [];
  for (const g of games) {
    let branch = [g];
    for (const ev of events(g)) {
      const next: Game[] = [];
      for (const b of branch) next.push(...perform(b, structuredCloneEvent(ev), pool, p, applied));
      branch = next;
    }
    out.push(...branch);
  }
  return out;
}

const structuredCloneEvent = cloneEvent;

function runAction(game: Game, a: Action, scope: Scope, ctx: ActionContext, applied: Set<string>, pool: ChoicePool, p: Performer): Game[] {
  const world = () => game.layers().world;
  // `you may …`, `if …`, modes, delayed triggers, payments (choice-actions.ts).
  if (isChoiceAction(a)) return runChoiceAction(game, a, scope, pool, (gs, actions, sc) => runActions(gs, actions, sc, ctx, applied, pool, p));
  // Numbers the scenario does not record (`the number of colors of mana spent to cast this spell`): `choosing N`.
  const missing: string[] = [];
  a = answerNumbers(a, pool, missing);
  for (const m of missing) game.note(`${m}: not recorded by the scenario; add \`choosing N\` to the event (read as 0)`, 'note');
  switch (a.kind) {
    case 'create-effect': {
      game.createEffect({ source: scope.source, spec: a.effect, duration: a.duration, bindings: scope.bindings, text: ctx.text, range: ctx.range, label: ctx.label });
      return [game];
    }
    case 'create-replacement': {
      let bindings = scope.bindings;
      if (a.replacement.kind === 'prevent' && a.replacement.chooseSource) {
        // 609.7a: the source is chosen as the effect is created; whether it still matches is checked when the damage would be dealt (609.7b).
        const chosen = pool.take((v) => !!game.lookup(v));
        if (chosen === undefined) game.note(`no source was chosen for "${ctx.text}"; add \`choosing SOURCE\` to the event`, 'note');
        else bindings = { ...bindings, choices: [game.lookup(chosen)!.id, ...bindings.choices.slice(1)] };
      }
      game.state.replacements.push({
        id: `r${game.state.nextEffectId++}`, sourceId: scope.source.id, spec: a.replacement, duration: a.duration, bindings,
        timestamp: takeTimestamp(game.state), text: ctx.text, range: ctx.range, used: false, ended: false,
      });
      game.changed();
      return [game];
    }
    case 'self-replacement':
      // 614.15: applied to this spell's own events; kept as a resolved replacement for the rest of the resolution.
      game.state.replacements.push({
        id: `r${game.state.nextEffectId++}`, sourceId: scope.source.id, spec: a.replacement, duration: { kind: 'end-of-turn' }, bindings: scope.bindings,
        timestamp: takeTimestamp(game.state), text: ctx.text, range: ctx.range, used: false, ended: false, selfReplacement: true,
      });
      return [game];
    case 'tap':
    case 'untap': {
      for (const id of objects(game, a.object, scope)) {
        const o = game.obj(id);
        if (o && o.zone === 'battlefield') edit(o).tapped = a.kind === 'tap';
      }
      game.changed();
      return [game];
    }
    case 'destroy':
    case 'sacrifice':
    case 'exile':
    case 'move': {
      if (a.kind === 'exile' && a.until) return exileUntil(game, a, scope, ctx, pool, p, applied);
      const ids = objects(game, a.object, scope);
      const to = a.kind === 'exile' ? 'exile' : a.kind === 'move' ? a.to : 'graveyard';
      const cause = a.kind === 'move' ? 'move' : a.kind;
      const under = a.kind === 'move' && a.controller ? resolvePlayers(a.controller, scope, world(), game.evalEnv)[0] : undefined;
      const tapped = a.kind === 'move' && !!a.tapped;
      // 614.1c: `… to the battlefield with a +1/+1 counter on it`: it enters with them.
      const withCounters = a.kind === 'move' ? (a.counters ?? []).map((k) => [k.counter, amount(game, k, scope)] as const) : [];
      const entered = (id: string): GameEvent => {
        const ev = enterEvent(game, id, { controller: under, tapped, simultaneous: new Set(ids) });
        if (ev.kind === 'enter') for (const [k, n] of withCounters) if (n > 0) ev.counters.set(k, (ev.counters.get(k) ?? 0) + n);
        return ev;
      };
      return performAll([game], () => ids.map((id): GameEvent => (to === 'battlefield' ? entered(id) : { kind: 'zone', object: id, to, cause, position: a.kind === 'move' ? a.position : undefined })), pool, p, applied);
    }
    case 'regenerate':
      return [game];
    case 'counters': {
      const n = amount(game, a, scope);
      const ids = objects(game, a.object, scope);
      if (a.remove) {
        for (const id of ids) {
          const o = game.obj(id);
          // `remove a counter` of any kind: the first kind it has (122.1).
          const kind = a.counter === '*' ? [...(o?.counters ?? [])].find(([, k]) => k > 0)?.[0] : a.counter;
          if (o && kind) edit(o).counters.set(kind, Math.max(0, (o.counters.get(kind) ?? 0) - n));
        }
        game.changed();
        return [game];
      }
      // 701.46a (adapt): only on a permanent with no such counter.
      const put = a.ifNone ? ids.filter((id) => !(game.obj(id)?.counters.get(a.counter) ?? 0)) : ids;
      return performAll([game], () => put.map((id): GameEvent => ({ kind: 'counters', object: id, counter: a.counter, amount: n })), pool, p, applied);
    }
    case 'draw':
    case 'gain-life':
    case 'lose-life': {
      const n = amount(game, a, scope);
      const players = resolvePlayers(a.player, scope, world(), game.evalEnv);
      // 121.2: each card is drawn one at a time.
      return performAll([game], () => players.flatMap((pl): GameEvent[] => (a.kind === 'draw' ? Array.from({ length: n }, () => ({ kind: 'draw' as const, player: pl, amount: 1 })) : [{ kind: a.kind as 'gain-life' | 'lose-life', player: pl, amount: n }])), pool, p, applied);
    }
    case 'discard':
    case 'mill': {
      const n = amount(game, a, scope);
      const players = resolvePlayers(a.player, scope, world(), game.evalEnv);
      // `discards their hand`: as many as the hand holds (unnamed cards and named ones).
      const handOf = (g: Game, pl: string) => (g.state.players.find((x) => x.name === pl)?.unnamedInHand ?? 0) + g.state.objects.filter((o) => o.zone === 'hand' && o.owner === pl).length;
      return performAll([game], (g) => players.flatMap((pl) => discardEvents(g, pl, a.kind === 'discard' && a.wholeHand ? handOf(g, pl) : n, a.kind === 'mill')), pool, p, applied);
    }
    case 'damage': {
      const n = amount(game, a, scope);
      const src = game.resolveRef(a.source, scope) ?? scope.source.id;
      const deathtouch = !!game.chars(src)?.abilities.some((x) => x.ability.kind === 'keyword' && x.ability.keyword.toLowerCase() === 'deathtouch');
      const targets = damageRecipients(game, a, scope);
      const amounts = a.divided ? divideDamage(game, n, targets, pool) : targets.map(() => n);
      return performAll([game], () => targets.map((t, i): GameEvent => ({ kind: 'damage', source: src, target: t, amount: amounts[i]!, deathtouch })), pool, p, applied);
    }
    case 'add-mana':
    // The answer was bound before the actions ran (timeline.ts's fillChoices): later words read it.
    case 'choose':
    // Recognised text the scenario model does not play out (its diagnostic says why).
    case 'not-simulated':
      return [game];
    case 'return-from-graveyard': {
      const [pl] = resolvePlayers(a.player, scope, world(), game.evalEnv);
      const card = chooseInGraveyard(game, a.filter, pl, scope, pool);
      if (!card) {
        game.note(`no card in ${pl}'s graveyard to return: the action does as much as possible (609.3)`, 'note');
        return [game];
      }
      return perform(game, a.to === 'battlefield' ? enterEvent(game, card) : { kind: 'zone', object: card, to: a.to, cause: 'return' }, pool, p, applied);
    }
    case 'create-token':
      return createTokens(game, a, scope, ctx, (g, id, opts) => enterEvent(g, id, opts), (gs, evs) => performAll(gs, evs, pool, p, applied));
    case 'return-chosen':
    case 'sacrifice-chosen':
      return performAll([game], (g) => sacrificeEvents(g, a, scope, pool), pool, p, applied);
    case 'double':
      return performAll([game], (g) => doubleAction(g, a, scope, ctx), pool, p, applied);
    case 'fight':
      return performAll([game], (g) => fightEvents(g, a, scope), pool, p, applied);
    case 'monstrosity': {
      // 701.37a: only a permanent that isn't monstrous gets the counters; it becomes monstrous either way (701.37b).
      const self = game.obj(scope.source.id);
      if (!self || self.zone !== 'battlefield' || self.designations.includes('monstrous')) {
        game.note(`${scope.source.printed.name} is already monstrous (or gone): monstrosity does nothing (701.37a)`, 'note');
        return [game];
      }
      const n = amount(game, a, scope);
      const after = performAll([game], () => [{ kind: 'counters', object: self.id, counter: '+1/+1', amount: n }], pool, p, applied);
      for (const g of after) {
        const o = g.obj(self.id);
        if (o && o.zone === 'battlefield' && !o.designations.includes('monstrous')) edit(o).designations.push('monstrous');
        g.changed();
      }
      return after;
    }
    case 'explore':
      return explore(game, a, scope, pool, p, applied);
    case 'amass':
      return amass(game, a, scope, ctx, pool, p, applied);
    case 'emblem':
      return createEmblem(game, a, scope, ctx.range);
    case 'player-counters': {
      // 122.1: counters on players.
      const n = amount(game, a, scope);
      for (const pl of resolvePlayers(a.player, scope, world(), game.evalEnv)) {
        const ps = game.state.players.find((x) => x.name === pl);
        if (ps) ps.counters = { ...(ps.counters ?? {}), [a.counter]: (ps.counters?.[a.counter] ?? 0) + n };
      }
      game.changed();
      return [game];
    }
    case 'game-result': {
      // 104.2a / 104.3a: the game would end; the scenario reports it and goes on.
      for (const pl of resolvePlayers(a.player, scope, world(), game.evalEnv)) game.note(`${pl} ${a.result === 'win' ? 'wins' : 'loses'} the game (${a.result === 'win' ? '104.2a' : '104.3a'}); the scenario goes on`, 'note');
      return [game];
    }
    case 'become-monarch': {
      // 724.1: one monarch at a time; the new one replaces the old.
      const [pl] = resolvePlayers(a.player, scope, world(), game.evalEnv);
      if (pl) game.state.monarch = pl;
      game.changed();
      return [game];
    }
    case 'attach':
      attachAction(game, a, scope);
      return [game];
    case 'exchange-control':
      exchangeControl(game, a, scope, ctx);
      return [game];
    case 'repeat': {
      // `For each creature destroyed this way, create a Treasure token`: counted once, as it resolves (608.2h).
      const n = amount(game, { amount: a.times }, scope);
      let gs = [game];
      for (let i = 0; i < n; i++) gs = runActions(gs, a.actions, scope, ctx, applied, pool, p);
      return gs;
    }
    case 'proliferate':
    case 'bolster':
      return performAll([game], (g) => chosenKeywordAction(g, a, scope, pool), pool, p, applied);
    case 'populate': {
      const of = populateSource(game, scope, pool);
      if (!of) return [game];
      const copy: Extract<Action, { kind: 'create-token' }> = { kind: 'create-token', token: { name: 'copy', colors: [], supertypes: [], types: [], subtypes: [], abilities: [], copyOf: { kind: 'named', name: of } }, amount: { kind: 'const', value: 1 }, player: { kind: 'you' } };
      return runAction(game, copy, scope, ctx, applied, pool, p);
    }
  }
}

/**
 * 701.44a: the top card of the library is hidden, so the event says what it
 * was with `choosing land` or `choosing nonland`; unanswered, both outcomes.
 * A land goes to its owner's hand (not a draw); otherwise the explorer gets
 * a +1/+1 counter and the card stays on top (the library is not modelled).
 */
function explore(game: Game, a: Extract<Action, { kind: 'explore' }>, scope: Scope, pool: ChoicePool, p: Performer, applied: Set<string>): Game[] {
  const [id] = objects(game, a.object, scope);
  const who = id ? game.chars(id)?.controller ?? scope.bindings.you : scope.bindings.you;
  const said = pool.take((v) => /^(land|nonland)$/i.test(v.trim()));
  const run = (g: Game, land: boolean): Game[] => {
    g.note(`the card revealed from ${who}'s library is ${land ? 'a land: it goes to the hand' : 'not a land: a +1/+1 counter'} (701.44a)`, 'note');
    if (land) {
      const ps = g.state.players.find((x) => x.name === who);
      if (ps) (ps.unnamedInHand++, ps.libraryDrawn++);
      g.changed();
      return [g];
    }
    return id && g.obj(id)?.zone === 'battlefield' ? performAll([g], () => [{ kind: 'counters', object: id, counter: '+1/+1', amount: 1 }], pool, p, applied) : [g];
  };
  if (said) return run(game, /^land$/i.test(said.trim()));
  const land = game.clone();
  land.choices.push('the explored card is a land');
  const other = game.clone();
  other.choices.push('the explored card is not a land');
  return pool.branches([() => run(land, true), () => run(other, false)]);
}

/** 701.47a: amass: an Army you control (`choosing NAME`, else the earliest), made first if there is none, gets the counters. */
function amass(game: Game, a: Extract<Action, { kind: 'amass' }>, scope: Scope, ctx: ActionContext, pool: ChoicePool, p: Performer, applied: Set<string>): Game[] {
  const you = scope.bindings.you;
  const armies = (g: Game) => [...g.layers().world.values()].filter((w) => w.obj.zone === 'battlefield' && w.controller === you && w.types.some((t) => t.toLowerCase() === 'creature') && w.subtypes.some((s) => s.toLowerCase() === 'army')).sort((x, y) => x.obj.timestamp - y.obj.timestamp).map((w) => w.obj.id);
  const token: Extract<Action, { kind: 'create-token' }> = { kind: 'create-token', token: { name: `${a.subtype} Army Token`, power: { kind: 'const', value: 0 }, toughness: { kind: 'const', value: 0 }, colors: ['black'], supertypes: [], types: ['Creature'], subtypes: [a.subtype, 'Army'], abilities: [] }, amount: { kind: 'const', value: 1 }, player: { kind: 'you' } };
  const made = armies(game).length ? [game] : runAction(game, token, scope, ctx, applied, pool, p);
  return made.flatMap((g) => {
    const list = armies(g);
    const named = pool.take((v) => !!g.lookup(v) && list.includes(g.lookup(v)!.id));
    const army = named ? g.lookup(named)!.id : list[list.length - 1] && !armies(game).length ? list[list.length - 1] : list[0];
    if (!army) return [g];
    const n = amount(g, a, scope);
    return performAll([g], () => [{ kind: 'counters', object: army, counter: '+1/+1', amount: n }], pool, p, applied);
  });
}

/**
 * 610.3: `exile X until ~ leaves the battlefield`. If the source has already
 * left, nothing is exiled (610.3c); otherwise what is exiled is remembered and
 * returns under its owner's control when the source leaves (settle() in
 * timeline.ts, 610.3a).
 */
function exileUntil(game: Game, a: { object: Selector }, scope: Scope, ctx: ActionContext, pool: ChoicePool, p: Performer, applied: Set<string>): Game[] {
  const source = game.obj(scope.source.id);
  if (!source || source.zone !== 'battlefield') {
    game.note(`${scope.source.printed.name} has left the battlefield: nothing is exiled (610.3c)`, 'note');
    return [game];
  }
  const ids = objects(game, a.object, scope);
  const after = performAll([game], () => ids.map((id): GameEvent => ({ kind: 'zone', object: id, to: 'exile', cause: 'exile' })), pool, p, applied);
  for (const g of after) {
    const exiled = ids.flatMap((id) => {
      const o = g.obj(id);
      return o && o.zone === 'exile' ? [{ id, incarnation: o.incarnation }] : [];
    });
    if (exiled.length) g.state.exiledUntil = [...(g.state.exiledUntil ?? []), { source: source.id, sourceIncarnation: source.incarnation, objects: exiled, text: ctx.text }];
  }
  return after;
}

/** 610.3a: the objects whose `until ~ leaves the battlefield` source has left, taken from the state (each still in exile, as exiled). */
export function takeReturningFromExile(game: Game): string[] {
  const all = game.state.exiledUntil ?? [];
  if (!all.length) return [];
  const gone = (r: { source: string; sourceIncarnation: number }) => {
    const s = game.obj(r.source);
    return !s || s.zone !== 'battlefield' || s.incarnation !== r.sourceIncarnation;
  };
  const due = all.filter(gone);
  if (!due.length) return [];
  game.state.exiledUntil = all.filter((r) => !gone(r));
  return due.flatMap((r) => r.objects.filter((x) => game.obj(x.id)?.zone === 'exile' && game.obj(x.id)?.incarnation === x.incarnation).map((x) => x.id));
}

export function enterEvent(game: Game, id: string, opts: { controller?: string; tapped?: boolean; faceDown?: boolean; attachedTo?: string; simultaneous?: Set<string> } = {}): GameEvent {
  const o = game.obj(id)!;
  return {
    kind: 'enter',
    object: id,
    controller: opts.controller ?? o.owner,
    tapped: !!opts.tapped,
    faceDown: !!opts.faceDown,
    attachedTo: opts.attachedTo,
    counters: new Map(),
    entryChoices: [],
    simultaneous: opts.simultaneous ?? new Set(),
  };
}

/** Discard: unnamed drawn cards first, then named cards in hand, in file order. */
/**
 * Discard (701.9) or mill `n` cards. Unnamed cards move at once; a declared
 * card is put into the graveyard by an event, so replacement effects see it.
 */
export function discardEvents(game: Game, player: string, n: number, mill: boolean): GameEvent[] {
  const ps = game.state.players.find((x) => x.name === player);
  if (!ps) return [];
  const events: GameEvent[] = [];
  const taken = new Set<string>();
  for (let i = 0; i < n; i++) {
    if (mill) {
      ps.libraryDrawn++;
      ps.unnamedInGraveyard++;
      continue;
    }
    if (ps.unnamedInHand > 0) {
      ps.unnamedInHand--;
      ps.unnamedInGraveyard++;
      continue;
    }
    const card = game.state.objects.find((o) => o.zone === 'hand' && o.owner === player && !taken.has(o.id));
    if (!card) {
      game.note(`${player} has no more cards to discard (609.3)`, 'note');
      break;
    }
    taken.add(card.id);
    events.push({ kind: 'zone', object: card.id, to: 'graveyard', cause: 'discard' });
  }
  game.changed();
  return events;
}

export { describeEvent, ChoicePool };
