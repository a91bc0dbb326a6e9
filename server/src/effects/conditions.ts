// Conditions and durations (spec section 5): `until end of turn`, `this
// turn`, `for as long as …` (611.2b), and the COND of `as long as COND`
// on static abilities.

import { colorWord } from '../rules/vocabulary';
import type { Color, CompareOp, Condition, Duration, Expr, Filter, ObjectRef, ObjectStatus, PlayerRef } from './ir';
import { parseColorList, parseCount } from './count';
import { parseKeyword } from './keywords';
import { eatSelf, emptyFilter, parseNounPhrase, parsePlayer, parseSelector, parseSubject, parseTail, type ReadState } from './selector';
import { numberWord, type Words } from './words';

/** `until end of turn`, `this turn`, `for as long as …`. */
export function parseDuration(c: Words, st: ReadState): Duration | undefined {
  if (c.opt('until', 'end', 'of', 'turn') || c.opt('this', 'turn')) return { kind: 'end-of-turn' };
  if (c.opt('until', 'your', 'next', 'turn') || c.opt('until', 'your', 'next', 'upkeep')) return { kind: 'until-your-next-turn' };
  if (c.is('until')) {
    c.next();
    c.expect('`end of turn` or `your next turn`');
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

/** `N or more`, `at least N`, `a`, `an`, `another`, `no`: how many a count-condition asks for; `no` → 0 (and the caller negates). */
function quantity(c: Words): { atLeast: number; none: boolean } | undefined {
  if (c.opt('no')) return { atLeast: 1, none: true };
  const at = c.save();
  const least = c.opt('at', 'least');
  const x = c.peek();
  const n = x ? numberWord(x.w) : undefined;
  if (n === undefined) {
    c.restore(at);
    return undefined;
  }
  c.next();
  if (!least) c.opt('or', 'more');
  return { atLeast: n, none: false };
}

function countCondition(filter: Filter, q: { atLeast: number; none: boolean }): Condition {
  const cond: Condition = { kind: 'count-at-least', filter, atLeast: q.atLeast };
  return q.none ? { kind: 'not', condition: cond } : cond;
}

/**
 * A comparison with a written number: `N or more`, `N or greater`, `N or
 * less`, `N or fewer`, `at least N`, `less than N`, `greater than N`,
 * `more than N`, `exactly N`, `no` (= 0).
 */
export function parseComparison(c: Words): { op: CompareOp; value: number } | undefined {
  const at = c.save();
  const num = (): number | undefined => {
    const x = c.peek();
    const n = x ? numberWord(x.w) : undefined;
    if (n !== undefined) c.next();
    return n;
  };
  if (c.opt('no')) return { op: '=', value: 0 };
  let op: CompareOp | undefined;
  if (c.opt('at', 'least')) op = '>=';
  else if (c.opt('less', 'than') || c.opt('fewer', 'than')) op = '<';
  else if (c.opt('greater', 'than') || c.opt('more', 'than')) op = '>';
  else if (c.opt('exactly')) op = '=';
  const n = num();
  if (n === undefined) {
    c.restore(at);
    return undefined;
  }
  if (op) return { op, value: n };
  if (c.opt('or', 'more') || c.opt('or', 'greater')) return { op: '>=', value: n };
  if (c.opt('or', 'less') || c.opt('or', 'fewer')) return { op: '<=', value: n };
  return { op: '=', value: n };
}

/** `one or more`, `N or more`, … before a counter word: `a divinity counter`, `seven or more quest counters`, `counters`. */
function counterCondition(c: Words, st: ReadState, object: ObjectRef): Condition | undefined {
  const at = c.save();
  const cmp = c.is('counters') ? { op: '>=' as const, value: 1 } : parseComparison(c);
  const counter = c.is('counter|counters') ? undefined : c.next()?.w;
  if (!cmp || !c.opt('counter') && !c.opt('counters')) {
    c.restore(at);
    return undefined;
  }
  // `on it`, `on him`, `on ~`
  if (!c.opt('on', 'it') && !c.opt('on', 'him') && !c.opt('on', 'her') && !c.opt('on', 'them') && !(c.opt('on') && eatSelf(c, st.ctx))) {
    c.restore(at);
    return undefined;
  }
  // `a divinity counter`: `a` reads as 1, so at least one.
  const op = cmp.op === '=' && cmp.value === 1 ? '>=' : cmp.op;
  return { kind: 'compare', left: { kind: 'counters', ...(counter ? { counter } : {}), of: object }, op, right: { kind: 'const', value: cmp.value } };
}

/** `you`, `an opponent`, `each opponent`, `its controller`: a player who has something, with `has`/`have` after. */
function playerHas(c: Words, st: ReadState): Condition | undefined {
  const at = c.save();
  const each = c.is('each', 'opponent') || c.is('each', 'player');
  const who = parsePlayer(c, st);
  if (!who || !(c.opt('have') || c.opt('has'))) {
    c.restore(at);
    return undefined;
  }
  const cmp = parseComparison(c);
  if (cmp) {
    if (c.opt('life')) return { kind: 'player-compare', player: who, stat: 'life', op: cmp.op, value: cmp.value, ...(each ? { each } : {}) };
    if (c.opt('cards') || c.opt('card')) {
      if (c.opt('in', 'hand') || c.opt('in', 'their', 'hand') || c.opt('in', 'your', 'hand') || c.opt('in', 'his', 'or', 'her', 'hand')) return { kind: 'player-compare', player: who, stat: 'hand', op: cmp.op, value: cmp.value, ...(each ? { each } : {}) };
      if (c.opt('in', 'their', 'graveyard') || c.opt('in', 'your', 'graveyard') || c.opt('in', 'his', 'or', 'her', 'graveyard')) return { kind: 'player-compare', player: who, stat: 'graveyard', op: cmp.op, value: cmp.value, ...(each ? { each } : {}) };
      c.expect('`in hand` or `in their graveyard`');
    } else c.expect('`life` or `cards in hand`');
  }
  c.restore(at);
  return undefined;
}

/** 700.5: `your devotion to black is less than five`, `your devotion to red and green is seven or greater`. */
function devotion(c: Words, st: ReadState): Condition | undefined {
  const at = c.save();
  const who = parsePlayer(c, st);
  if (!who || !c.opt('devotion', 'to')) {
    c.restore(at);
    return undefined;
  }
  const colors = parseColorList(c);
  if (!colors.length || !c.opt('is')) {
    c.expect('a color after `devotion to`, then `is …`');
    c.restore(at);
    return undefined;
  }
  const cmp = parseComparison(c);
  if (!cmp) {
    c.expect('a number (`five or more`, `less than seven`)');
    c.restore(at);
    return undefined;
  }
  return { kind: 'compare', left: { kind: 'devotion', colors, player: who }, op: cmp.op, right: { kind: 'const', value: cmp.value } };
}

/** Delirium: `there are four or more card types among cards in your graveyard` (205.2a: types, not cards). */
function cardTypesAmong(c: Words, st: ReadState): Condition | undefined {
  const at = c.save();
  c.opt('there', 'are') || c.opt('there', 'is');
  const cmp = parseComparison(c);
  if (cmp && c.opt('card', 'types') && (c.opt('among') || c.opt('are', 'among'))) {
    const f = parseSelector(c, st);
    if (f) return { kind: 'compare', left: { kind: 'count', filter: f, distinctCardTypes: true }, op: cmp.op, right: { kind: 'const', value: cmp.value } };
    c.expect('what the card types are among (`cards in your graveyard`)');
  }
  c.restore(at);
  return undefined;
}

/** COND of `as long as COND` (static conditions) and of `for as long as COND` (611.2b durations); `and`/`or` join several. */
export function parseCondition(c: Words, st: ReadState): Condition | undefined {
  const first = parseOneCondition(c, st);
  if (!first) return undefined;
  const all: Condition[] = [first];
  let joiner: 'and' | 'or' | undefined;
  for (;;) {
    const at = c.save();
    const j = c.opt('and') ? 'and' : c.opt('or') ? 'or' : undefined;
    if (!j || (joiner && j !== joiner)) {
      c.restore(at);
      break;
    }
    const next = parseOneCondition(c, st);
    if (!next) {
      c.restore(at);
      break;
    }
    joiner = j;
    all.push(next);
  }
  if (all.length === 1) return first;
  return joiner === 'or' ? { kind: 'any', conditions: all } : { kind: 'all', conditions: all };
}

/** `you return a nonland card to your hand this way`, `you sacrificed a creature this way` (608.2c): what the action before did. */
function didThisWay(c: Words, st: ReadState): Condition | undefined {
  const at = c.save();
  if (!c.is('you', 'return|returned|exile|exiled|sacrifice|sacrificed|destroy|destroyed|discard|discarded')) return undefined;
  c.next();
  const verb = c.next()!.w;
  c.opt('a') || c.opt('an') || c.opt('one', 'or', 'more');
  const f = parseSelector(c, st);
  while (f && !c.done && !c.is('this', 'way') && c.is('to|into|onto|from|your|their|its|the|hand|graveyard|battlefield|exile|library|owner\'s')) c.next();
  if (!f || !c.opt('this', 'way')) {
    c.restore(at);
    return undefined;
  }
  const discard = verb.startsWith('discard');
  const left = discard ? ({ kind: 'this-way', what: 'discarded', verb } as const) : ({ kind: 'this-way', what: 'moved', filter: f, verb } as const);
  return { kind: 'compare', left, op: '>=', right: { kind: 'const', value: 1 } };
}

function parseOneCondition(c: Words, st: ReadState): Condition | undefined {
  const at = c.save();
  const did = didThisWay(c, st);
  if (did) return did;
  // `you're the monarch` (724)
  if (c.oneOf(["you're", 'the', 'monarch'], ['you', 'are', 'the', 'monarch'])) return { kind: 'monarch', player: { kind: 'you' } };
  // `an opponent is the monarch`, `that player is the monarch`
  if (c.is('an|each|target|that|defending|the|its')) {
    const saved = { targetPlayers: st.targetPlayers, lastPlayer: st.lastPlayer };
    const p = parsePlayer(c, st);
    if (p && (c.opt('is', 'the', 'monarch') || c.opt('are', 'the', 'monarch'))) return { kind: 'monarch', player: p };
    Object.assign(st, saved);
    c.restore(at);
  }
  // `you control ~`, `you control three or more artifacts`, `you control another Goblin`, `you control no Islands`
  if (c.opt('you', 'control') || c.opt('you', 'controlled')) {
    const save = c.save();
    if (eatSelf(c, st.ctx)) return { kind: 'controls', player: { kind: 'you' }, object: { kind: 'self' } };
    c.restore(save);
    const other = c.opt('another');
    const q = other ? { atLeast: 1, none: false } : quantity(c);
    if (q) {
      const f = parseNounPhrase(c, st);
      if (f) {
        parseTail(c, st, f);
        return countCondition({ ...f, controller: { kind: 'you' }, ...(other ? { other: true } : {}) }, q);
      }
      c.restore(save);
    }
    const sel = parseSubject(c, st);
    if (sel && sel.kind === 'object') return { kind: 'controls', player: { kind: 'you' }, object: sel.ref };
    c.restore(at);
  }
  const compared = comparedCondition(c, st);
  if (compared) return compared;
  // `an opponent controls a Forest`, `defending player controls an Island`
  if (c.opt('an', 'opponent', 'controls') || c.opt('your', 'opponents', 'control') || c.opt('no', 'opponent', 'controls') || c.opt('defending', 'player', 'controls')) {
    const none = c.ws[c.i - 3]!.w === 'no';
    const q = quantity(c);
    const f = q && parseNounPhrase(c, st);
    if (q && f) {
      parseTail(c, st, f);
      return countCondition({ ...f, controller: { kind: 'opponents' } }, none ? { atLeast: q.atLeast, none: true } : q);
    }
    c.restore(at);
  }
  // `it's your turn`, `it's not your turn`
  if (c.oneOf(["it's"], ['it', 'is'])) {
    const neg = c.opt('not');
    if (c.opt('your', 'turn')) return neg ? { kind: 'not', condition: { kind: 'your-turn' } } : { kind: 'your-turn' };
    c.restore(at);
  }
  if (c.oneOf(["it's", "not", 'your', 'turn'], ["it", "isn't", 'your', 'turn'])) return { kind: 'not', condition: { kind: 'your-turn' } };
  const special = devotion(c, st) ?? playerHas(c, st) ?? cardTypesAmong(c, st);
  if (special) return special;
  // Threshold: `seven or more cards are in your graveyard`, `there are seven or more cards in your graveyard`, `a Warrior card is in your graveyard`
  {
    const save = c.save();
    c.opt('there', 'are') || c.opt('there', 'is');
    const q = quantity(c);
    // `two or more instant and/or sorcery cards in your graveyard` (Spell mastery): several nouns, one tail.
    const f = q && parseSelector(c, st);
    if (q && f) {
      c.opt('are') || c.opt('is');
      parseTail(c, st, f);
      const zoned = f.zones.length || (f.anyOf?.length && f.anyOf.every((g) => g.zones.length));
      if (zoned) return countCondition(f, q);
    }
    c.restore(save);
  }
  // `it's legendary`, `he has a +1/+1 counter on him`: a pronoun fused with its verb.
  if (c.is("it's|he's|she's")) {
    c.next();
    const obj: ObjectRef = st.last?.kind === 'object' ? st.last.ref : { kind: 'it' };
    const r = objectState(c, st, obj, false);
    if (r) return r;
    c.restore(at);
  }
  if (c.is('he|she')) {
    c.next();
    const r = objectHas(c, st, { kind: 'self' });
    if (r) return r;
    c.restore(at);
  }
  // `enchanted permanent is a creature`, `this creature is untapped`, `~ remains on the battlefield`, `~ has a divinity counter on it`
  const sel = parseSubject(c, st);
  if (sel && sel.kind === 'object') {
    const obj: ObjectRef = sel.ref;
    if (c.opt('remains', 'on', 'the', 'battlefield')) return { kind: 'on-battlefield', object: obj };
    if (c.opt('remains', 'tapped')) return { kind: 'tapped', object: obj };
    const has = objectHas(c, st, obj);
    if (has) return has;
    if (c.opt('is') || c.opt("'s") || c.opt("isn't")) {
      const neg = c.ws[c.i - 1]!.w === "isn't";
      const r = objectState(c, st, obj, neg);
      if (r) return r;
      c.expect('what it must be (`a creature`, `red`, `tapped`, `attacking`, `monstrous`, `in your graveyard`, …)');
    }
  }
  c.restore(at);
  c.expect('a condition (`you control …`, `enchanted permanent is a creature`, `it\'s your turn`, `you have N or more life`, …)');
  return undefined;
}

/**
 * Two numbers compared as the ability resolves (608.2c): `that creature's
 * power is greater than Yorvo's power`, `it has greater power or toughness
 * than Hulkling`, `an opponent controls more lands than you`.
 */
function comparedCondition(c: Words, st: ReadState): Condition | undefined {
  const at = c.save();
  const its = { its: st.last?.kind === 'object' ? st.last.ref : ({ kind: 'it' } as const) };
  // `an opponent controls more lands than you` (with two players, that opponent's lands against yours)
  if (c.opt('an', 'opponent', 'controls', 'more') || c.opt('an', 'opponent', 'controls', 'fewer')) {
    const more = c.ws[c.i - 1]!.w === 'more';
    const f = parseNounPhrase(c, st);
    if (f && c.opt('than', 'you')) {
      const count = (player: PlayerRef): Expr => ({ kind: 'count', filter: { ...f, controller: player } });
      return { kind: 'compare', left: count({ kind: 'opponents' }), op: more ? '>' : '<', right: count({ kind: 'you' }) };
    }
    c.restore(at);
    return undefined;
  }
  // `it has greater power or toughness than Hulkling`
  if (c.is('it|that|~') || eatSelfAhead(c, st)) {
    const s = parseSubject(c, st);
    if (s && s.kind === 'object' && (c.opt('has', 'greater') || c.opt('has', 'less'))) {
      const op: CompareOp = c.ws[c.i - 1]!.w === 'greater' ? '>' : '<';
      const stats: ('power' | 'toughness')[] = [];
      while (c.is('power|toughness')) {
        stats.push(c.next()!.w as 'power' | 'toughness');
        if (!c.opt('or')) break;
      }
      const other = stats.length && c.opt('than') ? parseSubject(c, st) : undefined;
      if (other && other.kind === 'object') {
        const each = stats.map((stat): Condition => ({ kind: 'compare', left: { kind: 'stat', stat, of: s.ref }, op, right: { kind: 'stat', stat, of: other.ref } }));
        return each.length === 1 ? each[0]! : { kind: 'any', conditions: each };
      }
    }
    c.restore(at);
  }
  // `that creature's power is greater than Yorvo's power`: `that creature` is never the card named by its name (Yorvo), so with only that before it, it is not read.
  if (c.is('that') && st.last?.kind === 'object' && st.last.ref.kind === 'self') return undefined;
  const left = c.is('that|its|~|the') || eatSelfAhead(c, st) ? parseCount(c, st, its) : undefined;
  if (left && c.opt('is')) {
    const op: CompareOp | undefined = c.opt('greater', 'than', 'or', 'equal', 'to') ? '>=' : c.opt('less', 'than', 'or', 'equal', 'to') ? '<=' : c.opt('greater', 'than') ? '>' : c.opt('less', 'than') ? '<' : c.opt('equal', 'to') ? '=' : undefined;
    const right = op ? parseCount(c, st, its) : undefined;
    if (op && right) return { kind: 'compare', left, op, right };
  }
  c.restore(at);
  return undefined;
}

/** Whether the card's own name (or `this`) starts here, without moving. */
function eatSelfAhead(c: Words, st: ReadState): boolean {
  const at = c.save();
  const yes = eatSelf(c, st.ctx);
  c.restore(at);
  return yes;
}

/** `has a divinity counter on it`, `has counters on it`, `has flying`. */
function objectHas(c: Words, st: ReadState, obj: ObjectRef): Condition | undefined {
  const at = c.save();
  if (!c.opt('has') && !c.opt('have')) return undefined;
  const counters = counterCondition(c, st, obj);
  if (counters) return counters;
  const k = parseKeyword(c, st);
  if (k) return { kind: 'object-is', object: obj, filter: { ...emptyFilter(), withKeywords: [k.keyword] } };
  c.restore(at);
  return undefined;
}

const STATUS = new Set<ObjectStatus>(['attacking', 'blocking', 'monstrous', 'renowned']);

/** After `is` / `isn't`: `[not] tapped`, `attacking`, `monstrous`, `legendary`, `red`, `a creature`, `in your graveyard`, `attached to a creature`, `equipped`. */
function objectState(c: Words, st: ReadState, obj: ObjectRef, negated: boolean): Condition | undefined {
  const neg = negated || c.opt('not');
  const wrap = (cond: Condition): Condition => (neg ? { kind: 'not', condition: cond } : cond);
  if (c.opt('tapped')) return wrap({ kind: 'tapped', object: obj });
  if (c.opt('untapped')) return wrap({ kind: 'not', condition: { kind: 'tapped', object: obj } });
  const x = c.peek();
  if (x && STATUS.has(x.w as ObjectStatus)) {
    c.next();
    return wrap({ kind: 'status', object: obj, status: x.w as ObjectStatus });
  }
  // 113.6: `As long as ~ is in your graveyard, …`: the ability works from that zone.
  if (c.opt('in', 'your', 'graveyard') || c.opt('in', 'a', 'graveyard')) return wrap({ kind: 'in-zone', object: obj, zone: 'graveyard' });
  if (c.opt('in', 'exile')) return wrap({ kind: 'in-zone', object: obj, zone: 'exile' });
  if (c.opt('on', 'the', 'battlefield')) return wrap({ kind: 'in-zone', object: obj, zone: 'battlefield' });
  if (c.opt('equipped')) return wrap({ kind: 'has-attached', object: obj, via: 'equipped' });
  if (c.opt('enchanted')) return wrap({ kind: 'has-attached', object: obj, via: 'enchanted' });
  if (c.opt('attached', 'to')) {
    c.opt('a') || c.opt('an');
    const f = parseNounPhrase(c, st);
    if (f) return wrap({ kind: 'attached', object: obj, filter: f });
    c.expect('what it is attached to (`a creature`)');
    return undefined;
  }
  c.opt('a') || c.opt('an');
  const f = parseNounPhrase(c, st);
  if (f) return wrap({ kind: 'object-is', object: obj, filter: f });
  // Adjectives alone: `legendary`, `red`, `colorless`, `red or green`.
  const adj = emptyFilter();
  const colors: Color[] = [];
  for (;;) {
    const w = c.peek()?.w;
    if (!w) break;
    const col = colorWord(w);
    if (col) colors.push(col);
    else if (w === 'legendary') adj.supertypes.push('Legendary');
    else if (w === 'snow') adj.supertypes.push('Snow');
    else if (w === 'colorless') adj.colorless = true;
    else if (w === 'multicolored') adj.multicolored = true;
    else if (w === 'monocolored') adj.multicolored = false;
    else break;
    c.next();
    if (!c.opt('or')) break;
  }
  if (colors.length > 1) return wrap({ kind: 'any', conditions: colors.map((col) => ({ kind: 'object-is' as const, object: obj, filter: { ...emptyFilter(), colors: [col] } })) });
  if (colors.length) adj.colors = colors;
  if (colors.length || adj.supertypes.length || adj.colorless !== undefined || adj.multicolored !== undefined) return wrap({ kind: 'object-is', object: obj, filter: adj });
  return undefined;
}
