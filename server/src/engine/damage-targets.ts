// Who a damage action hits: players and objects among the `targeting`
// entries a target phrase binds (`any number of targets` may hold both), and
// 601.2d: how damage `divided as you choose` is split among them.

import type { Action } from '../effects/ir';
import type { ChoicePool } from './choices';
import { resolvePlayers, select, type Scope } from './evaluate';
import type { Game } from './game';

export interface Recipient {
  object?: string;
  player?: string;
}

type DamageAction = Extract<Action, { kind: 'damage' }>;

/** Every recipient of the action, in `targeting` order for targets. */
export function damageRecipients(game: Game, a: DamageAction, scope: Scope): Recipient[] {
  const world = game.layers().world;
  if (a.to.kind === 'player') return resolvePlayers(a.to.player, scope, world, game.evalEnv).map((player) => ({ player }));
  const ref = a.to.kind === 'object' ? a.to.ref : undefined;
  if (ref?.kind === 'target') {
    const b = scope.bindings;
    const end = ref.count === undefined ? ref.index + 1 : ref.count === 0 ? Math.max(b.targets.length, b.targetPlayers.length) : ref.index + ref.count;
    const out: Recipient[] = [];
    for (let i = ref.index; i < end; i++) {
      const player = b.targetPlayers[i];
      const object = b.targets[i];
      if (player && !object) out.push({ player });
      else if (object && game.obj(object)?.zone === 'battlefield') out.push({ object });
    }
    return out;
  }
  return select(a.to, scope, world, game.evalEnv).map((object) => ({ object }));
}

/**
 * 601.2d: the amounts announced for divided damage, one `choosing N` per
 * recipient in order; each gets at least 1. Without answers one recipient
 * gets it all; several are split as evenly as possible, with a note.
 */
export function divideDamage(game: Game, total: number, recipients: Recipient[], pool: ChoicePool): number[] {
  if (recipients.length <= 1) return recipients.map(() => total);
  const given: number[] = [];
  for (let i = 0; i < recipients.length; i++) {
    const v = pool.take((s) => /^\d+$/.test(s.trim()));
    if (v === undefined) break;
    given.push(Number(v));
  }
  if (given.length === recipients.length) {
    const sum = given.reduce((x, y) => x + y, 0);
    if (sum === total && given.every((n) => n >= 1)) return given;
    game.note(`the division ${given.join(', ')} does not give each target at least 1 and ${total} in all (601.2d); the damage is split evenly instead`, 'note');
  } else game.note(`no division was announced for ${total} damage among ${recipients.length} targets; add \`choosing N, N, …\` (one number per target, 601.2d); split evenly`, 'note');
  return recipients.map((_, i) => Math.floor(total / recipients.length) + (i < total % recipients.length ? 1 : 0));
}
