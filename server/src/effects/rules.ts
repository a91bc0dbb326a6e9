// Rule effects (613.11): continuous effects that change the rules of the
// game for an object or a player rather than a characteristic. Combat
// restrictions and requirements (508.1c–d, 509.1b–c), `doesn't untap during
// its controller's untap step` (302.6), `can't be countered`, `can't have
// counters put on it`, `activated abilities can't be activated`, cast and
// play permissions, cost changes (601.2f), an additional land (305.2).
//
// Each reading keeps the words it read as its description (shown in the
// object table, the hover and the trace) and, where the timeline can apply
// it, a `rule` the engine checks (engine/rules.ts).

import type { Condition, EffectSpec, Expr, Filter, Part, RuleKind, RulesPart, Selector, Zone } from './ir';
import { parseCondition } from './conditions';
import { entryCondition } from './replacement-enters';
import { parseCount, parseForEach } from './count';
import { eatSelf, emptyFilter, parseNounPhrase, parsePlayer, parseSelector, parseSubject, parseTail, type ReadState } from './selector';
import type { Words } from './words';

const rulesPart = (description: string, rule?: RuleKind, extra: Partial<RulesPart> = {}): RulesPart => ({ layer: 'rules', kind: 'rules', description, ...(rule ? { rule } : {}), ...extra });

/** `unless COND` after a restriction: the restriction applies while COND is false. */
function unless(c: Words, st: ReadState): Condition | undefined | false {
  const at = c.save();
  if (!c.opt('unless')) return undefined;
  // `unless their controller pays {2} for each creature they control that's attacking you` (Propaganda): a payment as
  // attacks are declared (508.1d); combat is not modelled, so the words are read and the rule is shown with them.
  if (unlessPays(c, st)) return undefined;
  // `unless you control a 1/1 creature`, or a fact the scenario does not record (`unless you've cast a creature spell this turn`).
  const cond = pastOrCondition(c, st);
  if (cond) return cond;
  c.restore(at);
  return false;
}

/** `unless PLAYER pays COST [for each …]` to the end of the sentence (Propaganda, Ghostly Prison); false (cursor unchanged) otherwise. */
export function readUnlessPays(c: Words, st: ReadState): boolean {
  const at = c.save();
  if (c.opt('unless') && unlessPays(c, st)) return true;
  c.restore(at);
  return false;
}

/** After `unless`: `PLAYER pays COST [for each …]`, read to its end; false (cursor unchanged) when it is not that. */
function unlessPays(c: Words, st: ReadState): boolean {
  const at = c.save();
  const who = parsePlayer(c, st);
  if (!who || !c.opt('pays') || c.peek()?.kind !== 'mana') return back(c, at);
  c.next();
  if (c.done) return true;
  if (!c.opt('for', 'each')) return back(c, at);
  // `for each of those creatures`, `for each creature they control that's attacking you`
  if (c.opt('of', 'those', 'creatures') || c.opt('of', 'them')) return c.done || back(c, at);
  const per = parseForEach(c, st);
  return (!!per && c.done) || back(c, at);
}

function back(c: Words, at: number): false {
  c.restore(at);
  return false;
}

/** A condition on the board to the end of the sentence, or a fact about the past answered with `choosing yes|no` (replacement-enters.ts). */
function pastOrCondition(c: Words, st: ReadState): Condition | undefined {
  const at = c.save();
  const cond = parseCondition(c, st);
  if (cond && c.done) return cond;
  c.restore(at);
  return entryCondition(c, st);
}

/** `creatures with power 2 or less`, `Walls`, `three or more creatures`, `more than one creature`: who may (not) block. */
function blockers(c: Words, st: ReadState): boolean {
  const at = c.save();
  c.opt('more', 'than') || c.opt('at', 'least');
  const x = c.peek();
  if (x && (x.kind === 'number' || /^(one|two|three|four|five)$/.test(x.w))) {
    c.next();
    c.opt('or', 'more');
  }
  const f = parseSelector(c, st);
  if (f) return true;
  c.restore(at);
  return false;
}

