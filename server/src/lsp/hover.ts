// Hover: what the engine computed, where the cursor is. An object name shows
// its characteristics at that point of the timeline and the effects applied;
// ability text shows how the engine read it; an event what it did; an
// expectation expected and actual; rule words the rule.

import type { Hover, Position } from 'vscode-languageserver';
import { describePart } from '../effects/describe';
import type { Ability } from '../effects/ir';
import type { ObjectView, OrderReason, TraceStep, WorldView } from '../engine/results';
import { typeLine } from '../engine/working';
import { contains, nameAt, objectIn, statementAt, worldAfter, type LayersDocument } from './document';
import { ruleAt, SUBLAYER_TEXT } from './ruleText';

const esc = (s: string) => s.replace(/[|\\`*_<>]/g, (c) => `\\${c}`);

export function reasonText(r: OrderReason, names: (id: string) => string): string {
  switch (r.kind) {
    case 'cda':
      return 'CDA, first (613.3)';
    case 'timestamp':
      return 'timestamp (613.7)';
    case 'counters':
      return 'counters, timestamp (613.4c)';
    case 'rule':
      return `rule ${r.rule}`;
    case 'dependency':
      return `depends on ${r.on.map(names).join(', ')}: ${r.because} (613.8a)`;
    case 'loop':
      return `loop ${r.members.map(names).join(' ↔ ')}: timestamp order (613.8b)`;
  }
}

export function effectNames(w: WorldView | undefined): (id: string) => string {
  const byId = new Map((w?.effects ?? []).map((e) => [e.id, e]));
  return (id) => byId.get(id)?.sourceName ?? id;
}

export function summary(o: ObjectView): string {
  const c = o.chars;
  const pt = c.power !== null && c.toughness !== null ? `${c.power}/${c.toughness} · ` : '';
  return `${pt}${typeLine(c)} · ${c.colors.length ? c.colors.join(', ') : 'colorless'}`;
}

/** 613.7a: a granted ability's effect shows when it was granted; internal tie-breakers are not shown. */
export function timestampText(t: readonly number[]): string {
  return t[1] === 1 && t[2] !== undefined ? `${t[0]} (granted at ${t[2]})` : String(t[0] ?? '');
}

export function traceTable(steps: TraceStep[], names: (id: string) => string): string {
  if (!steps.length) return '_printed values; no effect applies_';
  const rows = steps.map((s) => {
    const change = s.changes.map((c) => `${c.characteristic}: ${esc(c.before)} → ${esc(c.after)}`).join('; ') || '—';
    return `| ${s.layer} | ${timestampText(s.timestamp)} | ${esc(s.sourceName)} | ${esc(s.description)} | ${change} | ${esc(reasonText(s.reason, names))} |`;
  });
  return ['| layer | ts | source | effect | before → after | why here |', '|---|---|---|---|---|---|', ...rows].join('\n');
}

export function objectMarkdown(o: ObjectView, w: WorldView | undefined, where: string): string {
  const c = o.chars;
  const lines = [
    `**${esc(c.name || o.declName)}**${o.id !== c.name ? ` (\`${o.id}\`)` : ''} — ${where}`,
    '',
    `${esc(summary(o))}`,
    '',
    `zone **${o.zone ?? 'none'}** · controller ${o.controller} · owner ${o.owner}${o.tapped ? ' · tapped' : ''}${o.faceDown ? ' · face down' : ''}${Object.keys(o.counters).length ? ` · counters ${Object.entries(o.counters).map(([k, n]) => `${k}×${n}`).join(', ')}` : ''}${o.damage ? ` · damage ${o.damage}` : ''}`,
    '',
    `abilities: ${c.abilities.length ? c.abilities.map((a) => (a.ability.kind === 'keyword' ? esc(a.text) : `"${esc(a.text)}"`)).join('; ') : 'none'}`,
    '',
    traceTable(o.trace, effectNames(w)),
  ];
  return lines.join('\n');
}

function abilityReading(a: Ability): string[] {
  switch (a.kind) {
    case 'keyword':
      return [`keyword ability **${esc(a.keyword)}**${a.parameter ? ` (${esc(a.parameter)})` : ''} (702)`];
    case 'static': {
      const out = [`static ability${a.cda ? ' — **characteristic-defining** (604.3): it defines the object\'s own characteristics, so it applies first in its layer' : ' — not a CDA'}`];
      for (const e of a.effects) for (const p of e.parts) out.push(`- layer ${p.layer}: ${esc(describePart(p))}${SUBLAYER_TEXT[p.layer] ? ` — _${esc(SUBLAYER_TEXT[p.layer]!)}_` : ''}`);
      for (const r of a.replacements) out.push(`- replacement effect (614): ${esc(r.kind)}`);
      return out;
    }
    case 'activated':
      return [`activated ability, cost ${esc(a.cost)}${a.mana ? ' (mana ability)' : ''}; \`activate\` resolves: ${a.actions.map((x) => x.kind).join(', ') || 'nothing understood'}`];
    case 'triggered':
      return [`triggered ability (${esc(a.trigger)}); kept, resolved with \`resolve\``];
    case 'spell':
      return [`spell text; \`cast\` does: ${a.actions.map((x) => x.kind).join(', ') || 'nothing understood'}`];
    case 'unknown':
      return ['_not understood: kept as an ability that does nothing_'];
  }
}

