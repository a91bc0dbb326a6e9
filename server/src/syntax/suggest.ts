// "Did you mean …": the closest known word by edit distance.

/** Optimal string alignment distance (Damerau–Levenshtein with adjacent swaps), case-insensitive, capped at `max + 1`. */
export function editDistance(a: string, b: string, max = Infinity): number {
  const s = a.toLowerCase();
  const t = b.toLowerCase();
  if (Math.abs(s.length - t.length) > max) return max + 1;
  let prev2: number[] = [];
  let prev: number[] = Array.from({ length: t.length + 1 }, (_, j) => j);
  for (let i = 1; i <= s.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) v = Math.min(v, prev2[j - 2]! + 1);
      cur.push(v);
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    prev2 = prev;
    prev = cur;
  }
  return prev[t.length]!;
}

/** The candidate closest to `word`, if it is close enough to be a plausible typo (or `word` is a prefix of it). */
export function suggest(word: string, candidates: readonly string[]): string | undefined {
  const w = word.trim();
  if (!w || w.length > 200) return undefined;
  // One edit for short words, about one in three for longer ones (`ogar` → `ogre`).
  const limit = w.length <= 3 ? 1 : Math.ceil(w.length / 3);
  let best: string | undefined;
  let bestScore = Infinity;
  for (const c of candidates) {
    if (c.toLowerCase() === w.toLowerCase()) return c;
    let d = editDistance(w, c, limit);
    if (d > limit && w.length >= 3 && c.toLowerCase().startsWith(w.toLowerCase())) d = limit;
    if (d <= limit && d < bestScore) {
      best = c;
      bestScore = d;
    }
  }
  return best;
}
