// One-shot actions of spells and abilities (608.2): `Draw a card.`,
// `Untap that creature.`, `Lightning Bolt deals 3 damage to any target.`,
// and continuous effects created by resolving (611.2), with their durations.

import type { Action, Duration, Expr, Selector, Zone } from './ir';
import { parseDuration, parseEffectSentence } from './continuous';
import { parsePrevention, parseReplacement } from './replacement';
import { emptyFilter, parseCount, parsePlayer, parseSelector, parseSubject, type ReadState } from './selector';
import { numberWord, type Words } from './words';

/** A whole sentence of actions (clauses joined by `and`, `, then`). */
export function parseActions(c: Words, st: ReadState): Action[] | undefined {
  const at = c.save();
  const r = parseActionClauses(c, st, false);
  if (!r) {
    c.restore(at);
    return undefined;
  }
  c.opt('.');
  return r;
}

/** Clauses up to the end of the sentence (or up to `instead` when `stopAtInstead`). */
export function parseActionClauses(c: Words, st: ReadState, stopAtInstead: boolean): Action[] | undefined {
  const out: Action[] = [];
  for (;;) {
    const a = parseClause(c, st);
    if (!a) return out.length && stopAtInstead ? out : out.length ? (c.done ? out : undefined) : undefined;
    out.push(...a);
    if (c.done || (stopAtInstead && c.is('instead'))) return out;
    const save = c.save();
    if (c.opt(',', 'then') || c.opt('and', 'then') || c.opt('then') || c.opt('and') || c.opt(',')) {
      if (!c.done) continue;
    }
    c.restore(save);
    return out;
  }
}

const CARD_NOUNS = 'card|cards';

function amountOf(c: Words): Expr | undefined {
  const x = c.peek();
  if (!x) return undefined;
  if (c.opt('that', 'many') || c.opt('that', 'much')) return { kind: 'event-amount' };
  if (x.w === 'x') {
    c.next();
    return { kind: 'x' };
  }
  const n = numberWord(x.w);
  if (n === undefined) return undefined;
  c.next();
  return { kind: 'const', value: n };
}

