// Document symbols (the outline) and folding ranges.

import { FoldingRangeKind, SymbolKind, type DocumentSymbol, type FoldingRange } from 'vscode-languageserver';
import type { LayersDocument } from './document';

export function documentSymbols(doc: LayersDocument): DocumentSymbol[] {
  const f = doc.analysis.file;
  const out: DocumentSymbol[] = [];
  if (f.scenario) out.push({ name: f.scenario.title.value || 'scenario', kind: SymbolKind.File, range: f.scenario.range, selectionRange: f.scenario.title.range });
  if (f.players) out.push({ name: 'players', detail: f.players.players.map((p) => p.text).join(', '), kind: SymbolKind.Namespace, range: f.players.range, selectionRange: f.players.range, children: f.players.players.map((p) => ({ name: p.text, kind: SymbolKind.Variable, range: p.range, selectionRange: p.range })) });
  for (const d of f.objects) {
    const children: DocumentSymbol[] = [];
    if (d.typeLine) children.push({ name: 'type', detail: d.typeLine.value.text, kind: SymbolKind.Property, range: d.typeLine.range, selectionRange: d.typeLine.range });
    if (d.pt) children.push({ name: 'pt', detail: `${d.pt.power.text}/${d.pt.toughness.text}`, kind: SymbolKind.Property, range: d.pt.range, selectionRange: d.pt.range });
    for (const t of d.texts) children.push({ name: t.value.length > 60 ? `${t.value.slice(0, 57)}…` : t.value, kind: SymbolKind.Function, range: t.range, selectionRange: t.range });
    out.push({ name: d.name.text, detail: `${d.kind}${d.alias ? ` as ${d.alias.text}` : ''}`, kind: d.kind === 'token' ? SymbolKind.Object : SymbolKind.Class, range: d.range, selectionRange: d.name.range, children });
  }
  for (const st of f.statements) {
    const text = doc.lines[st.range.start.line]?.trim() ?? '';
    out.push({ name: text || st.kind, kind: st.kind === 'expect' ? SymbolKind.Boolean : SymbolKind.Event, range: st.range, selectionRange: st.keywordRange });
  }
  return out;
}

export function foldingRanges(doc: LayersDocument): FoldingRange[] {
  const out: FoldingRange[] = [];
  for (const d of doc.analysis.file.objects) if (d.range.end.line > d.range.start.line) out.push({ startLine: d.range.start.line, endLine: d.range.end.line, kind: FoldingRangeKind.Region });
  // Runs of whole-line comments.
  let start = -1;
  doc.lines.forEach((l, i) => {
    const isComment = /^\s*#/.test(l);
    if (isComment && start < 0) start = i;
    if (!isComment && start >= 0) {
      if (i - 1 > start) out.push({ startLine: start, endLine: i - 1, kind: FoldingRangeKind.Comment });
      start = -1;
    }
  });
  if (start >= 0 && doc.lines.length - 1 > start) out.push({ startLine: start, endLine: doc.lines.length - 1, kind: FoldingRangeKind.Comment });
  return out;
}