/** `can't attack`, `can't block`, `can't attack or block [alone]`, `can't attack you or planeswalkers you control`. */
function cantAttackOrBlock(c: Words, st: ReadState): boolean {
  if (!c.oneOf(["can't", 'attack', 'or', 'block'], ["can't", 'attack'], ["can't", 'block'], ['cannot', 'attack'], ['cannot', 'block'])) return false;
  c.opt('alone');
  if (c.opt('you')) c.opt('or', 'planeswalkers', 'you', 'control');
  else if (c.opt('a', 'player', 'it', 'has', 'already', 'attacked', 'this', 'turn')) return true;
  else if (c.ws[c.i - 1]!.w === 'block' && c.opt('it')) return true;
  // `can't block creatures with power 2 or greater`
  else if (c.ws[c.i - 1]!.w === 'block' && !c.is('this') && !c.is('unless') && !c.is('as')) blockers(c, st);
  return true;
}

/** `can't be blocked [by FILTER | except by FILTER | except by N or more creatures | by more than one creature]`. */
function cantBeBlocked(c: Words, st: ReadState): boolean {
  if (!c.oneOf(["can't", 'be', 'blocked'], ['cannot', 'be', 'blocked'])) return false;
  const at = c.save();
  if (c.opt('except', 'by') || c.opt('by')) {
    if (!blockers(c, st)) {
      c.expect('who may not block (`creatures with power 2 or less`, `Walls`, `more than one creature`)');
      c.restore(at);
    }
  }
  return true;
}

/** `can block only creatures with flying`, `can block an additional creature each combat`, `can block any number of creatures`. */
function canBlock(c: Words, st: ReadState): boolean {
  const at = c.save();
  if (!c.opt('can', 'block')) return false;
  if (c.opt('only')) {
    if (blockers(c, st)) return true;
  } else if (c.opt('an', 'additional', 'creature') || c.opt('any', 'number', 'of', 'creatures')) {
    c.opt('each', 'combat');
    return true;
  } else {
    const x = c.peek();
    if (x && (x.kind === 'number' || /^(two|three|four)$/.test(x.w)) && c.peek(1)?.w === 'additional') {
      c.i += 2;
      if (c.opt('creatures') || c.opt('creature')) {
        c.opt('each', 'combat');
        return true;
      }
    }
  }
  c.restore(at);
  return false;
}

/** Requirements that last this turn (`attacks this turn if able`): the effect's duration is the turn (611.2a gives it no other). */
export const lastsThisTurn = new WeakSet<Part>();

/**
 * 508.1d, 509.1c: `attacks each combat if able`, `attacks or blocks each combat
 * if able`, `blocks each turn if able`, `must be blocked if able`, and the
 * one-turn forms `attacks this turn if able`, `must be blocked this turn if
 * able`, `blocks ~ this turn if able`. Combat is not modelled: shown as a rule.
 */
function requirement(c: Words, st: ReadState): 'always' | 'this-turn' | undefined {
  const at = c.save();
  if (c.oneOf(['must', 'be', 'blocked', 'if', 'able'], ['must', 'be', 'blocked', 'by', 'all', 'creatures', 'able', 'to', 'block', 'it'])) return 'always';
  if (c.oneOf(['must', 'be', 'blocked', 'this', 'turn', 'if', 'able'])) return 'this-turn';
  if (!c.oneOf(['attacks', 'or', 'blocks'], ['attack', 'or', 'block'], ['attacks'], ['attack'], ['blocks'], ['block'])) return undefined;
  if (c.oneOf(['each', 'combat', 'if', 'able'], ['each', 'turn', 'if', 'able'])) return 'always';
  // `blocks ~ this turn if able`, `blocks target creature this turn if able`
  if (c.ws[c.i - 1]!.w.startsWith('block') && !c.is('this')) {
    const what = parseSubject(c, st);
    if (!what || what.kind !== 'object') {
      c.restore(at);
      return undefined;
    }
  }
  if (c.oneOf(['this', 'turn', 'if', 'able'], ['this', 'combat', 'if', 'able'])) return 'this-turn';
  c.restore(at);
  return undefined;
}

/**
 * A rule predicate after an object subject, or undefined (cursor unchanged).
 * The subject is needed for `its activated abilities`.
 */