function abilityHover(doc: LayersDocument, p: Position): string | undefined {
  for (const d of doc.analysis.file.objects) {
    const t = d.texts.find((x) => contains(x.range, p));
    if (!t) continue;
    const key = (d.alias?.text ?? d.name.text).toLowerCase();
    const w = worldAfter(doc, statementAt(doc, p.line)) ?? doc.analysis.final.outcomes[0]?.world;
    const fw = doc.analysis.final.outcomes[0]?.world;
    const o = objectIn(fw, key) ?? objectIn(w, key);
    const views = (o?.chars.abilities ?? []).filter((a) => a.range && contains(a.range, p));
    const out: string[] = [`**${esc(d.name.text)}**: \`${esc(t.value)}\``, ''];
    if (views.length) for (const v of views) out.push(...abilityReading(v.ability));
    else out.push('_this ability is not on the object at the end of the file (removed or not yet read)_');
    const effects = (fw?.effects ?? []).filter((e) => e.sourceId.toLowerCase() === o?.id.toLowerCase() && e.range && contains(e.range, p));
    const names = effectNames(fw);
    for (const e of effects) {
      out.push('', `effect \`${e.id}\`, timestamp ${e.timestamp.join('.')}, layers ${e.layers.join(', ')}; applies now to: ${e.affected.join(', ') || 'nothing'}${e.locked ? ' (set locked in, 611.2c)' : ''}`);
      for (const dep of fw!.dependencies.filter((x) => x.dependent === e.id)) out.push(`- depends on ${esc(names(dep.on))} in layer ${dep.layer}: ${esc(dep.because)}`);
      for (const dep of fw!.dependencies.filter((x) => x.on === e.id)) out.push(`- ${esc(names(dep.dependent))} depends on it in layer ${dep.layer}: ${esc(dep.because)}`);
    }
    const offset = p.character - t.range.start.character;
    const rule = ruleAt(t.value, offset);
    if (rule) out.push('', `**${rule.rule}** — ${esc(rule.text)}`);
    return out.join('\n');
  }
  return undefined;
}

export function hover(doc: LayersDocument, p: Position): Hover | null {
  const n = nameAt(doc, p);
  if (n) {
    const idx = statementAt(doc, p.line);
    const decl = n.declaration;
    const w = decl ? doc.analysis.final.outcomes[0]?.world : worldAfter(doc, idx);
    if (n.kind === 'player') {
      const pl = w?.players.find((x) => x.name.toLowerCase() === n.key);
      if (!pl) return null;
      return { contents: { kind: 'markdown', value: `**${pl.name}** — life ${pl.life} · hand ${pl.handSize} · graveyard ${pl.graveyard.length} · maximum hand size ${pl.maxHandSize ?? 'none'}${pl.abilities.length ? ` · ${pl.abilities.join(', ')}` : ''}\n\n${traceTable(pl.trace, effectNames(w))}` }, range: n.ref.range };
    }
    const o = objectIn(w, n.key + (n.ref.copyIndex ? `#${n.ref.copyIndex}` : ''));
    if (!o) return null;
    const where = decl ? 'at the end of the file' : `after line ${(doc.analysis.file.statements[idx]?.range.start.line ?? -1) + 1}`;
    return { contents: { kind: 'markdown', value: objectMarkdown(o, w, where) }, range: n.ref.range };
  }
  const ab = abilityHover(doc, p);
  if (ab) return { contents: { kind: 'markdown', value: ab } };
  const idx = doc.analysis.file.statements.findIndex((s) => contains(s.range, p));
  if (idx >= 0) {
    const st = doc.analysis.file.statements[idx]!;
    if (st.kind === 'expect') {
      const r = doc.analysis.expectations.find((e) => e.statementIndex === idx);
      if (!r) return null;
      return { contents: { kind: 'markdown', value: `${r.passed ? '✓ passes' : '✗ fails'}\n\nexpected: \`${r.expected}\`\n\nactual: \`${r.actual}\`` }, range: st.range };
    }
    const snap = doc.analysis.snapshots[idx];
    const ev = snap?.event;
    const lines = [`**${esc(doc.lines[st.range.start.line]?.trim() ?? '')}**`, ''];
    if (ev) {
      for (const c of ev.changes) lines.push(`- ${esc(c)}`);
      for (const r of ev.replacements) lines.push(`- replacement: ${esc(r)}`);
      for (const s of ev.stateBasedActions) lines.push(`- state-based action: ${esc(s)}`);
    }
    if (snap && snap.outcomes.length > 1) lines.push('', `${snap.outcomes.length} outcomes:`, ...snap.outcomes.map((o, i) => `${i + 1}. ${esc(o.choices.join('; ') || '(no choice)')}`));
    if (lines.length === 2) lines.push('_no visible change_');
    return { contents: { kind: 'markdown', value: lines.join('\n') }, range: st.range };
  }
  return null;
}
