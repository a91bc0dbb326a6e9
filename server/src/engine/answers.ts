// Answers an event gives with `choosing` to what the scenario does not
// record: a yes/no fact about the past (`if you cast it from your hand`), an
// optional act as a permanent enters (`you may pay 2 life`), or a number
// (`for each time it was kicked`, a die roll). A yes/no question with no
// answer is explored both ways, as each outcome of its own (like 616.1).

import type { Action, Condition, Expr, PlayerRef } from '../effects/ir';
import type { ChoicePool } from './choices';
import type { Bindings } from './state';
import type { Game } from './game';

/** The yes/no answers to explore: the one given with `choosing yes|no`, or both. */
export function yesNo(pool: ChoicePool): boolean[] {
  const v = pool.takeYesNo();
  return v === undefined ? [true, false] : [v];
}

/** `choosing 3` or `choosing X=3` for a number the scenario does not record. */
export function numberAnswer(pool: ChoicePool): number | undefined {
  const v = pool.take((s) => /^-?\d+$/.test(s.trim()) || /^x\s*=\s*-?\d+$/i.test(s.trim()));
  if (v === undefined) return undefined;
  return Number(v.includes('=') ? v.split('=')[1] : v);
}

/** Every `answer` inside a condition. */
export function questions(c: Condition | undefined): string[] {
  if (!c) return [];
  if (c.kind === 'answer') return [c.question];
  if (c.kind === 'not') return questions(c.condition);
  if (c.kind === 'all') return c.conditions.flatMap(questions);
  return [];
}

/** The condition with each question replaced by its answer (in order). */
export function answerCondition(c: Condition, answers: boolean[]): Condition {
  let i = 0;
  const walk = (x: Condition): Condition => {
    if (x.kind === 'answer') return answers[i++] ? { kind: 'all', conditions: [] } : { kind: 'not', condition: { kind: 'all', conditions: [] } };
    if (x.kind === 'not') return { kind: 'not', condition: walk(x.condition) };
    if (x.kind === 'all') return { kind: 'all', conditions: x.conditions.map(walk) };
    return x;
  };
  return walk(c);
}

/** The expression with `X` and each `answer` replaced by the event's answers; `missing` lists what had none. */
export function answerExpr(e: Expr, pool: ChoicePool, x: number | undefined, missing: string[]): Expr {
  switch (e.kind) {
    case 'x': {
      const v = pool.takeX() ?? x;
      if (v === undefined) missing.push('X');
      return { kind: 'const', value: v ?? 0 };
    }
    case 'answer': {
      const v = numberAnswer(pool);
      if (v === undefined) missing.push(e.what);
      return { kind: 'const', value: v ?? 0 };
    }
    case 'times':
      return { ...e, expr: answerExpr(e.expr, pool, x, missing) };
    case 'neg':
      return { ...e, expr: answerExpr(e.expr, pool, x, missing) };
    case 'sum':
      return { ...e, terms: e.terms.map((t) => answerExpr(t, pool, x, missing)) };
    default:
      return e;
  }
}

/** Every yes/no combination for `n` questions, narrowed by the answers given. */
export function answerSets(n: number, pool: ChoicePool): boolean[][] {
  let sets: boolean[][] = [[]];
  for (let i = 0; i < n; i++) {
    const opts = yesNo(pool);
    sets = sets.flatMap((s) => opts.map((b) => [...s, b]));
  }
  return sets;
}

/** The numbers an event's pool already answered, by expression. */
const answeredBy = new WeakMap<ChoicePool, Map<object, number>>();

/**
 * A one-shot action with each number the scenario does not record (`where X
 * is the number of colors of mana spent to cast this spell`) replaced by the
 * event's `choosing N`, in the order the text asks; `missing` lists those
 * with no answer (read as 0).
 */
