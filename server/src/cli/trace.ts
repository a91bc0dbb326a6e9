// `--trace`: what each event did (replacement effects, the 616.1 choices,
// state-based actions, outcomes), then for every object at the end of the
// file each layer step that touched it, grouped by the characteristic the
// layer governs, in layer order: layer, timestamp, source and ability text,
// why it applied there, value before → after. Written to be followed line
// by line by a judge.

import type { Layer } from '../effects/ir';
import type { Analysis, CharacteristicChange, ObjectView, OrderReason, Outcome, TraceStep, WorldView } from '../engine/results';
import { colorsOf, objectTitle, ptOf, timestampOf, typeLineOf, type Style } from './format';

type Names = (id: string) => string;

/** The characteristic each layer governs (613.1), as the trace groups steps. */
export function layerTopic(layer: Layer): string {
  switch (layer) {
    case '1a':
    case '1b':
      return 'copiable values — layer 1 (1a copy, 1b face down)';
    case '2':
      return 'control — layer 2';
    case '3':
      return 'text — layer 3';
    case '4':
      return 'type — layer 4';
    case '5':
      return 'color — layer 5';
    case '6':
      return 'abilities — layer 6';
    case '7a':
    case '7b':
    case '7c':
    case '7d':
      return 'power/toughness — layer 7 (7a CDA, 7b set, 7c modify and counters, 7d switch)';
    case 'player':
      return 'player — 613.10';
    case 'rules':
      return 'game rules — 613.11';
  }
}

/** `because` reads from the dependent effect's side ("changes what it applies to"); say whose "it". */
function ownSide(because: string): string {
  return because.replace(/\bits\b/g, "this effect's").replace(/\bit\b/g, 'this effect');
}

export function reasonText(r: OrderReason, names: Names, self?: string): string {
  switch (r.kind) {
    case 'cda':
      return 'characteristic-defining ability: applied first in its layer (613.3)';
    case 'timestamp':
      return 'timestamp order (613.7)';
    case 'counters':
      return 'counters apply with the other modifying effects, in timestamp order (613.4c)';
    case 'rule':
      return `by rule ${r.rule}`;
    case 'dependency': {
      const on = r.on.map(names).join(' and ');
      return `depends on ${on}: applying ${on} ${ownSide(r.because)}, so this waits until just after it (613.8a)`;
    }
    case 'loop': {
      const others = r.members.filter((m) => m !== self).map(names);
      return `in a dependency loop with ${others.join(' and ') || 'itself'}: applied in timestamp order (613.8b)`;
    }
  }
}

/** Power and toughness changed by one step read as one `2/2 → 3/3`. */
export function changeLines(changes: readonly CharacteristicChange[]): string[] {
  const p = changes.find((c) => c.characteristic === 'power');
  const t = changes.find((c) => c.characteristic === 'toughness');
  const out: string[] = [];
  for (const c of changes) {
    if (p && t && c === p) out.push(`power/toughness: ${p.before}/${t.before} → ${p.after}/${t.after}`);
    else if (p && t && c === t) continue;
    else out.push(`${c.characteristic}: ${c.before} → ${c.after}`);
  }
  return out;
}

export function stepLines(step: TraceStep, names: Names): string[] {
  const source = step.sourceName || 'game rules';
  const where = step.range ? ` (line ${step.range.start.line + 1})` : '';
  const out = [
    `    [${step.layer}] ts ${timestampOf(step.timestamp)} · ${source}: ${step.description}`,
    `         text: ${step.text}${where}`,
    `         why:  ${reasonText(step.reason, names, step.effectId)}`,
  ];
  const changes = changeLines(step.changes);
  for (const c of changes) out.push(`         ${c}`);
  if (!changes.length) out.push(step.layer === 'rules' ? '         (a rule of the game for it: no characteristic changes, 613.11)' : '         (no change: the value was already so)');
  return out;
}

/** Effect ids → `Source (label)`; dependency records name sources of effects no longer listed. */
function effectNames(w: WorldView): Names {
  const byId = new Map(w.effects.map((e) => [e.id, `${e.sourceName}${e.label ? ` (${e.label})` : ''}`]));
  for (const d of w.dependencies) {
    if (d.dependentSource && !byId.has(d.dependent)) byId.set(d.dependent, labelOrId(w, d.dependentSource));
    if (d.onSource && !byId.has(d.on)) byId.set(d.on, labelOrId(w, d.onSource));
  }
  return (id) => byId.get(id) ?? id;
}