export function parseRulePredicate(c: Words, st: ReadState): Part[] | undefined {
  const at = c.save();
  const done = (rule?: RuleKind): Part[] | undefined => {
    const u = unless(c, st);
    if (u === false) {
      c.restore(at);
      return undefined;
    }
    return [rulesPart(c.slice(at, c.i), rule, u ? { unless: u } : {})];
  };
  if (cantAttackOrBlock(c, st) || cantBeBlocked(c, st) || canBlock(c, st)) return done();
  const required = requirement(c, st);
  if (required) {
    const parts = done();
    if (required === 'this-turn') for (const p of parts ?? []) lastsThisTurn.add(p);
    return parts;
  }
  if (c.oneOf(['can', 'attack', 'as', 'though', 'it', "didn't", 'have', 'defender'], ['can', 'block', 'as', 'though', 'it', 'were', 'untapped'])) return done();
  if (c.oneOf(['assigns', 'combat', 'damage', 'equal', 'to', 'its', 'toughness', 'rather', 'than', 'its', 'power'], ['assign', 'combat', 'damage', 'equal', 'to', 'their', 'toughness', 'rather', 'than', 'their', 'power'])) return done();
  // 302.6
  if (c.oneOf(["doesn't", 'untap'], ["don't", 'untap'], ['does', 'not', 'untap'])) {
    if (c.oneOf(['during', 'its', "controller's", 'untap', 'step'], ['during', 'their', "controllers'", 'untap', 'steps'], ['during', 'your', 'untap', 'step'], ['during', 'its', "controller's", 'next', 'untap', 'step'], ['during', 'their', "controller's", 'next', 'untap', 'step'], ['during', 'their', "controllers'", 'next', 'untap', 'steps'], ['during', 'your', 'next', 'untap', 'step'])) return done({ kind: 'no-untap' });
    c.expect("`during its controller's untap step`");
    c.restore(at);
    return undefined;
  }
  if (c.oneOf(["can't", 'be', 'countered'], ['cannot', 'be', 'countered'])) return done();
  if (c.oneOf(["can't", 'have', 'counters', 'put', 'on', 'it'], ["can't", 'have', 'counters', 'placed', 'on', 'it'], ["can't", 'have', 'counters', 'put', 'on', 'them'])) return done({ kind: 'no-counters' });
  if (c.oneOf(["can't", 'be', 'the', 'target', 'of'], ["can't", 'be', 'the', 'targets', 'of'])) {
    if (c.oneOf(['spells', 'or', 'abilities'], ['spells'], ['abilities'])) {
      parseTail(c, st, emptyFilter());
      c.opt('your', 'opponents', 'control');
      return done();
    }
    c.expect('`spells or abilities`');
    c.restore(at);
    return undefined;
  }
  if (c.oneOf(["can't", 'be', 'regenerated'], ["can't", 'be', 'sacrificed'], ["can't", 'transform'], ["can't", 'be', 'enchanted'], ["can't", 'be', 'equipped'])) return done();
  if (c.opt('can', 'be', 'attached', 'only', 'to')) {
    c.opt('a') || c.opt('an');
    if (parseNounPhrase(c, st)) return done();
    c.restore(at);
    return undefined;
  }
  return undefined;
}

/** `its activated abilities [with {T} in their costs] can't be activated` (after `and`, about the same subject). */
export function parseActivatedRestriction(c: Words): Part[] | undefined {
  const at = c.save();
  if (!c.opt('its', 'activated', 'abilities') && !c.opt('their', 'activated', 'abilities')) return undefined;
  const tap = c.oneOf(['with', '{T}', 'in', 'their', 'costs'], ['with', '{t}', 'in', 'their', 'costs']);
  if (c.oneOf(["can't", 'be', 'activated'], ['cannot', 'be', 'activated'])) {
    return [rulesPart(c.slice(at, c.i), { kind: 'no-activate', ...(tap ? { tapCostOnly: true } : {}) })];
  }
  c.restore(at);
  return undefined;
}

// ---------------------------------------------------------------------------
// Sentences about players and spells

const onPlayer = (player: Selector, part: Part, condition?: Condition): EffectSpec => ({ affected: player, parts: [part], ...(condition ? { condition } : {}) });

/** `from your graveyard`, `from the top of your library`, `from exile`, `exiled with ~`: the zone the card is in. */
function fromZone(c: Words, st: ReadState): Zone | undefined {
  const at = c.save();
  if (c.oneOf(['they', 'exiled', 'with'], ['you', 'exiled', 'with'], ['exiled', 'with'], ['from', 'among', 'cards', 'exiled', 'with'])) {
    if (eatSelf(c, st.ctx)) {
      c.opt('this', 'turn');
      return 'exile';
    }
    c.restore(at);
    return undefined;
  }
  if (c.oneOf(['from', 'your', 'graveyard'], ['from', 'a', 'graveyard'])) return 'graveyard';
  if (c.opt('from', 'exile')) return 'exile';
  if (c.opt('from', 'the', 'top', 'of', 'your', 'library')) return 'library';
  if (c.opt('from', 'your', 'hand')) return 'hand';
  return undefined;
}

