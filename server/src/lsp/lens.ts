// Code lenses: above each card header its result at the end of the timeline
// (`5/8 · Creature — Ogre · red ◆`), above each `expect` ✓ or ✗. Both open the
// layer trace. While a line is being typed the lenses must neither flicker
// nor jump: a lens whose lines have a syntax error (or whose document failed
// to analyse) keeps its last good title, found by card name, then by line.

import type { CodeLens } from 'vscode-languageserver';
import { objectLabel } from '../cli/format';
import type { ObjectView } from '../engine/results';
import type { ObjectDecl, Range } from '../syntax/ast';
import type { AnalysedDocument } from './documents';
import { changedByEffects, summary } from './present';
import { finalWorld, viewOf, viewsOf } from './world';

/** Last good titles, by key and by line, for one document. */
export interface LensMemory {
  cards: Map<string, string>;
  cardLines: Map<number, string>;
  expects: Map<string, string>;
  expectLines: Map<number, string>;
}

export function newLensMemory(): LensMemory {
  return { cards: new Map(), cardLines: new Map(), expects: new Map(), expectLines: new Map() };
}

export const SHOW_TRACE = 'layerlens.showTrace';

/** Shown when there is neither a fresh value nor a remembered one (keeps the line's lens in place). */
export const PENDING_TITLE = 'Layerlens: not computed';

function lens(range: Range, title: string, uri: string, object?: string): CodeLens {
  return { range, command: { title, command: SHOW_TRACE, arguments: [{ uri, ...(object ? { object } : {}) }] } };
}

/** The card's lens title: its final values, where it is if not on the battlefield, and ◆ when effects changed it. */
export function cardTitle(o: ObjectView, copies: number, outcomes: number): string {
  const where = o.zone === null ? ' · not in play' : o.zone !== 'battlefield' ? ` · ${o.zone}` : '';
  const dep = o.trace.some((s) => s.reason.kind === 'dependency' || s.reason.kind === 'loop');
  const marker = dep ? ' ◆ dependency' : changedByEffects(o) ? ' ◆' : '';
  return `${summary(o)}${copies > 1 ? ` (×${copies})` : ''}${where}${marker}${outcomes > 1 ? ` · ${outcomes} outcomes` : ''}`;
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

function cardKey(d: ObjectDecl): string {
  return d.name.text.toLowerCase();
}

export function codeLenses(doc: AnalysedDocument, memory: LensMemory): CodeLens[] {
  const a = doc.analysis;
  const broken = brokenLines(doc);
  const w = finalWorld(a);
  const out: CodeLens[] = [];
  const seenCards = new Set<string>();
  for (const d of a.file.objects) {
    const key = cardKey(d);
    const line = d.headerRange.start.line;
    const views = viewsOf(w, d);
    const o = views[0];
    let title: string | undefined;
    if (o && !broken(d.range.start.line, d.range.end.line)) {
      const outcomes = a.final.outcomes.length < 2 ? 1 : new Set(a.final.outcomes.map((oc) => {
        const v = viewOf(oc.world, d);
        return v ? `${summary(v)}|${v.zone}` : '';
      })).size;
      title = cardTitle(o, views.length, outcomes);
      if (!seenCards.has(key)) memory.cards.set(key, title);
      memory.cardLines.set(line, title);
    } else {
      title = memory.cards.get(key) ?? memory.cardLines.get(line) ?? PENDING_TITLE;
    }
    seenCards.add(key);
    out.push(lens(d.headerRange, title, doc.uri, o ? objectLabel(o) : d.name.text));
  }
  const liveExpects = new Set<string>();
  const results = new Map(a.expectations.map((e) => [e.statementIndex, e]));
  const decls = new Map<string, ObjectDecl>();
  for (const d of a.file.objects) for (const r of [d.alias, d.name]) if (r && !decls.has(r.text.toLowerCase())) decls.set(r.text.toLowerCase(), d);
  a.file.statements.forEach((st, i) => {
    if (st.kind !== 'expect') return;
    const line = st.range.start.line;
    const key = doc.lines[line]?.trim() ?? '';
    const r = results.get(i);
    let title: string | undefined;
    if (r && !broken(line, st.range.end.line)) {
      title = r.passed ? '✓ passes' : `✗ expected ${r.expected}, got ${r.actual}`;
      memory.expects.set(key, title);
      memory.expectLines.set(line, title);
    } else {
      title = memory.expects.get(key) ?? memory.expectLines.get(line) ?? PENDING_TITLE;
    }
    liveExpects.add(key);
    out.push(lens(st.range, title, doc.uri, subjectLabel(doc, decls, st.expect.kind === 'facts' ? st.expect.subject : undefined)));
  });
  out.push(...brokenLineLenses(doc, memory, out));
  prune(memory, seenCards, liveExpects, doc.lines.length);
  return out.sort((x, y) => x.range.start.line - y.range.start.line);
}

/**
 * A header or `expect` line so broken that the parser made nothing of it
 * would lose its lens, and every line below would jump: keep the remembered
 * lens on that line while it is being typed.
 */
function brokenLineLenses(doc: AnalysedDocument, memory: LensMemory, have: readonly CodeLens[]): CodeLens[] {
  const taken = new Set(have.map((l) => l.range.start.line));
  const out: CodeLens[] = [];
  const lines = new Set(doc.analysis.diagnostics.filter((d) => d.code === 'syntax').map((d) => d.range.start.line));
  for (const line of [...lines].sort((a, b) => a - b)) {
    if (taken.has(line)) continue;
    const text = doc.lines[line] ?? '';
    const first = /^\s*(\S+)/.exec(text)?.[1]?.toLowerCase();
    const title = first === 'expect' ? memory.expectLines.get(line) : first === 'card' || first === 'token' ? memory.cardLines.get(line) : undefined;
    if (!title) continue;
    const indent = text.length - text.trimStart().length;
    out.push(lens({ start: { line, character: indent }, end: { line, character: text.trimEnd().length } }, title, doc.uri));
  }
  return out;
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
  const o = viewOf(finalWorld(doc.analysis), d, subject.copyIndex);
  return o ? objectLabel(o) : d.name.text;
}
