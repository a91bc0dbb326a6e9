// `--trace`: for every object at the end of the file, each layer step that
// touched it (layer, timestamp, source and ability text, why it was applied
// there, value before → after), then what each event did (replacement
// effects, 616 choices, state-based actions). Written to be followed line by
// line by a judge.

import type { Analysis, OrderReason, TraceStep, WorldView } from '../engine/results';
import { objectLabel, ptOf, timestampOf, typeLineOf, colorsOf, type Style } from './format';

export function reasonText(r: OrderReason, names: (id: string) => string): string {
  switch (r.kind) {
    case 'cda':
      return 'characteristic-defining ability, applied first (613.3)';
    case 'timestamp':
      return 'timestamp order (613.7)';
    case 'counters':
      return 'counters, in timestamp order (613.4c)';
    case 'rule':
      return `rule ${r.rule}`;
    case 'dependency':
      return `depends on ${r.on.map(names).join(', ')}: ${r.because} (613.8a)`;
    case 'loop':
      return `in a dependency loop (${r.members.map(names).join(' ↔ ')}): applied in timestamp order (613.8b)`;
  }
}

export function stepLines(step: TraceStep, names: (id: string) => string): string[] {
  const head = `  [${step.layer}] ts ${timestampOf(step.timestamp)}  ${step.sourceName}: ${step.description}`;
  const out = [head, `        text: ${step.text}`, `        why:  ${reasonText(step.reason, names)}`];
  for (const c of step.changes) out.push(`        ${c.characteristic}: ${c.before} → ${c.after}`);
  if (!step.changes.length) out.push('        (no change)');
  return out;
}

function effectNames(w: WorldView): (id: string) => string {
  const byId = new Map(w.effects.map((e) => [e.id, e]));
  return (id) => {
    const e = byId.get(id);
    return e ? `${e.sourceName}${e.label ? ` (${e.label})` : ''}` : id;
  };
}

export function traceWorld(w: WorldView, s: Style): string[] {
  const out: string[] = [];
  const names = effectNames(w);
  for (const o of w.objects) {
    if (o.zone === null) continue;
    out.push(s.bold(`${objectLabel(o)} — ${ptOf(o.chars)} · ${typeLineOf(o.chars)} · ${colorsOf(o.chars)} · ${o.zone}, controlled by ${o.controller}`));
    if (!o.trace.length) out.push('  printed values; no effect applies');
    for (const step of o.trace) out.push(...stepLines(step, names));
    out.push('');
  }
  for (const p of w.players) {
    if (!p.trace.length) continue;
    out.push(s.bold(`${p.name} (player, 613.10)`));
    for (const step of p.trace) out.push(...stepLines(step, names));
    out.push('');
  }
  if (w.dependencies.length) {
    out.push(s.bold('dependencies found by trial application (613.8a):'));
    for (const d of w.dependencies) out.push(`  [${d.layer}] ${names(d.dependent)} depends on ${names(d.on)}: ${d.because}`);
    out.push('');
  }
  return out;
}

export function traceFile(a: Analysis, s: Style): string[] {
  const out: string[] = [s.bold('— trace —'), ''];
  out.push(s.bold('events:'));
  const lines = a.file.text.split(/\r\n|\r|\n/);
  a.snapshots.forEach((snap) => {
    const st = a.file.statements[snap.statementIndex];
    if (!st || st.kind !== 'event' || !snap.event) return;
    const ev = snap.event;
    out.push(`  line ${st.range.start.line + 1}: ${lines[st.range.start.line]?.trim() ?? ev.summary}`);
    for (const c of ev.changes) out.push(`      ${c}`);
    for (const r of ev.replacements) out.push(`      replacement: ${r}`);
    for (const x of ev.stateBasedActions) out.push(`      state-based action: ${x}`);
    if (snap.outcomes.length > 1) snap.outcomes.forEach((o, i) => out.push(`      outcome ${i + 1}: ${o.choices.join('; ') || '(no choice)'}`));
  });
  out.push('');
  const outcomes = a.final.outcomes;
  outcomes.forEach((o, i) => {
    if (outcomes.length > 1) out.push(s.bold(`outcome ${i + 1}: ${o.choices.join('; ')}`), '');
    out.push(...traceWorld(o.world, s));
  });
  return out;
}