/**
 * `You may cast ~ from your graveyard`, `You may cast creature spells from the
 * top of your library`, `You may play cards exiled with ~`, `You may play an
 * additional land on each of your turns`, `During each of your turns, you may
 * cast a creature spell from your graveyard` (601.2, 305.2).
 */
/** `by paying … rather than paying its mana cost`: an alternative cost (118.9); costs are not paid in scenarios, so it is read as words. */
function alternativeCost(c: Words): boolean {
  const at = c.save();
  if (!c.opt('by')) return false;
  while (!c.done && !c.is('rather', 'than')) c.next();
  if (c.opt('rather', 'than', 'paying', 'its', 'mana', 'cost') || c.opt('rather', 'than', 'pay', 'its', 'mana', 'cost')) return true;
  c.restore(at);
  return false;
}

/**
 * 118.9: `You may exile two green cards from your hand rather than pay ~'s mana
 * cost.`, `You may pay {1}{W} rather than pay this spell's mana cost.`: an
 * alternative cost of this card (shown; costs are not paid in scenarios).
 */
function alternativeCostRule(c: Words, st: ReadState): EffectSpec | undefined {
  const at = c.save();
  if (!c.opt('you', 'may')) return undefined;
  const from = c.i;
  while (!c.done && !c.is('rather', 'than')) c.next();
  if (c.i === from || !c.opt('rather', 'than', 'pay')) return fail(c, at);
  if (!(c.opt('this', "spell's") || eatSelf(c, st.ctx)) || !c.opt('mana', 'cost') || !c.done) return fail(c, at);
  return { affected: { kind: 'object', ref: { kind: 'self' } }, parts: [rulesPart(`alternative cost (118.9): ${c.slice(from, c.i)}`)] };
}

/** `As an additional cost to cast ~, exile two creature cards from your graveyard.` on a permanent card (601.2f; shown). */
function additionalCostRule(c: Words, st: ReadState): EffectSpec | undefined {
  const at = c.save();
  if (!c.opt('as', 'an', 'additional', 'cost', 'to', 'cast')) return undefined;
  if (!(c.opt('this', 'spell') || eatSelf(c, st.ctx)) || !c.opt(',') || c.done) return fail(c, at);
  const from = c.i;
  while (!c.done) c.next();
  return { affected: { kind: 'object', ref: { kind: 'self' } }, parts: [rulesPart(`additional cost (601.2f): ${c.slice(from, c.i)}`)] };
}

function permission(c: Words, st: ReadState): EffectSpec | undefined {
  const at = c.save();
  const who = parsePlayer(c, st);
  if (!who || !c.opt('may')) {
    c.restore(at);
    return undefined;
  }
  const player: Selector = { kind: 'player', player: who };
  // 305.2: `play an additional land on each of your turns` / `this turn`
  if (c.opt('play', 'an', 'additional', 'land') || c.opt('play', 'two', 'additional', 'lands')) {
    if (c.oneOf(['on', 'each', 'of', 'your', 'turns'], ['on', 'each', 'of', 'their', 'turns'], ['this', 'turn'])) return onPlayer(player, rulesPart(`${c.slice(at, c.i)} (305.2)`));
    c.expect('`on each of your turns`');
    c.restore(at);
    return undefined;
  }
  // `You may have ~ assign its combat damage as though it weren't blocked` (510.1c)
  if (c.opt('have')) {
    const s = parseSubject(c, st);
    if (s && s.kind === 'object' && c.oneOf(['assign', 'its', 'combat', 'damage', 'as', 'though', 'it', "weren't", 'blocked'])) return { affected: s, parts: [rulesPart(c.slice(at, c.i))] };
    c.restore(at);
    return undefined;
  }
  if (!c.opt('cast') && !c.opt('play')) {
    c.restore(at);
    return undefined;
  }
  const self = eatSelf(c, st.ctx);
  if (!self) {
    c.opt('a') || c.opt('an');
    const f = parseSelector(c, st);
    if (!f) {
      c.expect('what may be cast (`~`, `creature spells`, `a creature card`)');
      c.restore(at);
      return undefined;
    }
  }
  const zone = fromZone(c, st);
  if (!zone) {
    c.expect('where from (`from your graveyard`, `from the top of your library`, `from exile`, `exiled with ~`)');
    c.restore(at);
    return undefined;
  }
  // `by paying {B}{B} and sacrificing two creatures rather than paying its mana cost` (118.9, an alternative cost), `but not from anywhere else`.
  alternativeCost(c);
  c.opt(',', 'but', 'not', 'from', 'anywhere', 'else');
  // `… if you gained life this turn`: while that holds (a fact of the past is answered with `choosing`).
  const ifAt = c.save();
  const condition = c.opt('if') ? pastOrCondition(c, st) : undefined;
  if (!condition) c.restore(ifAt);
  // `You may cast ~ from your graveyard`: a rule about this card, working in that zone (113.6).
  if (self) return { affected: { kind: 'object', ref: { kind: 'self' } }, parts: [rulesPart(c.slice(at, c.i), undefined, { functionsIn: zone })], ...(condition ? { condition } : {}) };
  return onPlayer(player, rulesPart(c.slice(at, c.i)));
}

