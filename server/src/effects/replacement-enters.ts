// Replacement effects that modify how a permanent enters (614.1c, 614.1d,
// 614.12): `~ enters tapped [unless COND]`, `~ enters with N COUNTER counters
// on it [for each …] [if …]`, `Each other Warrior you control enters with an
// additional +1/+1 counter on it`, `As ~ enters, choose … / name a card /
// roll a six-sided die / you may reveal …`, and the two-sentence
// `As ~ enters, you may pay 2 life. If you don't, ~ enters tapped.`

import type { Action, ChoiceKind, ChoiceLimit, Condition, EffectSpec, Expr, Part, ReplacementSpec, Selector } from './ir';
import { parseCondition } from './conditions';
import { parseCount } from './count';
import { eatSelf, emptyFilter, parseNounPhrase, parseSelector, parseSubject, type ReadState } from './selector';
import { colorWord } from '../rules/vocabulary';
import { numberWord, type Words } from './words';

type Spec = ReplacementSpec;

export function eatEnters(c: Words): boolean {
  if (!c.is('enter|enters')) return false;
  c.next();
  c.opt('the', 'battlefield');
  return true;
}

/** `on it`, `on him`, `on her`, `on them` after the counters. */
function eatOnIt(c: Words): boolean {
  return c.opt('on', 'it') || c.opt('on', 'him') || c.opt('on', 'her') || c.opt('on', 'them');
}

/** A counter kind: `+1/+1`, `-1/-1`, `charge`, `loyalty`, `divinity`; then `counter(s)`. */
function counterKind(c: Words): string | undefined {
  const at = c.save();
  const k = c.next();
  if (k && (k.kind === 'pt' || k.kind === 'word') && (c.opt('counter') || c.opt('counters'))) return k.raw.toLowerCase();
  c.restore(at);
  return undefined;
}

/**
 * After `SUBJECT enters`: `tapped [unless COND]`, `with AMOUNT COUNTER counters on it …`.
 * (`as a copy of …` and `under your control` are read by replacement.ts.)
 */
export function parseEntersRest(c: Words, st: ReadState, affected: Selector): Spec | undefined {
  if (c.opt('tapped')) {
    // 614.12 / 305.7 rulings: "unless you control …" is judged as the land would enter, from what is already there.
    if (c.opt('unless')) {
      const cond = unlessCondition(c, st);
      if (!cond) return undefined;
      return { kind: 'enters-tapped', affected, unless: cond };
    }
    return { kind: 'enters-tapped', affected };
  }
  if (c.opt('with')) return entersWith(c, st, affected);
  return undefined;
}

/** `unless you control a Swamp or a Mountain` (either one), `unless you control two or more other lands`. */
function unlessCondition(c: Words, st: ReadState): Condition | undefined {
  const cond = parseCondition(c, st);
  if (!cond || cond.kind !== 'count-at-least' || cond.atLeast !== 1) return cond;
  const alts = [cond.filter];
  for (;;) {
    const at = c.save();
    if (!(c.opt('or', 'a') || c.opt('or', 'an') || c.opt(',', 'a') || c.opt(',', 'an') || c.opt(',', 'or', 'a') || c.opt(',', 'or', 'an'))) break;
    const f = parseNounPhrase(c, st);
    if (!f) {
      c.restore(at);
      break;
    }
    alts.push({ ...f, controller: cond.filter.controller });
  }
  return alts.length === 1 ? cond : { kind: 'count-at-least', atLeast: 1, filter: { ...emptyFilter(), anyOf: alts } };
}

