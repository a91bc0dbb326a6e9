// 613.8a's prefilter, finer for types: which type words an effect's filters
// test, and which an effect's type-changing parts can add or take away. Two
// effects that both concern types, one reading and one writing, may still
// have nothing to do with each other ("All Forests are Islands" reads
// Forest; "Each land is a Swamp in addition to its other land types" only
// adds Swamp): applying the second cannot change the first's set, values or
// condition, so no trial is needed. What cannot be summed up as words (a
// choice, types set anew, a filter that compares objects) is `ANY`.
//
// A word is `type:creature`, `super:basic` or `sub:forest`; `cat:land` stands
// for every subtype of one kind (305.7 replaces all land types; 205.3d drops
// the subtypes that no longer fit). A subtype read is also a read of its kind.

import type { EffectSpec, Filter, Part, TypePart } from '../effects/ir';
import { subtypeCategory } from './subtypes';

/** A set of type words, or every word. */
export type TypeWords = ReadonlySet<string> | 'any';

export const ANY = 'any';

/** Whether something written in `w` can change something read in `r`. */
export function wordsMeet(r: TypeWords, w: TypeWords): boolean {
  if (r === ANY || w === ANY) return true;
  // (No destructuring: until V8 optimises this, it makes an array and an iterator per call.)
  const small = r.size <= w.size ? r : w;
  const large = small === r ? w : r;
  for (const x of small) if (large.has(x)) return true;
  return false;
}

/** `into` with the words of `w` added (every word once either is). */
export function unionWords(into: TypeWords, w: TypeWords): TypeWords {
  if (into === ANY || w === ANY) return ANY;
  return w.size ? new Set([...into, ...w]) : into;
}

const subWord = (s: string) => `sub:${s.toLowerCase()}`;
const catWord = (s: string) => `cat:${subtypeCategory(s).toLowerCase()}`;

/** Adds the words `f` tests to `out`; false when it reads types in a way words cannot say. */
function filterWords(f: Filter, out: Set<string>): boolean {
  // `that share a creature type with it`, `attached to a creature`, `enchanted permanent`: other objects' types.
  if (f.shares || f.attachedTo || f.hasAttached || f.chosenSubtype !== undefined || f.notChosenSubtype !== undefined) return false;
  for (const t of [...f.types, ...f.notTypes]) out.add(`type:${t.toLowerCase()}`);
  for (const t of [...f.supertypes, ...f.notSupertypes]) out.add(`super:${t.toLowerCase()}`);
  for (const s of [...f.subtypes, ...f.notSubtypes]) {
    out.add(subWord(s));
    // 702.73a: every creature type counts too; a kind's subtypes are all replaced at once (305.7).
    out.add(catWord(s));
  }
  return (f.anyOf ?? []).every((g) => filterWords(g, out));
}

/** Every filter in a spec's set, values and condition (as `specReads` in layers.ts walks them). */
function specFilters(spec: EffectSpec): Filter[] {
  const out: Filter[] = [];
  if (spec.affected.kind === 'filter') out.push(spec.affected.filter);
  const walk = (x: unknown): void => {
    if (!x || typeof x !== 'object') return;
    const o = x as Record<string, unknown>;
    if ((o.kind === 'count' || o.kind === 'object-is' || o.kind === 'count-at-least') && o.filter) out.push(o.filter as Filter);
    for (const v of Object.values(o)) if (v && typeof v === 'object') walk(v);
  };
  walk(spec.parts);
  walk(spec.condition);
  return out;
}

const readsBySpec = new WeakMap<EffectSpec, TypeWords>();

/** The type words an effect's set, values and condition test. */
export function typeReads(spec: EffectSpec): TypeWords {
  let r = readsBySpec.get(spec);
  if (r === undefined) {
    const out = new Set<string>();
    r = specFilters(spec).every((f) => filterWords(f, out)) ? out : ANY;
    readsBySpec.set(spec, r);
  }
  return r;
}

/** Adds the words a type part can add or take away to `out`; false when it cannot be said in words. */
function typePartWords(p: TypePart, out: Set<string>): boolean {
  // 205.1a: new card types replace the old (and the subtypes that fit them).
  if (p.setTypes || p.removeTypes) return false;
  for (const t of p.addTypes ?? []) out.add(`type:${t.toLowerCase()}`);
  // 205.3d: creature types stay on an object with no card type only until it has one.
  if (p.addTypes?.length) out.add('cat:creature');
  for (const t of [...(p.addSupertypes ?? []), ...(p.removeSupertypes ?? [])]) out.add(`super:${t.toLowerCase()}`);
  if (p.loseAllCreatureTypes || p.allCreatureTypes) out.add('cat:creature');
  for (const c of p.addSubtypes ?? []) {
    if (c.kind !== 'fixed') return false;
    out.add(subWord(c.value));
    // `is a Treefolk`: the named subtypes replace the old ones of the same kind.
    if (p.replaceSubtypes) out.add(catWord(c.value));
  }
  // 305.7: a basic land type replaces all the land's land types, whichever it is.
  if (p.setLandType) out.add('cat:land');
  return true;
}

const writesByParts = new WeakMap<readonly Part[], TypeWords>();

/** The type words one layer's parts of an effect can change (copy effects: every word). */
export function typeWrites(parts: readonly Part[]): TypeWords {
  let w = writesByParts.get(parts);
  if (w === undefined) {
    const out = new Set<string>();
    w = parts.every((p) => (p.kind === 'type' ? typePartWords(p, out) : p.layer !== '1a')) ? out : ANY;
    writesByParts.set(parts, w);
  }
  return w;
}
