// Declarations (spec section 2): the `card` / `token` header and the keys of
// its block. Each key line is parsed on its own; the first problem on a line
// throws a ParseError for that line's one diagnostic.

import { COLOR_WORDS } from '../rules/vocabulary';
import type { Diagnostic, NameRef, ObjectDecl, PrintedStat } from './ast';
import { Cursor, checkStrings, nameRef, ParseError, show, type KnownNames } from './cursor';
import { CARD_KEYS, CARD_KEY_SYNONYMS, closest, STATEMENT_KEYWORDS } from './keywords';
import { wordsOf, parseTypeLine } from './typeLine';
import { isBareName, isBlankCode, isDigitCode, rangeOn, tokenize, type SourceLine, type Token } from './tokens';

/** `copies N` is capped: a million objects would make every later step slow for no rules benefit. */
export const MAX_COPIES = 1000;

const COLOR_CHOICES = [...Object.keys(COLOR_WORDS), 'colorless'];

// ---------------------------------------------------------------------------
// Header

/** `card NAME [as ALIAS]`; an unquoted name of several words runs up to `as`. */
export function parseHeader(c: Cursor, kw: 'card' | 'token'): ObjectDecl {
  const first = c.next()!;
  const t = c.peek();
  if (!t) c.fail(`expected the ${kw}'s name after \`${kw}\``);
  let name: NameRef;
  if (t.kind === 'string') {
    c.next();
    if (!t.text.trim()) c.failAt(t, `expected the ${kw}'s name, found an empty name`);
    if (t.copyIndex !== undefined) c.failAt(t, `a declaration names the ${kw} itself: drop the \`#${t.copyIndex}\` (use \`copies N\` for several)`);
    name = { text: t.text, quoted: true, range: c.range(t) };
  } else {
    const words: Token[] = [];
    while (!c.done && !c.isWord('as')) {
      const w = c.peek()!;
      if (w.kind === 'punct') c.failAt(w, `unexpected ${show(w.text)} in the ${kw}'s name; put a name with punctuation in double quotes: "…"`);
      if (w.kind === 'string' || !isBareName(w.text)) c.fail(`expected the ${kw}'s name (letters, digits, _ ' and -, or any text in double quotes)`);
      if (w.copyIndex !== undefined) c.failAt(w, `a declaration names the ${kw} itself: drop the \`#${w.copyIndex}\` (use \`copies N\` for several)`);
      words.push(c.next()!);
    }
    if (!words.length) c.fail(`expected the ${kw}'s name before \`as\` (quote a name that starts with "as")`);
    // The name as written, so that its text and its range agree.
    name = { text: c.text(words[0]!, words[words.length - 1]!), quoted: false, range: c.span(words[0]!, words[words.length - 1]!) };
  }
  let alias: NameRef | undefined;
  if (c.eat('as')) {
    const a = c.peek();
    alias = nameRef(c, 'an alias after `as`');
    if (alias.copyIndex !== undefined && a) c.failAt(a, `an alias is one name: drop the \`#${alias.copyIndex}\``);
  }
  c.end(alias ? 'after the alias' : 'after the name (or `as ALIAS`)');
  return {
    kind: kw,
    name,
    ...(alias ? { alias } : {}),
    range: rangeOn(c.line.line, c.line.indent, c.line.contentEnd),
    headerRange: rangeOn(c.line.line, first.start, c.line.contentEnd),
    texts: [],
  };
}

// ---------------------------------------------------------------------------
// Block keys

export type Report = (d: Diagnostic) => void;