/** `with a +1/+1 counter on it`, `with X charge counters on it`, `with an additional …`, `with a number of … equal to …`. */
function entersWith(c: Words, st: ReadState, affected: Selector): Spec | undefined {
  let amount: Expr | undefined;
  let equalTo = false;
  if (c.opt('a', 'number', 'of')) equalTo = true;
  else if (c.opt('x')) amount = { kind: 'x' };
  else {
    const n = c.peek() ? numberWord(c.peek()!.w) : undefined;
    if (n === undefined) {
      c.expect('how many counters (`a`, `two`, `X`, `an additional`, `a number of`)');
      return undefined;
    }
    c.next();
    amount = { kind: 'const', value: n };
  }
  // `an additional +1/+1 counter`: added to any it already enters with (the same replacement, read as such).
  c.opt('additional');
  const counter = counterKind(c);
  if (!counter) {
    c.expect('the kind of counter (`+1/+1 counter`, `charge counters`)');
    return undefined;
  }
  if (!eatOnIt(c)) {
    c.expect('`on it`');
    return undefined;
  }
  if (equalTo) {
    if (!c.eat('equal', 'to')) return undefined;
    amount = equalToAmount(c, st);
    if (!amount) return undefined;
  } else if (c.opt('for', 'each')) {
    const each = forEach(c, st);
    if (!each) return undefined;
    amount = amount!.kind === 'const' && amount!.value === 1 ? each : { kind: 'times', factor: amount!.kind === 'const' ? amount!.value : 1, expr: each };
  }
  // `, where X is the greatest power among other creatures you control`
  if (amount!.kind === 'x' && (c.opt(',', 'where', 'x', 'is') || c.opt('where', 'x', 'is'))) {
    amount = parseCount(c, st) ?? pastNumber(c);
    if (!amount) return undefined;
  }
  let condition: Condition | undefined;
  if (c.opt('if')) {
    condition = entryCondition(c, st);
    if (!condition) return undefined;
  }
  return { kind: 'enters-with-counters', affected, counter, amount: amount!, ...(condition ? { condition } : {}) };
}

/** `equal to the result` (of a die rolled as it entered), `equal to COUNT`. */
function equalToAmount(c: Words, st: ReadState): Expr | undefined {
  if (c.opt('the', 'result') || c.opt('the', 'first', 'result')) return { kind: 'chosen-number', index: 0 };
  if (c.opt('the', 'second', 'result')) return { kind: 'chosen-number', index: 1 };
  if (c.opt('the', 'chosen', 'number')) return { kind: 'chosen-number', index: 0 };
  return parseCount(c, st);
}

/**
 * After `for each`: a count of objects (`other Kithkin you control`), the
 * cards revealed as it entered (`card revealed this way`: the number chosen),
 * or a number the scenario does not record and the event answers with
 * `choosing N` (`time it was kicked`, `color of mana spent to cast it`).
 */
function forEach(c: Words, st: ReadState): Expr | undefined {
  const at = c.save();
  if (c.opt('card', 'revealed', 'this', 'way') || c.opt('card', 'exiled', 'this', 'way') || c.opt('counter', 'removed', 'this', 'way')) return { kind: 'chosen-number', index: 0 };
  if (c.opt('color', 'of', 'mana', 'spent', 'to', 'cast', 'it') || c.opt('color', 'of', 'mana', 'spent', 'to', 'cast', 'this', 'spell')) {
    return { kind: 'answer', what: 'the number of colors of mana spent to cast it' };
  }
  if (c.opt('time')) {
    // `time it was kicked`, `time you've cast a commander from the command zone this game`: a count of past events.
    const from = c.save();
    while (!c.done && !c.is('if') && !c.is(',')) c.next();
    if (c.i === from) {
      c.restore(at);
      c.expect('what is counted after `for each time`');
      return undefined;
    }
    return { kind: 'answer', what: `the number of times ${c.slice(from, c.i)}` };
  }
  const f = parseSelector(c, st);
  if (f && !c.is('that|which')) return { kind: 'count', filter: f };
  // `for each creature that died this turn`: a count of past events, answered with `choosing N`.
  if (f && (c.opt('that') || c.opt('which'))) {
    const from = c.save();
    let past = false;
    while (!c.done && !c.is('if') && !c.is(',')) {
      if (PAST.has(c.peek()!.w)) past = true;
      c.next();
    }
    if (past) return { kind: 'answer', what: `the number of ${c.slice(at, c.i)}` };
    c.restore(from);
  }
  c.restore(at);
  c.expect('what to count after `for each`');
  return undefined;
}

