// Keyword actions on objects the player chooses (`choosing NAME, …` answers
// them; without an answer the engine says what it took): 701.14 fight,
// 701.3 attach, 701.27 proliferate, 701.36 populate, 701.39 bolster.

import type { Action } from '../effects/ir';
import { attach } from './attach';
import type { ChoicePool } from './choices';
import { evalExpr, select, type Scope } from './evaluate';
import type { Game } from './game';
import type { GameEvent } from './replacement';
import { isType } from './working';

type Fight = Extract<Action, { kind: 'fight' }>;

/** 701.14a: each deals damage equal to its power to the other (both amounts read before either is dealt). */
export function fightEvents(game: Game, a: Fight, scope: Scope): GameEvent[] {
  const world = game.layers().world;
  const [x] = select(a.object, scope, world, game.evalEnv);
  const [y] = select(a.other, scope, world, game.evalEnv);
  const wx = x ? world.get(x) : undefined;
  const wy = y ? world.get(y) : undefined;
  // 701.14b: if either is no longer on the battlefield (or not a creature), no damage is dealt.
  if (!wx || !wy || wx.obj.zone !== 'battlefield' || wy.obj.zone !== 'battlefield' || !isType(wx, 'Creature') || !isType(wy, 'Creature')) {
    game.note('no fight: both must be creatures on the battlefield (701.14b)', 'note');
    return [];
  }
  const dt = (id: string) => !!world.get(id)?.abilities.some((k) => k.ability.kind === 'keyword' && k.ability.keyword.toLowerCase() === 'deathtouch');
  // 701.14c: a creature that fights itself is dealt damage twice its power.
  return [
    { kind: 'damage', source: x!, target: { object: y! }, amount: Math.max(0, wx.power ?? 0), deathtouch: dt(x!) },
    { kind: 'damage', source: y!, target: { object: x! }, amount: Math.max(0, wy.power ?? 0), deathtouch: dt(y!) },
  ];
}

export function attachAction(game: Game, a: Extract<Action, { kind: 'attach' }>, scope: Scope): void {
  const world = game.layers().world;
  const [x] = select(a.object, scope, world, game.evalEnv);
  const [y] = select(a.to, scope, world, game.evalEnv);
  if (x && y) attach(game, x, y);
}

/** The answers naming objects that `ok` accepts, or `fallback` (noted) when none was given. */
function chosenObjects(game: Game, pool: ChoicePool, ok: (id: string) => boolean, fallback: () => string[], what: string): string[] {
  const picked: string[] = [];
  for (;;) {
    const v = pool.take((name) => {
      const o = game.lookup(name);
      return !!o && ok(o.id) && !picked.includes(o.id);
    });
    if (v === undefined) break;
    picked.push(game.lookup(v)!.id);
  }
  if (picked.length) return picked;
  const f = fallback();
  if (f.length) game.note(`${what}: no \`choosing\` answer named which, so ${f.map((id) => game.obj(id)!.printed.name).join(', ')}`, 'note');
  return f;
}

/** 701.27a proliferate, 701.39a bolster N, 701.36a populate. Returns the events to perform. */
export function chosenKeywordAction(game: Game, a: Extract<Action, { kind: 'proliferate' | 'populate' | 'bolster' }>, scope: Scope, pool: ChoicePool): GameEvent[] {
  const world = game.layers().world;
  const you = scope.bindings.you;
  const mine = [...world.values()].filter((w) => w.obj.zone === 'battlefield' && w.controller === you).sort((p, q) => p.obj.timestamp - q.obj.timestamp);
  if (a.kind === 'proliferate') {
    // Any number of permanents with counters: one more counter of each kind already there.
    const withCounters = (id: string) => [...(game.obj(id)?.counters.values() ?? [])].some((n) => n > 0) && game.obj(id)?.zone === 'battlefield';
    const ids = chosenObjects(game, pool, withCounters, () => game.state.objects.filter((o) => withCounters(o.id)).map((o) => o.id), 'proliferate (701.27a) chose every permanent with a counter');
    return ids.flatMap((id) => [...game.obj(id)!.counters].filter(([, n]) => n > 0).map(([counter]): GameEvent => ({ kind: 'counters', object: id, counter, amount: 1 })));
  }
  const creatures = mine.filter((w) => isType(w, 'Creature'));
  {
    // The creature with the least toughness among creatures you control (a tie is the player's choice).
    const least = Math.min(...creatures.map((w) => w.toughness ?? 0));
    const tied = creatures.filter((w) => (w.toughness ?? 0) === least).map((w) => w.obj.id);
    const [id] = chosenObjects(game, pool, (x) => tied.includes(x), () => tied.slice(0, 1), 'bolster (701.39a) put the counters on the earliest of the creatures with the least toughness');
    const n = Math.max(0, evalExpr(a.amount ?? { kind: 'const', value: 1 }, scope, undefined, world, game.evalEnv));
    return id ? [{ kind: 'counters', object: id, counter: '+1/+1', amount: n }] : [];
  }
  return [];
}

/** 701.36a: populate copies a creature token you control; which one (the answer, or the earliest). */
export function populateSource(game: Game, scope: Scope, pool: ChoicePool): string | undefined {
  const world = game.layers().world;
  const tokens = [...world.values()]
    .filter((w) => w.obj.zone === 'battlefield' && w.controller === scope.bindings.you && w.obj.isToken && isType(w, 'Creature'))
    .sort((p, q) => p.obj.timestamp - q.obj.timestamp)
    .map((w) => w.obj.id);
  const [of] = chosenObjects(game, pool, (x) => tokens.includes(x), () => tokens.slice(0, 1), 'populate (701.36a) copied the earliest creature token');
  if (!of) game.note('populate does nothing: you control no creature token (701.36a)', 'note');
  return of;
}

/**
 * 701.12a: each object's controller becomes the other's, as two layer-2
 * effects with the players fixed now; 701.12b: if both have one controller
 * (or there are not two), nothing happens.
 */
export function exchangeControl(game: Game, a: Extract<Action, { kind: 'exchange-control' }>, scope: Scope, ctx: { text: string; range?: import('../syntax/ast').Range; label?: string }): void {
  const world = game.layers().world;
  const ids = select(a.objects, scope, world, game.evalEnv).filter((id) => world.get(id)?.obj.zone === 'battlefield');
  const [x, y] = ids;
  const cx = x ? world.get(x)?.controller : undefined;
  const cy = y ? world.get(y)?.controller : undefined;
  if (ids.length !== 2 || !cx || !cy || cx === cy) {
    game.note('control is not exchanged: it needs two permanents with different controllers (701.12b)', 'note');
    return;
  }
  for (const [id, player] of [[x!, cy], [y!, cx]] as const) {
    game.createEffect({ source: scope.source, spec: { affected: { kind: 'object', ref: { kind: 'named', name: id } }, parts: [{ layer: '2', kind: 'control', player: { kind: 'named', name: player } }] }, duration: { kind: 'forever' }, bindings: scope.bindings, text: ctx.text, range: ctx.range, label: ctx.label });
  }
}
