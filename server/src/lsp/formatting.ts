// Formatting: block keys indented by two spaces, top-level statements at the
// left, single spaces after keywords, no trailing blanks. Idempotent, and
// never touches text inside quotes, ability text or comments.

import type { TextEdit } from 'vscode-languageserver';
import { scanLine } from '../syntax/tokens';
import type { LayersDocument } from './document';

export function formatText(text: string): string {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const lines = text.split(/\r\n|\r|\n/);
  let inBlock = false;
  let blockDepth = 0;
  const out = lines.map((raw, n) => {
    const sl = scanLine(raw, n);
    if (sl.contentEnd <= sl.indent && sl.commentStart === undefined) return '';
    const body = raw.slice(sl.indent).replace(/[ \t]+$/, '');
    const first = /^\S+/.exec(body)?.[0]?.toLowerCase() ?? '';
    if (sl.commentStart === sl.indent) return (inBlock && sl.depth > blockDepth ? '  ' : '') + body;
    if (inBlock && sl.depth > blockDepth) {
      // `text` keeps everything after the key as written.
      if (first === 'text') return `  ${body.replace(/^(\S+)[ \t]+/, '$1 ')}`;
      return `  ${collapse(body)}`;
    }
    inBlock = first === 'card' || first === 'token';
    blockDepth = sl.depth;
    return collapse(body);
  });
  return out.join(eol);
}

/** Collapse runs of blanks to one space outside double quotes and before a comment. */
function collapse(s: string): string {
  let out = '';
  let inQuote = false;
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c === '"') inQuote = !inQuote;
    if (!inQuote && c === '#' && (i === 0 || /\s/.test(s[i - 1]!))) return out + s.slice(i);
    if (!inQuote && (c === ' ' || c === '\t')) {
      if (!out.endsWith(' ')) out += ' ';
      continue;
    }
    out += c;
  }
  return out;
}

export function formatting(doc: LayersDocument): TextEdit[] {
  const formatted = formatText(doc.text);
  if (formatted === doc.text) return [];
  const lastLine = doc.lines.length - 1;
  return [{ range: { start: { line: 0, character: 0 }, end: { line: lastLine, character: doc.lines[lastLine]!.length } }, newText: formatted }];
}
