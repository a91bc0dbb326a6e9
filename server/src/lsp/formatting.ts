// Document formatting: block keys indented by two spaces, top-level lines at
// the left, one space between words, no trailing blanks. It changes blanks
// only (every other character stays, in order), keeps every line and line
// break, never touches text inside quotes, comments or the ability text after
// `text`, and is idempotent. Blocks and comments are found exactly as the
// parser finds them (syntax/tokens.ts scanLine), so the meaning is unchanged.

import type { TextEdit } from 'vscode-languageserver';
import { scanLine } from '../syntax/tokens';
import type { ParsedDocument } from './documents';
import { range } from './positions';

const BLANK = /[ \t\f\v\u00a0\ufeff]/;
const isOpen = (c: string) => c === '"' || c === '“';
const isClose = (c: string) => c === '"' || c === '”';

/** Runs of blanks outside quotes become one space. */
export function collapseBlanks(s: string): string {
  let out = '';
  let inQuote = false;
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (inQuote) {
      if (isClose(c)) inQuote = false;
      out += c;
      continue;
    }
    if (isOpen(c)) inQuote = true;
    if (BLANK.test(c)) {
      if (!out.endsWith(' ')) out += ' ';
      continue;
    }
    out += c;
  }
  return out;
}

/** Lines and the line breaks after them, so that both survive as written. */
function splitKeepingBreaks(text: string): { line: string; eol: string }[] {
  const out: { line: string; eol: string }[] = [];
  const re = /\r\n|\r|\n/g;
  let at = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    out.push({ line: text.slice(at, m.index), eol: m[0] });
    at = m.index + m[0].length;
  }
  out.push({ line: text.slice(at), eol: '' });
  return out;
}

const trimEnd = (s: string) => s.replace(/[ \t\f\v\u00a0\ufeff]+$/, '');

/** The formatted form of each line (same number of lines). */
export function formatLines(lines: readonly string[]): string[] {
  let blockWidth: number | undefined;
  return lines.map((raw, n) => {
    // A byte-order mark at the very start is not indentation: keep it.
    const bom = n === 0 && raw.startsWith('\ufeff') ? '\ufeff' : '';
    const sl = scanLine(bom ? raw.slice(1) : raw, n);
    const body = bom ? raw.slice(1) : raw;
    const inBlock = blockWidth !== undefined && sl.width > blockWidth;
    if (sl.contentEnd <= sl.indent) {
      // Blank, or a comment alone on its line (comments do not end a block).
      if (sl.commentStart === undefined) return bom;
      return bom + (inBlock ? '  ' : '') + trimEnd(body.slice(sl.commentStart));
    }
    const content = body.slice(sl.indent, sl.contentEnd);
    const comment = trimEnd(body.slice(sl.contentEnd));
    if (inBlock) {
      // `text ABILITY`: one space after the key; the ability is kept as written.
      const m = /^(text)[ \t\f\v\u00a0\ufeff]+/i.exec(content);
      const key = m ? `${m[1]} ${content.slice(m[0].length)}` : collapseBlanks(content);
      return `${bom}  ${key}${comment}`;
    }
    const first = /^\S+/.exec(content)?.[0]?.toLowerCase();
    blockWidth = first === 'card' || first === 'token' ? sl.width : undefined;
    return bom + collapseBlanks(content) + comment;
  });
}

export function formatText(text: string): string {
  const parts = splitKeepingBreaks(text);
  const formatted = formatLines(parts.map((p) => p.line));
  return parts.map((p, i) => formatted[i] + p.eol).join('');
}

/** One edit per changed line, so the cursor and folds elsewhere stay put. */
export function formatting(doc: ParsedDocument): TextEdit[] {
  const formatted = formatLines(doc.lines);
  const edits: TextEdit[] = [];
  doc.lines.forEach((l, i) => {
    if (formatted[i] !== l) edits.push({ range: range(i, 0, l.length), newText: formatted[i]! });
  });
  return edits;
}
