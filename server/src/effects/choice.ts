// Choices and conditions inside actions (608.2c, 608.2d): `you may …` with
// `If you do, …` / `If you don't, …`, `… unless PLAYER pays …`, `if you
// control …, …` / `Otherwise, …` checked as the action resolves, payments
// (`pay {2}`, `pay 2 life`), and delayed triggered abilities created by an
// effect (603.7: `At the beginning of the next end step, sacrifice it`).
// Every yes/no choice is answered with `choosing yes` / `choosing no`
// (engine/choice-actions.ts); without an answer both outcomes are explored.

import type { Action, Condition, PlayerRef } from './ir';
import { entryCondition } from './replacement-enters';
import { parseCondition } from './conditions';
import { parseCount } from './count';
import { parseAdditionalCost } from './restrictions';
import { parsePlayer, parseSubject, type ReadState } from './selector';
import { Words } from './words';

/** Reads the clauses of a sentence up to its end (actions.ts passes parseActionClauses). */
export type ClauseReader = (c: Words, st: ReadState, stopAtInstead: boolean) => Action[] | undefined;

/** The children of an action that hold more actions (for walks over everything a text does). */
export function childActions(a: Action): Action[] {
  switch (a.kind) {
    case 'optional':
      return [...a.actions, ...(a.ifDone ?? []), ...(a.ifNot ?? [])];
    case 'if':
      return [...a.actions, ...(a.otherwise ?? [])];
    case 'delayed':
    case 'repeat':
      return a.actions;
    case 'modal':
      return a.modes.flatMap((m) => m.actions);
    default:
      return [];
  }
}

/** Every action, nested ones included, depth first. */
export function allActions(actions: readonly Action[]): Action[] {
  return actions.flatMap((a) => [a, ...allActions(childActions(a))]);
}

// ---------------------------------------------------------------------------
// Payments

/**
 * A cost paid inside an effect: `{2}{U}`, `{X}`, `2 life`, `{1} and 2 life`.
 * Paying life is losing life (119.4); mana is not modelled, so a mana payment
 * is recorded and changes nothing.
 */
export function parsePayment(c: Words, st: ReadState, who: PlayerRef): Action[] | undefined {
  const at = c.save();
  const out: Action[] = [];
  for (;;) {
    const start = c.save();
    const m = c.peek();
    if (m && m.kind === 'mana') {
      c.next();
      out.push({ kind: 'pay', cost: m.raw, span: c.span(start, c.i) });
    } else if (m && (m.kind === 'number' || m.w === 'x') && c.is(m.w, 'life')) {
      c.next();
      c.next();
      const amount = m.w === 'x' ? ({ kind: 'x' } as const) : ({ kind: 'const', value: Number(m.w) } as const);
      out.push({ kind: 'lose-life', player: who, amount, span: c.span(start, c.i) });
    } else break;
    if (!c.opt('and')) break;
  }
  if (!out.length) {
    c.restore(at);
    c.expect('a cost to pay (`{2}`, `2 life`)');
    return undefined;
  }
  // `pays {X}, where X is its mana value`: X of a mana payment changes nothing the scenario tracks, but it is read.
  const where = c.save();
  if (c.opt(',', 'where', 'x', 'is') && !parseCount(c, st)) c.restore(where);
  return out;
}

// ---------------------------------------------------------------------------
// Clauses that begin with a choice or a condition

/**
 * `you may ACTIONS`, `you may have X do …`, `you may pay COST`,
 * `unless PLAYER pays COST, ACTIONS`, `if COND, ACTIONS` (not `if … would`:
 * that is a replacement effect). The choice covers the rest of the sentence.
 */
export function parseChoiceClause(c: Words, st: ReadState, clauses: ClauseReader): Action[] | undefined {
  const bound = { targets: st.targets, targetPlayers: st.targetPlayers, last: st.last, lastPlayer: st.lastPlayer };
  const r = choiceClause(c, st, clauses);
  // A failed reading leaves no trace: not a `target player` it counted.
  if (!r) Object.assign(st, bound);
  return r;
}

