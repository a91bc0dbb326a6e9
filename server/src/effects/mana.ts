// Mana abilities and mana actions (106, 605): `Add {G}`, `Add {R} or {W}`,
// `Add {G} or one mana of the chosen color`, `Add one mana of any color that
// a land you control could produce`, `Add X mana in any combination of {R}
// and/or {G}, where X is …`, `Add {C} for each charge counter on ~`,
// `That player adds {G}{G}{G}`. Mana is not modelled by the scenarios (no
// costs are paid), so the action is read whole and shown, and does nothing.

import type { Action, Expr } from './ir';
import { parseCount, parseForEach } from './count';
import { parseSelector, type ReadState } from './selector';
import type { Words } from './words';

/** One kind of mana after an amount: `of any color`, `in any combination of {R} and/or {G}`, `of any type that a land you control could produce`. */
function manaKind(c: Words, st: ReadState): boolean {
  const at = c.save();
  if (c.oneOf(['of', 'any', 'one', 'color'], ['of', 'any', 'color'], ['of', 'any', 'type'], ['of', 'the', 'chosen', 'color'], ['of', 'that', 'color'], ['of', 'that', 'type'], ['of', 'the', 'chosen', 'type'], ['in', 'any', 'combination', 'of', 'colors'])) {
    // `that a land you control could produce`, `that land produced`: which colors (106.7).
    const tail = c.save();
    if (c.opt('that')) {
      const produced = c.opt('land', 'produced') || (!!parseSelector(c, st) && c.opt('could', 'produce'));
      if (!produced) c.restore(tail);
    }
    // 903.4: a commander's color identity (the game outside one battlefield; the mana itself is not modelled).
    c.opt('in', 'your', "commander's", 'color', 'identity');
    return true;
  }
  if (c.opt('in', 'any', 'combination', 'of')) {
    let n = 0;
    while (c.peek()?.kind === 'mana') {
      c.next();
      n++;
      const joint = c.save();
      if (!(c.opt('and/or') || c.opt(',', 'and/or') || c.opt('and') || c.opt('or') || c.opt(',')) || c.peek()?.kind !== 'mana') {
        c.restore(joint);
        break;
      }
    }
    if (n >= 2) return true;
  }
  c.restore(at);
  c.expect('`of any color`, `of any one color`, `of the chosen color` or `in any combination of colors`');
  return false;
}

/** One alternative: mana symbols, `N mana of …`, `an amount of mana of that color equal to COUNT`. */
function manaSpec(c: Words, st: ReadState): boolean {
  const at = c.save();
  if (c.peek()?.kind === 'mana') {
    c.next();
    return true;
  }
  if (c.opt('an', 'amount', 'of', 'mana')) {
    if (manaKind(c, st) && c.opt('equal', 'to') && parseCount(c, st)) return true;
    c.restore(at);
    return false;
  }
  const x = c.peek();
  if (x && (x.kind === 'number' || /^(one|two|three|four|five|six|seven|eight|nine|ten|x)$/.test(x.w))) {
    c.next();
    if (c.opt('mana') && manaKind(c, st)) return true;
  }
  c.restore(at);
  c.expect('mana symbols or `one mana of any color`');
  return false;
}

/** After `add` / `adds`: the mana, alternatives with `or`, then `for each …`, `, where X is …`, `to your mana pool`. */
export function parseAddMana(c: Words, st: ReadState, at: number, verbAt: number): Action[] | undefined {
  const start = c.save();
  if (!manaSpec(c, st)) return back(c, start);
  while (c.is('or') || c.is(',', 'or') || (c.is(',') && c.peek(1)?.kind === 'mana')) {
    const alt = c.save();
    c.opt(',');
    c.opt('or');
    if (!manaSpec(c, st)) {
      c.restore(alt);
      break;
    }
  }
  c.opt('to', 'your', 'mana', 'pool') || c.opt('to', 'their', 'mana', 'pool') || c.opt('to', 'his', 'or', 'her', 'mana', 'pool');
  let per: Expr | undefined;
  const each = c.save();
  if (c.opt('for', 'each')) {
    per = parseForEach(c, st);
    if (!per) return back(c, each);
  }
  const where = c.save();
  if (c.opt(',', 'where', 'x', 'is') || c.opt('where', 'x', 'is')) {
    if (!parseCount(c, st)) return back(c, where);
  }
  c.opt('instead');
  return [{ kind: 'add-mana', mana: c.slice(verbAt + 1, c.i), span: c.span(at, c.i) }];
}

function back(c: Words, at: number): undefined {
  c.restore(at);
  return undefined;
}
