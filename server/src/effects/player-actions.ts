// What a player does in an effect (608.2): `Target player draws two cards`,
// `you gain 3 life`, `each opponent loses 2 life`, `that player sacrifices a
// creature`, `draws cards equal to the greatest power among creatures you
// control`. Several verbs may share the player (`Target player draws two
// cards and loses 2 life`), and several players one verb (`You and target
// opponent each draw two cards`).

import type { Action, Expr, PlayerRef } from './ir';
import { parseAmount, parseCount } from './count';
import { forEachAmount } from './amounts';
import { parsePlayer, parseSubject, type ReadState } from './selector';
import { parseDuration } from './conditions';
import { parseTokenActions } from './tokens';
import { parseSacrificeChosen } from './sacrifice';
import { parseReturns } from './returns';
import { parseAddMana } from './mana';
import { compileQuoted } from './continuous';
import { parseNotSimulated } from './not-simulated';
import type { Words } from './words';

/** Verbs a player does, third person: with `and` / `then` before them the player named last does them (`… and loses 2 life`). */
const PLAYER_VERBS = 'draws|discards|mills|loses|gains|sacrifices|creates|returns|puts|shuffles';

/** The player of a clause: `PLAYER`, `PLAYER and PLAYER each`, or (after `and`/`then`) the player named last. */
export function clausePlayers(c: Words, st: ReadState): PlayerRef[] | undefined {
  const at = c.save();
  const first = parsePlayer(c, st);
  if (first) {
    // `You and target opponent each draw two cards`
    const more = c.save();
    if (c.opt('and')) {
      const second = parsePlayer(c, st);
      if (second && c.opt('each')) return [first, second];
    }
    c.restore(more);
    st.lastPlayer = first;
    st.subjectPlayer = first;
    return [first];
  }
  c.restore(at);
  const carried = carriedPlayer(c, st);
  return carried ? [carried] : undefined;
}

/** After `and` / `then`, a third-person verb with no subject: the player of the clause before does it (`… sacrifices it, then puts …`). */
export function carriedPlayer(c: Words, st: ReadState): PlayerRef | undefined {
  const prev = c.ws[c.i - 1]?.w;
  const carried = st.subjectPlayer ?? st.lastPlayer;
  return carried && (prev === 'and' || prev === 'then' || prev === ',') && c.is(PLAYER_VERBS) ? carried : undefined;
}

/** `draw two cards`, `cards equal to COUNT`, `a card for each …`: after a draw/discard/mill verb. */
function cardAmount(c: Words, st: ReadState): Expr | undefined {
  // `draw cards equal to the greatest power among creatures you control` (608.2h: counted as it resolves)
  // `its` with nothing named before it: the ability's own object (`When ~ enters, draw cards equal to its power`).
  if (c.opt('cards', 'equal', 'to')) return parseCount(c, st, { its: st.last?.kind === 'object' ? st.last.ref : { kind: 'self' } });
  const n = parseAmount(c);
  // `draws an additional card`: one more card (the draw step's own draw is not the ability's).
  if (n) c.opt('additional');
  return n && c.eat('card|cards') ? forEachAmount(c, st, n) : undefined;
}

/** A draw, discard or mill by `player` (the verb is next); undefined when it is not one. */
export function parseCardVerb(c: Words, st: ReadState, player: PlayerRef, at: number): Action[] | undefined {
  if (!(c.opt('draw') || c.opt('draws') || c.opt('discard') || c.opt('discards') || c.opt('mill') || c.opt('mills'))) return undefined;
  const verb = c.ws[c.i - 1]!.w.replace(/s$/, '') as 'draw' | 'discard' | 'mill';
  // 701.9: `discards their hand`, `discard your hand`: every card in it.
  if (verb === 'discard' && (c.opt('their', 'hand') || c.opt('your', 'hand') || c.opt('his', 'or', 'her', 'hand') || c.opt('all', 'cards', 'in', 'their', 'hand'))) return [{ kind: 'discard', player, amount: { kind: 'const', value: 0 }, wholeHand: true, span: c.span(at, c.i) }];
  const total = cardAmount(c, st);
  // 701.9b: `discard a card at random`.
  const random = verb === 'discard' && !!total && c.opt('at', 'random');
  return total ? [{ kind: verb, player, amount: total, ...(random ? { random } : {}), span: c.span(at, c.i) }] : undefined;
}

/**
 * What `player` does (the cursor is after the player): draws, discards,
 * mills, gains or loses life, creates tokens, sacrifices, returns. Undefined
 * when the words are not read (the caller restores the cursor).
 */
