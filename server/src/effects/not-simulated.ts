// Text that is recognised but not played out by the scenario model (issue 8,
// answer 2): hidden information and library handling, randomness with no
// `choosing` answer, mana spending restrictions, drafting and deck-building,
// the game outside one battlefield. Each reader returns `not-simulated`
// actions; compile.ts turns them into information diagnostics on their words.
// Nothing here may swallow text that changes characteristics, control,
// counters, damage, life, zones of objects, tapped status or tokens: where
// hidden information decides which object moves (the card a search finds),
// the note says which event plays the move.

import type { Action, NotSimulated } from './ir';
import { parseAmount, parseCount } from './count';
import { eatSelf, parseNounPhrase, parsePlayer, parseTail, type ReadState } from './selector';
import type { Words } from './words';

const LIBRARY = 'libraries are not modelled';
const HIDDEN = 'the cards are not objects of the scenario (libraries, hands and milled cards are unnamed cards)';

type Reader = (c: Words, st: ReadState) => Action[] | undefined;

function note(c: Words, at: number, what: string, why: string): Action {
  const n: NotSimulated = { what, why };
  return { kind: 'not-simulated', note: n, span: c.span(at, c.i) };
}

function back(c: Words, at: number): undefined {
  c.restore(at);
  return undefined;
}

/** `scry 2`, `surveil 1` (701.22, 701.42): the player looks at the top of their library. */
const libraryKeywordAction: Reader = (c) => {
  const at = c.save();
  for (const verb of ['scry', 'surveil']) {
    if (!c.opt(verb)) continue;
    if (!parseAmount(c)) break;
    return [note(c, at, c.slice(at, c.i), LIBRARY)];
  }
  return back(c, at);
};

// ---------------------------------------------------------------------------
// Library search (701.19)

/** `your library`, `their library`, `target player's library`, `its owner's library`. */
function library(c: Words, st: ReadState): boolean {
  const at = c.save();
  if (c.oneOf(['your'], ['their'], ['its', "owner's"], ['their', "owner's"], ['that', "player's"])) {
    if (c.opt('library')) return true;
    c.restore(at);
  }
  const p = parsePlayer(c, st);
  if (p && c.opt('library')) return true;
  c.restore(at);
  c.expect('a library (`your library`, `target player\'s library`)');
  return false;
}

/** `a basic land card`, `up to two Forest or Plains cards`, `a creature card with mana value 3 or less`. */
function cardDescription(c: Words, st: ReadState): boolean {
  const at = c.save();
  if (c.opt('up', 'to')) {
    if (!parseAmount(c)) return !!back(c, at);
  } else if (!parseAmount(c)) return !!back(c, at);
  // `a basic Plains, Swamp, or Forest card`, `a Forest or Plains card`: nouns listed before the last one.
  let f = parseNounPhrase(c, st);
  if (!f) {
    c.expect('the kind of card (`a basic land card`, `an Elf card`)');
    return !!back(c, at);
  }
  for (;;) {
    const sep = c.save();
    if (!c.oneOf([',', 'or'], ['or'], [','], ['and/or'])) break;
    const g = parseNounPhrase(c, st);
    if (!g) {
      c.restore(sep);
      break;
    }
    f = g;
  }
  // `a nonland permanent card`: the noun `permanent` then `card`.
  c.opt('card') || c.opt('cards');
  parseTail(c, st, f);
  // `with mana value 3 or less`, `with mana value 2`
  if (c.opt('with', 'mana', 'value')) {
    if (!parseAmount(c)) return !!back(c, at);
    c.oneOf(['or', 'less'], ['or', 'greater'], ['or', 'more']);
  }
  // `up to X Plains cards, where X is the number of …`
  const where = c.save();
  if (c.opt(',', 'where', 'x', 'is') && !parseCount(c, st)) c.restore(where);
  return true;
}

/** What the search does with the cards it finds (each reads one clause). */
type Found = 'battlefield' | 'hand' | 'top' | 'graveyard' | 'revealed' | 'shuffled';

const FOUND_WORDS = [['it'], ['them'], ['that', 'card'], ['those', 'cards'], ['one'], ['one', 'of', 'them'], ['the', 'other'], ['the', 'card']];

