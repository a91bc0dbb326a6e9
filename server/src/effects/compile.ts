// Oracle text → typed abilities and actions (spec sections 3 and 5).
//
// Design: words.ts splits the text into words (offsets kept, reminder text
// blanked); each reader below is a small recursive-descent function over that
// word cursor, which backtracks freely and remembers the furthest word where
// something expected was missing. So any text gives abilities and issues,
// never an exception: text that is not understood is kept as an `unknown`
// ability with a warning on the exact words where reading stopped, saying
// what was expected there and after what.
//
//   line      := reminder-only | ability-word — line | keyword-list
//              | COST : actions | (When|Whenever|At) trigger , actions
//              | spell sentences (instants, sorceries) | static sentences
//   static    := replacement (replacement.ts) | continuous effect (continuous.ts)
//   actions   := clause (and|then|,) clause … (actions.ts)

import type { Ability, Action, ActivationRestriction, CompileContext, CompiledLine, EffectSpec, Part, ReplacementSpec, TextIssue } from './ir';
import { notSimulatedIssue } from './ir';
import { modifiesEarlierText, parseActionClauses, parseActions } from './actions';
import { allActions, linkSentence, parseDelayedSentence, parseInsteadSentence } from './choice';
import { parseModal } from './modes';
import { parseActivationRestrictions } from './restrictions';
import { parseNotSimulatedSentence } from './not-simulated';
import { parseEffectSentence, quoted } from './continuous';
import { describePart as describe } from './describe';
import { parseKeywordLine, startsKeyword } from './keywords';
import { parseReplacement, parseReplacementLine } from './replacement';
import { chapterLine, chapterTrigger } from './saga';
import { parseSelector, type ReadState } from './selector';
import { blankReminders, words, Words, type Word } from './words';
import { append } from '../util/arrays';

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

/** The last few words before `to` (from `from`), for `after …` in messages. */
function context(c: Words, from: number, to: number): string {
  const a = Math.max(from, to - 6);
  if (to <= a) return '';
  const text = c.slice(a, to).replace(/\s+/g, ' ');
  return `${a > from ? '…' : ''}${text}`;
}

