// Expectations (spec section 6): `expect X P/T`, `expect X: fact; fact; …`,
// `expect loop A, B`, `expect A depends on B`. Facts are read from the raw
// line (they hold type lines and quoted abilities); `or` separates the
// alternatives of one fact (`zone exile or library`, 616.1).

import { cardType, COLOR_WORDS, keywordShape, subtypeOf, supertype } from '../rules/vocabulary';
import type { ExpectSyntax, Fact, FactSyntax, NameRef, ZoneName } from './ast';
import { Cursor, isNameToken, nameList, nameRef, ParseError, show } from './cursor';
import { parseColors } from './declarations';
import { closest, FACT_KEYWORDS, FACT_SYNONYMS, ZONES } from './keywords';
import { suggest } from './suggest';
import { parseTypeLine } from './typeLine';
import { isBareName, isBlankCode, isCloseQuote, isOpenQuote, rangeOn } from './tokens';

/** A blank-separated word of a fact; a quoted span (blanks included) belongs to the word it is in. */
interface Word {
  text: string;
  start: number;
  end: number;
}

type Key = Fact['alternatives'][number]['kind'] | 'pt-bare';

const SIMPLE_KEYS: Readonly<Record<string, Key>> = {
  pt: 'pt', power: 'power', toughness: 'toughness', color: 'color', colors: 'color', type: 'type', abilities: 'abilities',
  has: 'has', lacks: 'lacks', controller: 'controller', owner: 'owner', zone: 'zone', tapped: 'tapped', untapped: 'untapped',
  counters: 'counters', name: 'name', rule: 'rule', life: 'life', hand: 'hand', graveyard: 'graveyard', library: 'library-drawn', exile: 'exile-count',
};

const FACT_LIST = 'pt, power, toughness, color, type, is, is not, abilities, has, lacks, controller, owner, zone, tapped, untapped, counters, name, rule, life, hand, graveyard, library, exile, max hand size';

function words(raw: string, from: number, to: number): Word[] {
  const out: Word[] = [];
  let i = from;
  while (i < to) {
    while (i < to && isBlankCode(raw.charCodeAt(i))) i++;
    if (i >= to) break;
    const s = i;
    let inQuote = false;
    while (i < to) {
      const c = raw.charCodeAt(i);
      if (inQuote) {
        if (isCloseQuote(c)) inQuote = false;
      } else if (isOpenQuote(c)) inQuote = true;
      else if (isBlankCode(c)) break;
      i++;
    }
    out.push({ text: raw.slice(s, i), start: s, end: i });
  }
  return out;
}

interface Part {
  /** The part, trimmed. */
  start: number;
  end: number;
  /** The separator that ends it, or -1 for the last part. */
  sep: number;
}

/** `[from, to)` split on the character `sep` outside quotes, each part trimmed. */
function splitOutsideQuotes(raw: string, from: number, to: number, sep: number): Part[] {
  const out: Part[] = [];
  let start = from;
  let inQuote = false;
  const push = (a: number, b: number, at: number) => {
    while (a < b && isBlankCode(raw.charCodeAt(a))) a++;
    while (b > a && isBlankCode(raw.charCodeAt(b - 1))) b--;
    out.push({ start: a, end: b, sep: at });
  };
  for (let i = from; i < to; i++) {
    const c = raw.charCodeAt(i);
    if (inQuote) {
      if (isCloseQuote(c)) inQuote = false;
    } else if (isOpenQuote(c)) inQuote = true;
    else if (c === sep) {
      push(start, i, i);
      start = i + 1;
    }
  }
  push(start, to, -1);
  return out;
}

const INT = /^[+-]?\d{1,9}$/;
const PT = /^[+-]?\d{1,9}\/[+-]?\d{1,9}$/;

// ---------------------------------------------------------------------------

