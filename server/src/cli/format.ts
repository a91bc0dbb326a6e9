// Small text helpers shared by the report and the trace: colors, and the
// one-line readings of characteristics, timestamps and names.

import type { AbilityView, Characteristics, ObjectView, Timestamp } from '../engine/results';
import { typeLine } from '../engine/working';

export { table, width } from './table';

export interface Style {
  bold(s: string): string;
  dim(s: string): string;
  red(s: string): string;
  green(s: string): string;
  yellow(s: string): string;
  cyan(s: string): string;
}

const wrap = (open: number, close: number) => (s: string) => (s ? `\u001b[${open}m${s}\u001b[${close}m` : s);
export const COLOR: Style = { bold: wrap(1, 22), dim: wrap(2, 22), red: wrap(31, 39), green: wrap(32, 39), yellow: wrap(33, 39), cyan: wrap(36, 39) };
const id = (s: string) => s;
export const PLAIN: Style = { bold: id, dim: id, red: id, green: id, yellow: id, cyan: id };

/**
 * Text from the file made safe for a terminal: control characters (C0, DEL,
 * C1) are written as `--json` writes them (`\u001b`), so a name or an ability
 * cannot set the window title, clear the screen or write the clipboard. Our
 * own color codes (COLOR above) are kept; so is a newline, and a tab.
 */
export function printable(s: string): string {
  return s.replace(/\u001b\[(?:1|2|22|31|32|33|36|39)m|[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, (m) => (m.length > 1 ? m : `\\u${m.charCodeAt(0).toString(16).padStart(4, '0')}`));
}

export function ptOf(c: Characteristics): string {
  return c.power === null || c.toughness === null ? '—' : `${c.power}/${c.toughness}`;
}

export function typeLineOf(c: Characteristics): string {
  return typeLine(c) || '—';
}

export function colorsOf(c: Characteristics): string {
  return c.colors.length ? c.colors.join(', ') : 'colorless';
}

/** A keyword by its name (`Flying`), any other ability in quotes, as `expect … has` writes them. */
export function abilityText(a: AbilityView): string {
  return a.ability.kind === 'keyword' || /^[A-Z][a-z]+$/.test(a.text) ? a.text : `"${a.text}"`;
}

export function abilityList(c: Characteristics): string[] {
  return c.abilities.map(abilityText);
}

export function abilitiesOf(c: Characteristics): string {
  return c.abilities.length ? abilityList(c).join('; ') : '—';
}

export function countersOf(o: ObjectView): string {
  const e = Object.entries(o.counters).filter(([, n]) => n > 0);
  return e.map(([k, n]) => `${k} ×${n}`).join(', ');
}

/**
 * The timestamp a judge reads (613.7). The engine keeps a tuple so that the
 * abilities of one object sort deterministically (`[5, 0, idx, j]`); they all
 * share the object's timestamp. An ability granted by an effect (613.7a)
 * reads `[ts, 1, granted-at, …]`.
 */
export function timestampOf(t: Timestamp): string {
  if (!t.length) return '—';
  if (t.length >= 3 && t[1] === 1) return `${t[0]} (granted at ${t[2]}, 613.7a)`;
  return String(t[0]);
}

/** `Gray Ogre (ogre)`: the declared name, and the id when it says more (alias, `#k` copy). */
export function objectLabel(o: ObjectView): string {
  return o.id.toLowerCase() === o.declName.toLowerCase() ? o.declName : `${o.declName} (${o.id})`;
}

/** The label, and the current name when an effect changed it (a copy, 707) or hid it (face down, 708.2). */
export function objectTitle(o: ObjectView): string {
  const label = objectLabel(o);
  if (o.faceDown && !o.chars.name) return `${label}, face down`;
  if (o.chars.name && o.chars.name.toLowerCase() !== o.declName.toLowerCase()) return `${label} as "${o.chars.name}"`;
  return label;
}

/** Zero-based position → `file:line:col`, one-based as compilers print it. */
export function location(file: string, p: { line: number; character: number }): string {
  return `${file}:${p.line + 1}:${p.character + 1}`;
}

export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
