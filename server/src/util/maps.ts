// Small helpers over Maps.

/**
 * A copy of a Map. `new Map(m)` goes through the iterator protocol and makes
 * an entry array per element; the layer code copies maps of records and of
 * steps while most of it is not yet optimised, so the copy is made without
 * them. (The world itself is copied as a list: `PlacedWorld`.)
 */
export function copyMap<K, V>(m: ReadonlyMap<K, V>): Map<K, V> {
  const out = new Map<K, V>();
  m.forEach((v, k) => out.set(k, v));
  return out;
}
