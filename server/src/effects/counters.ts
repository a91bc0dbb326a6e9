// Putting and removing counters (122): `put a +1/+1 counter on each creature
// you control`, `put two +1/+1 counters on each of up to two target
// creatures`, `put a +1/+1 counter on target creature for each Elf you
// control`, `put X -1/-1 counters on it, where X is …`, `remove a +1/+1
// counter from ~`, `remove a counter from target permanent` (any kind),
// `remove all counters from it`.

import type { Action, Expr } from './ir';
import { parseAmount } from './count';
import { forEachAmount, whereX } from './amounts';
import { objectsOf } from './actions';
import type { ReadState } from './selector';
import type { Words } from './words';

type Counters = Extract<Action, { kind: 'counters' }>;

/** `+1/+1 counter(s)`, `loyalty counter`, `a counter` (any kind: `*`). */
function counterKind(c: Words): string | undefined {
  if (c.opt('counter') || c.opt('counters')) return '*';
  const k = c.next();
  if (k && (c.opt('counter') || c.opt('counters'))) return k.raw.toLowerCase();
  if (k) c.i--;
  c.expect('`counter` or `counters`');
  return undefined;
}

/** After `put`: `N KIND counter(s) on OBJECTS [for each …] [, where X is …]`; undefined if no amount starts it. */
export function parsePutCounters(c: Words, st: ReadState, start: number): Counters | undefined {
  const at = c.save();
  // `put another +1/+1 counter on Yorvo`: one more.
  const n: Expr | undefined = c.opt('another') ? { kind: 'const', value: 1 } : parseAmount(c);
  if (!n) return undefined;
  const counter = counterKind(c);
  if (!counter || counter === '*' || !c.eat('on')) {
    c.restore(at);
    return undefined;
  }
  const object = objectsOf(c, st);
  const amount = object && forEachAmount(c, st, n);
  if (!object || !amount) {
    c.restore(at);
    return undefined;
  }
  const a: Counters = { kind: 'counters', object, counter, amount, span: c.span(start, c.i) };
  whereX(c, st, a as object);
  a.span = c.span(start, c.i);
  return a;
}

/** After `remove`: `N KIND counter(s) from OBJECTS`, `a counter from …` (any kind), `all KIND counters from …`. */
export function parseRemoveCounters(c: Words, st: ReadState, start: number): Counters | undefined {
  const at = c.save();
  // 122.8-like `remove all counters`: as many as there are.
  const all = c.opt('all');
  const n: Expr | undefined = all ? { kind: 'const', value: 1_000_000 } : parseAmount(c);
  if (!n) return undefined;
  const counter = counterKind(c);
  if (!counter || !c.eat('from')) {
    c.restore(at);
    return undefined;
  }
  const object = objectsOf(c, st);
  if (!object) {
    c.restore(at);
    return undefined;
  }
  const a: Counters = { kind: 'counters', object, counter, amount: n, remove: true, span: c.span(start, c.i) };
  whereX(c, st, a as object);
  a.span = c.span(start, c.i);
  return a;
}
