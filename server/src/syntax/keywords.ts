// The fixed words of the `.layers` language (spec sections 2, 4 and 6), and
// the near-misses people type for them, so that "did you mean" can answer
// even when the typo is far from the word (`pwr` → `pt`).

import type { ZoneName } from './ast';
import { suggest } from './suggest';

export const STATEMENT_KEYWORDS = [
  'scenario', 'players', 'card', 'token', 'enter', 'cast', 'activate', 'resolve', 'attach', 'put', 'remove', 'move',
  'destroy', 'sacrifice', 'exile', 'tap', 'untap', 'turn', 'end', 'expect',
] as const;

/** Card body keys; `colors` is accepted for `color`. */
export const CARD_KEYS = ['cost', 'color', 'colors', 'type', 'pt', 'owner', 'text', 'copies'] as const;

export const ZONES: ZoneName[] = ['battlefield', 'graveyard', 'hand', 'library', 'exile', 'stack', 'command'];

export const FACT_KEYWORDS = [
  'pt', 'power', 'toughness', 'color', 'colors', 'type', 'is', 'is not', 'abilities', 'has', 'lacks', 'controller', 'owner',
  'zone', 'tapped', 'untapped', 'counters', 'name', 'life', 'hand', 'graveyard', 'library', 'exile', 'max hand size', 'rule',
] as const;

/** `PLAYER draws N cards` and friends: the verb after the player's name. */
export const PLAYER_VERBS: Readonly<Record<string, 'draw' | 'gain-life' | 'lose-life' | 'discard'>> = {
  draws: 'draw', draw: 'draw', gains: 'gain-life', gain: 'gain-life', loses: 'lose-life', lose: 'lose-life', discards: 'discard', discard: 'discard',
};

/** Words people write for a card key. */
export const CARD_KEY_SYNONYMS: Readonly<Record<string, string>> = {
  pwr: 'pt', power: 'pt', toughness: 'pt', 'p/t': 'pt', stats: 'pt', size: 'pt',
  colour: 'color', colours: 'color',
  types: 'type', typeline: 'type', 'type-line': 'type', subtype: 'type', subtypes: 'type',
  mana: 'cost', manacost: 'cost', 'mana-cost': 'cost',
  ability: 'text', abilities: 'text', oracle: 'text', rules: 'text',
  copy: 'copies', count: 'copies', number: 'copies', amount: 'copies',
  controller: 'owner', controlled: 'owner',
};

/** Words people write for a statement keyword. */
export const STATEMENT_SYNONYMS: Readonly<Record<string, string>> = {
  play: 'enter', enters: 'enter', etb: 'enter', summon: 'enter',
  casts: 'cast', activates: 'activate', resolves: 'resolve', apply: 'resolve',
  attaches: 'attach', equip: 'attach', enchant: 'attach',
  add: 'put', place: 'put', puts: 'put', removes: 'remove',
  moves: 'move', return: 'move', bounce: 'move',
  kill: 'destroy', destroys: 'destroy', sacrifices: 'sacrifice', sac: 'sacrifice', exiles: 'exile',
  taps: 'tap', untaps: 'untap', flip: 'turn', unmorph: 'turn',
  expects: 'expect', assert: 'expect', check: 'expect',
  player: 'players', object: 'card', title: 'scenario',
};

/** Words people write for a fact keyword. */
export const FACT_SYNONYMS: Readonly<Record<string, string>> = {
  pwr: 'pt', 'p/t': 'pt', stats: 'pt', colour: 'color', colours: 'color', types: 'type',
  ability: 'abilities', keywords: 'abilities', have: 'has', gains: 'has', lack: 'lacks', loses: 'lacks',
  controlled: 'controller', control: 'controller', owned: 'owner', counter: 'counters', named: 'name',
  tap: 'tapped', untap: 'untapped', rules: 'rule', restriction: 'rule',
};

/** The best did-you-mean for `word` among `candidates`, a known synonym first. */
export function closest(word: string, candidates: readonly string[], synonyms: Readonly<Record<string, string>> = {}): string | undefined {
  const lower = word.toLowerCase();
  if (Object.hasOwn(synonyms, lower)) return synonyms[lower];
  return suggest(word, candidates);
}
