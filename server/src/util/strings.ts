// Strings that keep nothing else alive.

/**
 * A copy of `s` of its own. A line split from a document's text (or a
 * trimmed one) is a slice that keeps the whole text alive: whatever outlives
 * its version (a syntax tree the parser reuses, a remembered lens) would
 * keep every version it was made from.
 */
export function ownCopy(s: string): string {
  return (' ' + s).slice(1);
}
