// 613.8: dependency, found by trial application, and the choice of the next
// effect to apply within a layer. Effects are grouped into strongly connected
// components of the "depends on" graph: an effect (or a loop) is ready once
// every effect it depends on outside its own component has been applied.
// Among the ready effects the earliest timestamp goes first (613.8b).

import type { Layer } from '../effects/ir';
import type { Live } from './live';
import type { DependencyView, OrderReason } from './results';
import { compareTimestamps } from './state';

/** What the layer system lends the dependency finder. */
export interface Trial {
  /**
   * 613.8a: apply `b` to a scratch copy of the layer's state and say how that
   * changes `a` (its existence, text, what it applies to, what it does to
   * them), in the words of compareSignatures, or undefined when it does not.
   */
  because(a: Live, b: Live): string | undefined;
  /** Static prefilter (613.8 reads/writes): could applying `b` change anything `a` reads? */
  mayDepend(a: Live, b: Live): boolean;
  /**
   * What `l` reads and writes in this layer, for indexing: `mayDepend(a, b)`
   * can only hold when something `a` reads is something `b` writes, so only
   * those pairs are asked (a board of N independent effects costs O(N), not O(N²)).
   */
  aspects?(l: Live): { reads: Iterable<string>; writes: Iterable<string> };
  sourceName(l: Live): string;
}

export interface Signature {
  exists: boolean;
  affected: string;
  does: string;
  text: string;
}

/** Why `a` depends on `b`, in the words of 613.8a, or undefined if it does not. */
export function compareSignatures(before: Signature, after: Signature): string | undefined {
  if (before.exists !== after.exists) return 'changes whether it exists';
  if (!before.exists) return undefined;
  if (before.text !== after.text) return 'changes its text';
  if (before.affected !== after.affected) return 'changes what it applies to';
  if (before.does !== after.does) return 'changes what it does';
  return undefined;
}

/** Dependency bookkeeping for one layer of one computation. */
export class LayerOrder {
  /** dependent id → (depended-on id → because). */
  private readonly edges = new Map<string, Map<string, string>>();
  readonly found: DependencyView[] = [];
  readonly loops: string[][] = [];
  private readonly seenLoops = new Set<string>();
  /** Effects found in a loop keep saying so when they are applied later in the layer. */
  private readonly loopOf = new Map<string, string[]>();
  /** 613.8a prefilter, computed once per pair: which effects `a` might depend on. */
  private readonly potential = new Map<string, Set<string>>();
  private readonly known: Live[] = [];
  /** The dependencies the last `next` found among its group (dependent id → depended-on id → because), for the memo (incremental.ts). */
  lastFound = new Map<string, Map<string, string>>();
  private readonly knownIds = new Set<string>();

  constructor(
    private readonly layer: Layer,
    private readonly trial: Trial,
  ) {}

  /** Known effects by what they read and write (when the trial says), with their place in `known`. */
  private readonly readers = new Map<string, number[]>();
  private readonly writers = new Map<string, number[]>();

  /** Learn the effects seen for the first time, pairing each with every known one (both ways). */
  private learn(group: Live[]): void {
    for (const l of group) {
      if (this.knownIds.has(l.id)) continue;
      const rw = this.trial.aspects?.(l);
      if (!rw) {
        for (const k of this.known) {
          this.consider(l, k);
          this.consider(k, l);
        }
      } else {
        // The same pairs in the same order as above, less those the aspects rule out.
        const { order, readSet, writeSet } = this.partners(rw);
        for (const i of order) {
          const k = this.known[i]!;
          if (readSet.has(i)) this.consider(l, k);
          if (writeSet.has(i)) this.consider(k, l);
        }
        this.index(rw, this.known.length);
      }
      this.known.push(l);
      this.knownIds.add(l.id);
    }
  }

  /** Known effects that write what `l` reads (`readSet`) or read what it writes (`writeSet`), and both in `known` order. */
  private partners(rw: { reads: Iterable<string>; writes: Iterable<string> }): { order: number[]; readSet: Set<number>; writeSet: Set<number> } {
    const readSet = new Set<number>();
    const writeSet = new Set<number>();
    for (const x of rw.reads) for (const i of this.writers.get(x) ?? []) readSet.add(i);
    for (const x of rw.writes) for (const i of this.readers.get(x) ?? []) writeSet.add(i);
    const order = [...new Set([...readSet, ...writeSet])].sort((x, y) => x - y);
    return { order, readSet, writeSet };
  }

  private index(rw: { reads: Iterable<string>; writes: Iterable<string> }, at: number): void {
    const add = (m: Map<string, number[]>, x: string) => {
      const list = m.get(x);
      if (list) list.push(at);
      else m.set(x, [at]);
    };
    for (const x of rw.reads) add(this.readers, x);
    for (const x of rw.writes) add(this.writers, x);
  }

  private consider(a: Live, b: Live): void {
    // 613.8a(c): a CDA and a non-CDA effect never depend on each other.
    if (a.cda !== b.cda) return;
    if (!this.trial.mayDepend(a, b)) return;
    let s = this.potential.get(a.id);
    if (!s) this.potential.set(a.id, (s = new Set()));
    s.add(b.id);
  }

