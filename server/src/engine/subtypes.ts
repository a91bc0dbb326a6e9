// Which card type a subtype belongs to (205.3): the engine needs it to drop
// subtypes that no longer correspond to a type (205.3d), to apply 305.7, and
// for "every creature type" (702.73a). The short, closed lists are here; a
// capitalised subtype that is in none of them is a creature type (205.3m is
// the long, open-ended list).

import { eqWord, hasWord } from './working';

/** 205.3i */
export const LAND_TYPES = ['Desert', 'Forest', 'Gate', 'Island', 'Lair', 'Locus', 'Mine', 'Mountain', 'Plains', 'Power-Plant', 'Sphere', 'Swamp', 'Tower', 'Town', 'Urza\'s', 'Cave', 'Cloud', 'Planet'];
/** 205.3g */
export const ARTIFACT_TYPES = ['Attraction', 'Blood', 'Bobblehead', 'Clue', 'Contraption', 'Equipment', 'Food', 'Fortification', 'Gold', 'Incubator', 'Junk', 'Lander', 'Map', 'Powerstone', 'Spacecraft', 'Treasure', 'Vehicle', 'Mutagen', 'Infinity', 'Stone', 'Terminus'];
/** 205.3h */
export const ENCHANTMENT_TYPES = ['Aura', 'Background', 'Cartouche', 'Case', 'Class', 'Curse', 'Role', 'Room', 'Rune', 'Saga', 'Shard', 'Shrine'];
/** 205.3k (instants and sorceries) */
export const SPELL_TYPES = ['Adventure', 'Arcane', 'Chorus', 'Lesson', 'Omen', 'Trap'];
/** 205.3j: the planeswalker types that can collide with other words are listed; others are rare in scenarios. */
export const PLANESWALKER_TYPES = ['Ajani', 'Chandra', 'Elspeth', 'Garruk', 'Gideon', 'Jace', 'Karn', 'Liliana', 'Nissa', 'Sorin', 'Teferi', 'Ugin', 'Vraska', 'Tezzeret', 'Nicol Bolas', 'Ashiok', 'Kaya', 'Ral', 'Sarkhan', 'Tamiyo', 'Venser', 'Domri', 'Vivien', 'Tibalt', 'Dovin', 'Saheeli', 'Huatli', 'Angrath', 'Oko', 'Wrenn', 'Kasmina', 'Davriel', 'Nahiri', 'Narset', 'Samut', 'Sorin', 'Tyvar', 'Kaito', 'Lukka', 'Basri', 'Calix', 'Niko', 'Grist', 'Lolth', 'Minsc', 'Zariel', 'Mordenkainen', 'Dihada', 'Ellywick', 'Quintorius', 'Vronos', 'Wrenn'];

export const BASIC_LAND_TYPE_NAMES = ['Plains', 'Island', 'Swamp', 'Mountain', 'Forest'];

export type SubtypeCategory = 'Land' | 'Artifact' | 'Enchantment' | 'Spell' | 'Planeswalker' | 'Creature' | 'Battle';

const index = new Map<string, SubtypeCategory>();
for (const s of LAND_TYPES) index.set(s.toLowerCase(), 'Land');
for (const s of ARTIFACT_TYPES) index.set(s.toLowerCase(), 'Artifact');
for (const s of ENCHANTMENT_TYPES) index.set(s.toLowerCase(), 'Enchantment');
for (const s of SPELL_TYPES) index.set(s.toLowerCase(), 'Spell');
for (const s of PLANESWALKER_TYPES) index.set(s.toLowerCase(), 'Planeswalker');
index.set('siege', 'Battle');

/** Categories of the subtypes seen, as written (a few hundred words; asked for every object in every layer). */
const seen = new Map<string, SubtypeCategory>();

export function subtypeCategory(sub: string): SubtypeCategory {
  let c = seen.get(sub);
  if (c === undefined) {
    if (seen.size > 10000) seen.clear();
    seen.set(sub, (c = index.get(sub.toLowerCase()) ?? 'Creature'));
  }
  return c;
}

export function isCreatureType(sub: string): boolean {
  return subtypeCategory(sub) === 'Creature';
}

const BASIC_LAND_TYPES = new Set(BASIC_LAND_TYPE_NAMES);
export function isBasicLandType(sub: string): boolean {
  // (The usual spelling found at once: this runs for every subtype of every land after many events.)
  if (BASIC_LAND_TYPES.has(sub)) return true;
  for (let i = 0; i < BASIC_LAND_TYPE_NAMES.length; i++) if (eqWord(BASIC_LAND_TYPE_NAMES[i]!, sub)) return true;
  return false;
}

/** 205.3d: does this subtype correspond to one of these card types? (Kindred/Tribal carry creature types.) */
export function correspondsTo(sub: string, types: readonly string[]): boolean {
  const cat = subtypeCategory(sub);
  const has = (t: string) => hasWord(types, t);
  switch (cat) {
    case 'Creature':
      return has('Creature') || has('Kindred') || has('Tribal');
    case 'Spell':
      return has('Instant') || has('Sorcery');
    default:
      return has(cat);
  }
}
