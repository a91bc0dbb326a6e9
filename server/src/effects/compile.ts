// Oracle text → typed abilities and actions (spec sections 3 and 5).
// Total: any text gives abilities and issues, never an exception; text that
// is not understood is kept as an `unknown` ability with a warning on the
// exact words where reading stopped, saying what was expected there.

import type { Ability, Action, CompileContext, CompiledLine, EffectSpec, Part, ReplacementSpec, TextIssue } from './ir';
import { parseEffectSentence, quoted } from './continuous';
import { parseKeywordLine } from './keywords';
import { parseReplacement } from './replacement';
import { parseActions } from './actions';
import { describePart as describe } from './describe';
import type { ReadState } from './selector';
import { blankReminders, words, Words, type Word } from './words';

export { describe as describePart };

const TRIGGER_WORDS = new Set(['when', 'whenever', 'at']);

/** Split a word list into sentences at top-level periods. */
function sentences(ws: Word[]): Word[][] {
  const out: Word[][] = [];
  let cur: Word[] = [];
  ws.forEach((w, i) => {
    if (w.kind === 'punct' && w.w === '.') {
      if (cur.length) out.push(cur);
      cur = [];
      return;
    }
    cur.push(w);
    // `… with "… graveyard." It's still a land.`: the period inside the quote ends the sentence too.
    const next = ws[i + 1];
    if (w.kind === 'quote' && /[.]$/.test(w.w.trim()) && next && /^[A-Z]/.test(next.raw)) {
      out.push(cur);
      cur = [];
    }
  });
  if (cur.length) out.push(cur);
  return out;
}

function issueAt(c: Words, sentence: Word[], fallback: string): TextIssue {
  const at = c.furthest >= 0 && c.furthest < c.ws.length ? c.ws[c.furthest]! : undefined;
  const last = sentence[sentence.length - 1]!;
  const start = at ? at.start : sentence[0]!.start;
  const end = last.end;
  const found = at ? `\`${c.text.slice(at.start, at.end)}\`` : 'the end of the sentence';
  const expected = c.expected || fallback;
  return { start, end, severity: 'warning', message: `not understood: expected ${expected}; found ${found}` };
}

function newState(ctx: CompileContext): ReadState {
  return { ctx, targets: 0, targetPlayers: 0 };
}

function total<T>(fn: () => T, onError: (e: unknown) => T): T {
  try {
    return fn();
  } catch (e) {
    return onError(e);
  }
}

export function compileAbilityText(text: string, ctx: CompileContext): CompiledLine {
  return total(
    () => compileLine(text, ctx),
    (e) => ({ abilities: [{ kind: 'unknown', text }], issues: [{ start: 0, end: text.length, severity: 'warning', message: `not understood (internal error: ${(e as Error)?.message ?? e})` }] }),
  );
}

export function compileEffectText(text: string, ctx: CompileContext): { actions: Action[]; issues: TextIssue[] } {
  return total(
    () => {
      const clean = blankReminders(text);
      const ws = words(clean);
      const st = newState(ctx);
      return actionsOf(ws, clean, st);
    },
    (e) => ({ actions: [], issues: [{ start: 0, end: text.length, severity: 'warning', message: `not understood (internal error: ${(e as Error)?.message ?? e})` }] }),
  );
}

function compileLine(text: string, ctx: CompileContext): CompiledLine {
  const clean = blankReminders(text);
  let ws = words(clean);
  if (!ws.length) return { abilities: [], issues: [] };
  // An ability word before a dash has no rules meaning (207.2c).
  const dash = ws.findIndex((w) => w.w === '—' || w.w === '–');
  if (dash > 0 && dash <= 3 && ws.slice(0, dash).every((w) => w.kind === 'word' && /^[A-Z]/.test(w.raw))) {
    const keywordLike = ws.slice(0, dash).map((w) => w.w).join(' ');
    if (!/^(cumulative upkeep|morph|equip|ward|protection)/.test(keywordLike)) ws = ws.slice(dash + 1);
  }
  const st = newState(ctx);
  const span = { start: ws[0]!.start, end: ws[ws.length - 1]!.end };
  const abilityText = text.slice(span.start, span.end).trim();
  // Keyword list.
  const kc = new Words(ws, clean);
  const kws = parseKeywordLine(kc, st);
  if (kws) return { abilities: kws.map(changeling), issues: [] };
  // Activated: `COST: EFFECT`.
  const colon = ws.findIndex((w) => w.kind === 'punct' && w.w === ':');
  if (colon > 0 && !TRIGGER_WORDS.has(ws[0]!.w)) {
    const cost = clean.slice(ws[0]!.start, ws[colon - 1]!.end);
    const body = ws.slice(colon + 1);
    const r = actionsOf(body, clean, st);
    const mana = body[0]?.w === 'add';
    return { abilities: [{ kind: 'activated', text: abilityText, cost, actions: r.actions, mana, span }], issues: r.issues };
  }
  // Triggered: kept, not fired by itself; its effect is read for `resolve`.
  if (TRIGGER_WORDS.has(ws[0]!.w)) {
    const comma = ws.findIndex((w) => w.kind === 'punct' && w.w === ',');
    const trigger = comma > 0 ? clean.slice(ws[0]!.start, ws[comma - 1]!.end) : abilityText;
    const r = comma > 0 ? actionsOf(ws.slice(comma + 1), clean, st) : { actions: [], issues: [] };
    // What a trigger does is only read when it is resolved; say so quietly.
    const issues = r.issues.map((i) => ({ ...i, severity: 'information' as const, message: `${i.message} (this triggered ability is kept, but its effect will not be applied)` }));
    return { abilities: [{ kind: 'triggered', text: abilityText, trigger, actions: r.actions, span }], issues };
  }
  if (ctx.isSpell) {
    const r = actionsOf(ws, clean, st);
    return { abilities: [{ kind: 'spell', text: abilityText, actions: r.actions, span }], issues: r.issues };
  }
  return staticAbility(ws, clean, st, abilityText, span);
}

