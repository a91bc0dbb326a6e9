// Who an effect is about (spec section 5, "Who is affected"): references to
// one object (`this`, names, `enchanted creature`, `target …`, pronouns),
// players, and selectors over many objects. Counts are in count.ts.

import { cardType, colorWord, subtypeOf } from '../rules/vocabulary';
import type { CompareOp, CompileContext, Expr, Filter, ObjectRef, PlayerRef, Selector, TextIssue } from './ir';
import { parseKeyword } from './keywords';
import { parseTargetQuantity, quantified } from './targets';
import { numberWord, type Words } from './words';

/** What a text has bound so far while it is read: targets, pronouns. */
export interface ReadState {
  ctx: CompileContext;
  targets: number;
  targetPlayers: number;
  /** The last thing named, for `it`, `that creature`, `them`. */
  last?: Selector;
  /** The last player named, for `they`, `that player` (`If an opponent would draw a card, they lose 1 life instead`). */
  lastPlayer?: PlayerRef;
  /** The player who did the last clause's verb (`Target player draws two cards and loses 2 life`). */
  subjectPlayer?: PlayerRef;
  /** The `targeting` position of the last `target player` (`that player` after it). */
  lastTargetPlayer?: number;
  /** Issues found inside quoted abilities, already in the outer text's offsets. */
  issues?: TextIssue[];
  /** In a triggered ability: who the trigger's player can be (`opponents` when the trigger is about an opponent), for `that player`. */
  eventPlayer?: 'opponents' | 'any';
}

/**
 * A `target player` / `target opponent`: it takes the next `targeting` entry,
 * counted with the object targets, so `Target opponent gains control of
 * target permanent you control` binds its entries in the order written.
 */
export function takeTargetPlayer(st: ReadState): number {
  const i = st.targets++;
  st.lastTargetPlayer = i;
  return i;
}

export function emptyFilter(): Filter {
  return { types: [], subtypes: [], supertypes: [], notTypes: [], notSubtypes: [], notSupertypes: [], colors: [], notColors: [], zones: [], noun: 'permanent' };
}

const TYPE_NOUNS: Record<string, string> = {
  creature: 'Creature', creatures: 'Creature', land: 'Land', lands: 'Land', artifact: 'Artifact', artifacts: 'Artifact',
  enchantment: 'Enchantment', enchantments: 'Enchantment', planeswalker: 'Planeswalker', planeswalkers: 'Planeswalker',
  battle: 'Battle', battles: 'Battle', instant: 'Instant', instants: 'Instant', sorcery: 'Sorcery', sorceries: 'Sorcery',
};
const GENERIC_NOUNS: Record<string, Filter['noun']> = {
  permanent: 'permanent', permanents: 'permanent', card: 'card', cards: 'card', spell: 'spell', spells: 'spell', source: 'object', sources: 'object', object: 'object', objects: 'object',
};

/** The words of a name, for matching a name written in the text. */
function nameWords(name: string): string[] {
  return name.toLowerCase().replace(/’/g, "'").split(/\s+/).filter(Boolean);
}

/** Match a name (the card's own, its short name, or another declared one) at the cursor, allowing a trailing `'s`. */
function eatName(c: Words, name: string): boolean {
  return eatNameWords(c, nameWords(name));
}

function eatNameWords(c: Words, ws: readonly string[]): boolean {
  if (!ws.length) return false;
  const at = c.save();
  for (let k = 0; k < ws.length; k++) {
    const x = c.peek();
    if (!x) break;
    // The text's words split commas off; a name with a comma (`Iroas, God of Victory`) is matched by its words.
    let want = ws[k]!.replace(/,$/, '');
    const got = x.w;
    if (got === want || (k === ws.length - 1 && (got === `${want}'s` || got === `${want}'`))) {
      c.next();
      if (ws[k]!.endsWith(',') && c.peek()?.w === ',') c.next();
      continue;
    }
    want = '';
    c.restore(at);
    return false;
  }
  return true;
}

/** One declared name, ready to match: its words, lower-case, and its place among the longest-first names. */
interface NameEntry {
  name: string;
  lower: string;
  words: string[];
  rank: number;
}

/**
 * The declared names of a file, longest first (a longer name wins over a
 * shorter one it begins with), indexed by their first word so that a phrase
 * tries only the names that can start there: declaring N cards costs O(N),
 * not O(N²). Built once per list of names (one list per analysis).
 */
interface NameIndex {
  /** Longest first, in declaration order among equal lengths. */
  ordered: NameEntry[];
  byFirstWord: Map<string, NameEntry[]>;
  /** Every name, lower-case, for `NAME controls`. */
  lower: Set<string>;
}

const nameIndexes = new WeakMap<readonly string[], NameIndex>();

function nameIndex(names: readonly string[]): NameIndex {
  let idx = nameIndexes.get(names);
  if (idx) return idx;
  const ordered = [...names].sort((a, b) => b.length - a.length).map((name, rank): NameEntry => ({ name, lower: name.toLowerCase(), words: nameWords(name), rank }));
  const byFirstWord = new Map<string, NameEntry[]>();
  for (const e of ordered) {
    if (!e.words.length) continue;
    const first = e.words[0]!.replace(/,$/, '');
    let list = byFirstWord.get(first);
    if (!list) byFirstWord.set(first, (list = []));
    list.push(e);
  }
  idx = { ordered, byFirstWord, lower: new Set(ordered.map((e) => e.lower)) };
  nameIndexes.set(names, idx);
  return idx;
}

/** Another declared object named at the cursor (the longest name that matches), or undefined. */
function eatKnownName(c: Words, ctx: CompileContext): string | undefined {
  const idx = nameIndex(ctx.knownNames);
  const own = ctx.cardName.toLowerCase();
  const x = c.peek();
  let candidates: NameEntry[];
  if (!x) {
    // At the end of the text any name matches (eatNameWords says so): the longest one, as before.
    candidates = idx.ordered;
  } else {
    // The first word as written, or a one-word name followed by `'s` / `'`.
    const keys = [x.w];
    if (x.w.endsWith("'s")) keys.push(x.w.slice(0, -2));
    else if (x.w.endsWith("'")) keys.push(x.w.slice(0, -1));
    candidates = keys.flatMap((k) => idx.byFirstWord.get(k) ?? []);
    if (keys.length > 1) candidates.sort((a, b) => a.rank - b.rank);
  }
  for (const e of candidates) {
    if (e.lower === own) continue;
    if (eatNameWords(c, e.words)) return e.name;
  }
  return undefined;
}

