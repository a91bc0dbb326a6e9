// 608.2c: words after an action can refer to what it did, `this way`
// (`You gain 2 life for each permanent destroyed this way`, `You gain life
// equal to the damage dealt this way`). Before each action of a resolution
// the state is noted; after it, what changed is kept in the bindings for the
// next actions.

import type { Game } from './game';
import type { ThisWay } from './state';

export interface Snapshot {
  zones: Map<string, string | null>;
  incarnations: Map<string, number>;
  damage: number;
  loyalty: number;
  life: number;
  hands: number;
  milled: number;
}

function loyaltyOf(game: Game): number {
  let n = 0;
  for (const o of game.state.objects) if (o.zone === 'battlefield') n += o.counters.get('loyalty') ?? 0;
  return n;
}

export function snapshot(game: Game): Snapshot {
  const zones = new Map<string, string | null>();
  const incarnations = new Map<string, number>();
  let damage = 0;
  let hands = 0;
  for (const o of game.state.objects) {
    zones.set(o.id, o.zone);
    incarnations.set(o.id, o.incarnation);
    if (o.zone === 'battlefield') damage += o.damage;
    if (o.zone === 'hand') hands++;
  }
  for (const p of game.state.players) hands += p.unnamedInHand;
  return {
    zones, incarnations, damage, loyalty: loyaltyOf(game), hands,
    life: game.state.players.reduce((n, p) => n + p.life, 0),
    milled: game.state.players.reduce((n, p) => n + p.unnamedInGraveyard, 0),
  };
}

/** What the action between `before` and now did. `discarded` counts cards that left hands for a discard action only. */
export function thisWay(game: Game, before: Snapshot, discard: boolean): ThisWay {
  const after = snapshot(game);
  const moved: string[] = [];
  for (const [id, zone] of before.zones) {
    if (zone === null) continue;
    if (after.zones.get(id) !== zone || after.incarnations.get(id) !== before.incarnations.get(id)) moved.push(id);
  }
  const lifeLost = Math.max(0, before.life - after.life);
  const marked = Math.max(0, after.damage - before.damage);
  const loyalty = Math.max(0, before.loyalty - after.loyalty);
  return {
    moved,
    discarded: discard ? Math.max(0, before.hands - after.hands) : 0,
    damage: lifeLost + marked + loyalty,
    milled: Math.max(0, after.milled - before.milled),
    lifeLost,
  };
}
