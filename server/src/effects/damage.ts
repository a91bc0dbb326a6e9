// `SOURCE deals … damage …` (120.3, 608.2): the amount and recipient forms
// of a damage action.
//
//   ~ deals 3 damage to any target.
//   ~ deals damage equal to its power to target creature.
//   ~ deals damage to target creature equal to the number of Mountains you control.
//   ~ deals X plus 2 damage to each creature.
//   ~ deals 3 damage to target creature and 2 damage to target player or planeswalker.
//   ~ deals 1 damage to any target, 2 damage to another target, and 3 damage to a third target.
//   ~ deals 4 damage divided as you choose among any number of targets.   (601.2d)

import type { Action, Expr, ObjectRef, Selector } from './ir';
import { parseAmount, parseCount } from './count';
import { parseSubject, type ReadState } from './selector';
import { trailingIf } from './choice';
import { numberWord, type Words } from './words';

/** A recipient reader (actions.ts's damageRecipient, passed in to keep the modules apart). */
export type RecipientReader = (c: Words, st: ReadState) => Selector | undefined;

/** After `deals`/`deal`: one or more `AMOUNT damage to RECIPIENT` parts, then `, where X is …`. */
export function parseDamage(c: Words, st: ReadState, source: ObjectRef, at: number, recipient: RecipientReader): Action[] | undefined {
  const out: Action[] = [];
  for (;;) {
    const partAt = c.i;
    const part = damagePart(c, st, source, at, recipient);
    if (!part) return undefined;
    // Firespout: `3 damage to each creature without flying if {R} was spent to cast ~ and 3 damage to …`
    const cond = trailingIf(c, st);
    out.push(...(cond ? [{ kind: 'if' as const, condition: cond, actions: part, span: c.span(partAt, c.i) }] : part));
    // `… to target creature and 2 damage to target player`, `…, 2 damage to another target, and 3 damage to a third target`
    const more = c.save();
    if ((c.opt(',', 'and') || c.opt('and') || c.opt(',')) && startsAmount(c)) continue;
    c.restore(more);
    break;
  }
  for (const a of out) if (a.kind === 'damage') a.span = c.span(at, c.i);
  return out;
}

/** `3 damage`, `X damage`, `X plus 2 damage` next. */
function startsAmount(c: Words): boolean {
  const at = c.save();
  const n = amount(c);
  const ok = !!n && c.is('damage');
  c.restore(at);
  return ok;
}

/** `3`, `X`, `X plus 2`, `2 plus the number of …`. */
function amount(c: Words): Expr | undefined {
  const n = parseAmount(c);
  if (!n) return undefined;
  const at = c.save();
  if (c.opt('plus')) {
    const x = c.peek();
    const m = x ? numberWord(x.w) : undefined;
    if (m !== undefined || x?.w === 'x') {
      c.next();
      return { kind: 'sum', terms: [n, m === undefined ? { kind: 'x' } : { kind: 'const', value: m }] };
    }
  }
  c.restore(at);
  return n;
}

function damagePart(c: Words, st: ReadState, source: ObjectRef, at: number, recipient: RecipientReader): Action[] | undefined {
  c.mark();
  const make = (amt: Expr, to: Selector, divided?: boolean): Action => ({ kind: 'damage', source, amount: amt, to, ...(divided ? { divided: true } : {}), span: c.span(at, c.i) });
  const n = amount(c);
  if (n) {
    if (!c.eat('damage')) return undefined;
    // 601.2d: `divided as you choose among any number of targets`: the division is announced as it is cast.
    if (c.opt('divided', 'as', 'you', 'choose', 'among')) {
      const to = dividedTargets(c, st);
      return to ? [make(n, to, true)] : undefined;
    }
    if (!c.eat('to')) return undefined;
    const to = recipient(c, st);
    if (!to) return undefined;
    // `deals 3 damage to each creature and each player`: one damage action per recipient, dealt at once.
    const more = c.save();
    const also = c.is('and', 'each') && c.opt('and') ? recipient(c, st) : undefined;
    if (!also) c.restore(more);
    return [to, ...(also ? [also] : [])].map((r) => make(n, r));
  }
  // `damage equal to its power to target creature`
  if (c.opt('damage', 'equal', 'to')) {
    const e = parseCount(c, st, { its: source });
    if (!e || !c.eat('to')) return undefined;
    const to = recipient(c, st);
    return to ? [make(e, to)] : undefined;
  }
  // `damage to target creature equal to the number of Mountains you control`
  if (c.opt('damage', 'to')) {
    const to = recipient(c, st);
    if (!to || !c.eat('equal', 'to')) return undefined;
    const e = parseCount(c, st, { its: source });
    return e ? [make(e, to)] : undefined;
  }
  c.expect('an amount of damage (`3 damage`, `damage equal to …`, `damage to … equal to …`)');
  return undefined;
}

/**
 * After `divided as you choose among`: `any number of targets`, `one, two, or
 * three targets`, `up to three targets`, `two targets`, `any number of target
 * creatures and/or players`. One target phrase that binds several
 * `targeting` entries; players may be among them where the words allow.
 */
function dividedTargets(c: Words, st: ReadState): Selector | undefined {
  const at = c.save();
  let count: number | undefined;
  if (c.opt('any', 'number', 'of')) count = 0;
  else if (c.opt('up', 'to')) count = numberOf(c);
  else {
    // `one, two, or three`: the largest number is how many it may have.
    for (;;) {
      const n = numberOf(c);
      if (n === undefined) break;
      count = n;
      if (!(c.opt(',', 'or') || c.opt('or') || c.opt(','))) break;
    }
  }
  if (count === undefined) {
    c.expect('how many targets (`any number of targets`, `one, two, or three targets`)');
    c.restore(at);
    return undefined;
  }
  if (c.opt('targets') || (c.is('target') && !startsNoun(c, 1) && c.opt('target'))) return { kind: 'object', ref: { kind: 'target', index: takeTargets(st, count), noun: 'any target', count, upTo: true } };
  const nounAt = c.save();
  const sel = parseSubject(c, st);
  if (sel && sel.kind === 'object' && sel.ref.kind === 'target') {
    let ref = sel.ref;
    if (count > 1) st.targets += count - 1;
    // `target creatures and/or players`, `target creatures and/or planeswalkers`
    if (c.opt('and/or', 'players') || c.opt('and', 'players') || c.opt('or', 'players')) ref = { ...ref, noun: `${ref.noun} or player`, orPlayer: 'any' };
    return { kind: 'object', ref: { ...ref, count, upTo: true } };
  }
  c.restore(nounAt);
  c.expect('the targets (`targets`, `target creatures`, `target creatures and/or players`)');
  c.restore(at);
  return undefined;
}

/** A word at k that continues a target phrase (`target creatures`), rather than ending it. */
function startsNoun(c: Words, k: number): boolean {
  const x = c.peek(k);
  return !!x && x.kind === 'word' && x.w !== 'and' && x.w !== 'or';
}

function numberOf(c: Words): number | undefined {
  const x = c.peek();
  const n = x && x.w !== 'a' && x.w !== 'an' ? numberWord(x.w) : undefined;
  if (n !== undefined) c.next();
  return n;
}

/** Reserve `count` targeting entries (0: every entry left) and return the first index. */
function takeTargets(st: ReadState, count: number): number {
  const first = st.targets;
  st.targets += Math.max(1, count);
  return first;
}
