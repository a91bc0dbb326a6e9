// Rules vocabulary shared by the parser, the effect-text compiler and the
// engine: card types, supertypes, subtypes (205.3), colors (105), keywords.
// Words are stored capitalised as printed; look-ups are case-insensitive.

import type { Color } from '../effects/ir';

/** 205.2a */
export const CARD_TYPES = ['Artifact', 'Battle', 'Creature', 'Enchantment', 'Instant', 'Kindred', 'Land', 'Planeswalker', 'Sorcery', 'Tribal', 'Conspiracy', 'Dungeon', 'Phenomenon', 'Plane', 'Scheme', 'Vanguard'] as const;

/** 205.4a */
export const SUPERTYPES = ['Basic', 'Legendary', 'Ongoing', 'Snow', 'World'] as const;

/** 305.6: basic land types and the mana their intrinsic ability adds. */
export const BASIC_LAND_TYPES: Readonly<Record<string, string>> = {
  Plains: 'W',
  Island: 'U',
  Swamp: 'B',
  Mountain: 'R',
  Forest: 'G',
};

/** 105.1, in WUBRG order. */
export const COLOR_WORDS: Readonly<Record<string, Color>> = {
  white: 'white',
  blue: 'blue',
  black: 'black',
  red: 'red',
  green: 'green',
};

/** Mana symbol letter for each color (202.2). */
export const COLOR_OF_SYMBOL: Readonly<Record<string, Color>> = { W: 'white', U: 'blue', B: 'black', R: 'red', G: 'green' };

const lower = (xs: readonly string[]) => new Map(xs.map((x) => [x.toLowerCase(), x]));
const cardTypeIndex = lower(CARD_TYPES);
const supertypeIndex = lower(SUPERTYPES);

/** The canonical spelling of a card type, or undefined. */
export function cardType(word: string): string | undefined {
  return cardTypeIndex.get(word.toLowerCase());
}

/** The canonical spelling of a supertype, or undefined. */
export function supertype(word: string): string | undefined {
  return supertypeIndex.get(word.toLowerCase());
}
