// Numbers in effect text (COUNT of spec section 5): `3`, `two`, `X`, `the
// number of creature cards in your graveyard`, `its mana value`, `~'s power`,
// `that much`, `twice that much`, and `where X is …` after a predicate.

import { colorWord } from '../rules/vocabulary';
import type { Color, Expr, ObjectRef, Part } from './ir';
import { countReader, eatSelf, parseNounPhrase, parseSelector, parseSubject, type ReadState } from './selector';
import { numberWord, type Words } from './words';
import { parseDamageThisWay, parseThisWay } from './this-way';

export interface CountOptions {
  /**
   * Whom `its` is about. In a continuous effect it is each affected object
   * (no `of`: the engine evaluates it per object); in a one-shot action it is
   * the object named last (`Its controller gains life equal to its power`).
   */
  its?: ObjectRef;
}

const STATS: Record<string, 'mana-value' | 'power' | 'toughness'> = { power: 'power', toughness: 'toughness' };

/** A stat after a possessive: `mana value`, `power`, `toughness`. */
function stat(c: Words): 'mana-value' | 'power' | 'toughness' | undefined {
  if (c.opt('mana', 'value') || c.opt('converted', 'mana', 'cost')) return 'mana-value';
  const x = c.peek();
  const s = x ? STATS[x.w] : undefined;
  if (s) c.next();
  return s;
}

/** `charge counter on ~`, `+1/+1 counters on it`: after the amount word, the counters on one object. */
function countersOn(c: Words, st: ReadState, opts: CountOptions): Expr | undefined {
  const at = c.save();
  const kind = c.is('counter|counters') ? undefined : c.next()?.w;
  if (!(c.opt('counter') || c.opt('counters')) || !c.opt('on')) {
    c.restore(at);
    return undefined;
  }
  if (c.opt('it') || c.opt('him') || c.opt('her')) return { kind: 'counters', ...(kind ? { counter: kind } : {}), ...(opts.its ? { of: opts.its } : {}) };
  if (eatSelf(c, st.ctx)) return { kind: 'counters', ...(kind ? { counter: kind } : {}), of: { kind: 'self' } };
  const who = parseSubject(c, st);
  if (who && who.kind === 'object') return { kind: 'counters', ...(kind ? { counter: kind } : {}), of: who.ref };
  c.restore(at);
  return undefined;
}

/** `experience counter you have`, `energy counters you have`: counters on the player (122.1). */
function playerCounters(c: Words): Expr | undefined {
  const at = c.save();
  const kind = c.next()?.w;
  if (kind && (c.opt('counter') || c.opt('counters')) && c.opt('you', 'have')) return { kind: 'player-counters', counter: kind, player: { kind: 'you' } };
  c.restore(at);
  return undefined;
}

/**
 * What `for each` counts: `Forest you control`, `color among permanents you
 * control` (105.2), `card type among cards in your graveyard` (205.2a),
 * `charge counter on ~`, `+1/+1 counter on it`.
 */
export function parseForEach(c: Words, st: ReadState, opts: CountOptions = {}): Expr | undefined {
  const at = c.save();
  if (c.opt('color', 'among')) {
    const f = parseSelector(c, st);
    if (f) return { kind: 'colors-among', filter: f };
    c.restore(at);
    return undefined;
  }
  if (c.opt('card', 'type', 'among')) {
    const f = parseSelector(c, st);
    if (f) return { kind: 'count', filter: f, distinctCardTypes: true };
    c.restore(at);
    return undefined;
  }
  const counters = countersOn(c, st, opts);
  if (counters) return counters;
  const mine = playerCounters(c);
  if (mine) return mine;
  // `for each instant or sorcery card in your graveyard`, `for each Aura you control that's attached to a creature`
  const f = parseSelector(c, st);
  if (!f) {
    c.expect('what to count after `for each`');
    return undefined;
  }
  // `for each creature destroyed this way` (608.2c)
  return parseThisWay(c, f) ?? { kind: 'count', filter: f };
}