  /** 613.8b/c: pick the next effect among `group` (all unapplied, all existing), re-evaluating dependencies now. */
  next(group: Live[], fallback: OrderReason): { next: Live; reason: OrderReason } {
    this.lastFound = new Map();
    if (group.length === 1) return { next: group[0]!, reason: this.reasonFor(group[0]!, fallback, undefined) };
    this.learn(group);
    const inGroup = new Map(group.map((l) => [l.id, l]));
    const deps = new Map<string, Map<string, string>>();
    // Only the pairs the prefilter kept are tried; a board of independent
    // effects costs one pass in timestamp order.
    for (const a of group) {
      const pot = this.potential.get(a.id);
      if (!pot) continue;
      for (const bId of pot) {
        const b = inGroup.get(bId);
        if (!b) continue;
        const because = this.trial.because(a, b);
        if (!because) continue;
        let m = deps.get(a.id);
        if (!m) deps.set(a.id, (m = new Map()));
        m.set(b.id, because);
        this.record(a, b, because);
      }
    }
    this.lastFound = deps;
    if (!deps.size) {
      let first = group[0]!;
      for (const l of group) if (compareTimestamps(l.timestamp, first.timestamp) < 0) first = l;
      return { next: first, reason: this.reasonFor(first, fallback, undefined) };
    }
    const byId = new Map(group.map((l) => [l.id, l]));
    const comps = stronglyConnected(group.map((l) => l.id), (id) => [...(deps.get(id)?.keys() ?? [])]);
    const compOf = new Map<string, number>();
    comps.forEach((c, i) => c.forEach((id) => compOf.set(id, i)));
    const ready: Live[] = [];
    comps.forEach((c, i) => {
      const waits = c.some((id) => [...(deps.get(id)?.keys() ?? [])].some((d) => compOf.get(d) !== i));
      if (!waits) for (const id of c) ready.push(byId.get(id)!);
    });
    // Every graph has a component with no outgoing edge, so `ready` is never empty.
    ready.sort((x, y) => compareTimestamps(x.timestamp, y.timestamp));
    const next = ready[0]!;
    const comp = comps[compOf.get(next.id)!]!;
    if (comp.length > 1) {
      // 613.8b: in a loop, dependency is ignored and timestamps decide.
      const members = comp.map((id) => byId.get(id)!).sort((x, y) => compareTimestamps(x.timestamp, y.timestamp)).map((l) => l.id);
      const k = [...members].sort().join('|');
      if (!this.seenLoops.has(k)) {
        this.seenLoops.add(k);
        this.loops.push(members);
        for (const id of members) this.loopOf.set(id, members);
      }
      return { next, reason: { kind: 'loop', members } };
    }
    return { next, reason: this.reasonFor(next, fallback, deps.get(next.id)) };
  }

  private record(a: Live, b: Live, because: string): void {
    let m = this.edges.get(a.id);
    if (!m) this.edges.set(a.id, (m = new Map()));
    if (m.has(b.id)) return;
    m.set(b.id, because);
    this.found.push({
      dependent: a.id,
      on: b.id,
      dependentSource: a.source.id,
      onSource: b.source.id,
      layer: this.layer,
      because: `applying ${this.trial.sourceName(b)}'s effect ${because.replace(/\bits\b/, `${this.trial.sourceName(a)}'s effect's`).replace(/\bwhat it\b/, `what ${this.trial.sourceName(a)}'s effect`).replace(/\bwhether it\b/, `whether ${this.trial.sourceName(a)}'s effect`)}`,
    });
  }

  /** An effect that waited for others says so; otherwise the fallback (CDA first / timestamp). */
  private reasonFor(l: Live, fallback: OrderReason, _current: Map<string, string> | undefined): OrderReason {
    const loop = this.loopOf.get(l.id);
    if (loop) return { kind: 'loop', members: loop };
    const waited = this.edges.get(l.id);
    if (waited && waited.size) {
      const on = [...waited.keys()];
      return { kind: 'dependency', on, because: [...waited.values()][0]! };
    }
    return fallback;
  }
}

/** Tarjan's algorithm; components come out in reverse topological order. Iterative, so deep chains cannot overflow the stack. */
export function stronglyConnected(nodes: string[], succ: (n: string) => string[]): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const out: string[][] = [];
  let counter = 0;
  const inGraph = new Set(nodes);
  for (const root of nodes) {
    if (index.has(root)) continue;
    const work: { n: string; it: number; succs: string[] }[] = [];
    const push = (n: string) => {
      index.set(n, counter);
      low.set(n, counter);
      counter++;
      stack.push(n);
      onStack.add(n);
      work.push({ n, it: 0, succs: succ(n).filter((s) => inGraph.has(s)) });
    };
    push(root);
    while (work.length) {
      const top = work[work.length - 1]!;
      if (top.it < top.succs.length) {
        const s = top.succs[top.it++]!;
        if (!index.has(s)) push(s);
        else if (onStack.has(s)) low.set(top.n, Math.min(low.get(top.n)!, index.get(s)!));
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1]!;
        low.set(parent.n, Math.min(low.get(parent.n)!, low.get(top.n)!));
      }
      if (low.get(top.n) === index.get(top.n)) {
        const comp: string[] = [];
        let x: string;
        do {
          x = stack.pop()!;
          onStack.delete(x);
          comp.push(x);
        } while (x !== top.n);
        out.push(comp);
      }
    }
  }
  return out;
}