/** `reveal it`, `put it onto the battlefield tapped`, `put one … and the other into your hand`, `then shuffle`. */
function foundClause(c: Words, st: ReadState): Found[] | undefined {
  const at = c.save();
  // `that player shuffles their library`, `puts it onto the battlefield` (a player's own search).
  const save = c.save();
  if (!parsePlayer(c, st) || !c.is('shuffles|puts|reveals')) c.restore(save);
  if (c.opt('reveal') || c.opt('reveals')) return c.oneOf(...FOUND_WORDS) ? ['revealed'] : back(c, at);
  if (c.opt('shuffle') || c.opt('shuffles')) {
    if (c.is('your|their|its') && !library(c, st)) return back(c, at);
    // `shuffle your library and put that card on top of it` (Elvish Harbinger).
    const more = c.save();
    if (c.opt('and', 'put', 'that', 'card', 'on', 'top')) {
      c.opt('of', 'it');
      return ['shuffled', 'top'];
    }
    c.restore(more);
    return ['shuffled'];
  }
  if (!c.opt('put') && !c.opt('puts')) return back(c, at);
  const out: Found[] = [];
  for (;;) {
    if (!c.oneOf(...FOUND_WORDS)) return back(c, at);
    if (c.opt('onto', 'the', 'battlefield')) {
      c.opt('tapped');
      c.opt('under', 'your', 'control');
      out.push('battlefield');
    } else if (c.oneOf(['into', 'your', 'hand'], ['into', 'their', 'hand'], ['into', 'its', "owner's", 'hand'])) out.push('hand');
    else if (c.oneOf(['into', 'your', 'graveyard'], ['into', 'their', 'graveyard'])) out.push('graveyard');
    else if (c.opt('on', 'top', 'of') && library(c, st)) out.push('top');
    else {
      c.expect('where the card goes (`onto the battlefield`, `into your hand`, `on top of your library`)');
      return back(c, at);
    }
    if (!c.opt('and')) return out;
  }
}

/** The event a user writes to play what the search found, named in the note. */
function playWith(found: Found[]): string {
  const ev: Record<string, string> = { battlefield: '`enter CARD` (add `tapped` if it enters tapped)', hand: '`move CARD to hand`', graveyard: '`move CARD to graveyard`' };
  const moves = [...new Set(found.filter((f) => ev[f]))];
  if (!moves.length) return `${LIBRARY}; the card stays hidden`;
  return `${LIBRARY}; declare the card it finds and write ${moves.map((m) => ev[m]).join(' or ')} to play the move`;
}

/** `search your library for a basic land card, put it onto the battlefield tapped, then shuffle`. */
const librarySearch: Reader = (c, st) => {
  const at = c.save();
  const who = c.save();
  if (!parsePlayer(c, st) || !c.is('searches')) c.restore(who);
  if (!(c.opt('search') || c.opt('searches')) || !library(c, st) || !c.eat('for') || !cardDescription(c, st)) return back(c, at);
  const found: Found[] = [];
  for (;;) {
    const save = c.save();
    if (!c.oneOf([',', 'and', 'then'], [',', 'then'], [',', 'and'], ['and', 'then'], ['and'], [','], ['then'])) break;
    const f = foundClause(c, st);
    if (!f) {
      c.restore(save);
      break;
    }
    found.push(...f);
  }
  return [note(c, at, 'library search', playWith(found))];
};

/** `Then shuffle your library.`, `shuffle.` on its own (701.20). */
const shuffle: Reader = (c, st) => {
  const at = c.save();
  const who = c.save();
  if (!parsePlayer(c, st) || !c.is('shuffles')) c.restore(who);
  if (!c.opt('shuffle') && !c.opt('shuffles')) return back(c, at);
  if (!c.done && !library(c, st)) return back(c, at);
  return [note(c, at, 'shuffle', LIBRARY)];
};

// ---------------------------------------------------------------------------
// Looking at and revealing hidden cards

/** `the top N cards of your library`, `the top card of target player's library`. */
function topCards(c: Words, st: ReadState): boolean {
  const at = c.save();
  if (!c.opt('the', 'top')) return false;
  if (!c.opt('card')) {
    if (!parseAmount(c) || !c.eat('cards')) return !!back(c, at);
  }
  if (!c.eat('of') || !library(c, st)) return !!back(c, at);
  return true;
}

/**
 * `look at the top three cards of your library[, then put them back in any order]`,
 * `look at target player's hand`, `reveal the top card of your library`, `reveal your hand`,
 * `put the rest on the bottom of your library in any order`.
 */