export function parsePlayerActs(c: Words, st: ReadState, player: PlayerRef, at: number, milled: (c: Words, p: PlayerRef, at: number) => Action[] | undefined): Action[] | undefined {
  c.mark();
  const span = () => c.span(at, c.i);
  if (c.is('draw|draws|discard|discards|mill|mills')) return parseCardVerb(c, st, player, at);
  // `Target opponent gains control of target permanent you control` (layer 2, 613.1b)
  if (c.opt('gains', 'control', 'of') || c.opt('gain', 'control', 'of')) {
    const what = parseSubject(c, st);
    if (!what || what.kind === 'player') return undefined;
    const duration = parseDuration(c, st);
    return [{ kind: 'create-effect', effect: { affected: what, parts: [{ layer: '2', kind: 'control', player }] }, duration: duration ?? { kind: 'forever' }, span: span() }];
  }
  if (c.opt('gain') || c.opt('gains') || c.opt('lose') || c.opt('loses')) {
    const gain = /^gain/.test(c.ws[c.i - 1]!.w);
    const n: Expr | undefined = parseAmount(c);
    // `you gain 1 life for each creature you control`
    const total = n && c.eat('life') ? forEachAmount(c, st, n) : undefined;
    if (total) return [{ kind: gain ? 'gain-life' : 'lose-life', player, amount: total, span: span() }];
    if (n) return undefined;
    // `you gain life and draw cards equal to its power`: one amount for both.
    if (gain && c.opt('life', 'and', 'draw', 'cards', 'equal', 'to')) {
      const e = parseCount(c, st, { its: st.last?.kind === 'object' ? st.last.ref : { kind: 'self' } });
      return e ? [{ kind: 'gain-life', player, amount: e, span: span() }, { kind: 'draw', player, amount: e, span: span() }] : undefined;
    }
    // `gains life equal to its power`
    if (c.opt('life', 'equal', 'to')) {
      const e = parseCount(c, st, { its: st.last?.kind === 'object' ? st.last.ref : undefined });
      if (e) return [{ kind: gain ? 'gain-life' : 'lose-life', player, amount: e, span: span() }];
    }
    return undefined;
  }
  // `that player exiles the top card of their library`: hidden (not-simulated.ts).
  if (c.is('exiles|exile', 'the', 'top')) return parseNotSimulated(c, st);
  // 114.1: `You get an emblem with "…"` (several: `with "…" and "…"`).
  if (c.is('get|gets', 'an', 'emblem', 'with')) {
    const emblemAt = c.save();
    c.i += 4;
    const abilities: string[] = [];
    while (c.peek()?.kind === 'quote') {
      // Read now, so words inside the quotes that are not understood are marked (compileQuoted).
      const q = c.next()!;
      compileQuoted(q, st);
      abilities.push(q.w.trim().replace(/([^.])$/, '$1.'));
      if (!c.opt('and') && !c.opt(',', 'and') && !c.opt(',')) break;
    }
    if (abilities.length) return [{ kind: 'emblem', player, abilities, span: span() }];
    c.restore(emblemAt);
  }
  // 122.1: `you get an experience counter`, `you get {E}{E}` (energy counters, 107.14).
  if (c.is('get|gets')) {
    const getAt = c.save();
    c.next();
    const energy = c.peek()?.kind === 'mana' && /^(\{E\})+$/.test(c.peek()!.w) ? c.next()!.w.length / 3 : 0;
    if (energy) return [{ kind: 'player-counters', player, counter: 'energy', amount: { kind: 'const', value: energy }, span: span() }];
    const n = parseAmount(c);
    const kind = n ? c.next()?.w : undefined;
    if (n && kind && (c.opt('counter') || c.opt('counters'))) return [{ kind: 'player-counters', player, counter: kind, amount: n, span: span() }];
    c.restore(getAt);
  }
  // 104.2a: `you win the game`; 104.3a: `that player loses the game`.
  if (c.opt('win', 'the', 'game') || c.opt('wins', 'the', 'game')) return [{ kind: 'game-result', player, result: 'win', span: span() }];
  if (c.opt('lose', 'the', 'game') || c.opt('loses', 'the', 'game')) return [{ kind: 'game-result', player, result: 'lose', span: span() }];
  // 724.1: `you become the monarch`.
  if (c.opt('become', 'the', 'monarch') || c.opt('becomes', 'the', 'monarch')) return [{ kind: 'become-monarch', player, span: span() }];
  // `That player adds {G}{G}{G}`, `its controller adds one mana of any color` (mana.ts).
  if (c.opt('adds') || c.opt('add')) return parseAddMana(c, st, at, c.i - 1);
  const top = milled(c, player, at);
  if (top) return top;
  // `Its controller creates a 1/1 … token`, `each opponent sacrifices a creature`, `each player returns …`
  const tokens = parseTokenActions(c, st, player);
  if (tokens) return tokens;
  if (c.opt('sacrifices') || c.opt('sacrifice')) {
    // `Target creature's controller sacrifices it`: that object (701.17a).
    if (c.is('it|them|~|this|that')) {
      const what = parseSubject(c, st);
      return what && what.kind !== 'player' ? [{ kind: 'sacrifice', object: what, span: span() }] : undefined;
    }
    const s = parseSacrificeChosen(c, st, player, at);
    return s ? [s] : undefined;
  }
  if (c.opt('returns') || c.opt('return')) {
    return parseReturns(c, st, at, player);
  }
  // `Its owner shuffles it into their library` (701.24): the object moves; the order of a library is not modelled.
  if (c.opt('shuffles') || c.opt('shuffle')) {
    const what = parseSubject(c, st);
    if (!what || what.kind === 'player' || !c.eat('into', 'their|its|your', "library|owner's|owners'")) return undefined;
    if (c.ws[c.i - 1]!.w !== 'library' && !c.eat('library|libraries')) return undefined;
    return [{ kind: 'move', object: what, to: 'library', position: 'shuffle', span: span() }];
  }
  c.expect('what the player does (draws, discards, mills, gains or loses life, creates, sacrifices, returns, gains control of, shuffles)');
  return undefined;
}

/** The same actions for another player (`You and target opponent each draw two cards`). */
export function forPlayer(actions: Action[], from: PlayerRef, to: PlayerRef): Action[] {
  const same = JSON.stringify(from);
  return actions.map((a) => ('player' in a && JSON.stringify(a.player) === same ? ({ ...a, player: to } as Action) : a));
}
