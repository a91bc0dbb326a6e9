// The engine's entry point: a parsed file in, every state of its timeline,
// every expectation and every diagnostic out. A pure function of the file:
// the CLI, the language server and the tests all call it unchanged.

import type { Ability, Action, Part } from '../effects/ir';
import { issueCode } from '../effects/ir';
import { compileAbilityText, compileEffectText, describePart } from '../effects/compile';
import type { Diagnostic, EventStatement, LayersFile, NameRef, Range, Statement } from '../syntax/ast';
import { suggest } from '../syntax/suggest';
import { checkExpectation } from './expect';
import { EXPLORATION_BUDGET, Game, type EngineEnv, type ExplorationBudget } from './game';
import { buildObjects, offsetRange } from './objects';
import type { Analysis, EventReport, ExpectationResult, Outcome, Snapshot, WorldView } from './results';
import { appliedOf } from './layers';
import { makeObject, STAND_IN, type GameObject, type GameState } from './state';
import { BRANCH_CAP, runEvent, type TimelineContext } from './timeline';
import { fingerprint, worldView } from './views';
import { CHECK_INCREMENTAL, checkIncremental, remember, reusable, sameTailFrom, type LoopsSeen, type ResumePoint, type Reuse } from './resume';
import { sameFuture } from './converge';
import { append } from '../util/arrays';
import { ownCopy } from '../util/strings';
import { Checkpoints, Held } from './checkpoints';

const DEFAULT_PLAYERS = ['Alice', 'Bob'];

/** Each outcome's hold on its game, read by `WORLD`. */
const heldOf = new WeakMap<Outcome, Held>();

/**
 * One getter for every outcome (not one made per outcome, which V8 turns into
 * a dictionary each, an outcome for every statement of a file). Views read
 * their game lazily: one built before the game was released is built again
 * from the game found now.
 */
const WORLD: PropertyDescriptor = {
  get(this: Outcome): WorldView {
    const held = heldOf.get(this)!;
    const game = held.game;
    if (!held.view || held.viewOf !== game) {
      held.view = worldView(game);
      held.viewOf = game;
    }
    return held.view;
  },
  enumerable: true,
  configurable: true,
};

/** An outcome whose view is built on first use: most points of a long file are never looked at. */
function lazyOutcome(held: Held): Outcome {
  const outcome = {} as Outcome;
  Object.defineProperty(outcome, 'world', WORLD);
  outcome.choices = [...held.game.choices];
  heldOf.set(outcome, held);
  return outcome;
}

export function makeEnv(names: Map<string, string[]>, players: string[], knownNames: string[]): EngineEnv {
  const abilityCache = new Map<string, Ability | undefined>();
  const compileOne = (text: string, cardName: string): Ability | undefined => {
    const key = `${cardName}\u0000${text}`;
    if (abilityCache.has(key)) return abilityCache.get(key);
    let a: Ability | undefined;
    try {
      a = compileAbilityText(text, { cardName, legendary: false, knownNames, isSpell: false }).abilities[0];
    } catch {
      a = { kind: 'unknown', text };
    }
    abilityCache.set(key, a);
    return a;
  };
  /** Abilities made from their text alone (a land type's mana ability, a granted keyword), by text: layer 4's trials ask again and again. */
  const made = new Map<string, Ability>();
  return {
    names,
    players,
    recompile: compileOne,
    makeAbility: (text) => {
      let a = made.get(text);
      if (!a) made.set(text, (a = compileOne(text, '') ?? { kind: 'unknown', text }));
      return a;
    },
    describe: (p: Part) => {
      try {
        return describePart(p);
      } catch {
        return p.kind;
      }
    },
  };
}

function initialState(objects: GameObject[], players: string[]): GameState {
  return {
    objects,
    byId: new Map(objects.map((o) => [o.id, o])),
    players: players.map((name) => ({ name, life: 20, unnamedInHand: 0, unnamedInGraveyard: 0, libraryDrawn: 0 })),
    effects: [],
    replacements: [],
    nextTimestamp: 1,
    nextEffectId: 1,
    activePlayer: 0,
    turn: 1,
  };
}

