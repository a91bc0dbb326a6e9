// Aligned text tables for the report. Columns are padded by display width
// (what a terminal shows), not by string length: `—` and `✓` take one
// column, CJK and emoji two, combining marks and ANSI color codes none.

import { maxOf } from '../util/arrays';

/** ANSI SGR sequences (colors) take no room on screen. */
const ANSI = /\u001b\[[0-9;]*m/g;
/** Combining marks, format characters (ZWJ, bidi marks) and variation selectors are drawn over the previous character. */
const ZERO = /^[\p{Mn}\p{Me}\p{Cf}\uFE00-\uFE0F]$/u;
/** Emoji drawn as pictures take two columns. */
const EMOJI = /^\p{Emoji_Presentation}$/u;

/** East Asian wide and fullwidth blocks (Unicode 15, EastAsianWidth W/F), the ones a scenario may plausibly contain. */
const WIDE: readonly [number, number][] = [
  [0x1100, 0x115f], [0x231a, 0x231b], [0x2329, 0x232a], [0x2e80, 0x303e], [0x3041, 0x33ff],
  [0x3400, 0x4dbf], [0x4e00, 0x9fff], [0xa000, 0xa4cf], [0xa960, 0xa97f], [0xac00, 0xd7a3],
  [0xf900, 0xfaff], [0xfe10, 0xfe19], [0xfe30, 0xfe6f], [0xff00, 0xff60], [0xffe0, 0xffe6],
  [0x1f300, 0x1f64f], [0x1f900, 0x1f9ff], [0x20000, 0x2fffd], [0x30000, 0x3fffd],
];

function charWidth(ch: string): number {
  const cp = ch.codePointAt(0)!;
  if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) return 0;
  if (cp < 0x300) return 1;
  if (ZERO.test(ch)) return 0;
  if (EMOJI.test(ch)) return 2;
  for (const [lo, hi] of WIDE) if (cp >= lo && cp <= hi) return 2;
  return 1;
}

/** Columns the text takes in a terminal. */
export function width(s: string): number {
  let w = 0;
  for (const ch of s.replace(ANSI, '')) w += charWidth(ch);
  return w;
}

export function padEnd(s: string, w: number): string {
  return s + ' '.repeat(Math.max(0, w - width(s)));
}

/** Where the report wraps: a terminal or an output panel of 100 columns shows every line whole. */
export const REPORT_WIDTH = 100;

/** Words, with a dash kept with the word after it (`Artifact —` alone on a line reads as cut off). */
function units(s: string): string[] {
  const out: string[] = [];
  for (const w of s.split(' ')) {
    const last = out[out.length - 1];
    if (last !== undefined && (last === '—' || last.endsWith(' —'))) out[out.length - 1] = `${last} ${w}`;
    else out.push(w);
  }
  return out;
}

/** Words of `s` in lines of at most `w` columns (a longer word gets a line of its own, whole). */
export function wrapText(s: string, w: number): string[] {
  const out: string[] = [];
  for (const para of s.split('\n')) {
    let line = '';
    for (const word of units(para)) {
      if (line && width(line) + 1 + width(word) > w) {
        out.push(line);
        line = word;
      } else line = line ? `${line} ${word}` : word;
    }
    out.push(line);
  }
  return out;
}

/** A line wrapped to `w` columns, its continuation lines (and the lines after a `\n`) indented by `indent` spaces. */
export function hanging(s: string, w: number, indent: number): string[] {
  const lead = /^ */.exec(s)![0];
  const [head = '', ...paras] = s.slice(lead.length).split('\n');
  const [first = '', ...rest] = wrapText(head, w - lead.length);
  const more = [rest.join(' '), ...paras].filter((p, i) => i > 0 || p).flatMap((p) => wrapText(p, w - indent));
  return [lead + first, ...more.map((l) => ' '.repeat(indent) + l)];
}

export interface TableOptions {
  /** Wrap the widest cells at spaces until a row fits (when the words allow it). */
  maxWidth?: number;
  /** Lines printed under row k (its abilities), not in any column. */
  below?: readonly (readonly string[])[];
}

const GAP = 2;

function longestWord(cells: readonly string[]): number {
  return maxOf(cells.flatMap((c) => c.split(/[ \n]/)).map(width), 0);
}

const columnWidth = (h: string, cells: readonly string[][]) => maxOf([width(h), ...cells.map((c) => maxOf(c.map(width), 0))], 0);

/**
 * Lines of a table: the header, a rule, then the rows. A cell may hold
 * several lines (`\n`); its row then takes as many lines, other cells blank.
 * With `maxWidth`, the widest column is wrapped at spaces, then the next,
 * until the table fits. Trailing spaces are trimmed so that golden files
 * stay clean.
 */
export function table(header: readonly string[], rows: readonly (readonly string[])[], opts: TableOptions = {}): string[] {
  const raw = rows.map((r) => header.map((_, i) => r[i] ?? ''));
  const split = raw.map((r) => r.map((c) => c.split('\n')));
  const widths = header.map((h, i) => columnWidth(h, split.map((r) => r[i]!)));
  if (opts.maxWidth) shrink(header, raw, split, widths, opts.maxWidth);
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : padEnd(c, widths[i]!)))
      .join(' '.repeat(GAP))
      .trimEnd();
  const out = [line(header), line(widths.map((w) => '-'.repeat(w)))];
  split.forEach((r, k) => {
    const height = maxOf(r.map((c) => c.length), 1);
    for (let j = 0; j < height; j++) out.push(line(r.map((c) => c[j] ?? '')));
    for (const b of opts.below?.[k] ?? []) out.push(b);
  });
  return out;
}

/** Narrow the widest columns (wrapping their cells) until the table fits `max`, or no column can give more. */
function shrink(header: readonly string[], raw: readonly string[][], split: string[][][], widths: number[], max: number): void {
  const floor = header.map((h, i) => Math.max(width(h), longestWord(raw.map((r) => r[i]!)), 3));
  for (;;) {
    const total = widths.reduce((a, b) => a + b, 0) + GAP * (widths.length - 1);
    if (total <= max) return;
    let widest = -1;
    widths.forEach((w, i) => {
      if (w > floor[i]! && (widest < 0 || w > widths[widest]!)) widest = i;
    });
    if (widest < 0) return;
    // No narrower than the next widest column: the room is taken from the wide ones in turn.
    const w = widths[widest]!;
    const next = maxOf(widths.filter((_, i) => i !== widest), 0);
    const target = Math.max(floor[widest]!, w - (total - max), Math.min(w - 1, next));
    for (const [k, r] of split.entries()) r[widest] = wrapText(raw[k]![widest]!, target);
    widths[widest] = columnWidth(header[widest]!, split.map((r) => r[widest]!));
  }
}
