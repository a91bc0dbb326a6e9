// Continuous effects (611, 613): `[modifiers,] SUBJECT PREDICATE [and
// PREDICATE …] [modifiers]`. One sentence gives one effect whose parts may
// sit in several layers (613.6: `gets +2/+2 and has haste`, `is a 1/1 green
// Saproling creature`). Modifiers are durations (`until end of turn`, `this
// turn`, `for as long as …`) and conditions (`as long as …`), before or after.

import type { Ability, Condition, Duration, EffectSpec, Expr, Part, Selector, TextIssue } from './ir';
import { parseCondition, parseDuration } from './conditions';
import { parseCount, parseForEach, parseThatNumber, parseWhereX, type CountOptions } from './count';
import { parseKeyword } from './keywords';
import { parsePlayerOrRules } from './players';
import { lastsThisTurn, parseActivatedRestriction, parseRulePredicate, parseRuleSentence } from './rules';
import { parseNounPhrase, parseSubject, parseTail, type ReadState } from './selector';
import { setPT, typePhrase } from './type-phrase';
import type { Word, Words } from './words';

/** Compiles a quoted ability granted by an effect (`have "…"`). Set by compile.ts to avoid an import cycle. */
export const quoted: { compile: (text: string, st: ReadState) => { ability: Ability; issues: TextIssue[] } } = { compile: (text) => ({ ability: { kind: 'unknown', text }, issues: [] }) };

/** The ability inside a quote word, its issues moved into the outer text (once each, whatever reading asked). */
export function compileQuoted(q: Word, st: ReadState): Ability {
  // A granted ability speaks of the object that has it: `this creature` inside the quotes is that object.
  const inner: ReadState = { ctx: { ...st.ctx, cardName: '', legendary: false }, targets: 0, targetPlayers: 0 };
  const r = quoted.compile(q.w, inner);
  const sink = (st.issues ??= []);
  for (const i of r.issues) {
    const moved = { ...i, start: i.start + q.start + 1, end: i.end + q.start + 1 };
    if (!sink.some((x) => x.start === moved.start && x.end === moved.end && x.message === moved.message)) sink.push(moved);
  }
  return { ...r.ability, span: { start: q.start, end: q.end } };
}

export interface ReadEffect {
  effect: EffectSpec;
  duration?: Duration;
  /** `… instead as long as …`: replaces the effect of the sentence before while its condition holds. */
  instead?: boolean;
}

/** Durations and conditions around a sentence, read before and after it. */
interface Modifiers {
  duration?: Duration;
  condition?: Condition;
  instead?: boolean;
}

/** `Until end of turn,` / `As long as COND,` / `For as long as COND,` at the start of a sentence. */
function leadingModifiers(c: Words, st: ReadState, m: Modifiers): void {
  for (;;) {
    const at = c.save();
    if (c.opt('until', 'end', 'of', 'turn', ',')) {
      m.duration = { kind: 'end-of-turn' };
      continue;
    }
    if (c.opt('this', 'turn', ',')) {
      m.duration = { kind: 'end-of-turn' };
      continue;
    }
    if (c.opt('until', 'your', 'next', 'turn', ',')) {
      m.duration = { kind: 'until-your-next-turn' };
      continue;
    }
    // `During your turn,` / `During each of your turns,`: a condition checked whenever the effect would apply.
    if (c.opt('during', 'your', 'turn', ',') || c.opt('during', 'each', 'of', 'your', 'turns', ',')) {
      m.condition = { kind: 'your-turn' };
      continue;
    }
    if (c.opt('for', 'as', 'long', 'as')) {
      const cond = parseCondition(c, st);
      if (cond && c.opt(',')) {
        m.duration = { kind: 'as-long-as', condition: cond };
        continue;
      }
      c.restore(at);
      break;
    }
    if (c.opt('as', 'long', 'as')) {
      const cond = parseCondition(c, st);
      if (cond && c.opt(',')) {
        m.condition = cond;
        continue;
      }
      c.restore(at);
    }
    break;
  }
}

