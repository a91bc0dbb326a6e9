// Returning objects (400.7, 110.2): `Return target creature to its owner's
// hand`, `return up to two target creatures to their owners' hands`, `return
// target creature card from your graveyard to your hand`, `return ~ from your
// graveyard to the battlefield tapped`, `return all land cards from your
// graveyard to the battlefield`, `return a creature card from your graveyard
// to your hand` (the card is the player's choice: `choosing NAME`).

import type { Action, Expr, Filter, PlayerRef, Selector, Zone } from './ir';
import { parseAmount } from './count';
import { objectsOf, zoneOf } from './actions';
import { emptyFilter, parsePlayer, parseSelector, type ReadState } from './selector';
import type { Words } from './words';

/** `from your graveyard`, `from a graveyard`, `from an opponent's graveyard`, `from their graveyard`: whose graveyard, or undefined. */
export function fromGraveyard(c: Words, st: ReadState): { owner?: PlayerRef; said: string } | undefined {
  const at = c.save();
  if (!c.opt('from')) return undefined;
  let owner: PlayerRef | undefined;
  if (c.opt('a', 'graveyard') || c.opt('graveyards') || c.opt('all', 'graveyards')) return { said: c.slice(at, c.i) };
  if (c.opt('your', 'graveyard')) owner = { kind: 'you' };
  else if (c.opt('an', "opponent's", 'graveyard')) owner = { kind: 'opponents' };
  else if (c.opt('their', 'graveyard') || c.opt('its', "owner's", 'graveyard') || c.opt('their', "owners'", 'graveyards')) owner = st.lastPlayer ?? { kind: 'each-player' };
  else {
    const p = parsePlayer(c, st);
    if (p && c.opt('graveyard')) owner = p;
    else {
      c.restore(at);
      c.next();
      c.expect('whose graveyard (`your graveyard`, `a graveyard`, `an opponent\'s graveyard`)');
      c.restore(at);
      return undefined;
    }
  }
  return { owner, said: c.slice(at, c.i) };
}

/** The object read before `from … graveyard` now lives in graveyards: a filter says so; a target's noun keeps the words. */
export function inGraveyard(object: Selector, from: { owner?: PlayerRef; said: string }): Selector {
  if (object.kind === 'filter') {
    const set = (f: Filter): Filter => ({ ...f, zones: ['graveyard'], ...(from.owner ? { owner: from.owner } : {}), anyOf: f.anyOf?.map(set) });
    return { kind: 'filter', filter: set(object.filter) };
  }
  if (object.kind === 'object' && object.ref.kind === 'target') return { kind: 'object', ref: { ...object.ref, noun: `${object.ref.noun} ${from.said}` } };
  return object;
}

export interface Entering {
  tapped?: boolean;
  controller?: PlayerRef;
  counters?: { counter: string; amount: Expr }[];
}

/** `with a +1/+1 counter on it`, `with X additional +1/+1 counters on it`, `with two -1/-1 counters on them` (614.1c). */
function withCounters(c: Words): { counter: string; amount: Expr } | undefined {
  const at = c.save();
  if (!c.opt('with')) return undefined;
  const n = parseAmount(c);
  c.opt('additional');
  const kind = c.next();
  if (n && kind && (c.opt('counter') || c.opt('counters')) && (c.opt('on', 'it') || c.opt('on', 'them') || c.opt('on', 'each', 'of', 'them'))) return { counter: kind.raw.toLowerCase(), amount: n };
  c.restore(at);
  return undefined;
}

/** `tapped`, `under your control`, `under its owner's control`, `with a +1/+1 counter on it` after `to the battlefield`. */
export function entering(c: Words, st: ReadState): Entering {
  const out: Entering = {};
  for (;;) {
    const counters = withCounters(c);
    if (counters) out.counters = [...(out.counters ?? []), counters];
    else if (c.opt('tapped')) out.tapped = true;
    // Entering under its owner's control is what a return does anyway (110.2).
    else if (c.oneOf(['under', 'its', "owner's", 'control'], ['under', 'their', "owners'", 'control'], ['under', 'their', "owner's", 'control'])) continue;
    else if (c.is('under')) {
      const at = c.save();
      c.next();
      const p = parsePlayer(c, st);
      if (!p || !c.opt('control')) {
        c.restore(at);
        return out;
      }
      out.controller = p;
    } else return out;
  }
}

