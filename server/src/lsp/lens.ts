// Code lenses: above each card header its result at the end of the timeline
// (`end of file: 5/8 · Creature — Ogre · red ◆`), above each `expect` the value
// it checks at its own point (`✓ pt 5/8`, `✗ expected pt 3/3 · is pt 5/8`).
// Each opens the layer trace at the point it shows (`line`), and says in its
// tooltip what it shows. While a line is being typed the lenses must neither
// flicker nor jump: a lens whose lines have a syntax error (or whose document
// failed to analyse) keeps its last good title, found by card name, then by line.

import type { CodeLens } from 'vscode-languageserver';
import { objectLabel } from '../cli/format';
import type { Analysis, ExpectationResult, ObjectView, Snapshot } from '../engine/results';
import type { ObjectDecl, Range, Statement } from '../syntax/ast';
import type { AnalysedDocument } from './documents';
import { summary } from './present';
import { marksOf } from '../engine/object-trace';
import { finalWorld, hasViews, viewOf, viewsOf } from './world';
import { ownCopy } from '../util/strings';

/** What a lens shows: the title and the tooltip that explains it. */
export interface LensText {
  title: string;
  tooltip: string;
}

/**
 * A card lens's text, made when first read: a long document's lenses are
 * sent without their titles and only the ones on screen are resolved
 * (`LAZY_LENSES`), so most are never made.
 */
export type TextOf = () => LensText;

/** Last good texts, by key and by line, for one document. Card texts are made when read (`TextOf`), and only ever of the latest analysis (see `settle`). */
export interface LensMemory {
  cards: Map<string, TextOf>;
  cardLines: Map<number, TextOf>;
  expects: Map<string, LensText>;
  expectLines: Map<number, LensText>;
}

/** One lens: its place, and the whole lens made when first asked for. */
export interface LensEntry {
  range: Range;
  lens: () => CodeLens;
}

function once<T>(make: () => T): () => T {
  let made = false;
  let value: T;
  return () => {
    if (!made) {
      value = make();
      made = true;
    }
    return value;
  };
}

const made = (t: LensText): TextOf => () => t;

export function newLensMemory(): LensMemory {
  return { cards: new Map(), cardLines: new Map(), expects: new Map(), expectLines: new Map() };
}

export const SHOW_TRACE = 'layerlens.showTrace';

/** Shown when there is neither a fresh value nor a remembered one (keeps the line's lens in place). */
export const PENDING_TITLE = 'Layerlens: not computed';
const PENDING: LensText = { title: PENDING_TITLE, tooltip: 'Layerlens has no value for this line yet: fix the syntax error on it.' };

/** The point of the timeline the card lenses show. */
export const END_OF_FILE = 'end of file';

/**
 * `line` is the point of the timeline the trace opens at (the state just
 * after that line's statement). The tooltip travels twice: as LSP 3.18's
 * `Command.tooltip` for clients that read it, and in the argument, because
 * vscode-languageclient 9 drops the former (client/src/ctx.ts restores it).
 */
function lens(range: Range, text: LensText, uri: string, line: number, object?: string): CodeLens {
  const args = { uri, ...(object ? { object } : {}), line, tooltip: text.tooltip };
  return { range, command: { title: text.title, tooltip: text.tooltip, command: SHOW_TRACE, arguments: [args] } as CodeLens['command'] };
}

const MARKER_WHY = {
  dependency: '◆ dependency: an effect on it waited for another effect it depends on (613.8), or they loop (613.8b).',
  changed: '◆: continuous effects changed its printed characteristics.',
} as const;

/** The card's lens: its values at the end of the file, where it is if not on the battlefield, and ◆ when effects changed it. */
export function cardText(o: ObjectView, copies: number, outcomes: number): LensText {
  const where = o.zone === null ? ' · not in play' : o.zone !== 'battlefield' ? ` · ${o.zone}` : '';
  // Read without the trace's words where the engine can (views made by the engine carry them).
  const marks = o.marks ?? marksOf(o.trace);
  const marker = marks.dependency ? 'dependency' : marks.changed ? 'changed' : undefined;
  const value = `${summary(o)}${copies > 1 ? ` (×${copies})` : ''}${where}`;
  const title = `${END_OF_FILE}: ${value}${marker === 'dependency' ? ' ◆ dependency' : marker ? ' ◆' : ''}${outcomes > 1 ? ` · ${outcomes} outcomes` : ''}`;
  const tooltip = [
    `${o.chars.name || 'This object'} at the end of the file, after every event: ${value.replace(/^ · /, '')}.`,
    marker ? MARKER_WHY[marker] : 'No continuous effect changed it.',
    outcomes > 1 ? `An open choice (616.1) leaves ${outcomes} outcomes; this is the first.` : '',
    'Click to open the layer trace at the end of the file.',
  ];
  return { title, tooltip: tooltip.filter(Boolean).join('\n') };
}