/** After `expect`: the subject and what is checked. */
export function parseExpect(c: Cursor): ExpectSyntax {
  if (c.done) c.fail('expected what to check after `expect`: `X P/T`, `X: facts`, `loop A, B` or `A depends on B`');
  // `expect loop A, B` (unless `loop` is itself the subject: `expect loop: …`, `expect loop 2/2`).
  if (c.isWord('loop') && isNameToken(c.peek(1)) && !c.isWord('depends', 1)) {
    c.next();
    const objects = nameList(c, 'an object in the loop');
    c.end('after the objects of the loop (separate them with commas)');
    return { kind: 'loop', objects };
  }
  const subject = nameRef(c, 'an object or player to check');
  if (c.isWord('depends')) {
    c.next();
    c.expectWord('on', 'after `depends`');
    const on = nameRef(c, 'the object it depends on');
    c.end('after `A depends on B`');
    return { kind: 'depends', dependent: subject, on };
  }
  if (c.isPunct(':')) {
    const colon = c.next()!;
    return { kind: 'facts', subject, facts: parseFacts(c, colon.start) };
  }
  const t = c.peek();
  if (!t) c.fail(`expected \`:\` and facts, a P/T such as 5/8, or \`depends on\` after ${show(subject.text)}`);
  if (t.kind === 'word' && PT.test(t.text)) {
    c.next();
    c.end('after the P/T');
    return { kind: 'facts', subject, facts: [{ alternatives: [ptFact(t.text)], range: c.range(t), text: `pt ${t.text}` }] };
  }
  const w = t.kind === 'word' ? t.text.toLowerCase() : '';
  if (Object.hasOwn(SIMPLE_KEYS, w) || w === 'is' || w === 'max') c.failAt(t, `expected \`:\` before the facts: \`expect X: ${w} …\``);
  c.fail('expected `:` and facts, a P/T such as 5/8, or `depends on`');
}

function ptFact(text: string): FactSyntax {
  const slash = text.indexOf('/');
  return { kind: 'pt', power: Number(text.slice(0, slash)), toughness: Number(text.slice(slash + 1)) };
}

/** `fact; fact; …` from `from` to the end of the line's content. A trailing `;` is allowed. */
function parseFacts(c: Cursor, colon: number): Fact[] {
  const raw = c.line.raw;
  const end = c.line.contentEnd;
  const parts = splitOutsideQuotes(raw, colon + 1, end, 59);
  const lastPart = parts[parts.length - 1]!;
  if (parts.length > 1 && lastPart.start >= lastPart.end) parts.pop();
  const facts: Fact[] = [];
  for (const p of parts) {
    if (p.start < p.end) {
      facts.push(parseFact(raw, p.start, p.end, c.line.line));
      continue;
    }
    if (p.sep >= 0) throw new ParseError(p.sep, p.sep + 1, `expected a fact before \`;\` (${FACT_LIST})`);
    throw new ParseError(colon, colon + 1, `expected facts after \`:\` (${FACT_LIST})`);
  }
  c.i = c.toks.length;
  return facts;
}

function parseFact(raw: string, s: number, e: number, line: number): Fact {
  const ws = words(raw, s, e);
  const w0 = ws[0]!;
  const lower = w0.text.toLowerCase();
  let key: Key;
  let from = 1;
  let keyEnd = w0.end;
  if (lower === 'is') {
    if (ws[1]?.text.toLowerCase() === 'not') {
      key = 'is-not';
      from = 2;
      keyEnd = ws[1].end;
    } else key = 'is';
  } else if (lower === 'max') {
    const [h, z] = [ws[1], ws[2]];
    if (!h || h.text.toLowerCase() !== 'hand') throw new ParseError(h?.start ?? w0.end, h?.end ?? w0.end, `expected \`hand size\` after \`max\`${h ? `, found ${show(h.text)}` : ''}`);
    if (!z || z.text.toLowerCase() !== 'size') throw new ParseError(z?.start ?? h.end, z?.end ?? h.end, `expected \`size\` after \`max hand\`${z ? `, found ${show(z.text)}` : ''}`);
    key = 'max-hand-size';
    from = 3;
    keyEnd = z.end;
  } else if (Object.hasOwn(SIMPLE_KEYS, lower)) key = SIMPLE_KEYS[lower]!;
  else if (lower === 'colorless' || Object.hasOwn(COLOR_WORDS, lower)) {
    // `expect X: colorless`, `expect X: white and blue` read as `color …`.
    key = 'color';
    from = 0;
  }
  else if (PT.test(w0.text)) {
    // `expect X: 5/8` reads as `pt 5/8`.
    key = 'pt-bare';
    from = 0;
  } else {
    // A bare type or keyword is most likely a missing `is` or `has`.
    const bare = cardType(w0.text) ?? supertype(w0.text) ?? subtypeOf(w0.text)?.name;
    const sug = bare ? `is ${bare}` : keywordShape(w0.text) ? `has ${w0.text}` : closest(w0.text, FACT_KEYWORDS, FACT_SYNONYMS);
    throw new ParseError(w0.start, w0.end, `unknown fact ${show(w0.text)}${sug ? `; did you mean \`${sug}\`?` : `; expected ${FACT_LIST}`}`);
  }
  const keyText = raw.slice(s, keyEnd);
  const value = ws.slice(from);
  const alternatives: FactSyntax[] = [];
  if (key === 'has' || key === 'lacks' || key === 'abilities' || key === 'name' || key === 'rule') {
    alternatives.push(factValue(key, keyText, raw, value, keyEnd, line));
  } else {
    // `or` alternatives; `zone exile or zone library` may repeat the key.
    let group: Word[] = [];
    let sep: Word | undefined;
    const flush = (next: Word | undefined) => {
      if (!group.length && (sep || next)) {
        const at = sep ?? next!;
        throw new ParseError(at.start, at.end, `expected a value ${sep ? 'after' : 'before'} \`or\``);
      }
      alternatives.push(factValue(key, keyText, raw, group, keyEnd, line));
      group = [];
    };
    for (const w of value) {
      if (w.text.toLowerCase() === 'or') {
        flush(w);
        sep = w;
        continue;
      }
      if (sep && !group.length && from === 1 && key !== 'is' && w.text.toLowerCase() === lower) continue;
      group.push(w);
    }
    flush(undefined);
  }
  return { alternatives, range: rangeOn(line, s, e), text: raw.slice(s, e) };
}