/** `black`, `red and green`: the colors of a devotion (700.5). */
export function parseColorList(c: Words): Color[] {
  const colors: Color[] = [];
  for (;;) {
    const col = c.peek() && colorWord(c.peek()!.w);
    if (!col) break;
    c.next();
    colors.push(col);
    if (!c.opt('and')) break;
  }
  return colors;
}

/** COUNT at the cursor, or undefined (cursor unchanged, wish noted); `N plus COUNT` adds. */
export function parseCount(c: Words, st: ReadState, opts: CountOptions = {}): Expr | undefined {
  const at = c.save();
  const e = parseOneCount(c, st, opts);
  if (!e) return undefined;
  const more = c.save();
  if (c.opt('plus')) {
    const f = parseOneCount(c, st, opts);
    if (f) return e.kind === 'sum' ? { kind: 'sum', terms: [...e.terms, f] } : { kind: 'sum', terms: [e, f] };
  }
  c.restore(more);
  void at;
  return e;
}

function parseOneCount(c: Words, st: ReadState, opts: CountOptions): Expr | undefined {
  const at = c.save();
  // What the scenario does not record (`the number of spells you've cast this turn`), before the counts it reads.
  const pastCount = c.is('the', 'number', 'of') ? pastValue(c, st) : undefined;
  if (pastCount) return pastCount;
  // `the greatest power among creatures you control`
  if (c.opt('the', 'greatest') || c.opt('the', 'highest')) {
    const s = stat(c);
    if (s && c.opt('among')) {
      const f = parseSelector(c, st);
      if (f) return { kind: 'greatest', stat: s, filter: f };
    }
    c.expect('`power among …`, `toughness among …` or `mana value among …`');
    c.restore(at);
    return undefined;
  }
  // 700.5: `your devotion to black`
  if (c.opt('your', 'devotion', 'to')) {
    const colors = parseColorList(c);
    if (colors.length) return { kind: 'devotion', colors, player: { kind: 'you' } };
    c.restore(at);
    return undefined;
  }
  if (c.opt('your', 'life', 'total')) return { kind: 'player-stat', stat: 'life', player: { kind: 'you' } };
  if (c.opt('the', 'number', 'of', 'cards', 'in', 'your', 'hand')) return { kind: 'player-stat', stat: 'hand', player: { kind: 'you' } };
  // Converge: `the number of colors of mana spent to cast this spell`: not recorded by the scenario, answered with `choosing N`.
  if (c.opt('the', 'number', 'of', 'colors', 'of', 'mana', 'spent', 'to', 'cast') && (eatSelf(c, st.ctx) || c.opt('it'))) return { kind: 'answer', what: 'the number of colors of mana spent to cast it' };
  c.restore(at);
  if (c.opt('the', 'number', 'of', 'colors', 'among')) {
    const f = parseSelector(c, st);
    if (f) return { kind: 'colors-among', filter: f };
    c.restore(at);
    return undefined;
  }
  if (c.opt('the', 'number', 'of')) {
    const counters = countersOn(c, st, opts) ?? playerCounters(c);
    if (counters) return counters;
    // `the number of aim counters removed this way` (a cost paid as it was activated; costs are not paid in scenarios): answered with `choosing N`.
    const kindAt = c.save();
    c.next();
    if (c.opt('counters', 'removed', 'this', 'way') || c.opt('counter', 'removed', 'this', 'way')) return { kind: 'answer', what: c.slice(at, c.i) };
    c.restore(kindAt);
    c.restore(at);
  }
  // `twice that much`, `twice the number of …`
  if (c.opt('twice')) {
    const e = parseCount(c, st, opts);
    if (e) return { kind: 'times', factor: 2, expr: e };
    c.restore(at);
    return undefined;
  }
  if (c.opt('the', 'number', 'of')) {
    // Tarmogoyf: `the number of card types among cards in all graveyards` (205.2a)
    const among = c.opt('card', 'types', 'among');
    const f = parseSelector(c, st);
    const way = f && !among ? parseThisWay(c, f) : undefined;
    if (way) return way;
    if (f) return plus(c, { kind: 'count', filter: f, ...(among ? { distinctCardTypes: true } : {}) });
    c.expect('what to count after `the number of`');
    c.restore(at);
    return undefined;
  }
  if (c.oneOf(['that', 'much'], ['that', 'many'])) return { kind: 'event-amount' };
  // `the damage dealt this way` (608.2c)
  const dealt = parseDamageThisWay(c);
  if (dealt) return dealt;
  // `that card's mana value` after a card revealed from a library (hidden: no object named before): answered with `choosing N`.
  // `that spell's` with no spell named before (a trigger's spell) is a value of the past (pastValue, below).
  const spell = c.is('that', "spell's");
  const lastRef = st.last?.kind === 'object' ? st.last.ref : undefined;
  if (c.is('that', "card's") || (spell && lastRef && lastRef.kind !== 'self')) {
    // The card named before; the source itself (`~ deals damage equal to that card's …`) is not it: then the object of the clause before.
    const named = lastRef ? (lastRef.kind === 'self' ? ({ kind: 'it' } as const) : lastRef) : undefined;
    c.i += 2;
    const s = stat(c);
    if (s && named) return { kind: 'stat', stat: s, of: named };
    if (s) return { kind: 'answer', what: `${c.slice(at, c.i)} (the card is hidden)` };
    c.restore(at);
  }
  const past = pastValue(c, st);
  if (past) return past;
  // `its mana value`, `their power`, `that creature's toughness`
  if (c.oneOf(['its'], ['their'], ['that', "creature's"], ['that', "permanent's"])) {
    const s = stat(c);
    if (s) return { kind: 'stat', stat: s, ...(opts.its ? { of: opts.its } : {}) };
    c.restore(at);
  }
  // `~'s power`, `this creature's mana value`
  if (eatSelf(c, st.ctx)) {
    const s = stat(c);
    if (s) return { kind: 'stat', stat: s, of: { kind: 'self' } };
    c.restore(at);
  }
  // `the chosen number`, `the last chosen number` (Shapeshifter): the number chosen as it entered (614.12a).
  if (c.opt('the', 'chosen', 'number') || c.opt('the', 'last', 'chosen', 'number')) return { kind: 'chosen-number', index: 0 };
  if (c.opt('x')) return { kind: 'x' };
  const x = c.peek();
  if (x) {
    const n = numberWord(x.w);
    if (n !== undefined && x.w !== 'a' && x.w !== 'an') {
      c.next();
      return { kind: 'const', value: n };
    }
  }
  c.expect('a number or a count (`the number of …`, `its mana value`, `X`)');
  return undefined;
}