function parseClause(c: Words, st: ReadState): Action[] | undefined {
  const at = c.save();
  const bound = { targets: st.targets, targetPlayers: st.targetPlayers, last: st.last };
  const back = () => {
    c.restore(at);
    Object.assign(st, bound);
  };
  const span = () => c.span(at, c.i);
  // 615 prevention created by a spell or ability.
  const prev = parsePrevention(c, st);
  if (prev) return [{ kind: 'create-replacement', replacement: prev.replacement, duration: prev.duration ?? { kind: 'forever' }, span: span() }];
  // `If a creature would enter under an opponent's control this turn, …` inside a spell: a replacement it creates.
  if (c.is('if')) {
    const rep = parseReplacement(c, st);
    if (rep) {
      const words = c.slice(at, c.i);
      const duration: Duration = /\bthis turn\b/i.test(words) ? { kind: 'end-of-turn' } : forever();
      return rep.map((replacement) => ({ kind: 'create-replacement', replacement, duration, span: span() }));
    }
    return fail();
  }
  // Mana abilities: `Add {G}`, `Add {R} or {W}`, `Add {G} for each creature you control`.
  if (c.opt('add')) {
    const m = c.peek();
    if (m && m.kind === 'mana') {
      c.next();
      let mana = m.raw;
      while (c.opt('or') || c.opt(',')) {
        const n = c.next();
        if (!n || n.kind !== 'mana') return fail();
        mana += ` or ${n.raw}`;
      }
      if (c.opt('for', 'each')) {
        const f = parseSelector(c, st);
        if (!f) return fail();
        mana += ` for each ${c.slice(at, c.i).split(' for each ')[1] ?? ''}`;
      }
      return [{ kind: 'add-mana', mana, span: span() }];
    }
    c.expect('mana symbols after `Add`');
    return fail();
  }
  // `Draw a card`, `draw two cards`, `draw that many cards`
  if (c.opt('draw') || c.opt('draws')) {
    const n = amountOf(c);
    if (!n || !c.eat(CARD_NOUNS)) return fail();
    return [{ kind: 'draw', player: { kind: 'you' }, amount: n, span: span() }];
  }
  // `Gain control of …` and other continuous effects.
  const eff = parseEffectSentence(c, st);
  if (eff) return [{ kind: 'create-effect', effect: eff.effect, duration: eff.duration ?? forever(), span: span() }];
  back();
  // PLAYER draws / discards / gains / loses
  const player = parsePlayer(c, st);
  if (player) {
    if (c.opt('draw') || c.opt('draws')) {
      const n = amountOf(c);
      if (n && c.eat(CARD_NOUNS)) return [{ kind: 'draw', player, amount: n, span: span() }];
      return fail();
    }
    if (c.opt('discard') || c.opt('discards')) {
      const n = amountOf(c);
      if (n && c.eat(CARD_NOUNS)) return [{ kind: 'discard', player, amount: n, span: span() }];
      return fail();
    }
    if (c.opt('gain') || c.opt('gains') || c.opt('lose') || c.opt('loses')) {
      const gain = /^gain/.test(c.ws[c.i - 1]!.w);
      const n = amountOf(c);
      if (n && c.eat('life')) return [{ kind: gain ? 'gain-life' : 'lose-life', player, amount: n, span: span() }];
      return fail();
    }
    back();
  }
  // untap / tap / destroy / exile / sacrifice X
  for (const verb of ['untap', 'tap', 'destroy', 'exile', 'sacrifice', 'regenerate'] as const) {
    if (c.opt(verb)) {
      const object = parseSubject(c, st);
      if (!object) return fail();
      // `sacrifice this enchantment unless you pay {W}{W}`: the payment is not modelled.
      if (c.is('unless')) while (!c.done && !c.is('.')) c.next();
      return [{ kind: verb, object, span: span() }];
    }
  }
  // Shuffle / reveal: `reveal it and shuffle it into its owner's library`, `shuffle it into its owner's library`
  if (c.opt('reveal')) {
    const s = parseSubject(c, st);
    if (!s) return fail();
    return [];
  }
  if (c.opt('shuffle')) {
    const object = parseSubject(c, st);
    if (!object) return fail();
    if (!c.eat('into', "its|their", "owner's|owners'", 'library|libraries')) return fail();
    return [{ kind: 'move', object, to: 'library', position: 'shuffle', span: span() }];
  }
  // `exile it` handled above; `put it into its owner's graveyard`, `return X to its owner's hand`
  if (c.opt('return')) {
    if (c.opt('a', 'card', 'from', 'your', 'graveyard', 'to', 'your', 'hand')) return [{ kind: 'return-from-graveyard', player: { kind: 'you' }, filter: { ...emptyFilter(), noun: 'card', zones: ['graveyard'] }, to: 'hand', span: span() }];
    const object = parseSubject(c, st);
    if (!object) return fail();
    if (!c.eat('to')) return fail();
    const z = zoneOf(c);
    if (!z) return fail();
    return [{ kind: 'move', object, to: z, span: span() }];
  }
  // `put N COUNTER counters on X`
  if (c.opt('put')) {
    const n = amountOf(c);
    if (n) {
      const k = c.next();
      if (k && (c.opt('counter') || c.opt('counters')) && c.opt('on')) {
        const object = parseSubject(c, st);
        if (object) return [{ kind: 'counters', object, counter: k.raw, amount: n, span: span() }];
      }
    }
    return fail();
  }
  // 612: `Change the text of target spell or permanent by replacing all instances of one color word with another`
  if (c.opt('change', 'the', 'text', 'of')) {
    const subject = parseSubject(c, st);
    if (!subject || !c.eat('by', 'replacing', 'all', 'instances', 'of', 'one')) return fail();
    let wordKind: 'color' | 'land-type' | undefined;
    if (c.opt('color', 'word')) wordKind = 'color';
    else if (c.opt('basic', 'land', 'type')) wordKind = 'land-type';
    if (!wordKind || !c.eat('with', 'another')) return fail();
    const duration = parseDuration(c, st);
    return [{ kind: 'create-effect', effect: { affected: subject, parts: [{ layer: '3', kind: 'text-change', wordKind, from: { kind: 'choice', index: 0 }, to: { kind: 'choice', index: 1 } }] }, duration: duration ?? forever(), span: span() }];
  }
  // SOURCE deals N damage to TARGET
  const src = parseSubject(c, st);
  if (src && src.kind === 'object' && (c.opt('deals') || c.opt('deal'))) {
    const amount = amountOf(c) ?? parseCount(c, st);
    if (!amount || !c.eat('damage', 'to')) return fail();
    const to = damageRecipient(c, st);
    if (!to) return fail();
    return [{ kind: 'damage', source: src.ref, amount, to, span: span() }];
  }
  back();
  c.expect('an action (draw, gain, untap, destroy, exile, deals N damage, gets, gains, becomes, …)');
  return undefined;

  function fail(): undefined {
    back();
    return undefined;
  }
}

function damageRecipient(c: Words, st: ReadState): Selector | undefined {
  if (c.opt('any', 'target')) return { kind: 'object', ref: { kind: 'target', index: st.targets++, noun: 'any target' } };
  if (c.opt('each', 'opponent')) return { kind: 'player', player: { kind: 'opponents' } };
  if (c.opt('each', 'player')) return { kind: 'player', player: { kind: 'each-player' } };
  if (c.opt('you')) return { kind: 'player', player: { kind: 'you' } };
  return parseSubject(c, st);
}

function zoneOf(c: Words): Zone | undefined {
  c.opt('its', "owner's") || c.opt('their', "owners'") || c.opt('your') || c.opt('the');
  const z = c.next();
  if (!z) return undefined;
  const map: Record<string, Zone> = { hand: 'hand', hands: 'hand', graveyard: 'graveyard', graveyards: 'graveyard', library: 'library', libraries: 'library', battlefield: 'battlefield', exile: 'exile' };
  return map[z.w];
}

function forever(): Duration {
  return { kind: 'forever' };
}
