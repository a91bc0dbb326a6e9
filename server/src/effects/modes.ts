// Modal spells and abilities (700.2): `Choose one —`, `Choose two —`,
// `Choose one or both —`, `Choose one or more —`, with modes after bullets
// (`• Draw a card. • …`, as Oracle prints them) or separated by `;`
// (`… ; or …`, `… ; and/or …`, as older wordings and the coverage tool's
// data write them). Each mode is read like any effect text; the modes chosen
// are answered with `choosing mode N` (engine/choice-actions.ts).

import type { Ability, Action, Mode, Selector, TextIssue } from './ir';
import { parseKeyword } from './keywords';
import { parseDuration } from './conditions';
import type { ReadState } from './selector';
import { numberWord, Words, type Word } from './words';

export type SentenceReader = (ws: Word[], clean: string, st: ReadState) => { actions: Action[]; issues: TextIssue[] };

const BULLETS = new Set(['•', '*', '●']);

/** `Choose one —`, `choose two —`, `Choose one or both —`, `Choose one or more —`, `Choose up to two —`, `Choose any number —`. */
function header(c: Words): { min: number; max: number } | undefined {
  if (!c.opt('choose')) return undefined;
  let min: number;
  let max: number;
  if (c.opt('any', 'number')) [min, max] = [1, Infinity];
  else {
    const upTo = c.opt('up', 'to');
    const n = c.peek() ? numberWord(c.peek()!.w) : undefined;
    if (n === undefined) return undefined;
    c.next();
    [min, max] = [upTo ? 1 : n, n];
    if (c.opt('or', 'both')) max = 2;
    else if (c.opt('or', 'more')) max = Infinity;
  }
  // The coverage data writes some dashes as `-` (`Choose one - You may …`).
  if (!c.opt('—') && !c.opt('–') && !c.opt('-')) return undefined;
  return { min, max };
}

/** The words of each mode: split at bullets, or at `;` (dropping the `or` / `and/or` that follows it). */
function splitModes(ws: Word[]): Word[][] {
  const bulleted = ws.length > 0 && BULLETS.has(ws[0]!.w);
  const out: Word[][] = [];
  let cur: Word[] = [];
  const close = () => {
    while (cur.length && cur[cur.length - 1]!.w === '.') cur.pop();
    if (cur.length) out.push(cur);
    cur = [];
  };
  for (let i = 0; i < ws.length; i++) {
    const w = ws[i]!;
    if (bulleted ? BULLETS.has(w.w) : w.w === ';') {
      close();
      if (!bulleted) while (ws[i + 1] && /^(or|and\/or|and)$/.test(ws[i + 1]!.w)) i++;
      continue;
    }
    cur.push(w);
  }
  close();
  return out.map(dropModeName);
}

/** `Sell Contraband — Create a Treasure token.`: a mode's name (like an ability word, 207.2c) has no rules meaning. */
function dropModeName(ws: Word[]): Word[] {
  const dash = ws.findIndex((w) => w.w === '—' || w.w === '–');
  if (dash <= 0 || dash > 5 || !/^[A-Z]/.test(ws[0]!.raw) || !ws.slice(0, dash).every((w) => w.kind === 'word')) return ws;
  return ws.slice(dash + 1);
}

/**
 * A whole modal effect, or undefined when the words do not start with a
 * `Choose … —` header. Modes share the ability's target numbering, and each
 * records which targets are its own (601.2c: only the chosen modes' targets
 * are chosen).
 */
export function parseModal(ws: Word[], clean: string, st: ReadState, read: SentenceReader): { actions: Action[]; issues: TextIssue[] } | undefined {
  const c = new Words(ws, clean);
  const h = header(c);
  if (!h || c.done) return undefined;
  const pieces = splitModes(ws.slice(c.i));
  if (pieces.length < 2) return undefined;
  const modes: Mode[] = [];
  const issues: TextIssue[] = [];
  for (const piece of pieces) {
    const before = { targets: st.targets, targetPlayers: st.targetPlayers };
    st.last = undefined;
    const r = read(piece, clean, st);
    issues.push(...r.issues);
    const span = { start: piece[0]!.start, end: piece[piece.length - 1]!.end };
    modes.push({ text: clean.slice(span.start, span.end), actions: r.actions, targets: range(before.targets, st.targets), targetPlayers: range(before.targetPlayers, st.targetPlayers), span });
  }
  const span = { start: ws[0]!.start, end: ws[ws.length - 1]!.end };
  return { actions: [{ kind: 'modal', min: h.min, max: Math.min(h.max, modes.length), modes, span }], issues };
}

function range(a: number, b: number): number[] {
  return Array.from({ length: Math.max(0, b - a) }, (_, k) => a + k);
}

/** `tap or untap target permanent` (608.2d: the choice is made as it resolves): two one-word modes over the same object. */
export function parseTapOrUntap(c: Words, object: (c: Words) => Selector | undefined): Action[] | undefined {
  const at = c.save();
  if (!c.opt('tap', 'or', 'untap')) return undefined;
  const sel = object(c);
  if (!sel) {
    c.restore(at);
    return undefined;
  }
  const span = c.span(at, c.i);
  const mode = (kind: 'tap' | 'untap'): Mode => ({ text: kind, actions: [{ kind, object: sel, span }], targets: [], targetPlayers: [] });
  return [{ kind: 'modal', min: 1, max: 1, modes: [mode('tap'), mode('untap')], onResolution: true, span }];
}

/**
 * `Target creature gains your choice of double strike or lifelink until end
 * of turn`, `… gains your choice of flying, vigilance, or lifelink`: one
 * keyword, chosen as it resolves (608.2d), answered with the keyword's words
 * (`choosing lifelink`) or its number; both kept without an answer.
 */
export function parseChoiceOfAbilities(c: Words, st: ReadState, subject: (c: Words) => Selector | undefined): Action[] | undefined {
  const at = c.save();
  const sel = subject(c);
  if (!sel || !(c.opt('gains') || c.opt('gain') || c.opt('has') || c.opt('have')) || !c.opt('your', 'choice', 'of')) return back(c, at);
  const keywords: Keyword[] = [];
  for (;;) {
    const k = parseKeyword(c, st);
    if (!k) break;
    keywords.push(k);
    if (!(c.opt(',', 'or') || c.opt('or') || c.opt(','))) break;
  }
  if (keywords.length < 2) {
    c.expect('the abilities to choose from (`double strike or lifelink`)');
    return back(c, at);
  }
  const duration = parseDuration(c, st) ?? { kind: 'forever' as const };
  const span = c.span(at, c.i);
  const mode = (k: Keyword): Mode => ({ text: k.text.toLowerCase(), actions: [{ kind: 'create-effect', effect: { affected: sel, parts: [{ layer: '6', kind: 'abilities', add: [k] }] }, duration, span }], targets: [], targetPlayers: [] });
  return [{ kind: 'modal', min: 1, max: 1, modes: keywords.map(mode), onResolution: true, span }];
}

type Keyword = Extract<Ability, { kind: 'keyword' }>;

function back(c: Words, at: number): undefined {
  c.restore(at);
  return undefined;
}