/**
 * A value the scenario does not record, answered by the event with `choosing
 * N`: a spell's (the model has no stack, so `that spell` is never there), a
 * cost's (`the sacrificed creature's power`: costs are not paid), a past
 * event's (`the power of the creature that died`, `the number of spells
 * you've cast this turn`).
 */
function pastValue(c: Words, st: ReadState): Expr | undefined {
  const at = c.save();
  const answer = (): Expr => ({ kind: 'answer', what: c.slice(at, c.i) });
  // `that spell's mana value`, `the sacrificed artifact's mana value`, `the exiled card's power`
  const owner = c.opt('that', "spell's") || (c.is('the', 'sacrificed|exiled|discarded|revealed|milled') && /'s$/.test(c.peek(2)?.w ?? '') && ((c.i += 3), true));
  if (owner) {
    if (stat(c)) return answer();
    c.restore(at);
    return undefined;
  }
  // `the power of the creature that died`, `the mana value of the sacrificed creature`
  if (c.opt('the') && stat(c) && c.opt('of', 'the')) {
    const adj = c.opt('sacrificed') || c.opt('exiled') || c.opt('discarded') || c.opt('revealed');
    const f = parseNounPhrase(c, st);
    if (f && (adj || c.oneOf(['that', 'died'], ['that', 'was', 'sacrificed'], ['sacrificed', 'this', 'way'], ['exiled', 'this', 'way'], ['discarded', 'this', 'way']))) return answer();
  }
  c.restore(at);
  // `the number of spells you've cast this turn`, `the number of creatures that died under your control this turn`
  if (c.opt('the', 'number', 'of') && parseSelector(c, st)) {
    const from = c.save();
    let past = false;
    while (!c.done && !c.is(',') && !c.is('this', 'turn|game')) {
      if (PAST_WORDS.has(c.peek()!.w)) past = true;
      c.next();
    }
    if (past && c.i > from && c.opt('this')) {
      c.next();
      return answer();
    }
  }
  c.restore(at);
  return undefined;
}

/** Verbs of what happened earlier, which the scenario does not record. */
const PAST_WORDS = new Set(["you've", 'died', 'cast', 'entered', 'attacked', 'left', 'drew', 'drawn', 'played', 'gained', 'lost', 'dealt', 'sacrificed', 'discarded', 'were', 'was', 'created', 'put']);

/** `… plus N` after a count. */
function plus(c: Words, e: Extract<Expr, { kind: 'count' }>): Expr {
  const at = c.save();
  if (c.opt('plus')) {
    const x = c.peek();
    const n = x ? numberWord(x.w) : undefined;
    if (n !== undefined) {
      c.next();
      return { ...e, plus: (e.plus ?? 0) + n };
    }
    c.expect('a number after `plus`');
  }
  c.restore(at);
  return e;
}

/** `that number [plus N]`: the count named just before (`its toughness is equal to that number plus 1`); `7 minus that number` (Shapeshifter). */
export function parseThatNumber(c: Words, previous: Expr): Expr | undefined {
  const n = c.peek() ? numberWord(c.peek()!.w) : undefined;
  if (n !== undefined && c.peek()!.w !== 'a' && c.peek()!.w !== 'an' && c.is(c.peek()!.w, 'minus', 'that', 'number')) {
    c.i += 4;
    return { kind: 'sum', terms: [{ kind: 'const', value: n }, { kind: 'neg', expr: previous }] };
  }
  if (previous.kind !== 'count' || !c.opt('that', 'number')) return undefined;
  return plus(c, previous);
}

/** A written amount before a noun (`two cards`, `a card`, `X cards`, `that many cards`). */
export function parseAmount(c: Words): Expr | undefined {
  if (c.oneOf(['that', 'many'], ['that', 'much'])) return { kind: 'event-amount' };
  const x = c.peek();
  if (!x) return undefined;
  if (x.w === 'x') {
    c.next();
    return { kind: 'x' };
  }
  const n = numberWord(x.w);
  if (n === undefined) return undefined;
  c.next();
  return { kind: 'const', value: n };
}

/** `, where X is COUNT`: X in the parts becomes that count. */
export function parseWhereX(c: Words, st: ReadState, parts: Part[], opts: CountOptions = {}): boolean {
  const at = c.save();
  if (!(c.opt(',', 'where', 'x', 'is') || c.opt('where', 'x', 'is'))) return false;
  const e = parseCount(c, st, opts);
  if (!e) {
    c.restore(at);
    return false;
  }
  replaceX(parts, e);
  return true;
}

/** Replace every `{kind:'x'}` inside `x` with `e` (in place). */
export function replaceX(x: unknown, e: Expr): void {
  if (!x || typeof x !== 'object') return;
  const o = x as Record<string, unknown>;
  for (const [k, v] of Object.entries(o)) {
    if (v && typeof v === 'object' && (v as { kind?: string }).kind === 'x') o[k] = e;
    else replaceX(v, e);
  }
}

countReader.parse = (c, st) => parseCount(c, st);
