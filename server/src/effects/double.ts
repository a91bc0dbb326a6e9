// Doubling (701.10): `double target creature's power`, `double the power and
// toughness of each creature you control until end of turn`, `double the
// number of +1/+1 counters on it`, `double your life total`. The amount is
// what the value is as the action happens (608.2h), fixed after that.

import type { Action, Duration } from './ir';
import { parseDuration } from './conditions';
import { objectsOf } from './actions';
import { parsePlayer, type ReadState } from './selector';
import type { Words } from './words';

type Double = Extract<Action, { kind: 'double' }>;

/** `power`, `power and toughness` after `its`/`the`/a possessive. */
function stat(c: Words): Double['what'] | undefined {
  if (c.opt('power', 'and', 'toughness')) return 'power-toughness';
  if (c.opt('power')) return 'power';
  return undefined;
}

/** After `double`: the whole clause, or undefined (cursor unchanged). */
export function parseDouble(c: Words, st: ReadState, start: number): Action | undefined {
  const at = c.save();
  const done = (a: Omit<Double, 'span'>): Action => {
    const duration: Duration | undefined = a.what === 'power' || a.what === 'power-toughness' ? parseDuration(c, st) : undefined;
    return { ...a, ...(duration ? { duration } : {}), span: c.span(start, c.i) };
  };
  // `double the power [and toughness] of OBJECTS`
  if (c.opt('the')) {
    const what = stat(c);
    if (what && c.eat('of')) {
      const object = objectsOf(c, st);
      if (object) return done({ kind: 'double', what, object });
    }
    // `double the number of +1/+1 counters on OBJECTS`
    if (c.opt('number', 'of')) {
      const k = c.next();
      if (k && c.opt('counters') && c.eat('on')) {
        const object = objectsOf(c, st);
        if (object) return done({ kind: 'double', what: 'counters', counter: k.raw.toLowerCase(), object });
      }
    }
    c.restore(at);
    return undefined;
  }
  // `double your life total`, `double target player's life total`
  const pAt = c.save();
  const player = parsePlayer(c, st);
  if (player && c.opt('life', 'total')) return done({ kind: 'double', what: 'life', player });
  c.restore(pAt);
  // `double target creature's power`, `double its power and toughness`
  const object = objectsOf(c, st);
  const what = object && stat(c);
  if (object && what) return done({ kind: 'double', what, object });
  c.restore(at);
  c.expect('what to double (`target creature\'s power`, `the number of +1/+1 counters on …`, `your life total`)');
  return undefined;
}