function choiceClause(c: Words, st: ReadState, clauses: ClauseReader): Action[] | undefined {
  const cost = parseAdditionalCost(c, st);
  if (cost) return cost;
  const at = c.save();
  const span = () => c.span(at, c.i);
  // `you may …`, `target opponent may …`
  const who = c.is('you', 'may') ? (c.next(), { kind: 'you' as const }) : singlePlayerMay(c, st);
  if (who && c.opt('may')) {
    const q = c.save();
    // `you may have ~ deal 3 damage to any target`: `have` only introduces the subject (the choice is still yours).
    c.opt('have');
    const pay = c.opt('pay') ? parsePayment(c, st, who) : undefined;
    const body = pay && (c.done || c.is('instead')) ? pay : (c.restore(q), c.opt('have'), clauses(c, st, false));
    if (!body) return back(c, at);
    return [{ kind: 'optional', who, question: c.slice(q, c.i), actions: body, span: span() }];
  }
  c.restore(at);
  // `Unless you pay {B}{B}{B}, tap ~ and sacrifice a land.`
  if (c.opt('unless')) {
    const payer = parsePlayer(c, st);
    const q = c.save();
    if (!payer || !c.eat('pay|pays')) return back(c, at);
    const pay = parsePayment(c, st, payer);
    if (!pay) return back(c, at);
    const question = `pay ${c.slice(q + 1, c.i)}`;
    if (!c.eat(',')) return back(c, at);
    const body = clauses(c, st, false);
    if (!body) return back(c, at);
    return [{ kind: 'optional', who: payer, question, actions: pay, ifNot: body, unless: true, span: span() }];
  }
  // `If you control ten or more Snakes, create …` (an intervening `if` of a trigger reads the same, 603.4).
  if (c.is('if') && !c.is('if', 'you', 'do') && !c.is('if', 'you', "don't")) {
    c.next();
    // A condition on the board, or a fact about the past the event answers (`if this spell was kicked`, `if the gift was promised`).
    const cond = entryCondition(c, st, true);
    if (!cond || !c.opt(',')) return back(c, at);
    const body = clauses(c, st, false);
    if (!body) return back(c, at);
    return [{ kind: 'if', condition: cond, actions: body, span: span() }];
  }
  return undefined;
}

/** `target opponent may`, `that player may`: one player's choice (not `each player may`, which is many choices). */
function singlePlayerMay(c: Words, st: ReadState): PlayerRef | undefined {
  const at = c.save();
  const saved = { targetPlayers: st.targetPlayers, lastPlayer: st.lastPlayer };
  const p = parsePlayer(c, st);
  if (p && c.is('may') && p.kind !== 'each-player' && p.kind !== 'opponents') return p;
  Object.assign(st, saved);
  c.restore(at);
  return undefined;
}

function back(c: Words, at: number): undefined {
  c.restore(at);
  return undefined;
}

// ---------------------------------------------------------------------------
// What follows a clause

/**
 * `ACTIONS unless PLAYER pays COST` (the player may pay; if they don't, the
 * actions happen) and `ACTIONS at the beginning of the next end step`
 * (a delayed trigger, 603.7). Called after a clause; returns the wrapped
 * actions, or undefined with the cursor unchanged.
 */
export function parseClauseSuffix(c: Words, st: ReadState, done: Action[], from: number, clauses?: ClauseReader): Action[] | undefined {
  const at = c.save();
  if (c.opt('unless')) {
    const lastPlayer = st.lastPlayer;
    const payer = parsePlayer(c, st);
    const q = c.save();
    const pay = payer && c.eat('pay|pays') ? parsePayment(c, st, payer) : undefined;
    if (payer && pay) return [{ kind: 'optional', who: payer, question: `pay ${c.slice(q + 1, c.i)}`, actions: pay, ifNot: done, unless: true, span: c.span(from, c.i) }];
    // `sacrifice it unless you return an untapped Island you control to its owner's hand`: the player may do it instead.
    if (payer && clauses) {
      c.restore(at + 1);
      const body = clauses(c, st, false);
      if (body && c.done) return [{ kind: 'optional', who: payer, question: c.slice(q, c.i), actions: body, ifNot: done, unless: true, span: c.span(from, c.i) }];
    }
    st.lastPlayer = lastPlayer;
    return back(c, at);
  }
  const when = delayedWhen(c);
  if (when) return [{ kind: 'delayed', when: when.when, trigger: c.slice(at, c.i), actions: done, span: c.span(from, c.i) }];
  // `Then create a Treasure token if you weren't the starting player.`: checked as it resolves (608.2c).
  const cond = trailingIf(c, st);
  if (cond) return [{ kind: 'if', condition: cond, actions: done, span: c.span(from, c.i) }];
  return undefined;
}

