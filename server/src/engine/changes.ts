// The records one layer set in a computation, kept for the next one
// (incremental.ts `LayerRecord.changed`): the next computation carries them
// into its world for every object it does not compute again, and keeps them
// again with its own over them. A layer such as 7c sets the record of nearly
// every creature (an anthem, counters), so both ran over some 200 records per
// layer per event; as a Map, keeping them again meant a Map made anew each
// time. Held by the world's places, keeping is a slice of a list and carrying
// a pass over it (`PlacedWorld.overlay`).

import type { PlacedWorld, Working } from './working';

/** What the layer code reads of a layer's records: a Map's reading (the Map of the records set in a layer is one too). */
export interface Changes {
  readonly size: number;
  get(id: string): Working | undefined;
  has(id: string): boolean;
  forEach(cb: (w: Working, id: string) => void): void;
}

/** Records by the places of a world (`PlacedWorld.placeMap`): a place with none is `undefined`. Never changed once made. */
export class PlacedChanges implements Changes {
  private constructor(
    /** The world's places when this was made: they only grow, so every id held here keeps its place. */
    private readonly places: ReadonlyMap<string, number>,
    private readonly ids: readonly string[],
    private readonly slots: readonly (Working | undefined)[],
    readonly size: number,
  ) {}

  /**
   * `old`'s records but those of `skip`, with `now`'s over them, by
   * `world`'s places; undefined when one of them has no place there (the
   * caller then keeps a Map). A slice of `old` when it was made by the
   * world's very places, as it is from one computation to the next until an
   * object is added; otherwise made again record by record.
   */
  static kept(world: PlacedWorld, old: Changes, skip: ReadonlySet<string>, now: ReadonlyMap<string, Working>): PlacedChanges | undefined {
    const places = world.placeMap;
    let slots: (Working | undefined)[];
    let size = 0;
    let placed = true;
    if (old instanceof PlacedChanges && old.places === places) {
      slots = old.slots.slice();
      size = old.size;
      skip.forEach((id) => {
        const i = places.get(id);
        if (i !== undefined && slots[i] !== undefined) {
          slots[i] = undefined;
          size--;
        }
      });
    } else {
      slots = new Array<Working | undefined>(world.size).fill(undefined);
      old.forEach((w, id) => {
        if (skip.has(id)) return;
        const i = places.get(id);
        if (i === undefined) placed = false;
        else {
          slots[i] = w;
          size++;
        }
      });
    }
    now.forEach((w, id) => {
      const i = places.get(id);
      if (i === undefined) placed = false;
      else {
        if (slots[i] === undefined) size++;
        slots[i] = w;
      }
    });
    return placed ? new PlacedChanges(places, world.idList, slots, size) : undefined;
  }

  get(id: string): Working | undefined {
    const i = this.places.get(id);
    return i === undefined ? undefined : this.slots[i];
  }

  has(id: string): boolean {
    return this.get(id) !== undefined;
  }

  forEach(cb: (w: Working, id: string) => void): void {
    const slots = this.slots;
    for (let i = 0; i < slots.length; i++) {
      const w = slots[i];
      if (w !== undefined) cb(w, this.ids[i]!);
    }
  }

  /** Into `world`, but for the ids of `skip`: by place when this was made by the world's places, else record by record. */
  carryInto(world: PlacedWorld, skip: ReadonlySet<string>): void {
    if (this.places === world.placeMap) world.overlay(this.slots, skip);
    else carryEach(this, world, skip);
  }
}

/** A Map of the same records. */
export function changesMap(changes: Changes): Map<string, Working> {
  const m = new Map<string, Working>();
  changes.forEach((w, id) => m.set(id, w));
  return m;
}

/** `changes`' records into `world`, but for the ids of `skip`. */
export function carry(changes: Changes, world: PlacedWorld, skip: ReadonlySet<string>): void {
  if (changes instanceof PlacedChanges) changes.carryInto(world, skip);
  else carryEach(changes, world, skip);
}

function carryEach(changes: Changes, world: PlacedWorld, skip: ReadonlySet<string>): void {
  // forEach: no [id, record] pair made per entry, for hundreds of entries per layer.
  changes.forEach((w, id) => {
    if (!skip.has(id)) world.set(id, w);
  });
}
