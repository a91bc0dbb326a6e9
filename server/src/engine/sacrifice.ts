// 701.17a: a player sacrifices permanents of their choice that they control.
// The choice is answered by the event's `choosing NAME`; without one the
// earliest matching permanents (by timestamp) are taken, and a note says so.

import type { Action } from '../effects/ir';
import type { ChoicePool } from './choices';
import { evalExpr, matches, resolvePlayers, type Scope } from './evaluate';
import type { Game } from './game';
import type { GameEvent } from './replacement';

type SacrificeChosen = Extract<Action, { kind: 'sacrifice-chosen' | 'return-chosen' }>;

/** The sacrifices, player by player in APNAP order (101.4). */
export function sacrificeEvents(game: Game, a: SacrificeChosen, scope: Scope, pool: ChoicePool): GameEvent[] {
  const world = game.layers().world;
  const n = Math.max(0, evalExpr(a.amount, scope, undefined, world, game.evalEnv));
  const players = resolvePlayers(a.player, scope, world, game.evalEnv);
  const order = game.apnap().filter((p) => players.includes(p));
  const events: GameEvent[] = [];
  const verb = a.kind === 'return-chosen' ? 'return' : 'sacrifice';
  for (const p of order) {
    const candidates = [...world.values()]
      .filter((w) => w.obj.zone === 'battlefield' && w.controller === p && matches(a.filter, w, scope, world, game.evalEnv))
      .sort((x, y) => x.obj.timestamp - y.obj.timestamp)
      .map((w) => w.obj.id);
    const picked: string[] = [];
    for (let k = 0; k < n && picked.length < candidates.length; k++) {
      const v = pool.take((name) => {
        const o = game.lookup(name);
        return !!o && candidates.includes(o.id) && !picked.includes(o.id);
      });
      picked.push(v !== undefined ? game.lookup(v)!.id : candidates.find((id) => !picked.includes(id))!);
      if (v === undefined) game.note(`${p} ${verb}s ${game.obj(picked[picked.length - 1]!)!.printed.name}: no \`choosing\` answer named which (the earliest one was taken)`, 'note');
    }
    if (picked.length < n) game.note(`${p} controls ${candidates.length === 0 ? 'nothing' : `only ${candidates.length}`} to ${verb}: as much as possible is done (609.3)`, 'note');
    // A returned permanent goes to its owner's hand (400.3); a sacrificed one to its owner's graveyard (701.17a).
    for (const id of picked) events.push(a.kind === 'return-chosen' ? { kind: 'zone', object: id, to: 'hand', cause: 'return' } : { kind: 'zone', object: id, to: 'graveyard', cause: 'sacrifice' });
  }
  return events;
}
