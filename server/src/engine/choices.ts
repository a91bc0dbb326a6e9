// `choosing …` answers (spec section 4): one pool per event, taken by
// whatever asks first for a value of its kind. Answers nobody takes are
// reported, so a typo in a choice never passes silently.

import type { Located, NameRef, Range } from '../syntax/ast';
import { append } from '../util/arrays';

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
    append(p.items, values.map((value) => ({ value, used: false })));
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

  /** `yes` / `no`: the answer to a `you may …` or `unless … pays …` choice, in the order they are asked. */
  takeYesNo(): boolean | undefined {
    const v = this.take(isYesNo);
    return v === undefined ? undefined : /^yes$/i.test(v.trim());
  }

  /** `mode 2`, `modes 1 and 3` (one answer), or `mode 1, mode 3` (several): the 1-based modes chosen (700.2). */
  takeModes(): number[] | undefined {
    const first = this.take(isModeAnswer);
    if (first === undefined) return undefined;
    const picked = modeNumbers(first);
    for (let v = this.take(isModeAnswer); v !== undefined; v = this.take(isModeAnswer)) picked.push(...modeNumbers(v));
    return picked;
  }

  /**
   * Run each branch of an unanswered choice with the answers as they were
   * before it: each line of play takes its own later answers. Afterwards an
   * answer counts as used if some branch used it.
   */
  branches<T>(runs: (() => T[])[]): T[] {
    const before = this.items.map((i) => i.used);
    const used = before.map(() => false);
    const out: T[] = [];
    for (const run of runs) {
      this.items.forEach((it, k) => (it.used = before[k]!));
      out.push(...run());
      this.items.forEach((it, k) => (used[k] = used[k]! || it.used));
    }
    this.items.forEach((it, k) => (it.used = used[k]!));
    return out;
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

export const isYesNo = (s: string): boolean => /^(yes|no)$/i.test(s.trim());
export const isModeAnswer = (s: string): boolean => /^modes?\s+\d+(\s*(,|and)\s*\d+)*$/i.test(s.trim());
/** Answers that belong to a yes/no or a mode choice, never to a color or a name. */
export const isChoiceWord = (s: string): boolean => isYesNo(s) || isModeAnswer(s);

function modeNumbers(v: string): number[] {
  return (v.match(/\d+/g) ?? []).map(Number);
}