/** An expectation's lens: the value it checks, at its own point of the timeline. */
export function expectText(r: Pick<ExpectationResult, 'passed' | 'expected' | 'actual'>, line: number): LensText {
  const where = `at line ${line + 1} (after the events above it)`;
  if (r.passed) {
    return { title: `✓ ${r.actual}`, tooltip: `Passes: ${r.actual} ${where}.\nClick to open the layer trace at this point.` };
  }
  return {
    title: `✗ expected ${r.expected} · is ${r.actual}`,
    tooltip: `Fails: expected ${r.expected}, but it is ${r.actual} ${where}.\nThe quick fix on the line rewrites it to the actual value.\nClick to open the layer trace at this point.`,
  };
}

/**
 * An expectation's lens text, kept with its result: a resumed analysis keeps
 * the results of the statements before the first changed one (and after the
 * point where it converged), so an edit makes only the texts that changed.
 */
const expectTexts = new WeakMap<ExpectationResult, { line: number; text: LensText }>();

function expectTextAt(r: ExpectationResult, line: number): LensText {
  const known = expectTexts.get(r);
  if (known && known.line === line) return known.text;
  const text = expectText(r, line);
  expectTexts.set(r, { line, text });
  return text;
}

/** An expectation's key in the lens memory, kept with its statement (a reused block's is the very one) while its text is the same. */
const expectKeys = new WeakMap<Statement, string>();

function expectKey(st: Statement, trimmed: string): string {
  const known = expectKeys.get(st);
  if (known === trimmed) return known;
  // Kept in memory across versions: a copy, not a slice of this version's text.
  const key = ownCopy(trimmed);
  expectKeys.set(st, key);
  return key;
}

/** Objects by alias and name (lower case), the first declared winning. */
function declarations(objects: readonly ObjectDecl[]): Map<string, ObjectDecl> {
  const decls = new Map<string, ObjectDecl>();
  for (const d of objects) for (const r of [d.alias, d.name]) if (r && !decls.has(r.text.toLowerCase())) decls.set(r.text.toLowerCase(), d);
  return decls;
}

/** Lines holding a syntax error (or every line, when analysis failed). */
function brokenLines(doc: AnalysedDocument): (from: number, to: number) => boolean {
  if (doc.failed) return () => true;
  const lines = new Set<number>();
  for (const d of doc.analysis.diagnostics) {
    if (d.code !== 'syntax' && d.code !== 'internal') continue;
    for (let l = d.range.start.line; l <= d.range.end.line; l++) lines.add(l);
  }
  return (from, to) => {
    for (let l = from; l <= to; l++) if (lines.has(l)) return true;
    return false;
  };
}

/** A card's key in the lens memory, kept with its declaration (a block the parser reused is the very one). */
const cardKeys = new WeakMap<ObjectDecl, string>();
function cardKey(d: ObjectDecl): string {
  let k = cardKeys.get(d);
  if (k === undefined) cardKeys.set(d, (k = d.name.text.toLowerCase()));
  return k;
}

/** A card's lens at the end of the file: its text (none when the object is not there) and its trace label. */
interface CardLens {
  text?: LensText;
  label: string;
}

/**
 * Card lenses by the end of the file they show. An edit whose analysis
 * converged (engine/converge.ts) ends in the very snapshot the previous
 * analysis ended in, and a card block the parser reused is the very
 * declaration: their lenses are the ones computed before (no view, and no
 * trace for the ◆ marker, made again for hundreds of cards).
 */
const cardLensesAt = new WeakMap<Snapshot, WeakMap<ObjectDecl, CardLens>>();

function cardLens(a: Analysis, d: ObjectDecl): CardLens {
  let known = cardLensesAt.get(a.final);
  if (!known) cardLensesAt.set(a.final, (known = new WeakMap()));
  let c = known.get(d);
  if (c) return c;
  const views = viewsOf(finalWorld(a), d);
  const o = views[0];
  const outcomes = !o || a.final.outcomes.length < 2 ? 1 : new Set(a.final.outcomes.map((oc) => {
    const v = viewOf(oc.world, d);
    return v ? `${summary(v)}|${v.zone}` : '';
  })).size;
  c = { text: o ? cardText(o, views.length, outcomes) : undefined, label: o ? objectLabel(o) : d.name.text };
  known.set(d, c);
  return c;
}

