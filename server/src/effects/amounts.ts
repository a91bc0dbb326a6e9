// Amounts written after an action (107.3, 608.2h): `you gain 1 life for each
// creature you control`, `put a +1/+1 counter on it for each Elf you control`,
// `create X 1/1 … tokens, where X is the number of Goblins you control`.
// The engine counts as the action happens.

import type { Expr } from './ir';
import { parseCount, parseForEach, replaceX } from './count';
import { parseSelector, type ReadState } from './selector';
import { parseThisWay } from './this-way';
import type { Words } from './words';

/** `for each FILTER` after an amount: that amount times the count; `n` unchanged when no `for each` follows, undefined when it follows but is not read. */
export function forEachAmount(c: Words, st: ReadState, n: Expr): Expr | undefined {
  if (!c.is('for', 'each')) return n;
  const at = c.save();
  c.next();
  c.next();
  // `for each +1/+1 counter on it`, `for each charge counter on ~`, `for each color among …` (count.ts)
  const special = c.is('color|card', 'among') || /counters?$/.test(c.peek(1)?.w ?? '') || c.is('counter') ? parseForEach(c, st, { its: st.last?.kind === 'object' ? st.last.ref : { kind: 'self' } }) : undefined;
  const f = special ? undefined : parseSelector(c, st);
  if (!special && !f) {
    c.expect('what to count after `for each`');
    c.restore(at);
    return undefined;
  }
  // `for each permanent destroyed this way` (608.2c)
  const count: Expr = special ?? parseThisWay(c, f!) ?? { kind: 'count', filter: f! };
  if (n.kind === 'const' && n.value === 1) return count;
  if (n.kind === 'const') return { kind: 'times', factor: n.value, expr: count };
  c.restore(at);
  c.expect('a fixed amount before `for each`');
  return undefined;
}

/** `, where X is COUNT` after the clause: every X in `target` becomes the count (in place). False when absent or unread. */
export function whereX(c: Words, st: ReadState, target: object): boolean {
  const at = c.save();
  if (!(c.opt(',', 'where', 'x', 'is') || c.opt('where', 'x', 'is'))) return false;
  const e = parseCount(c, st, { its: st.last?.kind === 'object' ? st.last.ref : undefined });
  if (!e) {
    c.restore(at);
    return false;
  }
  replaceX(target, e);
  return true;
}
