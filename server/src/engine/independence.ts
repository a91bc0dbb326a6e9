// 613.7–613.8: whether a layer's effects can be ordered by timestamps alone
// (no effect reads on objects what another writes, none has a condition or
// changes abilities or text), kept from one computation of the layers to the
// next. After an event a layer's pool is mostly last time's with an effect
// more or less (a pump resolved, a counter put); looking at every pair again
// was a pass over the pool for every layer of every computation.

import type { Live } from './live';

/** What an effect reads on objects and writes, in the layer asked about. */
export interface EffectAspects {
  reads: ReadonlySet<string>;
  writes: ReadonlySet<string>;
  /** A condition, or a write of abilities or text: the layer is never independent (layers.ts `independent`). */
  never: boolean;
}

/** Aspect → how many of the effects seen read it (or write it), for CDAs (1) and the others (0): 613.3 orders them apart. */
type Counts = [Map<string, number>, Map<string, number>];

/**
 * The effects seen in one layer's pools, together: none reads what another of
 * its kind (CDA or not) writes. Any pool of them is then independent, and a
 * pool with new effects is independent when these fit with all of them. It
 * only grows: an effect gone from the pool stays counted, which can only make
 * a new one not fit; then the caller looks at the pool afresh and begins a
 * new one (`admit` false).
 */
export class Independence {
  private readonly seen = new WeakSet<Live>();
  private writers: Counts = [new Map(), new Map()];
  private readers: Counts = [new Map(), new Map()];

  constructor(private readonly aspects: (l: Live) => EffectAspects) {}

  /** Takes in the pool's effects not seen yet, when all fit: whether the pool is independent (false: nothing taken in, not known). */
  admit(pool: readonly Live[]): boolean {
    let fresh: Live[] | undefined;
    // Indexed: this runs over every effect of a layer after most events, often before V8 optimises it.
    for (let i = 0; i < pool.length; i++) if (!this.seen.has(pool[i]!)) (fresh ??= []).push(pool[i]!);
    if (!fresh) return true;
    const writers: Counts = [new Map(this.writers[0]), new Map(this.writers[1])];
    const readers: Counts = [new Map(this.readers[0]), new Map(this.readers[1])];
    for (const l of fresh) {
      const a = this.aspects(l);
      if (a.never) return false;
      const k = l.cda ? 1 : 0;
      for (const x of a.writes) writers[k].set(x, (writers[k].get(x) ?? 0) + 1);
      for (const x of a.reads) readers[k].set(x, (readers[k].get(x) ?? 0) + 1);
    }
    // The pairs among the effects seen fit already: each new one against all, both ways.
    for (const l of fresh) {
      const a = this.aspects(l);
      const k = l.cda ? 1 : 0;
      for (const x of a.reads) if ((writers[k].get(x) ?? 0) - (a.writes.has(x) ? 1 : 0) > 0) return false;
      for (const x of a.writes) if ((readers[k].get(x) ?? 0) - (a.reads.has(x) ? 1 : 0) > 0) return false;
    }
    this.writers = writers;
    this.readers = readers;
    for (const l of fresh) this.seen.add(l);
    return true;
  }
}
