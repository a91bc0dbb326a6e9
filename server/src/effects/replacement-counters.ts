// Counter replacements (614.1a): `If one or more +1/+1 counters would be put
// on a creature you control, twice that many +1/+1 counters are put on it
// instead` (Corpsejack Menace), `… that many plus one …` (Hardened Scales),
// `If you would put one or more counters on a permanent or player, put twice
// that many of each of those kinds of counters on that permanent or player
// instead` (Innkeeper's Talent), `If an effect would put one or more counters
// on a permanent you control, it puts twice that many …` (Doubling Season).

import type { EventPattern, ReplacementSpec, Selector } from './ir';
import { parseSelector, parseSubject, type ReadState } from './selector';
import { numberWord, type Words } from './words';

type CountersPattern = Extract<EventPattern, { kind: 'counters' }>;

/** `one or more +1/+1 counters`, `one or more counters`: the kind, or '' for any. */
function oneOrMore(c: Words): string | undefined {
  if (!c.opt('one', 'or', 'more')) return undefined;
  if (c.opt('counters')) return '';
  const k = c.next();
  if (k && (k.kind === 'pt' || k.kind === 'word') && c.opt('counters')) return k.raw.toLowerCase();
  return undefined;
}

/** What the counters would be put on: `a creature you control`, `a permanent or player`, `~`. */
function recipient(c: Words, st: ReadState): Selector | undefined {
  const at = c.save();
  const s = parseSubject(c, st);
  if (s && s.kind === 'object') return s;
  c.restore(at);
  c.opt('a') || c.opt('an');
  const f = parseSelector(c, st);
  if (!f) return undefined;
  // `a permanent or player`: players have no counters in a scenario; the permanents are what can be matched.
  c.opt('or', 'player');
  return { kind: 'filter', filter: f };
}

/** `twice that many`, `three times that many`, `that many plus one`. */
function product(c: Words): { multiply?: number; add?: number } | undefined {
  if (c.opt('twice', 'that', 'many')) return { multiply: 2 };
  const n = c.peek() && numberWord(c.peek()!.w);
  if (n !== undefined && c.peek(1)?.w === 'times') {
    c.next();
    c.next();
    if (c.eat('that', 'many')) return { multiply: n };
    return undefined;
  }
  if (c.opt('that', 'many', 'plus')) {
    const k = c.peek() && numberWord(c.peek()!.w);
    if (k === undefined) return undefined;
    c.next();
    return { add: k };
  }
  return undefined;
}

/** `on it`, `on that creature`, `on that permanent or player`: the same recipient as the event. */
function eatOnSame(c: Words): boolean {
  return c.oneOf(['on', 'that', 'permanent', 'or', 'player'], ['on', 'it'], ['on', 'that', 'creature'], ['on', 'that', 'permanent'], ['on', 'them']);
}

export function parseCounterReplacement(c: Words, st: ReadState): ReplacementSpec | undefined {
  const at = c.save();
  if (!c.opt('if')) return undefined;
  let counter: string | undefined;
  let byYou = false;
  // `If you would put one or more counters on …`, `If an effect would put …`
  if (c.opt('you', 'would', 'put')) byYou = true;
  else if (!c.opt('an', 'effect', 'would', 'put')) {
    counter = oneOrMore(c);
    if (counter === undefined || !(c.opt('would', 'be', 'put', 'on') || c.opt('would', 'be', 'placed', 'on'))) return fail();
  }
  if (counter === undefined) {
    counter = oneOrMore(c);
    if (counter === undefined || !c.opt('on')) return fail();
  }
  const object = recipient(c, st);
  if (!object || !c.opt(',')) return fail();
  // What is put instead: `twice that many +1/+1 counters are put on it instead`, `put twice that many of each of those kinds of counters on …`, `it puts twice that many of those counters …`
  c.opt('put') || c.opt('it', 'puts');
  const p = product(c);
  if (!p) {
    c.expect('how many counters instead (`twice that many`, `that many plus one`)');
    return fail();
  }
  if (!(c.opt('of', 'each', 'of', 'those', 'kinds', 'of', 'counters') || c.opt('of', 'those', 'counters') || c.opt(counter || 'counters', 'counters') || c.opt(counter || 'counters', 'counter') || c.opt('counters'))) {
    c.expect('the counters (`+1/+1 counters`, `of those counters`)');
    return fail();
  }
  c.opt('are', 'put') || c.opt('are', 'placed');
  if (!eatOnSame(c) || !c.opt('instead')) {
    c.expect('`on it instead`');
    return fail();
  }
  const event: CountersPattern = { kind: 'counters', object, ...(counter ? { counter } : {}) };
  return { kind: 'modify-counters', event, ...p, ...(byYou ? { byYou } : {}) };

  function fail(): undefined {
    c.restore(at);
    return undefined;
  }
}