/** A warning on the words from the furthest failure to the end of the sentence. */
function issueAt(c: Words, sentence: Word[], fallback: string): TextIssue {
  // Nothing noted at all: reading stopped at the first word.
  const at = c.furthest < 0 ? c.ws[0] : c.furthest < c.ws.length ? c.ws[c.furthest]! : undefined;
  const last = sentence[sentence.length - 1]!;
  const start = at ? at.start : c.furthest >= c.ws.length ? last.end : sentence[0]!.start;
  // At the very end (something was missing) the warning marks the last word.
  const end = at ? last.end : last.end;
  const found = at ? `\`${c.text.slice(at.start, at.end)}\`` : 'the end of the sentence';
  const expected = c.expected || fallback;
  const after = c.furthest > 0 ? context(c, c.furthestAnchor, Math.min(c.furthest, c.ws.length)) : '';
  const range = start < end ? { start, end } : { start: last.start, end: last.end };
  return { ...range, severity: 'warning', message: `not understood: expected ${expected}${after ? ` after \`${after}\`` : ''}; found ${found}` };
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

const internal = (text: string, e: unknown): TextIssue => ({ start: 0, end: text.length, severity: 'warning', message: `not understood (internal error: ${(e as Error)?.message ?? String(e)})` });

/** One `text` line of a card → its abilities (none for reminder-only text) and issues. */
export function compileAbilityText(text: string, ctx: CompileContext): CompiledLine {
  return total(
    () => compileLine(String(text ?? ''), ctx),
    (e) => ({ abilities: [{ kind: 'unknown', text: String(text ?? '') }], issues: [internal(String(text ?? ''), e)] }),
  );
}

/** The effect of a `resolve "…"` event or of spell text → actions and issues. */
export function compileEffectText(text: string, ctx: CompileContext): { actions: Action[]; issues: TextIssue[] } {
  return total(
    () => {
      const clean = blankReminders(String(text ?? ''));
      return actionsOf(words(clean), clean, newState(ctx));
    },
    (e) => ({ actions: [], issues: [internal(String(text ?? ''), e)] }),
  );
}

/**
 * 207.2c: an ability word (`Metalcraft`, `Spell mastery`) before a dash has
 * no rules meaning. A keyword before a dash is not one: `Cumulative upkeep—Pay 1 life`.
 */
function dropAbilityWord(ws: Word[]): Word[] {
  const dash = ws.findIndex((w) => w.w === '—' || w.w === '–');
  if (dash <= 0 || dash > 4 || !/^[A-Z]/.test(ws[0]!.raw)) return ws;
  // `Choose one —` introduces modes (700.2), not an ability word.
  if (ws[0]!.w === 'choose') return ws;
  if (!ws.slice(0, dash).every((w) => w.kind === 'word')) return ws;
  const head = new Words(ws, '');
  if (startsKeyword(head)) return ws;
  return ws.slice(dash + 1);
}

function compileLine(text: string, ctx: CompileContext): CompiledLine {
  const clean = blankReminders(text);
  let ws = words(clean);
  if (!ws.length) return { abilities: [], issues: [] };
  // 714.2: a Saga's chapter ability (`I — …`, `II, III — …`) is a triggered ability.
  const chapter = chapterLine(ws);
  if (chapter && chapter.body.length) {
    const st = newState(ctx);
    const span = { start: ws[0]!.start, end: ws[ws.length - 1]!.end };
    const r = actionsOf(chapter.body, clean, st);
    return { abilities: [{ kind: 'triggered', text: text.slice(span.start, span.end).trim(), trigger: chapterTrigger(chapter.chapters), actions: r.actions, span }], issues: r.issues };
  }
  ws = dropAbilityWord(ws);
  if (!ws.length) return { abilities: [], issues: [] };
  const st = newState(ctx);
  const span = { start: ws[0]!.start, end: ws[ws.length - 1]!.end };
  const abilityText = text.slice(span.start, span.end).trim();
  // A keyword list: `Flying, haste`.
  const kc = new Words(ws, clean);
  const kws = parseKeywordLine(kc, st);
  if (kws) return { abilities: kws.map(changeling), issues: [] };
  // Activated: `COST: EFFECT`.
  const colon = ws.findIndex((w) => w.kind === 'punct' && w.w === ':');
  if (colon > 0 && !TRIGGER_WORDS.has(ws[0]!.w)) {
    const cost = clean.slice(ws[0]!.start, ws[colon - 1]!.end);
    // 602.5b: `Activate only as a sorcery.` sentences restrict the ability; the rest is what it does.
    const { body, restrictions } = takeRestrictions(ws.slice(colon + 1), clean, st);
    const r = actionsOf(body, clean, st);
    // 605.1a: an activated ability that adds mana (and has no target) is a mana ability.
    const mana = r.actions.length > 0 && r.actions.every((a) => a.kind === 'add-mana');
    if (!body.length) r.issues.push({ start: ws[colon]!.start, end: ws[colon]!.end, severity: 'warning', message: 'not understood: expected the effect after the cost and `:`' });
    return { abilities: [{ kind: 'activated', text: abilityText, cost, actions: r.actions, mana, ...(restrictions.length ? { restrictions } : {}), span }], issues: r.issues };
  }
  // Triggered: kept, not fired by itself; its effect is read for `resolve … from`.
  if (TRIGGER_WORDS.has(ws[0]!.w)) {
    const comma = triggerComma(ws, ctx.cardName);
    const trigger = comma > 0 ? clean.slice(ws[0]!.start, ws[comma - 1]!.end) : abilityText;
    // `that player` in the effect is the trigger's player: an opponent when the trigger is about one.
    st.eventPlayer = ws.slice(0, Math.max(0, comma)).some((w) => /^opponent/.test(w.w)) ? 'opponents' : 'any';
    // 603.2h-like limits on the trigger itself (`This ability triggers only once each turn.`) belong to its condition.
    const { body, limits } = triggerLimits(comma > 0 ? ws.slice(comma + 1) : [], clean);
    const r = comma > 0 ? actionsOf(body, clean, st) : { actions: [], issues: [] };
    // What a trigger does is only read when it is resolved; say so quietly.
    const issues = r.issues.map((i) => (i.code === 'not-simulated' ? i : { ...i, severity: 'information' as const, message: `${i.message} (this triggered ability is kept, but its effect will not be applied)` }));
    return { abilities: [{ kind: 'triggered', text: abilityText, trigger: limits.length ? `${trigger} (${limits.join(' ')})` : trigger, actions: r.actions, span }], issues };
  }
  if (ctx.isSpell) {
    const r = actionsOf(ws, clean, st);
    return { abilities: [{ kind: 'spell', text: abilityText, actions: r.actions, span }], issues: r.issues };
  }
  const r = staticAbility(ws, clean, st, abilityText, span);
  // A line that starts like a keyword and fails as a sentence too: the keyword reading says more.
  if (r.abilities[0]?.kind === 'unknown' && startsKeyword(kc) && kc.furthest > 0) {
    return { abilities: r.abilities, issues: [issueAt(kc, ws, 'a keyword')] };
  }
  return r;
}

/** The comma that ends a trigger condition; a comma inside the card's own name (`Whenever Finneas, Ace Archer attacks, …`) does not. */
function triggerComma(ws: Word[], cardName: string): number {
  const name = cardName.toLowerCase().replace(/,/g, ' ,').split(/\s+/).filter(Boolean);
  for (let i = 0; i < ws.length; i++) {
    if (name.length > 1 && name.every((n, k) => ws[i + k]?.w === n || (k === name.length - 1 && ws[i + k]?.w === `${n}'s`))) {
      i += name.length - 1;
      continue;
    }
    if (ws[i]!.kind === 'punct' && ws[i]!.w === ',' && !listComma(ws, i)) return i;
  }
  return -1;
}