/** `a creature card from your graveyard to your hand`: a card of the player's choice. */
function chosenCard(c: Words, st: ReadState, start: number): Action | undefined {
  const at = c.save();
  if (!c.opt('a') && !c.opt('an')) return undefined;
  const f = parseSelector(c, st);
  const from = f && fromGraveyard(c, st);
  if (!f || !from || !c.eat('to')) {
    c.restore(at);
    return undefined;
  }
  const to = zoneOf(c);
  if (to !== 'hand' && to !== 'battlefield') {
    c.restore(at);
    return undefined;
  }
  const filter: Filter = { ...emptyFilter(), ...f, zones: ['graveyard'] };
  return { kind: 'return-from-graveyard', player: from.owner ?? { kind: 'you' }, filter, to, span: c.span(start, c.i) };
}

/** `to ZONE …` after the objects: the move of `object`, or undefined. */
function parseReturnRest(c: Words, st: ReadState, start: number, object: Selector): Extract<Action, { kind: 'move' }> | undefined {
  if (!c.eat('to')) return undefined;
  const to: Zone | undefined = zoneOf(c);
  if (!to) return undefined;
  const how: Entering = to === 'battlefield' ? entering(c, st) : {};
  return { kind: 'move', object, to, ...(how.tapped ? { tapped: true } : {}), ...(how.controller ? { controller: how.controller } : {}), ...(how.counters ? { counters: how.counters } : {}), span: c.span(start, c.i) };
}

/** The same move for another object. */
function parseReturnDestination(object: Selector, like: Extract<Action, { kind: 'move' }>): Action {
  return { ...like, object };
}

/** The second object's move of `… and up to one target sorcery card from your graveyard to your hand`, handed to parseReturns. */
const pendingSecond = new WeakMap<Words, Action>();

/** After `return` (or `returns`): its moves (two when two objects share one destination), or undefined (cursor unchanged). */
export function parseReturns(c: Words, st: ReadState, start: number, player?: PlayerRef): Action[] | undefined {
  pendingSecond.delete(c);
  const first = parseReturn(c, st, start, player);
  if (!first) return undefined;
  const second = pendingSecond.get(c);
  pendingSecond.delete(c);
  return second ? [first, second] : [first];
}

/**
 * `return a land you control to its owner's hand` (the bounce lands), `return
 * two creatures you control to their owner's hand`: permanents the player
 * controls, of their choice (`choosing NAME`), to their owners' hands.
 */
function chosenPermanent(c: Words, st: ReadState, start: number, player: PlayerRef): Action | undefined {
  const at = c.save();
  const another = c.is('another');
  const amount = another ? ({ kind: 'const', value: 1 } as const) : c.is('a|an') ? (c.next(), { kind: 'const', value: 1 } as const) : parseAmount(c);
  const f = amount && parseSelector(c, st);
  if (!f || f.noun === 'card' || !c.oneOf(['to', 'its', "owner's", 'hand'], ['to', 'their', "owner's", 'hand'], ['to', 'their', "owners'", 'hands'], ['to', 'your', 'hand'])) {
    c.restore(at);
    return undefined;
  }
  return { kind: 'return-chosen', player, filter: f, amount: amount!, span: c.span(start, c.i) };
}

/** After `return` (or `returns`): the whole clause, or undefined (cursor unchanged). */
export function parseReturn(c: Words, st: ReadState, start: number, player: PlayerRef = { kind: 'you' }): Action | undefined {
  const chosen = chosenCard(c, st, start);
  if (chosen) return chosen;
  const bounced = chosenPermanent(c, st, start, player);
  if (bounced) return bounced;
  const at = c.save();
  let object = objectsOf(c, st);
  if (!object) return undefined;
  // `up to one target instant card and up to one target sorcery card from your graveyard`: both, to the same place.
  const andAt = c.save();
  const second = c.is('and', 'up|target|another') && c.opt('and') ? objectsOf(c, st) : undefined;
  if (!second) c.restore(andAt);
  const from = fromGraveyard(c, st);
  if (from) object = inGraveyard(object, from);
  if (second) {
    const rest = parseReturnRest(c, st, start, from ? inGraveyard(second, from) : second);
    if (!rest) {
      c.restore(at);
      return undefined;
    }
    pendingSecond.set(c, rest);
    return parseReturnDestination(object, rest);
  }
  if (!c.eat('to')) {
    c.restore(at);
    return undefined;
  }
  const to: Zone | undefined = zoneOf(c);
  if (!to) {
    c.restore(at);
    return undefined;
  }
  const how: Entering = to === 'battlefield' ? entering(c, st) : {};
  return { kind: 'move', object, to, ...(how.tapped ? { tapped: true } : {}), ...(how.controller ? { controller: how.controller } : {}), ...(how.counters ? { counters: how.counters } : {}), span: c.span(start, c.i) };
}