/** One alternative's value: `value` are its words (none when nothing follows the key). */
function factValue(key: Key, keyText: string, raw: string, value: Word[], keyEnd: number, line: number): FactSyntax {
  const first = value[0];
  const last = value[value.length - 1];
  const a = first?.start ?? keyEnd;
  const b = last?.end ?? keyEnd;
  const need = (what: string) => {
    if (!first) throw new ParseError(keyEnd - keyText.length, keyEnd, `expected ${what} after \`${keyText}\``);
  };
  const one = (what: string): Word => {
    need(what);
    if (value.length > 1) throw new ParseError(value[1]!.start, value[1]!.end, `unexpected ${show(value[1]!.text)} after ${show(first!.text)}`);
    return first!;
  };
  const int = (what: string, signed: boolean): number => {
    const w = one(what);
    if (!INT.test(w.text) || (!signed && /^[+-]/.test(w.text))) throw new ParseError(w.start, w.end, `expected ${what} after \`${keyText}\`, found ${show(w.text)}`);
    return Number(w.text);
  };
  switch (key) {
    case 'pt':
    case 'pt-bare': {
      const w = one('power/toughness such as 5/8');
      if (!PT.test(w.text)) throw new ParseError(w.start, w.end, `expected power/toughness such as 5/8, found ${show(w.text)}`);
      return ptFact(w.text);
    }
    case 'power':
    case 'toughness':
      return { kind: key, value: int(`a ${key}`, true) };
    case 'color':
      need('colors or `colorless`');
      return { kind: 'color', colors: parseColors(raw, a, b) };
    case 'type':
      need('a type line such as `Creature — Ogre`');
      return { kind: 'type', typeLine: parseTypeLine(raw, a, b) };
    case 'is':
    case 'is-not': {
      need('a type, subtype, supertype or color');
      const text = raw.slice(a, b);
      return { kind: key, word: unquote(text) };
    }
    case 'abilities':
      need('`none` or a comma-separated list of abilities');
      if (value.length === 1 && first!.text.toLowerCase() === 'none') return { kind: 'abilities', abilities: [] };
      return { kind: 'abilities', abilities: abilityList(raw, a, b) };
    case 'rule': {
      // `rule "can't attack or block"`, `rule none` (613.11 rule effects on it).
      need('the words of a rule effect (`"can\'t attack or block"`) or `none`');
      const text = unquote(raw.slice(a, b));
      return { kind: 'rule', text: value.length === 1 && text.toLowerCase() === 'none' ? null : text };
    }
    case 'has':
    case 'lacks':
      need('abilities (keywords, or quoted ability text), separated by commas');
      return { kind: key, abilities: abilityList(raw, a, b) };
    case 'controller':
    case 'owner': {
      const w = one('a player');
      const quoted = isOpenQuote(w.text.charCodeAt(0));
      if (quoted ? !(w.text.length >= 2 && isCloseQuote(w.text.charCodeAt(w.text.length - 1))) : !isBareName(w.text)) {
        throw new ParseError(w.start, w.end, `expected a player after \`${keyText}\`, found ${show(w.text)}`);
      }
      const player: NameRef = { text: quoted ? w.text.slice(1, -1) : w.text, quoted, range: rangeOn(line, w.start, w.end) };
      return { kind: key, player };
    }
    case 'zone': {
      need('a zone');
      let rest = value;
      while (rest.length > 1 && /^(the|its|owner's)$/i.test(rest[0]!.text)) rest = rest.slice(1);
      if (rest.length > 1) throw new ParseError(rest[1]!.start, rest[1]!.end, `unexpected ${show(rest[1]!.text)} after the zone`);
      const w = rest[0]!;
      const z = w.text.toLowerCase();
      if (!(ZONES as string[]).includes(z)) {
        const sug = suggest(z, ZONES);
        throw new ParseError(w.start, w.end, `unknown zone ${show(w.text)}${sug ? `; did you mean \`${sug}\`?` : `; expected ${ZONES.join(', ')}`}`);
      }
      return { kind: 'zone', zone: z as ZoneName };
    }
    case 'tapped':
    case 'untapped':
      if (first) throw new ParseError(first.start, first.end, `unexpected ${show(first.text)} after \`${keyText}\``);
      return { kind: key };
    case 'counters': {
      need('a counter kind and a number, such as `counters +1/+1 2`');
      const n = last!;
      if (!INT.test(n.text) || /^[+-]/.test(n.text)) {
        throw new ParseError(n.start, n.end, `expected the number of ${show(raw.slice(a, b))} counters, such as \`counters +1/+1 2\``);
      }
      if (value.length < 2) throw new ParseError(n.start, n.end, 'expected a counter kind before the number, such as `counters +1/+1 2`');
      return { kind: 'counters', counter: raw.slice(a, value[value.length - 2]!.end), count: Number(n.text) };
    }
    case 'name':
      need('a name');
      return { kind: 'name', name: unquote(raw.slice(a, b)) };
    case 'life':
      return { kind: 'life', value: int('a life total', true) };
    case 'hand':
      return { kind: 'hand', value: int('a number of cards', false) };
    case 'graveyard':
      return { kind: 'graveyard', value: int('a number of cards', false) };
    case 'library-drawn':
      return { kind: 'library-drawn', value: int('a number of cards drawn', false) };
    case 'exile-count':
      return { kind: 'exile-count', value: int('a number of cards', false) };
    case 'max-hand-size': {
      const w = one('a number or `none`');
      if (w.text.toLowerCase() === 'none') return { kind: 'max-hand-size', value: null };
      return { kind: 'max-hand-size', value: int('a number or `none`', false) };
    }
  }
}

function unquote(text: string): string {
  if (text.length >= 2 && isOpenQuote(text.charCodeAt(0)) && isCloseQuote(text.charCodeAt(text.length - 1))) return text.slice(1, -1);
  return text;
}

/** `flying, "Each land is a Swamp.", protection from red`: keywords as written, quoted abilities without their quotes. */
function abilityList(raw: string, from: number, to: number): string[] {
  const out: string[] = [];
  const parts = splitOutsideQuotes(raw, from, to, 44);
  for (let k = 0; k < parts.length; k++) {
    const { start: x, end: y, sep } = parts[k]!;
    if (x >= y) {
      // The comma after the empty place, or the one before it at the end of the list.
      const at = sep >= 0 ? sep : parts[k - 1]!.sep;
      throw new ParseError(at, at + 1, 'expected an ability between the commas');
    }
    const text = raw.slice(x, y);
    if (isOpenQuote(text.charCodeAt(0))) {
      let j = x + 1;
      while (j < y && !isCloseQuote(raw.charCodeAt(j))) j++;
      if (j >= y) throw new ParseError(x, y, 'unterminated string: expected a closing `"`');
      if (j + 1 < y) {
        let k2 = j + 1;
        while (k2 < y && isBlankCode(raw.charCodeAt(k2))) k2++;
        throw new ParseError(k2, y, `unexpected ${show(raw.slice(k2, y))} after the quoted ability; separate abilities with commas`);
      }
      const inner = raw.slice(x + 1, j);
      if (!inner.trim()) throw new ParseError(x, y, 'expected ability text inside the quotes');
      out.push(inner);
    } else out.push(text);
  }
  return out;
}
