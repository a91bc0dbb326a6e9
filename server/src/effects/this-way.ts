// `this way` after a noun (608.2c): the objects or cards the previous action
// of the same text moved, discarded or milled, and the damage it dealt.
//
//   You gain 2 life for each permanent destroyed this way.
//   For each nontoken creature destroyed this way, you create a tapped Treasure token.
//   You draw a card for each card discarded this way.
//   You gain life equal to the damage dealt this way.

import type { Expr, Filter } from './ir';
import type { Words } from './words';

const MOVED = new Set(['destroyed', 'exiled', 'sacrificed', 'returned', 'bounced', 'put', 'tapped', 'untapped']);

/** Does the filter ask more than `card` / `permanent` (a type, a color, …)? Hidden cards can't be checked against it. */
function restricts(f: Filter): boolean {
  if (f.anyOf?.length) return true;
  return !!(f.types.length || f.subtypes.length || f.supertypes.length || f.colors.length || f.notTypes.length || f.notColors.length || f.token !== undefined);
}

/**
 * After a noun phrase (`f`): `destroyed this way`, `exiled this way`, `put into
 * that graveyard this way`, `discarded this way`, `milled this way`. Cards
 * discarded or milled from hidden zones can't be told apart by type: with a
 * type in the phrase the count is answered with `choosing N`.
 */
export function parseThisWay(c: Words, f: Filter | undefined): Expr | undefined {
  const at = c.save();
  const verb = c.peek()?.w;
  if (!verb || !(MOVED.has(verb) || verb === 'discarded' || verb === 'milled')) return undefined;
  c.next();
  // `put into that graveyard this way`, `returned to your hand this way`
  while (!c.done && !c.is('this', 'way') && c.is('into|onto|to|from|that|your|their|its|a|the|graveyard|graveyards|hand|hands|battlefield|exile|library|owner\'s|owners\'')) c.next();
  if (!c.opt('this', 'way')) {
    c.restore(at);
    return undefined;
  }
  const words = c.slice(at, c.i);
  const hidden = verb === 'discarded' || verb === 'milled' || (verb === 'put' && /graveyard/.test(words) && f?.noun === 'card');
  if (hidden) {
    if (f && restricts(f)) return { kind: 'answer', what: `the number of ${c.slice(at - 1, c.i)}` };
    return { kind: 'this-way', what: verb === 'discarded' ? 'discarded' : 'milled', verb: words };
  }
  return { kind: 'this-way', what: 'moved', ...(f ? { filter: f } : {}), verb: words.replace(/ this way$/, '') };
}

/** `the damage dealt this way`. */
export function parseDamageThisWay(c: Words): Expr | undefined {
  if (c.opt('the', 'damage', 'dealt', 'this', 'way')) return { kind: 'this-way', what: 'damage', verb: 'dealt' };
  // `You gain life equal to the life lost this way` (Gray Merchant, Scholar of Athreos): the life players lost to the action before (119.3).
  if (c.opt('the', 'life', 'lost', 'this', 'way') || c.opt('the', 'total', 'life', 'lost', 'this', 'way') || c.opt('the', 'amount', 'of', 'life', 'lost', 'this', 'way')) return { kind: 'this-way', what: 'life-lost', verb: 'lost' };
  return undefined;
}
