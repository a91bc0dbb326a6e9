// Lines and tokens of a `.layers` file (spec section 1). Total and linear:
// any string splits into lines and tokens in one pass over its characters;
// problems (an unterminated quote) are marked on the token and reported by
// the parser. Offsets are UTF-16 code units, as editors count them.

import type { Range } from './ast';

export interface SourceLine {
  /** Zero-based line number. */
  line: number;
  /** The whole line as written (no line break). */
  raw: string;
  /** Offset of the first non-blank character. */
  indent: number;
  /** Indentation depth for display: a tab counts as one level, so do two spaces. */
  depth: number;
  /** Indentation for block structure, in half levels: a tab counts 2, a space 1. */
  width: number;
  /** End of the content before a comment, trailing blanks trimmed. */
  contentEnd: number;
  /** Start of the `#` comment, if any. */
  commentStart?: number;
}

export type TokenKind = 'word' | 'string' | 'punct';

export interface Token {
  kind: TokenKind;
  /** The text; for a string, without its quotes; for a word, without a `#k` suffix. */
  text: string;
  start: number;
  end: number;
  /** `ALIAS#k` or `"Name"#k`. */
  copyIndex?: number;
  /** A string whose closing quote is missing. */
  unterminated?: boolean;
}

const TAB = 9;
const SPACE = 32;
const HASH = 35;

/** Blanks between tokens: space, tab, form feed, vertical tab, no-break space, and a stray byte-order mark. */
export function isBlankCode(c: number): boolean {
  return c === SPACE || c === TAB || c === 0xfeff || c === 12 || c === 11 || c === 0xa0;
}

/** `"` or `“` open a string. */
export function isOpenQuote(c: number): boolean {
  return c === 0x22 || c === 0x201c;
}

/** `"` or `”` close one, whichever opened it (pasted Oracle text mixes them). */
export function isCloseQuote(c: number): boolean {
  return c === 0x22 || c === 0x201d;
}

export function isDigitCode(c: number): boolean {
  return c >= 48 && c <= 57;
}

function isLetterCode(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

/** `[A-Za-z0-9_'-]`: the characters after the first letter of a bare name. */
export function isNameCode(c: number): boolean {
  return isLetterCode(c) || isDigitCode(c) || c === 95 || c === 39 || c === 45;
}

/** A bare name: `[A-Za-z][A-Za-z0-9_'-]*`. */
export function isBareName(s: string): boolean {
  if (!s.length || !isLetterCode(s.charCodeAt(0))) return false;
  for (let i = 1; i < s.length; i++) if (!isNameCode(s.charCodeAt(i))) return false;
  return true;
}

/** Split into lines on \n, \r\n or \r (the LSP's line breaks). */
export function splitLines(text: string): string[] {
  return text.split(/\r\n|\r|\n/);
}

/**
 * Measure indentation and find where a comment starts: a `#` outside quotes,
 * except the `#k` of a copy reference (`ogre#2`, `"Gray Ogre"#2`): a `#` right
 * after a name character or a closing quote and followed by a digit.
 */
export function scanLine(raw: string, line: number): SourceLine {
  let i = 0;
  let tabs = 0;
  let spaces = 0;
  while (i < raw.length && isBlankCode(raw.charCodeAt(i))) {
    const c = raw.charCodeAt(i);
    if (c === TAB) tabs++;
    else if (c === SPACE || c === 0xa0) spaces++;
    i++;
  }
  const indent = i;
  let inQuote = false;
  let closedAt = -1;
  let commentStart: number | undefined;
  for (let j = indent; j < raw.length; j++) {
    const c = raw.charCodeAt(j);
    if (inQuote) {
      if (isCloseQuote(c)) {
        inQuote = false;
        closedAt = j;
      }
      continue;
    }
    if (isOpenQuote(c)) inQuote = true;
    else if (c === HASH) {
      const before = j > indent ? raw.charCodeAt(j - 1) : -1;
      const copySuffix = (closedAt === j - 1 || (before >= 0 && isNameCode(before))) && j + 1 < raw.length && isDigitCode(raw.charCodeAt(j + 1));
      if (!copySuffix) {
        commentStart = j;
        break;
      }
    }
  }
  let end = commentStart ?? raw.length;
  while (end > indent && isBlankCode(raw.charCodeAt(end - 1))) end--;
  return { line, raw, indent, depth: tabs + Math.ceil(spaces / 2), width: tabs * 2 + spaces, contentEnd: end, commentStart };
}

function isPunctCode(c: number): boolean {
  return c === 44 || c === 58 || c === 59; // , : ;
}

/** `#k` right at `i` (1 to 9 digits, then a boundary): the copy number and where it ends. */
function copySuffix(raw: string, i: number, to: number): [number, number] | undefined {
  if (i >= to || raw.charCodeAt(i) !== HASH) return undefined;
  let j = i + 1;
  while (j < to && isDigitCode(raw.charCodeAt(j))) j++;
  const digits = j - i - 1;
  if (digits < 1 || digits > 9) return undefined;
  if (j < to && !isBlankCode(raw.charCodeAt(j)) && !isPunctCode(raw.charCodeAt(j))) return undefined;
  return [Number(raw.slice(i + 1, j)), j];
}

/** Tokens of `raw` between `from` and `to`: words, quoted strings, and the punctuation `, : ;`. */
export function tokenize(raw: string, from: number, to: number): Token[] {
  const out: Token[] = [];
  let i = from;
  while (i < to) {
    const c = raw.charCodeAt(i);
    if (isBlankCode(c)) {
      i++;
      continue;
    }
    if (isPunctCode(c)) {
      out.push({ kind: 'punct', text: raw[i]!, start: i, end: i + 1 });
      i++;
      continue;
    }
    if (isOpenQuote(c)) {
      let j = i + 1;
      while (j < to && !isCloseQuote(raw.charCodeAt(j))) j++;
      if (j >= to) {
        out.push({ kind: 'string', text: raw.slice(i + 1, to), start: i, end: to, unterminated: true });
        break;
      }
      const tok: Token = { kind: 'string', text: raw.slice(i + 1, j), start: i, end: j + 1 };
      i = j + 1;
      const suffix = copySuffix(raw, i, to);
      if (suffix) {
        tok.copyIndex = suffix[0];
        tok.end = suffix[1];
        i = suffix[1];
      }
      out.push(tok);
      continue;
    }
    let j = i;
    while (j < to) {
      const d = raw.charCodeAt(j);
      if (isBlankCode(d) || isPunctCode(d) || isOpenQuote(d)) break;
      j++;
    }
    const tok: Token = { kind: 'word', text: raw.slice(i, j), start: i, end: j };
    const hash = tok.text.indexOf('#');
    if (hash > 0 && isBareName(tok.text.slice(0, hash))) {
      const suffix = copySuffix(raw, i + hash, j);
      if (suffix && suffix[1] === j) {
        tok.text = tok.text.slice(0, hash);
        tok.copyIndex = suffix[0];
      }
    }
    out.push(tok);
    i = j;
  }
  return out;
}

export function rangeOn(line: number, start: number, end: number): Range {
  return { start: { line, character: start }, end: { line, character: Math.max(start, end) } };
}
