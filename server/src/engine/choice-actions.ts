// Choices and conditions inside resolving actions (608.2c, 608.2d), modes
// (700.2) and delayed triggered abilities (603.7), as effects/choice.ts and
// effects/modes.ts read them.
//
// Unanswered choices are explored like replacement orders (616, spec section
// 4): a `you may …` with no `choosing yes|no` gives both outcomes; a modal
// effect with no `choosing mode N` gives one outcome per legal choice of
// modes, where legal means the event's `targeting` list fills exactly the
// chosen modes' targets (601.2c: only the chosen modes' targets are chosen,
// so the targets written narrow the modes down, often to one).

import type { Action, Mode } from '../effects/ir';
import { isModeAnswer, type ChoicePool } from './choices';
import { answerCondition, answerSets, questions } from './answers';
import { evalCondition, resolvePlayers, type Scope } from './evaluate';
import type { Game } from './game';
import type { Performer } from './replacement';
import type { Bindings, DelayedTrigger } from './state';

/** At most this many choices of modes are explored (Choose one or more of five is 31). */
const BRANCH_CAP_MODES = 64;

type ChoiceAction = Extract<Action, { kind: 'optional' | 'if' | 'modal' | 'delayed' | 'pay' | 'additional-cost' }>;

/** Runs a list of actions on one branch (engine/actions.ts's runActions, passed in to keep the modules apart). */
export type Run = (games: Game[], actions: Action[], scope: Scope) => Game[];

export function isChoiceAction(a: Action): a is ChoiceAction {
  return a.kind === 'optional' || a.kind === 'if' || a.kind === 'modal' || a.kind === 'delayed' || a.kind === 'pay' || a.kind === 'additional-cost';
}

export function runChoiceAction(game: Game, a: ChoiceAction, scope: Scope, pool: ChoicePool, run: Run): Game[] {
  switch (a.kind) {
    case 'optional':
      return optional(game, a, scope, pool, run);
    case 'if': {
      // A fact the scenario does not record (`if this spell was kicked`): `choosing yes|no`, else both outcomes.
      if (questions(a.condition).length) return answeredIf(game, a, scope, pool, run);
      // 608.2c: the condition is checked as the spell or ability resolves.
      const holds = evalCondition(a.condition, scope, game.layers().world, game.evalEnv);
      const branch = holds ? a.actions : a.otherwise ?? [];
      game.note(`the condition of "${textOf(a, scope)}" ${holds ? 'holds' : 'does not hold'} as it resolves (608.2c)`, 'note');
      return run([game], branch, scope);
    }
    case 'modal':
      return modal(game, a, scope, pool, run);
    case 'delayed':
      return delay(game, a, scope);
    case 'pay':
      // Mana is not modelled: paying it changes nothing the scenario tracks.
      return [game];
    case 'additional-cost':
      // Spec section 3: costs are not paid in scenarios; the events that pay them are written on their own.
      return [game];
  }
}

/** `If this spell was kicked, draw a card`: the event answers the question with `choosing yes|no`; unanswered, both outcomes are explored. */
function answeredIf(game: Game, a: Extract<Action, { kind: 'if' }>, scope: Scope, pool: ChoicePool, run: Run): Game[] {
  const qs = questions(a.condition);
  const sets = answerSets(qs.length, pool);
  const branch = (g: Game, answers: boolean[]): Game[] => {
    const holds = evalCondition(answerCondition(a.condition, answers), scope, g.layers().world, g.evalEnv);
    g.note(`${qs.map((q, i) => `"${q}": ${answers[i] ? 'yes' : 'no'}`).join(', ')}, so the condition ${holds ? 'holds' : 'does not hold'} (608.2c)`, 'note');
    return run([g], holds ? a.actions : a.otherwise ?? [], scope);
  };
  if (sets.length === 1) return branch(game, sets[0]!);
  return pool.branches(
    sets.map((answers) => () => {
      const g = game.clone();
      g.choices.push(qs.map((q, i) => `${q}: ${answers[i] ? 'yes' : 'no'}`).join(', '));
      return branch(g, answers);
    }),
  );
}

function textOf(a: Action, scope: Scope): string {
  const t = scope.source.printed.name;
  return a.span ? `${t}` : t;
}

// ---------------------------------------------------------------------------
// `you may …`, `… unless PLAYER pays …`