/**
 * `… if COND` after an action: a condition on the board (`if it's a
 * creature`), or a fact the scenario does not record (`if {R} was spent to
 * cast ~`, `if you weren't the starting player`), up to the end of the
 * sentence or to an `and` that starts the next amount (`… if {R} was spent to
 * cast ~ and 3 damage to …`). Undefined (cursor unchanged) otherwise.
 */
export function trailingIf(c: Words, st: ReadState): Condition | undefined {
  const at = c.save();
  if (!c.opt('if')) return undefined;
  const bound = { targets: st.targets, targetPlayers: st.targetPlayers, last: st.last, lastPlayer: st.lastPlayer };
  const board = parseCondition(c, st);
  if (board && (c.done || c.is('and', 'x|n') || startsAmountAfterAnd(c))) return board;
  c.restore(at);
  Object.assign(st, bound);
  c.next();
  let end = c.i;
  while (end < c.ws.length && !(c.ws[end]!.w === 'and' && startsAmountAt(c, end + 1))) end++;
  const words = new Words(c.ws.slice(c.i, end), c.text);
  const past = entryCondition(words, st);
  if (!past || !words.done) return back(c, at);
  c.i = end;
  return past;
}

/** `and 3 damage`, `and X life`: an amount after `and` (the next part of the same verb). */
function startsAmountAfterAnd(c: Words): boolean {
  return c.is('and') && startsAmountAt(c, c.i + 1);
}

function startsAmountAt(c: Words, k: number): boolean {
  const x = c.ws[k];
  const y = c.ws[k + 1];
  return !!x && !!y && (x.kind === 'number' || x.w === 'x') && (y.w === 'damage' || y.w === 'life');
}

// ---------------------------------------------------------------------------
// Delayed triggered abilities (603.7)

type When = Extract<Action, { kind: 'delayed' }>['when'];

/** `at the beginning of the next end step`, `at the beginning of your next upkeep`, `at end of combat`. */
function delayedWhen(c: Words): { when: When } | undefined {
  const at = c.save();
  if (c.opt('at', 'end', 'of', 'combat')) return { when: 'end-of-combat' };
  if (!c.opt('at', 'the', 'beginning', 'of')) return undefined;
  const yours = c.opt('your');
  if (!yours) c.opt('the');
  if (c.opt('next', 'end', 'step')) return { when: yours ? 'your-next-end-step' : 'next-end-step' };
  if (c.opt('next', 'upkeep')) return { when: yours ? 'your-next-upkeep' : 'next-upkeep' };
  c.restore(at);
  return undefined;
}

/** `At the beginning of the next end step, sacrifice it.` as a sentence of an effect. */
export function parseDelayedSentence(c: Words, st: ReadState, clauses: ClauseReader): Action[] | undefined {
  const at = c.save();
  // 603.7c: `When that creature dies this turn, …`, `When it dies this turn, …`: about the object named before.
  if (c.opt('when')) {
    const what = parseSubject(c, st);
    if (what && what.kind === 'object' && c.opt('dies', 'this', 'turn', ',')) {
      const trigger = c.slice(at, c.i - 1);
      const body = clauses(c, st, false);
      if (body) return [{ kind: 'delayed', when: 'dies-this-turn', trigger, actions: body, object: what.ref, span: c.span(at, c.i) }];
    }
    return back(c, at);
  }
  const when = delayedWhen(c);
  if (!when) return undefined;
  const trigger = c.slice(at, c.i);
  if (!c.eat(',')) return back(c, at);
  const body = clauses(c, st, false);
  if (!body) return back(c, at);
  return [{ kind: 'delayed', when: when.when, trigger, actions: body, span: c.span(at, c.i) }];
}

// ---------------------------------------------------------------------------
// Sentences that continue the sentence before

/**
 * `If you do, …`, `When you do, …` (603.12, a reflexive trigger that resolves
 * at once here), `If you don't, …`, `Otherwise, …`: they hang on the choice or
 * condition of the previous sentence. True when the sentence was read and
 * attached to `prev` (the last action of the ability so far).
 */
