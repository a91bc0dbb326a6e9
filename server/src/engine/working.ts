// Working characteristics: the values the layer system rewrites in place,
// one record per object, starting from the printed values (613.1).

import type { Color } from '../effects/ir';
import { outsideWorld, type AbilityInstance, type CopiableValues, type GameObject, type GameState } from './state';

export interface Working {
  obj: GameObject;
  name: string;
  manaCost: string | null;
  manaValue: number;
  colors: Color[];
  supertypes: string[];
  types: string[];
  subtypes: string[];
  /** 702.73 / `is every creature type`: has all creature types without listing them. */
  allCreatureTypes: boolean;
  abilities: AbilityInstance[];
  power: number | null;
  toughness: number | null;
  controller: string;
  /** `can't have or gain abilities`. */
  cantHaveAbilities: boolean;
  /** `can't have or gain flying`: keyword names (or texts) that later grants can't add. */
  cantGain: string[];
}

/**
 * The whole board at one moment of the layer computation: one record per
 * object, in the objects' order. What the layer code and its readers ask of
 * it is a Map's reading and setting; a `PlacedWorld` is the usual one, and a
 * trial's `ScratchWorld` (613.8a) another.
 */
export interface World {
  readonly size: number;
  get(id: string): Working | undefined;
  has(id: string): boolean;
  set(id: string, w: Working): unknown;
  keys(): IterableIterator<string>;
  values(): IterableIterator<Working>;
  entries(): IterableIterator<[string, Working]>;
  [Symbol.iterator](): IterableIterator<[string, Working]>;
  forEach(cb: (w: Working, id: string) => void): void;
}

/**
 * A world held as a list of records by place, with the places of the ids
 * shared between copies: a copy is a slice of the list, not a Map made again
 * (every layer computation starts from a copy of the last one's records
 * after layer 1, and keeps a copy of its own: 280 records were a Map grown to
 * size twice per event, a seventh of what an analysis allocated). Objects are
 * only added, at the end, so the order is a Map's insertion order.
 */
export class PlacedWorld implements World {
  private constructor(
    private ids: string[],
    private places: Map<string, number>,
    private readonly records: Working[],
    /** Whether `ids` and `places` are another world's too: copied before an id is added. */
    private shared: boolean,
  ) {}

  static empty(): PlacedWorld {
    return new PlacedWorld([], new Map(), [], false);
  }

  get size(): number {
    return this.records.length;
  }

  get(id: string): Working | undefined {
    const i = this.places.get(id);
    return i === undefined ? undefined : this.records[i];
  }

  has(id: string): boolean {
    return this.places.has(id);
  }

  set(id: string, w: Working): this {
    const i = this.places.get(id);
    if (i !== undefined) {
      this.records[i] = w;
      return this;
    }
    if (this.shared) {
      this.ids = this.ids.slice();
      this.places = new Map(this.places);
      this.shared = false;
    }
    this.places.set(id, this.records.length);
    this.ids.push(id);
    this.records.push(w);
    return this;
  }

  /** The same records, in a world of its own (records are shared: a writer replaces one, never changes it). */
  copy(): PlacedWorld {
    this.shared = true;
    return new PlacedWorld(this.ids, this.places, this.records.slice(), true);
  }

  /** A copy whose records are copies too. */
  deepCopy(): PlacedWorld {
    this.shared = true;
    return new PlacedWorld(this.ids, this.places, this.records.map((w) => cloneWorking(w)), true);
  }

  keys(): IterableIterator<string> {
    return this.ids.values();
  }

  values(): IterableIterator<Working> {
    return this.records.values();
  }

  /** Made at once (no generator in cold code): a record set during the walk is not seen, as the layer code sets only the one it is at. */
  entries(): IterableIterator<[string, Working]> {
    return this.records.map((w, i): [string, Working] => [this.ids[i]!, w]).values();
  }

  [Symbol.iterator](): IterableIterator<[string, Working]> {
    return this.entries();
  }

  /** As a Map's: a record set or added by `cb` is seen (the ids read afresh: an added one may copy them). */
  forEach(cb: (w: Working, id: string) => void): void {
    const records = this.records;
    for (let i = 0; i < records.length; i++) cb(records[i]!, this.ids[i]!);
  }

  /**
   * The places of the ids, and the ids by place, as they are now (changes.ts
   * keeps records by them). Both only grow: an id keeps its place in every
   * world that shares them.
   */
  get placeMap(): ReadonlyMap<string, number> {
    return this.places;
  }

  get idList(): readonly string[] {
    return this.ids;
  }

  /**
   * Each record of `slots`, a list by this world's places (`placeMap`), over
   * this world's, but at the places of `keep`'s ids, whose records stay as
   * they are. One pass over the list: no id looked up but `keep`'s.
   */
  overlay(slots: readonly (Working | undefined)[], keep: ReadonlySet<string>): void {
    const records = this.records;
    const places: number[] = [];
    const was: Working[] = [];
    keep.forEach((id) => {
      const i = this.places.get(id);
      if (i !== undefined && slots[i] !== undefined) {
        places.push(i);
        was.push(records[i]!);
      }
    });
    const n = Math.min(slots.length, records.length);
    for (let i = 0; i < n; i++) {
      const w = slots[i];
      if (w !== undefined) records[i] = w;
    }
    for (let k = 0; k < places.length; k++) records[places[k]!] = was[k]!;
  }
}