function eventReport(games: Game[], statementIndex: number, summary: string): EventReport {
  // One pass over each game's log (made after every statement): each kind's lines in order, each once.
  const by = new Map<string, Set<string>>();
  for (const g of games) {
    for (const l of g.log) {
      let set = by.get(l.kind);
      if (!set) by.set(l.kind, (set = new Set()));
      set.add(l.text);
    }
  }
  const lines = (kind: string): string[] => [...(by.get(kind) ?? [])];
  return {
    statementIndex,
    summary,
    changes: lines('change'),
    replacements: [...lines('replacement'), ...lines('note')],
    stateBasedActions: lines('sba'),
    warnings: lines('warning'),
  };
}

export interface AnalyzeOptions {
  /**
   * The analysis of an earlier text of the same document. When the edit
   * leaves every declaration and the first statements as they were, the run
   * starts from the state after the last unchanged statement (resume.ts).
   */
  previous?: Analysis;
}

export function analyze(file: LayersFile, options: AnalyzeOptions = {}): Analysis {
  return analyzeDetailed(file, options).analysis;
}

/** The analysis and the games at the end of the file (for benchmarks and tests of the engine itself). */
export function analyzeDetailed(file: LayersFile, options: AnalyzeOptions = {}): { analysis: Analysis; games: Game[] } {
  const run = startAnalysis(file, options);
  while (run.step());
  return finishRun(run, file, options);
}

/** The run's result; in check mode a resumed one is compared with a full analysis first. */
export function finishRun(run: AnalysisRun, file: LayersFile, options: AnalyzeOptions): { analysis: Analysis; games: Game[] } {
  const done = run.finish();
  if (CHECK_INCREMENTAL && options.previous) checkIncremental(done.analysis, analyze(file));
  return done;
}

/**
 * One analysis in progress. `step()` runs one statement and says whether
 * there is more; a caller with a time budget (the language server) runs
 * steps until its slice is used and yields, and drops the run when a newer
 * text arrives. `finish()` adds the file-wide diagnostics (loops).
 */
export interface AnalysisRun {
  /** The statement the next step runs, from 0 (statements before it are done). */
  readonly next: number;
  /** The first statement this run computed (earlier ones came from `previous`). */
  readonly resumedAt: number;
  /** The statement after which the state was the previous analysis's and the rest was taken from it (converge.ts), if it was. */
  readonly convergedAt: number | undefined;
  step(): boolean;
  finish(): { analysis: Analysis; games: Game[] };
}

