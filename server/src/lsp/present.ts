// How engine results read in the editor: one-line summaries, the reason an
// effect was applied where it was, timestamps, and the markdown table of an
// object's trace. Shared by hover, code lenses and the trace request.

import { colorsOf, timestampOf } from '../cli/format';
import { table } from '../cli/table';
import type { CharacteristicChange, ObjectView, OrderReason, Timestamp, TraceStep, WorldView } from '../engine/results';
import { typeLine } from '../engine/working';
import { effectNamer } from './world';

/** Escape what markdown would read as formatting or table cells. */
export function esc(s: string): string {
  return String(s).replace(/[|\\`*_<>[\]]/g, (c) => `\\${c}`);
}

/** Inline code: no escaping inside (markdown shows backslashes there); longer fences around backticks. */
export function code(s: string): string {
  const text = String(s);
  const runs = text.match(/`+/g) ?? [];
  const fence = '`'.repeat(Math.max(0, ...runs.map((r) => r.length)) + 1);
  return fence.length > 1 || /^\s|\s$/.test(text) ? `${fence} ${text} ${fence}` : `${fence}${text}${fence}`;
}

/** `5/8 · Creature — Ogre · red` (no P/T part for an object without one, 208.5). */
export function summary(o: ObjectView): string {
  const c = o.chars;
  const pt = c.power !== null && c.toughness !== null ? `${c.power}/${c.toughness} · ` : '';
  const type = typeLine(c) || 'no types';
  return `${pt}${type} · ${colorsOf(c)}`;
}

/** The timestamp a judge reads (613.7): `5`, or `7 (granted at 5, 613.7a)`. */
export function timestampText(t: Timestamp): string {
  return timestampOf(t);
}

/** Why an effect was applied at that point of its layer. */
export function reasonText(r: OrderReason, names: (effectId: string) => string): string {
  switch (r.kind) {
    case 'cda':
      return 'characteristic-defining ability: applies first in its layer (613.3, 613.4a)';
    case 'timestamp':
      return 'timestamp order (613.7)';
    case 'counters':
      return 'counters, in timestamp order with the other modifiers (613.4c, 613.7c)';
    case 'rule':
      return `rule ${r.rule}`;
    case 'dependency':
      return `after ${r.on.map(names).join(', ')}, which it depends on: ${r.because} (613.8a)`;
    case 'loop':
      return `dependency loop with ${r.members.map(names).join(', ')}: timestamp order (613.8b)`;
  }
}

/** Changes as read: power and toughness together (`2/2 → 5/5`), the others by name. */
export function mergedChanges(changes: readonly CharacteristicChange[]): { characteristic: string; before: string; after: string }[] {
  const power = changes.find((c) => c.characteristic === 'power');
  const toughness = changes.find((c) => c.characteristic === 'toughness');
  const out: { characteristic: string; before: string; after: string }[] = [];
  if (power && toughness) out.push({ characteristic: 'P/T', before: `${power.before}/${toughness.before}`, after: `${power.after}/${toughness.after}` });
  for (const c of changes) if (!(power && toughness && (c === power || c === toughness))) out.push({ characteristic: c.characteristic, before: c.before, after: c.after });
  return out;
}

/** `P/T 2/2 → 5/5; colors green → colorless`. */
export function changesText(changes: readonly CharacteristicChange[], escape: (s: string) => string = (s) => s): string {
  return mergedChanges(changes).map((c) => `${escape(c.characteristic)} ${escape(c.before)} → ${escape(c.after)}`).join('; ');
}

/** The effects applied to an object, one row each, in the order applied. */
export function traceTable(steps: readonly TraceStep[], w: WorldView | undefined): string {
  if (!steps.length) return '_No continuous effect applies: printed values._';
  const names = effectNamer(w);
  const rows = steps.map((s) => {
    const change = changesText(s.changes, esc) || '—';
    return `| ${s.layer} | ${esc(timestampText(s.timestamp))} | ${esc(s.sourceName || 'rules')} | ${esc(s.description)} | ${change} | ${esc(reasonText(s.reason, names))} |`;
  });
  return ['| layer | timestamp | source | effect | before → after | why here |', '|---|---|---|---|---|---|', ...rows].join('\n');
}

/** `a, b and c`. */
export function listText(xs: readonly string[]): string {
  if (xs.length <= 1) return xs.join('');
  return `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`;
}

/** A markdown table row: `| a | b \\| c |` → cells, unescaped. */
function tableCells(line: string): string[] {
  return line
    .trim()
    .replace(/^\|/, '')
    .replace(/(?<!\\)\|$/, '')
    .split(/(?<!\\)\|/)
    .map((c) => c.trim().replace(/\\([|\\`*_<>[\]])/g, '$1'));
}

const TABLE_RULE = /^\|(\s*:?-+:?\s*\|)+\s*$/;

/**
 * The markdown with its tables drawn as aligned text in code blocks, for
 * editors whose hover shows a markdown table as raw pipes (Neovim).
 */
export function tablesAsText(markdown: string): string {
  const lines = markdown.split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; ) {
    if (!(lines[i]!.startsWith('|') && TABLE_RULE.test(lines[i + 1] ?? ''))) {
      out.push(lines[i++]!);
      continue;
    }
    const header = tableCells(lines[i]!);
    const rows: string[][] = [];
    for (i += 2; i < lines.length && lines[i]!.startsWith('|'); i++) rows.push(tableCells(lines[i]!));
    out.push('```text', ...table(header, rows), '```');
  }
  return out.join('\n');
}