/** `~`, `this`, `this creature`, the card's name or short name: the source itself. */
export function eatSelf(c: Words, ctx: CompileContext): boolean {
  if (c.opt('~') || c.opt("~'s")) return true;
  // `this turn`, `this way`: not the object.
  if (c.is('this|this\'s') && !c.is('this', 'turn|way|combat|ability')) {
    c.next();
    c.opt('creature|permanent|land|artifact|enchantment|card|aura|equipment|spell|planeswalker|token|object|saga|vehicle|class|case|room|battle|siege|fortification');
    c.opt("creature's|permanent's|land's|artifact's|enchantment's|card's|saga's|vehicle's|spell's");
    return true;
  }
  if (ctx.cardName && eatName(c, ctx.cardName)) return true;
  if (ctx.legendary && ctx.cardName.includes(',')) {
    const short = ctx.cardName.split(',')[0]!;
    if (eatName(c, short)) return true;
  }
  return false;
}

/** A reference to one object, or a selector over many, or undefined. */
export function parseSubject(c: Words, st: ReadState): Selector | undefined {
  const at = c.save();
  const sel = parseSubjectInner(c, st);
  if (!sel) c.restore(at);
  else if (sel.kind !== 'player') {
    st.last = sel;
    // `they` now means these objects, not a player named before.
    st.lastPlayer = undefined;
  }
  return sel;
}