const lookOrReveal: Reader = (c, st) => {
  const at = c.save();
  const verb = c.opt('look', 'at') ? 'look at' : c.opt('reveal') ? 'reveal' : c.opt('reveals') ? 'reveal' : undefined;
  if (!verb) return undefined;
  if (topCards(c, st)) {
    if (c.opt(',', 'then', 'put', 'them', 'back', 'in', 'any', 'order')) return [note(c, at, `${verb} the top of a library`, LIBRARY)];
    return [note(c, at, `${verb} the top of a library`, LIBRARY)];
  }
  const save = c.save();
  if (c.oneOf(['your', 'hand'], ['their', 'hand'], ['its', "owner's", 'hand']) || (parsePlayer(c, st) && c.opt('hand'))) return [note(c, at, `${verb} a hand`, HIDDEN)];
  c.restore(save);
  return back(c, at);
};

/** `put the rest on the bottom of your library [in any order | in a random order]` (the cards looked at stay hidden). */
const theRest: Reader = (c, st) => {
  const at = c.save();
  if (!c.opt('put', 'the', 'rest')) return undefined;
  if (!c.opt('on', 'the', 'bottom', 'of') || !library(c, st)) return back(c, at);
  c.oneOf(['in', 'any', 'order'], ['in', 'a', 'random', 'order']);
  return [note(c, at, '"the rest on the bottom"', LIBRARY)];
};

/** `exile the top card of your library` (the card is hidden: which card it is, nobody in the scenario knows). */
const exileTop: Reader = (c, st) => {
  const at = c.save();
  if (!c.opt('exile') && !c.opt('exiles')) return undefined;
  if (!topCards(c, st)) return back(c, at);
  c.opt('face', 'down');
  return [note(c, at, 'exiling the top of a library', `${HIDDEN}; declare the card and write \`exile CARD\` to play the move`)];
};

// ---------------------------------------------------------------------------
// Randomness (706 dice, 705 coins) and drafting

/** `roll a six-sided die`, `roll a d20`, `roll two six-sided dice`. */
const dice: Reader = (c) => {
  const at = c.save();
  if (!c.opt('roll') && !c.opt('rolls')) return undefined;
  if (!parseAmount(c)) return back(c, at);
  if (!c.oneOf(['six-sided', 'die'], ['six-sided', 'dice'], ['four-sided', 'die'], ['d20'], ['d6'], ['d4'], ['twenty-sided', 'die'])) return back(c, at);
  return [note(c, at, 'a die roll', 'randomness: a die roll has no `choosing` answer yet; write the events its result leads to')];
};

/** `draft a card from ~'s spellbook` (Alchemy): the card comes from outside the game. */
const draft: Reader = (c) => {
  const at = c.save();
  if (!c.opt('draft', 'a', 'card', 'from')) return undefined;
  while (!c.done && !c.is('spellbook') && c.i - at < 8) c.next();
  if (!c.opt('spellbook')) return back(c, at);
  return [note(c, at, 'drafting from a spellbook', 'the card comes from outside the game; declare it and write `move CARD to hand` to play the move')];
};

/** `Spend this mana only to cast creature spells.` (106.6): mana is not modelled. */
const spendOnly: Reader = (c) => {
  const at = c.save();
  if (!c.opt('spend', 'this', 'mana', 'only')) return undefined;
  if (!c.is('to|on|for')) return back(c, at);
  while (!c.done) c.next();
  return [note(c, at, 'a mana spending restriction', 'mana is not modelled')];
};

/** `choose an artifact card you own from outside the game, reveal that card, and put it into your hand` (wishes, 400.11). */
const outsideGame: Reader = (c, st) => {
  const at = c.save();
  if (!c.opt('choose') || !cardDescription(c, st) || !c.opt('from', 'outside', 'the', 'game')) return back(c, at);
  const found: Found[] = [];
  for (;;) {
    const save = c.save();
    if (!c.oneOf([',', 'and'], ['and'], [','])) break;
    const f = foundClause(c, st);
    if (!f) {
      c.restore(save);
      break;
    }
    found.push(...f);
  }
  return [note(c, at, 'a card from outside the game', `the game outside one battlefield (a sideboard) is not modelled; declare the card and write ${found.includes('battlefield') ? '`enter CARD`' : '`move CARD to hand`'} to play the move`)];
};

/**
 * `clash with an opponent` (701.23) and `flip a coin` (705): hidden cards or a
 * coin decide who wins; the scenario answers it like a `you may` with
 * `choosing yes` (you win) or `choosing no`, and `If you win, …` /
 * `If you lose the flip, …` hang on that answer (choice.ts, linkSentence).
 */
