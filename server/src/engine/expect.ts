// Spec section 6: checking `expect` lines against every outcome at their
// point of the timeline, with expected and actual values and the text a quick
// fix rewrites the fact to.

import type { ExpectStatement, Fact, FactSyntax } from '../syntax/ast';
import { normalizeForCompare } from './apply';
import type { ExpectationResult, FactResult, ObjectView, Outcome, PlayerView, WorldView } from './results';
import { isCreatureType } from './subtypes';

type Subject = { kind: 'object'; view: ObjectView } | { kind: 'player'; view: PlayerView } | { kind: 'absent' };

const eqi = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export function typeLineOf(v: { supertypes: string[]; types: string[]; subtypes: string[] }): string {
  const left = [...v.supertypes, ...v.types].join(' ');
  return v.subtypes.length ? `${left} — ${v.subtypes.join(' ')}` : left;
}

/** Ability texts as a user reads them: keywords by name, duplicates once. */
export function abilityTexts(o: ObjectView): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const a of o.chars.abilities) {
    const k = normalizeForCompare(a.text);
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(a.text);
  }
  return out;
}

function abilityMatches(o: ObjectView, wanted: string): boolean {
  const w = normalizeForCompare(wanted);
  return o.chars.abilities.some((a) => normalizeForCompare(a.text) === w || (a.ability.kind === 'keyword' && normalizeForCompare(a.ability.keyword) === w));
}

function quoteAbility(text: string, o: ObjectView): string {
  const a = o.chars.abilities.find((x) => x.text === text);
  return a && a.ability.kind === 'keyword' ? text : `"${text}"`;
}

/** `rule "can't attack or block"` matches a rule's words whatever its source (`can't attack or block (Pacifism)`); `rule none`: no rule at all. */
function checkRule(text: string | null, rules: readonly string[]): { ok: boolean; actual: string } {
  const actual = rules.length ? rules.map((r) => `rule "${r}"`).join('; ') : 'rule none';
  if (text === null) return { ok: rules.length === 0, actual };
  const want = normalizeForCompare(text);
  const ok = rules.some((r) => {
    const n = normalizeForCompare(r);
    return n === want || n.startsWith(`${want} (`);
  });
  return { ok, actual };
}

const colorsText = (cs: string[]) => (cs.length ? cs.join(', ') : 'colorless');

