// Inlay hints (off by default): the timestamp each event gives (613.7).

import { InlayHintKind, type InlayHint, type Range } from 'vscode-languageserver';
import type { LayersDocument } from './document';

export function inlayHints(doc: LayersDocument, range: Range): InlayHint[] {
  const out: InlayHint[] = [];
  const a = doc.analysis;
  let prevMax = 0;
  const maxTs = (i: number) => {
    const w = (i < 0 ? a.initial : a.snapshots[i])?.outcomes[0]?.world;
    if (!w) return 0;
    return Math.max(0, ...w.objects.map((o) => o.timestamp[0] ?? 0), ...w.effects.map((e) => e.timestamp[0] ?? 0));
  };
  a.file.statements.forEach((st, i) => {
    const now = maxTs(i);
    if (st.kind === 'event' && now > prevMax && st.range.start.line >= range.start.line && st.range.start.line <= range.end.line) {
      out.push({ position: st.range.end, label: ` ts ${prevMax + 1 === now ? now : `${prevMax + 1}–${now}`}`, kind: InlayHintKind.Parameter, paddingLeft: true });
    }
    prevMax = Math.max(prevMax, now);
  });
  return out;
}
