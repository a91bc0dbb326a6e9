// Small helpers over Maps.

/**
 * A copy of a Map. `new Map(m)` goes through the iterator protocol and makes
 * an entry array per element; a layer computation copies a board-sized Map
 * after every event, so the copy is made without them.
 */
export function copyMap<K, V>(m: ReadonlyMap<K, V>): Map<K, V> {
  const out = new Map<K, V>();
  m.forEach((v, k) => out.set(k, v));
  return out;
}