/** `until end of turn`, `this turn`, `for as long as …`, `as long as …` after the predicates. */
function trailingModifiers(c: Words, st: ReadState, m: Modifiers): void {
  for (;;) {
    if (c.is('instead', 'as', 'long', 'as')) {
      c.next();
      m.instead = true;
      continue;
    }
    const d = parseDuration(c, st);
    if (d) {
      m.duration = d;
      continue;
    }
    const at = c.save();
    if (c.opt('as', 'long', 'as') || c.opt(',', 'as', 'long', 'as')) {
      const cond = parseCondition(c, st);
      if (cond) {
        m.condition = m.condition ? { kind: 'all', conditions: [m.condition, cond] } : cond;
        continue;
      }
      c.restore(at);
    }
    break;
  }
}

function withModifiers(effect: EffectSpec, m: Modifiers): ReadEffect {
  if (m.condition) effect.condition = m.condition;
  return { effect, ...(m.duration ? { duration: m.duration } : {}), ...(m.instead && m.condition ? { instead: true } : {}) };
}

/** One continuous-effect sentence (without its final period), or undefined with the cursor and bindings restored. */
export function parseEffectSentence(c: Words, st: ReadState): ReadEffect | undefined {
  const at = c.save();
  const bound = { targets: st.targets, targetPlayers: st.targetPlayers, last: st.last, lastPlayer: st.lastPlayer };
  const fail = (): undefined => {
    c.restore(at);
    // Targets bound by a reading that failed are not bound.
    Object.assign(st, bound);
    return undefined;
  };
  const m: Modifiers = {};
  leadingModifiers(c, st, m);
  c.mark();
  const simple = (effect: EffectSpec | undefined): ReadEffect | undefined => {
    if (!effect) return fail();
    trailingModifiers(c, st, m);
    // `Artifact spells you cast this turn cost {1} less to cast`: for the turn.
    if (!m.duration && effect.parts.some((p) => lastsThisTurn.has(p))) m.duration = { kind: 'end-of-turn' };
    return withModifiers(effect, m);
  };
  // 613.10 / 613.11: players' and rules effects.
  const special = parseRuleSentence(c, st) ?? (Object.assign(st, bound), parsePlayerOrRules(c, st));
  if (special) return simple(special);
  // A reader that failed binds nothing (`Creatures target player controls …`: the player is bound once).
  Object.assign(st, bound);
  // 613.4d: `Switch target creature's power and toughness`
  if (c.opt('switch')) {
    const subject = parseSubject(c, st);
    if (!subject || subject.kind === 'player') return fail();
    c.opt("'s");
    if (!c.eat('power', 'and', 'toughness')) return fail();
    return simple({ affected: subject, parts: [{ layer: '7d', kind: 'switch' }] });
  }
  // Layer 2: `You control enchanted creature.` / `Gain control of target creature`
  if (c.opt('you', 'control') || c.opt('gain', 'control', 'of') || c.opt('gains', 'control', 'of')) {
    const subject = parseSubject(c, st);
    if (!subject || subject.kind === 'player') {
      c.expect('what is controlled (`target creature`, `enchanted creature`, …)');
      return fail();
    }
    return simple({ affected: subject, parts: [{ layer: '2', kind: 'control', player: { kind: 'you' } }] });
  }
  const subjectAt = c.save();
  // `it's an artifact creature …`: the pronoun and its verb in one word.
  if (c.is("it's|they're")) {
    c.next();
    const it: Selector = st.last && st.last.kind !== 'player' ? st.last : { kind: 'object', ref: { kind: 'it' } };
    const r = typePhrase(c, st, it);
    if (!r) return fail();
    trailingModifiers(c, st, m);
    return withModifiers({ affected: it, parts: r }, m);
  }
  const subject = parseSubject(c, st);
  if (subject?.kind === 'player') {
    c.restore(subjectAt);
    c.expect('an object (a player can have hexproof, protection, a maximum hand size, or spend mana as though …)');
  }
  if (!subject || subject.kind === 'player') return fail();
  const parts: Part[] = [];
  // 7a candidates: `~'s power is equal to …`, `This creature's power and toughness are each equal to …` (604.3)
  const def = parsePowerToughnessDefinition(c, st);
  if (def) parts.push(def);
  else {
    for (;;) {
      c.mark();
      // `Creatures you control also gain protection …` (Threshold): `also` adds nothing to the meaning.
      c.opt('also');
      const p = parsePredicate(c, st, subject);
      if (!p) return fail();
      parts.push(...p);
      // `gets +X/+X, where X is …` binds X in what came before.
      parseWhereX(c, st, parts);
      // `gets -2/-0 until end of turn and attacks this turn if able`: a duration between two predicates is the effect's.
      const mid = c.save();
      const d = parseDuration(c, st);
      if (d && c.is('and') && isPredicateStart(c, 1)) m.duration = d;
      else c.restore(mid);
      const more = c.save();
      if (c.opt(',', 'and') || c.opt('and') || c.opt(',')) {
        if (isPredicateStart(c)) continue;
        c.expect('what else it does (`gets …`, `has …`, `gains …`, `loses …`, `is …`)');
      }
      c.restore(more);
      break;
    }
  }
  trailingModifiers(c, st, m);
  parseWhereX(c, st, parts);
  lateForEach(c, st, parts);
  // `attacks this turn if able`: the requirement lasts the turn.
  if (!m.duration && parts.some((p) => lastsThisTurn.has(p))) m.duration = { kind: 'end-of-turn' };
  // `loses all other abilities` is applied before the abilities the same effect grants.
  const ordered = [...parts.filter((p) => first.has(p)), ...parts.filter((p) => !first.has(p))];
  return withModifiers({ affected: subject, parts: ordered }, m);
}