/** `The named card can't be cast`, `Noncreature spells with mana value 4 or greater can't be cast`, `Your opponents can't cast spells`. */
function castRestriction(c: Words, st: ReadState): EffectSpec | undefined {
  const at = c.save();
  if (c.opt('the', 'named', 'card') || c.opt('cards', 'with', 'the', 'chosen', 'name') || c.opt('spells', 'with', 'the', 'chosen', 'name')) {
    if (c.oneOf(["can't", 'be', 'cast'], ['cannot', 'be', 'cast'])) {
      const f: Filter = { ...emptyFilter(), noun: 'card', name: { kind: 'choice', index: 0 } };
      return { affected: { kind: 'filter', filter: f }, parts: [rulesPart(c.slice(at, c.i))] };
    }
    c.restore(at);
    return undefined;
  }
  // `You can't cast this spell unless an opponent lost life this turn.`: a rule about this card (601.3).
  if (c.oneOf(['you', "can't", 'cast', 'this', 'spell'], ['you', 'cannot', 'cast', 'this', 'spell']) || (c.opt('you', "can't", 'cast') && eatSelf(c, st.ctx))) {
    const u = unless(c, st);
    if (u && c.done) return { affected: { kind: 'object', ref: { kind: 'self' } }, parts: [rulesPart(c.slice(at, c.i), undefined, { unless: u })] };
    c.restore(at);
    return undefined;
  }
  c.restore(at);
  const spells = parseSelector(c, st);
  if (spells && spells.noun === 'spell' && c.oneOf(["can't", 'be', 'cast'], ['cannot', 'be', 'cast'])) {
    return { affected: { kind: 'filter', filter: spells }, parts: [rulesPart(c.slice(at, c.i))] };
  }
  c.restore(at);
  const who = parsePlayer(c, st);
  if (who && c.oneOf(["can't", 'cast'], ['cannot', 'cast'])) {
    const f = parseSelector(c, st);
    if (f) {
      c.opt('during', 'your', 'turn') || c.opt('this', 'turn');
      return onPlayer({ kind: 'player', player: who }, rulesPart(c.slice(at, c.i)));
    }
  }
  if (who && c.oneOf(["can't", 'search', 'libraries'], ["can't", 'gain', 'life'], ["can't", 'lose', 'the', 'game'], ["can't", 'win', 'the', 'game'])) {
    return onPlayer({ kind: 'player', player: who }, rulesPart(c.slice(at, c.i)));
  }
  c.restore(at);
  return undefined;
}

/**
 * 601.2f cost changes: `This spell costs {1} less to cast for each …`,
 * `~ costs {2} less to cast if …`, `This spell costs {X} less to cast, where X
 * is …`, `Spells you cast cost {1} less to cast`, `Enchanted artifact's
 * activated abilities cost {2} less to activate`.
 */
