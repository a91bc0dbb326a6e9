// Position and range helpers. Positions are zero-based and count UTF-16 code
// units, as in the syntax tree (ast.ts) and the LSP, so a JavaScript string
// index into a line is a `character`.

import type { Position, Range } from '../syntax/ast';

/** Lines as the LSP counts them: split on \n, \r\n and \r. */
export function linesOf(text: string): string[] {
  return text.split(/\r\n|\r|\n/);
}

export function comparePositions(a: Position, b: Position): number {
  return a.line - b.line || a.character - b.character;
}

/** True when `p` is inside `r`, both ends included (a cursor just after a word is on it). */
export function contains(r: Range, p: Position): boolean {
  return comparePositions(r.start, p) <= 0 && comparePositions(p, r.end) <= 0;
}

/** True when the ranges share at least one position (touching counts). */
export function overlaps(a: Range, b: Range): boolean {
  return comparePositions(a.start, b.end) <= 0 && comparePositions(b.start, a.end) <= 0;
}

export function range(line: number, start: number, end: number): Range {
  return { start: { line, character: start }, end: { line, character: end } };
}

/** A well-formed position, whatever the client sent (negative, huge, missing). */
export function sanePosition(p: unknown): Position {
  const q = (p && typeof p === 'object' ? p : {}) as { line?: unknown; character?: unknown };
  const n = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? Math.max(0, Math.floor(v)) : 0);
  return { line: n(q.line), character: n(q.character) };
}

/**
 * A position inside the document: a line past the end is the end of the
 * document, a character past the end of its line is the end of the line (as
 * the LSP reads them). Whatever a handler derives from it (edit ranges) stays
 * in the document, whatever the client sent (`line: 1e308`).
 */
export function clampedPosition(lines: readonly string[], p: unknown): Position {
  const q = sanePosition(p);
  const last = Math.max(0, lines.length - 1);
  if (q.line > last) return { line: last, character: lines[last]?.length ?? 0 };
  return { line: q.line, character: Math.min(q.character, lines[q.line]?.length ?? 0) };
}

/** A well-formed range, whatever the client sent; a missing one is the whole document. */
export function saneRange(r: unknown): Range {
  const q = (r && typeof r === 'object' ? r : undefined) as { start?: unknown; end?: unknown } | undefined;
  if (!q) return { start: { line: 0, character: 0 }, end: { line: Number.MAX_SAFE_INTEGER, character: 0 } };
  const start = sanePosition(q.start);
  const end = sanePosition(q.end);
  return comparePositions(start, end) <= 0 ? { start, end } : { start: end, end: start };
}

/** The range of the whole text (for whole-document edits). */
export function wholeText(lines: readonly string[]): Range {
  const last = Math.max(0, lines.length - 1);
  return { start: { line: 0, character: 0 }, end: { line: last, character: lines[last]?.length ?? 0 } };
}

/** The range of `text[start, end)` inside a located piece of text on one line. */
export function subRange(r: Range, start: number, end: number): Range {
  return range(r.start.line, r.start.character + start, r.start.character + end);
}
