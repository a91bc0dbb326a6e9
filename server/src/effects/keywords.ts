// Keyword abilities (702): `Flying, haste`, `Protection from red`,
// `Enchant creature`, `Equip {1}`, landwalk, `Morph {2}{B}{B}`,
// `Cumulative upkeep—Pay 1 life`. The list of names and how each one's
// parameter is written is in rules/vocabulary.ts.

import { KEYWORDS, LANDWALK, colorWord } from '../rules/vocabulary';
import type { Ability, Chosen, Filter } from './ir';
import { emptyFilter, parseNounPhrase, parseSelector, type ReadState } from './selector';
import type { Words } from './words';

type Keyword = Extract<Ability, { kind: 'keyword' }>;

const MULTI = Object.keys(KEYWORDS)
  .filter((k) => k.includes(' '))
  .map((k) => k.split(' '))
  .sort((a, b) => b.length - a.length);

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Is this word the start of a keyword (for messages and for telling a keyword line from a sentence)? */
export function startsKeyword(c: Words): boolean {
  const x = c.peek();
  if (!x || x.kind !== 'word') return false;
  return !!KEYWORDS[x.w] || LANDWALK.test(x.w) || MULTI.some((m) => c.is(...m));
}

/**
 * After `protection`/`hexproof`: `from red`, `from red and from white`,
 * `from everything`, `from creatures`, `from the color of your choice`.
 */
function fromQuality(c: Words, st: ReadState, keyword: string): { parameter: string; chosen?: Chosen<string> } | undefined {
  if (!c.eat('from')) return undefined;
  const ps = c.save();
  if (c.opt('the', 'color', 'of', 'your', 'choice') || c.opt('the', 'chosen', 'color')) return { parameter: '{choice:color}', chosen: { kind: 'choice', index: 0 } };
  if (c.opt('everything')) return { parameter: 'everything' };
  const qualities: string[] = [];
  for (;;) {
    const x = c.peek();
    if (x && (colorWord(x.w) || x.w === 'multicolored' || x.w === 'monocolored' || x.w === 'colorless')) {
      c.next();
      qualities.push(x.w);
    } else {
      const q = c.save();
      if (!parseNounPhrase(c, st)) {
        c.expect(`a quality after \`${keyword} from\` (a color, \`everything\`, a card type)`);
        c.restore(ps);
        return undefined;
      }
      qualities.push(c.slice(q, c.i).toLowerCase());
    }
    // `from red and from blue`, `from Humans and from Zombies`
    if (c.is('and', 'from') || c.is(',', 'from')) {
      c.i += 2;
      continue;
    }
    break;
  }
  return { parameter: qualities.join(' and from ') };
}

/** One keyword ability at the cursor, with its parameter; undefined (cursor unchanged) if none. */
export function parseKeyword(c: Words, st: ReadState): Keyword | undefined {
  const at = c.save();
  const first = c.peek();
  if (!first || first.kind !== 'word') return undefined;
  // 702.14: landwalk, `nonbasic landwalk`
  if (LANDWALK.test(first.w)) {
    c.next();
    return { kind: 'keyword', text: cap(first.raw), keyword: first.w, span: c.span(at, c.i) };
  }
  if (c.opt('nonbasic', 'landwalk')) return { kind: 'keyword', text: 'Nonbasic landwalk', keyword: 'nonbasic landwalk', span: c.span(at, c.i) };
  let name: string | undefined;
  for (const m of MULTI) {
    if (c.opt(...m)) {
      name = m.join(' ');
      break;
    }
  }
  if (!name) {
    if (!KEYWORDS[first.w]) return undefined;
    name = first.w;
    c.next();
  }
  const shape = KEYWORDS[name]!;
  let parameter: string | undefined;
  let parameterChosen: Chosen<string> | undefined;
  let enchantFilter: Filter | undefined;
  if (shape === 'from' || (name === 'hexproof' && c.is('from'))) {
    // 702.16 protection; 702.11d `hexproof from …`
    const q = fromQuality(c, st, name);
    if (!q) {
      c.restore(at);
      return undefined;
    }
    parameter = q.parameter;
    parameterChosen = q.chosen;
  } else if (shape === 'object') {
    // `Enchant creature`, `Enchant creature you control`, `Enchant artifact or creature`, `Enchant player`
    const ps = c.save();
    const f = c.opt('player') || c.opt('opponent') ? emptyFilter() : parseSelector(c, st);
    if (!f) {
      c.expect('what it can enchant (creature, permanent, land, …)');
      c.restore(at);
      return undefined;
    }
    parameter = c.slice(ps, c.i);
    enchantFilter = f;
  } else if (shape === 'cost') {
    const x = c.peek();
    if (x && (x.kind === 'mana' || x.kind === 'number')) {
      c.next();
      parameter = x.raw;
    } else if (x && x.w === '—' && c.peek(1)) {
      // `Cumulative upkeep—Pay 1 life.`, `Ward—Discard a card.`: the rest of the line is the cost.
      c.next();
      const from = c.save();
      while (!c.done && !(c.is('.') && c.i === c.ws.length - 1)) c.next();
      parameter = c.slice(from, c.i);
    }
  } else if (shape === 'number') {
    const x = c.peek();
    if (x && (x.kind === 'number' || x.w === 'x')) {
      c.next();
      parameter = x.raw;
    }
  } else if (shape === 'number-cost') {
    const x = c.peek();
    if (x && /^\d+$/.test(x.w)) {
      c.next();
      parameter = x.raw;
      if (c.opt('—')) {
        const m = c.peek();
        if (m && m.kind === 'mana') {
          c.next();
          parameter += `—${m.raw}`;
        }
      } else if (c.peek()?.kind === 'mana') parameter += ` ${c.next()!.raw}`;
    }
  }
  const span = c.span(at, c.i);
  const text = cap(c.slice(at, c.i));
  return {
    kind: 'keyword',
    text,
    keyword: name,
    ...(parameter !== undefined ? { parameter } : {}),
    ...(parameterChosen ? { parameterChosen } : {}),
    ...(enchantFilter ? { enchantFilter } : {}),
    span,
  };
}

/** A whole line that is a keyword list (`Flying, haste`, `Trample, indestructible`), or undefined (cursor restored, wish noted). */
export function parseKeywordLine(c: Words, st: ReadState): Ability[] | undefined {
  const at = c.save();
  const out: Ability[] = [];
  for (;;) {
    const k = parseKeyword(c, st);
    if (!k) {
      if (out.length) c.expect('another keyword after the comma');
      c.restore(at);
      return undefined;
    }
    out.push(k);
    if (c.done || (c.is('.') && c.i === c.ws.length - 1)) {
      c.opt('.');
      return out;
    }
    if (!c.opt(',') && !c.opt(';')) {
      c.expect('`,` and another keyword, or the end of the line');
      c.restore(at);
      return undefined;
    }
  }
}