/** Check one alternative on one subject: ok, and the actual value in the fact's own words. */
function check(f: FactSyntax, s: Subject): { ok: boolean; actual: string } {
  if (s.kind === 'absent') return { ok: false, actual: 'no such object' };
  if (s.kind === 'player') {
    const p = s.view;
    switch (f.kind) {
      case 'life':
        return { ok: p.life === f.value, actual: `life ${p.life}` };
      case 'hand':
        return { ok: p.handSize === f.value, actual: `hand ${p.handSize}` };
      case 'graveyard':
        return { ok: p.graveyard.length === f.value, actual: `graveyard ${p.graveyard.length}` };
      case 'exile-count':
        return { ok: p.exile.length === f.value, actual: `exile ${p.exile.length}` };
      case 'library-drawn':
        return { ok: p.libraryDrawn === f.value, actual: `library drawn ${p.libraryDrawn}` };
      case 'max-hand-size':
        return { ok: p.maxHandSize === f.value, actual: `max hand size ${p.maxHandSize ?? 'none'}` };
      case 'rule':
        return checkRule(f.text, p.rules);
      case 'has':
      case 'lacks': {
        const has = f.abilities.every((a) => p.abilities.some((b) => normalizeForCompare(b) === normalizeForCompare(a)));
        const ok = f.kind === 'has' ? has : f.abilities.every((a) => !p.abilities.some((b) => normalizeForCompare(b) === normalizeForCompare(a)));
        return { ok, actual: `${ok === (f.kind === 'has') ? 'has' : 'lacks'} ${f.abilities.join(', ')}` };
      }
      default:
        return { ok: false, actual: `(${f.kind} is not a fact about a player)` };
    }
  }
  const o = s.view;
  const c = o.chars;
  const pt = `${c.power ?? '—'}/${c.toughness ?? '—'}`;
  switch (f.kind) {
    case 'pt':
      return { ok: c.power === f.power && c.toughness === f.toughness, actual: `pt ${pt}` };
    case 'power':
      return { ok: c.power === f.value, actual: `power ${c.power ?? '—'}` };
    case 'toughness':
      return { ok: c.toughness === f.value, actual: `toughness ${c.toughness ?? '—'}` };
    case 'color': {
      const want = [...new Set(f.colors.map((x) => x.toLowerCase()))].sort();
      const have = [...c.colors].sort();
      return { ok: want.join() === have.join(), actual: `color ${colorsText(c.colors)}` };
    }
    case 'type': {
      const set = (xs: string[]) => xs.map((x) => x.toLowerCase()).sort().join('|');
      const t = f.typeLine;
      const ok = set(t.supertypes) === set(c.supertypes) && set(t.types) === set(c.types) && set(t.subtypes) === set(c.subtypes);
      return { ok, actual: `type ${typeLineOf(c)}` };
    }
    case 'is':
    case 'is-not': {
      const w = f.word;
      const every = c.subtypes.includes('every creature type') && isCreatureType(w);
      const is = every || [...c.types, ...c.subtypes, ...c.supertypes, ...c.colors].some((x) => eqi(x, w)) || (eqi(w, 'colorless') && c.colors.length === 0) || (eqi(w, 'token') && o.isToken) || (eqi(w, 'tapped') && o.tapped);
      const ok = f.kind === 'is' ? is : !is;
      return { ok, actual: `${is ? 'is' : 'is not'} ${w}` };
    }
    case 'abilities': {
      const have = abilityTexts(o);
      const ok = f.abilities.length === 0 ? have.length === 0 : have.length === new Set(f.abilities.map(normalizeForCompare)).size && f.abilities.every((a) => abilityMatches(o, a));
      return { ok, actual: `abilities ${have.length ? have.map((t) => quoteAbility(t, o)).join(', ') : 'none'}` };
    }
    case 'has':
    case 'lacks': {
      const missing = f.abilities.filter((a) => !abilityMatches(o, a));
      const present = f.abilities.filter((a) => abilityMatches(o, a));
      if (f.kind === 'has') return { ok: missing.length === 0, actual: missing.length ? `lacks ${missing.join(', ')}` : `has ${f.abilities.join(', ')}` };
      return { ok: present.length === 0, actual: present.length ? `has ${present.join(', ')}` : `lacks ${f.abilities.join(', ')}` };
    }
    case 'controller':
      return { ok: eqi(o.controller, f.player.text), actual: `controller ${o.controller}` };
    case 'owner':
      return { ok: eqi(o.owner, f.player.text), actual: `owner ${o.owner}` };
    case 'zone':
      return { ok: o.zone === f.zone, actual: `zone ${o.zone ?? 'none'}` };
    case 'rule':
      return checkRule(f.text, o.rules);
    case 'tapped':
      return { ok: o.tapped, actual: o.tapped ? 'tapped' : 'untapped' };
    case 'untapped':
      return { ok: !o.tapped, actual: o.tapped ? 'tapped' : 'untapped' };
    case 'counters': {
      const n = o.counters[f.counter.toLowerCase()] ?? o.counters[f.counter] ?? 0;
      return { ok: n === f.count, actual: `counters ${f.counter} ${n}` };
    }
    case 'name':
      return { ok: eqi(c.name, f.name), actual: `name "${c.name}"` };
    default:
      return { ok: false, actual: `(${f.kind} is a fact about a player)` };
  }
}

function subjectIn(world: WorldView, name: string, resolveId: (name: string) => string | undefined): Subject {
  const p = world.playerNamed ? world.playerNamed(name) : world.players.find((x) => eqi(x.name, name));
  if (p) return { kind: 'player', view: p };
  const id = resolveId(name);
  const o = id ? (world.objectById ? world.objectById(id) : world.objects.find((x) => x.id === id)) : undefined;
  return o ? { kind: 'object', view: o } : { kind: 'absent' };
}

/** The short form `expect X 5/8` keeps its shape in the fix. */
function fixText(fact: Fact, actuals: string[]): string | undefined {
  const uniq = [...new Set(actuals)];
  if (uniq.some((a) => a.startsWith('(') || a === 'no such object')) return undefined;
  if (uniq.length === 1) return uniq[0];
  // Several outcomes: `zone exile or library`.
  const heads = uniq.map((a) => a.split(' ')[0]);
  if (heads.every((h) => h === heads[0]) && heads[0] !== uniq[0]) return `${heads[0]} ${uniq.map((a) => a.slice(heads[0]!.length + 1)).join(' or ')}`;
  return uniq.join(' or ');
}

