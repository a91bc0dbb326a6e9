// The `.layers` parser (spec sections 1–4 and 6). One statement per line,
// blocks by indentation. Total: every input gives a syntax tree and
// diagnostics with valid ranges; a bad line gives one error on the exact
// span and the other lines still parse.

import { cardType, supertype, COLOR_WORDS } from '../rules/vocabulary';
import type {
  CountSyntax, Diagnostic, EventSyntax, ExpectSyntax, Fact, FactSyntax, LayersFile, Located, NameRef,
  ObjectDecl, PrintedStat, Range, Statement, TypeLineSyntax, ZoneName,
} from './ast';
import { suggest } from './suggest';
import { rangeOn, scanLine, splitLines, tokenize, type SourceLine, type Token } from './tokens';

/** `copies N` is capped: a million objects would make every later step slow for no rules benefit. */
export const MAX_COPIES = 1000;

export const STATEMENT_KEYWORDS = [
  'scenario', 'players', 'card', 'token', 'enter', 'cast', 'activate', 'resolve', 'attach', 'put', 'remove', 'move',
  'destroy', 'sacrifice', 'exile', 'tap', 'untap', 'turn', 'end', 'expect',
] as const;
export const CARD_KEYS = ['cost', 'color', 'colors', 'type', 'pt', 'owner', 'text', 'copies'] as const;
export const ZONES: ZoneName[] = ['battlefield', 'graveyard', 'hand', 'library', 'exile', 'stack', 'command'];
export const FACT_KEYWORDS = [
  'pt', 'power', 'toughness', 'color', 'colors', 'type', 'is', 'is not', 'abilities', 'has', 'lacks', 'controller', 'owner',
  'zone', 'tapped', 'untapped', 'counters', 'name', 'life', 'hand', 'graveyard', 'library', 'exile', 'max hand size',
] as const;
const PLAYER_VERBS: Record<string, 'draw' | 'gain-life' | 'lose-life' | 'discard'> = {
  draws: 'draw', draw: 'draw', gains: 'gain-life', gain: 'gain-life', loses: 'lose-life', lose: 'lose-life', discards: 'discard', discard: 'discard',
};
const OPTION_WORDS = new Set(['under', 'tapped', 'face', 'attached', 'choosing', 'targeting', 'as', 'by', 'from', 'ability']);
const NAME_RE = /^[A-Za-z][A-Za-z0-9_'-]*$/;

class SyntaxError extends Error {
  constructor(
    readonly start: number,
    readonly end: number,
    message: string,
  ) {
    super(message);
  }
}

/** Cursor over one line's tokens. Failures throw SyntaxError, caught per line. */
class Cursor {
  i = 0;
  constructor(
    readonly toks: Token[],
    readonly line: SourceLine,
  ) {}
  get done(): boolean {
    return this.i >= this.toks.length;
  }
  peek(k = 0): Token | undefined {
    return this.toks[this.i + k];
  }
  next(): Token | undefined {
    return this.toks[this.i++];
  }
  isWord(w: string, k = 0): boolean {
    const t = this.peek(k);
    return !!t && t.kind === 'word' && t.text.toLowerCase() === w;
  }
  eat(w: string): Token | undefined {
    if (this.isWord(w)) return this.next();
    return undefined;
  }
  isPunct(p: string): boolean {
    const t = this.peek();
    return !!t && t.kind === 'punct' && t.text === p;
  }
  /** Where the next token is, or the end of the line's content. */
  here(): [number, number] {
    const t = this.peek();
    if (t) return [t.start, t.end];
    return [this.line.contentEnd, this.line.contentEnd];
  }
  fail(message: string): never {
    const [s, e] = this.here();
    throw new SyntaxError(s, e, message);
  }
  expectWord(w: string, context: string): Token {
    const t = this.eat(w);
    if (!t) this.fail(`expected \`${w}\` ${context}${this.peek() ? `, found \`${this.peek()!.text}\`` : ''}`);
    return t;
  }
  range(t: Token): Range {
    return rangeOn(this.line.line, t.start, t.end);
  }
  /** Source text from token `a` to the end of token `b`. */
  text(a: Token, b: Token): string {
    return this.line.raw.slice(a.start, b.end);
  }
  rest(): string {
    const t = this.peek();
    return t ? this.line.raw.slice(t.start, this.line.contentEnd) : '';
  }
}

// ---------------------------------------------------------------------------

export function parseLayers(text: string, uri: string): LayersFile {
  const file: LayersFile = { uri, text, objects: [], statements: [], comments: [], diagnostics: [] };
  let lines: string[];
  try {
    lines = splitLines(typeof text === 'string' ? text : String(text));
  } catch {
    lines = [];
  }
  const report = (line: number, start: number, end: number, message: string) => {
    file.diagnostics.push({ range: rangeOn(line, start, end), severity: 'error', code: 'syntax', message });
  };
  let block: { decl: ObjectDecl; depth: number } | undefined;

  for (let n = 0; n < lines.length; n++) {
    const raw = lines[n]!;
    const sl = scanLine(raw, n);
    if (sl.commentStart !== undefined) file.comments.push({ range: rangeOn(n, sl.commentStart, raw.length), text: raw.slice(sl.commentStart + 1) });
    if (sl.contentEnd <= sl.indent) continue;
    try {
      if (block && sl.depth > block.depth) {
        parseCardKey(sl, block.decl, file, report);
        block.decl.range = { start: block.decl.range.start, end: { line: n, character: sl.contentEnd } };
        continue;
      }
      block = undefined;
      const toks = tokenize(raw, sl.indent, sl.contentEnd);
      const c: Cursor = new Cursor(toks, sl);
      checkStrings(c);
      const first = c.peek()!;
      const kw = first.kind === 'word' ? first.text.toLowerCase() : '';
      if (sl.depth > 0 && (kw === 'cost' || kw === 'type' || kw === 'pt' || kw === 'text') && file.objects.length === 0) {
        c.fail(`\`${first.text}\` belongs inside a \`card\` or \`token\` block`);
      }
      switch (kw) {
        case 'scenario': {
          c.next();
          const t = c.next();
          if (!t) c.fail('expected a title after `scenario`');
          const title = t.kind === 'string' ? t.text : c.line.raw.slice(t.start, sl.contentEnd);
          if (file.scenario) report(n, first.start, first.end, '`scenario` may appear at most once');
          else file.scenario = { kind: 'scenario', title: { value: title, range: rangeOn(n, t.start, t.kind === 'string' ? t.end : sl.contentEnd) }, range: rangeOn(n, sl.indent, sl.contentEnd) };
          if (t.kind === 'string' && !c.done) c.fail('expected the end of the line after the title');
          break;
        }
        case 'players': {
          c.next();
          const players = nameList(c, 'a player name');
          if (!c.done) c.fail('expected `,` or the end of the line');
          if (file.players) report(n, first.start, first.end, '`players` may appear at most once');
          else file.players = { kind: 'players', players, range: rangeOn(n, sl.indent, sl.contentEnd) };
          break;
        }
        case 'card':
        case 'token': {
          const decl = parseHeader(c, kw);
          file.objects.push(decl);
          block = { decl, depth: sl.depth };
          break;
        }
        case 'expect': {
          c.next();
          const expect = parseExpect(c);
          file.statements.push({ kind: 'expect', expect, range: rangeOn(n, sl.indent, sl.contentEnd), keywordRange: c.range(first) });
          break;
        }
        default: {
          const event = parseEvent(c);
          if (!c.done) c.fail(`unexpected \`${c.peek()!.text}\``);
          file.statements.push({ kind: 'event', event, range: rangeOn(n, sl.indent, sl.contentEnd), keywordRange: c.range(first) });
        }
      }
    } catch (e) {
      if (e instanceof SyntaxError) report(n, e.start, e.end, e.message);
      else report(n, sl.indent, sl.contentEnd, `internal parser error: ${(e as Error)?.message ?? e}`);
    }
  }
  return file;
}

