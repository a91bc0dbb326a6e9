// Document symbols (the outline): the scenario, the players, each card or
// token with its keys as children, then the timeline: events and expectations.

import { SymbolKind, type DocumentSymbol } from 'vscode-languageserver';
import type { ObjectDecl, Range } from '../syntax/ast';
import type { ParsedDocument } from './documents';

const short = (s: string, n = 60) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** A symbol; the selection range must lie inside the full range, so it is clamped there. */
function sym(name: string, kind: SymbolKind, range: Range, selectionRange: Range, detail?: string, children?: DocumentSymbol[]): DocumentSymbol {
  const inside = selectionRange.start.line >= range.start.line && selectionRange.end.line <= range.end.line;
  return { name: name || '(unnamed)', kind, range, selectionRange: inside ? selectionRange : range, ...(detail ? { detail } : {}), ...(children?.length ? { children } : {}) };
}

function cardChildren(d: ObjectDecl): DocumentSymbol[] {
  const out: DocumentSymbol[] = [];
  if (d.cost) out.push(sym('cost', SymbolKind.Property, d.cost.range, d.cost.range, d.cost.value));
  if (d.colors) out.push(sym('color', SymbolKind.Property, d.colors.range, d.colors.range, d.colors.value.join(' ') || 'colorless'));
  if (d.typeLine) out.push(sym('type', SymbolKind.Property, d.typeLine.range, d.typeLine.range, d.typeLine.value.text));
  if (d.pt) out.push(sym('pt', SymbolKind.Property, d.pt.range, d.pt.range, `${d.pt.power.text}/${d.pt.toughness.text}`));
  if (d.owner) out.push(sym('owner', SymbolKind.Property, d.owner.range, d.owner.range, d.owner.text));
  if (d.copies) out.push(sym('copies', SymbolKind.Property, d.copies.range, d.copies.range, String(d.copies.value)));
  for (const t of d.texts) out.push(sym('text', SymbolKind.Method, t.range, t.range, short(t.value)));
  // Keys in the order written.
  return out.sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);
}

export function documentSymbols(doc: ParsedDocument): DocumentSymbol[] {
  const f = doc.file;
  const out: DocumentSymbol[] = [];
  if (f.scenario) out.push(sym(f.scenario.title.value || 'scenario', SymbolKind.File, f.scenario.range, f.scenario.title.range, 'scenario'));
  if (f.players) {
    const children = f.players.players.map((p) => sym(p.text, SymbolKind.Variable, p.range, p.range, 'player'));
    out.push(sym('players', SymbolKind.Namespace, f.players.range, f.players.range, f.players.players.map((p) => p.text).join(', '), children));
  }
  for (const d of f.objects) {
    const detail = [d.kind, d.alias ? `as ${d.alias.text}` : '', d.typeLine?.value.text ?? ''].filter(Boolean).join(' · ');
    out.push(sym(d.name.text, d.kind === 'token' ? SymbolKind.Struct : SymbolKind.Class, d.range, d.name.range, detail, cardChildren(d)));
  }
  for (const st of f.statements) {
    const text = doc.lines[st.range.start.line]?.trim() ?? '';
    const name = short(text || st.kind, 80);
    if (st.kind === 'expect') out.push(sym(name, SymbolKind.Boolean, st.range, st.keywordRange, 'expectation'));
    else out.push(sym(name, SymbolKind.Event, st.range, st.keywordRange, st.event.kind.replace(/-/g, ' ')));
  }
  return out;
}
