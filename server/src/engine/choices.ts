// `choosing …` answers (spec section 4): one pool per event, taken by
// whatever asks first for a value of its kind. Answers nobody takes are
// reported, so a typo in a choice never passes silently.

import type { Located, NameRef, Range } from '../syntax/ast';

export interface ChoiceItem {
  value: string;
  range?: Range;
  used: boolean;
}

export class ChoicePool {
  readonly items: ChoiceItem[];
  /** `choosing A then B`: the order of replacement effects (616.1). */
  readonly order: NameRef[];

  constructor(choices: readonly Located<string>[] = [], order: readonly NameRef[] = []) {
    this.items = choices.map((c) => ({ value: c.value.trim(), range: c.range, used: false }));
    this.order = [...order];
    // An order given with `then` is made of the same words: they are used by the 616 choice.
    if (order.length) for (const it of this.items) if (order.some((o) => sameWord(refName(o), it.value))) it.used = true;
  }

  static of(values: string[]): ChoicePool {
    const p = new ChoicePool();
    p.items.push(...values.map((value) => ({ value, used: false })));
    return p;
  }

  /** The first unused answer that `accept` recognises, marked used. */
  take(accept: (value: string) => boolean): string | undefined {
    const it = this.items.find((i) => !i.used && accept(i.value));
    if (!it) return undefined;
    it.used = true;
    return it.value;
  }

  /** `X=3` */
  takeX(): number | undefined {
    const v = this.take((s) => /^x\s*=\s*-?\d+$/i.test(s));
    return v === undefined ? undefined : Number(v.split('=')[1]);
  }

  /** A word swap `white->blue` for text-changing effects (612). */
  takeSwap(): [string, string] | undefined {
    const v = this.take((s) => /^\S+\s*->\s*\S+$/.test(s));
    if (!v) return undefined;
    const [a, b] = v.split('->').map((s) => s.trim());
    return [a!, b!];
  }

  unused(): ChoiceItem[] {
    return this.items.filter((i) => !i.used);
  }

  /** Mark an answer used without taking it (e.g. it named a replacement's source). */
  markUsed(value: string): void {
    const it = this.items.find((i) => !i.used && sameWord(i.value, value));
    if (it) it.used = true;
  }
}

/** `A#2` as written, from a name reference that keeps the copy number apart. */
export function refName(r: NameRef): string {
  return r.copyIndex !== undefined ? `${r.text}#${r.copyIndex}` : r.text;
}

export function sameWord(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}
