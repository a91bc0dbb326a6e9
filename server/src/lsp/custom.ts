// The custom requests of the VS Code client (client/src/protocol.ts):
// expectations for the status bar and Test Explorer, the per-object layer
// tables for the trace view, and the command line's report.

import { reportFile, summarize } from '../cli/report';
import { PLAIN } from '../cli/format';
import type { LayersDocument } from './document';
import { effectNames, reasonText, summary, timestampText } from './hover';

export function analysisResult(doc: LayersDocument) {
  const a = doc.analysis;
  return {
    uri: doc.uri,
    expectations: a.expectations.map((e) => ({ line: e.line, text: e.text, passed: e.passed, expected: e.expected, actual: e.actual })),
    diagnostics: a.diagnostics.filter((d) => d.severity === 'error' || d.severity === 'warning').length,
    objects: a.final.outcomes[0]?.world.objects.filter((o) => o.zone !== null).length ?? 0,
  };
}

const CHARACTERISTIC_OF_LAYER: Record<string, string> = {
  '1a': 'copiable values', '1b': 'face down', '2': 'controller', '3': 'text', '4': 'type', '5': 'color', '6': 'abilities', '7a': 'power/toughness', '7b': 'power/toughness', '7c': 'power/toughness', '7d': 'power/toughness',
};

export function traceResult(doc: LayersDocument) {
  const w = doc.analysis.final.outcomes[0]?.world;
  const names = effectNames(w);
  const objects = (w?.objects ?? [])
    .filter((o) => o.zone !== null)
    .map((o) => {
      const groups = new Map<string, typeof o.trace>();
      for (const s of o.trace) {
        const k = CHARACTERISTIC_OF_LAYER[s.layer] ?? s.layer;
        groups.set(k, [...(groups.get(k) ?? []), s]);
      }
      const value = (k: string) =>
        k === 'type' ? summary(o).split(' · ').slice(-2, -1)[0] ?? '' : k === 'color' ? o.chars.colors.join(', ') || 'colorless' : k === 'abilities' ? o.chars.abilities.map((a) => a.text).join('; ') || 'none' : k === 'controller' ? o.controller : k === 'power/toughness' ? `${o.chars.power ?? '—'}/${o.chars.toughness ?? '—'}` : '';
      return {
        name: o.id,
        summary: summary(o),
        characteristics: [...groups].map(([name, steps]) => ({
          name,
          value: value(name),
          steps: steps.map((s) => ({
            layer: s.layer,
            timestamp: timestampText(s.timestamp),
            source: s.sourceName,
            effect: s.description,
            before: s.changes.map((c) => c.before).join('; '),
            after: s.changes.map((c) => c.after).join('; '),
            reason: reasonText(s.reason, names),
          })),
        })),
      };
    });
  return { uri: doc.uri, title: doc.analysis.file.scenario?.title.value ?? doc.uri.split('/').pop() ?? doc.uri, objects };
}

export function reportResult(doc: LayersDocument) {
  const file = doc.uri.startsWith('file://') ? decodeURIComponent(doc.uri.slice(7)) : doc.uri;
  const sum = summarize(doc.analysis);
  return { text: reportFile(file, doc.analysis, PLAIN).join('\n'), failed: sum.failed, passed: sum.passed, errors: sum.errors };
}