function optional(game: Game, a: Extract<Action, { kind: 'optional' }>, scope: Scope, pool: ChoicePool, run: Run): Game[] {
  const who = resolvePlayers(a.who, scope, game.layers().world, game.evalEnv)[0] ?? scope.bindings.you;
  const answer = pool.takeYesNo();
  const branch = (g: Game, yes: boolean): Game[] => {
    g.note(`${who} chooses ${yes ? '' : 'not '}to ${a.question}${a.unless ? (yes ? '' : `, so "${actionWords(a.ifNot)}" happens`) : ''}`, 'note');
    return run([g], yes ? [...a.actions, ...(a.ifDone ?? [])] : a.ifNot ?? [], scope);
  };
  if (answer !== undefined) return branch(game, answer);
  // No `choosing yes|no`: both outcomes, as for an open replacement choice (616.1).
  const yes = game.clone();
  yes.choices.push(`${who} chooses to ${a.question}`);
  const no = game.clone();
  no.choices.push(`${who} chooses not to ${a.question}`);
  return pool.branches([() => branch(yes, true), () => branch(no, false)]);
}

function actionWords(actions: Action[] | undefined): string {
  return (actions ?? []).map((x) => x.kind).join(', ');
}

// ---------------------------------------------------------------------------
// Modes (700.2)

function modal(game: Game, a: Extract<Action, { kind: 'modal' }>, scope: Scope, pool: ChoicePool, run: Run): Game[] {
  const given = scope.bindings.targets.length;
  if (a.onResolution) return resolutionChoice(game, a, scope, pool, run);
  const answer = pool.takeModes();
  if (answer) {
    const bad = answer.find((n) => n < 1 || n > a.modes.length);
    const count = new Set(answer).size;
    if (bad !== undefined || count !== answer.length || count < a.min || count > a.max) {
      game.note(`the modes chosen (${answer.join(', ')}) are not a legal choice: ${describeCount(a)} of ${a.modes.length} (700.2); nothing happens`, 'warning');
      return [game];
    }
    return runModes(game, a.modes, answer, scope, run);
  }
  // No answer: every choice of modes whose targets the event's `targeting` fills (601.2c).
  const legal = combinations(a.modes.length, a.min, a.max).filter((ns) => ns.reduce((n, k) => n + slots(a.modes[k - 1]!), 0) === given);
  if (!legal.length) {
    game.note(`no choice of modes fits the ${given} target${given === 1 ? '' : 's'} given: ${describeCount(a)} of ${a.modes.length}; add \`choosing mode N\` (700.2)`, 'warning');
    return [game];
  }
  if (legal.length === 1) return runModes(game, a.modes, legal[0]!, scope, run);
  return pool.branches(
    legal.slice(0, BRANCH_CAP_MODES).map((ns) => () => {
      const g = game.clone();
      g.choices.push(`${ns.length === 1 ? 'mode' : 'modes'} ${ns.join(' and ')} chosen`);
      return runModes(g, a.modes, ns, scope, run);
    }),
  );
}

/** `tap or untap`: answered with a mode's word (`choosing untap`) or number; both kept without an answer (608.2d). */
function resolutionChoice(game: Game, a: Extract<Action, { kind: 'modal' }>, scope: Scope, pool: ChoicePool, run: Run): Game[] {
  const words = a.modes.map((m) => m.text.toLowerCase());
  const v = pool.take((x) => words.includes(x.trim().toLowerCase()) || isModeAnswer(x));
  const picked = v === undefined ? undefined : words.includes(v.trim().toLowerCase()) ? words.indexOf(v.trim().toLowerCase()) : (modeNumber(v) ?? 0) - 1;
  if (picked !== undefined && a.modes[picked]) return run([game], a.modes[picked]!.actions, scope);
  return pool.branches(
    a.modes.map((m) => () => {
      const g = game.clone();
      g.choices.push(`${scope.bindings.you} chooses to ${m.text}`);
      return run([g], m.actions, scope);
    }),
  );
}

function modeNumber(v: string): number | undefined {
  const m = /\d+/.exec(v);
  return m ? Number(m[0]) : undefined;
}

function describeCount(a: { min: number; max: number }): string {
  if (a.min === a.max) return `choose ${a.min}`;
  return a.max === Infinity ? `choose ${a.min} or more` : `choose ${a.min} to ${a.max}`;
}

function slots(m: Mode): number {
  return m.targets.length + m.targetPlayers.length;
}

/** 700.2a: chosen modes resolve in the order printed; the event's targets fill the chosen modes' targets in that order. */
function runModes(game: Game, modes: Mode[], chosen: number[], scope: Scope, run: Run): Game[] {
  const order = [...chosen].sort((x, y) => x - y);
  const b = scope.bindings;
  const targets: string[] = [];
  const targetPlayers: (string | undefined)[] = [];
  let k = 0;
  for (const n of order) {
    const m = modes[n - 1]!;
    for (const i of m.targets) (targets[i] = b.targets[k] ?? ''), (targetPlayers[i] = b.targetPlayers[k]), k++;
    for (const i of m.targetPlayers) (targetPlayers[i] = b.targetPlayers[k]), k++;
  }
  const bindings: Bindings = { ...b, targets, targetPlayers };
  game.note(`mode${order.length === 1 ? '' : 's'} ${order.join(' and ')} chosen (700.2): ${order.map((n) => `"${modes[n - 1]!.text}"`).join('; ')}`, 'note');
  return run([game], order.flatMap((n) => modes[n - 1]!.actions), { ...scope, bindings });
}