function labelOrId(w: WorldView, id: string): string {
  const o = w.objects.find((x) => x.id === id);
  return o ? o.chars.name || o.declName : id;
}

function stepsByTopic(steps: readonly TraceStep[], names: Names): string[] {
  const out: string[] = [];
  let topic = '';
  for (const step of steps) {
    const t = layerTopic(step.layer);
    if (t !== topic) out.push(`  ${t}`);
    topic = t;
    out.push(...stepLines(step, names));
  }
  return out;
}

export function objectTrace(o: ObjectView, names: Names, s: Style): string[] {
  const where = `${o.zone ?? 'nowhere'}, controlled by ${o.controller}`;
  const out = [s.bold(`${objectTitle(o)}: ${ptOf(o.chars)} · ${typeLineOf(o.chars)} · ${colorsOf(o.chars)} · ${where}`)];
  if (!o.trace.length) out.push(s.dim('  printed values; no effect applies'));
  out.push(...stepsByTopic(o.trace, names));
  return out;
}

/** Each object and player block, keyed, so that outcomes can show only what differs. */
function worldBlocks(w: WorldView, s: Style): { key: string; lines: string[] }[] {
  const names = effectNames(w);
  const blocks: { key: string; lines: string[] }[] = [];
  for (const o of w.objects) if (o.zone !== null) blocks.push({ key: `o:${o.id}`, lines: objectTrace(o, names, s) });
  for (const p of w.players) {
    if (!p.trace.length) continue;
    blocks.push({ key: `p:${p.name}`, lines: [s.bold(`${p.name} (player)`), ...stepsByTopic(p.trace, names)] });
  }
  const deps = w.dependencies.map((d) => `  [${d.layer}] ${names(d.dependent)} depends on ${names(d.on)}: ${d.because}`);
  if (deps.length) blocks.push({ key: 'deps', lines: [s.bold('dependencies found by trial application (613.8a):'), ...deps] });
  const loops = w.loops.map((l) => `  ${l.map(names).join(' → ')}`);
  if (loops.length) blocks.push({ key: 'loops', lines: [s.bold('dependency loops, in the order applied (613.8b):'), ...loops] });
  return blocks;
}

export function traceWorld(w: WorldView, s: Style): string[] {
  return worldBlocks(w, s).flatMap((b) => [...b.lines, '']);
}

export function eventLines(a: Analysis): string[] {
  const out: string[] = [];
  const lines = a.file.text.split(/\r\n|\r|\n/);
  for (const snap of a.snapshots) {
    const st = a.file.statements[snap.statementIndex];
    if (!st || st.kind !== 'event' || !snap.event) continue;
    const ev = snap.event;
    out.push(`  line ${st.range.start.line + 1}: ${lines[st.range.start.line]?.trim() || ev.summary}`);
    for (const c of ev.changes) out.push(`      ${c}`);
    for (const r of ev.replacements) out.push(`      replacement: ${r}`);
    for (const x of ev.stateBasedActions) out.push(`      state-based action: ${x}`);
    if (snap.outcomes.length > 1) snap.outcomes.forEach((o, i) => out.push(`      → outcome ${i + 1}: ${o.choices.join('; ') || '(no choice)'}`));
  }
  return out;
}

function outcomesTrace(outcomes: readonly Outcome[], s: Style): string[] {
  if (outcomes.length === 1) return traceWorld(outcomes[0]!.world, s);
  const out: string[] = [];
  const base = new Map(worldBlocks(outcomes[0]!.world, s).map((b) => [b.key, b.lines.join('\n')]));
  outcomes.forEach((o, i) => {
    out.push(s.bold(`outcome ${i + 1}: ${o.choices.join('; ') || '(no choice)'}`), '');
    const blocks = worldBlocks(o.world, s);
    // Later outcomes show only what differs from the first one.
    const shown = i === 0 ? blocks : blocks.filter((b) => base.get(b.key) !== b.lines.join('\n'));
    for (const b of shown) out.push(...b.lines, '');
    if (i > 0) out.push(s.dim(shown.length ? '  (everything else as in outcome 1)' : '  (every trace as in outcome 1)'), '');
  });
  return out;
}

export function traceFile(a: Analysis, s: Style): string[] {
  const out: string[] = [s.bold('— trace —'), ''];
  const events = eventLines(a);
  if (events.length) out.push(s.bold('events:'), ...events, '');
  out.push(s.bold('state at the end of the file, layer by layer:'), '');
  out.push(...outcomesTrace(a.final.outcomes, s));
  return out;
}
