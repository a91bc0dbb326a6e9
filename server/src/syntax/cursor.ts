// A cursor over one line's tokens, the error it raises, and name references.
// A line is parsed by one function; the first problem throws a ParseError
// with the exact span, which the driver turns into that line's diagnostic.

import type { NameRef, Range } from './ast';
import { isBareName, rangeOn, type SourceLine, type Token } from './tokens';

/**
 * One syntax error: a span on the current line and what was expected there.
 * Not an Error subclass: it is control flow, and capturing a stack trace for
 * each bad line of a large junk file would dominate the parse time.
 */
export class ParseError {
  constructor(
    readonly start: number,
    readonly end: number,
    readonly message: string,
  ) {}
}

/** Names that the file declares (card and token headers), for reading unquoted multi-word names. */
export interface KnownNames {
  /** Lower-case names of two words or more, words separated by one space. */
  multiWord: Set<string>;
  /** The most words in any of them. */
  maxWords: number;
}

export const NO_KNOWN_NAMES: KnownNames = { multiWord: new Set(), maxWords: 0 };

/** Quote a piece of source for a message, shortened so a 100k-character token does not make a 100k-character message. */
export function show(text: string): string {
  const t = text.length > 40 ? `${text.slice(0, 37)}…` : text;
  return `\`${t}\``;
}

export class Cursor {
  i = 0;
  constructor(
    readonly toks: Token[],
    readonly line: SourceLine,
    readonly known: KnownNames = NO_KNOWN_NAMES,
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

  /** Is the token `k` ahead the bare word `w` (lower case)? */
  isWord(w: string, k = 0): boolean {
    const t = this.peek(k);
    return !!t && t.kind === 'word' && t.copyIndex === undefined && t.text.toLowerCase() === w;
  }

  eat(w: string): Token | undefined {
    return this.isWord(w) ? this.next() : undefined;
  }

  isPunct(p: string, k = 0): boolean {
    const t = this.peek(k);
    return !!t && t.kind === 'punct' && t.text === p;
  }

  /**
   * The span of the next token. At the end of the line, something is
   * missing: the span is the last token read (visible in an editor, unlike
   * an empty range), or the end of the content if nothing was read.
   */
  here(): [number, number] {
    const t = this.peek();
    if (t) return [t.start, t.end];
    const last = this.toks[this.toks.length - 1];
    if (last) return [last.start, last.end];
    return [this.line.contentEnd, this.line.contentEnd];
  }

  /** Fail on the next token (or at the end of the line), adding what was found. */
  fail(message: string): never {
    const [s, e] = this.here();
    const t = this.peek();
    throw new ParseError(s, e, t ? `${message}, found ${show(this.source(t))}` : message);
  }

  /** Fail on a given token. */
  failAt(t: Token, message: string): never {
    throw new ParseError(t.start, t.end, message);
  }

  expectWord(w: string, context: string): Token {
    const t = this.eat(w);
    if (!t) this.fail(`expected \`${w}\` ${context}`);
    return t;
  }

  /** Nothing may follow. */
  end(context: string): void {
    if (!this.done) this.fail(`expected the end of the line ${context}`);
  }

  range(t: Token): Range {
    return rangeOn(this.line.line, t.start, t.end);
  }

  span(a: Token, b: Token): Range {
    return rangeOn(this.line.line, a.start, b.end);
  }

  /** Source text of a token as written (with quotes and `#k`). */
  source(t: Token): string {
    return this.line.raw.slice(t.start, t.end);
  }

  /** Source text from token `a` to the end of token `b`. */
  text(a: Token, b: Token): string {
    return this.line.raw.slice(a.start, b.end);
  }
}

/** Could this token start a name? */
export function isNameToken(t: Token | undefined): boolean {
  return !!t && (t.kind === 'string' || (t.kind === 'word' && isBareName(t.text)));
}

function ref(c: Cursor, a: Token, b: Token, text: string, quoted: boolean): NameRef {
  const r: NameRef = { text, quoted, range: c.span(a, b) };
  if (b.copyIndex !== undefined) {
    // Copies are numbered from 1 (`ALIAS#1` … `ALIAS#N`).
    if (b.copyIndex < 1) throw new ParseError(b.start, b.end, `copy numbers start at 1: ${show(c.source(b))}`);
    r.copyIndex = b.copyIndex;
  }
  return r;
}

/**
 * A name: a bare word or a quoted string, with an optional `#k`. Lenient
 * where it is unambiguous: several bare words that together spell a declared
 * name (`enter Gray Ogre`) are read as that name, longest first.
 */
export function nameRef(c: Cursor, what: string): NameRef {
  const t = c.peek();
  if (!t) c.fail(`expected ${what}`);
  if (t.kind === 'string') {
    c.next();
    if (!t.text.trim()) throw new ParseError(t.start, t.end, `expected ${what}, found an empty name`);
    return ref(c, t, t, t.text, true);
  }
  if (!isNameToken(t)) {
    const hint = t.kind === 'word' ? ' (a name is letters, digits, _ \' and -, or any text in double quotes)' : '';
    c.fail(`expected ${what}${hint}`);
  }
  if (t.copyIndex === undefined && c.known.maxWords >= 2) {
    // Words one space apart, so that the name's text is exactly its source.
    let key = t.text.toLowerCase();
    let best = 0;
    let prev = t;
    for (let k = 1; k < c.known.maxWords; k++) {
      const u = c.peek(k);
      if (!u || u.kind !== 'word' || !isBareName(u.text) || u.start !== prev.end + 1 || c.line.raw[prev.end] !== ' ') break;
      key += ' ' + u.text.toLowerCase();
      if (c.known.multiWord.has(key)) best = k;
      if (u.copyIndex !== undefined) break;
      prev = u;
    }
    if (best) {
      const words = c.toks.slice(c.i, c.i + best + 1);
      c.i += best + 1;
      return ref(c, words[0]!, words[best]!, words.map((w) => w.text).join(' '), false);
    }
  }
  c.next();
  return ref(c, t, t, t.text, false);
}

/** `A, B, C` */
export function nameList(c: Cursor, what: string): NameRef[] {
  const out = [nameRef(c, what)];
  while (c.isPunct(',')) {
    c.next();
    out.push(nameRef(c, what));
  }
  return out;
}

/** The first unterminated string among the tokens is the line's error: everything after it is swallowed. */
export function checkStrings(toks: readonly Token[]): void {
  for (const t of toks) if (t.unterminated) throw new ParseError(t.start, t.end, 'unterminated string: expected a closing `"`');
}