/** `gets +1/+0 until end of turn for each other attacking Goblin`: the count written after the duration scales the last +N/+M (608.2h). */
function lateForEach(c: Words, st: ReadState, parts: Part[]): void {
  const last = parts[parts.length - 1];
  if (!c.is('for', 'each') || last?.kind !== 'pt' || last.layer !== '7c' || !last.power || !last.toughness) return;
  const at = c.save();
  c.i += 2;
  const count = parseForEach(c, st);
  if (!count) {
    c.restore(at);
    return;
  }
  last.power = scale(last.power, count);
  last.toughness = scale(last.toughness, count);
}

const first = new WeakSet<Part>();
function removesFirst(p: Part): Part {
  first.add(p);
  return p;
}

const PREDICATE_VERBS = new Set(['get', 'gets', 'has', 'have', 'gain', 'gains', 'lose', 'loses', 'is', 'are', 'become', 'becomes', "can't", 'cannot', 'attacks', 'attack', 'blocks', 'block', 'can', "doesn't", "don't", 'must', 'its', 'assigns', 'assign']);
function isPredicateStart(c: Words, k = 0): boolean {
  const x = c.peek(k);
  return !!x && PREDICATE_VERBS.has(x.w);
}

/**
 * After a possessive subject: `power and toughness are each equal to COUNT`,
 * `power is equal to COUNT [and its toughness is equal to COUNT]`. Layer 7a
 * when it is the object's own CDA; the engine moves a granted one to 7b (604.3a).
 */
function parsePowerToughnessDefinition(c: Words, st: ReadState): Part | undefined {
  const at = c.save();
  if (c.opt('power', 'and', 'toughness', 'are', 'each', 'equal', 'to') || c.opt('power', 'and', 'toughness', 'are', 'equal', 'to')) {
    const e = parseCount(c, st);
    if (e) return { layer: '7a', kind: 'pt', power: e, toughness: e };
  } else if (c.opt('power', 'is', 'equal', 'to')) {
    const e = parseCount(c, st);
    if (e) {
      const and = c.save();
      if ((c.opt('and', 'its', 'toughness', 'is', 'equal', 'to') || c.opt(',', 'and', 'its', 'toughness', 'is', 'equal', 'to'))) {
        const t = parseThatNumber(c, e) ?? parseCount(c, st);
        if (t) return { layer: '7a', kind: 'pt', power: e, toughness: t };
      }
      c.restore(and);
      return { layer: '7a', kind: 'pt', power: e };
    }
  } else if (c.opt('toughness', 'is', 'equal', 'to')) {
    const e = parseCount(c, st);
    if (e) return { layer: '7a', kind: 'pt', toughness: e };
  }
  c.restore(at);
  return undefined;
}