export function startAnalysis(file: LayersFile, options: AnalyzeOptions = {}): AnalysisRun {
  const reuse = reusable(file, options.previous);
  const players = reuse?.players ?? file.players?.players.map((p) => p.text) ?? [...DEFAULT_PLAYERS];
  if (!players.length) players.push(...DEFAULT_PLAYERS);
  // Card text compiles once per set of declarations: a timeline edit reuses it.
  const built = reuse?.built ?? buildObjects(file, players);
  const made = reuse?.env ?? makeEnv(built.names, players, file.objects.flatMap((d) => [d.name.text, ...(d.alias ? [d.alias.text] : [])]));
  // A resumed run knows the tokens named before the point it resumes at, not those the previous run named after it.
  const env = reuse ? { ...made, names: reuse.from > 0 ? reuse.points[reuse.from - 1]!.names : built.names } : made;
  // Diagnostics reported by statements, in order; parse and declaration diagnostics are added at the end.
  const reported: Diagnostic[] = reuse ? reuse.reported.slice(0, reuse.from > 0 ? reuse.points[reuse.from - 1]!.reported : 0) : [];
  const report = (d: Diagnostic) => void reported.push(d);
  const startHeld = reuse && reuse.from > 0 ? reuse.points[reuse.from - 1]!.held : undefined;
  const startGames = reuse ? (startHeld ? startHeld.map((h) => h.game) : reuse.initialGames) : [new Game(initialState(built.objects, players), env)];
  // A run never changes games it did not make (an earlier analysis may still be read); it starts between two
  // statements, so the stand-ins nothing can change any more are shared with the snapshot, not copied.
  let games = startGames.map((g) => g.clone(true, env));
  // 616: the orders this run may still explore, carried on from the point it resumes at (game.ts).
  const resumedPoint = reuse && reuse.from > 0 ? reuse.points[reuse.from - 1] : undefined;
  const budget: ExplorationBudget = { left: resumedPoint?.budget ?? EXPLORATION_BUDGET };
  let warned = resumedPoint?.warned ?? false;
  for (const g of games) g.budget = budget;
  /** The snapshot's hold on `games`, once this run has made one. */
  let held: Held[] | undefined;
  const allNames = file.objects.flatMap((d) => [d.name.text, ...(d.alias ? [d.alias.text] : [])]);
  const compiledEffects = new Map<string, ReturnType<typeof compileEffectText>>();

  const resolveId = (name: string): string | undefined => {
    const m = /^(.*)#(\d+)$/.exec(name);
    const base = (m ? m[1]! : name).toLowerCase();
    const ids = env.names.get(base);
    if (!ids) return built.objects.find((o) => o.id.toLowerCase() === name.toLowerCase())?.id;
    if (m) return ids[Number(m[2]) - 1];
    return ids[0];
  };

  const unknown = (ref: NameRef, what: string, candidates: string[]) => {
    const s = suggest(ref.text, candidates);
    report({
      range: ref.range,
      severity: 'error',
      code: 'unknown-name',
      message: `unknown ${what} "${ref.text}"${s ? `; did you mean "${s}"?` : ''}`,
      fixes: s ? [{ title: `Change to "${s}"`, edits: [{ range: nameRange(ref), newText: /^[A-Za-z][A-Za-z0-9_'-]*$/.test(s) ? s : `"${s}"` }] }] : undefined,
    });
  };

  let statementIndex = -1;
  const ctx: TimelineContext = {
    get statementIndex() {
      return statementIndex;
    },
    objects(ref, many) {
      const ids = env.names.get(ref.text.toLowerCase());
      if (!ids) {
        if (players.some((p) => p.toLowerCase() === ref.text.toLowerCase())) {
          report({ range: ref.range, severity: 'error', code: 'not-an-object', message: `"${ref.text}" is a player, not an object` });
        } else unknown(ref, 'name', allNames);
        return undefined;
      }
      if (ref.copyIndex !== undefined) {
        const id = ids.length > 1 ? ids[ref.copyIndex - 1] : ref.copyIndex === 1 ? ids[0] : undefined;
        if (!id) {
          report({ range: ref.range, severity: 'error', code: 'unknown-name', message: `"${ref.text}" has ${ids.length} ${ids.length === 1 ? 'copy' : 'copies'}; #${ref.copyIndex} does not exist` });
          return undefined;
        }
        return [id];
      }
      if (ids.length > 1 && !many) {
        report({ range: ref.range, severity: 'error', code: 'ambiguous-name', message: `"${ref.text}" names ${ids.length} copies; name one as ${ref.text}#1 … ${ref.text}#${ids.length}` });
        return undefined;
      }
      return ids;
    },
    player(ref) {
      const p = players.find((x) => x.toLowerCase() === ref.text.toLowerCase());
      if (!p) unknown(ref, 'player', players);
      return p;
    },
    compileEffect(text, range, cardName) {
      try {
        // The same words on the same card read the same way: a long timeline repeats its `resolve` texts.
        const key = `${cardName ?? ''}\u0000${text}`;
        let r = compiledEffects.get(key);
        if (!r) compiledEffects.set(key, (r = compileEffectText(text, { cardName: cardName ?? 'this', legendary: false, knownNames: allNames, isSpell: true })));
        for (const i of r.issues) report({ range: offsetRange(range, i.start, i.end), severity: i.severity, code: issueCode(i), message: i.message });
        return { actions: r.actions as Action[] };
      } catch (e) {
        report({ range, severity: 'warning', code: 'not-understood', message: `internal error while reading this text: ${(e as Error).message}` });
        return { actions: [] };
      }
    },
    phantom(index, text) {
      const st = file.statements[index]!;
      const id = `${STAND_IN}${index}`;
      return makeObject(
        {
          id,
          decl: { kind: 'card', name: { text: id, quoted: false, range: st.range }, range: st.range, headerRange: st.range, texts: [] },
          declIndex: -1,
          isToken: false,
          printed: { name: `"${text.length > 40 ? text.slice(0, 37) + '…' : text}" (line ${st.range.start.line + 1})`, manaCost: null, manaValue: 0, colors: [], supertypes: [], types: [], subtypes: [], abilities: [], power: null, toughness: null, powerStar: false, toughnessStar: false },
        },
        players[0]!,
      );
    },
    report,
  };

  const from = reuse?.from ?? 0;
  const initialGames = reuse?.initialGames ?? startGames;
  const initial: Snapshot = reuse?.initial ?? { statementIndex: -1, outcomes: initialGames.map((game) => lazyOutcome(new Held(game))) };
  const snapshots: Snapshot[] = reuse ? reuse.snapshots.slice(0, from) : [];
  const points: ResumePoint[] = reuse ? reuse.points.slice(0, from) : [];
  const expectations: ExpectationResult[] = reuse ? reuse.expectations.slice(0, from > 0 ? reuse.points[from - 1]!.expectations : 0) : [];
  const loopsSeen: LoopsSeen = new Map(reuse ? [...reuse.loopsSeen].filter(([, l]) => l.statementIndex < from) : []);
  let current = from > 0 ? snapshots[from - 1]! : initial;

  // The text's lines, split once and only when a statement's own text is needed. What is taken
  // from them is a copy of its own: snapshots and diagnostics outlive this version of the text
  // (a later analysis reuses them), and a slice would keep the whole text alive with them.
  let byLine: string[] | undefined;
  const lineOf = (n: number): string | undefined => {
    const l = (byLine ??= file.text.split(/\r\n|\r|\n/))[n];
    return l === undefined ? undefined : ownCopy(l);
  };
  // An event's summary is its line split at `\n` only (as reported before).
  let byNewline: string[] | undefined;
  const summaryOf = (n: number): string => ownCopy((byNewline ??= file.text.split('\n'))[n]?.trim() ?? '');
  const runStatement = (st: Statement, i: number): void => {
    statementIndex = i;
    if (st.kind === 'expect') {
      const r = checkExpectation(st, i, current.outcomes, resolveId, (w, eid) => w.effects.find((e) => e.id === eid)?.sourceId);
      expectations.push(r);
      // A name the expectation uses must exist.
      if (st.expect.kind === 'facts') {
        const s = st.expect.subject;
        if (!players.some((p) => p.toLowerCase() === s.text.toLowerCase())) ctx.objects(s, s.copyIndex === undefined && (env.names.get(s.text.toLowerCase())?.length ?? 0) <= 1 ? false : false);
      } else {
        for (const r2 of st.expect.kind === 'loop' ? st.expect.objects : [st.expect.dependent, st.expect.on]) ctx.objects(r2, false);
      }
      // An unknown subject was reported as such; "no such object" would say it twice.
      if (!r.passed && !r.facts.every((f) => f.passed || f.actual === 'no such object')) {
        for (const f of r.facts.length ? r.facts.filter((x) => !x.passed) : [{ range: st.range, expected: r.expected, actual: r.actual, fix: undefined }]) {
          report({
            range: f.range,
            severity: 'error',
            code: 'expect-failed',
            message: `expected ${f.expected}, got ${f.actual}`,
            fixes: f.fix ? [{ title: `Change to "${f.fix}"`, edits: [{ range: f.range, newText: shortForm(f.expected, f.fix, lineOf(f.range.start.line)?.slice(f.range.start.character, f.range.end.character) ?? '') }] }] : undefined,
          });
        }
      }
      current = { statementIndex: i, outcomes: current.outcomes };
      snapshots.push(current);
      return;
    }
    // Events change the games in place: the snapshot before them keeps a
    // frozen state (checkpoints.ts).
    if (held) checkpoints.release(held, games, i);
    const played = playEvent(games, st, ctx);
    if (played.overCap) {
      const what = lineOf(st.range.start.line)?.trim() ?? 'this event';
      report({
        range: st.keywordRange,
        severity: 'warning',
        code: 'branch-cap',
        message: `\`${what}\`: the replacement effects on this event can be applied in more than ${BRANCH_CAP} orders; only the first ${BRANCH_CAP} were explored, so some outcomes may be missing (add \`choosing A then B\` to pin the order)`,
      });
    }
    if (played.exhausted && !warned) {
      warned = true;
      const what = lineOf(st.range.start.line)?.trim() ?? 'this event';
      report({
        range: st.keywordRange,
        severity: 'warning',
        code: 'exploration-budget',
        message: `\`${what}\`: the replacement effects in this file can be applied in too many orders to explore them all (616.1); after ${EXPLORATION_BUDGET.toLocaleString('en-US')} orders the exploration stopped here, and from this event on each choice follows its first order only, so some outcomes may be missing (add \`choosing A then B\` to pin the order)`,
      });
    }
    games = played.games;
    const ev = eventReport(games, i, summaryOf(st.range.start.line));
    for (const line of ev.stateBasedActions) report({ range: st.keywordRange, severity: 'information', code: 'sba', message: line });
    for (const line of ev.warnings ?? []) report({ range: st.keywordRange, severity: 'warning', code: 'choice', message: line });
    for (const g of games) {
      for (const loop of g.layers().loops) {
        const key = [...loop].sort().join('|');
        if (loopsSeen.has(key)) continue;
        const applied = appliedOf(g.layers());
        loopsSeen.set(key, {
          statementIndex: i,
          members: loop.map((id) => {
            const l = applied.get(id)?.live;
            return { id, range: l?.range, name: l?.source.printed.name ?? id, text: l?.text ?? '' };
          }),
        });
      }
    }
    held = games.map((game) => new Held(game));
    current = { statementIndex: i, outcomes: held.map(lazyOutcome), event: ev };
    snapshots.push(current);
  };

  // The first event of a resumed run freezes its games sharing with the state it resumed from.
  const checkpoints = new Checkpoints(startHeld, from - 1);

  let next = from;
  let convergedAt: number | undefined;
  /** The statements that follow the edit, the same as in the previous analysis (converge.ts). */
  const tail = reuse && options.previous && from < file.statements.length ? sameTailFrom(file, options.previous.file) : file.statements.length;
  let startHolds: ResumePoint['held'] | undefined;
  const step = (): boolean => {
    if (next >= file.statements.length) return false;
    runStatement(file.statements[next]!, next);
    // Games are never changed after their snapshot (each event works on clones), so they can be resumed from.
    // Before the run's first event the games are the ones it started from: a resumed run's are the
    // previous analysis's holds themselves (new holds would keep a game made from their frozen states,
    // whole, in every later analysis that reuses this point).
    startHolds ??= startHeld ?? startGames.map((game) => new Held(game));
    points.push({ held: held ?? startHolds, reported: reported.length, expectations: expectations.length, budget: budget.left, warned, names: env.names });
    next++;
    if (reuse && next >= tail && next < file.statements.length && converged(reuse, next - 1)) {
      // The rest is the previous analysis's: nothing plays on from the games held here, and later
      // analyses keep this point, so it keeps their frozen state, not the games themselves.
      if (held) checkpoints.release(held, games, next);
      takeTheRest(reuse, next - 1);
      convergedAt = next - 1;
      next = file.statements.length;
    }
    return next < file.statements.length;
  };

  /** After statement `j`, the state is the previous analysis's there, and so is every statement after it. */
  function converged(old: Reuse, j: number): boolean {
    const was = old.points[j];
    const now = points[j]!;
    if (!was || was.held.length !== now.held.length || was.budget !== now.budget || was.warned !== now.warned) return false;
    if (!now.held.every((h, k) => sameFuture(h.peek(), was.held[k]!.peek()))) return false;
    // A loop first seen later in the previous analysis must be first seen there again (one warning each, loopsSeen).
    const before = [...old.loopsSeen].filter(([, l]) => l.statementIndex <= j);
    return before.length === loopsSeen.size && before.every(([k]) => loopsSeen.has(k));
  }

  /** The previous analysis's results for the statements after `j`: its snapshots, and its diagnostics and expectations after theirs up to `j`. */
  function takeTheRest(old: Reuse, j: number): void {
    const was = old.points[j]!;
    const moreReported = reported.length - was.reported;
    const moreExpectations = expectations.length - was.expectations;
    // (Appended one by one: a long file's diagnostics would overflow a spread's arguments.)
    append(reported, old.reported.slice(was.reported));
    append(expectations, old.expectations.slice(was.expectations));
    for (let i = j + 1; i < old.points.length; i++) {
      const p = old.points[i]!;
      points.push({ ...p, reported: p.reported + moreReported, expectations: p.expectations + moreExpectations });
      snapshots.push(old.snapshots[i]!);
    }
    for (const [k, l] of old.loopsSeen) if (l.statementIndex > j) loopsSeen.set(k, l);
    games = old.points[old.points.length - 1]!.held.map((h) => h.game);
  }
  const finish = () => finishAnalysis();
  const run: AnalysisRun = {
    get next() {
      return next;
    },
    resumedAt: from,
    get convergedAt() {
      return convergedAt;
    },
    step,
    finish,
  };
  return run;

  function finishAnalysis(): { analysis: Analysis; games: Game[] } {
    const diagnostics: Diagnostic[] = [...file.diagnostics, ...built.diagnostics, ...reported];
    // 613.8b: loops are worth a warning, unless an `expect loop` line says the author knows.
    const expectedLoops = file.statements.flatMap((s) => (s.kind === 'expect' && s.expect.kind === 'loop' ? [s.expect.objects.map((o) => resolveId(o.text + (o.copyIndex ? `#${o.copyIndex}` : '')))] : []));
    for (const { members } of loopsSeen.values()) {
      const sources = members.map((m) => built.objects.find((o) => m.id.startsWith(o.id + '/'))?.id);
      const acknowledged = expectedLoops.some((ids) => ids.every((id) => sources.includes(id)));
      const order = members.map((m) => m.name).join(', then ');
      for (const m of members) {
        if (!m.range) continue;
        diagnostics.push({
          range: m.range,
          severity: acknowledged ? 'information' : 'warning',
          code: 'loop',
          message: `dependency loop (613.8b): this effect and ${members.filter((x) => x !== m).map((x) => x.name).join(', ')} each change what the other applies to or does; they apply in timestamp order: ${order}`,
          related: members.filter((x) => x !== m && x.range).map((x) => ({ range: x.range!, message: `${x.name}: "${x.text}"` })),
        });
      }
    }

    const analysis: Analysis = {
      file,
      diagnostics: dedupe(diagnostics),
      snapshots,
      initial,
      expectations,
      final: snapshots.length ? snapshots[snapshots.length - 1]! : initial,
    };
    remember(analysis, { players, built, env, initial, initialGames, snapshots, points, reported, expectations, loopsSeen });
    return { analysis, games };
  }
}

/**
 * One event on every outcome so far. Identical outcomes merge and their
 * number is capped (616); `overCap` says the cap cut the list. Changes
 * `games` in place.
 */
function playEvent(games: Game[], st: EventStatement, ctx: TimelineContext): { games: Game[]; overCap: boolean; exhausted: boolean } {
  for (const g of games) g.log = [];
  let after = runEvent(games, st, ctx);
  const exhausted = after.some((g) => g.exhausted);
  for (const g of after) g.exhausted = false;
  // (A single outcome has nothing to merge with: no fingerprint needed.)
  if (after.length > 1) {
    const seen = new Map<string, Game>();
    for (const g of after) {
      const k = fingerprint(g);
      if (!seen.has(k)) seen.set(k, g);
    }
    after = [...seen.values()];
  }
  const capped = after.some((g) => g.capped);
  for (const g of after) g.capped = false;
  const overCap = after.length > BRANCH_CAP || capped;
  if (overCap) after = after.slice(0, BRANCH_CAP);
  if (!after.length) after = games;
  return { games: after, overCap, exhausted };
}

function nameRange(ref: NameRef): Range {
  // The fix replaces the name itself, not a `#k` suffix.
  if (ref.copyIndex === undefined) return ref.range;
  const suffix = `#${ref.copyIndex}`.length;
  return { start: ref.range.start, end: { line: ref.range.end.line, character: Math.max(ref.range.start.character, ref.range.end.character - suffix) } };
}

/** `expect ogre 5/8` is fixed to `7/9`, not `pt 7/9`. */
/** `expect X 5/8` is rewritten as `7/9`, `expect X: pt 5/8` as `pt 7/9`. */
function shortForm(expected: string, fix: string, written: string): string {
  const bare = /^\s*-?\d+\/-?\d+\s*$/;
  if (bare.test(written)) return fix.replace(/^pt /, '');
  return fix;
}

function dedupe(ds: Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return ds.filter((d) => {
    const k = `${d.range.start.line}:${d.range.start.character}:${d.range.end.line}:${d.range.end.character}:${d.code}:${d.message}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