/** 702.73a: Changeling is a characteristic-defining ability: the object is every creature type. */
function changeling(a: Ability): Ability {
  if (a.kind !== 'keyword' || a.keyword !== 'changeling') return a;
  return {
    kind: 'static',
    text: a.text,
    effects: [{ affected: { kind: 'object', ref: { kind: 'self' } }, parts: [{ layer: '4', kind: 'type', allCreatureTypes: true }] }],
    replacements: [],
    cda: true,
    ...(a.span ? { span: a.span } : {}),
  };
}

function staticAbility(ws: Word[], clean: string, st: ReadState, abilityText: string, span: { start: number; end: number }): CompiledLine {
  const effects: EffectSpec[] = [];
  const replacements: ReplacementSpec[] = [];
  const issues: TextIssue[] = [];
  let understood = false;
  for (const s of sentences(ws)) {
    const c = new Words(s, clean);
    const rep = parseReplacement(c, st);
    if (rep && c.done) {
      replacements.push(...rep);
      understood = true;
      continue;
    }
    c.restore(0);
    // `It's still a land.` keeps the types of the effect before it (205.1b).
    if (c.opt("it's", 'still', 'a', 'land') || c.opt('it', 'is', 'still', 'a', 'land') || c.opt("they're", 'still', 'lands')) {
      const prev = effects[effects.length - 1];
      if (prev && c.done) {
        keepTypes(prev.parts);
        continue;
      }
    }
    c.restore(0);
    const r = parseEffectSentence(c, st);
    if (r && c.done) {
      effects.push({ ...r.effect, span: spanOf(s) });
      understood = true;
      continue;
    }
    if (!c.done && r) c.expect('`and`, a duration, or the end of the sentence');
    issues.push(issueAt(c, s, 'an effect (`… gets +1/+1`, `… has flying`, `… is a …`, `If … would …, … instead`)'));
  }
  if (!understood) return { abilities: [{ kind: 'unknown', text: abilityText, span }], issues };
  const cda = effects.length > 0 && !replacements.length && effects.every(isCda);
  return { abilities: [{ kind: 'static', text: abilityText, effects, replacements, cda, span }], issues };
}

function spanOf(s: Word[]): { start: number; end: number } {
  return { start: s[0]!.start, end: s[s.length - 1]!.end };
}

function keepTypes(parts: Part[]): void {
  for (const p of parts) {
    if (p.kind === 'type' && p.setTypes) {
      p.addTypes = [...(p.addTypes ?? []), ...p.setTypes];
      delete p.setTypes;
    }
  }
}

/**
 * 604.3: a characteristic-defining ability defines the object's own colors,
 * subtypes, power or toughness, unconditionally, and does nothing else.
 */
function isCda(e: EffectSpec): boolean {
  if (e.condition) return false;
  if (e.affected.kind !== 'object' || e.affected.ref.kind !== 'self') return false;
  return e.parts.every(
    (p) =>
      (p.kind === 'pt' && p.layer === '7a') ||
      (p.kind === 'color' && !!p.set && !p.add) ||
      (p.kind === 'type' && !p.setTypes && !p.addTypes && !p.setLandType && (p.allCreatureTypes || !!p.addSubtypes)),
  );
}

/** Sentences of a spell or ability effect → actions. */
function actionsOf(ws: Word[], clean: string, st: ReadState): { actions: Action[]; issues: TextIssue[] } {
  const actions: Action[] = [];
  const issues: TextIssue[] = [];
  for (const s of sentences(ws)) {
    const c = new Words(s, clean);
    // `It's still a land.` keeps the types of the effect before it (205.1b).
    if ((c.opt("it's", 'still', 'a', 'land') || c.opt('it', 'is', 'still', 'a', 'land') || c.opt("they're", 'still', 'lands')) && c.done) {
      const prev = [...actions].reverse().find((a) => a.kind === 'create-effect');
      if (prev && prev.kind === 'create-effect') {
        keepTypes(prev.effect.parts);
        continue;
      }
    }
    c.restore(0);
    const r = parseActions(c, st);
    if (r && c.done) {
      // 614.15: `… instead` in a spell's own text replaces its own event.
      actions.push(...r);
      continue;
    }
    issues.push(issueAt(c, s, 'an effect'));
  }
  return { actions, issues };
}

// Quoted abilities granted by effects are read with the same rules.
quoted.compile = (text: string, st: ReadState): Ability => {
  const r = compileLine(text, { ...st.ctx, isSpell: false });
  return r.abilities[0] ?? { kind: 'unknown', text };
};

