// Array helpers that stay safe on hostile input. `target.push(...items)`
// passes every item as an argument, and a few hundred thousand arguments
// overflow the stack (a 1 MB `text` line of keywords is enough): anything
// whose length the user's file decides goes through these instead.

/** Append `items` to `target` one by one (no argument spreading); returns `target`. */
export function append<T>(target: T[], items: readonly T[]): T[] {
  // Indexed: a for-of makes an iterator result per item until V8 optimises the caller (issue 9).
  for (let i = 0; i < items.length; i++) target.push(items[i]!);
  return target;
}

/** The largest value, or `empty` for none; `Math.max(...xs)` without spreading. */
export function maxOf(xs: readonly number[], empty = -Infinity): number {
  let m = empty;
  for (const x of xs) if (x > m) m = x;
  return m;
}

/** The same strings in the same order (the same list, or equal element by element). */
export function sameStrings(a: readonly string[], b: readonly string[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The same elements in the same order: the same objects, or alike by `same` (both missing counts as the same).
 * No default comparator: a default arrow function is a new closure on every call, and this runs for
 * every object after every event (engine/checkpoints.ts).
 */
export function sameList<T>(a: readonly T[] | undefined, b: readonly T[] | undefined, same?: (x: T, y: T) => boolean): boolean {
  if (a === b) return true;
  if (!a || !b || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i] && (!same || !same(a[i]!, b[i]!))) return false;
  return true;
}
