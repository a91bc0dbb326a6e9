// Saga chapter abilities (714.2): `I — …`, `II, III — …`. Each chapter symbol
// is a triggered ability: "When one or more lore counters are put onto this
// Saga, causing the number of lore counters on it to become N or more, …"
// (714.2b). A line with several symbols is that many abilities with the same
// effect (714.2c); the line is kept as one ability, its trigger naming them.

import type { Word } from './words';

const ROMAN: Record<string, number> = { i: 1, ii: 2, iii: 3, iv: 4, v: 5, vi: 6, vii: 7 };

/** The chapter numbers before the dash and the effect's words, or undefined if the line is not a chapter. */
export function chapterLine(ws: Word[]): { chapters: number[]; body: Word[] } | undefined {
  const chapters: number[] = [];
  let i = 0;
  for (;;) {
    const w = ws[i];
    const n = w && w.kind === 'word' && /^[IV]+$/.test(w.raw) ? ROMAN[w.w] : undefined;
    if (n === undefined) return undefined;
    chapters.push(n);
    i++;
    if (ws[i]?.w === ',') {
      i++;
      continue;
    }
    break;
  }
  if (ws[i]?.w !== '—' && ws[i]?.w !== '–') return undefined;
  return { chapters, body: ws.slice(i + 1) };
}

/** 714.2b, in words: the trigger of the chapter abilities. */
export function chapterTrigger(chapters: number[]): string {
  const names = chapters.map((n) => Object.keys(ROMAN).find((k) => ROMAN[k] === n)!.toUpperCase());
  return `chapter ${names.join(', ')} (when lore counters put on it bring it to ${chapters.join(' or ')} or more, 714.2b)`;
}