function checkStrings(c: Cursor): void {
  const bad = c.toks.find((t) => t.unterminated);
  if (bad) throw new SyntaxError(bad.start, bad.end, 'unterminated string: expected a closing `"`');
}

// ---------------------------------------------------------------------------
// Names

function isNameToken(t: Token | undefined): t is Token {
  return !!t && (t.kind === 'string' || (t.kind === 'word' && NAME_RE.test(t.text)));
}

function nameRef(c: Cursor, what: string): NameRef {
  const t = c.peek();
  if (!isNameToken(t)) c.fail(`expected ${what}${t ? `, found \`${(t as Token).text}\`` : ''}`);
  c.next();
  if (t.kind === 'string' && !t.text.trim()) throw new SyntaxError(t.start, t.end, `expected ${what}, found an empty string`);
  return { text: t.text, quoted: t.kind === 'string', range: c.range(t), ...(t.copyIndex !== undefined ? { copyIndex: t.copyIndex } : {}) };
}

function nameList(c: Cursor, what: string): NameRef[] {
  const out = [nameRef(c, what)];
  while (c.isPunct(',')) {
    c.next();
    out.push(nameRef(c, what));
  }
  return out;
}

// ---------------------------------------------------------------------------
// Declarations (section 2)

function parseHeader(c: Cursor, kw: 'card' | 'token'): ObjectDecl {
  const first = c.next()!;
  const t = c.peek();
  if (!t) c.fail(`expected the ${kw}'s name after \`${kw}\``);
  let name: NameRef;
  if (t.kind === 'string') name = nameRef(c, `the ${kw}'s name`);
  else {
    // Lenient: an unquoted name of several words runs up to `as`.
    const words: Token[] = [];
    while (!c.done && !c.isWord('as')) {
      const w = c.next()!;
      if (w.kind !== 'word') throw new SyntaxError(w.start, w.end, `unexpected \`${w.text}\` in the ${kw}'s name; quote a name with punctuation: "…"`);
      words.push(w);
    }
    if (!words.length) c.fail(`expected the ${kw}'s name`);
    const a = words[0]!;
    const b = words[words.length - 1]!;
    if (words.length === 1 && !NAME_RE.test(a.text)) throw new SyntaxError(a.start, a.end, `expected a name (letters, digits, _ ' -) or a quoted string, found \`${a.text}\``);
    name = { text: c.text(a, b).replace(/#\d+$/, ''), quoted: false, range: rangeOn(c.line.line, a.start, b.end) };
  }
  let alias: NameRef | undefined;
  if (c.eat('as')) alias = nameRef(c, 'an alias after `as`');
  if (!c.done) c.fail('expected `as ALIAS` or the end of the line');
  const r = rangeOn(c.line.line, c.line.indent, c.line.contentEnd);
  return { kind: kw, name, ...(alias ? { alias } : {}), range: r, headerRange: rangeOn(c.line.line, first.start, c.line.contentEnd), texts: [] };
}

type Report = (line: number, start: number, end: number, message: string) => void;

function parseCardKey(sl: SourceLine, decl: ObjectDecl, file: LayersFile, report: Report): void {
  const raw = sl.raw;
  const n = sl.line;
  let i = sl.indent;
  while (i < sl.contentEnd && !/\s/.test(raw[i]!)) i++;
  const key = raw.slice(sl.indent, i);
  let vs = i;
  while (vs < sl.contentEnd && /\s/.test(raw[vs]!)) vs++;
  const value = raw.slice(vs, sl.contentEnd);
  const lower = key.toLowerCase();
  // `text` keeps everything after the key, comments with `#` inside quotes included.
  const needValue = () => {
    if (!value) throw new SyntaxError(sl.indent, i, `expected a value after \`${key}\``);
  };
  const dup = (what: unknown) => {
    if (what !== undefined) throw new SyntaxError(sl.indent, i, `\`${key}\` is given twice for ${decl.name.text}`);
  };
  switch (lower) {
    case 'cost': {
      needValue();
      dup(decl.cost);
      const m = /^(?:\{[^{}\s]{1,8}\})+$/.exec(value);
      if (!m) {
        const bad = firstBadMana(value);
        throw new SyntaxError(vs + bad, Math.min(vs + bad + 1, sl.contentEnd), 'expected mana symbols such as {2}{W}{U/B}{X}');
      }
      decl.cost = { value, range: rangeOn(n, vs, sl.contentEnd) };
      return;
    }
    case 'color':
    case 'colors': {
      needValue();
      dup(decl.colors);
      decl.colors = { value: parseColors(raw, vs, sl.contentEnd, n), range: rangeOn(n, vs, sl.contentEnd) };
      return;
    }
    case 'type': {
      needValue();
      dup(decl.typeLine);
      decl.typeLine = { value: parseTypeLine(raw, vs, sl.contentEnd), range: rangeOn(n, vs, sl.contentEnd) };
      return;
    }
    case 'pt': {
      needValue();
      dup(decl.pt);
      const m = /^(\S+?)\/(\S+)$/.exec(value);
      if (!m) throw new SyntaxError(vs, sl.contentEnd, 'expected power/toughness such as 2/2, */*, 1+*/1+*');
      const power = printedStat(m[1]!, vs, n);
      const toughness = printedStat(m[2]!, vs + m[1]!.length + 1, n);
      decl.pt = { power, toughness, range: rangeOn(n, vs, sl.contentEnd) };
      return;
    }
    case 'owner': {
      needValue();
      dup(decl.owner);
      const c: Cursor = new Cursor(tokenize(raw, vs, sl.contentEnd), sl);
      checkStrings(c);
      decl.owner = nameRef(c, 'a player name');
      if (!c.done) c.fail('expected the end of the line after the owner');
      return;
    }
    case 'text': {
      // The ability text runs to the end of the line: a `#` inside it is text, not a comment.
      let end = raw.length;
      while (end > vs && /\s/.test(raw[end - 1]!)) end--;
      const textValue = raw.slice(vs, end);
      if (!textValue) throw new SyntaxError(sl.indent, i, 'expected ability text after `text`');
      decl.texts.push({ value: textValue, range: rangeOn(n, vs, end) });
      // A comment on a text line is part of the text.
      if (sl.commentStart !== undefined && file.comments.length && file.comments[file.comments.length - 1]!.range.start.line === n) file.comments.pop();
      return;
    }
    case 'copies': {
      needValue();
      dup(decl.copies);
      if (!/^\d+$/.test(value)) throw new SyntaxError(vs, sl.contentEnd, 'expected a whole number of copies');
      let count = value.length > 9 ? Infinity : Number(value);
      if (count < 1) throw new SyntaxError(vs, sl.contentEnd, 'expected at least 1 copy');
      if (count > MAX_COPIES) {
        report(n, vs, sl.contentEnd, `at most ${MAX_COPIES} copies are supported; using ${MAX_COPIES}`);
        count = MAX_COPIES;
      }
      decl.copies = { value: count, range: rangeOn(n, vs, sl.contentEnd) };
      return;
    }
    default: {
      const s = suggest(key, CARD_KEYS);
      throw new SyntaxError(sl.indent, i, `unknown card key \`${key}\`${s ? `; did you mean \`${s}\`?` : `; expected one of ${CARD_KEYS.filter((k) => k !== 'colors').join(', ')}`}`);
    }
  }
}

function firstBadMana(v: string): number {
  let i = 0;
  while (i < v.length) {
    if (v[i] !== '{') return i;
    const close = v.indexOf('}', i);
    if (close < 0 || close === i + 1 || /[\s{]/.test(v.slice(i + 1, close))) return i;
    i = close + 1;
  }
  return 0;
}

function printedStat(s: string, offset: number, line: number): PrintedStat {
  if (/^[+-]?\d+$/.test(s)) return { base: Number(s), star: false, text: s };
  if (s === '*') return { base: 0, star: true, text: s };
  let m = /^(\d+)\+\*$/.exec(s) ?? /^\*\+(\d+)$/.exec(s);
  if (m) return { base: Number(m[1]), star: true, text: s };
  m = /^\*-(\d+)$/.exec(s);
  if (m) return { base: -Number(m[1]), star: true, text: s };
  void line;
  throw new SyntaxError(offset, offset + s.length, `expected a number, \`*\` or \`N+*\`, found \`${s}\``);
}

function parseColors(raw: string, from: number, to: number, line: number): string[] {
  const words = [...raw.slice(from, to).matchAll(/[^\s,]+/g)];
  const out: string[] = [];
  for (const m of words) {
    const w = m[0].toLowerCase();
    if (w === 'and') continue;
    if (w === 'colorless') {
      if (words.length > 1) throw new SyntaxError(from + m.index!, from + m.index! + m[0].length, '`colorless` cannot be combined with colors');
      return [];
    }
    if (!Object.hasOwn(COLOR_WORDS, w)) {
      const s = suggest(w, [...Object.keys(COLOR_WORDS), 'colorless']);
      throw new SyntaxError(from + m.index!, from + m.index! + m[0].length, `unknown color \`${m[0]}\`${s ? `; did you mean \`${s}\`?` : '; expected white, blue, black, red, green or colorless'}`);
    }
    if (!out.includes(w)) out.push(w);
  }
  void line;
  return out;
}

/** `[supertypes] types [— subtypes]`; the dash may be `—`, `–`, `--` or ` - `. */
export function parseTypeLine(raw: string, from: number, to: number): TypeLineSyntax {
  const text = raw.slice(from, to);
  const dash = /\s*(?:—|–|--|\s-\s)\s*/.exec(text);
  const left = dash ? text.slice(0, dash.index) : text;
  const right = dash ? text.slice(dash.index + dash[0].length) : '';
  const supertypes: string[] = [];
  const types: string[] = [];
  for (const m of left.matchAll(/\S+/g)) {
    const w = m[0];
    const st = supertype(w);
    const ct = cardType(w);
    if (st) supertypes.push(st);
    else if (ct) types.push(ct);
    else {
      const s = suggest(w, ['Legendary', 'Basic', 'Snow', 'World', 'Artifact', 'Creature', 'Enchantment', 'Land', 'Planeswalker', 'Instant', 'Sorcery', 'Battle', 'Kindred', 'Tribal']);
      throw new SyntaxError(from + m.index!, from + m.index! + w.length, `unknown card type \`${w}\`${s ? `; did you mean \`${s}\`?` : ''} (subtypes go after a dash: \`Creature — Ogre\`)`);
    }
  }
  if (!types.length && !supertypes.length) throw new SyntaxError(from, to, 'expected a card type such as Creature, Land or Enchantment');
  const subtypes: string[] = [];
  const parts = right.split(/\s+/).filter(Boolean);
  for (let i = 0; i < parts.length; i++) {
    // 205.3m: `Time Lord` is the one two-word subtype.
    if (parts[i] === 'Time' && parts[i + 1] === 'Lord') {
      subtypes.push('Time Lord');
      i++;
    } else subtypes.push(parts[i]!.charAt(0).toUpperCase() + parts[i]!.slice(1));
  }
  if (dash && !subtypes.length) throw new SyntaxError(from + dash.index, to, 'expected subtypes after the dash');
  return { supertypes, types, subtypes, text };
}

// ---------------------------------------------------------------------------
// Events (section 4)

interface Options {
  under?: NameRef;
  tapped: boolean;
  faceDown: boolean;
  attachedTo?: NameRef;
  choices: Located<string>[];
  choiceOrder?: NameRef[];
  targets: NameRef[];
  label?: NameRef;
  by?: NameRef;
  from?: NameRef;
  abilityIndex?: Located<number>;
}

function parseOptions(c: Cursor, allowed: string[]): Options {
  const o: Options = { tapped: false, faceDown: false, choices: [], targets: [] };
  const seen = new Set<string>();
  while (!c.done) {
    const t = c.peek()!;
    const w = t.kind === 'word' ? t.text.toLowerCase() : '';
    if (!allowed.includes(w)) {
      const s = t.kind === 'word' ? suggest(w, allowed) : undefined;
      c.fail(`unexpected \`${t.text}\`${s ? `; did you mean \`${s}\`?` : allowed.length ? `; expected ${allowed.map((a) => `\`${a === 'face' ? 'face down' : a === 'attached' ? 'attached to' : a}\``).join(', ')}` : ''}`);
    }
    if (seen.has(w)) c.fail(`\`${t.text}\` is given twice`);
    seen.add(w);
    c.next();
    switch (w) {
      case 'under':
        o.under = nameRef(c, 'a player after `under`');
        break;
      case 'tapped':
        o.tapped = true;
        break;
      case 'face':
        c.expectWord('down', 'after `face`');
        o.faceDown = true;
        break;
      case 'attached':
        c.expectWord('to', 'after `attached`');
        o.attachedTo = nameRef(c, 'what it is attached to');
        break;
      case 'targeting':
        o.targets = nameList(c, 'a target');
        break;
      case 'as':
        o.label = nameRef(c, 'a label after `as`');
        break;
      case 'by':
        o.by = nameRef(c, 'a player after `by`');
        break;
      case 'from':
        o.from = nameRef(c, 'an object after `from`');
        break;
      case 'ability': {
        const n = c.next();
        if (!n || !/^\d+$/.test(n.text) || Number(n.text) < 1) {
          if (n) throw new SyntaxError(n.start, n.end, 'expected an ability number (1, 2, …) after `ability`');
          c.fail('expected an ability number (1, 2, …) after `ability`');
        }
        o.abilityIndex = { value: Number(n.text), range: c.range(n) };
        break;
      }
      case 'choosing':
        parseChoices(c, o, allowed);
        break;
    }
  }
  return o;
}