// Working records never change an array in place (every effect assigns a new
// one), so records share arrays freely: a layer pass copies nothing it does
// not change.
export function fromValues(obj: GameObject, v: CopiableValues): Working {
  return {
    obj,
    name: v.name,
    manaCost: v.manaCost,
    manaValue: v.manaValue,
    colors: v.colors,
    supertypes: v.supertypes,
    types: v.types,
    subtypes: v.subtypes,
    allCreatureTypes: false,
    abilities: v.abilities,
    // 208.2: a `*` with no CDA to define it counts as 0.
    power: v.power === null ? null : v.power,
    toughness: v.toughness === null ? null : v.toughness,
    controller: obj.baseController,
    cantHaveAbilities: false,
    cantGain: [],
  };
}

export function initialWorld(state: GameState): PlacedWorld {
  const w = PlacedWorld.empty();
  for (const o of state.objects) if (!outsideWorld(o)) w.set(o.id, fromValues(o, o.printed));
  return w;
}

/**
 * A copy of a record, naming `obj` (by default the same object). Every field
 * is written out, in `fromValues`'s order: every record has one shape, and a
 * copy is a plain allocation (a spread of a record was the slowest line of a
 * rebase, copying hundreds of records).
 */
export function cloneWorking(x: Working, obj: GameObject = x.obj): Working {
  return {
    obj,
    name: x.name,
    manaCost: x.manaCost,
    manaValue: x.manaValue,
    colors: x.colors,
    supertypes: x.supertypes,
    types: x.types,
    subtypes: x.subtypes,
    allCreatureTypes: x.allCreatureTypes,
    abilities: x.abilities,
    power: x.power,
    toughness: x.toughness,
    controller: x.controller,
    cantHaveAbilities: x.cantHaveAbilities,
    cantGain: x.cantGain,
  };
}



/**
 * A scratch copy of a world for trial application (613.8a) that copies a
 * record only when it is fetched with `get` (which is how effects reach the
 * objects they change). Iteration yields the base record of anything not yet
 * fetched, so callers must only read what they iterate. Trials touch a few
 * objects of a large board, so this keeps a trial near O(what it changes).
 */
export class ScratchWorld extends Map<string, Working> {
  constructor(private readonly base: World) {
    super();
  }
  override get(k: string): Working | undefined {
    const own = super.get(k);
    if (own) return own;
    const b = this.base.get(k);
    if (!b) return undefined;
    const c = cloneWorking(b);
    super.set(k, c);
    return c;
  }
  override has(k: string): boolean {
    return this.base.has(k);
  }
  override get size(): number {
    return this.base.size;
  }
  override *keys(): MapIterator<string> {
    yield* this.base.keys();
  }
  override *values(): MapIterator<Working> {
    for (const [k, v] of this.base) yield super.get(k) ?? v;
  }
  override *entries(): MapIterator<[string, Working]> {
    for (const [k, v] of this.base) yield [k, super.get(k) ?? v];
  }
  override [Symbol.iterator](): MapIterator<[string, Working]> {
    return this.entries();
  }
  override forEach(cb: (v: Working, k: string, m: Map<string, Working>) => void): void {
    for (const [k, v] of this.entries()) cb(v, k, this);
  }
}

/** The copiable values of a working record (707.2): taken after layer 1. */
export function toCopiable(x: Working): CopiableValues {
  return {
    name: x.name,
    manaCost: x.manaCost,
    manaValue: x.manaValue,
    colors: [...x.colors],
    supertypes: [...x.supertypes],
    types: [...x.types],
    subtypes: [...x.subtypes],
    abilities: [...x.abilities],
    power: x.power,
    toughness: x.toughness,
    powerStar: false,
    toughnessStar: false,
  };
}

// Words are nearly always written alike (`Creature`): compare as written first, then without case.
// Equal to `a.toLowerCase() === b.toLowerCase()`, without building two strings
// per comparison: while both are ASCII they are compared code by code
// (mismatched words nearly always differ in their first letter); at the first
// non-ASCII code, toLowerCase decides.
export function eqWord(a: string, b: string): boolean {
  if (a === b) return true;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x >= 128 || y >= 128) return a.toLowerCase() === b.toLowerCase();
    if (x === y) continue;
    // Everything before i is ASCII, so code i keeps its place in both lower-cased
    // strings: two ASCII codes that are not one letter in two cases make them differ.
    if ((x ^ y) !== 32 || (x | 32) < 97 || (x | 32) > 122) return false;
  }
  // An ASCII prefix of the other, lower-cased, is still shorter than the other lower-cased.
  return a.length === b.length;
}

export function hasWord(xs: readonly string[], w: string): boolean {
  for (let i = 0; i < xs.length; i++) if (eqWord(xs[i]!, w)) return true;
  return false;
}

export function isType(x: Working, t: string): boolean {
  return hasWord(x.types, t);
}

/** The order card types are printed in (`Kindred Artifact Creature`, `Enchantment Creature`, `Land Creature`). */
const TYPE_ORDER = ['kindred', 'tribal', 'artifact', 'enchantment', 'land', 'planeswalker', 'battle', 'creature', 'instant', 'sorcery'];
export function orderedTypes(types: readonly string[]): string[] {
  const rank = (t: string) => {
    const i = TYPE_ORDER.indexOf(t.toLowerCase());
    return i < 0 ? TYPE_ORDER.length : i;
  };
  return [...types].sort((a, b) => rank(a) - rank(b));
}

export function typeLine(x: { supertypes: string[]; types: string[]; subtypes: string[]; allCreatureTypes?: boolean }): string {
  const left = [...x.supertypes, ...orderedTypes(x.types)].join(' ');
  const subs = x.allCreatureTypes ? [...x.subtypes, '(every creature type)'] : x.subtypes;
  return subs.length ? `${left} — ${subs.join(' ')}` : left;
}
