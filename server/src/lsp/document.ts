// One analysed document: the parse, the engine's Analysis, and indexes the
// handlers share (which statement a line holds, where every name occurs).
// Built by a pure function of the text, so every handler is a plain function
// of (document, params).

import { analyze } from '../engine/analyze';
import type { Analysis, ObjectView, Snapshot, WorldView } from '../engine/results';
import type { NameRef, ObjectDecl, Position, Range, Statement } from '../syntax/ast';
import { parseLayers } from '../syntax/parser';

export interface NameOccurrence {
  ref: NameRef;
  /** The declared object id (or player name) it resolves to, lower case key. */
  key: string;
  kind: 'object' | 'player';
  declaration: boolean;
}

export interface LayersDocument {
  uri: string;
  version: number;
  text: string;
  lines: string[];
  analysis: Analysis;
  names: NameOccurrence[];
}

function internalAnalysis(text: string, uri: string, e: unknown): Analysis {
  const file = parseLayers(text, uri);
  const initial: Snapshot = { statementIndex: -1, outcomes: [] };
  const range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
  return { file, diagnostics: [...file.diagnostics, { range, severity: 'error', code: 'internal', message: `internal error: ${(e as Error)?.message ?? e}` }], snapshots: [], initial, expectations: [], final: initial };
}

export function analyseDocument(uri: string, version: number, text: string): LayersDocument {
  let analysis: Analysis;
  try {
    analysis = analyze(parseLayers(text, uri));
  } catch (e) {
    analysis = internalAnalysis(text, uri, e);
  }
  return { uri, version, text, lines: text.split(/\r\n|\r|\n/), analysis, names: nameOccurrences(analysis) };
}

/** Every place a name is written: declarations, aliases, events, expectations. */
function nameOccurrences(a: Analysis): NameOccurrence[] {
  const out: NameOccurrence[] = [];
  const byName = new Map<string, string>();
  for (const d of a.file.objects) {
    const key = (d.alias?.text ?? d.name.text).toLowerCase();
    byName.set(d.name.text.toLowerCase(), key);
    if (d.alias) byName.set(d.alias.text.toLowerCase(), key);
    out.push({ ref: d.name, key, kind: 'object', declaration: true });
    if (d.alias) out.push({ ref: d.alias, key, kind: 'object', declaration: true });
  }
  const players = new Set((a.file.players?.players ?? []).map((p) => p.text.toLowerCase()));
  for (const p of a.file.players?.players ?? []) out.push({ ref: p, key: p.text.toLowerCase(), kind: 'player', declaration: true });
  const use = (ref: NameRef | undefined) => {
    if (!ref) return;
    const k = ref.text.toLowerCase();
    if (byName.has(k)) out.push({ ref, key: byName.get(k)!, kind: 'object', declaration: false });
    else if (players.has(k) || k === 'alice' || k === 'bob') out.push({ ref, key: k, kind: 'player', declaration: false });
  };
  for (const d of a.file.objects) use(d.owner);
  for (const st of a.file.statements) for (const r of refsOf(st)) use(r);
  return out;
}

export function refsOf(st: Statement): NameRef[] {
  if (st.kind === 'expect') {
    const e = st.expect;
    if (e.kind === 'facts') return [e.subject, ...e.facts.flatMap((f) => f.alternatives.flatMap((x) => (x.kind === 'controller' || x.kind === 'owner' ? [x.player] : [])))];
    if (e.kind === 'loop') return e.objects;
    return [e.dependent, e.on];
  }
  const e = st.event;
  const out: NameRef[] = [];
  const add = (...xs: (NameRef | undefined)[]) => xs.forEach((x) => x && out.push(x));
  switch (e.kind) {
    case 'enter':
      add(...e.objects, e.under, e.attachedTo, ...(e.choiceOrder ?? []));
      break;
    case 'cast':
    case 'activate':
      add(e.object, ...e.targets, e.by);
      break;
    case 'resolve':
      add(e.from, ...e.targets, e.by);
      break;
    case 'attach':
      add(e.object, e.to);
      break;
    case 'put-counters':
    case 'remove-counters':
    case 'turn-face':
      add(e.object);
      break;
    case 'move':
    case 'destroy':
    case 'sacrifice':
    case 'exile':
    case 'tap':
    case 'untap':
      add(...e.objects);
      break;
    case 'draw':
    case 'gain-life':
    case 'lose-life':
    case 'discard':
      add(e.player);
      break;
    case 'end':
    case 'end-turn':
      break;
  }
  return out;
}

export function contains(r: Range, p: Position): boolean {
  if (p.line < r.start.line || p.line > r.end.line) return false;
  if (p.line === r.start.line && p.character < r.start.character) return false;
  if (p.line === r.end.line && p.character > r.end.character) return false;
  return true;
}

export function nameAt(doc: LayersDocument, p: Position): NameOccurrence | undefined {
  return doc.names.find((n) => contains(n.ref.range, p));
}

/** The index of the statement on this line, or of the last one before it. */
export function statementAt(doc: LayersDocument, line: number): number {
  let idx = -1;
  doc.analysis.file.statements.forEach((s, i) => {
    if (s.range.start.line <= line) idx = i;
  });
  return idx;
}

/** The world just after statement `i` (or before the first), in its first outcome. */
export function worldAfter(doc: LayersDocument, i: number): WorldView | undefined {
  const snap = i < 0 ? doc.analysis.initial : doc.analysis.snapshots[i];
  return snap?.outcomes[0]?.world;
}

export function objectIn(world: WorldView | undefined, key: string): ObjectView | undefined {
  if (!world) return undefined;
  return world.objects.find((o) => o.id.toLowerCase() === key) ?? world.objects.find((o) => o.id.toLowerCase().startsWith(`${key}#`));
}

export function declOf(doc: LayersDocument, key: string): ObjectDecl | undefined {
  return doc.analysis.file.objects.find((d) => (d.alias?.text ?? d.name.text).toLowerCase() === key);
}
