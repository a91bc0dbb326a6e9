// Replacement and prevention effects as written on cards (614, 615):
// `If … would …, … instead`, `… enters tapped`, `enter as a copy of …`,
// `As … enters, choose …`, `Prevent all damage …`, `The next time … would …`.

import type { Action, Duration, EffectSpec, EventPattern, Filter, ReplacementSpec, Selector } from './ir';
import { eatSelf, parseNounPhrase, parsePlayer, parseSelector, parseSubject, parseTail, type ReadState } from './selector';
import { parseExcept } from './type-phrase';
import { numberWord, type Words } from './words';
import { parseActionClauses } from './actions';
import { parseCondition, parseDuration } from './conditions';
import { eatEnters, parseAsEnters, parseAsEntersResults, parseEntersRest, parseEntryOption, parseIfEnters } from './replacement-enters';
import { parseCounterReplacement } from './replacement-counters';
import { damageTargets, objectOrFilter, parseCombatPrevention, parseRedirect } from './replacement-damage';


/** A static ability's replacement effects, or undefined (cursor restored). */
export function parseReplacement(c: Words, st: ReadState): ReplacementSpec[] | undefined {
  const at = c.save();
  const r = inner(c, st);
  if (!r) c.restore(at);
  return r;
}

function inner(c: Words, st: ReadState): ReplacementSpec[] | undefined {
  const at = c.save();
  // `As long as ~ is untapped, all damage that would be dealt to you … is dealt to ~ instead.`
  if (c.opt('as', 'long', 'as')) {
    const cond = parseCondition(c, st);
    if (cond && c.opt(',')) {
      const r = inner(c, st);
      if (r) return r.map((x) => ({ ...x, condition: x.condition ? { kind: 'all', conditions: [cond, x.condition] } : cond }));
    }
    c.restore(at);
    return undefined;
  }
  // As ~ enters, choose a color / name a card / roll a six-sided die.
  const asEnters = parseAsEnters(c, st);
  if (asEnters) return [asEnters];
  // You may have ~ enter as a copy of any creature on the battlefield[, except …].
  if (c.opt('you', 'may', 'have')) {
    const subj = parseSubject(c, st);
    if (subj && c.opt('enter') && (c.opt('the', 'battlefield') || true) && c.opt('as', 'a', 'copy', 'of')) {
      const of = copyOf(c, st);
      if (of) return [{ kind: 'enters-as-copy', affected: subj, of, optional: true, except: parseExcept(c, st) }];
    }
    c.restore(at);
  }
  // Adamant — If at least three mana of the same color was spent to cast this spell, ~ enters with a +1/+1 counter on it.
  const ifEnters = parseIfEnters(c, st);
  if (ifEnters) return [ifEnters];
  // If one or more +1/+1 counters would be put on a creature you control, twice that many … instead.
  const counters = parseCounterReplacement(c, st);
  if (counters) return [counters];
  // If … would …, … instead.
  if (c.opt('if')) {
    const r = ifWould(c, st);
    if (r) return [r];
    c.restore(at);
    return undefined;
  }
  // All damage that would be dealt to you is dealt to enchanted creature instead.
  const redirect = parseRedirect(c, st);
  if (redirect) return [redirect];
  // SUBJECT enter(s) [the battlefield] tapped / as a copy of ~ / under your control / with counters
  const subj = parseSubject(c, st);
  if (subj && subj.kind !== 'player' && eatEnters(c)) {
    if (c.opt('as', 'a', 'copy', 'of')) {
      const of = copyOf(c, st);
      if (of) return [{ kind: 'enters-as-copy', affected: subj, of, optional: false, except: parseExcept(c, st) }];
    }
    if (c.opt('under', 'your', 'control')) return [{ kind: 'enters-under-control', affected: subj, player: { kind: 'you' } }];
    const rest = parseEntersRest(c, st, subj);
    if (rest) return [rest];
    c.expect('`tapped`, `as a copy of …`, `under your control` or `with N counters`');
  }
  c.restore(at);
  const combat = parseCombatPrevention(c, st);
  if (combat && !combat.duration) return combat.replacements;
  if (combat) c.restore(at);
  const prev = parsePrevention(c, st);
  if (prev) return [prev.replacement];
  return undefined;
}

/** A static ability written in several sentences that make one replacement (`As ~ enters, you may pay 2 life. If you don't, …`). */
export function parseReplacementLine(c: Words, st: ReadState): { replacements: ReplacementSpec[]; effects: EffectSpec[] } | undefined {
  const r = parseEntryOption(c, st);
  if (r) return { replacements: [r], effects: [] };
  const rolled = parseAsEntersResults(c, st);
  if (rolled) return rolled;
  // `If damage would be dealt to ~, prevent that damage. Remove a +1/+1 counter from ~.`
  if (!c.ws.some((w) => w.w === '.' && w !== c.ws[c.ws.length - 1])) return undefined;
  const at = c.save();
  const whole = parseReplacement(c, st);
  c.opt('.');
  if (whole && c.done) return { replacements: whole, effects: [] };
  c.restore(at);
  return undefined;
}