function costChange(c: Words, st: ReadState): EffectSpec | undefined {
  const at = c.save();
  let affected: Selector | undefined;
  let thisTurn = false;
  let filter: Filter = { ...emptyFilter(), noun: 'spell', zones: ['stack'] };
  if (eatSelf(c, st.ctx)) affected = { kind: 'object', ref: { kind: 'self' } };
  else {
    c.opt('each');
    const f = parseSelector(c, st);
    const spells = (g: Filter): boolean => (g.anyOf?.length ? g.anyOf.every(spells) : g.noun === 'spell');
    if (f && spells(f)) {
      filter = f;
      affected = { kind: 'player', player: { kind: 'each-player' } };
      // `Artifact spells you cast this turn cost {1} less` (a Saga chapter): for the turn.
      if (c.opt('this', 'turn')) thisTurn = true;
    } else {
      c.restore(at);
      const s = parseSubject(c, st);
      if (!s || s.kind !== 'object' || !c.opt('activated', 'abilities')) {
        c.restore(at);
        return undefined;
      }
      affected = s;
    }
  }
  if (!c.opt('cost') && !c.opt('costs')) {
    c.restore(at);
    return undefined;
  }
  const m = c.peek();
  const generic = m && m.kind === 'mana' ? /^\{(\d+|X)\}$/i.exec(m.raw) : undefined;
  if (!generic) {
    c.expect('a generic cost such as {1}');
    c.restore(at);
    return undefined;
  }
  c.next();
  const more = c.opt('more');
  if (!more && !c.opt('less')) {
    c.expect('`more` or `less`');
    c.restore(at);
    return undefined;
  }
  c.opt('to', 'cast') || c.opt('to', 'activate');
  const isX = generic[1]!.toLowerCase() === 'x';
  const n = isX ? 1 : Number(generic[1]);
  let per: Expr | undefined;
  let condition: Condition | undefined;
  if (c.opt('for', 'each')) {
    // `for each 1 life your opponents have lost this turn`: a number of the past, answered with `choosing N`.
    per = parseForEach(c, st) ?? pastNumber(c);
    if (!per) return fail(c, at);
  } else if (c.opt(',', 'where', 'x', 'is') || c.opt('where', 'x', 'is')) {
    per = parseCount(c, st);
    if (!per || !isX) return fail(c, at);
  } else if (c.opt('if')) {
    condition = pastOrCondition(c, st);
    if (!condition) return fail(c, at);
  } else if (isX) return fail(c, at);
  const part = rulesPart(`${c.slice(at, c.i)} (601.2f)`, undefined, { costDelta: { amount: more ? n : -n, filter, ...(per ? { per } : {}) } });
  if (thisTurn) lastsThisTurn.add(part);
  return { affected, parts: [part], ...(condition ? { condition } : {}) };
}

/** The words of a number the scenario does not record, to the end of the sentence (`1 life your opponents have lost this turn`). */
function pastNumber(c: Words): Expr | undefined {
  const at = c.save();
  const cond = entryCondition(c, { ctx: { cardName: '', legendary: false, knownNames: [], isSpell: false }, targets: 0, targetPlayers: 0 });
  if (cond && cond.kind === 'answer') return { kind: 'answer', what: `the number of ${cond.question}` };
  c.restore(at);
  return undefined;
}

function fail(c: Words, at: number): undefined {
  c.restore(at);
  return undefined;
}

/** `Activated abilities of artifacts can't be activated.` */
function activatedOf(c: Words, st: ReadState): EffectSpec | undefined {
  const at = c.save();
  if (!c.opt('activated', 'abilities', 'of')) return undefined;
  const f = parseSelector(c, st);
  if (f && c.oneOf(["can't", 'be', 'activated'], ['cannot', 'be', 'activated'])) {
    return { affected: { kind: 'filter', filter: f }, parts: [rulesPart(c.slice(at, c.i), { kind: 'no-activate' })] };
  }
  c.restore(at);
  return undefined;
}

/** A whole rule sentence that does not start with an object subject, or undefined (cursor unchanged). */
export function parseRuleSentence(c: Words, st: ReadState): EffectSpec | undefined {
  // Targets and pronouns bound by a reading that failed are not bound.
  const bound = { targets: st.targets, targetPlayers: st.targetPlayers, last: st.last, lastPlayer: st.lastPlayer };
  const r = alternativeCostRule(c, st) ?? additionalCostRule(c, st) ?? permission(c, st) ?? castRestriction(c, st) ?? costChange(c, st) ?? activatedOf(c, st);
  if (!r) Object.assign(st, bound);
  return r;
}
