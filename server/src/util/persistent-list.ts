// A list kept in many versions at once (issue 9). A long timeline freezes its
// game after every statement, and every frozen state keeps the list of all
// objects and all effects: kept as plain arrays, each version costs the whole
// length, so 50,000 statements each adding a spell's stand-in and an effect
// kept 50,000 arrays of up to 50,000 places (quadratic: the process ran out
// of memory). Here a version is a trie of 32-wide nodes that shares with the
// version it was made from every node no change reached: setting or adding a
// place copies the nodes on its path (at most four, up to a million places).

const BITS = 5;
const WIDTH = 1 << BITS;
const MASK = WIDTH - 1;

/** A trie node: values at the leaves (level 0), nodes above. */
type Node = unknown[];

/** An immutable list that shares its unchanged parts with the versions it was made from and into. */
export class PersistentList<T> {
  private constructor(
    private readonly root: Node,
    readonly length: number,
    /** The bit shift of the root's level (0: the root is a leaf). Fixed by the length: the least that holds it. */
    private readonly shift: number,
  ) {}

  static readonly EMPTY = new PersistentList<never>([], 0, 0);

  static of<T>(items: readonly T[]): PersistentList<T> {
    let level: Node[] = [];
    for (let i = 0; i < items.length; i += WIDTH) level.push(items.slice(i, i + WIDTH));
    if (level.length === 0) return PersistentList.EMPTY;
    let shift = 0;
    while (level.length > 1) {
      const up: Node[] = [];
      for (let i = 0; i < level.length; i += WIDTH) up.push(level.slice(i, i + WIDTH));
      level = up;
      shift += BITS;
    }
    return new PersistentList<T>(level[0]!, items.length, shift);
  }

  at(i: number): T | undefined {
    if (i < 0 || i >= this.length) return undefined;
    let node = this.root;
    for (let s = this.shift; s > 0; s -= BITS) node = node[(i >>> s) & MASK] as Node;
    return node[i & MASK] as T;
  }

  /** Every value in order, in a new array. */
  toArray(): T[] {
    const out = new Array<T>(this.length);
    let k = 0;
    const walk = (node: Node, shift: number): void => {
      if (shift === 0) for (const x of node) out[k++] = x as T;
      else for (const c of node) walk(c as Node, shift - BITS);
    };
    walk(this.root, this.shift);
    return out;
  }

  [Symbol.iterator](): Iterator<T> {
    return this.toArray()[Symbol.iterator]();
  }

  /** A new version to make by setting and adding places; this one never changes. */
  edit(): ListEdit<T> {
    return new ListEdit<T>(this, this.root, this.length, this.shift);
  }

  /**
   * The same values in the same places, `same` comparing those that are not
   * the very same value. Parts shared by both versions are passed over
   * without a look: comparing two versions of a long list costs what differs.
   */
  static same<T>(a: PersistentList<T>, b: PersistentList<T>, same: (x: T, y: T) => boolean): boolean {
    if (a === b) return true;
    if (a.length !== b.length) return false;
    const walk = (x: Node, y: Node, shift: number): boolean => {
      if (x === y) return true;
      if (x.length !== y.length) return false;
      for (let i = 0; i < x.length; i++) {
        if (x[i] === y[i]) continue;
        if (shift === 0 ? !same(x[i] as T, y[i] as T) : !walk(x[i] as Node, y[i] as Node, shift - BITS)) return false;
      }
      return true;
    };
    return walk(a.root, b.root, a.shift);
  }

  /** For ListEdit only. */
  static make<T>(root: Node, length: number, shift: number): PersistentList<T> {
    return new PersistentList<T>(root, length, shift);
  }
}

/** The making of one new version: the nodes it copied are its own, so a second change on the same path copies nothing. */
export class ListEdit<T> {
  private readonly own = new Set<Node>();
  private changed = false;

  constructor(
    private readonly base: PersistentList<T>,
    private root: Node,
    private length: number,
    private shift: number,
  ) {}

  set(i: number, value: T): void {
    if (i < 0 || i >= this.length) throw new RangeError(`persistent list: no place ${i} of ${this.length}`);
    this.leafFor(i)[i & MASK] = value;
  }

  push(value: T): void {
    // 32^(levels): full, so the root goes one level down under a new one.
    if (this.length === WIDTH << this.shift) {
      this.root = this.mine([this.root]);
      this.shift += BITS;
    }
    const i = this.length++;
    this.leafFor(i)[i & MASK] = value;
  }

  /** The new version, or the one edited when nothing was set or added. */
  done(): PersistentList<T> {
    return this.changed ? PersistentList.make<T>(this.root, this.length, this.shift) : this.base;
  }

  /** The leaf holding place `i`, each node on its path this edit's own (copied, or made for a new place). */
  private leafFor(i: number): Node {
    this.changed = true;
    this.root = this.owned(this.root);
    let node = this.root;
    for (let s = this.shift; s > 0; s -= BITS) {
      const k = (i >>> s) & MASK;
      const child = node[k] as Node | undefined;
      node = node[k] = child ? this.owned(child) : this.mine([]);
    }
    return node;
  }

  private owned(node: Node): Node {
    return this.own.has(node) ? node : this.mine(node.slice());
  }

  private mine(node: Node): Node {
    this.own.add(node);
    return node;
  }
}