/** `choosing blue, X=3, white->blue` and `choosing A then B` (616.1 order). */
function parseChoices(c: Cursor, o: Options, allowed: string[]): void {
  const stop = () => c.done || (c.peek()!.kind === 'word' && allowed.includes(c.peek()!.text.toLowerCase()) && c.peek()!.text.toLowerCase() !== 'choosing' && !c.isPunct(','));
  const groups: Token[][] = [[]];
  let sawThen = false;
  if (stop()) c.fail('expected a choice after `choosing`');
  while (!stop()) {
    const t = c.next()!;
    if (t.kind === 'punct' && t.text === ',') {
      groups.push([]);
      continue;
    }
    if (t.kind === 'punct') throw new SyntaxError(t.start, t.end, `unexpected \`${t.text}\` in the choices`);
    if (t.kind === 'word' && t.text.toLowerCase() === 'then') {
      sawThen = true;
      groups.push([]);
      continue;
    }
    groups[groups.length - 1]!.push(t);
  }
  for (const g of groups) {
    if (!g.length) {
      const [s, e] = c.here();
      throw new SyntaxError(s, e, 'expected a choice between the commas');
    }
    const a = g[0]!;
    const b = g[g.length - 1]!;
    const value = g.length === 1 && a.kind === 'string' ? a.text : c.text(a, b);
    o.choices.push({ value, range: rangeOn(c.line.line, a.start, b.end) });
  }
  if (sawThen) {
    o.choiceOrder = groups.map((g) => {
      const a = g[0]!;
      const b = g[g.length - 1]!;
      return { text: g.length === 1 && a.kind === 'string' ? a.text : c.text(a, b), quoted: a.kind === 'string', range: rangeOn(c.line.line, a.start, b.end) };
    });
  }
}