/** `+1/+1`, `-2/-0`, `+X/+0` into two expressions. */
function modifier(raw: string): [Expr, Expr] | undefined {
  const m = /^([+-])(\d+|x)\/([+-])(\d+|x)$/i.exec(raw);
  if (!m) return undefined;
  const side = (sign: string, v: string): Expr => {
    const base: Expr = v.toLowerCase() === 'x' ? { kind: 'x' } : { kind: 'const', value: Number(v) };
    return sign === '-' ? (base.kind === 'const' ? { kind: 'const', value: 0 - base.value } : { kind: 'neg', expr: base }) : base;
  };
  return [side(m[1]!, m[2]!), side(m[3]!, m[4]!)];
}

/** `+1/+1 for each …`: each side times the count. */
function scale(side: Expr, count: Expr): Expr {
  if (side.kind === 'const') return side.value === 0 ? side : side.value === 1 ? count : { kind: 'times', factor: side.value, expr: count };
  return side;
}

/** The name of an ability for `loses …` and `can't have or gain …`: the keyword, or the ability's text. */
const abilityKey = (a: Ability): string => (a.kind === 'keyword' ? a.keyword : a.text);

/** One predicate: what happens to the subject. Undefined (cursor unchanged, wish noted) if none. */
export function parsePredicate(c: Words, st: ReadState, subject: Selector, opts: CountOptions = {}): Part[] | undefined {
  const at = c.save();
  const fail = (wish?: string): undefined => {
    if (wish) c.expect(wish);
    c.restore(at);
    return undefined;
  };
  // 7c: `gets +N/+M [for each …]`
  if (c.opt('get') || c.opt('gets')) {
    // `it gets an additional +2/+2`: one more modification, applied like any other (613.4c).
    c.opt('an', 'additional');
    const w = c.peek();
    const m = w && modifier(w.raw);
    if (!m) return fail('a modifier such as +1/+1');
    c.next();
    if (c.opt('for', 'each')) {
      // `for each +1/+1 counter on it`: `it` is each affected object.
      const count = parseForEach(c, st, opts);
      if (!count) return fail();
      return [{ layer: '7c', kind: 'pt', power: scale(m[0], count), toughness: scale(m[1], count) }];
    }
    return [{ layer: '7c', kind: 'pt', power: m[0], toughness: m[1] }];
  }
  // 7b: `has base power and toughness 0/4`, `have base power and base toughness each equal to its mana value`
  if (c.is('has|have', 'base')) {
    c.i += 2;
    const r = parseBasePT(c, st, opts);
    return r ? [r] : fail();
  }
  // Layer 6 (and 4 for `all creature types`): `has flying`, `gains haste`, `have "…"`
  if (c.opt('has') || c.opt('have') || c.opt('gain') || c.opt('gains')) {
    if (c.opt('all', 'creature', 'types')) return [{ layer: '4', kind: 'type', allCreatureTypes: true }];
    const abilities = parseAbilityList(c, st);
    return abilities ? [{ layer: '6', kind: 'abilities', add: abilities }] : fail();
  }
  if (c.opt('lose') || c.opt('loses')) {
    if (c.opt('all', 'abilities')) return [{ layer: '6', kind: 'abilities', removeAll: true }];
    // `has defender, loses all other abilities`: the loss comes before what the same effect grants.
    if (c.opt('all', 'other', 'abilities')) return [removesFirst({ layer: '6', kind: 'abilities', removeAll: true })];
    if (c.opt('all', 'creature', 'types')) return [{ layer: '4', kind: 'type', loseAllCreatureTypes: true }];
    const abilities = parseAbilityList(c, st);
    return abilities ? [{ layer: '6', kind: 'abilities', remove: abilities.map(abilityKey) }] : fail();
  }
  if (c.opt("can't", 'have', 'or', 'gain') || c.opt('cannot', 'have', 'or', 'gain')) {
    if (c.opt('abilities')) return [{ layer: '6', kind: 'abilities', removeAll: true, cantHave: true }];
    const abilities = parseAbilityList(c, st);
    if (!abilities) return fail();
    const keys = abilities.map(abilityKey);
    return [{ layer: '6', kind: 'abilities', remove: keys, cantGain: keys }];
  }
  // 613.11: rule effects (combat restrictions, `doesn't untap …`, `can't be countered`, …).
  const rule = parseRulePredicate(c, st) ?? parseActivatedRestriction(c);
  if (rule) return rule;
  // Theros gods: `isn't a creature` removes the card type (layer 4).
  if (c.oneOf(["isn't", 'a', 'creature'], ['is', 'not', 'a', 'creature'], ["aren't", 'creatures'])) return [{ layer: '4', kind: 'type', removeTypes: ['Creature'] }];
  // 702.12b: `is indestructible` means it has indestructible.
  if (c.oneOf(['is', 'indestructible'], ['are', 'indestructible'])) return [{ layer: '6', kind: 'abilities', add: [{ kind: 'keyword', text: 'Indestructible', keyword: 'indestructible' }] }];
  // Layers 1, 4, 5, 6, 7b: `is white`, `are artifacts in addition to their other types`, `becomes a 3/3 creature`
  if (c.opt('is') || c.opt('are') || c.opt('become') || c.opt('becomes')) {
    const r = typePhrase(c, st, subject);
    return r ?? fail();
  }
  return fail('what the effect does (`gets`, `has`, `gains`, `loses`, `is`, `becomes`, …)');
}