const contest: Reader = (c) => {
  const at = c.save();
  let what: string;
  if (c.opt('clash', 'with', 'an', 'opponent')) what = 'clash';
  else if (c.opt('flip', 'a', 'coin')) what = 'flip';
  else return undefined;
  const why = what === 'clash' ? `${LIBRARY} (a clash reveals the top card of each library)` : 'randomness: a coin flip';
  const won: Action = { kind: 'optional', who: { kind: 'you' }, question: `win the ${what}`, actions: [], span: c.span(at, c.i) };
  return [note(c, at, what === 'clash' ? 'clash' : 'coin flip', `${why}; who wins is answered with \`choosing yes\` (you win) or \`choosing no\``), won];
};

/**
 * `reveal a creature card from among them and put it into your hand`,
 * `put a land card from among them onto the battlefield`, `put all Elf cards
 * revealed this way into your hand and the rest on the bottom of your library`:
 * hidden cards looked at or revealed decide what moves.
 */
const fromAmongThem: Reader = (c, st) => {
  const at = c.save();
  const reveal = c.opt('reveal');
  if (!reveal && !c.opt('put')) return undefined;
  const all = !reveal && c.opt('all');
  // `Put two of them into your hand and the rest …`, `Put that card onto the battlefield and the rest …`.
  const some = !reveal && !all && (c.oneOf(['that', 'card']) ? 'that' : parseAmount(c) && c.opt('of', 'them') ? 'some' : undefined);
  if (!some) {
    if (!reveal && !all) c.restore(at + 1);
    if (all ? !parseNounPhrase(c, st) : !cardDescription(c, st)) return back(c, at);
    if (!c.oneOf(['from', 'among', 'them'], ['from', 'among', 'those', 'cards'], ['revealed', 'this', 'way'], ['from', 'among', 'the', 'cards', 'milled', 'this', 'way'])) return back(c, at);
  }
  const found: Found[] = [];
  let rest = false;
  const dest = (): boolean => {
    if (c.opt('onto', 'the', 'battlefield')) return c.opt('tapped'), found.push('battlefield'), true;
    if (c.oneOf(['into', 'your', 'hand'], ['into', 'their', 'hand'])) return found.push('hand'), true;
    return false;
  };
  if (!reveal && !dest()) return back(c, at);
  for (;;) {
    const save = c.save();
    if (!c.oneOf([',', 'and'], ['and'], [','])) break;
    const f = foundClause(c, st) ?? restOf(c, st);
    if (!f) {
      c.restore(save);
      break;
    }
    if (c.ws.slice(save, c.i).some((w) => w.w === 'rest')) rest = true;
    found.push(...f);
  }
  // `that card` names a declared card too: only with `and the rest …` is it surely one of the hidden cards.
  if (some === 'that' && !rest) return back(c, at);
  return [note(c, at, 'cards chosen from among hidden cards', playWith(found).replace(LIBRARY, HIDDEN))];
};

/** `the rest on the bottom of your library [in any order]`, `the rest into your graveyard` (after `and`). */
function restOf(c: Words, st: ReadState): Found[] | undefined {
  const at = c.save();
  c.opt('put');
  if (!c.opt('the', 'rest')) return back(c, at);
  if (c.opt('on', 'the', 'bottom', 'of') && library(c, st)) {
    c.oneOf(['in', 'any', 'order'], ['in', 'a', 'random', 'order']);
    return ['revealed'];
  }
  if (c.oneOf(['into', 'your', 'graveyard'], ['into', 'their', 'graveyard'])) return ['graveyard'];
  return back(c, at);
}

/**
 * `Until end of turn, you may play that card.`, `You may play that card this
 * turn.`: a permission to play a card nobody in the scenario knows (the top
 * card exiled): the card is hidden. (A permission on a declared card is a rule
 * effect, read elsewhere.)
 */
const playHidden: Reader = (c) => {
  const at = c.save();
  c.opt('until', 'end', 'of', 'turn', ',');
  c.opt('you', 'may');
  if (!c.opt('play') && !c.opt('cast')) return back(c, at);
  if (!c.oneOf(['that', 'card'], ['those', 'cards'], ['the', 'exiled', 'card'], ['cards', 'exiled', 'this', 'way'])) return back(c, at);
  c.oneOf(['this', 'turn'], ['until', 'end', 'of', 'turn'], ['until', 'the', 'end', 'of', 'your', 'next', 'turn'], ['for', 'as', 'long', 'as', 'it', 'remains', 'exiled']);
  return [note(c, at, 'playing a hidden card', `${HIDDEN}; declare the card and write \`cast CARD\` (or \`enter CARD\` for a land) to play it`)];
};

