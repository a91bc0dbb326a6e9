// Small text helpers shared by the report and the trace: colors, tables,
// and the one-line readings of characteristics.

import type { Characteristics, ObjectView, Timestamp } from '../engine/results';
import { typeLine } from '../engine/working';

export interface Style {
  bold(s: string): string;
  dim(s: string): string;
  red(s: string): string;
  green(s: string): string;
  yellow(s: string): string;
}

const wrap = (open: number, close: number) => (s: string) => `\u001b[${open}m${s}\u001b[${close}m`;
export const COLOR: Style = { bold: wrap(1, 22), dim: wrap(2, 22), red: wrap(31, 39), green: wrap(32, 39), yellow: wrap(33, 39) };
const id = (s: string) => s;
export const PLAIN: Style = { bold: id, dim: id, red: id, green: id, yellow: id };

/** Display width: code points (the type-line dash and ✓ are one column each). */
export function width(s: string): number {
  return [...s.replace(/\u001b\[\d+m/g, '')].length;
}

export function table(header: string[], rows: string[][]): string[] {
  const widths = header.map((h, i) => Math.max(width(h), ...rows.map((r) => width(r[i] ?? ''))));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c + ' '.repeat(widths[i]! - width(c))))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)];
}

export function ptOf(c: Characteristics): string {
  return c.power === null || c.toughness === null ? '—' : `${c.power}/${c.toughness}`;
}

export function typeLineOf(c: Characteristics): string {
  return typeLine(c);
}

export function colorsOf(c: Characteristics): string {
  return c.colors.length ? c.colors.join(', ') : 'colorless';
}

export function abilitiesOf(c: Characteristics): string {
  return c.abilities.length ? c.abilities.map((a) => (a.ability.kind === 'keyword' ? a.text : `"${a.text}"`)).join('; ') : '—';
}

export function countersOf(o: ObjectView): string {
  const e = Object.entries(o.counters).filter(([, n]) => n > 0);
  return e.length ? e.map(([k, n]) => `${k}×${n}`).join(', ') : '';
}

export function timestampOf(t: Timestamp): string {
  return t.join('.');
}

export function objectLabel(o: ObjectView): string {
  return o.alias && o.alias.toLowerCase() !== o.declName.toLowerCase() ? `${o.declName} (${o.id})` : o.id === o.declName ? o.declName : `${o.declName} (${o.id})`;
}
