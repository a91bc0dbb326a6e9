// One-shot actions of spells and abilities (608.2): `Draw a card.`,
// `Untap that creature.`, `Lightning Bolt deals 3 damage to any target.`,
// continuous effects created by resolving (611.2) with their durations, and
// replacement or prevention effects they create (614, 615).

import type { Action, Duration, Selector, Zone } from './ir';
import { parseDuration } from './conditions';
import { parseAmount, parseForEach } from './count';
import { parseEffectSentence } from './continuous';
import { parsePrevention, parseReplacement } from './replacement';
import { parseCombatPrevention } from './replacement-damage';
import { parseNotSimulated } from './not-simulated';
import { parseChoiceClause, parseClauseSuffix } from './choice';
import { parseChoiceOfAbilities, parseTapOrUntap } from './modes';
import { eatSelf, emptyFilter, parsePlayer, parseSubject, takeTargetPlayer, type ReadState } from './selector';
import { parsePutCounters, parseRemoveCounters } from './counters';
import { whereX } from './amounts';
import { parseDouble } from './double';
import { entering, fromGraveyard, inGraveyard, parseReturns, type Entering } from './returns';
import { parseSacrificeChosen } from './sacrifice';
import { parseTargetQuantity } from './targets';
import { parseTokenActions } from './tokens';
import { parseFight, parseKeywordAction } from './keyword-actions';
import { parseDamage } from './damage';
import { carriedPlayer, clausePlayers, forPlayer, parseCardVerb, parsePlayerActs } from './player-actions';
import type { Words } from './words';
import { parseAddMana } from './mana';

/** A whole sentence of actions (clauses joined by `and`, `, then`). */
export function parseActions(c: Words, st: ReadState): Action[] | undefined {
  const at = c.save();
  const r = parseActionClauses(c, st, false);
  if (!r || !c.done) {
    c.restore(at);
    return undefined;
  }
  // `Until end of turn, double its power and toughness and it gains trample.`: the leading duration is every clause's.
  if (c.ws[at]?.w === 'until') {
    const end = c.save();
    c.restore(at);
    const lead: Duration | undefined = c.is('until', 'end', 'of', 'turn', ',') ? { kind: 'end-of-turn' } : c.is('until', 'your', 'next', 'turn', ',') ? { kind: 'until-your-next-turn' } : undefined;
    c.restore(end);
    for (const a of lead ? r : []) {
      if (a.kind === 'create-effect' && a.duration.kind === 'forever') a.duration = lead!;
      if (a.kind === 'double' && !a.duration) a.duration = lead!;
    }
  }
  return r;
}