export function codeLenses(doc: AnalysedDocument, memory: LensMemory): CodeLens[] {
  return lensEntries(doc, memory).map((e) => e.lens());
}

/** Every lens of the document in line order, each made when asked for. */
export function lensEntries(doc: AnalysedDocument, memory: LensMemory): LensEntry[] {
  const a = doc.analysis;
  const broken = brokenLines(doc);
  const out: LensEntry[] = [];
  const seenCards = new Set<string>();
  /** Card lines whose remembered text is this analysis's (the others are made by `settle`). */
  const current = new Set<number>();
  const lastLine = Math.max(0, doc.lines.length - 1);
  const w = finalWorld(a);
  for (const d of a.file.objects) {
    const key = cardKey(d);
    const line = d.headerRange.start.line;
    let text: TextOf;
    if (hasViews(w, d) && !broken(d.range.start.line, d.range.end.line)) {
      text = once(() => cardLens(a, d).text ?? PENDING);
      if (!seenCards.has(key)) memory.cards.set(key, text);
      memory.cardLines.set(line, text);
      current.add(line);
    } else {
      // Remembered from an earlier analysis: made now, so that memory holds no older analysis.
      const byKey = memory.cards.get(key);
      const kept = byKey ?? memory.cardLines.get(line);
      const t = kept ? kept() : PENDING;
      if (byKey) memory.cards.set(key, made(t));
      else if (kept) memory.cardLines.set(line, made(t));
      text = made(t);
    }
    seenCards.add(key);
    out.push({ range: d.headerRange, lens: once(() => lens(d.headerRange, text(), doc.uri, lastLine, cardLens(a, d).label)) });
  }
  const liveExpects = new Set<string>();
  const results = a.expectations;
  /** The next expectation result to look at: they come in statement order. */
  let next = 0;
  // Made when a lens is first resolved: most of a long document's are never shown.
  let decls: Map<string, ObjectDecl> | undefined;
  const declsOf = (): Map<string, ObjectDecl> => (decls ??= declarations(a.file.objects));
  a.file.statements.forEach((st, i) => {
    if (st.kind !== 'expect') return;
    const line = st.range.start.line;
    const key = expectKey(st, doc.lines[line]?.trim() ?? '');
    while (next < results.length && results[next]!.statementIndex < i) next++;
    // The last result of the statement, if any (a statement checks once; the last one is what counts).
    let r: ExpectationResult | undefined;
    while (next < results.length && results[next]!.statementIndex === i) r = results[next++];
    let text: LensText;
    if (r && !broken(line, st.range.end.line)) {
      text = expectTextAt(r, line);
      memory.expects.set(key, text);
      memory.expectLines.set(line, text);
    } else {
      text = memory.expects.get(key) ?? memory.expectLines.get(line) ?? PENDING;
    }
    liveExpects.add(key);
    const subject = st.expect.kind === 'facts' ? st.expect.subject : undefined;
    out.push({ range: st.range, lens: once(() => lens(st.range, text, doc.uri, line, subjectLabel(doc, declsOf(), subject))) });
  });
  out.push(...brokenLineLenses(doc, memory, out));
  prune(memory, seenCards, liveExpects, doc.lines.length);
  settle(memory, current);
  return out.sort((x, y) => x.range.start.line - y.range.start.line);
}

/**
 * A header or `expect` line so broken that the parser made nothing of it
 * would lose its lens, and every line below would jump: keep the remembered
 * lens on that line while it is being typed.
 */
function brokenLineLenses(doc: AnalysedDocument, memory: LensMemory, have: readonly LensEntry[]): LensEntry[] {
  const taken = new Set(have.map((l) => l.range.start.line));
  const out: LensEntry[] = [];
  const lines = new Set(doc.analysis.diagnostics.filter((d) => d.code === 'syntax').map((d) => d.range.start.line));
  for (const line of [...lines].sort((a, b) => a - b)) {
    if (taken.has(line)) continue;
    const text = doc.lines[line] ?? '';
    const first = /^\s*(\S+)/.exec(text)?.[1]?.toLowerCase();
    const card = first === 'card' || first === 'token' ? memory.cardLines.get(line) : undefined;
    const known = first === 'expect' ? memory.expectLines.get(line) : card ? card() : undefined;
    if (!known) continue;
    if (card) memory.cardLines.set(line, made(known));
    const indent = text.length - text.trimStart().length;
    const at = first === 'expect' ? line : Math.max(0, doc.lines.length - 1);
    const range = { start: { line, character: indent }, end: { line, character: text.trimEnd().length } };
    const l = lens(range, known, doc.uri, at);
    out.push({ range, lens: () => l });
  }
  return out;
}

