// Words of an ability text, with offsets into the text as written, and a
// cursor that backtracks and remembers the furthest place it failed (for a
// warning that says what was expected there).

export interface Word {
  /** Lower-case text; for a quoted ability, the text inside the quotes (case kept). */
  w: string;
  /** As written. */
  raw: string;
  start: number;
  end: number;
  kind: 'word' | 'punct' | 'quote' | 'mana' | 'pt' | 'number';
}

const NUMBER_WORDS: Record<string, number> = {
  a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12,
  thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19, twenty: 20,
};
export const numberWord = (w: string): number | undefined => (/^\d+$/.test(w) ? Number(w) : NUMBER_WORDS[w]);

/**
 * Split text into words. Reminder text in parentheses becomes blanks (quotes
 * inside it included) so offsets still point into the original.
 */
export function blankReminders(text: string): string {
  let out = '';
  let depth = 0;
  let inQuote = false;
  for (const ch of text) {
    if (ch === '"' && depth === 0) inQuote = !inQuote;
    if (!inQuote && ch === '(') depth++;
    out += depth > 0 ? ' '.repeat(ch.length) : ch;
    if (!inQuote && ch === ')' && depth > 0) depth--;
  }
  return out;
}

export function words(text: string, from = 0, to = text.length): Word[] {
  const out: Word[] = [];
  let i = from;
  while (i < to) {
    const c = text[i]!;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === '"' || c === '“') {
      let j = i + 1;
      while (j < to && text[j] !== '"' && text[j] !== '”') j++;
      out.push({ w: text.slice(i + 1, j), raw: text.slice(i, Math.min(j + 1, to)), start: i, end: Math.min(j + 1, to), kind: 'quote' });
      i = j + 1;
      continue;
    }
    // An em or en dash separates an ability word or a keyword from its cost (`Cumulative upkeep—Pay 1 life`).
    if (c === ',' || c === '.' || c === ':' || c === ';' || c === '—' || c === '–') {
      out.push({ w: c, raw: c, start: i, end: i + 1, kind: 'punct' });
      i++;
      continue;
    }
    if (c === '{') {
      let j = i;
      while (j < to && text[j] === '{') {
        const close = text.indexOf('}', j);
        if (close < 0 || close >= to) break;
        j = close + 1;
      }
      if (j > i) {
        out.push({ w: text.slice(i, j).toUpperCase(), raw: text.slice(i, j), start: i, end: j, kind: 'mana' });
        i = j;
        continue;
      }
    }
    let j = i;
    while (j < to && !/\s/.test(text[j]!) && !',.:;"“”—–'.includes(text[j]!)) j++;
    // Keep a period inside a word? No: `Add {G}.` ends the sentence. But `+1/+1.` too.
    if (j === i) j = i + 1;
    const raw = text.slice(i, j);
    const w = raw.toLowerCase().replace(/’/g, "'");
    const kind: Word['kind'] = /^[+-]?(\d+|\*|x)\/[+-]?(\d+|\*|x)$/i.test(raw) ? 'pt' : /^\d+$/.test(raw) ? 'number' : 'word';
    out.push({ w, raw, start: i, end: j, kind });
    i = j;
  }
  return out;
}

/**
 * Whether `w` is one of the `|`-separated alternatives of `pattern`
 * (`a|an|the`). No list is made: phrases are tried word by word on every
 * card text and every statement an edit runs again.
 */
export function isAlternative(pattern: string, w: string): boolean {
  if (pattern === w) return true;
  // An alternative is shorter than a pattern that lists several: none can be a word as long as the pattern.
  if (pattern.length <= w.length) return false;
  let start = 0;
  for (;;) {
    const bar = pattern.indexOf('|', start);
    const end = bar < 0 ? pattern.length : bar;
    if (end - start === w.length && pattern.startsWith(w, start)) return true;
    if (bar < 0) return false;
    start = bar + 1;
  }
}