function count(c: Cursor, what: string): CountSyntax {
  const t = c.next();
  if (!t) c.fail(`expected ${what}`);
  const w = t.text.toLowerCase();
  const words: Record<string, number> = { a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };
  if (t.kind === 'word' && /^\d{1,6}$/.test(t.text)) return { value: Number(t.text), range: c.range(t) };
  if (t.kind === 'word' && w in words) return { value: words[w]!, range: c.range(t) };
  throw new SyntaxError(t.start, t.end, `expected ${what} (a, an or a number), found \`${t.text}\``);
}

function zone(c: Cursor): Located<ZoneName> {
  const t = c.next();
  if (!t) c.fail(`expected a zone: ${ZONES.join(', ')}`);
  let w = t.text.toLowerCase();
  if (w === 'the' || w === 'its' || w === "owner's") {
    const u = c.next();
    if (!u) c.fail(`expected a zone: ${ZONES.join(', ')}`);
    w = u.text.toLowerCase();
    if (ZONES.includes(w as ZoneName)) return { value: w as ZoneName, range: rangeOn(c.line.line, t.start, u.end) };
    throw new SyntaxError(u.start, u.end, `unknown zone \`${u.text}\`; expected ${ZONES.join(', ')}`);
  }
  if (ZONES.includes(w as ZoneName)) return { value: w as ZoneName, range: c.range(t) };
  const s = suggest(w, ZONES);
  throw new SyntaxError(t.start, t.end, `unknown zone \`${t.text}\`${s ? `; did you mean \`${s}\`?` : `; expected ${ZONES.join(', ')}`}`);
}

/** The counter kind between the count and `counter(s)`: `+1/+1`, `-1/-1`, `flying`, `first strike`. */
function counterKind(c: Cursor): Located<string> {
  const toks: Token[] = [];
  while (!c.done && !c.isWord('counter') && !c.isWord('counters')) toks.push(c.next()!);
  if (c.done) c.fail('expected `counter` or `counters`');
  if (!toks.length) c.fail('expected a counter kind such as +1/+1 before `counters`');
  c.next();
  const a = toks[0]!;
  const b = toks[toks.length - 1]!;
  return { value: c.text(a, b), range: rangeOn(c.line.line, a.start, b.end) };
}

function noTargets(o: Options) {
  return { targets: o.targets, choices: o.choices, ...(o.choiceOrder ? { choiceOrder: o.choiceOrder } : {}), ...(o.label ? { label: o.label } : {}), ...(o.by ? { by: o.by } : {}) };
}

function parseEvent(c: Cursor): EventSyntax {
  const first = c.peek()!;
  const kw = first.kind === 'word' ? first.text.toLowerCase() : '';
  // `PLAYER draws N card(s)`, `PLAYER gains N life`, …
  const verb = c.peek(1);
  if (isNameToken(first) && verb && verb.kind === 'word' && PLAYER_VERBS[verb.text.toLowerCase()] && !STATEMENT_KEYWORDS.includes(kw as never)) {
    const player = nameRef(c, 'a player');
    c.next();
    const kind = PLAYER_VERBS[verb.text.toLowerCase()]!;
    const n = count(c, 'how many');
    if (kind === 'draw' || kind === 'discard') {
      if (!c.eat('card') && !c.eat('cards')) c.fail('expected `cards`');
    } else if (!c.eat('life')) c.fail('expected `life`');
    const o = parseOptions(c, ['choosing']);
    return { kind, player, count: n, choices: o.choices, ...(o.choiceOrder ? { choiceOrder: o.choiceOrder } : {}) };
  }
  c.next();
  switch (kw) {
    case 'enter': {
      const objects = nameList(c, 'an object to enter');
      const o = parseOptions(c, ['under', 'tapped', 'face', 'attached', 'choosing']);
      return { kind: 'enter', objects, ...(o.under ? { under: o.under } : {}), tapped: o.tapped, faceDown: o.faceDown, ...(o.attachedTo ? { attachedTo: o.attachedTo } : {}), choices: o.choices, ...(o.choiceOrder ? { choiceOrder: o.choiceOrder } : {}) };
    }
    case 'cast': {
      const object = nameRef(c, 'the spell to cast');
      const o = parseOptions(c, ['targeting', 'choosing', 'as', 'by']);
      return { kind: 'cast', object, ...noTargets(o) };
    }
    case 'activate': {
      const object = nameRef(c, 'the object whose ability is activated');
      const o = parseOptions(c, ['ability', 'targeting', 'choosing', 'as', 'by']);
      return { kind: 'activate', object, ...(o.abilityIndex ? { abilityIndex: o.abilityIndex } : {}), ...noTargets(o) };
    }
    case 'resolve': {
      const t = c.next();
      if (!t || t.kind !== 'string') {
        if (t) throw new SyntaxError(t.start, t.end, 'expected the effect text in double quotes: resolve "…"');
        c.fail('expected the effect text in double quotes: resolve "…"');
      }
      if (!t.text.trim()) throw new SyntaxError(t.start, t.end, 'expected effect text inside the quotes');
      const o = parseOptions(c, ['from', 'by', 'targeting', 'choosing', 'as']);
      return { kind: 'resolve', text: { value: t.text, range: rangeOn(c.line.line, t.start + 1, t.end - 1) }, ...(o.from ? { from: o.from } : {}), ...noTargets(o) };
    }
    case 'attach': {
      const object = nameRef(c, 'the object to attach');
      c.expectWord('to', 'after the attached object');
      const to = nameRef(c, 'what it is attached to');
      return { kind: 'attach', object, to };
    }
    case 'put':
    case 'remove': {
      const n = count(c, 'how many counters');
      const counter = counterKind(c);
      c.expectWord(kw === 'put' ? 'on' : 'from', 'after `counters`');
      const object = nameRef(c, 'an object');
      return { kind: kw === 'put' ? 'put-counters' : 'remove-counters', count: n, counter, object };
    }
    case 'move': {
      const objects = nameList(c, 'an object to move');
      c.expectWord('to', 'after `move X`');
      const z = zone(c);
      const o = parseOptions(c, ['choosing']);
      return { kind: 'move', objects, zone: z, choices: o.choices, ...(o.choiceOrder ? { choiceOrder: o.choiceOrder } : {}) };
    }
    case 'destroy':
    case 'sacrifice':
    case 'exile': {
      const objects = nameList(c, `an object to ${kw}`);
      const o = parseOptions(c, ['choosing']);
      return { kind: kw, objects, choices: o.choices, ...(o.choiceOrder ? { choiceOrder: o.choiceOrder } : {}) };
    }
    case 'tap':
    case 'untap':
      return { kind: kw, objects: nameList(c, `an object to ${kw}`) };
    case 'turn': {
      const object = nameRef(c, 'an object to turn');
      c.expectWord('face', 'after `turn X`');
      const t = c.next();
      if (!t || (t.text.toLowerCase() !== 'up' && t.text.toLowerCase() !== 'down')) {
        if (t) throw new SyntaxError(t.start, t.end, 'expected `up` or `down`');
        c.fail('expected `up` or `down`');
      }
      return { kind: 'turn-face', object, up: t.text.toLowerCase() === 'up' };
    }
    case 'end': {
      if (c.isWord('turn') && c.toks.length === 2) {
        c.next();
        return { kind: 'end-turn' };
      }
      return { kind: 'end', label: nameRef(c, 'a label (or `turn`) after `end`') };
    }
    default: {
      const s = first.kind === 'word' ? suggest(first.text, STATEMENT_KEYWORDS) : undefined;
      throw new SyntaxError(first.start, first.end, `unknown statement \`${first.text}\`${s ? `; did you mean \`${s}\`?` : '; expected a declaration, an event or `expect`'}`);
    }
  }
}

// ---------------------------------------------------------------------------
// Expectations (section 6)

function parseExpect(c: Cursor): ExpectSyntax {
  if (c.done) c.fail('expected what to check after `expect`');
  if (c.isWord('loop') && c.peek(1) && !c.isPunct(':') && !(c.peek(1)!.kind === 'punct')) {
    c.next();
    const objects = nameList(c, 'an object in the loop');
    if (!c.done) c.fail('expected `,` or the end of the line');
    return { kind: 'loop', objects };
  }
  const subject = nameRef(c, 'an object or player');
  if (c.isWord('depends')) {
    c.next();
    c.expectWord('on', 'after `depends`');
    const on = nameRef(c, 'an object');
    if (!c.done) c.fail('expected the end of the line');
    return { kind: 'depends', dependent: subject, on };
  }
  if (c.isPunct(':')) {
    c.next();
    const facts: Fact[] = [];
    const raw = c.line.raw;
    // Facts are separated by `;` (outside quotes).
    let segStart = c.peek()?.start ?? c.line.contentEnd;
    const segments: [number, number][] = [];
    let inQuote = false;
    for (let i = segStart; i < c.line.contentEnd; i++) {
      const ch = raw[i];
      if (ch === '"') inQuote = !inQuote;
      else if (ch === ';' && !inQuote) {
        segments.push([segStart, i]);
        segStart = i + 1;
      }
    }
    segments.push([segStart, c.line.contentEnd]);
    for (const [s0, e0] of segments) {
      let s = s0;
      let e = e0;
      while (s < e && /\s/.test(raw[s]!)) s++;
      while (e > s && /\s/.test(raw[e - 1]!)) e--;
      if (s >= e) throw new SyntaxError(s0, Math.max(s0 + 1, e0), 'expected a fact here (pt, color, type, has, zone, …)');
      facts.push(parseFact(raw, s, e, c.line.line));
    }
    c.i = c.toks.length;
    return { kind: 'facts', subject, facts };
  }
  // `expect X P/T`
  const t = c.next();
  if (!t) c.fail('expected `:` and facts, a P/T such as 5/8, or `depends on`');
  const m = /^(-?\d+)\/(-?\d+)$/.exec(t.text);
  if (!m) throw new SyntaxError(t.start, t.end, `expected \`:\` and facts, a P/T such as 5/8, or \`depends on\`, found \`${t.text}\``);
  if (!c.done) c.fail('expected the end of the line after the P/T');
  const fact: Fact = { alternatives: [{ kind: 'pt', power: Number(m[1]), toughness: Number(m[2]) }], range: c.range(t), text: `pt ${t.text}` };
  return { kind: 'facts', subject, facts: [fact] };
}