/** `the highest number you noted for cards named …`: a number from the past, answered with `choosing X=N`. */
function pastNumber(c: Words): Expr | undefined {
  const at = c.save();
  let past = false;
  while (!c.done && !c.is('if')) {
    if (PAST.has(c.peek()!.w)) past = true;
    c.next();
  }
  if (past && c.i > at) return { kind: 'answer', what: c.slice(at, c.i) };
  c.restore(at);
  return undefined;
}

/** Words of a past fact: the scenario does not record how a spell was cast or what happened earlier in the turn. */
const PAST = new Set(['targets', "you've", 'had', 'left', "wasn't", "weren't", "didn't", 'became', 'cycled', 'activated', 'countered', 'milled', 'cast', 'spent', 'kicked', 'lost', 'gained', 'attacked', 'died', 'dealt', 'was', 'were', 'paid', 'sacrificed', 'discarded', 'drew', 'played', 'entered', 'noted', 'put', 'destroyed', 'exiled', 'blocked', 'created']);

/**
 * The condition of `… enters with … if COND`: a condition on the board
 * (`if you control a Wizard`), or a fact about the past that the event
 * answers with `choosing yes` / `choosing no` (`if you cast it from your
 * hand`, `if an opponent lost life this turn`, `if at least three mana of the
 * same color was spent to cast this spell`).
 */
export function entryCondition(c: Words, st: ReadState, stopAtComma = false): Condition | undefined {
  const at = c.save();
  const cond = parseCondition(c, st);
  if (cond && (c.done || (stopAtComma && c.is(',')))) return cond;
  c.restore(at);
  let past = false;
  while (!c.done && !(stopAtComma && c.is(','))) {
    if (PAST.has(c.peek()!.w)) past = true;
    c.next();
  }
  if (!past || c.i === at) {
    c.restore(at);
    c.expect('a condition (`you control …`) or a fact about how it was cast (`you cast it from your hand`)');
    return undefined;
  }
  return { kind: 'answer', question: c.slice(at, c.i) };
}

/** `If at least three mana of the same color was spent to cast this spell, ~ enters with a +1/+1 counter on it.` */
export function parseIfEnters(c: Words, st: ReadState): Spec | undefined {
  const at = c.save();
  if (!c.opt('if')) return undefined;
  const cond = entryCondition(c, st, true);
  if (!cond || !c.opt(',')) {
    c.restore(at);
    return undefined;
  }
  const subj = parseSubject(c, st);
  if (!subj || subj.kind === 'player' || !eatEnters(c)) {
    c.restore(at);
    return undefined;
  }
  const spec = parseEntersRest(c, st, subj);
  if (!spec || !c.done) {
    c.restore(at);
    return undefined;
  }
  if (spec.kind === 'enters-with-counters') return { ...spec, condition: spec.condition ? { kind: 'all', conditions: [cond, spec.condition] } : cond };
  return { ...spec, condition: cond };
}

// ---------------------------------------------------------------------------
// As ~ enters, …

/** `As ~ enters,` / `As this land enters,` / `As it enters,`. */
export function eatAsEnters(c: Words, st: ReadState): boolean {
  const at = c.save();
  if (!c.opt('as')) return false;
  const self = eatSelf(c, st.ctx) || c.opt('it');
  if (self && eatEnters(c) && c.opt(',')) return true;
  c.restore(at);
  return false;
}

