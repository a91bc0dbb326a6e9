// Effects on players (613.10) and on the rules of the game (613.11):
// `You have hexproof`, `Your opponents have protection from red`, `You have
// no maximum hand size`, `Your maximum hand size is reduced by one`, `Spells
// you cast cost {1} less to cast` (601.2f), `Creatures can't attack you`,
// `Players may spend mana as though it were mana of any color`.

import type { EffectSpec, Part, PlayerRef } from './ir';
import { parseKeyword } from './keywords';
import { parseCount } from './count';
import { parsePlayer, parseSelector, type ReadState } from './selector';
import type { Words } from './words';
import { readUnlessPays } from './rules';

const onPlayers = (player: PlayerRef, part: Part): EffectSpec => ({ affected: { kind: 'player', player }, parts: [part] });

/** `maximum hand size is reduced by one` / `is increased by two` / `is four`, after a player possessive. */
function handSize(c: Words, st: ReadState, who: PlayerRef): EffectSpec | undefined {
  const at = c.save();
  if (!c.opt('maximum', 'hand', 'size')) return undefined;
  if (c.opt('is', 'reduced', 'by') || c.opt('is', 'increased', 'by')) {
    const down = c.ws[c.i - 2]!.w === 'reduced';
    const n = parseCount(c, st);
    if (n && n.kind === 'const') return onPlayers(who, { layer: 'player', kind: 'player', handSizeDelta: down ? -n.value : n.value });
  } else if (c.opt('is', 'equal', 'to') || c.opt('is')) {
    const n = parseCount(c, st);
    if (n && n.kind === 'const') return onPlayers(who, { layer: 'player', kind: 'player', handSizeSet: n.value });
  } else c.expect('`is reduced by N`, `is increased by N` or `is N`');
  c.restore(at);
  return undefined;
}

/** A player or rules effect at the cursor (a whole predicate), or undefined with the cursor unchanged. */
export function parsePlayerOrRules(c: Words, st: ReadState): EffectSpec | undefined {
  const at = c.save();
  // `Your maximum hand size …`, `Each opponent's …`, `You have hexproof`, `Players may spend mana …`
  const who = parsePlayer(c, st);
  if (who) {
    c.mark();
    const hs = handSize(c, st, who);
    if (hs) return hs;
    if (c.opt('have') || c.opt('has')) {
      if (c.opt('no', 'maximum', 'hand', 'size')) return onPlayers(who, { layer: 'player', kind: 'player', gains: 'no maximum hand size' });
      const k = parseKeyword(c, st);
      if (k) return onPlayers(who, { layer: 'player', kind: 'player', gains: k.text.toLowerCase() });
      c.expect('what the player has (`hexproof`, `protection from red`, `no maximum hand size`)');
    }
    if (c.opt('may', 'spend', 'mana', 'as', 'though', 'it', 'were', 'mana', 'of', 'any', 'color') || c.opt('may', 'spend', 'mana', 'as', 'though', 'it', 'were', 'mana', 'of', 'any', 'type')) {
      return onPlayers(who, { layer: 'rules', kind: 'rules', description: `${describeWho(who)} may spend mana as though it were mana of any ${c.ws[c.i - 1]!.w}` });
    }
    c.restore(at);
  }
  // `Creatures can't attack you`, `Creatures your opponents control can't attack you or planeswalkers you control`
  const attackers = parseSelector(c, st);
  if (attackers && c.opt("can't", 'attack', 'you')) {
    c.opt('or', 'planeswalkers', 'you', 'control');
    // `unless their controller pays {2} for each creature they control that's attacking you` (508.1d: a cost to attack; shown).
    readUnlessPays(c, st);
    return onPlayers({ kind: 'you' }, { layer: 'rules', kind: 'rules', description: c.slice(at, c.i) });
  }
  c.restore(at);
  return undefined;
}

function describeWho(p: PlayerRef): string {
  switch (p.kind) {
    case 'you':
      return 'you';
    case 'opponents':
      return 'your opponents';
    case 'each-player':
      return 'players';
    default:
      return 'that player';
  }
}
