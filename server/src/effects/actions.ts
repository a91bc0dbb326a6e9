// One-shot actions of spells and abilities (608.2): `Draw a card.`,
// `Untap that creature.`, `Lightning Bolt deals 3 damage to any target.`,
// continuous effects created by resolving (611.2) with their durations, and
// replacement or prevention effects they create (614, 615).

import type { Action, Duration, Expr, Selector, Zone } from './ir';
import { parseDuration } from './conditions';
import { parseAmount, parseCount } from './count';
import { parseEffectSentence } from './continuous';
import { parsePrevention, parseReplacement } from './replacement';
import { emptyFilter, parsePlayer, parseSubject, type ReadState } from './selector';
import type { Words } from './words';

/** A whole sentence of actions (clauses joined by `and`, `, then`). */
export function parseActions(c: Words, st: ReadState): Action[] | undefined {
  const at = c.save();
  const r = parseActionClauses(c, st, false);
  if (!r || !c.done) {
    c.restore(at);
    return undefined;
  }
  return r;
}

/** Clauses up to the end of the sentence (or up to `instead` when `stopAtInstead`). */
export function parseActionClauses(c: Words, st: ReadState, stopAtInstead: boolean): Action[] | undefined {
  const out: Action[] = [];
  for (;;) {
    const a = parseClause(c, st);
    if (!a) return out.length && stopAtInstead ? out : undefined;
    out.push(...a);
    if (c.done || (stopAtInstead && c.is('instead'))) return out;
    const save = c.save();
    if (c.opt(',', 'then') || c.opt('and', 'then') || c.opt('then') || c.opt(',', 'and') || c.opt('and') || c.opt(',')) {
      if (!c.done) continue;
    }
    c.restore(save);
    if (!stopAtInstead) c.expect('`and`, `then` or the end of the sentence');
    return out;
  }
}

const forever = (): Duration => ({ kind: 'forever' });

/**
 * 608.2c: later text may modify earlier text (`Destroy target creature. If
 * that creature would die this turn, exile it instead.`). The replacement
 * effects such text creates must exist before the earlier actions happen, so
 * actionsOf puts them first.
 */
export const modifiesEarlierText = new WeakSet<Action>();

/** A subject for an action on objects; a lone `a creature` (one of several, chosen) is not something the engine can pick. */
function objectsOf(c: Words, st: ReadState): Selector | undefined {
  if (c.is('a|an|another|any') && !c.is('any', 'target')) {
    c.expect('a definite object (`target creature`, `this creature`, `it`, `all creatures`: choosing one of several is not supported)');
    return undefined;
  }
  const s = parseSubject(c, st);
  if (s && s.kind === 'player') return undefined;
  return s;
}

function zoneWord(c: Words): Zone | undefined {
  const map: Record<string, Zone> = { hand: 'hand', hands: 'hand', graveyard: 'graveyard', graveyards: 'graveyard', library: 'library', libraries: 'library', battlefield: 'battlefield', exile: 'exile' };
  const z = c.peek();
  const zone = z ? map[z.w] : undefined;
  if (zone) c.next();
  else c.expect('a zone (hand, graveyard, library, the battlefield)');
  return zone;
}

/** `its owner's hand`, `their owners' libraries`, `the battlefield`, `your graveyard`. */
function zoneOf(c: Words): Zone | undefined {
  c.oneOf(['its', "owner's"], ['their', "owner's"], ['their', "owners'"], ['your'], ['the']);
  return zoneWord(c);
}

