// Type lines (205.1): `[supertypes] types [— subtypes]`, for the `type` card
// key and the `type` fact. The dash may be `—`, `–`, `--` or ` - `.

import { cardType, CARD_TYPES, subtypeOf, supertype, SUPERTYPES } from '../rules/vocabulary';
import type { TypeLineSyntax } from './ast';
import { ParseError, show } from './cursor';
import { suggest } from './suggest';
import { isBlankCode } from './tokens';

const TYPE_WORDS: readonly string[] = [...SUPERTYPES, ...CARD_TYPES];

interface Word {
  text: string;
  start: number;
  end: number;
}

/** Blank-separated words of `raw[from, to)`. */
export function wordsOf(raw: string, from: number, to: number): Word[] {
  const out: Word[] = [];
  let i = from;
  while (i < to) {
    while (i < to && isBlankCode(raw.charCodeAt(i))) i++;
    if (i >= to) break;
    const s = i;
    while (i < to && !isBlankCode(raw.charCodeAt(i))) i++;
    out.push({ text: raw.slice(s, i), start: s, end: i });
  }
  return out;
}

/** Where the type-line dash is: `[start, end)`, or undefined. */
function findDash(raw: string, from: number, to: number): [number, number] | undefined {
  for (let i = from; i < to; i++) {
    const c = raw.charCodeAt(i);
    if (c === 0x2014 || c === 0x2013) return [i, i + 1];
    if (c !== 45) continue;
    if (i + 1 < to && raw.charCodeAt(i + 1) === 45) {
      let j = i + 2;
      while (j < to && raw.charCodeAt(j) === 45) j++;
      return [i, j];
    }
    // ` - `: a hyphen with blanks (or the end) on both sides; `Assembly-Worker` keeps its hyphen.
    const before = i === from || isBlankCode(raw.charCodeAt(i - 1));
    const after = i + 1 >= to || isBlankCode(raw.charCodeAt(i + 1));
    if (before && after) return [i, i + 1];
  }
  return undefined;
}

/** Parse `raw[from, to)` (trimmed) as a type line; errors point at the offending word. */
export function parseTypeLine(raw: string, from: number, to: number): TypeLineSyntax {
  const text = raw.slice(from, to);
  const dash = findDash(raw, from, to);
  const supertypes: string[] = [];
  const types: string[] = [];
  const left = wordsOf(raw, from, dash ? dash[0] : to);
  for (const w of left) {
    const st = supertype(w.text);
    const ct = cardType(w.text);
    if (st) supertypes.push(st);
    else if (ct) types.push(ct);
    else {
      const sub = subtypeOf(w.text);
      if (sub && !sub.plural && (types.length || supertypes.length)) {
        throw new ParseError(w.start, w.end, `${show(w.text)} is a subtype: write it after a dash, as in ${show(`${[...supertypes, ...types].join(' ')} — ${sub.name}`)}`);
      }
      const s = suggest(w.text, TYPE_WORDS);
      throw new ParseError(w.start, w.end, `unknown card type ${show(w.text)}${s ? `; did you mean \`${s}\`?` : '; expected a supertype or card type such as Legendary, Artifact, Creature, Land'}`);
    }
  }
  if (!types.length) {
    if (dash && !left.length) throw new ParseError(dash[0], dash[1], 'expected a card type before the dash, such as `Creature — Ogre`');
    const last = left[left.length - 1];
    if (last) throw new ParseError(last.start, last.end, `expected a card type after ${show(last.text)}, such as Creature or Land`);
    throw new ParseError(from, to, 'expected a card type such as Creature, Land or Enchantment');
  }
  const subtypes: string[] = [];
  if (dash) {
    const right = wordsOf(raw, dash[1], to);
    if (!right.length) throw new ParseError(dash[0], dash[1], 'expected subtypes after the dash');
    for (let i = 0; i < right.length; i++) {
      const w = right[i]!;
      if (findDash(raw, w.start, w.end)) {
        throw new ParseError(w.start, w.end, 'unexpected second dash: subtypes are separated by spaces');
      }
      // 205.3m: `Time Lord` is the one two-word subtype.
      if (w.text.toLowerCase() === 'time' && right[i + 1]?.text.toLowerCase() === 'lord') {
        subtypes.push('Time Lord');
        i++;
        continue;
      }
      subtypes.push(w.text.charAt(0).toUpperCase() + w.text.slice(1));
    }
  }
  return { supertypes, types, subtypes, text };
}
