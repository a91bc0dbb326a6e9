// Lines and tokens of a `.layers` file (spec section 1). Total: any string
// splits into lines and tokens; problems (an unterminated quote) are
// reported by the parser from what the tokenizer marks.

import type { Range } from './ast';

export interface SourceLine {
  /** Zero-based line number. */
  line: number;
  /** The whole line as written (no line break). */
  raw: string;
  /** Offset of the first non-blank character. */
  indent: number;
  /** Indentation depth: a tab counts as one level, so do two spaces. */
  depth: number;
  /** End of the content before a comment, trailing blanks trimmed. */
  contentEnd: number;
  /** Start of the `#` comment, if any. */
  commentStart?: number;
}

export type TokenKind = 'word' | 'string' | 'punct';

export interface Token {
  kind: TokenKind;
  /** The text; for a string, without its quotes. */
  text: string;
  start: number;
  end: number;
  /** `ALIAS#k` or `"Name"#k`. */
  copyIndex?: number;
  /** A string whose closing quote is missing. */
  unterminated?: boolean;
}

/** Split into lines on \n, \r\n or \r; a leading BOM is treated as blank. */
export function splitLines(text: string): string[] {
  return text.split(/\r\n|\r|\n/);
}

const BLANK = (c: string) => c === ' ' || c === '\t' || c === '\uFEFF' || c === '\f' || c === '\v';

/** Measure indentation and find where a comment starts (`#` at the start or after a blank, outside quotes). */
export function scanLine(raw: string, line: number): SourceLine {
  let i = 0;
  let depth = 0;
  let spaces = 0;
  while (i < raw.length && BLANK(raw[i]!)) {
    if (raw[i] === '\t') depth++;
    else if (raw[i] === ' ') spaces++;
    i++;
  }
  depth += Math.ceil(spaces / 2);
  const indent = i;
  let inQuote = false;
  let commentStart: number | undefined;
  for (let j = indent; j < raw.length; j++) {
    const c = raw[j]!;
    if (c === '"') inQuote = !inQuote;
    else if (c === '#' && !inQuote && (j === indent || BLANK(raw[j - 1]!))) {
      commentStart = j;
      break;
    }
  }
  let end = commentStart ?? raw.length;
  while (end > indent && BLANK(raw[end - 1]!)) end--;
  return { line, raw, indent, depth, contentEnd: end, commentStart };
}

const PUNCT = new Set([',', ':', ';']);

/** Tokens of `raw` between `from` and `to`: words, quoted strings, and the punctuation `, : ;`. */
export function tokenize(raw: string, from: number, to: number): Token[] {
  const out: Token[] = [];
  let i = from;
  while (i < to) {
    const c = raw[i]!;
    if (BLANK(c)) {
      i++;
      continue;
    }
    if (PUNCT.has(c)) {
      out.push({ kind: 'punct', text: c, start: i, end: i + 1 });
      i++;
      continue;
    }
    if (c === '"' || c === '“') {
      const close = c === '"' ? '"' : '”';
      let j = i + 1;
      while (j < to && raw[j] !== close && raw[j] !== '"') j++;
      if (j >= to) {
        out.push({ kind: 'string', text: raw.slice(i + 1, to), start: i, end: to, unterminated: true });
        break;
      }
      const tok: Token = { kind: 'string', text: raw.slice(i + 1, j), start: i, end: j + 1 };
      i = j + 1;
      const m = /^#(\d{1,9})/.exec(raw.slice(i, Math.min(to, i + 11)));
      if (m) {
        tok.copyIndex = Number(m[1]);
        tok.end = i + m[0].length;
        i = tok.end;
      }
      out.push(tok);
      continue;
    }
    let j = i;
    while (j < to && !BLANK(raw[j]!) && !PUNCT.has(raw[j]!) && raw[j] !== '"') j++;
    const text = raw.slice(i, j);
    const tok: Token = { kind: 'word', text, start: i, end: j };
    const m = /^([A-Za-z][A-Za-z0-9_'-]*)#(\d{1,9})$/.exec(text);
    if (m) {
      tok.text = m[1]!;
      tok.copyIndex = Number(m[2]);
    }
    out.push(tok);
    i = j;
  }
  return out;
}

export function rangeOn(line: number, start: number, end: number): Range {
  return { start: { line, character: start }, end: { line, character: Math.max(start, end) } };
}