function parseClause(c: Words, st: ReadState): Action[] | undefined {
  const at = c.save();
  c.mark();
  const bound = { targets: st.targets, targetPlayers: st.targetPlayers, last: st.last, lastPlayer: st.lastPlayer };
  const back = () => {
    c.restore(at);
    Object.assign(st, bound);
  };
  const fail = (): undefined => {
    back();
    return undefined;
  };
  const span = () => c.span(at, c.i);
  // 615: prevention created by a spell or ability.
  const prev = parsePrevention(c, st);
  if (prev) return [{ kind: 'create-replacement', replacement: prev.replacement, duration: prev.duration ?? forever(), span: span() }];
  // `If that creature would die this turn, exile it instead.` inside a spell: a replacement it creates.
  if (c.is('if')) {
    const rep = parseReplacement(c, st);
    if (!rep) return fail();
    const thisTurn = /\bthis turn\b/i.test(c.slice(at, c.i));
    // With `this turn` it watches every such event of the turn; without a duration it can only be about
    // this spell's own events (614.15, a self-replacement effect).
    const made = rep.map((replacement): Action => (thisTurn ? { kind: 'create-replacement', replacement, duration: { kind: 'end-of-turn' }, span: span() } : { kind: 'self-replacement', replacement, span: span() }));
    made.forEach((a) => modifiesEarlierText.add(a));
    return made;
  }
  // Mana abilities: `Add {G}`, `Add {R} or {W}`, `Add {G} for each creature you control`, `Add one mana of any color`.
  if (c.opt('add')) {
    const m = c.peek();
    if (m && m.kind === 'mana') {
      c.next();
      while (c.opt('or') || c.opt(',', 'or') || c.opt(',')) {
        const n = c.next();
        if (!n || n.kind !== 'mana') {
          c.i--;
          c.expect('mana symbols');
          return fail();
        }
      }
      if (c.opt('for', 'each')) {
        if (!parseSubject(c, st)) return fail();
      }
      return [{ kind: 'add-mana', mana: c.slice(at + 1, c.i), span: span() }];
    }
    const n = parseAmount(c);
    if (n && c.opt('mana')) {
      if (c.oneOf(['of', 'any', 'color'], ['of', 'any', 'one', 'color'], ['of', 'the', 'chosen', 'color'], ['in', 'any', 'combination', 'of', 'colors'])) return [{ kind: 'add-mana', mana: c.slice(at + 1, c.i), span: span() }];
      c.expect('`of any color`, `of any one color` or `of the chosen color`');
      return fail();
    }
    c.expect('mana symbols or `one mana of any color` after `Add`');
    return fail();
  }
  // You, implied: `Draw a card`, `draw two cards`, `mill three cards`.
  for (const [verb, kind] of [['draw', 'draw'], ['mill', 'mill']] as const) {
    if (c.opt(verb)) {
      const n = parseAmount(c);
      if (!n || !c.eat('card|cards')) return fail();
      return [{ kind, player: { kind: 'you' }, amount: n, span: span() }];
    }
  }
  // `Gain control of …` and every other continuous effect (611.2).
  const eff = parseEffectSentence(c, st);
  if (eff) return [{ kind: 'create-effect', effect: eff.effect, duration: eff.duration ?? forever(), span: span() }];
  back();
  // PLAYER draws / discards / mills / gains / loses
  const player = parsePlayer(c, st);
  if (player) {
    c.mark();
    if (c.opt('draw') || c.opt('draws') || c.opt('discard') || c.opt('discards') || c.opt('mill') || c.opt('mills')) {
      const verb = c.ws[c.i - 1]!.w.replace(/s$/, '') as 'draw' | 'discard' | 'mill';
      const n = parseAmount(c);
      if (n && c.eat('card|cards')) return [{ kind: verb, player, amount: n, span: span() }];
      return fail();
    }
    if (c.opt('gain') || c.opt('gains') || c.opt('lose') || c.opt('loses')) {
      const gain = /^gain/.test(c.ws[c.i - 1]!.w);
      let n: Expr | undefined = parseAmount(c);
      if (n && c.eat('life')) return [{ kind: gain ? 'gain-life' : 'lose-life', player, amount: n, span: span() }];
      // `gains life equal to its power`
      if (!n && c.opt('life', 'equal', 'to')) {
        n = parseCount(c, st, { its: st.last?.kind === 'object' ? st.last.ref : undefined });
        if (n) return [{ kind: gain ? 'gain-life' : 'lose-life', player, amount: n, span: span() }];
      }
      return fail();
    }
    c.expect('what the player does (draws, discards, mills, gains or loses life)');
    back();
  }
  // untap / tap / destroy / exile / sacrifice / regenerate X
  for (const verb of ['untap', 'tap', 'destroy', 'exile', 'sacrifice', 'regenerate'] as const) {
    if (c.opt(verb)) {
      const object = objectsOf(c, st);
      if (!object) return fail();
      // `sacrifice this enchantment unless you pay {W}{W}`: the payment is not modelled; the choice is the player's.
      if (c.is('unless')) while (!c.done && !c.is('.')) c.next();
      return [{ kind: verb, object, span: span() }];
    }
  }
  // 701.5a: `Counter target spell`: it goes to its owner's graveyard.
  if (c.opt('counter')) {
    const object = objectsOf(c, st);
    if (!object) return fail();
    return [{ kind: 'move', object, to: 'graveyard', span: span() }];
  }
  // `reveal it` (nothing to model), `shuffle it into its owner's library`
  if (c.opt('reveal')) {
    if (!parseSubject(c, st)) return fail();
    return [];
  }
  if (c.opt('shuffle')) {
    const object = objectsOf(c, st);
    if (!object) return fail();
    if (!c.eat('into', 'its|their', "owner's|owners'", 'library|libraries')) return fail();
    return [{ kind: 'move', object, to: 'library', position: 'shuffle', span: span() }];
  }
  // `return X to its owner's hand`, `return it to the battlefield [under its owner's control]`
  if (c.opt('return')) {
    if (c.opt('a', 'card', 'from', 'your', 'graveyard', 'to', 'your', 'hand')) return [{ kind: 'return-from-graveyard', player: { kind: 'you' }, filter: { ...emptyFilter(), noun: 'card', zones: ['graveyard'] }, to: 'hand', span: span() }];
    const object = objectsOf(c, st);
    if (!object || !c.eat('to')) return fail();
    const z = zoneOf(c);
    if (!z) return fail();
    // Entering under its owner's control is what a return does anyway (110.2).
    if (z === 'battlefield') c.oneOf(['under', 'its', "owner's", 'control'], ['under', 'their', "owners'", 'control'], ['under', 'their', "owner's", 'control']);
    return [{ kind: 'move', object, to: z, span: span() }];
  }
  // `put N COUNTER counters on X`, `put X on top of its owner's library`, `put it into its owner's graveyard`
  if (c.opt('put')) {
    const n = parseAmount(c);
    if (n) {
      const k = c.next();
      if (k && (c.opt('counter') || c.opt('counters')) && c.eat('on')) {
        const object = objectsOf(c, st);
        if (object) return [{ kind: 'counters', object, counter: k.raw, amount: n, span: span() }];
      } else c.expect('`counter` or `counters`');
      return fail();
    }
    const object = objectsOf(c, st);
    if (!object) return fail();
    if (c.opt('on', 'top', 'of') || c.opt('on', 'the', 'bottom', 'of')) {
      const position = c.ws[c.i - 2]!.w === 'top' ? 'top' : 'bottom';
      if (zoneOf(c) !== 'library') return fail();
      return [{ kind: 'move', object, to: 'library', position, span: span() }];
    }
    if (c.opt('into') || c.opt('onto')) {
      const z = zoneOf(c);
      if (!z) return fail();
      return [{ kind: 'move', object, to: z, span: span() }];
    }
    c.expect('`on top of`, `into` or `onto`');
    return fail();
  }
  // `remove a +1/+1 counter from X`
  if (c.opt('remove')) {
    const n = parseAmount(c);
    const k = n && c.next();
    if (n && k && (c.opt('counter') || c.opt('counters')) && c.eat('from')) {
      const object = objectsOf(c, st);
      if (object) return [{ kind: 'counters', object, counter: k.raw, amount: n, remove: true, span: span() }];
    }
    return fail();
  }
  // 612: `Change the text of target spell or permanent by replacing all instances of one color word with another`
  if (c.opt('change', 'the', 'text', 'of')) {
    const subject = objectsOf(c, st);
    if (!subject || !c.eat('by', 'replacing', 'all', 'instances', 'of', 'one')) return fail();
    let wordKind: 'color' | 'land-type' | undefined;
    if (c.opt('color', 'word')) wordKind = 'color';
    else if (c.opt('basic', 'land', 'type')) wordKind = 'land-type';
    else c.expect('`color word` or `basic land type`');
    if (!wordKind || !c.eat('with', 'another')) return fail();
    const duration = parseDuration(c, st);
    return [{ kind: 'create-effect', effect: { affected: subject, parts: [{ layer: '3', kind: 'text-change', wordKind, from: { kind: 'choice', index: 0 }, to: { kind: 'choice', index: 1 } }] }, duration: duration ?? forever(), span: span() }];
  }
  // SOURCE deals N damage to RECIPIENT
  const src = parseSubject(c, st);
  if (src && src.kind === 'object' && (c.opt('deals') || c.opt('deal'))) {
    c.mark();
    let amount: Expr | undefined = parseAmount(c);
    if (amount) {
      if (!c.eat('damage', 'to')) return fail();
    } else if (c.opt('damage', 'equal', 'to')) {
      amount = parseCount(c, st, { its: src.ref });
      if (!amount || !c.eat('to')) return fail();
    } else {
      c.expect('an amount of damage (`3 damage`, `damage equal to …`)');
      return fail();
    }
    const to = damageRecipient(c, st);
    if (!to) return fail();
    return [{ kind: 'damage', source: src.ref, amount, to, span: span() }];
  }
  back();
  c.expect('an action (draw, gain, untap, destroy, exile, deals N damage, gets, gains, becomes, …)');
  return undefined;
}

/** `any target`, `each opponent`, `target creature or player`, `each creature`, `you`. */
function damageRecipient(c: Words, st: ReadState): Selector | undefined {
  if (c.opt('any', 'target')) return { kind: 'object', ref: { kind: 'target', index: st.targets++, noun: 'any target' } };
  if (c.opt('each', 'opponent')) return { kind: 'player', player: { kind: 'opponents' } };
  if (c.opt('each', 'player')) return { kind: 'player', player: { kind: 'each-player' } };
  if (c.opt('you')) return { kind: 'player', player: { kind: 'you' } };
  if (c.opt('target', 'player') || c.opt('target', 'opponent')) return { kind: 'player', player: { kind: 'target-player', index: st.targetPlayers++ } };
  const s = objectsOf(c, st);
  if (!s) c.expect('what is dealt damage (`any target`, `target creature`, `each opponent`, …)');
  return s;
}