/**
 * A comma inside the trigger condition, not the one that ends it: a list of
 * numbers (`with power 4, 5, or 6`) or of events (`Whenever another creature
 * dies, or a creature card is put into a graveyard …, Syr Konrad deals …`).
 */
function listComma(ws: Word[], i: number): boolean {
  const next = ws[i + 1];
  if (next?.w === 'or') return true;
  // `Whenever another Frog, Rabbit, Raccoon, or Squirrel you control enters`
  if (next && /^[A-Z]/.test(next.raw) && /^[A-Z]/.test(ws[i - 1]?.raw ?? '') && [',', 'or', 'and'].includes(ws[i + 2]?.w ?? '')) return true;
  return ws[i - 1]?.kind === 'number' && next?.kind === 'number';
}

/**
 * Keywords that are characteristic-defining abilities (604.3) become static
 * CDAs, which layers.ts applies first in their layer and in every zone:
 * 702.73a Changeling (every creature type, layer 4), 702.114a Devoid (colorless, layer 5).
 */
function changeling(a: Ability): Ability {
  if (a.kind !== 'keyword' || (a.keyword !== 'changeling' && a.keyword !== 'devoid')) return a;
  const part: Part = a.keyword === 'changeling' ? { layer: '4', kind: 'type', allCreatureTypes: true } : { layer: '5', kind: 'color', set: [] };
  return {
    kind: 'static',
    text: a.text,
    effects: [{ affected: { kind: 'object', ref: { kind: 'self' } }, parts: [part] }],
    replacements: [],
    cda: true,
    ...(a.span ? { span: a.span } : {}),
  };
}

/** `It's still a land.` / `They're still lands.` (205.1b) */
function eatStillLand(c: Words): boolean {
  return c.oneOf(["it's", 'still', 'a', 'land'], ['it', 'is', 'still', 'a', 'land'], ["they're", 'still', 'lands'], ['they', 'are', 'still', 'lands']) && c.done;
}