/** A cursor over words with backtracking and a record of the furthest failure. */
export class Words {
  i = 0;
  /** Index of the furthest word where something expected was not found. */
  furthest = -1;
  /** What was expected there (each distinct wish once). */
  wishes: string[] = [];
  /** Where the phrase being read began, for `after …` in messages; set by the readers. */
  anchor = 0;
  /** The anchor in force when the furthest failure was noted. */
  furthestAnchor = 0;
  constructor(
    readonly ws: Word[],
    readonly text: string,
  ) {}
  get done(): boolean {
    return this.i >= this.ws.length;
  }
  /** What was expected at the furthest failure, in words (`a duration, \`and\` or the end of the sentence`). */
  get expected(): string {
    const w = this.wishes;
    return w.length <= 1 ? (w[0] ?? '') : `${w.slice(0, -1).join(', ')} or ${w[w.length - 1]}`;
  }
  peek(k = 0): Word | undefined {
    return this.ws[this.i + k];
  }
  next(): Word | undefined {
    return this.ws[this.i++];
  }
  save(): number {
    return this.i;
  }
  restore(i: number): void {
    this.i = i;
  }
  /** Mark the start of a phrase (messages then say `after <phrase>`). */
  mark(): void {
    this.anchor = this.i;
  }
  /** Note that something was expected here (the furthest such note wins). */
  expect(what: string): void {
    if (this.i > this.furthest) {
      this.furthest = this.i;
      this.wishes = [what];
      this.furthestAnchor = this.anchor <= this.i ? this.anchor : 0;
    } else if (this.i === this.furthest && !this.wishes.includes(what)) this.wishes.push(what);
  }
  is(...seq: string[]): boolean {
    return this.matched(seq) === seq.length;
  }
  /**
   * How many of `seq`'s items are the next words, from the first. The readers
   * below take the list their own rest parameter made: they run for every
   * phrase tried, mostly in code not yet optimised, where spreading it into
   * `is` again made a second list and a spread call each time.
   */
  private matched(seq: readonly string[]): number {
    let k = 0;
    while (k < seq.length) {
      const x = this.ws[this.i + k];
      if (!x || !isAlternative(seq[k]!, x.w)) break;
      k++;
    }
    return k;
  }
  /** Consume the sequence if it is next; each item may list alternatives with `|`. Notes the wish when it is not. */
  eat(...seq: string[]): boolean {
    const k = this.matched(seq);
    if (k < seq.length) {
      // Name the first word that differs: `expected \`damage\``, not the whole phrase.
      const at = this.i;
      this.i += k;
      // Only a failure as far as the furthest one is noted (`expect`): the words of the others are not made.
      if (this.i >= this.furthest) this.expect(seq[k]!.split('|').map((x) => `\`${x}\``).join(' or '));
      this.i = at;
      return false;
    }
    this.i += seq.length;
    return true;
  }
  /** Consume optional words. */
  opt(...seq: string[]): boolean {
    return this.optSeq(seq);
  }
  /** `opt` of a list. */
  private optSeq(seq: readonly string[]): boolean {
    if (this.matched(seq) < seq.length) return false;
    this.i += seq.length;
    return true;
  }
  /** Consume the first of several optional sequences that is next. */
  oneOf(...seqs: string[][]): boolean {
    for (let k = 0; k < seqs.length; k++) if (this.optSeq(seqs[k]!)) return true;
    return false;
  }
  /** Offsets of words a..b (inclusive start, exclusive end index). */
  span(a: number, b: number): { start: number; end: number } {
    const wa = this.ws[a];
    const wb = this.ws[Math.max(a, b - 1)];
    if (!wa || !wb) return { start: this.ws[this.ws.length - 1]?.end ?? 0, end: this.ws[this.ws.length - 1]?.end ?? 0 };
    return { start: wa.start, end: wb.end };
  }
  /**
   * The text of words a..b as written, with every run of whitespace between
   * two words read as one space: two spaces in the text change nothing that
   * is read from it (a duration, a keyword's parameter, a description).
   */
  slice(a: number, b: number): string {
    let out = '';
    for (let k = a; k < Math.min(b, this.ws.length); k++) {
      const w = this.ws[k]!;
      if (k > a && w.start > this.ws[k - 1]!.end) out += ' ';
      out += w.raw;
    }
    return out;
  }
}
