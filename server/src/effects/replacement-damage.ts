// Damage replacements and prevention written on permanents (614.1a, 614.1b,
// 615): redirection (`All damage that would be dealt to you is dealt to
// enchanted creature instead`, Pariah, Palisade Giant), and the combat forms
// of prevention (`Prevent all combat damage that would be dealt to and dealt
// by enchanted creature`, `… dealt to ~ by creatures blocking it`,
// `Prevent all noncombat damage that would be dealt to you and other
// permanents you control`). The `If … would deal damage …` family is read in
// replacement.ts.

import type { Duration, EventPattern, ReplacementSpec, Selector } from './ir';
import { parseDuration } from './conditions';
import { parseSelector, parseSubject, type ReadState } from './selector';
import type { Words } from './words';

type DamagePattern = Extract<EventPattern, { kind: 'damage' }>;

/** Where reading began: a failed reading puts back the cursor and the targets it counted (`any target` numbers them). */
function mark(c: Words, st: ReadState): () => undefined {
  const at = c.save();
  const saved = { targets: st.targets, targetPlayers: st.targetPlayers, last: st.last, lastPlayer: st.lastPlayer };
  return () => {
    c.restore(at);
    Object.assign(st, saved);
    return undefined;
  };
}

/** `to X [or Y]` as a pattern's recipient. */
function withTargets(p: DamagePattern, tos: Selector[]): DamagePattern {
  if (tos.length === 1) return { ...p, to: tos[0] };
  if (tos.length > 1) return { ...p, toAny: tos };
  return p;
}

/**
 * `by unblocked creatures`, `by creatures blocking it`: a source that only
 * combat damage can come from (510), so the pattern is combat-only.
 */
function damageSource(c: Words, st: ReadState, p: DamagePattern): DamagePattern | undefined {
  const unblocked = c.opt('unblocked');
  const s = objectOrFilter(c, st);
  if (!s) return undefined;
  const blocking = c.opt('blocking', 'it') || c.opt('blocking', 'them') || c.opt('blocked', 'by', 'it');
  return { ...p, source: s, ...(unblocked || blocking ? { combatOnly: true } : {}) };
}

/** `[As long as …,] All damage that would be dealt to TARGETS [by SOURCE] is dealt to OBJECT instead.` (614.1b) */
export function parseRedirect(c: Words, st: ReadState): ReplacementSpec | undefined {
  const fail = mark(c, st);
  if (!c.opt('all', 'damage', 'that', 'would', 'be', 'dealt', 'to')) return undefined;
  const tos = damageTargets(c, st);
  if (!tos || !tos.length) return fail();
  let event: DamagePattern | undefined = withTargets({ kind: 'damage' }, tos);
  if (c.opt('by')) {
    event = damageSource(c, st, event);
    if (!event) return fail();
  }
  if (!c.eat('is', 'dealt', 'to')) return fail();
  const to = parseSubject(c, st);
  if (!to || to.kind !== 'object' || !c.eat('instead')) return fail();
  return { kind: 'redirect-damage', event, to: to.ref };
}

/**
 * `Prevent all combat damage that would be dealt to and dealt by X [this turn]`,
 * `Prevent all [combat] damage that would be dealt to X [this turn] by SOURCE`,
 * `Prevent all noncombat damage that would be dealt to X`. Other `Prevent all
 * …` sentences are read by parsePrevention (replacement.ts).
 */
export function parseCombatPrevention(c: Words, st: ReadState): { replacements: ReplacementSpec[]; duration?: Duration } | undefined {
  const fail = mark(c, st);
  if (!c.opt('prevent', 'all')) return undefined;
  const noncombat = c.opt('noncombat');
  const combat = !noncombat && c.opt('combat');
  if (!c.opt('damage', 'that', 'would', 'be', 'dealt', 'to')) return fail();
  const base: DamagePattern = { kind: 'damage', ...(combat ? { combatOnly: true } : {}), ...(noncombat ? { noncombatOnly: true } : {}) };
  // `dealt to and dealt by enchanted creature`: two prevention effects of one ability.
  if (c.opt('and', 'dealt', 'by')) {
    const x = parseSubject(c, st);
    if (!x || x.kind === 'player') return fail();
    const duration = parseDuration(c, st);
    return { replacements: [{ kind: 'prevent', event: { ...base, to: x } }, { kind: 'prevent', event: { ...base, source: x } }], ...(duration ? { duration } : {}) };
  }
  const tos = damageTargets(c, st);
  if (!tos || !tos.length) return fail();
  let event: DamagePattern | undefined = withTargets(base, tos);
  let duration = parseDuration(c, st);
  const by = c.opt('by');
  if (by) {
    event = damageSource(c, st, event);
    if (!event) return fail();
    duration = duration ?? parseDuration(c, st);
  }
  if (!by && !noncombat) return fail();
  return { replacements: [{ kind: 'prevent', event }], ...(duration ? { duration } : {}) };
}

export function objectOrFilter(c: Words, st: ReadState): Selector | undefined {
  const at = c.save();
  const s = parseSubject(c, st);
  if (s && s.kind !== 'player') return s;
  c.restore(at);
  const f = parseSelector(c, st);
  return f ? { kind: 'filter', filter: f } : undefined;
}

/** `an opponent or a permanent an opponent controls`, `you`, `a permanent or player`, `target creature`. */
export function damageTargets(c: Words, st: ReadState): Selector[] | undefined {
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
    // `to you and other permanents you control`: each of them (the same as `or` for a pattern).
    if (c.opt('or') || c.opt(',', 'or') || c.opt('and') || c.opt(',', 'and')) continue;
    break;
  }
  // `a permanent or player` means anything: no restriction.
  if (out.some((s) => s.kind === 'player' && s.player.kind === 'each-player') && out.some((s) => s.kind === 'filter' && !s.filter.controller && !s.filter.types.length)) return [];
  return out;
}