/** What is chosen after `choose`: `a color [other than green]`, `a number between 0 and 7`, `a permanent you don't control`, … */
function choiceOf(c: Words, st: ReadState): { kind: ChoiceKind; limit?: ChoiceLimit } | undefined {
  if (c.opt('color') || c.opt('colors')) {
    if (c.opt('other', 'than')) {
      const col = c.peek() && colorWord(c.peek()!.w);
      if (!col) return undefined;
      c.next();
      return { kind: 'color', limit: { notColor: col } };
    }
    return { kind: 'color' };
  }
  if (c.opt('creature', 'type') || c.opt('creature', 'types')) return { kind: 'creature-type' };
  if (c.opt('basic', 'land', 'type') || c.opt('basic', 'land', 'types')) return { kind: 'basic-land-type' };
  if (c.opt('player')) return { kind: 'player' };
  if (c.opt('opponent')) return { kind: 'opponent' };
  if (c.opt('card', 'name')) return { kind: 'card-name' };
  if (c.opt('number')) {
    if (c.opt('between')) {
      const a = c.peek() && numberWord(c.peek()!.w);
      if (a === undefined) return undefined;
      c.next();
      if (!c.eat('and')) return undefined;
      const b = c.peek() && numberWord(c.peek()!.w);
      if (b === undefined) return undefined;
      c.next();
      return { kind: 'number', limit: { min: a, max: b } };
    }
    return { kind: 'number' };
  }
  // `choose a permanent you don't control`, `choose a creature`
  const from = c.save();
  const f = parseSelector(c, st);
  if (f) return { kind: 'object', limit: { filter: f, what: c.slice(from, c.i) } };
  return undefined;
}

/**
 * The first sentence of `As ~ enters, …`: `choose …` (614.12a), `name a
 * [nonland] card`, `roll a six-sided die [twice]` (the result answered with
 * `choosing N`), `you may reveal any number of … cards from your hand` (how
 * many, answered with `choosing N`).
 */
export function parseAsEnters(c: Words, st: ReadState): Spec | undefined {
  const at = c.save();
  if (!eatAsEnters(c, st)) return undefined;
  if (c.opt('choose')) {
    const choices: ChoiceKind[] = [];
    const limits: ChoiceLimit[] = [];
    for (;;) {
      const n = c.peek() ? numberWord(c.peek()!.w) ?? 1 : 1;
      if (c.peek() && numberWord(c.peek()!.w) !== undefined) c.next();
      const ch = choiceOf(c, st);
      if (!ch) {
        c.expect('what to choose (a color, a creature type, a basic land type, a player, an opponent, a number, a permanent)');
        c.restore(at);
        return undefined;
      }
      for (let i = 0; i < n; i++) {
        choices.push(ch.kind);
        limits.push(ch.limit ?? {});
      }
      if (c.opt('and') || c.opt(',')) continue;
      break;
    }
    return { kind: 'as-enters-choose', choices, ...(limits.some((l) => Object.keys(l).length) ? { limits } : {}) };
  }
  // `name a card`, `name a nonland card`: a card name (any words), the filter shown.
  if (c.opt('name')) {
    const from = c.save();
    c.opt('a') || c.opt('an');
    const f = parseSelector(c, st);
    if (!f || f.noun !== 'card') {
      c.expect('what kind of card to name (`a card`, `a nonland card`)');
      c.restore(at);
      return undefined;
    }
    return { kind: 'as-enters-choose', choices: ['card-name'], limits: [{ filter: f, what: `${c.slice(from, c.i)} name` }] };
  }
  // 706: `roll a six-sided die [twice]`; the results are answered with `choosing 4` (or `choosing 2, 5`).
  if (c.opt('roll', 'a')) {
    const sides = c.peek() && /^(\w+)-sided$/.exec(c.peek()!.w);
    const n = sides ? numberWord(sides[1]!) : undefined;
    if (n === undefined || (c.next(), !c.eat('die'))) {
      c.restore(at);
      return undefined;
    }
    const times = c.opt('twice') ? 2 : 1;
    const limit: ChoiceLimit = { min: 1, max: n, what: `the result of a ${n}-sided die roll` };
    return { kind: 'as-enters-choose', choices: Array(times).fill('number'), limits: Array(times).fill(limit) };
  }
  // `remove all counters from all permanents` (Thief of Blood)
  if (c.opt('remove', 'all', 'counters', 'from')) {
    const f = parseSelector(c, st);
    if (f) return { kind: 'as-enters-remove-counters', from: f };
  }
  // `you may reveal any number of other artifact cards from your hand`: how many (hidden cards), answered with `choosing N`.
  if (c.opt('you', 'may', 'reveal', 'any', 'number', 'of')) {
    const from = c.save();
    const f = parseSelector(c, st);
    if (f && c.opt('from', 'your', 'hand')) return { kind: 'as-enters-choose', choices: ['number'], limits: [{ min: 0, what: `the number of ${c.slice(from, c.i)} revealed` }] };
  }
  c.restore(at);
  return undefined;
}