export function answerNumbers<T extends object>(a: T, pool: ChoicePool, missing: string[]): T {
  // Nearly every action asks for none: no copy of it is made.
  if (!asksNumbers(a)) return a;
  let found = false;
  const seen = answeredBy.get(pool) ?? new Map<object, number>();
  answeredBy.set(pool, seen);
  const walk = (x: unknown): unknown => {
    if (!x || typeof x !== 'object') return x;
    if (Array.isArray(x)) return x.map(walk);
    const o = x as Record<string, unknown>;
    if (o.kind === 'answer' && typeof o.what === 'string') {
      found = true;
      // One expression used twice (`draws X cards … and you gain X life, where X is …`) takes one answer for the event.
      if (!seen.has(o)) {
        const v = numberAnswer(pool);
        if (v === undefined) missing.push(o.what);
        seen.set(o, v ?? 0);
      }
      return { kind: 'const', value: seen.get(o)! };
    }
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(o)) out[k] = walk(v);
    return out;
  };
  const r = walk(a) as T;
  return found ? r : a;
}

/** Whether compiled actions hold an `answer` expression, by object: compiled text is shared and never changed. */
const numbersAsked = new WeakMap<object, boolean>();
function asksNumbers(a: object): boolean {
  let r = numbersAsked.get(a);
  if (r === undefined) numbersAsked.set(a, (r = holdsAnswer(a)));
  return r;
}

function holdsAnswer(x: unknown): boolean {
  if (!x || typeof x !== 'object') return false;
  const o = x as Record<string, unknown>;
  if (o.kind === 'answer' && typeof o.what === 'string') return true;
  for (const v of Object.values(o)) if (v && typeof v === 'object' && holdsAnswer(v)) return true;
  return false;
}

/** The first `event-player` reference inside the actions (`that player` of a trigger, `defending player`). */
function eventPlayerRef(actions: readonly Action[]): EventPlayerRef | undefined {
  let ref = eventPlayerRefs.get(actions);
  if (ref === undefined) eventPlayerRefs.set(actions, (ref = findEventPlayerRef(actions) ?? null));
  return ref ?? undefined;
}

type EventPlayerRef = Extract<PlayerRef, { kind: 'event-player' }>;

/** Each list of actions' reference, or null for none (compiled text is shared and never changed). */
const eventPlayerRefs = new WeakMap<readonly Action[], EventPlayerRef | null>();

function findEventPlayerRef(actions: readonly Action[]): EventPlayerRef | undefined {
  let found: Extract<PlayerRef, { kind: 'event-player' }> | undefined;
  const walk = (x: unknown): void => {
    if (found || !x || typeof x !== 'object') return;
    const o = x as Record<string, unknown>;
    if (o.kind === 'event-player' && o.what) found = o as unknown as Extract<PlayerRef, { kind: 'event-player' }>;
    else for (const v of Object.values(o)) if (v && typeof v === 'object') walk(v);
  };
  walk(actions);
  return found;
}

/**
 * The player of the triggering event (`that player`, `defending player`): the
 * scenario does not fire triggers, so the event names them with `choosing
 * PLAYER`. Unnamed: the only player it can be (the one opponent, for an
 * opponent's event or the defending player, 506.2), else the active player
 * (`At the beginning of each player's upkeep, that player …`), with a note.
 */
export function bindEventPlayer(actions: readonly Action[], b: Bindings, pool: ChoicePool, game: Game): void {
  const ref = eventPlayerRef(actions);
  if (!ref) return;
  const players = game.state.players.map((p) => p.name);
  const named = pool.take((v) => players.some((p) => p.toLowerCase() === v.trim().toLowerCase()));
  if (named) {
    b.eventPlayer = players.find((p) => p.toLowerCase() === named.trim().toLowerCase());
    return;
  }
  const candidates = ref.among === 'opponents' ? players.filter((p) => p !== b.you) : players;
  const active = game.state.players[game.state.activePlayer]?.name;
  b.eventPlayer = candidates.length === 1 ? candidates[0] : candidates.includes(active ?? '') ? active : candidates[0];
  if (candidates.length > 1 && b.eventPlayer) game.note(`"${ref.what ?? "that player"}" is ${b.eventPlayer}: no \`choosing PLAYER\` answer named the player of the triggering event (the ${candidates.includes(active ?? '') ? 'active player' : 'first one'} was taken)`, 'note');
}
