// Semantic tokens: names of objects and players, statement keywords, and
// the effect text's numbers and keywords, from the parsed file.

import type { SemanticTokens, SemanticTokensLegend } from 'vscode-languageserver';
import type { LayersDocument } from './document';

export const LEGEND: SemanticTokensLegend = {
  tokenTypes: ['keyword', 'variable', 'parameter', 'string', 'comment', 'number', 'property'],
  tokenModifiers: ['declaration'],
};

const T = { keyword: 0, variable: 1, parameter: 2, string: 3, comment: 4, number: 5, property: 6 } as const;

interface Tok {
  line: number;
  start: number;
  length: number;
  type: number;
  mods: number;
}

export function semanticTokens(doc: LayersDocument): SemanticTokens {
  const toks: Tok[] = [];
  const f = doc.analysis.file;
  const add = (r: { start: { line: number; character: number }; end: { line: number; character: number } }, type: number, mods = 0) => {
    if (r.start.line !== r.end.line || r.end.character <= r.start.character) return;
    toks.push({ line: r.start.line, start: r.start.character, length: r.end.character - r.start.character, type, mods });
  };
  for (const n of doc.names) add(n.ref.range, n.kind === 'player' ? T.parameter : T.variable, n.declaration ? 1 : 0);
  for (const st of f.statements) add(st.keywordRange, T.keyword);
  for (const d of f.objects) {
    add({ start: d.headerRange.start, end: { line: d.headerRange.start.line, character: d.headerRange.start.character + d.kind.length } }, T.keyword);
    for (const t of d.texts) {
      for (const m of t.value.matchAll(/[+-]?\d+\/[+-]?\d+|\{[^}]+\}/g)) add({ start: { line: t.range.start.line, character: t.range.start.character + m.index! }, end: { line: t.range.start.line, character: t.range.start.character + m.index! + m[0].length } }, T.number);
    }
  }
  for (const c of f.comments) add(c.range, T.comment);
  toks.sort((a, b) => a.line - b.line || a.start - b.start);
  const data: number[] = [];
  let pl = 0;
  let pc = 0;
  let lastEnd = -1;
  let lastLine = -1;
  for (const t of toks) {
    if (t.line === lastLine && t.start < lastEnd) continue; // no overlaps
    data.push(t.line - pl, t.line === pl ? t.start - pc : t.start, t.length, t.type, t.mods);
    pl = t.line;
    pc = t.start;
    lastLine = t.line;
    lastEnd = t.start + t.length;
  }
  return { data };
}