/** One key line of a block; fills `decl`. Non-fatal problems (the copies cap) go to `report`. */
export function parseCardKey(sl: SourceLine, decl: ObjectDecl, report: Report, known: KnownNames): void {
  const raw = sl.raw;
  const n = sl.line;
  const end = sl.contentEnd;
  let i = sl.indent;
  while (i < end && !isBlankCode(raw.charCodeAt(i))) i++;
  let keyEnd = i;
  // `cost: {1}{W}` reads as `cost {1}{W}`.
  if (keyEnd - sl.indent > 1 && raw[keyEnd - 1] === ':') keyEnd--;
  const key = raw.slice(sl.indent, keyEnd);
  let vs = i;
  while (vs < end && isBlankCode(raw.charCodeAt(vs))) vs++;
  const lower = key.toLowerCase();
  const keyError = (message: string): never => {
    throw new ParseError(sl.indent, keyEnd, message);
  };
  const needValue = (what: string) => {
    if (vs >= end) keyError(`expected ${what} after \`${key}\``);
  };
  const once = (given: unknown) => {
    if (given !== undefined) keyError(`\`${lower}\` is given twice for ${show(decl.name.text)}`);
  };
  switch (lower) {
    case 'cost':
      needValue('a mana cost such as {2}{W}');
      once(decl.cost);
      checkMana(raw, vs, end);
      decl.cost = { value: raw.slice(vs, end), range: rangeOn(n, vs, end) };
      return;
    case 'color':
    case 'colors':
      needValue('colors (white, blue, black, red, green) or `colorless`');
      once(decl.colors);
      decl.colors = { value: parseColors(raw, vs, end), range: rangeOn(n, vs, end) };
      return;
    case 'type':
      needValue('a type line such as `Creature — Ogre`');
      once(decl.typeLine);
      decl.typeLine = { value: parseTypeLine(raw, vs, end), range: rangeOn(n, vs, end) };
      return;
    case 'pt': {
      needValue('power/toughness such as 2/2');
      once(decl.pt);
      const [w, ...extra] = wordsOf(raw, vs, end);
      if (extra.length) throw new ParseError(extra[0]!.start, extra[0]!.end, `unexpected ${show(extra[0]!.text)} after the power/toughness`);
      const slash = w!.text.indexOf('/');
      if (slash <= 0 || slash === w!.text.length - 1) throw new ParseError(w!.start, w!.end, `expected power/toughness such as 2/2, */*, 1+*/1+*, found ${show(w!.text)}`);
      const power = printedStat(w!.text.slice(0, slash), w!.start, 'power');
      const toughness = printedStat(w!.text.slice(slash + 1), w!.start + slash + 1, 'toughness');
      decl.pt = { power, toughness, range: rangeOn(n, w!.start, w!.end) };
      return;
    }
    case 'owner': {
      needValue('a player');
      once(decl.owner);
      const toks = tokenize(raw, vs, end);
      checkStrings(toks);
      const c: Cursor = new Cursor(toks, sl, known);
      decl.owner = nameRef(c, 'a player');
      c.end('after the owner');
      return;
    }
    case 'text':
      // One ability per line, in Oracle wording; the range is the ability text only.
      needValue('the ability text (in Oracle wording)');
      decl.texts.push({ value: raw.slice(vs, end), range: rangeOn(n, vs, end) });
      return;
    case 'copies': {
      needValue('a number of copies');
      once(decl.copies);
      const [w, ...extra] = wordsOf(raw, vs, end);
      if (!isDigits(w!.text)) throw new ParseError(w!.start, w!.end, `expected a whole number of copies, found ${show(w!.text)}`);
      if (extra.length) throw new ParseError(extra[0]!.start, extra[0]!.end, `unexpected ${show(extra[0]!.text)} after the number of copies`);
      const digits = w!.text.replace(/^0+(?=\d)/, '');
      let count = digits.length > 9 ? Infinity : Number(digits);
      if (count < 1) throw new ParseError(w!.start, w!.end, 'expected at least 1 copy');
      if (count > MAX_COPIES) {
        report({ range: rangeOn(n, w!.start, w!.end), severity: 'error', code: 'syntax', message: `at most ${MAX_COPIES} copies are supported; using ${MAX_COPIES}` });
        count = MAX_COPIES;
      }
      decl.copies = { value: count, range: rangeOn(n, w!.start, w!.end) };
      return;
    }
    default: {
      if ((STATEMENT_KEYWORDS as readonly string[]).includes(lower)) {
        keyError(`\`${lower}\` is a statement, not a card key: write it at the start of the line, outside the block`);
      }
      const s = closest(key, CARD_KEYS.filter((k) => k !== 'colors'), CARD_KEY_SYNONYMS);
      keyError(`unknown card key ${show(key)}${s ? `; did you mean \`${s}\`?` : `; expected one of ${CARD_KEYS.filter((k) => k !== 'colors').join(', ')}`}`);
    }
  }
}

function isDigits(s: string): boolean {
  if (!s.length) return false;
  for (let i = 0; i < s.length; i++) if (!isDigitCode(s.charCodeAt(i))) return false;
  return true;
}

// ---------------------------------------------------------------------------
// Values

/** The parts a mana symbol may be made of (107.4): colors, generic, X/Y/Z, snow, colorless, Phyrexian, half. */
const MANA_PARTS = new Set(['W', 'U', 'B', 'R', 'G', 'C', 'X', 'Y', 'Z', 'S', 'P', 'H', 'HW', 'HR', 'HU', 'HB', 'HG', '∞', '½']);

/** `{2}{W}{U/B}{X}`: braces around known symbols, blanks allowed between them. Errors point at the bad symbol. */
export function checkMana(raw: string, from: number, to: number): void {
  let i = from;
  while (i < to) {
    if (isBlankCode(raw.charCodeAt(i))) {
      i++;
      continue;
    }
    if (raw[i] !== '{') {
      let j = i;
      while (j < to && raw[j] !== '{' && !isBlankCode(raw.charCodeAt(j))) j++;
      throw new ParseError(i, j, `expected mana symbols in braces such as {2}{W}{U/B}{X}, found ${show(raw.slice(i, j))}`);
    }
    let j = i + 1;
    while (j < to && raw[j] !== '}' && raw[j] !== '{') j++;
    if (j >= to || raw[j] !== '}') throw new ParseError(i, j, `unclosed mana symbol ${show(raw.slice(i, j))}: expected \`}\``);
    const inner = raw.slice(i + 1, j).toUpperCase();
    const ok = inner.length > 0 && inner.split('/').every((p) => MANA_PARTS.has(p) || (isDigits(p) && p.length <= 7));
    if (!ok) throw new ParseError(i, j + 1, `unknown mana symbol ${show(raw.slice(i, j + 1))}; expected a number, W, U, B, R, G, C, X, S or a hybrid such as {W/U}, {2/W}, {G/P}`);
    i = j + 1;
  }
}