export function linkSentence(actions: readonly Action[], c: Words, st: ReadState, clauses: ClauseReader): boolean {
  const at = c.save();
  const prev = actions[actions.length - 1];
  let branch: 'done' | 'not' | 'otherwise' | undefined;
  let contest = false;
  if (c.oneOf(['if', 'you', 'do', ','], ['when', 'you', 'do', ','])) branch = 'done';
  else if (c.oneOf(['if', 'you', "don't", ','], ['if', 'you', 'do', 'not', ','])) branch = 'not';
  else if (c.opt('otherwise', ',')) branch = 'otherwise';
  // After a clash or a coin flip (not-simulated.ts): `If you win, …`, `If you win the flip, …`, `If you lose the flip, …`.
  else if (c.oneOf(['if', 'you', 'win', ','], ['if', 'you', 'win', 'the', 'flip', ','], ['if', 'you', 'win', 'the', 'clash', ','])) (branch = 'done'), (contest = true);
  else if (c.oneOf(['if', 'you', 'lose', ','], ['if', 'you', 'lose', 'the', 'flip', ','], ['if', 'you', "don't", 'win', ','])) (branch = 'not'), (contest = true);
  if (!branch) return false;
  const target = contest ? lastContest(actions) : branch === 'otherwise' ? lastIf(prev) : lastOptional(prev);
  if (!target) {
    c.restore(at);
    c.expect(branch === 'otherwise' ? 'an `If …, …` sentence before `Otherwise`' : 'a `you may …` sentence before it (the choice it depends on)');
    return false;
  }
  const body = clauses(c, st, false);
  if (!body) return !!back(c, at);
  if (target.kind === 'if') target.otherwise = [...(target.otherwise ?? []), ...body];
  else if (branch === 'done') target.ifDone = [...(target.ifDone ?? []), ...body];
  else target.ifNot = [...(target.ifNot ?? []), ...body];
  if (target.span) target.span = { start: target.span.start, end: c.span(at, c.i).end };
  return true;
}

/** The `you may …` the sentence before ends with (also inside an `If …, you may …`). */
function lastOptional(a: Action | undefined): Extract<Action, { kind: 'optional' }> | undefined {
  if (a?.kind === 'optional' && !a.unless) return a;
  if (a?.kind === 'if') return lastOptional(a.actions[a.actions.length - 1]);
  return undefined;
}

function lastIf(a: Action | undefined): Extract<Action, { kind: 'if' }> | undefined {
  return a?.kind === 'if' ? a : undefined;
}

/** The last clash or coin flip of the ability so far (`Clash with an opponent, then return …. If you win, …`). */
function lastContest(actions: readonly Action[]): Extract<Action, { kind: 'optional' }> | undefined {
  for (let k = actions.length - 1; k >= 0; k--) {
    const a = actions[k]!;
    if (a.kind === 'optional' && a.question.startsWith('win the ')) return a;
  }
  return undefined;
}

// ---------------------------------------------------------------------------
// `If …, … instead.` after a sentence (608.2c, 614.15: the spell's own text)

/**
 * `If the gift was promised, seek two nonland cards instead.`, `If you cast
 * this spell during your main phase, ~ deals 3 damage to each creature and each
 * player instead.`, `Adamant — If …, instead return those cards to your hand`:
 * when the condition holds, these actions happen in place of the sentence
 * before. Returns the condition and the actions, or undefined (cursor unchanged).
 */
export function parseInsteadSentence(c: Words, st: ReadState, clauses: ClauseReader): { condition: Condition; actions: Action[] } | undefined {
  const at = c.save();
  if (!c.ws.some((w) => w.w === 'instead') || !c.opt('if')) return undefined;
  const bound = { targets: st.targets, targetPlayers: st.targetPlayers, last: st.last, lastPlayer: st.lastPlayer };
  const condition = entryCondition(c, st, true);
  if (!condition || !c.opt(',')) {
    Object.assign(st, bound);
    return back(c, at);
  }
  const lead = c.opt('instead');
  const actions = clauses(c, st, !lead);
  if (!actions || !(lead ? c.done : c.opt('instead') && c.done)) {
    Object.assign(st, bound);
    return back(c, at);
  }
  return { condition, actions };
}
