// How many targets a `target …` phrase asks for (115.1, 601.2c): `up to one
// target creature`, `up to two target creatures`, `two target cards`, `each of
// up to three target creatures`, `any number of target creatures`, `another
// target creature`. Each target takes one `targeting` entry, in order.

import type { ObjectRef } from './ir';
import type { ReadState } from './selector';
import { numberWord, type Words } from './words';

export interface TargetQuantity {
  /** Targets the phrase binds; 0 for `any number of`. */
  count: number;
  upTo: boolean;
  /** `another target …`, `up to one other target …`: not the source (115.3… the text's own restriction). */
  another: boolean;
}

/** The quantity words before `target`; the cursor is left on `target`, or unchanged (undefined) if `target` does not follow. */
export function parseTargetQuantity(c: Words): TargetQuantity | undefined {
  const at = c.save();
  const q: TargetQuantity = { count: 1, upTo: false, another: false };
  c.opt('each', 'of');
  if (c.opt('any', 'number', 'of')) {
    q.count = 0;
    q.upTo = true;
  } else {
    if (c.opt('up', 'to')) q.upTo = true;
    // `X target creatures`, `up to X target cards`: as many as the event's `targeting` gives (X is that number).
    if (c.is('x', 'target')) {
      c.next();
      q.count = 0;
      q.upTo = true;
    }
    const x = c.peek();
    const n = x && x.w !== 'a' && x.w !== 'an' ? numberWord(x.w) : undefined;
    if (q.count === 0) {
      // `X target …`: read above.
    } else if (n !== undefined) {
      c.next();
      q.count = n;
    } else if (q.upTo) {
      c.restore(at);
      return undefined;
    }
  }
  if (c.opt('another') || c.opt('other')) q.another = true;
  if (c.i === at || !c.is('target')) {
    c.restore(at);
    return undefined;
  }
  return q;
}

/** Give a target reference its quantity, and reserve the `targeting` entries it binds. */
export function quantified(ref: Extract<ObjectRef, { kind: 'target' }>, q: TargetQuantity | undefined, st: ReadState): ObjectRef {
  if (!q) return ref;
  const noun = q.another ? `another ${ref.noun}` : ref.noun;
  if (q.count === 1 && !q.upTo) return { ...ref, noun };
  // The first entry was taken by the reference itself.
  if (q.count > 1) st.targets += q.count - 1;
  return { ...ref, noun, count: q.count, ...(q.upTo ? { upTo: true } : {}) };
}
