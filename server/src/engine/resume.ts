// Replay from the first changed statement (issue 9). An analysis remembers,
// next to what it reports, the games after each statement; the next analysis
// of the same document starts from the last statement the edit left
// unchanged, and reuses the compiled declarations when no declaration moved.
// Sound because games are never changed after their snapshot (every event
// works on clones) and a statement's result depends only on the declarations
// and the statements before it. `LAYERLENS_CHECK_INCREMENTAL=1` compares every
// resumed analysis with a full one and throws on the first difference.

import type { Diagnostic, LayersFile, Position, Range } from '../syntax/ast';
import type { Game, EngineEnv } from './game';
import type { BuiltObjects } from './objects';
import type { Analysis, ExpectationResult, Snapshot } from './results';
import { fingerprint } from './views';
import type { StateAt } from './converge';

/** The state after one statement, and how much had been reported by then. */
export interface ResumePoint {
  /** The games after the statement (frozen copies once a later event ran). */
  held: { game: Game; peek(): StateAt }[];
  reported: number;
  expectations: number;
  /** 616 orders the file may still explore after the statement, and whether running out was reported (game.ts). */
  budget: number;
  warned: boolean;
  /** The names known after the statement (tokens named so far): a run resumed here knows these (game.ts EngineEnv). */
  names: ReadonlyMap<string, string[]>;
}

export type LoopsSeen = Map<string, { members: { id: string; range?: Range; name: string; text: string }[]; statementIndex: number }>;

/** What an analysis keeps so that the next one can resume from it. */
export interface Memory {
  players: string[];
  built: BuiltObjects;
  env: EngineEnv;
  initial: Snapshot;
  initialGames: Game[];
  snapshots: Snapshot[];
  points: ResumePoint[];
  reported: Diagnostic[];
  expectations: ExpectationResult[];
  loopsSeen: LoopsSeen;
}

/** A memory and the first statement that must run again. */
export type Reuse = Memory & { from: number };

const memories = new WeakMap<Analysis, Memory>();

export function remember(analysis: Analysis, memory: Memory): void {
  memories.set(analysis, memory);
}

/** What an analysis kept to be resumed from (tests read it to check what it holds). */
export function recall(analysis: Analysis): Memory | undefined {
  return memories.get(analysis);
}

/** Offset of the first character where the two texts differ (the shorter length when one is a prefix). */
export function firstDifference(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}

function positionAt(text: string, offset: number): Position {
  let line = 0;
  let start = 0;
  for (let i = 0; i < offset; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) {
      line++;
      start = i + 1;
    }
  }
  return { line, character: offset - start };
}

const before = (p: Position, q: Position) => p.line < q.line || (p.line === q.line && p.character < q.character);

/** Every declaration (scenario, players, cards, tokens) ends before `at`. */
function declarationsBefore(file: LayersFile, at: Position): boolean {
  const decls = [file.scenario?.range, file.players?.range, ...file.objects.map((o) => o.range)];
  return decls.every((r) => !r || before(r.end, at));
}

/**
 * What can be reused from `previous` for `file`: undefined when nothing can
 * (no previous analysis, or a declaration changed or moved).
 */
export function reusable(file: LayersFile, previous: Analysis | undefined): Reuse | undefined {
  const memory = previous && memories.get(previous);
  if (!previous || !memory) return undefined;
  const old = previous.file;
  if (old.text === file.text) return { ...memory, from: Math.min(memory.points.length, file.statements.length) };
  const d = firstDifference(old.text, file.text);
  // Positions before the first difference are the same in both texts.
  const at = positionAt(file.text, d);
  if (!declarationsBefore(file, at) || !declarationsBefore(old, at)) return undefined;
  if (file.objects.length !== old.objects.length) return undefined;
  // A statement runs again unless it ends before the first difference in both texts: one cut short at its
  // end (`expect x: pt 2/1; rule …` → `expect x: pt 2/1; `) ends before it now, but did not before.
  let from = file.statements.findIndex((s, i) => !before(s.range.end, at) || !old.statements[i] || !before(old.statements[i]!.range.end, at));
  if (from < 0) from = file.statements.length;
  from = Math.min(from, memory.points.length, old.statements.length);
  return { ...memory, from };
}

/** Where each line starts, splitting lines as the parser does. */
function lineStarts(text: string): number[] {
  const out = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) out.push(i + 1);
  }
  return out;
}

/**
 * The first statement from which `file` and the previous analysis's file are
 * the same text at the same places to the end (what follows an edit): a run
 * whose state converges before one of these may take the previous results
 * for the rest (converge.ts). The statement count when there is none.
 */
export function sameTailFrom(file: LayersFile, old: LayersFile): number {
  const a = file.statements;
  const b = old.statements;
  if (a.length !== b.length) return a.length;
  const n = file.text.length;
  const m = old.text.length;
  let common = 0;
  while (common < n && common < m && file.text.charCodeAt(n - 1 - common) === old.text.charCodeAt(m - 1 - common)) common++;
  const na = lineStarts(file.text);
  const nb = lineStarts(old.text);
  let k = a.length;
  for (; k > 0; k--) {
    const s = a[k - 1]!.range;
    const t = b[k - 1]!.range;
    if (s.start.line !== t.start.line || s.start.character !== t.start.character || s.end.line !== t.end.line || s.end.character !== t.end.character) break;
    const at = (na[s.start.line] ?? Infinity) + s.start.character;
    const was = (nb[t.start.line] ?? Infinity) + t.start.character;
    // The same distance from the end, inside the common end of both texts: the same text from here on.
    if (n - at !== m - was || n - at > common) break;
  }
  return k;
}

/** Check mode: the resumed analysis must equal a full one, statement by statement. */
export function checkIncremental(resumed: Analysis, full: Analysis): void {
  const a = memories.get(resumed);
  const b = memories.get(full);
  const fail = (what: string) => {
    throw new Error(`incremental analysis differs from a full one (${what}) in ${resumed.file.uri}`);
  };
  if (!a || !b) fail('no memory');
  if (JSON.stringify(resumed.diagnostics) !== JSON.stringify(full.diagnostics)) fail('diagnostics');
  if (JSON.stringify(resumed.expectations) !== JSON.stringify(full.expectations)) fail('expectations');
  if (a!.points.length !== b!.points.length) fail('number of statements');
  a!.points.forEach((p, i) => {
    const x = p.held.map((h) => fingerprint(h.game)).join('\n--\n');
    const y = b!.points[i]!.held.map((h) => fingerprint(h.game)).join('\n--\n');
    if (x !== y) fail(`state after statement ${i + 1}`);
  });
}

export const CHECK_INCREMENTAL = typeof process !== 'undefined' && process.env?.LAYERLENS_CHECK_INCREMENTAL === '1';