function staticAbility(ws: Word[], clean: string, st: ReadState, abilityText: string, span: { start: number; end: number }): CompiledLine {
  const effects: EffectSpec[] = [];
  const replacements: ReplacementSpec[] = [];
  const issues: TextIssue[] = [];
  // One replacement written in several sentences (`As ~ enters, you may pay 2 life. If you don't, ~ enters tapped.`).
  const line = parseReplacementLine(new Words(ws, clean), st);
  if (line) return { abilities: [{ kind: 'static', text: abilityText, effects: line.effects, replacements: line.replacements, cda: false, span }], issues };
  let understood = false;
  for (const s of sentences(ws)) {
    const c = new Words(s, clean);
    const rep = parseReplacement(c, st);
    if (rep && c.done) {
      append(replacements, rep);
      understood = true;
      continue;
    }
    if (rep) c.expect('the end of the sentence');
    c.restore(0);
    // `It's still a land.` keeps the types of the effect before it (205.1b).
    const prev = effects[effects.length - 1];
    if (prev && eatStillLand(c)) {
      keepTypes(prev.parts);
      continue;
    }
    c.restore(0);
    // `The same is true for creature spells you control and creature cards you own that aren't on the battlefield.`
    if (prev && c.opt('the', 'same', 'is', 'true', 'for')) {
      const f = parseSelector(c, st);
      if (f && c.done) {
        effects.push({ ...prev, affected: { kind: 'filter', filter: f }, span: spanOf(s) });
        continue;
      }
      if (!f) c.expect('what else the effect applies to (`creature spells you control`, …)');
    }
    c.restore(0);
    const note = parseNotSimulatedSentence(c, st);
    if (note) {
      issues.push(notSimulatedIssue(note, spanOf(s)));
      understood = true;
      continue;
    }
    c.restore(0);
    const r = parseEffectSentence(c, st);
    if (r && c.done) {
      // `It gets -6/-0 instead as long as …`: the effect before applies only while the condition does not hold.
      if (r.instead && prev && r.effect.condition) prev.condition = prev.condition ? { kind: 'all', conditions: [prev.condition, { kind: 'not', condition: r.effect.condition }] } : { kind: 'not', condition: r.effect.condition };
      // A static ability has no duration of its own: it applies while its source does (611.3).
      effects.push({ ...r.effect, span: spanOf(s) });
      understood = true;
      continue;
    }
    if (r && !c.done) c.expect('a duration, `as long as …`, `and` or the end of the sentence');
    issues.push(issueAt(c, s, 'an effect (`… gets +1/+1`, `… has flying`, `… is a …`, `If … would …, … instead`)'));
  }
  drainQuoted(st, issues);
  if (!understood) return { abilities: [{ kind: 'unknown', text: abilityText, span }], issues };
  const cda = effects.length > 0 && !replacements.length && effects.every(isCda);
  return { abilities: [{ kind: 'static', text: abilityText, effects, replacements, cda, span }], issues };
}

function spanOf(s: Word[]): { start: number; end: number } {
  return { start: s[0]!.start, end: s[s.length - 1]!.end };
}

/** 205.1b: `It's still a land` turns the effect's new card types into added ones. */
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
 * (604.3a: one granted by another object never is; the engine checks that.)
 */
function isCda(e: EffectSpec): boolean {
  if (e.condition) return false;
  if (e.affected.kind !== 'object' || e.affected.ref.kind !== 'self') return false;
  return e.parts.every(
    (p) =>
      (p.kind === 'pt' && p.layer === '7a') ||
      (p.kind === 'color' && !!p.set && !p.add) ||
      (p.kind === 'type' && !p.setTypes && !p.addTypes && !p.setLandType && !p.loseAllCreatureTypes && !p.addSupertypes && !p.removeTypes && (p.allCreatureTypes || !!p.addSubtypes)),
  );
}

/**
 * `This ability triggers only once each turn.`, `Do this only once each
 * turn.`: limits on how often the ability triggers, part of its trigger
 * condition (triggers are not fired by the scenario model; the limit is shown
 * with the condition). The other sentences are the effect.
 */
function triggerLimits(body: Word[], clean: string): { body: Word[]; limits: string[] } {
  const limits: string[] = [];
  const drop = new Set<Word>();
  for (const s of sentences(body)) {
    const c = new Words(s, clean);
    const ok = c.oneOf(['this', 'ability', 'triggers', 'only', 'once', 'each', 'turn'], ['do', 'this', 'only', 'once', 'each', 'turn'], ['this', 'ability', 'triggers', 'only', 'twice', 'each', 'turn'], ['this', 'ability', 'triggers', 'only', 'once']) && c.done;
    if (!ok) continue;
    limits.push(`${c.slice(0, c.ws.length)}.`);
    s.forEach((w) => drop.add(w));
  }
  return { body: drop.size ? body.filter((w) => !drop.has(w)) : body, limits };
}