/** `reveal cards from the top of your library until you reveal a land card` (the cards are hidden). */
const revealUntil: Reader = (c, st) => {
  const at = c.save();
  if (!c.opt('reveal', 'cards', 'from', 'the', 'top', 'of') || !library(c, st) || !c.eat('until', 'you', 'reveal') || !cardDescription(c, st)) return back(c, at);
  return [note(c, at, 'revealing until a card is found', HIDDEN)];
};

/**
 * 701.40a: `manifest the top card of your library`, `Its controller manifests
 * the top card of their library`, `manifest one of those cards`: a hidden card
 * becomes a face-down 2/2 creature. The card is unknown, so the move is
 * played by the event `enter CARD face down` (708.2).
 */
const manifest: Reader = (c, st) => {
  const at = c.save();
  const who = c.is('manifest') ? undefined : parsePlayer(c, st);
  if (!c.opt('manifest') && !(who && c.opt('manifests'))) return back(c, at);
  const top = c.opt('the', 'top', 'card', 'of') && library(c, st);
  if (!top && !c.opt('one', 'of', 'those', 'cards') && !c.opt('one', 'of', 'them') && !c.opt('that', 'card')) return back(c, at);
  return [note(c, at, c.slice(at, c.i), `${HIDDEN}; declare the card and write \`enter CARD face down\` to play the manifested 2/2 (701.40a, 708.2)`)];
};

/** `seek a nonland card`, `seek two creature cards with mana value 3` (digital: a random card of the library is put into hand). */
const seek: Reader = (c, st) => {
  const at = c.save();
  if (!c.opt('seek')) return back(c, at);
  const n = parseAmount(c);
  const f = n && parseNounPhrase(c, st);
  if (!f) return back(c, at);
  parseTail(c, st, f);
  // `with the same mana value as that spell`
  if (c.opt('with', 'the', 'same', 'mana', 'value', 'as')) while (!c.done && !c.is('.') && !c.is('instead') && !c.is(',')) c.next();
  return [note(c, at, c.slice(at, c.i), `${LIBRARY}: a card chosen at random from a library goes to the hand; write \`move CARD to hand\` for a declared card`)];
};

const READERS: Reader[] = [manifest, seek, contest, revealUntil, fromAmongThem, playHidden, libraryKeywordAction, librarySearch, shuffle, lookOrReveal, theRest, exileTop, dice, draft, spendOnly, outsideGame];

/** One clause of recognised, not simulated text, or undefined (the cursor is left where it was). */
export function parseNotSimulated(c: Words, st: ReadState): Action[] | undefined {
  for (const read of READERS) {
    const at = c.save();
    // A reader that fails leaves no trace: not the cursor, nor a `target player` it counted.
    const bound = { targets: st.targets, targetPlayers: st.targetPlayers, last: st.last, lastPlayer: st.lastPlayer };
    const r = read(c, st);
    if (r) return r;
    c.restore(at);
    Object.assign(st, bound);
  }
  return undefined;
}

const DRAFT_WORDS = new Set(['draft', 'drafted', 'drafting', 'drafts']);

/**
 * A whole static sentence that is recognised but not played out: drafting
 * text (any sentence about the draft, Conspiracy's draft-matters cards),
 * `~ can be your commander` (the game outside one battlefield), `You may look
 * at the top card of your library any time` (hidden information). The cursor
 * ends at the end of the sentence when it returns a note.
 */
export function parseNotSimulatedSentence(c: Words, st: ReadState): NotSimulated | undefined {
  const at = c.save();
  if (c.ws.slice(c.i).some((w) => DRAFT_WORDS.has(w.w))) {
    c.i = c.ws.length;
    return { what: 'drafting text', why: 'drafting happens before the game; the scenario model starts with the game' };
  }
  if (eatSelf(c, st.ctx) && c.opt('can', 'be', 'your', 'commander') && c.done) return { what: 'commander eligibility', why: 'deck building and the command zone are outside one battlefield' };
  c.restore(at);
  if (c.oneOf(['you', 'may', 'look', 'at', 'the', 'top', 'card', 'of', 'your', 'library', 'any', 'time'], ['you', 'may', 'look', 'at', 'the', 'top', 'card', 'of', 'your', 'library']) && c.done) return { what: 'looking at the top card of your library', why: LIBRARY };
  c.restore(at);
  return undefined;
}