/**
 * Remembered card texts of lines no card is on now were made from an
 * earlier analysis: made now, so that the memory never keeps an analysis
 * but the latest alive (only when lines moved: each is then one card's text).
 */
function settle(memory: LensMemory, current: Set<number>): void {
  for (const [line, text] of memory.cardLines) if (!current.has(line)) memory.cardLines.set(line, made(text()));
}

/** Forget what no longer names anything in the document, so memory does not grow with every keystroke. */
function prune(memory: LensMemory, cards: Set<string>, expects: Set<string>, lineCount: number): void {
  for (const k of memory.cards.keys()) if (!cards.has(k)) memory.cards.delete(k);
  for (const k of memory.expects.keys()) if (!expects.has(k)) memory.expects.delete(k);
  for (const m of [memory.cardLines, memory.expectLines]) for (const l of m.keys()) if (l >= lineCount) m.delete(l);
}

/** The trace label of an expectation's subject (`Gray Ogre (ogre)`), when it is an object. */
function subjectLabel(doc: AnalysedDocument, decls: Map<string, ObjectDecl>, subject: { text: string; copyIndex?: number } | undefined): string | undefined {
  if (!subject) return undefined;
  const d = decls.get(subject.text.toLowerCase());
  if (!d) return undefined;
  // The first copy's label is its card lens's (made once per end of the file).
  if (subject.copyIndex === undefined) return cardLens(doc.analysis, d).label;
  const o = viewOf(finalWorld(doc.analysis), d, subject.copyIndex);
  return o ? objectLabel(o) : d.name.text;
}

// ---------------------------------------------------------------------------
// Resolving lenses when they are shown (codeLens/resolve)

/**
 * From this many lenses on, a document's lenses are sent with their place
 * only, and each one's title, tooltip and command when the editor shows it:
 * a 2,000-line file has about 500, and sending every tooltip (twice, see
 * `lens`) costs more than computing them. Shorter documents get them whole.
 */
export const LAZY_LENSES = 300;

/** What an unresolved lens carries: where to find it again. */
export interface LensData {
  uri: string;
  version: number;
  index: number;
}

/** The lenses of one analysed version, for resolving. */
export interface ResolvedLenses {
  uri: string;
  version: number;
  lenses: LensEntry[];
  /** The analysis they were computed from. */
  analysis?: Analysis;
  /** The list sent for them (sentLenses), once made. */
  sent?: CodeLens[];
}

/**
 * The lenses of an analysed version, computed once: while its analysis is
 * the latest, editors ask again (on scrolling, after each refresh) and get
 * the same list. `last`: the lenses computed last for the document.
 */
export function lensesFor(doc: AnalysedDocument, memory: LensMemory, last: ResolvedLenses | undefined): ResolvedLenses {
  if (last && last.uri === doc.uri && last.version === doc.version && last.analysis === doc.analysis) return last;
  return { uri: doc.uri, version: doc.version, lenses: lensEntries(doc, memory), analysis: doc.analysis };
}

/** The lenses to send: whole for a short document, else places only (with `data` to resolve them by). */
export function lensesToSend(doc: AnalysedDocument, lenses: readonly LensEntry[]): CodeLens[] {
  if (lenses.length < LAZY_LENSES) return lenses.map((l) => l.lens());
  return lenses.map((l, index): CodeLens => ({ range: l.range, data: { uri: doc.uri, version: doc.version, index } satisfies LensData }));
}

/** The list to send for these lenses, made once: editors ask again on scrolling and after each refresh. */
export function sentLenses(doc: AnalysedDocument, resolved: ResolvedLenses): CodeLens[] {
  return (resolved.sent ??= lensesToSend(doc, resolved.lenses));
}

/**
 * The whole lens for one sent without its command. A lens of an older
 * version (the document changed between the two requests) gets the lens at
 * the same place in `current` when there is one, else a title that says it
 * is being computed (VS Code asks for the lenses again after the next analysis).
 */
export function resolveLens(lens: CodeLens, current: ResolvedLenses | undefined): CodeLens {
  if (lens.command) return lens;
  const data = lens.data as Partial<LensData> | undefined;
  if (current && data && data.uri === current.uri) {
    const same = data.version === current.version ? current.lenses[data.index ?? -1] : undefined;
    const found = (same ?? current.lenses.find((l) => l.range.start.line === lens.range?.start?.line))?.lens();
    if (found?.command) return { range: lens.range, command: found.command };
  }
  return { range: lens.range, command: { title: STALE_TITLE, command: '' } };
}

/** A lens asked for after its document changed, until the lenses of the new version come. */
export const STALE_TITLE = 'Layerlens: computing…';