function parseSubjectInner(c: Words, st: ReadState): Selector | undefined {
  const ctx = st.ctx;
  if (eatSelf(c, ctx)) return { kind: 'object', ref: { kind: 'self' } };
  // `its controller`, `that player` before the pronoun `its`.
  const player = possessivePlayer(c, st);
  if (player) return { kind: 'player', player };
  // Pronouns: the last thing named (608.2c).
  if (c.is('it|its|them|they|their|him|her|he|she|his')) {
    c.next();
    return st.last ?? { kind: 'object', ref: { kind: 'it' } };
  }
  // `that Archer`, `that Mount or Vehicle`: the object named last by its subtype.
  if (c.is('that') && c.peek(1) && /^[A-Z]/.test(c.peek(1)!.raw) && subtypeOf(c.peek(1)!.raw)) {
    c.next();
    c.next();
    while (c.is('or') && c.peek(1) && subtypeOf(c.peek(1)!.raw) && /^[A-Z]/.test(c.peek(1)!.raw)) c.i += 2;
    return st.last ?? { kind: 'object', ref: { kind: 'it' } };
  }
  if (c.is('that', 'creature|permanent|land|card|artifact|enchantment|spell|player') || c.is("that", "creature's|permanent's|land's|card's")) {
    c.next();
    const noun = c.next()!.w;
    if (noun === 'player') return { kind: 'player', player: { kind: 'target-player', index: st.lastTargetPlayer ?? 0 } };
    return st.last ?? { kind: 'object', ref: { kind: 'it' } };
  }
  // `the chosen creature` (`As ~ enters, choose a creature.`): the object named by its entry choice.
  if (c.is('the', 'chosen', 'creature|permanent|artifact|land|enchantment|planeswalker')) {
    c.i += 3;
    return { kind: 'object', ref: { kind: 'chosen', index: 0 } };
  }
  if (c.is('those', 'creatures|permanents|cards')) {
    c.next();
    c.next();
    return st.last ?? { kind: 'object', ref: { kind: 'it' } };
  }
  for (const via of ['enchanted', 'equipped', 'fortified'] as const) {
    if (c.is(via)) {
      const x = c.peek(1);
      if (x && /^(creature|permanent|land|artifact|enchantment|planeswalker)('s)?$/.test(x.w)) {
        c.next();
        c.next();
        return { kind: 'object', ref: { kind: 'attached', via, noun: x.w.replace(/'s$/, '') } };
      }
    }
  }
  // `up to two target creatures`, `another target creature` (targets.ts)
  const quantityAt = c.save();
  const quantity = parseTargetQuantity(c);
  if (c.is('target')) {
    const at = c.save();
    c.next();
    // `target player or planeswalker`, `target opponent or planeswalker`: one target, a player or an object (115.4).
    if (c.is('player|opponent', 'or', 'planeswalker')) {
      const who = c.next()!.w;
      c.i += 2;
      const orPlayer = who === 'opponent' ? 'opponent' : 'any';
      return { kind: 'object', ref: quantified({ kind: 'target', index: st.targets++, noun: `${who} or planeswalker`, filter: { ...emptyFilter(), types: ['Planeswalker'] }, orPlayer }, quantity, st) };
    }
    if (c.opt('player') || c.opt('opponent') || c.opt("player's") || c.opt("opponent's")) {
      return { kind: 'player', player: { kind: 'target-player', index: takeTargetPlayer(st) } };
    }
    // `target attacking or blocking creature`, `target blocked creature`: combat is not modelled, so these words are read and not checked.
    const combatAt = c.i;
    c.oneOf(['attacking', 'or', 'blocking'], ['blocking', 'or', 'attacking'], ['blocked'], ['unblocked']);
    const combatWords = c.i > combatAt ? c.slice(combatAt, c.i) : undefined;
    const f = parseNounPhrase(c, st);
    if (!f) {
      c.restore(at);
      c.next();
      c.expect('a noun after `target` (creature, permanent, land, …)');
      c.restore(at);
      return undefined;
    }
    let noun = describeFilterNoun(f);
    const alternatives: Filter[] = [f];
    let player = false;
    // `target spell or permanent`, `target creature or player` (older wording of `any target`)
    for (;;) {
      const orAt = c.save();
      if (!(c.opt('or') || c.opt('and/or') || c.opt(',', 'or') || c.opt(','))) break;
      if (c.opt('player') || c.opt('planeswalker')) {
        noun = `${noun} or ${c.ws[c.i - 1]!.w}`;
        if (c.ws[c.i - 1]!.w === 'player') player = true;
        else alternatives.push({ ...emptyFilter(), types: ['Planeswalker'] });
        continue;
      }
      const g = parseNounPhrase(c, st);
      if (g) {
        noun = `${noun} or ${describeFilterNoun(g)}`;
        alternatives.push(g);
        continue;
      }
      c.restore(orAt);
      break;
    }
    // `target creature you control`, `target card in your graveyard`, `target creature with flying`:
    // kept, so a target that does not meet the text is an error on the event (115.1, 608.2b).
    const tail = emptyFilter();
    parseTail(c, st, tail);
    const restrictionAt = c.i;
    targetRestriction(c);
    const uncheckedWords = [combatWords, c.i > restrictionAt ? c.slice(restrictionAt, c.i) : undefined].filter(Boolean);
    const unchecked = uncheckedWords.length ? uncheckedWords.join(', ') : undefined;
    // `target instant and/or sorcery cards`: the noun written last is every alternative's.
    const lastAlt = alternatives[alternatives.length - 1]!;
    const sharedNoun = (g: Filter): Filter => (g !== lastAlt && !explicitNoun.has(g) && explicitNoun.has(lastAlt) && lastAlt.noun !== 'permanent' ? { ...g, noun: lastAlt.noun, zones: lastAlt.zones } : g);
    const withTail = (g: Filter): Filter => ({ ...sharedNoun(g), ...definedFields(tail) });
    // A player alternative (`target creature or player`) is not a filter over objects.
    const full = player ? undefined : alternatives.length === 1 ? withTail(f) : { ...emptyFilter(), anyOf: alternatives.map(withTail) };
    // A plain permanent noun is a condition too (`target creature`: a land is not one, 115.1);
    // a plain `card` says nothing about its zone until later words (`from your graveyard`).
    const filter = full && (!isPlainNoun(full) || onlyPermanents(full)) ? full : undefined;
    // `Two target creatures you control each get +2/+2`: `each` distributes the predicate, which applies to each anyway.
    if (quantity && (quantity.count !== 1 || quantity.upTo) && c.is('each', 'get|gain|have|lose|become|deal')) c.next();
    return { kind: 'object', ref: quantified({ kind: 'target', index: st.targets++, noun, ...(filter ? { filter } : {}), ...(unchecked ? { unchecked } : {}), ...(player ? { orPlayer: 'any' as const } : {}) }, quantity, st) };
  }
  c.restore(quantityAt);
  // Other declared objects named in the text. A name binds only where the
  // text names an object: when the vocabulary reads the same words at least
  // as far (`White creatures you control`, with White Knight's alias
  // `white`), they keep their meaning, so no alias changes how a card reads.
  const named = eatKnownName(c, ctx);
  if (named !== undefined) {
    const nameEnd = c.save();
    c.restore(quantityAt);
    const restore = snapshot(st);
    const vocabulary = parsePlayer(c, st) ? c.save() : (c.restore(quantityAt), parseSelector(c, st) ? c.save() : -1);
    c.restore(quantityAt);
    restore();
    // The same words either way: a name of several words (`Serra Angel`, not
    // the subtypes Serra and Angel), one that ends the clause (`a copy of
    // angel.`) or one followed by a verb in the singular (`bears gets +2/+2`)
    // names one object; `Bears get …` stays a selector.
    const after = c.ws[nameEnd];
    const one = nameWords(named).length > 1 || !after || after.kind === 'punct' || SINGULAR_VERB.test(after.w);
    if (vocabulary < nameEnd || (vocabulary === nameEnd && one)) {
      c.restore(nameEnd);
      return { kind: 'object', ref: { kind: 'named', name: named } };
    }
  }
  const p = parsePlayer(c, st);
  if (p) return { kind: 'player', player: p };
  const f = parseSelector(c, st);
  if (f) return { kind: 'filter', filter: f };
  c.expect('what the effect applies to (a name, `target …`, `enchanted creature`, `creatures you control`, …)');
  return undefined;
}

/** A verb that agrees with one object (`gets`, `has`, `is`, `becomes`). */
const SINGULAR_VERB = /^(gets|has|is|becomes|gains|loses|deals|fights|attacks|blocks|enters|dies|can't|doesn't|isn't)$/;

/** Undo what a trial reading bound (targets, pronouns, issues). */
function snapshot(st: ReadState): () => void {
  const before = { ...st };
  const issues = st.issues?.length;
  return () => {
    for (const k of Object.keys(st) as (keyof ReadState)[]) if (!(k in before)) delete st[k];
    Object.assign(st, before);
    if (st.issues && issues !== undefined) st.issues.length = issues;
  };
}

/** `creature`, `artifact creature`, `card`: a noun with no condition (a `spell` is one: it must be on the stack). */
function isPlainNoun(f: Filter): boolean {
  if (f.anyOf?.length) return f.anyOf.every(isPlainNoun);
  const { types, noun, zones, ...rest } = f;
  void types;
  return noun !== 'spell' && !zones.length && Object.entries(rest).every(([k, v]) => k === 'anyOf' || v === undefined || (Array.isArray(v) && !v.length));
}

/** `creature`, `artifact or enchantment`, `permanent`: every alternative a permanent noun. */
function onlyPermanents(f: Filter): boolean {
  return f.anyOf?.length ? f.anyOf.every(onlyPermanents) : f.noun === 'permanent';
}

/** The fields a tail (`you control`, `with flying`, `in your graveyard`) set on an empty filter. */
function definedFields(tail: Filter): Partial<Filter> {
  const empty = emptyFilter() as unknown as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(tail)) if (v !== undefined && JSON.stringify(v) !== JSON.stringify(empty[k])) out[k] = v;
  return out as Partial<Filter>;
}

function describeFilterNoun(f: Filter): string {
  if (f.anyOf) return f.anyOf.map(describeFilterNoun).join(' or ');
  return f.types.length ? f.types.join(' ').toLowerCase() : f.subtypes.length ? f.subtypes.join(' ') : f.noun;
}

/** `with power 4 or greater`, `with mana value 3 or less`, `that's attacking`, `with a +1/+1 counter on it`. */
function targetRestriction(c: Words): void {
  for (;;) {
    const at = c.save();
    if (c.opt('with', 'power') || c.opt('with', 'toughness') || c.opt('with', 'mana', 'value') || c.opt('with', 'converted', 'mana', 'cost')) {
      const x = c.next();
      if (x && (x.kind === 'number' || x.w === 'x') && c.oneOf(['or', 'greater'], ['or', 'less'], ['or', 'more'])) continue;
      c.restore(at);
      break;
    }
    if (c.oneOf(["that's", 'attacking'], ["that's", 'blocking'], ['that', 'is', 'attacking'], ["that's", 'attacking', 'or', 'blocking'], ['with', 'a', 'counter', 'on', 'it'])) continue;
    if (c.opt('with', 'a') || c.opt('with', 'one', 'or', 'more')) {
      const k = c.next();
      if (k && (c.opt('counter') || c.opt('counters')) && c.opt('on', 'it')) continue;
      c.restore(at);
    }
    break;
  }
}

/** `its controller`, `its owner`, `that player`, `they` (when a player was named last). */
function possessivePlayer(c: Words, st: ReadState): PlayerRef | undefined {
  if (!c.is('its|their|that|they')) return undefined;
  const at = c.save();
  const p = parsePlayerInner(c, st);
  if (p) st.lastPlayer = p;
  else c.restore(at);
  return p;
}

/** Players as subjects: `you`, `your opponents`, `each opponent`, `each player`, `the chosen player`, `that player`, `its controller`. */
export function parsePlayer(c: Words, st: ReadState): PlayerRef | undefined {
  const p = parsePlayerInner(c, st);
  if (p) st.lastPlayer = p;
  return p;
}

function parsePlayerInner(c: Words, st: ReadState): PlayerRef | undefined {
  // The longer phrases first: `your opponents` is not `your`.
  // `each other player`: every player but you (in a two-player game, the opponent).
  if (c.oneOf(['your', 'opponents'], ['your', "opponents'"], ['each', 'opponent'], ['each', "opponent's"], ['opponents'], ['an', 'opponent'], ['each', 'other', 'player'])) return { kind: 'opponents' };
  if (c.oneOf(['each', 'player'], ['each', "player's"], ['players'], ['all', 'players'], ["players'"])) return { kind: 'each-player' };
  if (c.oneOf(['you'], ['your'])) return { kind: 'you' };
  if (c.oneOf(['the', 'chosen', 'player'], ['the', 'chosen', "player's"])) return { kind: 'chosen-player', index: 0 };
  if (c.oneOf(['target', 'player'], ['target', "player's"], ['target', 'opponent'], ['target', "opponent's"])) return { kind: 'target-player', index: takeTargetPlayer(st) };
  // `that player`, `they`: the player named last (an event's player in a replacement).
  if (st.lastPlayer && c.oneOf(['that', 'player'], ['that', "player's"], ['they'], ['their'])) return st.lastPlayer;
  // `target creature's controller`, `the owner of target permanent`: of that object.
  const of = ownerOrController(c, st);
  if (of) return of;
  // 506.2: `defending player`; `that player` with no player named before it: the last target player, else the player of the triggering event.
  if (c.oneOf(['defending', 'player'], ['defending', "player's"])) return { kind: 'event-player', what: 'defending player', among: 'opponents' };
  // 506.2: `the player or planeswalker it's attacking` (Hellrider): the defending player; a planeswalker is not a player the model names here.
  const attacked = c.save();
  if (c.oneOf(['the', 'player', 'or', 'planeswalker', "it's", 'attacking'], ['the', 'player', "it's", 'attacking'], ['the', 'player', 'or', 'planeswalker', 'that', 'creature', 'is', 'attacking'])) return { kind: 'event-player', what: c.slice(attacked, c.i), among: 'opponents' };
  if (c.oneOf(['that', 'player'], ['that', "player's"])) {
    if (st.lastTargetPlayer !== undefined) return { kind: 'target-player', index: st.lastTargetPlayer };
    return { kind: 'event-player', what: 'that player', ...(st.eventPlayer === 'opponents' ? { among: 'opponents' as const } : {}) };
  }
  // `its controller`, `its owner`: of the object named last.
  const at = c.save();
  if (c.oneOf(['its'], ['their'], ['that', "creature's"], ['that', "permanent's"], ['that', "spell's"])) {
    const obj = st.last?.kind === 'object' ? st.last.ref : { kind: 'it' as const };
    if (c.oneOf(['controller'], ['controllers'])) return { kind: 'controller-of', object: obj };
    if (c.oneOf(['owner'], ['owners'])) return { kind: 'owner-of', object: obj };
  }
  c.restore(at);
  return undefined;
}

/** `target creature's controller`, `enchanted creature's controller`, `the owner of target permanent`, `the controller of ~`. */
function ownerOrController(c: Words, st: ReadState): PlayerRef | undefined {
  const at = c.save();
  const saved = { targets: st.targets, last: st.last };
  // `the creature's controller`, `that creature's owner`: of the object named before.
  if (c.is('the|that', "creature's|permanent's|card's|spell's", 'controller|owner|controllers|owners')) {
    c.next();
    c.next();
    // The creature the clause before acted on (`it`), not the source that dealt the damage.
    const obj = { kind: 'it' } as const;
    return /^owner/.test(c.next()!.w) ? { kind: 'owner-of', object: obj } : { kind: 'controller-of', object: obj };
  }
  if (c.opt('the', 'owner', 'of') || c.opt('the', 'controller', 'of')) {
    const owner = c.ws[c.i - 2]!.w === 'owner';
    const s = parseSubject(c, st);
    if (s && s.kind === 'object') return owner ? { kind: 'owner-of', object: s.ref } : { kind: 'controller-of', object: s.ref };
  } else if (c.is('target|enchanted|equipped') && /'s$/.test(c.peek(1)?.w ?? '') && c.is('target|enchanted|equipped', c.peek(1)!.w, 'controller|owner')) {
    const s = parseSubject(c, st);
    if (s && s.kind === 'object' && (c.opt('controller') || c.opt('owner'))) return c.ws[c.i - 1]!.w === 'owner' ? { kind: 'owner-of', object: s.ref } : { kind: 'controller-of', object: s.ref };
  }
  // `Lightning Shrieker's owner`, `this creature's controller`: of the source.
  if (eatSelf(c, st.ctx) && /'s$/.test(c.ws[c.i - 1]?.w ?? '') && (c.opt('owner') || c.opt('controller'))) return c.ws[c.i - 1]!.w === 'owner' ? { kind: 'owner-of', object: { kind: 'self' } } : { kind: 'controller-of', object: { kind: 'self' } };
  Object.assign(st, saved);
  c.restore(at);
  return undefined;
}

/**
 * `[all | each] [other] ADJECTIVE* NOUN [CONTROLLER] [in ZONE]`, several joined
 * by `and`/`or` (anyOf). A tail written once after the last noun applies to
 * all of them (`Artifacts and creatures you control`); a noun written once does
 * too (`Instant and sorcery spells` are instant spells and sorcery spells).
 */
export function parseSelector(c: Words, st: ReadState): Filter | undefined {
  const at = c.save();
  const parts: Filter[] = [];
  const tails: boolean[] = [];
  for (;;) {
    c.opt('all') || c.opt('each') || c.opt('every') || c.opt('a') || c.opt('an') || c.opt('any');
    const f = parseNounPhrase(c, st);
    if (!f) break;
    const before = c.save();
    parseTail(c, st, f);
    parts.push(f);
    tails.push(c.i > before);
    const more = c.save();
    if ((c.opt(',', 'and') || c.opt(',', 'or') || c.opt('and/or') || c.opt('and') || c.opt('or') || c.opt(',')) && startsNounPhrase(c)) continue;
    c.restore(more);
    break;
  }
  if (!parts.length) {
    c.restore(at);
    return undefined;
  }
  if (parts.length === 1) return parts[0]!;
  const last = parts[parts.length - 1]!;
  // Only the last noun has a tail: it is shared.
  const shared = tails[tails.length - 1] && !tails.slice(0, -1).some(Boolean);
  const merge = (f: Filter): Filter => {
    if (f === last) return f;
    const out: Filter = { ...f };
    if (shared) {
      if (last.controller && !f.controller) out.controller = last.controller;
      if (last.owner && !f.owner) out.owner = last.owner;
      if (last.chosenSubtype !== undefined) out.chosenSubtype = last.chosenSubtype;
      if (last.withKeywords) out.withKeywords = last.withKeywords;
      if (last.withoutKeywords) out.withoutKeywords = last.withoutKeywords;
      for (const k of ['withCounter', 'stats', 'shares', 'name', 'chosenColor', 'attachedTo'] as const) if (last[k] !== undefined && out[k] === undefined) (out as unknown as Record<string, unknown>)[k] = last[k];
      if (!f.zones.length && last.zones.length && !explicitNoun.has(f)) out.zones = last.zones;
    }
    // `Instant and sorcery spells`: the first words had no noun of their own.
    if (!explicitNoun.has(f) && explicitNoun.has(last) && last.noun !== 'permanent') {
      out.noun = last.noun;
      if (!f.zones.length || f.zones.join() === 'battlefield') out.zones = last.zones;
    }
    return out;
  };
  return { ...emptyFilter(), anyOf: parts.map(merge), zones: [] };
}

/** Filters whose noun was written (`cards`, `spells`, `permanents`), as opposed to a type word standing alone. */
const explicitNoun = new WeakSet<Filter>();

function startsNounPhrase(c: Words): boolean {
  const at = c.save();
  c.opt('all') || c.opt('each') || c.opt('a') || c.opt('an');
  const f = parseNounPhrase(c, { ctx: { cardName: '', legendary: false, knownNames: [], isSpell: false }, targets: 0, targetPlayers: 0 });
  c.restore(at);
  return !!f;
}

const ADJ_ONLY = new Set(['attacking', 'blocking', 'other', 'another', 'basic', 'nonbasic', 'legendary', 'nonlegendary', 'token', 'nontoken', 'tapped', 'untapped', 'colorless', 'multicolored', 'monocolored', 'snow']);

/** ADJECTIVE* NOUN, then `that aren't on the battlefield`, `in graveyards`, `you control`. */
export function parseNounPhrase(c: Words, st: ReadState): Filter | undefined {
  const at = c.save();
  const f = emptyFilter();
  let noun = false;
  for (;;) {
    const x = c.peek();
    // `a 1/1 creature`: power and toughness as written.
    if (x && x.kind === 'pt' && /^\d+\/\d+$/.test(x.raw) && isNounNext(c, 1)) {
      const [p, t] = x.raw.split('/').map(Number);
      f.stats = [...(f.stats ?? []), { stats: ['power'], op: '=', value: { kind: 'const', value: p! } }, { stats: ['toughness'], op: '=', value: { kind: 'const', value: t! } }];
      c.next();
      continue;
    }
    // `nonartifact, nonblack creature`: a comma between two `non-` adjectives.
    if (x && x.w === ',' && /^non-?\w/.test(c.ws[c.i - 1]?.w ?? '') && /^non-?\w/.test(c.peek(1)?.w ?? '') && c.i > at) {
      c.next();
      continue;
    }
    if (!x || x.kind !== 'word') break;
    // `target creature's power`: a possessive noun ends the phrase.
    const possessive = x.w.endsWith("'s") && (TYPE_NOUNS[x.w.slice(0, -2)] || GENERIC_NOUNS[x.w.slice(0, -2)]);
    if (possessive) {
      const base = x.w.slice(0, -2);
      if (TYPE_NOUNS[base]) f.types.push(TYPE_NOUNS[base]!);
      else {
        f.noun = GENERIC_NOUNS[base]!;
        explicitNoun.add(f);
      }
      c.next();
      noun = true;
      break;
    }
    const w = x.w;
    if (w === 'other' || w === 'another') f.other = true;
    else if (w === 'basic') f.supertypes.push('Basic');
    else if (w === 'nonbasic') f.notSupertypes.push('Basic');
    else if (w === 'legendary') f.supertypes.push('Legendary');
    else if (w === 'nonlegendary') f.notSupertypes.push('Legendary');
    else if (w === 'snow') f.supertypes.push('Snow');
    else if (w === 'token' && !isNounNext(c, 1)) {
      f.token = true;
      noun = true;
      c.next();
      break;
    } else if (w === 'tokens') {
      f.token = true;
      noun = true;
      c.next();
      break;
    } else if (w === 'token') f.token = true;
    else if (w === 'nontoken') f.token = false;
    else if (w === 'attacking' || w === 'blocking') f.combat = w;
    // `enchanted permanent`, `equipped creatures` inside a phrase: something of that kind is attached to it.
    else if ((w === 'enchanted' || w === 'equipped') && isNounNext(c, 1)) f.hasAttached = w;
    else if (w === 'tapped') f.tapped = true;
    else if (w === 'untapped') f.tapped = false;
    else if (w === 'colorless') f.colorless = true;
    else if (w === 'multicolored') f.multicolored = true;
    else if (w === 'monocolored') f.multicolored = false;
    else if (colorWord(w) && c.peek(1)?.w === 'or' && colorWord(c.peek(2)?.w ?? '')) {
      // `a black or green permanent`: one of these colors (105.2).
      f.someColor = [colorWord(w)!, colorWord(c.peek(2)!.w)!];
      c.i += 2;
    } else if (colorWord(w)) f.colors.push(colorWord(w)!);
    else if (/^non-?/.test(w) && w.length > 3) {
      const base = w.replace(/^non-?/, '');
      if (colorWord(base)) f.notColors.push(colorWord(base)!);
      else if (cardType(base)) f.notTypes.push(cardType(base)!);
      else if (subtypeOf(base)) f.notSubtypes.push(subtypeOf(base)!.name);
      else break;
    } else if (TYPE_NOUNS[w] && !ADJ_ONLY.has(w)) {
      f.types.push(TYPE_NOUNS[w]!);
      // A type word followed by another noun is an adjective: `creature cards`, `artifact creatures`.
      c.next();
      if (isNounNext(c, 0)) continue;
      noun = true;
      break;
    } else if (GENERIC_NOUNS[w]) {
      f.noun = GENERIC_NOUNS[w]!;
      explicitNoun.add(f);
      c.next();
      // 110.4a: `a permanent card` is a card of a permanent type (not an instant or sorcery).
      if ((w === 'permanent' || w === 'permanents') && c.is('card|cards')) {
        c.next();
        f.noun = 'card';
        f.notTypes.push('Instant', 'Sorcery');
        noun = true;
        break;
      }
      // `card or token`: both nouns, one filter.
      if (c.is('or', 'token|tokens')) {
        c.next();
        c.next();
        f.noun = 'object';
      }
      noun = true;
      break;
    } else if (subtypeOf(x.raw) && /^[A-Z]/.test(x.raw)) {
      f.subtypes.push(subtypeOf(x.raw)!.name);
      c.next();
      if (isNounNext(c, 0)) continue;
      noun = true;
      break;
    } else break;
    c.next();
  }
  if (!noun) {
    c.restore(at);
    return undefined;
  }
  if (f.noun === 'card') f.zones = [];
  if (f.noun === 'spell') f.zones = ['stack'];
  // `cards that aren't on the battlefield`
  if (c.opt('that', "aren't", 'on', 'the', 'battlefield') || c.opt('not', 'on', 'the', 'battlefield')) f.zones = ['graveyard', 'hand', 'library', 'exile', 'stack', 'command'];
  void st;
  return f;
}

function isNounNext(c: Words, k: number): boolean {
  const x = c.peek(k);
  if (!x || x.kind !== 'word') return false;
  return !!TYPE_NOUNS[x.w] || !!GENERIC_NOUNS[x.w] || x.w === 'token' || x.w === 'tokens' || (!!subtypeOf(x.raw) && /^[A-Z]/.test(x.raw));
}

const STAT_WORDS: Record<string, 'power' | 'toughness' | 'mana-value'> = { power: 'power', toughness: 'toughness' };

/** `power`, `toughness`, `mana value`, `power or toughness` after `with`. */
function statWords(c: Words): ('power' | 'toughness' | 'mana-value')[] | undefined {
  const out: ('power' | 'toughness' | 'mana-value')[] = [];
  for (;;) {
    if (c.opt('mana', 'value') || c.opt('converted', 'mana', 'cost')) out.push('mana-value');
    else if (c.peek() && STAT_WORDS[c.peek()!.w]) out.push(STAT_WORDS[c.next()!.w]!);
    else break;
    if (!c.opt('or')) break;
  }
  return out.length ? out : undefined;
}

/**
 * Tails that compare or relate (Counts and comparisons): `with a +1/+1
 * counter on it`, `with counters on them`, `with power 2 or less`, `with
 * power less than ~'s power`, `that share a color with equipped creature`,
 * `named Scissors Lizard`, `that's attached to a creature`, `that are attacking`.
 */
function parseQualityTail(c: Words, st: ReadState, f: Filter): boolean {
  const at = c.save();
  // `Noncreature spells with {X} in their mana costs` (107.3): the printed cost has the symbol.
  if (c.is('with') && c.peek(1)?.kind === 'mana' && c.is('with', c.peek(1)!.w, 'in', 'their|its', 'mana')) {
    const sym = c.peek(1)!.raw.toUpperCase();
    c.i += 5;
    if (c.opt('costs') || c.opt('cost')) {
      f.costHas = sym;
      return true;
    }
    c.restore(at);
    return false;
  }
  // `Spells your opponents cast that target ~` (115.10): what the spell targets.
  if (c.opt('that', 'target') || c.opt('that', 'targets')) {
    const what = parseSubject(c, st);
    if (what && what.kind === 'object') {
      f.targetsObject = what.ref;
      return true;
    }
    c.restore(at);
    return false;
  }
  // 201.2: `with the same name as that creature`, `… as target permanent`
  if (c.opt('with', 'the', 'same', 'name', 'as')) {
    const other = parseSubject(c, st);
    if (other && other.kind === 'object') {
      f.sameNameAs = other.ref;
      return true;
    }
    c.restore(at);
    return false;
  }
  if (c.opt('with')) {
    // `with a +1/+1 counter on it`, `with one or more counters on them`, `with counters on them`
    const counterAt = c.save();
    c.opt('a') || c.opt('an') || c.opt('one', 'or', 'more');
    const kind = c.is('counter|counters') ? undefined : c.next()?.w;
    if ((c.opt('counter') || c.opt('counters')) && (c.opt('on', 'it') || c.opt('on', 'them'))) {
      f.withCounter = kind ? { counter: kind } : {};
      return true;
    }
    c.restore(counterAt);
    const stats = statWords(c);
    if (stats) {
      const cmp = comparison(c, st);
      if (cmp) {
        f.stats = [...(f.stats ?? []), { stats, ...cmp }];
        return true;
      }
      c.expect('a comparison (`2 or less`, `4 or greater`, `less than ~\'s power`)');
    }
    c.restore(at);
    return false;
  }
  if (c.opt('that', 'share') || c.opt('that', 'shares')) {
    c.opt('a') || c.opt('at', 'least', 'one');
    const quality = c.opt('color') ? 'color' : c.opt('creature', 'type') ? 'creature-type' : undefined;
    if (quality && c.opt('with')) {
      const other = parseSubject(c, st);
      if (other && other.kind === 'object') {
        f.shares = { quality, with: other.ref };
        return true;
      }
    }
    c.expect('`a color with …` or `a creature type with …`');
    c.restore(at);
    return false;
  }
  if (c.opt('named')) {
    const name: string[] = [];
    while (c.peek() && c.peek()!.kind === 'word' && /^[A-Z]/.test(c.peek()!.raw)) name.push(c.next()!.raw);
    if (name.length) {
      f.name = { kind: 'fixed', value: name.join(' ') };
      return true;
    }
    c.restore(at);
    return false;
  }
  if (c.opt('with', 'the', 'chosen', 'name') || c.opt('with', 'that', 'name')) {
    f.name = { kind: 'choice', index: 0 };
    return true;
  }
  if (c.oneOf(["that's", 'attached', 'to'], ['that', 'is', 'attached', 'to'], ['attached', 'to'], ["that're", 'attached', 'to'], ['that', 'are', 'attached', 'to'])) {
    // `Destroy all Auras and Equipment attached to target creature`: one object.
    if (c.is('target|it|that|them') || c.is('up', 'to') || eatsSelfAhead(c, st)) {
      const host = parseSubject(c, st);
      if (host && host.kind === 'object') {
        f.attachedToObject = host.ref;
        return true;
      }
      c.restore(at);
      return false;
    }
    c.opt('a') || c.opt('an');
    const host = parseNounPhrase(c, st);
    if (host) {
      f.attachedTo = host;
      return true;
    }
    c.restore(at);
    return false;
  }

  if (c.oneOf(["that's", 'attacking'], ['that', 'are', 'attacking'], ['that', 'is', 'attacking'])) {
    f.combat = 'attacking';
    // `that's attacking you`: the defending player is not modelled (no combat); the words are read.
    c.opt('you');
    return true;
  }
  if (c.oneOf(["that's", 'blocking'], ['that', 'are', 'blocking'], ['that', 'is', 'blocking'])) {
    f.combat = 'blocking';
    return true;
  }
  return false;
}

/** Is the source itself named next (`~`, `this creature`, the card's name)? The cursor does not move. */
function eatsSelfAhead(c: Words, st: ReadState): boolean {
  const at = c.save();
  const yes = eatSelf(c, st.ctx);
  c.restore(at);
  return yes;
}

/** `2 or less`, `4 or greater`, `less than ~'s power`, `greater than its toughness`: a comparison with a number or a count. */
function comparison(c: Words, st: ReadState): { op: CompareOp; value: Expr } | undefined {
  const at = c.save();
  let op: CompareOp | undefined;
  if (c.opt('less', 'than', 'or', 'equal', 'to')) op = '<=';
  else if (c.opt('greater', 'than', 'or', 'equal', 'to')) op = '>=';
  else if (c.opt('less', 'than') || c.opt('fewer', 'than')) op = '<';
  else if (c.opt('greater', 'than') || c.opt('more', 'than')) op = '>';
  else if (c.opt('equal', 'to')) op = '=';
  if (op) {
    const e = countReader.parse(c, st);
    if (e) return { op, value: e };
    c.restore(at);
    return undefined;
  }
  const x = c.peek();
  const n = x ? numberWord(x.w) : undefined;
  if (n === undefined && x?.w !== 'x') return undefined;
  c.next();
  const value: Expr = n === undefined ? { kind: 'x' } : { kind: 'const', value: n };
  if (c.opt('or', 'less') || c.opt('or', 'fewer')) return { op: '<=', value };
  if (c.opt('or', 'greater') || c.opt('or', 'more')) return { op: '>=', value };
  // `with mana value X`, `with power 3`: exactly that.
  if (!c.is('or')) return { op: '=', value };
  c.restore(at);
  return undefined;
}

/** count.ts's reader, set there (count.ts imports this module). */
export const countReader: { parse: (c: Words, st: ReadState) => Expr | undefined } = { parse: () => undefined };

/**
 * `in its controller's graveyard`, `in its owner's graveyard`, `in that
 * player's hand`, `in target player's graveyard`, `in their graveyard`: the
 * zone of one player (a graveyard or hand holds its owner's cards, 404.2).
 */
function playersZone(c: Words, st: ReadState, f: Filter): boolean {
  const at = c.save();
  c.next();
  const it: ObjectRef = st.last?.kind === 'object' ? st.last.ref : { kind: 'it' };
  let who: PlayerRef | undefined;
  if (c.opt('its', "controller's") || c.opt('their', "controller's") || c.opt('that', "creature's", "controller's") || c.opt('that', "spell's", "controller's")) who = { kind: 'controller-of', object: it };
  else if (c.opt('its', "owner's") || c.opt('their', "owners'") || c.opt('their', "owner's")) who = { kind: 'owner-of', object: it };
  else if (c.opt('target', "player's") || c.opt('target', "opponent's")) who = { kind: 'target-player', index: takeTargetPlayer(st) };
  else if (st.lastPlayer && (c.opt('that', "player's") || c.opt('their'))) who = st.lastPlayer;
  const zone = who && (c.opt('graveyard') ? 'graveyard' : c.opt('hand') ? 'hand' : undefined);
  if (!who || !zone) {
    c.restore(at);
    return false;
  }
  f.zones = [zone];
  f.owner = who;
  return true;
}

/** After `that aren't` / `that isn't`: `of the chosen type`, `legendary`, `white`, `Goblins`, `creatures`. */
function negatedTail(c: Words, f: Filter): boolean {
  const at = c.save();
  c.next();
  c.next();
  if (c.opt('of', 'the', 'chosen', 'type')) {
    f.notChosenSubtype = 0;
    return true;
  }
  const x = c.peek();
  if (x) {
    const sup = { legendary: 'Legendary', basic: 'Basic', snow: 'Snow' }[x.w];
    const col = colorWord(x.w);
    const type = TYPE_NOUNS[x.w];
    const sub = subtypeOf(x.raw);
    if (sup) f.notSupertypes.push(sup);
    else if (col) f.notColors.push(col);
    else if (type) f.notTypes.push(type);
    else if (sub && /^[A-Z]/.test(x.raw)) f.notSubtypes.push(sub.name);
    if (sup || col || type || (sub && /^[A-Z]/.test(x.raw))) {
      c.next();
      return true;
    }
  }
  c.restore(at);
  return false;
}

/**
 * `target player controls`, `target opponent controls`, `that player controls`,
 * `its controller controls`, `that player owns`: a quantifier over one player's
 * permanents (the player is bound like any other player reference).
 */
function playerControls(c: Words, st: ReadState, f: Filter): boolean {
  // `each creature and planeswalker they control`: the player named last.
  if (st.lastPlayer && (c.is('they', 'control|own') || c.is('that', 'player', 'controls|owns'))) {
    c.i += c.is('they') ? 1 : 2;
    if (c.next()!.w.startsWith('control')) f.controller = st.lastPlayer;
    else f.owner = st.lastPlayer;
    return true;
  }
  if (!c.is('target|that|its|the|each|defending', 'player|opponent|controller|chosen', 'controls|owns') && !c.is('the', 'chosen', 'player', 'controls|owns')) return false;
  const at = c.save();
  const saved = { targetPlayers: st.targetPlayers, lastPlayer: st.lastPlayer };
  const p = parsePlayer(c, st);
  if (p && (c.opt('controls') || c.opt('owns'))) {
    if (c.ws[c.i - 1]!.w === 'controls') f.controller = p;
    else f.owner = p;
    return true;
  }
  Object.assign(st, saved);
  c.restore(at);
  return false;
}

/** `you control`, `your opponents control`, `an opponent controls`, `PLAYER controls`, `in your graveyard`, `in graveyards`, `on the battlefield`. */
export function parseTail(c: Words, st: ReadState, f: Filter): void {
  for (;;) {
    if (c.opt('you', 'control') || c.opt('you', 'controlled')) f.controller = { kind: 'you' };
    else if (c.opt('your', 'opponents', 'control') || c.opt('an', 'opponent', 'controls') || c.opt('opponents', 'control')) f.controller = { kind: 'opponents' };
    else if (c.opt("you", "don't", 'control')) f.controller = { kind: 'opponents' };
    // `creatures they control`: the player named before (`their controller pays {2} for each creature they control`).
    else if (st.lastPlayer && c.opt('they', 'control')) f.controller = st.lastPlayer;
    // `spells you cast`: a spell's controller is the player who cast it (601.2a).
    else if (c.opt('you', 'cast')) f.controller = { kind: 'you' };
    else if (c.opt('your', 'opponents', 'cast') || c.opt('an', 'opponent', 'casts') || c.opt('opponents', 'cast')) f.controller = { kind: 'opponents' };
    else if (c.opt('you', 'own')) f.owner = { kind: 'you' };
    else if (c.opt('in', 'your', 'graveyard')) {
      f.zones = ['graveyard'];
      f.owner = { kind: 'you' };
    } else if (c.opt('in', 'graveyards') || c.opt('in', 'all', 'graveyards')) f.zones = ['graveyard'];
    else if (c.opt('in', 'your', 'hand')) {
      f.zones = ['hand'];
      f.owner = { kind: 'you' };
    } else if (c.opt('in', 'exile')) f.zones = ['exile'];
    else if (c.is('in') && playersZone(c, st, f)) continue;
    else if (c.opt('on', 'the', 'battlefield')) f.zones = ['battlefield'];
    else if (c.opt('that', "aren't", 'on', 'the', 'battlefield') || c.opt('that', "isn't", 'on', 'the', 'battlefield')) f.zones = ['graveyard', 'hand', 'library', 'exile', 'stack', 'command'];
    else if (c.opt('of', 'the', 'first', 'chosen', 'type') || c.opt('of', 'the', 'chosen', 'type')) f.chosenSubtype = 0;
    else if (c.opt('of', 'the', 'second', 'chosen', 'type')) f.chosenSubtype = 1;
    else if (c.opt('of', 'the', 'chosen', 'color')) f.chosenColor = 0;
    // `creatures that aren't of the chosen type`, `permanents that aren't legendary`, `creatures that aren't Goblins`
    else if (c.is("that", "aren't|isn't") && negatedTail(c, f)) continue;
    else if (c.opt('in', 'your', "opponents'", 'graveyards') || c.opt('in', 'an', "opponent's", 'graveyard')) {
      f.zones = ['graveyard'];
      f.owner = { kind: 'opponents' };
    } else if (parseQualityTail(c, st, f)) continue;
    else if (c.is('with|without')) {
      // `creatures with flying`, `creatures without flying or islandwalk`
      const at = c.save();
      const without = c.next()!.w === 'without';
      const names: string[] = [];
      for (;;) {
        const k = parseKeyword(c, st);
        if (!k) break;
        names.push(k.keyword);
        const conj = c.save();
        if (!c.opt('and') && !c.opt('or')) break;
        if (!parseKeyword(c, st)) {
          c.restore(conj);
          break;
        }
        c.restore(conj + 1);
      }
      if (!names.length) {
        c.restore(at);
        break;
      }
      if (without) f.withoutKeywords = [...(f.withoutKeywords ?? []), ...names];
      else f.withKeywords = [...(f.withKeywords ?? []), ...names];
    } else {
      const x = c.peek();
      const y = c.peek(1);
      if (x && y && y.w === 'controls' && nameIndex(st.ctx.knownNames).lower.has(x.w)) {
        c.next();
        c.next();
        f.controller = { kind: 'named', name: x.raw };
      } else if (!playerControls(c, st, f)) break;
    }
  }
}

