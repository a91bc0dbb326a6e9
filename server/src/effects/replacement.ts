// Replacement and prevention effects as written on cards (614, 615):
// `If … would …, … instead`, `… enters tapped`, `enter as a copy of …`,
// `As … enters, choose …`, `Prevent all damage …`, `The next time … would …`.

import type { ChoiceKind, Duration, EventPattern, Filter, ReplacementSpec, Selector } from './ir';
import { parseDuration } from './conditions';
import { eatSelf, parseNounPhrase, parsePlayer, parseSelector, parseSubject, parseTail, type ReadState } from './selector';
import { parseExcept } from './type-phrase';
import { numberWord, type Words } from './words';
import { parseActionClauses } from './actions';

const ENTER = ['enter', 'enters'];

function eatEnters(c: Words): boolean {
  if (!c.is(ENTER.join('|'))) return false;
  c.next();
  c.opt('the', 'battlefield');
  return true;
}

/** A static ability's replacement effects, or undefined (cursor restored). */
export function parseReplacement(c: Words, st: ReadState): ReplacementSpec[] | undefined {
  const at = c.save();
  const r = inner(c, st);
  if (!r) c.restore(at);
  return r;
}

function inner(c: Words, st: ReadState): ReplacementSpec[] | undefined {
  const at = c.save();
  // As ~ enters, choose a color / an opponent / two basic land types.
  if (c.opt('as')) {
    const subj = parseSubject(c, st);
    if (subj && eatEnters(c) && c.opt(',') && c.opt('choose')) {
      const choices: ChoiceKind[] = [];
      for (;;) {
        const n = c.peek() ? numberWord(c.peek()!.w) ?? 1 : 1;
        if (c.peek() && numberWord(c.peek()!.w) !== undefined) c.next();
        let kind: ChoiceKind | undefined;
        if (c.opt('color') || c.opt('colors')) kind = 'color';
        else if (c.opt('creature', 'type') || c.opt('creature', 'types')) kind = 'creature-type';
        else if (c.opt('basic', 'land', 'type') || c.opt('basic', 'land', 'types')) kind = 'basic-land-type';
        else if (c.opt('player')) kind = 'player';
        else if (c.opt('opponent')) kind = 'opponent';
        else if (c.opt('card', 'name')) kind = 'card-name';
        else if (c.opt('number')) kind = 'number';
        if (!kind) {
          c.expect('what to choose (a color, a creature type, a basic land type, a player, an opponent)');
          return undefined;
        }
        for (let i = 0; i < n; i++) choices.push(kind);
        if (c.opt('and') || c.opt(',')) continue;
        break;
      }
      return [{ kind: 'as-enters-choose', choices }];
    }
    c.restore(at);
  }
  // You may have ~ enter as a copy of any creature on the battlefield[, except …].
  if (c.opt('you', 'may', 'have')) {
    const subj = parseSubject(c, st);
    if (subj && c.opt('enter') && (c.opt('the', 'battlefield') || true) && c.opt('as', 'a', 'copy', 'of')) {
      const of = copyOf(c, st);
      if (of) return [{ kind: 'enters-as-copy', affected: subj, of, optional: true, except: parseExcept(c, st) }];
    }
    c.restore(at);
  }
  // If … would …, … instead.
  if (c.opt('if')) {
    const r = ifWould(c, st);
    if (r) return [r];
    c.restore(at);
    return undefined;
  }
  // SUBJECT enter(s) [the battlefield] tapped / as a copy of ~ / under your control
  const subj = parseSubject(c, st);
  if (subj && subj.kind !== 'player' && eatEnters(c)) {
    if (c.opt('tapped')) return [{ kind: 'enters-tapped', affected: subj }];
    if (c.opt('as', 'a', 'copy', 'of')) {
      const of = copyOf(c, st);
      if (of) return [{ kind: 'enters-as-copy', affected: subj, of, optional: false, except: parseExcept(c, st) }];
    }
    if (c.opt('under', 'your', 'control')) return [{ kind: 'enters-under-control', affected: subj, player: { kind: 'you' } }];
    if (c.opt('with')) {
      const n = c.peek() && numberWord(c.peek()!.w);
      if (n !== undefined) {
        c.next();
        const k = c.next();
        if (k && c.opt('counter') || c.opt('counters')) {
          c.opt('on', 'it');
          return [{ kind: 'enters-with-counters', affected: subj, counter: k!.raw, amount: { kind: 'const', value: n } }];
        }
      }
    }
    c.expect('`tapped`, `as a copy of …`, `under your control` or `with N counters`');
  }
  c.restore(at);
  const prev = parsePrevention(c, st);
  if (prev) return [prev.replacement];
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
    if (c.opt('gain', 'life')) pattern = { kind: 'gain-life', player };
    else if (c.opt('draw', 'a', 'card')) pattern = { kind: 'draw', player };
    else if (c.opt('lose', 'life')) pattern = { kind: 'lose-life', player };
  } else if (!pattern) {
    c.restore(who);
    // `a card or token`, `~`, `a creature`, `a red source you control`
    const subj = objectOrFilter(c, st);
    if (!subj || !c.eat('would')) return undefined;
    if (c.opt('be', 'put', 'into', 'a', 'graveyard') || c.opt('be', 'put', 'into', 'an', "opponent's", 'graveyard') || c.opt('be', 'put', 'into', 'your', 'graveyard')) {
      const words = c.slice(0, c.i);
      const oppGraveyard = /opponent's graveyard/.test(words);
      let from: 'battlefield' | undefined;
      if (c.opt('from', 'anywhere')) from = undefined;
      else if (c.opt('from', 'the', 'battlefield')) from = 'battlefield';
      const object = oppGraveyard && subj.kind === 'filter' ? { kind: 'filter' as const, filter: { ...subj.filter, owner: { kind: 'opponents' as const } } } : subj;
      pattern = { kind: 'to-graveyard', object, ...(from ? { from } : {}) };
    } else if (c.opt('die')) pattern = { kind: 'to-graveyard', object: subj, from: 'battlefield' };
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
    } else if (c.opt('deal', 'damage')) {
      damageSource = subj;
      pattern = { kind: 'damage', source: subj };
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
    if (c.opt('prevent', 'that', 'damage')) return { kind: 'prevent', event: pattern };
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

function eatEntersWord(c: Words): boolean {
  return c.opt('enters') || c.opt('enter');
}

/** `to that permanent or player`, `to that player`, `to it` before `instead` restates the event's recipient. */
function skipToInstead(c: Words): void {
  c.oneOf(['to', 'that', 'permanent', 'or', 'player'], ['to', 'that', 'player', 'or', 'permanent'], ['to', 'that', 'creature'], ['to', 'that', 'permanent'], ['to', 'that', 'player'], ['to', 'it'], ['to', 'them'], ['to', 'him', 'or', 'her']);
}

function objectOrFilter(c: Words, st: ReadState): Selector | undefined {
  const at = c.save();
  const s = parseSubject(c, st);
  if (s && s.kind !== 'player') return s;
  c.restore(at);
  const f = parseSelector(c, st);
  return f ? { kind: 'filter', filter: f } : undefined;
}

/** `an opponent or a permanent an opponent controls`, `you`, `a permanent or player`, `target creature`. */
function damageTargets(c: Words, st: ReadState): Selector[] | undefined {
  const out: Selector[] = [];
  for (;;) {
    // `any target` in `Prevent the next 3 damage that would be dealt to any target`: a target, as for damage.
    if (c.opt('any', 'target')) {
      out.push({ kind: 'object', ref: { kind: 'target', index: st.targets++, noun: 'any target' } });
      if (c.opt('or') || c.opt(',', 'or')) continue;
      break;
    }
    c.opt('a') || c.opt('an') || c.opt('any');
    if (c.opt('player') || c.opt('players')) {
      out.push({ kind: 'player', player: { kind: 'each-player' } });
    } else if (c.opt('opponent') || c.opt('opponents')) {
      out.push({ kind: 'player', player: { kind: 'opponents' } });
    } else if (c.opt('you')) {
      out.push({ kind: 'player', player: { kind: 'you' } });
    } else {
      const s = parseSubject(c, st);
      if (!s) return undefined;
      if (s.kind === 'filter') {
        // `a permanent an opponent controls`
        if (c.opt('an', 'opponent', 'controls')) s.filter.controller = { kind: 'opponents' };
        else if (c.opt('you', 'control')) s.filter.controller = { kind: 'you' };
      }
      out.push(s);
    }
    if (c.opt('or') || c.opt(',', 'or')) continue;
    break;
  }
  // `a permanent or player` means anything: no restriction.
  if (out.some((s) => s.kind === 'player' && s.player.kind === 'each-player') && out.some((s) => s.kind === 'filter' && !s.filter.controller && !s.filter.types.length)) return [];
  return out;
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