/** Every set of `min`..`max` mode numbers (1-based), smallest sets first. */
function combinations(n: number, min: number, max: number): number[][] {
  const out: number[][] = [];
  const pick = (from: number, acc: number[]) => {
    if (acc.length >= min && acc.length <= max) out.push([...acc]);
    if (acc.length >= max) return;
    for (let k = from; k <= n; k++) pick(k + 1, [...acc, k]);
  };
  pick(1, []);
  return out.sort((x, y) => x.length - y.length);
}

// ---------------------------------------------------------------------------
// Delayed triggered abilities (603.7)

function delay(game: Game, a: Extract<Action, { kind: 'delayed' }>, scope: Scope): Game[] {
  const t: DelayedTrigger = { when: a.when, actions: a.actions, source: scope.source.id, bindings: scope.bindings, controller: scope.bindings.you, text: a.trigger, createdTurn: game.state.turn };
  if (a.when === 'dies-this-turn') {
    // 603.7c: it watches that object; it does nothing if the object is already gone.
    const id = a.object ? game.resolveRef(a.object, scope) : undefined;
    const o = id ? game.obj(id) : undefined;
    if (!o || o.zone !== 'battlefield') {
      game.note(`"${a.trigger}": the creature is not on the battlefield, so it can't die this turn`, 'note');
      return [game];
    }
    t.watch = { id: o.id, incarnation: o.incarnation };
    game.state.delayed = [...(game.state.delayed ?? []), t];
    game.note(`a delayed triggered ability is created: "${a.trigger}" (603.7c); it triggers if ${o.printed.name} dies this turn`, 'note');
    return [game];
  }
  game.state.delayed = [...(game.state.delayed ?? []), t];
  const where = a.when === 'end-of-combat' ? 'the timeline has no combat step, so it is kept but not played; resolve its effect with a `resolve` event' : 'it happens at `end turn`' + (a.when.includes('upkeep') ? ' (at the start of the next turn)' : ' (the end step comes before cleanup, 513 and 514)');
  game.note(`a delayed triggered ability is created: "${a.trigger}" (603.7); ${where}`, 'note');
  return [game];
}

/**
 * 603.7: the delayed triggers whose moment has come, removed from the state.
 * `end-step` at `end turn` before "until end of turn" effects end (513 before
 * 514.2); `upkeep` just after the next turn begins.
 */
/** 603.7c: the `dies this turn` triggers whose object has died (battlefield to graveyard); the others of past turns are dropped. */
export function takeDeaths(game: Game): DelayedTrigger[] {
  const all = game.state.delayed ?? [];
  const died = (t: DelayedTrigger): boolean => {
    if (t.when !== 'dies-this-turn' || !t.watch) return false;
    const o = game.obj(t.watch.id);
    return !!o && o.zone === 'graveyard' && o.incarnation === t.watch.incarnation + 1;
  };
  const gone = (t: DelayedTrigger): boolean => t.when === 'dies-this-turn' && (t.createdTurn < game.state.turn || (game.obj(t.watch?.id ?? '')?.incarnation ?? 0) !== t.watch?.incarnation);
  const now = all.filter(died);
  game.state.delayed = all.filter((t) => !died(t) && !gone(t));
  return now;
}

export function takeDelayed(game: Game, moment: 'end-step' | 'upkeep'): DelayedTrigger[] {
  const all = game.state.delayed ?? [];
  const active = game.active;
  const due = (t: DelayedTrigger): boolean => {
    if (moment === 'end-step') return t.when === 'next-end-step' || (t.when === 'your-next-end-step' && t.controller === active);
    return (t.when === 'next-upkeep' && t.createdTurn < game.state.turn) || (t.when === 'your-next-upkeep' && t.controller === active && t.createdTurn < game.state.turn);
  };
  const now = all.filter(due);
  game.state.delayed = all.filter((t) => !due(t));
  return now;
}

/** Run the delayed triggers due now, in the order they were created (all are controlled by their creators; APNAP order is not modelled). */
export function runDelayed(games: Game[], moment: 'end-step' | 'upkeep' | 'deaths', run: (g: Game, t: DelayedTrigger) => Game[]): Game[] {
  return games.flatMap((g) => {
    let branch = [g];
    for (const t of moment === 'deaths' ? takeDeaths(g) : takeDelayed(g, moment)) {
      g.note(`the delayed triggered ability "${t.text}" triggers and resolves (603.7)`, 'note');
      branch = branch.flatMap((b) => run(b, t));
    }
    return branch;
  });
}

export type { Performer };
