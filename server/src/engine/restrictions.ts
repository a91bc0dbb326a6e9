// 602.5b: activation restrictions of an activated ability (effects/restrictions.ts
// reads them), checked when an `activate` event activates it. The scenario has
// turns but no steps, phases or stack, so `as a sorcery` (602.5d, 307.1) is
// checked as far as the timeline knows it: it must be its controller's turn.

import type { ActivationRestriction } from '../effects/ir';
import { evalCondition, type Scope } from './evaluate';
import type { Game } from './game';

/** Activations this turn, per object incarnation and ability text (for `once each turn`). */
function key(game: Game, scope: Scope, text: string): string {
  return `${game.state.turn}:${scope.source.id}@${scope.source.incarnation}:${text}`;
}

/** Why this activation breaks a restriction, or undefined when it may be activated. Counts the activation when it may. */
export function checkActivation(game: Game, restrictions: readonly ActivationRestriction[], text: string, scope: Scope): string | undefined {
  const you = scope.bindings.you;
  const k = key(game, scope, text);
  const done = game.state.activations?.[k] ?? 0;
  for (const r of restrictions) {
    const broken = brokenBy(game, r, you, done, scope);
    if (broken) return `"${text}" can't be activated now: "${r.text}" (602.5b): ${broken}`;
  }
  game.state.activations = { ...(game.state.activations ?? {}), [k]: done + 1 };
  return undefined;
}

function brokenBy(game: Game, r: ActivationRestriction, you: string, done: number, scope: Scope): string | undefined {
  switch (r.kind) {
    case 'sorcery':
      // 307.1: a sorcery is cast in its controller's main phase with an empty stack; only the turn is known here.
      return game.active === you ? undefined : `it is ${game.active}'s turn, not ${you}'s (602.5d, 307.1)`;
    case 'your-turn':
      return game.active === you ? undefined : `it is ${game.active}'s turn, not ${you}'s`;
    case 'per-turn':
      return done < r.times ? undefined : `it was already activated ${done === 1 ? 'once' : `${done} times`} this turn`;
    case 'condition':
      return evalCondition(r.condition, scope, game.layers().world, game.evalEnv) ? undefined : 'its condition does not hold';
  }
}
