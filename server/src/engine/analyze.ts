// The engine's entry point: a parsed file in, every state of its timeline,
// every expectation and every diagnostic out. A pure function of the file:
// the CLI, the language server and the tests all call it unchanged.

import type { Ability, Action, Part } from '../effects/ir';
import { compileAbilityText, compileEffectText, describePart } from '../effects/compile';
import type { Diagnostic, LayersFile, NameRef, Range } from '../syntax/ast';
import { suggest } from '../syntax/suggest';
import { checkExpectation } from './expect';
import { Game, type EngineEnv } from './game';
import { buildObjects, offsetRange } from './objects';
import type { Analysis, EventReport, ExpectationResult, Outcome, Snapshot, WorldView } from './results';
import { freshState, type GameObject, type GameState } from './state';
import { BRANCH_CAP, runEvent, type TimelineContext } from './timeline';
import { fingerprint, worldView } from './views';

const DEFAULT_PLAYERS = ['Alice', 'Bob'];

/** An outcome whose view is built on first use: most points of a long file are never looked at. */
function lazyOutcome(game: Game): Outcome {
  let world: WorldView | undefined;
  const choices = [...game.choices];
  return {
    get world() {
      if (!world) world = worldView(game);
      return world;
    },
    choices,
  };
}

function makeEnv(names: Map<string, string[]>, players: string[], knownNames: string[]): EngineEnv {
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
  return {
    names,
    players,
    recompile: compileOne,
    makeAbility: (text) => compileOne(text, '') ?? { kind: 'unknown', text },
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
  const lines = (kind: string) => [...new Set(games.flatMap((g) => g.log.filter((l) => l.kind === kind).map((l) => l.text)))];
  return {
    statementIndex,
    summary,
    changes: lines('change'),
    replacements: [...lines('replacement'), ...lines('note')],
    stateBasedActions: lines('sba'),
  };
}

export function analyze(file: LayersFile): Analysis {
  return analyzeDetailed(file).analysis;
}

/** The analysis and the games at the end of the file (for benchmarks and tests of the engine itself). */
export function analyzeDetailed(file: LayersFile): { analysis: Analysis; games: Game[] } {
  const diagnostics: Diagnostic[] = [...file.diagnostics];
  const report = (d: Diagnostic) => diagnostics.push(d);
  const players = file.players?.players.map((p) => p.text) ?? DEFAULT_PLAYERS;
  if (!players.length) players.push(...DEFAULT_PLAYERS);
  const built = buildObjects(file, players);
  diagnostics.push(...built.diagnostics);
  const knownNames = [...built.names.keys()];
  const env = makeEnv(built.names, players, file.objects.flatMap((d) => [d.name.text, ...(d.alias ? [d.alias.text] : [])]));
  let games = [new Game(initialState(built.objects, players), env)];
  const allNames = file.objects.flatMap((d) => [d.name.text, ...(d.alias ? [d.alias.text] : [])]);

  const resolveId = (name: string): string | undefined => {
    const m = /^(.*)#(\d+)$/.exec(name);
    const base = (m ? m[1]! : name).toLowerCase();
    const ids = built.names.get(base);
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
      const ids = built.names.get(ref.text.toLowerCase());
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
        const r = compileEffectText(text, { cardName: cardName ?? 'this', legendary: false, knownNames: allNames, isSpell: true });
        for (const i of r.issues) report({ range: offsetRange(range, i.start, i.end), severity: i.severity, code: i.severity === 'error' ? 'effect-error' : 'not-understood', message: i.message });
        return { actions: r.actions as Action[] };
      } catch (e) {
        report({ range, severity: 'warning', code: 'not-understood', message: `internal error while reading this text: ${(e as Error).message}` });
        return { actions: [] };
      }
    },
    phantom(index, text) {
      const st = file.statements[index]!;
      const id = `resolve@${index}`;
      return {
        id,
        decl: { kind: 'card', name: { text: id, quoted: false, range: st.range }, range: st.range, headerRange: st.range, texts: [] },
        declIndex: -1,
        isToken: false,
        printed: { name: `"${text.length > 40 ? text.slice(0, 37) + '…' : text}" (line ${st.range.start.line + 1})`, manaCost: null, manaValue: 0, colors: [], supertypes: [], types: [], subtypes: [], abilities: [], power: null, toughness: null, powerStar: false, toughnessStar: false },
        ...freshState(players[0]!),
      };
    },
    report,
  };

  const initial: Snapshot = { statementIndex: -1, outcomes: games.map(lazyOutcome) };
  const snapshots: Snapshot[] = [];
  const expectations: ExpectationResult[] = [];
  const loopsSeen = new Map<string, { members: { id: string; range?: Range; name: string; text: string }[]; statementIndex: number }>();
  let current = initial;

  const lines = file.text.split(/\r\n|\r|\n/);
  file.statements.forEach((st, i) => {
    statementIndex = i;
    if (st.kind === 'expect') {
      const r = checkExpectation(st, i, current.outcomes, resolveId, (w, eid) => w.effects.find((e) => e.id === eid)?.sourceId);
      expectations.push(r);
      // A name the expectation uses must exist.
      if (st.expect.kind === 'facts') {
        const s = st.expect.subject;
        if (!players.some((p) => p.toLowerCase() === s.text.toLowerCase())) ctx.objects(s, s.copyIndex === undefined && (built.names.get(s.text.toLowerCase())?.length ?? 0) <= 1 ? false : false);
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
            fixes: f.fix ? [{ title: `Change to "${f.fix}"`, edits: [{ range: f.range, newText: shortForm(f.expected, f.fix, lines[f.range.start.line]?.slice(f.range.start.character, f.range.end.character) ?? '') }] }] : undefined,
          });
        }
      }
      current = { statementIndex: i, outcomes: current.outcomes };
      snapshots.push(current);
      return;
    }
    // Events mutate: keep the previous states for the snapshots before them.
    const before = games.map((g) => {
      const c = g.clone();
      c.log = [];
      return c;
    });
    let after = runEvent(before, st, ctx);
    // Identical outcomes merge; the number of outcomes is capped.
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
    if (after.length > BRANCH_CAP || capped) {
      const what = lines[st.range.start.line]?.trim() ?? 'this event';
      report({
        range: st.keywordRange,
        severity: 'warning',
        code: 'branch-cap',
        message: `\`${what}\`: the replacement effects on this event can be applied in more than ${BRANCH_CAP} orders; only the first ${BRANCH_CAP} were explored, so some outcomes may be missing (add \`choosing A then B\` to pin the order)`,
      });
      after = after.slice(0, BRANCH_CAP);
    }
    if (!after.length) after = before;
    games = after;
    const ev = eventReport(games, i, file.text.split('\n')[st.range.start.line]?.trim() ?? '');
    for (const line of ev.stateBasedActions) report({ range: st.keywordRange, severity: 'information', code: 'sba', message: line });
    for (const g of games) {
      for (const loop of g.layers().loops) {
        const key = [...loop].sort().join('|');
        if (loopsSeen.has(key)) continue;
        const applied = g.layers().applied;
        loopsSeen.set(key, {
          statementIndex: i,
          members: loop.map((id) => {
            const l = applied.get(id)?.live;
            return { id, range: l?.range, name: l?.source.printed.name ?? id, text: l?.text ?? '' };
          }),
        });
      }
    }
    current = { statementIndex: i, outcomes: games.map(lazyOutcome), event: ev };
    snapshots.push(current);
  });

  // 613.8b: loops are worth a warning, unless an `expect loop` line says the author knows.
  const expectedLoops = file.statements.flatMap((s) => (s.kind === 'expect' && s.expect.kind === 'loop' ? [s.expect.objects.map((o) => resolveId(o.text + (o.copyIndex ? `#${o.copyIndex}` : '')))] : []));
  for (const { members } of loopsSeen.values()) {
    const sources = members.map((m) => built.objects.find((o) => m.id.startsWith(o.id + '/'))?.id);
    const acknowledged = expectedLoops.some((ids) => ids.every((id) => sources.includes(id)));
    const order = members.map((m) => m.name).join(', then ');
    for (const m of members) {
      if (!m.range) continue;
      report({
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
  void knownNames;
  return { analysis, games };
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
