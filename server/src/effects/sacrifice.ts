// Sacrificing what the player chooses (701.17a): `sacrifice a creature`,
// `sacrifice two lands`, `each opponent sacrifices a creature`, `that player
// sacrifices a nonland, nontoken permanent`. Which one is answered by the
// event's `choosing NAME`; without it the engine takes the earliest and says so.

import type { Action, PlayerRef } from './ir';
import { parseAmount } from './count';
import { parseSelector, type ReadState } from './selector';
import type { Words } from './words';

/** After `sacrifice`/`sacrifices`: `N FILTER`, or undefined (cursor unchanged). */
export function parseSacrificeChosen(c: Words, st: ReadState, player: PlayerRef, start: number): Action | undefined {
  const at = c.save();
  // `sacrifice another creature`: one, not this permanent.
  const another = c.is('another');
  const amount = another ? ({ kind: 'const', value: 1 } as const) : parseAmount(c);
  if (!amount) return undefined;
  const other = c.opt('other') || c.opt('another');
  const filter = parseSelector(c, st);
  if (!filter) {
    c.restore(at);
    return undefined;
  }
  if (other) filter.other = true;
  // `a creature you control` says nothing more: a player can sacrifice only what they control (701.17a).
  return { kind: 'sacrifice-chosen', player, filter, amount, span: c.span(start, c.i) };
}