/** Clauses up to the end of the sentence (or up to `instead` when `stopAtInstead`). */
export function parseActionClauses(c: Words, st: ReadState, stopAtInstead: boolean): Action[] | undefined {
  const out: Action[] = [];
  for (;;) {
    const from = c.save();
    const read = parseClause(c, st);
    // `… unless PLAYER pays {2}`, `… at the beginning of the next end step` (choice.ts).
    const a = read && (parseClauseSuffix(c, st, read, from, parseActionClauses) ?? read);
    if (!a) return out.length && stopAtInstead ? out : undefined;
    out.push(...a);
    // `Target player draws X cards, ~ deals X damage to any target, and you gain X life, where X is …`: every X of the sentence.
    whereX(c, st, out);
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
export function objectsOf(c: Words, st: ReadState): Selector | undefined {
  if (c.is('a|an|another|any') && !c.is('any', 'target') && !startsTargets(c)) {
    c.expect('a definite object (`target creature`, `this creature`, `it`, `all creatures`: choosing one of several is not supported)');
    return undefined;
  }
  const s = parseSubject(c, st);
  if (s && s.kind === 'player') return undefined;
  return s;
}

/** `another target …`, `any number of target …` (targets.ts). */
function startsTargets(c: Words): boolean {
  const at = c.save();
  const q = parseTargetQuantity(c);
  c.restore(at);
  return !!q;
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
export function zoneOf(c: Words): Zone | undefined {
  c.oneOf(['its', "owner's"], ['their', "owner's"], ['their', "owners'"], ['your'], ['the'], ['its'], ['their'], ['that', "player's"]);
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
  // `you may …`, `unless … pays …, …`, `if you control …, …` (choice.ts).
  const chosen = parseChoiceClause(c, st, parseActionClauses);
  if (chosen) return chosen;
  // `Target creature's controller sacrifices it, then puts …`: the verb's player is the one before.
  const carried = carriedPlayer(c, st);
  if (carried) {
    const acts = parsePlayerActs(c, st, carried, at, putTopIntoGraveyard);
    if (acts) return acts;
    back();
  }
  // `Choose a color.`, `choose a creature type`: the choice later words call `the chosen color` (answered with `choosing`).
  // `choose a number between 0 and 7` (Shapeshifter): answered with `choosing N`; later words call it `the chosen number`.
  if (c.is('choose', 'a', 'number', 'between') && c.peek(4)?.kind === 'number' && c.peek(5)?.w === 'and' && c.peek(6)?.kind === 'number') {
    c.i += 7;
    return [{ kind: 'choose', choice: 'number', value: { kind: 'choice', index: 0 }, span: span() }];
  }
  if (c.opt('choose', 'a', 'color') || c.opt('choose', 'a', 'creature', 'type') || c.opt('choose', 'a', 'basic', 'land', 'type')) {
    const w = c.ws[c.i - 1]!.w;
    const choice = w === 'color' ? 'color' : c.ws[c.i - 2]!.w === 'land' ? 'basic-land-type' : 'creature-type';
    return [{ kind: 'choose', choice, value: { kind: 'choice', index: 0 }, span: span() }];
  }
  // `For each nontoken creature destroyed this way, you create a tapped Treasure token.`: the rest of the sentence that many times.
  if (c.is('for', 'each')) {
    c.next();
    c.next();
    const times = parseForEach(c, st);
    if (!times || !c.opt(',')) return fail();
    const body = parseActionClauses(c, st, false);
    if (!body) return fail();
    return [{ kind: 'repeat', times, actions: body, span: span() }];
  }
  // Recognised, not played out (library handling, dice, …): an information diagnostic says why.
  const skipped = parseNotSimulated(c, st);
  if (skipped) return skipped;
  // 111.1: `Create two 1/1 red Goblin creature tokens`, `put a 3/3 green Beast creature token onto the battlefield`.
  const tokens = parseTokenActions(c, st);
  if (tokens) return tokens;
  // 701: `investigate`, `adapt 3`, `bolster 2`, `proliferate`, `populate`, `attach ~ to it`
  const keywordAction = parseKeywordAction(c, st);
  if (keywordAction) return [keywordAction];
  // 615: prevention created by a spell or ability.
  const combat = parseCombatPrevention(c, st);
  if (combat) return combat.replacements.map((replacement): Action => ({ kind: 'create-replacement', replacement, duration: combat.duration ?? forever(), span: span() }));
  const prev = parsePrevention(c, st);
  if (prev) return [{ kind: 'create-replacement', replacement: prev.replacement, duration: prev.duration ?? forever(), span: span() }];
  // `This turn, each creature you control enters with an additional +1/+1 counter on it.`: a replacement for the turn.
  if (c.opt('this', 'turn', ',')) {
    const rep = parseReplacement(c, st);
    if (!rep) return fail();
    return rep.map((replacement): Action => ({ kind: 'create-replacement', replacement, duration: { kind: 'end-of-turn' }, span: span() }));
  }
  // `If that creature would die this turn, exile it instead.` inside a spell: a replacement it creates.
  if (c.is('if')) {
    const rep = parseReplacement(c, st);
    if (!rep) return fail();
    // Read by words: `this  turn` (two spaces) is still the duration.
    const thisTurn = c.ws.slice(at, c.i).some((w, k, ws) => w.w === 'this' && ws[k + 1]?.w === 'turn');
    // With `this turn` it watches every such event of the turn; without a duration it can only be about
    // this spell's own events (614.15, a self-replacement effect).
    const made = rep.map((replacement): Action => (thisTurn ? { kind: 'create-replacement', replacement, duration: { kind: 'end-of-turn' }, span: span() } : { kind: 'self-replacement', replacement, span: span() }));
    made.forEach((a) => modifiesEarlierText.add(a));
    return made;
  }
  // Mana abilities: `Add {G}`, `Add {R} or {W}`, `Add {G} for each creature you control`, `Add one mana of any color`.
  if (c.opt('add')) {
    const m = parseAddMana(c, st, at, at);
    if (m) return m;
    return fail();
  }
  // You, implied: `Draw a card`, `draw two cards`, `mill three cards`, `draw cards equal to …`.
  if (c.is('draw|mill|discard')) return parseCardVerb(c, st, { kind: 'you' }, at) ?? fail();
  // `Target creature gains your choice of double strike or lifelink until end of turn` (modes.ts).
  const choiceOf = parseChoiceOfAbilities(c, st, (cc) => objectsOf(cc, st));
  if (choiceOf) return choiceOf;
  back();
  // `Gain control of …` and every other continuous effect (611.2).
  const eff = parseEffectSentence(c, st);
  if (eff) return [{ kind: 'create-effect', effect: eff.effect, duration: eff.duration ?? forever(), span: span() }];
  back();
  // PLAYER draws / discards / mills / gains / loses (player-actions.ts)
  const players = clausePlayers(c, st);
  if (players) {
    const acts = parsePlayerActs(c, st, players[0]!, at, putTopIntoGraveyard);
    if (!acts) {
      if (c.furthest < c.i) c.expect('what the player does (draws, discards, mills, gains or loses life, creates, sacrifices, returns)');
      back();
    } else return [...acts, ...players.slice(1).flatMap((p) => forPlayer(acts, players[0]!, p))];
  }
  // `tap or untap target permanent`: a choice made as it resolves (modes.ts).
  const either = parseTapOrUntap(c, (cc) => objectsOf(cc, st));
  if (either) return either;
  // 701.17a: `sacrifice a creature` (which one: `choosing`)
  if (c.opt('sacrifice')) {
    const s = parseSacrificeChosen(c, st, { kind: 'you' }, at);
    if (s) return [s];
    c.restore(at);
  }
  // `Choose target creature you control.`: the sentence only names the target that later text calls `it`.
  if (c.is('choose', 'target') || c.is('choose', 'up', 'to')) {
    c.next();
    const chosen = objectsOf(c, st);
    if (chosen && chosen.kind === 'object' && chosen.ref.kind === 'target' && c.done) return [];
    return fail();
  }
  // 701.10: `double target creature's power`, `Until end of turn, double its power and toughness`
  const leading = c.is('until', 'end', 'of', 'turn', ',', 'double') ? (c.i += 5, { kind: 'end-of-turn' as const }) : undefined;
  if (c.opt('double')) {
    const d = parseDouble(c, st, at);
    if (d && leading && d.kind === 'double') d.duration = leading;
    if (d) return [d];
    return fail();
  }
  // untap / tap / destroy / exile / sacrifice / regenerate X
  for (const verb of ['untap', 'tap', 'destroy', 'exile', 'sacrifice', 'regenerate'] as const) {
    if (c.opt(verb)) {
      let object = objectsOf(c, st);
      if (!object) return fail();
      // `Exile target card from a graveyard`
      const from = verb === 'exile' ? fromGraveyard(c, st) : undefined;
      if (from) object = inGraveyard(object, from);
      // 610.3: `exile target creature an opponent controls until ~ leaves the battlefield`
      if (verb === 'exile' && c.is('until') && untilSourceLeaves(c, st)) return [{ kind: verb, object, until: 'source-leaves', span: span() }];
      // `Exile target creature and all other creatures with the same name as that creature`: both, at once.
      const more = c.save();
      const also = c.is('and', 'all|each|target|another') && c.opt('and') ? objectsOf(c, st) : undefined;
      if (!also) c.restore(more);
      return [object, ...(also ? [also] : [])].map((o): Action => ({ kind: verb, object: o, span: span() }));
    }
  }
  // 701.6a: `Counter target spell`: it does not resolve. The scenario model has
  // no stack (a spell resolves as it is cast), so there is never a spell to
  // counter: recognised, not simulated. The target keeps its noun, so a
  // permanent named as the target is an error on the event (engine/targets.ts).
  if (c.opt('counter')) {
    const object = objectsOf(c, st);
    if (!object) return fail();
    // `counter that spell or ability` (an ability on the stack is not modelled either)
    c.opt('or', 'ability');
    // `unless its controller pays {3}`: part of the countering.
    if (c.is('unless')) while (!c.done && !c.is('.')) c.next();
    return [{ kind: 'not-simulated', note: { what: c.slice(at, c.i), why: 'the scenario model has no stack: a spell resolves as it is cast, so none waits to be countered (701.6a)' }, object, span: span() }];
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
    const r = parseReturns(c, st, at);
    if (r) return r;
    return fail();
  }
  const milled = putTopIntoGraveyard(c, { kind: 'you' }, at);
  if (milled) return milled;
  // `put N COUNTER counters on X`, `put X on top of its owner's library`, `put it into its owner's graveyard`
  if (c.opt('put')) {
    const pa = c.save();
    if (parseAmount(c) || (c.is('another') && /^counters?$/.test(c.peek(2)?.w ?? ''))) {
      c.restore(pa);
      const put = parsePutCounters(c, st, at);
      if (!put) return fail();
      // `put a +1/+1 counter on target creature you control and a plan counter on this enchantment`
      const all: Action[] = [put];
      for (;;) {
        const more = c.save();
        const next = c.opt('and') && parseAmount(c) ? (c.restore(more + 1), parsePutCounters(c, st, more + 1)) : undefined;
        if (!next) {
          c.restore(more);
          break;
        }
        all.push(next);
      }
      return all;
    }
    let object = objectsOf(c, st);
    if (!object) return fail();
    // `Put target card from a graveyard on the bottom of its owner's library`
    const from = fromGraveyard(c, st);
    if (from) object = inGraveyard(object, from);
    if (c.opt('on', 'top', 'of') || c.opt('on', 'the', 'bottom', 'of')) {
      const position = c.ws[c.i - 2]!.w === 'top' ? 'top' : 'bottom';
      if (zoneOf(c) !== 'library') return fail();
      return [{ kind: 'move', object, to: 'library', position, span: span() }];
    }
    if (c.opt('into') || c.opt('onto')) {
      const z = zoneOf(c);
      if (!z) return fail();
      const how: Entering = z === 'battlefield' ? entering(c, st) : {};
      return [{ kind: 'move', object, to: z, ...(how.tapped ? { tapped: true } : {}), ...(how.controller ? { controller: how.controller } : {}), ...(how.counters ? { counters: how.counters } : {}), span: span() }];
    }
    c.expect('`on top of`, `into` or `onto`');
    return fail();
  }
  // `remove a +1/+1 counter from X`
  if (c.opt('remove')) {
    const r = parseRemoveCounters(c, st, at);
    if (r) return [r];
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
    const dealt = parseDamage(c, st, src.ref, at, damageRecipient);
    if (dealt) return dealt;
    return fail();
  }
  // 701.44a: `it explores`, `target creature you control explores`
  if (src && src.kind === 'object' && (c.opt('explores') || c.opt('explore'))) return [{ kind: 'explore', object: src, span: span() }];
  // 701.14a: `Target creature you control fights target creature you don't control`
  if (src && src.kind !== 'player') {
    const fight = parseFight(c, st, src, at);
    if (fight) return [fight];
  }
  back();
  c.expect('an action (draw, gain, untap, destroy, exile, deals N damage, gets, gains, becomes, …)');
  return undefined;
}

/** `until ~ leaves the battlefield` (610.3), consumed; false (cursor unchanged) otherwise. */
function untilSourceLeaves(c: Words, st: ReadState): boolean {
  const at = c.save();
  if (c.opt('until') && eatSelf(c, st.ctx) && c.opt('leaves', 'the', 'battlefield')) return true;
  c.restore(at);
  return false;
}

/** `any target`, `each opponent`, `target creature or player`, `each creature`, `you`. */
function damageRecipient(c: Words, st: ReadState): Selector | undefined {
  if (c.opt('any', 'target')) return { kind: 'object', ref: { kind: 'target', index: st.targets++, noun: 'any target' } };
  // `target player or planeswalker` is one target (selector.ts), not `target player`.
  if (c.is('target', 'player|opponent', 'or', 'planeswalker')) return objectsOf(c, st);
  // `another target`, `a second target`, `a third target` (Cone of Flame): one more `any target`.
  if (c.oneOf(['another', 'any', 'target'], ['a', 'second', 'any', 'target'], ['a', 'third', 'any', 'target']) || (c.is('another|a', 'target|second|third') && anotherTarget(c))) return { kind: 'object', ref: { kind: 'target', index: st.targets++, noun: 'any target' } };
  if (c.opt('each', 'opponent') || c.opt('each', 'other', 'player')) {
    // `… to each opponent and each creature they control`: `they` are those players.
    st.lastPlayer = { kind: 'opponents' };
    return { kind: 'player', player: { kind: 'opponents' } };
  }
  if (c.opt('each', 'player')) return { kind: 'player', player: { kind: 'each-player' } };
  if (c.opt('you')) return { kind: 'player', player: { kind: 'you' } };
  if (c.opt('target', 'player') || c.opt('target', 'opponent')) return { kind: 'player', player: { kind: 'target-player', index: takeTargetPlayer(st) } };
  // `that player`, `defending player`, `its controller`, `that creature's controller`.
  const player = c.is('that|defending|its|their|each|the') ? parsePlayer(c, st) : undefined;
  if (player) return { kind: 'player', player };
  // `the creature's controller`, `that player`, `its owner`: a player.
  const at = c.save();
  const who = c.is('a|an|another|any') ? undefined : parseSubject(c, st);
  if (who) return who;
  c.restore(at);
  const s = objectsOf(c, st);
  if (!s) c.expect('what is dealt damage (`any target`, `target creature`, `each opponent`, …)');
  return s;
}

/** `another target`, `a second target`, `a third target` with no noun after (a noun makes it `another target creature`). */
function anotherTarget(c: Words): boolean {
  const at = c.save();
  c.opt('another') || c.opt('a', 'second') || c.opt('a', 'third');
  if (c.opt('target') && (c.done || c.is(',') || c.is('and') || c.is('.'))) return true;
  c.restore(at);
  return false;
}

/** `[PLAYER] puts the top two cards of their library into their graveyard`: the older wording of mill (701.13). */
function putTopIntoGraveyard(c: Words, player: import('./ir').PlayerRef, at: number): Action[] | undefined {
  const top = c.save();
  if (!c.opt('puts', 'the', 'top') && !c.opt('put', 'the', 'top')) return undefined;
  const n = c.opt('card') ? ({ kind: 'const', value: 1 } as const) : parseAmount(c);
  if (n && (c.ws[c.i - 1]!.w === 'card' || c.eat('cards')) && c.eat('of', 'their|your', 'library', 'into', 'their|your', 'graveyard')) return [{ kind: 'mill', player, amount: n, span: c.span(at, c.i) }];
  c.restore(top);
  return undefined;
}
