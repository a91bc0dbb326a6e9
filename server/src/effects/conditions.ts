// Conditions and durations (spec section 5): `until end of turn`, `this
// turn`, `for as long as …` (611.2b), and the COND of `as long as COND`
// on static abilities.

import { colorWord } from '../rules/vocabulary';
import type { Condition, Duration, Filter, ObjectRef } from './ir';
import { eatSelf, emptyFilter, parseNounPhrase, parseSubject, parseTail, type ReadState } from './selector';
import { numberWord, type Words } from './words';

/** `until end of turn`, `this turn`, `for as long as …`. */
export function parseDuration(c: Words, st: ReadState): Duration | undefined {
  if (c.opt('until', 'end', 'of', 'turn') || c.opt('this', 'turn')) return { kind: 'end-of-turn' };
  if (c.is('until')) {
    c.next();
    c.expect('`end of turn` (`until end of turn` is the one `until` duration there is)');
    c.i--;
    return undefined;
  }
  const at = c.save();
  if (c.opt('for', 'as', 'long', 'as')) {
    const cond = parseCondition(c, st);
    if (cond) return { kind: 'as-long-as', condition: cond };
    c.restore(at);
  }
  return undefined;
}

/** `N or more`, `a`, `an`, `another`, `no`: how many a count-condition asks for; `no` → 0 (and the caller negates). */
function quantity(c: Words): { atLeast: number; none: boolean } | undefined {
  if (c.opt('no')) return { atLeast: 1, none: true };
  const x = c.peek();
  const n = x ? numberWord(x.w) : undefined;
  if (n === undefined) return undefined;
  c.next();
  c.opt('or', 'more');
  return { atLeast: n, none: false };
}

function countCondition(filter: Filter, q: { atLeast: number; none: boolean }): Condition {
  const cond: Condition = { kind: 'count-at-least', filter, atLeast: q.atLeast };
  return q.none ? { kind: 'not', condition: cond } : cond;
}

/** COND of `as long as COND` (static conditions) and of `for as long as COND` (611.2b durations). */
export function parseCondition(c: Words, st: ReadState): Condition | undefined {
  const at = c.save();
  // `you control ~`, `you control three or more artifacts`, `you control another Goblin`, `you control no Islands`
  if (c.opt('you', 'control') || c.opt('you', 'controlled')) {
    const save = c.save();
    if (eatSelf(c, st.ctx)) return { kind: 'controls', player: { kind: 'you' }, object: { kind: 'self' } };
    c.restore(save);
    const other = c.opt('another');
    const q = other ? { atLeast: 1, none: false } : quantity(c);
    if (q) {
      const f = parseNounPhrase(c, st);
      if (f) return countCondition({ ...f, controller: { kind: 'you' }, ...(other ? { other: true } : {}) }, q);
      c.restore(save);
    }
    const sel = parseSubject(c, st);
    if (sel && sel.kind === 'object') return { kind: 'controls', player: { kind: 'you' }, object: sel.ref };
    c.restore(at);
  }
  // `an opponent controls a Forest`
  if (c.opt('an', 'opponent', 'controls') || c.opt('your', 'opponents', 'control') || c.opt('no', 'opponent', 'controls')) {
    const none = c.ws[c.i - 3]!.w === 'no';
    const q = quantity(c);
    const f = q && parseNounPhrase(c, st);
    if (q && f) return countCondition({ ...f, controller: { kind: 'opponents' } }, none ? { atLeast: q.atLeast, none: true } : q);
    c.restore(at);
  }
  // `it's your turn`, `it's not your turn`
  if (c.oneOf(["it's"], ['it', 'is'])) {
    const neg = c.opt('not');
    if (c.opt('your', 'turn')) return neg ? { kind: 'not', condition: { kind: 'your-turn' } } : { kind: 'your-turn' };
    c.restore(at);
  }
  if (c.oneOf(["it's", "not", 'your', 'turn'], ["it", "isn't", 'your', 'turn'])) return { kind: 'not', condition: { kind: 'your-turn' } };
  // Threshold: `seven or more cards are in your graveyard`, `there are seven or more cards in your graveyard`
  {
    const save = c.save();
    c.opt('there', 'are');
    const q = quantity(c);
    const f = q && parseNounPhrase(c, st);
    if (q && f) {
      c.opt('are');
      parseTail(c, st, f);
      if (f.zones.length) return countCondition(f, q);
    }
    c.restore(save);
  }
  // `enchanted permanent is a creature`, `this creature is untapped`, `~ remains on the battlefield`
  const sel = parseSubject(c, st);
  if (sel && sel.kind === 'object') {
    const obj: ObjectRef = sel.ref;
    if (c.opt('remains', 'on', 'the', 'battlefield')) return { kind: 'on-battlefield', object: obj };
    if (c.opt('remains', 'tapped')) return { kind: 'tapped', object: obj };
    if (c.opt('is') || c.opt("'s") || c.opt("isn't")) {
      const neg = c.ws[c.i - 1]!.w === "isn't" || c.opt('not');
      const wrap = (cond: Condition): Condition => (neg ? { kind: 'not', condition: cond } : cond);
      if (c.opt('tapped')) return wrap({ kind: 'tapped', object: obj });
      if (c.opt('untapped')) return wrap({ kind: 'not', condition: { kind: 'tapped', object: obj } });
      c.opt('a') || c.opt('an');
      const f = parseNounPhrase(c, st);
      if (f) return wrap({ kind: 'object-is', object: obj, filter: f });
      const col = c.peek() && colorWord(c.peek()!.w);
      if (col) {
        c.next();
        return wrap({ kind: 'object-is', object: obj, filter: { ...emptyFilter(), colors: [col] } });
      }
      c.expect('what it must be (`a creature`, `red`, `tapped`, …)');
    }
  }
  c.restore(at);
  c.expect('a condition (`you control …`, `enchanted permanent is a creature`, `it\'s your turn`)');
  return undefined;
}