/** The `Activate only …` sentences of an activated ability's effect, and the words left. */
function takeRestrictions(body: Word[], clean: string, st: ReadState): { body: Word[]; restrictions: ActivationRestriction[] } {
  const restrictions: ActivationRestriction[] = [];
  const drop = new Set<Word>();
  for (const s of sentences(body)) {
    const r = parseActivationRestrictions(new Words(s, clean), st);
    if (!r) continue;
    restrictions.push(...r);
    s.forEach((w) => drop.add(w));
  }
  return { body: drop.size ? body.filter((w) => !drop.has(w)) : body, restrictions };
}

/** Sentences of a spell or ability effect → actions. */
function actionsOf(ws: Word[], clean: string, st: ReadState): { actions: Action[]; issues: TextIssue[] } {
  // 700.2: `Choose one — • … • …` (modes.ts reads each mode with this function).
  const modal = parseModal(ws, clean, st, actionsOf);
  if (modal) return modal;
  const actions: Action[] = [];
  const issues: TextIssue[] = [];
  let sentenceStart = 0;
  for (const s of sentences(ws)) {
    const c = new Words(s, clean);
    // `If you do, …`, `If you don't, …`, `Otherwise, …` hang on the sentence before; a delayed trigger is a sentence of its own (choice.ts).
    if (linkSentence(actions, c, st, parseActionClauses)) continue;
    // 608.2c: `If the gift was promised, … instead.`: in place of the sentence before, when the condition holds.
    const instead = sentenceStart < actions.length ? parseInsteadSentence(c, st, parseActionClauses) : undefined;
    if (instead) {
      const before = actions.splice(sentenceStart);
      actions.push({ kind: 'if', condition: instead.condition, actions: instead.actions, otherwise: before, span: { start: s[0]!.start, end: s[s.length - 1]!.end } });
      continue;
    }
    sentenceStart = actions.length;
    const later = parseDelayedSentence(c, st, parseActionClauses);
    if (later && c.done) {
      actions.push(...later);
      continue;
    }
    c.restore(0);
    // `It's still a land.` keeps the types of the effect before it (205.1b).
    const prev = [...actions].reverse().find((a) => a.kind === 'create-effect');
    if (prev && prev.kind === 'create-effect' && eatStillLand(c)) {
      keepTypes(prev.effect.parts);
      continue;
    }
    c.restore(0);
    // `Then shuffle your library.`: a sentence may open with `then` (608.2c: in order, as written).
    if (c.is('then') && c.ws.length > 1) c.next();
    const r = parseActions(c, st);
    if (r) {
      append(actions, r);
      continue;
    }
    issues.push(issueAt(c, s, 'an effect'));
  }
  drainQuoted(st, issues);
  // Nested ones too (`you may search …`); a modal's modes were read, and reported, by their own actionsOf.
  for (const a of allActions(actions.filter((x) => x.kind !== 'modal'))) if (a.kind === 'not-simulated' && a.span) issues.push(notSimulatedIssue(a.note, a.span));
  // 608.2c: replacement effects written after the actions they modify are created first.
  const early = actions.filter((a) => modifiesEarlierText.has(a));
  return { actions: [...early, ...actions.filter((a) => !modifiesEarlierText.has(a))], issues };
}

// Quoted abilities granted by effects are read with the same rules (and the same context: other names stay named).
quoted.compile = (text: string, st: ReadState) => {
  const r = compileLine(text, { ...st.ctx, isSpell: false });
  return { ability: r.abilities[0] ?? { kind: 'unknown', text }, issues: r.issues };
};

/** Move the issues found inside quoted abilities while reading into `issues` (once each). */
function drainQuoted(st: ReadState, issues: TextIssue[]): void {
  for (const i of st.issues ?? []) if (!issues.some((x) => x.start === i.start && x.end === i.end && x.message === i.message)) issues.push(i);
  st.issues = [];
}
