// Code lenses: above each card its result at the end of the timeline, above
// each `expect` ✓ or ✗. Lenses keep their last good values while a line is
// being typed, so they neither flicker nor jump.

import type { CodeLens } from 'vscode-languageserver';
import { declOf, objectIn, type LayersDocument } from './document';
import { summary } from './hover';

export interface LensMemory {
  /** Last good title per card key and per expect text. */
  cards: Map<string, string>;
  expects: Map<string, string>;
}

export function newLensMemory(): LensMemory {
  return { cards: new Map(), expects: new Map() };
}

const trace = (uri: string, object?: string) => ({ title: '', command: 'layerlens.showTrace', arguments: [{ uri, ...(object ? { object } : {}) }] });

export function codeLenses(doc: LayersDocument, memory: LensMemory): CodeLens[] {
  const a = doc.analysis;
  const broken = a.diagnostics.some((d) => d.code === 'syntax' || d.code === 'internal');
  const w = a.final.outcomes[0]?.world;
  const out: CodeLens[] = [];
  for (const d of a.file.objects) {
    const key = (d.alias?.text ?? d.name.text).toLowerCase();
    const o = objectIn(w, key);
    let title: string | undefined;
    if (o && !broken) {
      const changed = o.trace.length > 0;
      const dep = w!.dependencies.some((x) => o.trace.some((s) => s.effectId === x.dependent || s.effectId === x.on));
      const copies = a.file.objects.length && d.copies && d.copies.value > 1 ? ` ×${d.copies.value}` : '';
      title = `${summary(o)}${copies}${o.zone && o.zone !== 'battlefield' ? ` · ${o.zone}` : !o.zone ? ' · not in play' : ''}${dep ? ' ◆ dependency' : changed ? ' ◆' : ''}`;
      memory.cards.set(key, title);
    } else title = memory.cards.get(key);
    if (title) out.push({ range: d.headerRange, command: { ...trace(doc.uri, o?.id ?? declOf(doc, key)?.name.text), title } });
  }
  a.file.statements.forEach((st, i) => {
    if (st.kind !== 'expect') return;
    const r = a.expectations.find((e) => e.statementIndex === i);
    const text = doc.lines[st.range.start.line]?.trim() ?? '';
    let title: string | undefined;
    if (r && !broken) {
      title = r.passed ? '✓ passes' : `✗ expected ${r.expected}, got ${r.actual}`;
      memory.expects.set(text, title);
    } else title = memory.expects.get(text);
    const subject = st.expect.kind === 'facts' ? st.expect.subject.text : undefined;
    if (title) out.push({ range: st.range, command: { ...trace(doc.uri, subject), title } });
  });
  return out;
}
