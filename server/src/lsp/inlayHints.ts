// Inlay hints (off by default, `layerlens.inlayHints.enable`): after each
// event, the timestamps it gave (613.7: entering a zone, an effect being
// created, attaching, turning face up or down), read from the worlds before
// and after it.

import { InlayHintKind, type InlayHint, type Range } from 'vscode-languageserver';
import type { WorldView } from '../engine/results';
import type { AnalysedDocument } from './documents';
import { worldAfter } from './world';

/** Every timestamp in a world: objects' and effects' (their first component, as 613.7 counts). */
function stamps(w: WorldView | undefined): Set<number> {
  const out = new Set<number>();
  if (!w) return out;
  for (const o of w.objects) if (o.timestamp.length) out.add(o.timestamp[0]!);
  for (const e of w.effects) if (e.timestamp.length && e.kind !== 'static') out.add(e.timestamp[0]!);
  return out;
}

const maxOf = (xs: Set<number>) => Math.max(0, ...xs);

/**
 * Timestamps are handed out in increasing order, so an event gave every
 * number above the largest one seen before it, up to the largest one after
 * it (an object that moved twice in one event took two). The largest seen is
 * kept over the whole timeline: an effect that ended takes its timestamp away.
 */
export function inlayHints(doc: AnalysedDocument, r: Range): InlayHint[] {
  const a = doc.analysis;
  const out: InlayHint[] = [];
  const last = a.file.statements.reduce((m, st, i) => (st.range.start.line <= r.end.line ? i : m), -1);
  let seen = maxOf(stamps(worldAfter(a, -1)));
  for (let i = 0; i <= last; i++) {
    const st = a.file.statements[i]!;
    if (st.kind !== 'event') continue;
    const now = maxOf(stamps(worldAfter(a, i)));
    if (now > seen && st.range.start.line >= r.start.line) {
      const label = now === seen + 1 ? `timestamp ${now}` : `timestamps ${seen + 1}–${now}`;
      out.push({ position: st.range.end, label, kind: InlayHintKind.Parameter, paddingLeft: true, tooltip: 'Timestamps this event gave (613.7)' });
    }
    seen = Math.max(seen, now);
  }
  return out;
}