/**
 * A printed power or toughness: `2`, `*`, `1+*`, `7-*`, `*+1`, `*-1`, `-1`
 * (208.2). The fixed part is the value when nothing defines the star (it is
 * then 0); the card's characteristic-defining ability defines the whole value.
 */
export function printedStat(s: string, offset: number, which: 'power' | 'toughness'): PrintedStat {
  const fail = (): never => {
    throw new ParseError(offset, offset + s.length, `expected a ${which} (a number, \`*\`, \`N+*\`, \`N-*\`, \`*+N\` or \`*-N\`), found ${show(s || 'nothing')}`);
  };
  const num = (t: string): number => {
    if (!isDigits(t) || t.length > 9) fail();
    return Number(t);
  };
  if (s === '*') return { base: 0, star: true, text: s };
  if (s.endsWith('+*')) return { base: num(s.slice(0, -2)), star: true, text: s };
  // `7-*` (Shapeshifter): 7 minus the star, so 7 while the star is 0.
  if (s.endsWith('-*')) return { base: num(s.slice(0, -2)), star: true, text: s };
  if (s.startsWith('*+')) return { base: num(s.slice(2)), star: true, text: s };
  if (s.startsWith('*-')) return { base: -num(s.slice(2)), star: true, text: s };
  if (s.startsWith('-')) return { base: -num(s.slice(1)), star: false, text: s };
  if (s.startsWith('+')) return { base: num(s.slice(1)), star: false, text: s };
  return { base: num(s), star: false, text: s };
}

/** `white`, `white, blue`, `black and green`, `colorless` (alone): lower-case color words, without repeats. */
export function parseColors(raw: string, from: number, to: number): string[] {
  const out: string[] = [];
  let colorless: { start: number; end: number } | undefined;
  let count = 0;
  let i = from;
  while (i < to) {
    const c = raw.charCodeAt(i);
    if (isBlankCode(c) || c === 44) {
      i++;
      continue;
    }
    const s = i;
    while (i < to && !isBlankCode(raw.charCodeAt(i)) && raw.charCodeAt(i) !== 44) i++;
    const word = raw.slice(s, i);
    const w = word.toLowerCase();
    if (w === 'and') continue;
    count++;
    if (w === 'colorless') {
      colorless = { start: s, end: i };
      if (count > 1) throw new ParseError(s, i, '`colorless` cannot be combined with colors');
      continue;
    }
    if (colorless) throw new ParseError(s, i, '`colorless` cannot be combined with colors');
    if (!Object.hasOwn(COLOR_WORDS, w)) {
      const sug = closest(w, COLOR_CHOICES, { colour: 'color', colourless: 'colorless', grey: 'colorless', gray: 'colorless', none: 'colorless' });
      throw new ParseError(s, i, `unknown color ${show(word)}${sug ? `; did you mean \`${sug}\`?` : '; expected white, blue, black, red, green or colorless'}`);
    }
    if (!out.includes(w)) out.push(w);
  }
  if (!count) throw new ParseError(from, to, 'expected colors (white, blue, black, red, green) or `colorless`');
  return out;
}