export function checkFact(fact: Fact, outcomes: Outcome[], subject: string, resolveId: (name: string) => string | undefined): FactResult {
  const perOutcome = outcomes.map((o) => {
    const s = subjectIn(o.world, subject, resolveId);
    const results = fact.alternatives.map((alt) => check(alt, s));
    return { results, actual: results[0]?.actual ?? '' };
  });
  let passed: boolean;
  if (fact.alternatives.length <= 1) passed = perOutcome.every((p) => p.results[0]?.ok);
  else {
    // Spec section 4: every outcome matches one alternative, and every alternative some outcome.
    passed = perOutcome.every((p) => p.results.some((r) => r.ok)) && fact.alternatives.every((_, i) => perOutcome.some((p) => p.results[i]!.ok));
  }
  const actuals = perOutcome.map((p) => p.actual);
  const actual = [...new Set(actuals)].join(' or ');
  return { text: fact.text, range: fact.range, passed, expected: fact.text, actual, fix: passed ? undefined : fixText(fact, actuals) };
}

export function checkExpectation(
  st: ExpectStatement,
  statementIndex: number,
  outcomes: Outcome[],
  resolveId: (name: string) => string | undefined,
  sourceOfEffect: (world: WorldView, effectId: string) => string | undefined,
): ExpectationResult {
  const ex = st.expect;
  if (ex.kind === 'facts') {
    const facts = ex.facts.map((f) => checkFact(f, outcomes, ex.subject.text + (ex.subject.copyIndex ? `#${ex.subject.copyIndex}` : ''), resolveId));
    const failed = facts.filter((f) => !f.passed);
    const text = `${ex.subject.text}${ex.subject.copyIndex ? `#${ex.subject.copyIndex}` : ''}: ${ex.facts.map((f) => f.text).join('; ')}`;
    const shown = failed.length ? failed : facts;
    return expectationResult(statementIndex, st, text, failed.length === 0, shown.map((f) => f.expected).join('; '), shown.map((f) => f.actual).join('; '), facts);
  }
  if (ex.kind === 'loop') {
    const ids = ex.objects.map((r) => resolveId(r.text + (r.copyIndex ? `#${r.copyIndex}` : '')));
    const okIn = (w: WorldView) => w.loops.some((loop) => ids.every((id) => loop.some((e) => sourceOfEffect(w, e) === id)));
    const passed = outcomes.length > 0 && outcomes.every((o) => okIn(o.world));
    const w0 = outcomes[0]?.world;
    const actual = w0 && w0.loops.length ? `loops: ${w0.loops.map((l) => l.map((e) => sourceOfEffect(w0, e) ?? e).join(' ↔ ')).join('; ')}` : 'no dependency loop';
    const text = `loop ${ex.objects.map((r) => r.text).join(', ')}`;
    return expectationResult(statementIndex, st, text, passed, text, passed ? text : actual, []);
  }
  const a = resolveId(ex.dependent.text + (ex.dependent.copyIndex ? `#${ex.dependent.copyIndex}` : ''));
  const b = resolveId(ex.on.text + (ex.on.copyIndex ? `#${ex.on.copyIndex}` : ''));
  const src = (w: WorldView, id: string, known?: string) => known ?? sourceOfEffect(w, id);
  const okIn = (w: WorldView) => w.dependencies.some((d) => src(w, d.dependent, d.dependentSource) === a && src(w, d.on, d.onSource) === b);
  const passed = outcomes.length > 0 && outcomes.every((o) => okIn(o.world));
  const w0 = outcomes[0]?.world;
  const deps = w0 ? w0.dependencies.map((d) => `${src(w0, d.dependent, d.dependentSource)} depends on ${src(w0, d.on, d.onSource)}`) : [];
  const text = `${ex.dependent.text} depends on ${ex.on.text}`;
  return expectationResult(statementIndex, st, text, passed, text, passed ? text : deps.length ? deps.join('; ') : 'no dependency', []);
}

/**
 * One expectation's result, every field written out in one literal. Not
 * `{ ...base, text, … }`: on V8 11 (Node 20) an object spread followed by
 * properties its source lacks gets a hidden class of its own, each time (217
 * classes for the 240 results of the 2,000-line benchmark file), which V8
 * makes at run time and every later read of a result then looks up.
 */
function expectationResult(statementIndex: number, st: ExpectStatement, text: string, passed: boolean, expected: string, actual: string, facts: FactResult[]): ExpectationResult {
  return { statementIndex, line: st.range.start.line, range: st.range, text, passed, expected, actual, facts };
}