/** After `has base` / `with base`: `power and toughness N/M` / `power and [base] toughness each equal to COUNT`. */
export function parseBasePT(c: Words, st: ReadState, opts: CountOptions = {}): Part | undefined {
  const at = c.save();
  if (!c.eat('power', 'and')) return undefined;
  c.opt('base');
  if (!c.eat('toughness')) {
    c.restore(at);
    return undefined;
  }
  const x = c.peek();
  const set = x && setPT(x.raw);
  if (set) {
    c.next();
    return { layer: '7b', kind: 'pt', power: set[0], toughness: set[1] };
  }
  if (c.opt('each', 'equal', 'to') || c.opt('equal', 'to')) {
    const e = parseCount(c, st, opts);
    if (e) return { layer: '7b', kind: 'pt', power: e, toughness: e };
  } else c.expect('a P/T such as 1/1, or `each equal to …`');
  c.restore(at);
  return undefined;
}

/** `flying`, `flying and haste`, `"…"`, `protection from red`, `islandwalk`. */
export function parseAbilityList(c: Words, st: ReadState): Ability[] | undefined {
  const out: Ability[] = [];
  for (;;) {
    const x = c.peek();
    if (x && x.kind === 'quote') {
      c.next();
      out.push(compileQuoted(x, st));
    } else {
      const k = parseKeyword(c, st);
      if (!k) {
        if (!out.length) c.expect('an ability (a keyword such as flying, or a quoted ability)');
        break;
      }
      out.push(k);
    }
    const at = c.save();
    if (c.opt(',', 'and') || c.opt('and') || c.opt(',')) {
      if (c.peek()?.kind === 'quote' || probeKeyword(c, st)) continue;
      c.expect('another ability (a keyword or a quoted ability)');
    }
    c.restore(at);
    break;
  }
  return out.length ? out : undefined;
}

/** Is a keyword next (without consuming it)? */
export function probeKeyword(c: Words, st: ReadState): boolean {
  const at = c.save();
  const k = parseKeyword(c, st);
  c.restore(at);
  return !!k;
}