function copyOf(c: Words, st: ReadState): ReplacementSpec extends infer _ ? Extract<ReplacementSpec, { kind: 'enters-as-copy' }>['of'] | undefined : never {
  if (eatSelf(c, st.ctx)) return { kind: 'self' };
  if (c.is('any|a|an')) {
    // `any creature on the battlefield`, `an artifact or creature on the battlefield`
    const f = parseSelector(c, st);
    return f ? { kind: 'choose', filter: f } : undefined;
  }
  const s = parseSubject(c, st);
  if (s && s.kind === 'object') return s.ref;
  return undefined;
}

/** After `If`: the event and what happens instead. */
function ifWould(c: Words, st: ReadState): ReplacementSpec | undefined {
  // The watched event.
  let pattern: EventPattern | undefined;
  let damageSource: Selector | undefined;
  const who = c.save();
  const player = parsePlayer(c, st);
  // `If damage would be dealt to this creature, prevent that damage.`
  if (!player && c.opt('damage', 'would', 'be', 'dealt')) {
    pattern = { kind: 'damage' };
    if (c.opt('to')) {
      const tos = damageTargets(c, st);
      if (!tos) return undefined;
      if (tos.length === 1) pattern.to = tos[0];
      else if (tos.length > 1) pattern.toAny = tos;
    }
  } else if (player && c.opt('would')) {
    // `If an opponent would …, that player …` / `they …`: the one opponent the event is about, not each of them.
    if (player.kind === 'opponents' || player.kind === 'each-player') st.lastPlayer = { kind: 'event-player' };
    if (c.opt('gain', 'life')) pattern = { kind: 'gain-life', player };
    else if (c.opt('draw', 'a', 'card')) pattern = { kind: 'draw', player };
    else if (c.opt('lose', 'life')) pattern = { kind: 'lose-life', player };
  } else if (!pattern) {
    c.restore(who);
    // `a card or token`, `~`, `a creature`, `a red source you control`
    const subj = objectOrFilter(c, st);
    if (!subj || !c.eat('would')) return undefined;
    const oppGraveyard = c.opt('be', 'put', 'into', 'an', "opponent's", 'graveyard');
    if (oppGraveyard || c.opt('be', 'put', 'into', 'a', 'graveyard') || c.opt('be', 'put', 'into', 'your', 'graveyard')) {
      let from: 'battlefield' | undefined;
      if (c.opt('from', 'anywhere')) from = undefined;
      else if (c.opt('from', 'the', 'battlefield')) from = 'battlefield';
      const object = oppGraveyard && subj.kind === 'filter' ? { kind: 'filter' as const, filter: { ...subj.filter, owner: { kind: 'opponents' as const } } } : subj;
      pattern = { kind: 'to-graveyard', object, ...(from ? { from } : {}) };
    } else if (c.opt('die')) pattern = { kind: 'to-graveyard', object: subj, from: 'battlefield' };
    // `If ~ would be destroyed, regenerate it` / `…, instead remove a +1/+1 counter from it` (701.8)
    else if (c.opt('be', 'destroyed')) pattern = { kind: 'to-graveyard', object: subj, from: 'battlefield', destroyed: true };
    else if (c.opt('enter') || c.opt('enters')) {
      c.opt('the', 'battlefield');
      // `would enter under an opponent's control this turn, it enters under your control instead`
      if (c.opt('under', 'an', "opponent's", 'control')) {
        c.opt('this', 'turn');
        if (c.opt(',') && (c.opt('it') || c.opt('they')) && eatEntersWord(c) && c.opt('under', 'your', 'control', 'instead')) {
          const affected: Selector = subj.kind === 'filter' ? { kind: 'filter', filter: { ...subj.filter, controller: { kind: 'opponents' } } } : subj;
          return { kind: 'enters-under-control', affected, player: { kind: 'you' } };
        }
        return undefined;
      }
      pattern = { kind: 'enter', object: subj };
    } else if (c.opt('deal', 'damage') || c.is('deal', 'combat|noncombat', 'damage')) {
      // `would deal noncombat damage` (Soul-Scar Mage), `would deal combat damage`.
      const kind = c.is('deal') ? c.peek(1)!.w : '';
      if (kind) c.i += 3;
      damageSource = subj;
      pattern = { kind: 'damage', source: subj, ...(kind === 'combat' ? { combatOnly: true } : kind === 'noncombat' ? { noncombatOnly: true } : {}) };
      if (c.opt('to')) {
        const tos = damageTargets(c, st);
        if (!tos) return undefined;
        if (tos.length === 1) pattern.to = tos[0];
        else if (tos.length > 1) pattern.toAny = tos;
      }
    }
  }
  if (!pattern) {
    c.expect('an event (`would be put into a graveyard`, `would die`, `would gain life`, `would draw a card`, `would deal damage`)');
    return undefined;
  }
  c.opt('this', 'turn');
  if (!c.eat(',')) return undefined;
  // What happens instead. `instead` may come first or last.
  const lead = c.opt('instead');
  if (pattern.kind === 'damage') {
    const save = c.save();
    // `it deals that much damage plus 2 instead`, `it deals double that damage to that permanent or player instead`
    if ((c.opt('it') || c.opt('that', 'source') || (damageSource && c.opt('they'))) && c.opt('deals')) {
      if (c.opt('that', 'much', 'damage', 'plus')) {
        // `plus the result of a six-sided die roll` (706): the result is answered with `choosing N`.
        const die = c.save();
        if (c.opt('the', 'result', 'of', 'a') && /^\w+-sided$/.test(c.peek()?.w ?? '') && (c.next(), c.opt('die', 'roll'))) {
          const what = c.slice(die, c.i);
          skipToInstead(c);
          if (c.opt('instead')) return { kind: 'modify-damage', event: pattern, addAnswer: what };
        }
        c.restore(die);
        const n = c.peek() && numberWord(c.peek()!.w);
        if (n !== undefined) {
          c.next();
          skipToInstead(c);
          if (c.opt('instead')) return { kind: 'modify-damage', event: pattern, add: n };
        }
      }
      if (c.opt('double', 'that', 'damage') || c.opt('twice', 'that', 'much', 'damage')) {
        skipToInstead(c);
        if (c.opt('instead')) return { kind: 'modify-damage', event: pattern, multiply: 2 };
      }
      if (c.opt('triple', 'that', 'damage') || c.opt('three', 'times', 'that', 'much', 'damage')) {
        skipToInstead(c);
        if (c.opt('instead')) return { kind: 'modify-damage', event: pattern, multiply: 3 };
      }
    }
    c.restore(save);
    // `prevent 1 of that damage` (615.7 style: part of it is prevented)
    if (c.is('prevent') && numberWord(c.peek(1)?.w ?? '') !== undefined && c.is('prevent', c.peek(1)!.w, 'of', 'that', 'damage')) {
      const n = numberWord(c.peek(1)!.w)!;
      c.i += 5;
      if (c.done) return { kind: 'prevent', event: pattern, amount: n };
      c.restore(save);
    }
    if (c.opt('prevent', 'that', 'damage')) {
      if (c.done) return { kind: 'prevent', event: pattern };
      // `prevent that damage and an opponent of your choice gains control of it` / `. Remove a +1/+1 counter from ~.`:
      // the damage is replaced by what follows (615, 614.1a).
      if (c.opt('and') || c.opt('.')) {
        const acts = insteadActions(c, st);
        if (acts && c.done) return { kind: 'instead', event: pattern, actions: acts };
      }
      return undefined;
    }
    // `put that many -1/-1 counters on that creature instead`
    if (c.opt('put', 'that', 'many')) {
      const k = c.next();
      if (k && (c.opt('counters') || c.opt('counter'))) {
        c.opt('on', 'it') || c.opt('on', 'that', 'creature') || c.opt('on', 'that', 'permanent');
        if (c.opt('instead')) return { kind: 'damage-to-counters', event: pattern, counter: k.raw };
      }
    }
    c.restore(save);
  }
  // `you gain twice that much life instead`
  if (pattern.kind === 'gain-life' && c.opt('you', 'gain', 'twice', 'that', 'much', 'life', 'instead')) {
    return { kind: 'instead', event: pattern, actions: [{ kind: 'gain-life', player: { kind: 'you' }, amount: { kind: 'times', factor: 2, expr: { kind: 'event-amount' } } }] };
  }
  const inst = st;
  const prevLast = inst.last;
  inst.last = { kind: 'object', ref: { kind: 'event-object' } };
  const actions = parseActionClauses(c, st, true);
  inst.last = prevLast;
  if (!actions) return undefined;
  const trail = c.opt('instead');
  if (!lead && !trail) {
    c.expect('`instead`');
    return undefined;
  }
  return { kind: 'instead', event: pattern, actions };
}

