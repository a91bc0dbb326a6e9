// "Did you mean …": the closest known word by edit distance. Used by the
// parser (keys, keywords, zones, colors) and the engine (unknown names).

/** Words longer than this are not typos of anything: comparing them would only cost time. */
const MAX_WORD = 256;

/**
 * Optimal string alignment distance (Damerau–Levenshtein where an adjacent
 * swap counts as one edit), case-insensitive. With `max`, the answer is
 * capped at `max + 1` and the work stops as soon as that is certain.
 */
export function editDistance(a: string, b: string, max = Infinity): number {
  const s = a.toLowerCase();
  const t = b.toLowerCase();
  if (s === t) return 0;
  const cap = Number.isFinite(max) ? Math.max(0, Math.floor(max)) + 1 : Infinity;
  if (Math.abs(s.length - t.length) >= cap) return cap;
  if (!s.length) return Math.min(t.length, cap);
  if (!t.length) return Math.min(s.length, cap);
  const m = t.length;
  // Three rolling rows: two back for the swap, one back, current.
  let prev2 = new Uint32Array(m + 1);
  let prev = new Uint32Array(m + 1);
  let cur = new Uint32Array(m + 1);
  for (let j = 0; j <= m; j++) prev[j] = j;
  for (let i = 1; i <= s.length; i++) {
    cur[0] = i;
    let rowMin = i;
    const si = s.charCodeAt(i - 1);
    for (let j = 1; j <= m; j++) {
      const tj = t.charCodeAt(j - 1);
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (si === tj ? 0 : 1));
      if (i > 1 && j > 1 && si === t.charCodeAt(j - 2) && s.charCodeAt(i - 2) === tj) v = Math.min(v, prev2[j - 2]! + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin >= cap) return cap;
    const spare = prev2;
    prev2 = prev;
    prev = cur;
    cur = spare;
  }
  return Math.min(prev[m]!, cap);
}

/**
 * How many edits a word of this length may contain and still count as a
 * typo: one for short words, about one in three for longer ones, rounded up
 * so that a four-letter word may have two (`ogar` → `ogre`).
 */
export function typoLimit(length: number): number {
  return length <= 3 ? 1 : Math.ceil(length / 3);
}

/**
 * The candidate closest to `word` if it is a plausible typo of it: within
 * `typoLimit` edits, or `word` (three letters or more) is a prefix of it.
 * A single character only matches itself.
 * Ties go to the smaller distance, then to a prefix match, then to the
 * candidate whose length is nearest, then to the earlier candidate.
 */
export function suggest(word: string, candidates: readonly string[]): string | undefined {
  const w = typeof word === 'string' ? word.trim() : '';
  if (!w || w.length > MAX_WORD) return undefined;
  const lw = w.toLowerCase();
  const limit = typoLimit(w.length);
  let best: string | undefined;
  let bestKey: [number, number, number] | undefined;
  for (const c of candidates) {
    if (typeof c !== 'string' || !c) continue;
    const lc = c.toLowerCase();
    if (lc === lw) return c;
    // One character is not a typo of anything longer.
    if (lw.length < 2) continue;
    const prefix = lw.length >= 3 && lc.startsWith(lw) ? 0 : 1;
    let d = c.length > MAX_WORD * 4 ? limit + 1 : editDistance(lw, lc, limit);
    if (d > limit) {
      if (prefix) continue;
      d = limit;
    }
    const key: [number, number, number] = [d, prefix, Math.abs(c.length - w.length)];
    if (!bestKey || key[0] < bestKey[0] || (key[0] === bestKey[0] && (key[1] < bestKey[1] || (key[1] === bestKey[1] && key[2] < bestKey[2])))) {
      best = c;
      bestKey = key;
    }
  }
  return best;
}
