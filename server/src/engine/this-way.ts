// 608.2c: words after an action can refer to what it did, `this way`
// (`You gain 2 life for each permanent destroyed this way`, `You gain life
// equal to the damage dealt this way`). Before each action of a resolution
// the state is noted; after it, what changed is kept in the bindings for the
// next actions.

import type { Game } from './game';
import type { ThisWay } from './state';

export interface Snapshot {
  /** Each object's id, zone and incarnation, by its place in the state (objects are only ever added, at the end). */
  ids: string[];
  zones: (string | null)[];
  incarnations: number[];
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

/** The counts an action can change, without the objects' places. */
function totals(game: Game): Omit<Snapshot, 'ids' | 'zones' | 'incarnations'> {
  let damage = 0;
  let hands = 0;
  for (const o of game.state.objects) {
    if (o.zone === 'battlefield') damage += o.damage;
    if (o.zone === 'hand') hands++;
  }
  for (const p of game.state.players) hands += p.unnamedInHand;
  return {
    damage, loyalty: loyaltyOf(game), hands,
    life: game.state.players.reduce((n, p) => n + p.life, 0),
    milled: game.state.players.reduce((n, p) => n + p.unnamedInGraveyard, 0),
  };
}

export function snapshot(game: Game): Snapshot {
  const objects = game.state.objects;
  const ids = new Array<string>(objects.length);
  const zones = new Array<string | null>(objects.length);
  const incarnations = new Array<number>(objects.length);
  for (let i = 0; i < objects.length; i++) {
    const o = objects[i]!;
    ids[i] = o.id;
    zones[i] = o.zone;
    incarnations[i] = o.incarnation;
  }
  return { ids, zones, incarnations, ...totals(game) };
}

/** What the action between `before` and now did. `discarded` counts cards that left hands for a discard action only. */
export function thisWay(game: Game, before: Snapshot, discard: boolean): ThisWay {
  const after = totals(game);
  const moved: string[] = [];
  const objects = game.state.objects;
  before.ids.forEach((id, i) => {
    const zone = before.zones[i];
    if (zone === null) return;
    const o = objects[i]?.id === id ? objects[i] : game.state.byId.get(id);
    if (!o || o.zone !== zone || o.incarnation !== before.incarnations[i]) moved.push(id);
  });
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
