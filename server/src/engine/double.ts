// 701.10: doubling. A creature's power doubled gets +X/+0 where X is its power
// as the action happens (701.10d, 608.2h: X is fixed then); counters doubled
// get as many more of that kind (701.10e); a life total doubled gains or loses
// the difference (701.10c, 119).

import type { Action, EffectSpec } from '../effects/ir';
import { resolvePlayers, select, type Scope } from './evaluate';
import type { Game } from './game';
import type { GameEvent } from './replacement';

type Double = Extract<Action, { kind: 'double' }>;

export interface DoubleContext {
  text: string;
  range?: import('../syntax/ast').Range;
  label?: string;
}

/** Power: a resolved effect per object, with the value fixed now. Returns the events for counters and life. */
export function doubleAction(game: Game, a: Double, scope: Scope, ctx: DoubleContext): GameEvent[] {
  const world = game.layers().world;
  if (a.what === 'life') {
    return resolvePlayers(a.player ?? { kind: 'you' }, scope, world, game.evalEnv).flatMap((p): GameEvent[] => {
      const life = game.state.players.find((x) => x.name === p)?.life ?? 0;
      if (life === 0) return [];
      return [life > 0 ? { kind: 'gain-life', player: p, amount: life } : { kind: 'lose-life', player: p, amount: -life }];
    });
  }
  const ids = a.object ? select(a.object, scope, world, game.evalEnv) : [];
  if (a.what === 'counters') {
    return ids.flatMap((id): GameEvent[] => {
      const n = game.obj(id)?.counters.get(a.counter ?? '+1/+1') ?? 0;
      return n > 0 ? [{ kind: 'counters', object: id, counter: a.counter ?? '+1/+1', amount: n }] : [];
    });
  }
  for (const id of ids) {
    const w = world.get(id);
    if (!w) continue;
    const p = w.power ?? 0;
    const t = w.toughness ?? 0;
    const spec: EffectSpec = {
      affected: { kind: 'object', ref: { kind: 'named', name: id } },
      parts: [{ layer: '7c', kind: 'pt', power: { kind: 'const', value: p }, ...(a.what === 'power-toughness' ? { toughness: { kind: 'const', value: t } } : {}) }],
    };
    game.createEffect({ source: scope.source, spec, duration: a.duration ?? { kind: 'forever' }, bindings: scope.bindings, text: ctx.text, range: ctx.range, label: ctx.label });
    game.note(`${w.obj.printed.name}'s power is doubled: +${p}/+${a.what === 'power-toughness' ? t : 0} (701.10d, fixed as the action happens)`);
  }
  return [];
}