/** The actions of a replacement, with `it` the event's object. */
function insteadActions(c: Words, st: ReadState): Action[] | undefined {
  const prevLast = st.last;
  st.last = { kind: 'object', ref: { kind: 'event-object' } };
  const acts = parseActionClauses(c, st, false);
  c.opt('.');
  st.last = prevLast;
  return acts;
}

function eatEntersWord(c: Words): boolean {
  return c.opt('enters') || c.opt('enter');
}

/** `to that permanent or player`, `to that player`, `to it` before `instead` restates the event's recipient. */
function skipToInstead(c: Words): void {
  c.oneOf(['to', 'that', 'creature', 'or', 'player'], ['to', 'that', 'permanent', 'or', 'player'], ['to', 'that', 'player', 'or', 'permanent'], ['to', 'that', 'creature'], ['to', 'that', 'permanent'], ['to', 'that', 'player'], ['to', 'it'], ['to', 'them'], ['to', 'him', 'or', 'her']);
}

/**
 * 615: `Prevent all damage that would be dealt to X this turn`, `Prevent all
 * damage creatures would deal this turn`, `The next time a red source of your
 * choice would deal damage to you this turn, prevent that damage` (609.7).
 */
export function parsePrevention(c: Words, st: ReadState): { replacement: ReplacementSpec; duration?: Duration } | undefined {
  const at = c.save();
  if (c.opt('prevent', 'all')) {
    const combat = c.opt('combat');
    if (!c.eat('damage')) return fail();
    if (c.opt('that', 'would', 'be', 'dealt', 'to')) {
      const tos = damageTargets(c, st);
      if (!tos || !tos.length) return fail();
      const duration = parseDuration(c, st);
      return { replacement: { kind: 'prevent', event: { kind: 'damage', ...(tos.length === 1 ? { to: tos[0] } : { toAny: tos }), ...(combat ? { combatOnly: true } : {}) } }, ...(duration ? { duration } : {}) };
    }
    if (c.opt('that', 'would', 'be', 'dealt')) {
      const duration = parseDuration(c, st);
      return { replacement: { kind: 'prevent', event: { kind: 'damage', ...(combat ? { combatOnly: true } : {}) } }, ...(duration ? { duration } : {}) };
    }
    // `Prevent all damage creatures would deal this turn`, `… that sources would deal …`
    c.opt('that');
    const src = objectOrFilter(c, st);
    if (src && c.opt('would', 'deal')) {
      let to: Selector[] | undefined;
      if (c.opt('to')) to = damageTargets(c, st);
      const duration = parseDuration(c, st);
      return { replacement: { kind: 'prevent', event: { kind: 'damage', source: src, ...(to && to.length === 1 ? { to: to[0] } : to && to.length ? { toAny: to } : {}) } }, ...(duration ? { duration } : {}) };
    }
    return fail();
  }
  if (c.opt('prevent', 'the', 'next')) {
    const n = c.peek() && numberWord(c.peek()!.w);
    if (n === undefined) return fail();
    c.next();
    if (!c.eat('damage', 'that', 'would', 'be', 'dealt', 'to')) return fail();
    const tos = damageTargets(c, st);
    if (!tos || !tos.length) return fail();
    const duration = parseDuration(c, st);
    return { replacement: { kind: 'prevent', event: { kind: 'damage', ...(tos.length === 1 ? { to: tos[0] } : { toAny: tos }) }, amount: n, shield: true }, ...(duration ? { duration } : {}) };
  }
  if (c.opt('the', 'next', 'time')) {
    // `a red source of your choice would deal damage to you this turn, prevent that damage`
    let source: Selector | undefined;
    let chooseSource = false;
    const sAt = c.save();
    c.opt('a') || c.opt('an');
    const f: Filter | undefined = parseNounPhrase(c, st);
    if (f) {
      if (c.opt('of', 'your', 'choice')) chooseSource = true;
      parseTail(c, st, f);
      source = { kind: 'filter', filter: f };
    } else c.restore(sAt);
    const player = !source ? parsePlayer(c, st) : undefined;
    if (!c.eat('would')) return fail();
    if (player && c.opt('draw', 'a', 'card')) {
      const duration = parseDuration(c, st);
      if (!c.eat(',')) return fail();
      const acts = parseActionClauses(c, st, true);
      if (!acts || !c.opt('instead')) return fail();
      return { replacement: { kind: 'instead', event: { kind: 'draw', player }, actions: acts, once: true }, ...(duration ? { duration } : {}) };
    }
    if (!c.eat('deal', 'damage')) return fail();
    let to: Selector[] | undefined;
    if (c.opt('to')) to = damageTargets(c, st);
    const duration = parseDuration(c, st);
    if (!c.eat(',', 'prevent', 'that', 'damage')) return fail();
    return {
      replacement: { kind: 'prevent', event: { kind: 'damage', ...(source ? { source } : {}), ...(to && to.length === 1 ? { to: to[0] } : to && to.length ? { toAny: to } : {}) }, shield: true, ...(chooseSource ? { chooseSource } : {}) },
      ...(duration ? { duration } : {}),
    };
  }
  return undefined;

  function fail(): undefined {
    c.restore(at);
    return undefined;
  }
}