/** Split on `sep` outside double quotes, keeping offsets. */
function splitOutsideQuotes(raw: string, s: number, e: number, sep: RegExp): [number, number][] {
  const out: [number, number][] = [];
  let start = s;
  let inQuote = false;
  for (let i = s; i < e; i++) {
    if (raw[i] === '"') {
      inQuote = !inQuote;
      continue;
    }
    if (inQuote) continue;
    sep.lastIndex = i;
    const m = sep.exec(raw);
    if (m && m.index === i && i + m[0].length <= e) {
      out.push([start, i]);
      start = i + m[0].length;
      i = start - 1;
    }
  }
  out.push([start, e]);
  return out.map(([a, b]) => {
    while (a < b && /\s/.test(raw[a]!)) a++;
    while (b > a && /\s/.test(raw[b - 1]!)) b--;
    return [a, b];
  });
}

function parseFact(raw: string, s: number, e: number, line: number): Fact {
  const text = raw.slice(s, e);
  const lower = text.toLowerCase();
  const keys = [...FACT_KEYWORDS].sort((a, b) => b.length - a.length);
  let key = keys.find((k) => lower === k || lower.startsWith(k + ' '));
  let vStart = s + (key?.length ?? 0);
  // `expect X: 5/8` — a bare P/T is a pt fact.
  if (!key && /^-?\d+\/-?\d+$/.test(text)) {
    key = 'pt';
    vStart = s;
  }
  if (!key) {
    const w = /^\S+/.exec(text)![0];
    const sug = suggest(w, FACT_KEYWORDS);
    throw new SyntaxError(s, s + w.length, `unknown fact \`${w}\`${sug ? `; did you mean \`${sug}\`?` : '; expected pt, power, toughness, color, type, is, abilities, has, lacks, controller, owner, zone, tapped, counters, name, life, hand, max hand size'}`);
  }
  while (vStart < e && /\s/.test(raw[vStart]!)) vStart++;
  const alternatives: FactSyntax[] = [];
  const alts = key === 'has' || key === 'lacks' || key === 'abilities' ? [[vStart, e] as [number, number]] : splitOutsideQuotes(raw, vStart, e, /\s+or\s+/y);
  for (const [a, b] of alts) alternatives.push(factValue(key, raw, a, b, s, line));
  return { alternatives, range: rangeOn(line, s, e), text };
}

function factValue(key: string, raw: string, a: number, b: number, factStart: number, line: number): FactSyntax {
  const v = raw.slice(a, b);
  const need = () => {
    if (!v) throw new SyntaxError(factStart, b, `expected a value after \`${key}\``);
  };
  const int = (): number => {
    need();
    if (!/^-?\d{1,9}$/.test(v)) throw new SyntaxError(a, b, `expected a number after \`${key}\`, found \`${v}\``);
    return Number(v);
  };
  switch (key) {
    case 'pt': {
      need();
      const m = /^(-?\d{1,9})\/(-?\d{1,9})$/.exec(v);
      if (!m) throw new SyntaxError(a, b, `expected power/toughness such as 5/8, found \`${v}\``);
      return { kind: 'pt', power: Number(m[1]), toughness: Number(m[2]) };
    }
    case 'power':
    case 'toughness':
      return { kind: key, value: int() };
    case 'color':
    case 'colors':
      need();
      return { kind: 'color', colors: parseColors(raw, a, b, line) };
    case 'type':
      need();
      return { kind: 'type', typeLine: parseTypeLine(raw, a, b) };
    case 'is':
    case 'is not':
      need();
      if (key === 'is' && /^not\s/i.test(v)) return { kind: 'is-not', word: v.slice(4).trim() };
      return { kind: key === 'is' ? 'is' : 'is-not', word: v };
    case 'abilities':
    case 'has':
    case 'lacks': {
      need();
      if (key === 'abilities' && /^none$/i.test(v)) return { kind: 'abilities', abilities: [] };
      const items = splitOutsideQuotes(raw, a, b, /,/y).map(([x, y]) => {
        if (x >= y) throw new SyntaxError(a, b, 'expected an ability between the commas');
        const t = raw.slice(x, y);
        if (t.startsWith('"')) {
          if (!t.endsWith('"') || t.length < 2) throw new SyntaxError(x, y, 'unterminated string: expected a closing `"`');
          return t.slice(1, -1);
        }
        return t;
      });
      return { kind: key === 'abilities' ? 'abilities' : key, abilities: items };
    }
    case 'controller':
    case 'owner': {
      need();
      const quoted = v.startsWith('"') && v.endsWith('"') && v.length >= 2;
      const name = quoted ? v.slice(1, -1) : v;
      if (!quoted && !NAME_RE.test(name)) throw new SyntaxError(a, b, `expected a player name after \`${key}\`, found \`${v}\``);
      return { kind: key, player: { text: name, quoted, range: rangeOn(line, a, b) } };
    }
    case 'zone': {
      need();
      const z = v.toLowerCase();
      if (!ZONES.includes(z as ZoneName)) {
        const sug = suggest(z, ZONES);
        throw new SyntaxError(a, b, `unknown zone \`${v}\`${sug ? `; did you mean \`${sug}\`?` : `; expected ${ZONES.join(', ')}`}`);
      }
      return { kind: 'zone', zone: z as ZoneName };
    }
    case 'tapped':
    case 'untapped':
      if (v) throw new SyntaxError(a, b, `unexpected \`${v}\` after \`${key}\``);
      return { kind: key };
    case 'counters': {
      need();
      const m = /^(.+?)\s+(\d{1,9})$/.exec(v);
      if (!m) throw new SyntaxError(a, b, 'expected a counter kind and a number, such as `counters +1/+1 2`');
      return { kind: 'counters', counter: m[1]!, count: Number(m[2]) };
    }
    case 'name': {
      need();
      const quoted = v.startsWith('"') && v.endsWith('"') && v.length >= 2;
      return { kind: 'name', name: quoted ? v.slice(1, -1) : v };
    }
    case 'life':
      return { kind: 'life', value: int() };
    case 'hand':
      return { kind: 'hand', value: int() };
    case 'graveyard':
      return { kind: 'graveyard', value: int() };
    case 'library':
      return { kind: 'library-drawn', value: int() };
    case 'exile':
      return { kind: 'exile-count', value: int() };
    case 'max hand size':
      need();
      if (/^none$/i.test(v)) return { kind: 'max-hand-size', value: null };
      return { kind: 'max-hand-size', value: int() };
  }
  throw new SyntaxError(factStart, b, `unknown fact \`${key}\``);
}

export type { Statement };