/**
 * The whole line `As ~ enters, you may pay 2 life. If you don't, ~ enters
 * tapped.` (shock lands), `As this land enters, you may reveal an Elemental
 * card from your hand. If you don't, this land enters tapped.` One replacement
 * (614.12): its controller chooses as it enters (`choosing yes|no`).
 */
export function parseEntryOption(c: Words, st: ReadState): Spec | undefined {
  const at = c.save();
  if (!eatAsEnters(c, st) || !c.opt('you', 'may')) return fail();
  let option: { what: string; actions: Action[] } | undefined;
  const from = c.save();
  if (c.opt('pay')) {
    const n = c.peek() && numberWord(c.peek()!.w);
    if (n === undefined || (c.next(), !c.opt('life'))) return fail();
    // 119.4: paying life is losing that much life.
    option = { what: c.slice(from, c.i), actions: [{ kind: 'lose-life', player: { kind: 'you' }, amount: { kind: 'const', value: n } }] };
  } else if (c.opt('reveal')) {
    c.opt('a') || c.opt('an');
    const f = parseSelector(c, st);
    if (!f || !c.opt('from', 'your', 'hand')) return fail();
    // Revealing a card from a hand changes nothing on the battlefield: only whether it enters tapped.
    option = { what: c.slice(from, c.i), actions: [] };
  }
  if (!option || !c.opt('.') || !c.opt('if', 'you', "don't") || !c.opt(',')) return fail();
  const subj = parseSubject(c, st);
  if (!subj || subj.kind === 'player' || !eatEnters(c) || !c.opt('tapped')) return fail();
  c.opt('.');
  if (!c.done) return fail();
  return { kind: 'enters-tapped', affected: subj, option };

  function fail(): undefined {
    c.restore(at);
    return undefined;
  }
}

/**
 * `As ~ enters, roll a six-sided die twice. Its base power becomes the first
 * result and its base toughness becomes the second result.` (Elvish
 * Impersonators): the rolls are its entry choices (answered with `choosing
 * 3, 5`), and the second sentence sets its base power and toughness (layer
 * 7b) from them for as long as it is on the battlefield.
 */
export function parseAsEntersResults(c: Words, st: ReadState): { replacements: Spec[]; effects: EffectSpec[] } | undefined {
  const at = c.save();
  const choose = parseAsEnters(c, st);
  if (!choose || choose.kind !== 'as-enters-choose' || !c.opt('.')) return fail();
  const parts: Extract<Part, { kind: 'pt' }> = { layer: '7b', kind: 'pt' };
  for (;;) {
    if (!(c.opt('its', 'base') || c.opt('its'))) return fail();
    const side = c.opt('power') ? 'power' : c.opt('toughness') ? 'toughness' : undefined;
    if (!side || !(c.opt('becomes') || c.opt('is'))) return fail();
    const v = equalToAmount(c, st);
    if (!v) return fail();
    parts[side] = v;
    if (c.opt('and')) continue;
    break;
  }
  c.opt('.');
  if (!c.done) return fail();
  return { replacements: [choose], effects: [{ affected: { kind: 'object', ref: { kind: 'self' } }, parts: [parts] }] };

  function fail(): undefined {
    c.restore(at);
    return undefined;
  }
}
