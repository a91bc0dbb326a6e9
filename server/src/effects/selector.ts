// Who an effect is about (spec section 5, "Who is affected"): references to
// one object, selectors over many, players; and counts (COUNT).

import { cardType, colorWord, subtypeOf, supertype } from '../rules/vocabulary';
import type { Color, CompileContext, Expr, Filter, ObjectRef, PlayerRef, Selector, Zone } from './ir';
import { numberWord, type Words } from './words';

/** What a text has bound so far while it is read: targets, pronouns. */
export interface ReadState {
  ctx: CompileContext;
  targets: number;
  targetPlayers: number;
  /** The last thing named, for `it`, `that creature`, `them`. */
  last?: Selector;
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
  const ws = nameWords(name);
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

/** `~`, `this`, `this creature`, the card's name or short name: the source itself. */
export function eatSelf(c: Words, ctx: CompileContext): boolean {
  if (c.opt('~') || c.opt("~'s")) return true;
  if (c.is('this|this\'s')) {
    c.next();
    c.opt('creature|permanent|land|artifact|enchantment|card|aura|equipment|spell|planeswalker|token|object');
    c.opt("creature's|permanent's|land's|artifact's|enchantment's|card's");
    return true;
  }
  if (ctx.cardName && eatName(c, ctx.cardName)) return true;
  if (ctx.legendary && ctx.cardName.includes(',')) {
    const short = ctx.cardName.split(',')[0]!;
    if (eatName(c, short)) return true;
  }
  return false;
}

/** Possessive after a reference (`'s`) — the words tokenizer keeps it on the word. */
export function eatPossessive(c: Words): void {
  c.opt("'s");
}

/** A reference to one object, or a selector over many, or undefined. */
export function parseSubject(c: Words, st: ReadState): Selector | undefined {
  const at = c.save();
  const sel = parseSubjectInner(c, st);
  if (!sel) c.restore(at);
  else if (sel.kind !== 'player') st.last = sel;
  return sel;
}

function parseSubjectInner(c: Words, st: ReadState): Selector | undefined {
  const ctx = st.ctx;
  if (eatSelf(c, ctx)) return { kind: 'object', ref: { kind: 'self' } };
  // Pronouns: the last thing named (608.2c).
  if (c.opt('it') || c.opt('its') || c.opt('them') || c.opt('they') || c.opt('their')) return st.last ?? { kind: 'object', ref: { kind: 'it' } };
  if (c.is('that', 'creature|permanent|land|card|artifact|enchantment|spell|player') || c.is("that", "creature's|permanent's|land's|card's")) {
    c.next();
    const noun = c.next()!.w;
    if (noun === 'player') return { kind: 'player', player: { kind: 'target-player', index: Math.max(0, st.targetPlayers - 1) } };
    return st.last ?? { kind: 'object', ref: { kind: 'it' } };
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
  if (c.is('target')) {
    const at = c.save();
    c.next();
    if (c.opt('player') || c.opt('opponent') || c.opt("player's") || c.opt("opponent's")) {
      return { kind: 'player', player: { kind: 'target-player', index: st.targetPlayers++ } };
    }
    const f = parseNounPhrase(c, st);
    if (!f) {
      c.restore(at);
      c.next();
      c.expect('a noun after `target` (creature, permanent, land, …)');
      c.restore(at);
      return undefined;
    }
    let noun = describeFilterNoun(f);
    // `target spell or permanent`
    const orAt = c.save();
    if (c.opt('or')) {
      const g = parseNounPhrase(c, st);
      if (g) noun = `${noun} or ${describeFilterNoun(g)}`;
      else c.restore(orAt);
    }
    return { kind: 'object', ref: { kind: 'target', index: st.targets++, noun } };
  }
  // Other declared objects named in the text.
  for (const n of [...ctx.knownNames].sort((a, b) => b.length - a.length)) {
    if (n.toLowerCase() === ctx.cardName.toLowerCase()) continue;
    if (eatName(c, n)) return { kind: 'object', ref: { kind: 'named', name: n } };
  }
  const p = parsePlayer(c, st);
  if (p) return { kind: 'player', player: p };
  const f = parseSelector(c, st);
  if (f) return { kind: 'filter', filter: f };
  c.expect('what the effect applies to (a name, `target …`, `enchanted creature`, `creatures you control`, …)');
  return undefined;
}

function describeFilterNoun(f: Filter): string {
  if (f.anyOf) return f.anyOf.map(describeFilterNoun).join(' or ');
  return f.types.length ? f.types.join(' ').toLowerCase() : f.subtypes.length ? f.subtypes.join(' ') : f.noun;
}

/** Players as subjects: `you`, `your opponents`, `each opponent`, `each player`, `the chosen player`. */
export function parsePlayer(c: Words, st: ReadState): PlayerRef | undefined {
  if (c.opt('you') || c.opt('your')) return { kind: 'you' };
  if (c.opt('your', 'opponents') || c.opt('your', "opponents'") || c.opt('each', 'opponent') || c.opt('each', "opponent's") || c.opt('opponents') || c.opt('an', 'opponent')) return { kind: 'opponents' };
  if (c.opt('each', 'player') || c.opt('each', "player's") || c.opt('players') || c.opt('all', 'players') || c.opt("players'")) return { kind: 'each-player' };
  if (c.opt('the', 'chosen', 'player') || c.opt('the', 'chosen', "player's")) return { kind: 'chosen-player', index: 0 };
  if (c.opt('target', 'player') || c.opt('target', "player's")) return { kind: 'target-player', index: st.targetPlayers++ };
  return undefined;
}

/** `[all | each] [other] ADJECTIVE* NOUN [and|or …] [CONTROLLER] [in ZONE]`. */
export function parseSelector(c: Words, st: ReadState): Filter | undefined {
  const at = c.save();
  const parts: Filter[] = [];
  for (;;) {
    c.opt('all') || c.opt('each') || c.opt('every') || c.opt('a') || c.opt('an') || c.opt('any');
    const f = parseNounPhrase(c, st);
    if (!f) break;
    parts.push(f);
    const more = c.save();
    if ((c.opt(',', 'and') || c.opt(',', 'or') || c.opt('and') || c.opt('or') || c.opt(',')) && startsNounPhrase(c)) continue;
    c.restore(more);
    break;
  }
  if (!parts.length) {
    c.restore(at);
    return undefined;
  }
  // A controller or zone clause after the last noun applies to all of them.
  const tail = emptyFilter();
  parseTail(c, st, tail);
  const merge = (f: Filter): Filter => ({
    ...f,
    ...(tail.controller && !f.controller ? { controller: tail.controller } : {}),
    ...(tail.owner && !f.owner ? { owner: tail.owner } : {}),
    ...(tail.chosenSubtype !== undefined ? { chosenSubtype: tail.chosenSubtype } : {}),
    zones: f.zones.length ? f.zones : tail.zones,
  });
  if (parts.length === 1) return merge(parts[0]!);
  return { ...emptyFilter(), anyOf: parts.map(merge), zones: [] };
}

function startsNounPhrase(c: Words): boolean {
  const at = c.save();
  c.opt('all') || c.opt('each') || c.opt('a') || c.opt('an');
  const f = parseNounPhrase(c, { ctx: { cardName: '', legendary: false, knownNames: [], isSpell: false }, targets: 0, targetPlayers: 0 });
  c.restore(at);
  return !!f;
}

const ADJ_ONLY = new Set(['other', 'another', 'basic', 'nonbasic', 'legendary', 'nonlegendary', 'token', 'nontoken', 'tapped', 'untapped', 'colorless', 'multicolored', 'monocolored', 'snow']);

/** ADJECTIVE* NOUN, then `that aren't on the battlefield`, `in graveyards`, `you control`. */
export function parseNounPhrase(c: Words, st: ReadState): Filter | undefined {
  const at = c.save();
  const f = emptyFilter();
  let noun = false;
  for (;;) {
    const x = c.peek();
    if (!x || x.kind !== 'word') break;
    // `target creature's power`: a possessive noun ends the phrase.
    const possessive = x.w.endsWith("'s") && (TYPE_NOUNS[x.w.slice(0, -2)] || GENERIC_NOUNS[x.w.slice(0, -2)]);
    if (possessive) {
      const base = x.w.slice(0, -2);
      if (TYPE_NOUNS[base]) f.types.push(TYPE_NOUNS[base]!);
      else f.noun = GENERIC_NOUNS[base]!;
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
    else if (w === 'tapped') f.tapped = true;
    else if (w === 'untapped') f.tapped = false;
    else if (w === 'colorless') f.colorless = true;
    else if (w === 'multicolored') f.multicolored = true;
    else if (w === 'monocolored') f.multicolored = false;
    else if (colorWord(w)) f.colors.push(colorWord(w)!);
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
      c.next();
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

/** `you control`, `your opponents control`, `an opponent controls`, `PLAYER controls`, `in your graveyard`, `in graveyards`, `on the battlefield`. */
export function parseTail(c: Words, st: ReadState, f: Filter): void {
  for (;;) {
    if (c.opt('you', 'control') || c.opt('you', 'controlled')) f.controller = { kind: 'you' };
    else if (c.opt('your', 'opponents', 'control') || c.opt('an', 'opponent', 'controls') || c.opt('opponents', 'control')) f.controller = { kind: 'opponents' };
    else if (c.opt("you", "don't", 'control')) f.controller = { kind: 'opponents' };
    else if (c.opt('you', 'own')) f.owner = { kind: 'you' };
    else if (c.opt('in', 'your', 'graveyard')) {
      f.zones = ['graveyard'];
      f.owner = { kind: 'you' };
    } else if (c.opt('in', 'graveyards') || c.opt('in', 'all', 'graveyards')) f.zones = ['graveyard'];
    else if (c.opt('in', 'your', 'hand')) {
      f.zones = ['hand'];
      f.owner = { kind: 'you' };
    } else if (c.opt('in', 'exile')) f.zones = ['exile'];
    else if (c.opt('on', 'the', 'battlefield')) f.zones = ['battlefield'];
    else if (c.opt('of', 'the', 'first', 'chosen', 'type') || c.opt('of', 'the', 'chosen', 'type')) f.chosenSubtype = 0;
    else if (c.opt('of', 'the', 'second', 'chosen', 'type')) f.chosenSubtype = 1;
    else {
      const x = c.peek();
      const y = c.peek(1);
      if (x && y && y.w === 'controls' && st.ctx.knownNames.some((n) => n.toLowerCase() === x.w)) {
        c.next();
        c.next();
        f.controller = { kind: 'named', name: x.raw };
      } else break;
    }
  }
}

// ---------------------------------------------------------------------------
// Counts

/** COUNT: `the number of …`, `its mana value`, `X`, a number. */
export function parseCount(c: Words, st: ReadState): Expr | undefined {
  const at = c.save();
  if (c.opt('the', 'number', 'of')) {
    const f = parseSelector(c, st);
    if (f) return { kind: 'count', filter: f };
    c.expect('what to count after `the number of`');
    c.restore(at);
    return undefined;
  }
  if (c.opt('its', 'mana', 'value') || c.opt('their', 'mana', 'value') || c.opt('that', "creature's", 'mana', 'value')) return { kind: 'stat', stat: 'mana-value' };
  if (c.opt('its', 'power') || c.opt('their', 'power')) return { kind: 'stat', stat: 'power' };
  if (c.opt('its', 'toughness') || c.opt('their', 'toughness')) return { kind: 'stat', stat: 'toughness' };
  if (eatSelf(c, st.ctx)) {
    if (c.opt('mana', 'value')) return { kind: 'stat', stat: 'mana-value', of: { kind: 'self' } };
    if (c.opt('power')) return { kind: 'stat', stat: 'power', of: { kind: 'self' } };
    if (c.opt('toughness')) return { kind: 'stat', stat: 'toughness', of: { kind: 'self' } };
    c.restore(at);
  }
  if (c.opt('x')) return { kind: 'x' };
  const x = c.peek();
  if (x) {
    const n = numberWord(x.w);
    if (n !== undefined && x.w !== 'a' && x.w !== 'an') {
      c.next();
      return { kind: 'const', value: n };
    }
  }
  c.expect('a number or a count (`the number of …`, `its mana value`, `X`)');
  return undefined;
}

export const ZONE_WORDS: Record<string, Zone> = { graveyard: 'graveyard', hand: 'hand', library: 'library', exile: 'exile', battlefield: 'battlefield' };

export function colorList(c: Words): Color[] | undefined {
  const out: Color[] = [];
  for (;;) {
    const x = c.peek();
    const col = x ? colorWord(x.w) : undefined;
    if (!col) break;
    c.next();
    out.push(col);
    const at = c.save();
    if ((c.opt(',', 'and') || c.opt('and') || c.opt(',')) && c.peek() && colorWord(c.peek()!.w)) continue;
    c.restore(at);
    break;
  }
  return out.length ? out : undefined;
}

export function supertypeWord(w: string): string | undefined {
  return supertype(w);
}

export type { ObjectRef };
