// Aligned text tables for the report. Columns are padded by display width
// (what a terminal shows), not by string length: `—` and `✓` take one
// column, CJK and emoji two, combining marks and ANSI color codes none.

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

/**
 * Lines of a table: the header, a rule, then the rows. A cell may hold
 * several lines (`\n`); its row then takes as many lines, other cells blank.
 * Trailing spaces are trimmed so that golden files stay clean.
 */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string[] {
  const split = rows.map((r) => header.map((_, i) => (r[i] ?? '').split('\n')));
  const widths = header.map((h, i) => Math.max(width(h), ...split.map((r) => Math.max(...r[i]!.map(width)))));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : padEnd(c, widths[i]!)))
      .join('  ')
      .trimEnd();
  const out = [line(header), line(widths.map((w) => '-'.repeat(w)))];
  for (const r of split) {
    const height = Math.max(...r.map((c) => c.length));
    for (let k = 0; k < height; k++) out.push(line(r.map((c) => c[k] ?? '')));
  }
  return out;
}
