// Keyword abilities (702): `Flying, haste`, `Protection from red`,
// `Enchant creature`, `Equip {1}`, landwalk, `Morph {2}{B}{B}`.

import { KEYWORDS, LANDWALK, colorWord } from '../rules/vocabulary';
import type { Ability } from './ir';
import { emptyFilter, parseNounPhrase, type ReadState } from './selector';
import type { Words } from './words';

const MULTI = Object.keys(KEYWORDS).filter((k) => k.includes(' ')).map((k) => k.split(' ')).sort((a, b) => b.length - a.length);

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** One keyword ability at the cursor, with its parameter; undefined (cursor unchanged) if none. */
export function parseKeyword(c: Words, st: ReadState): Extract<Ability, { kind: 'keyword' }> | undefined {
  const at = c.save();
  const first = c.peek();
  if (!first || first.kind !== 'word') return undefined;
  let name: string | undefined;
  for (const m of MULTI) {
    if (c.is(...m)) {
      name = m.join(' ');
      c.i += m.length;
      break;
    }
  }
  if (!name) {
    if (LANDWALK.test(first.w)) {
      c.next();
      const span = { start: first.start, end: first.end };
      return { kind: 'keyword', text: cap(first.raw), keyword: first.w, span };
    }
    if (c.is('nonbasic', 'landwalk')) {
      c.i += 2;
      return { kind: 'keyword', text: 'Nonbasic landwalk', keyword: 'nonbasic landwalk' };
    }
    if (!KEYWORDS[first.w]) return undefined;
    name = first.w;
    c.next();
  }
  const shape = KEYWORDS[name]!;
  let parameter: string | undefined;
  let enchantFilter;
  if (shape === 'from') {
    if (!c.opt('from')) {
      c.restore(at);
      return undefined;
    }
    const ps = c.save();
    if (c.opt('the', 'color', 'of', 'your', 'choice') || c.opt('the', 'chosen', 'color')) parameter = '{choice:color}';
    else if (c.opt('everything')) parameter = 'everything';
    else {
      // `from red`, `from red and from blue`, `from creatures`, `from artifacts`
      const x = c.peek();
      if (x && colorWord(x.w)) {
        c.next();
        parameter = x.w;
        while (c.is('and', 'from') && c.peek(2) && colorWord(c.peek(2)!.w)) {
          c.i += 2;
          parameter += ` and from ${c.next()!.w}`;
        }
      } else {
        const f = parseNounPhrase(c, st);
        if (!f) {
          c.expect('a quality after `protection from` (a color, `everything`, a card type)');
          c.restore(at);
          return undefined;
        }
        parameter = c.slice(ps, c.i).toLowerCase();
      }
    }
  } else if (shape === 'object') {
    const ps = c.save();
    const f = parseNounPhrase(c, st) ?? (c.opt('player') ? emptyFilter() : undefined);
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
      // `Cumulative upkeep—Pay 1 life`: take the rest as the cost
    } else if (x && x.w === '—') {
      c.next();
    }
  } else if (shape === 'number') {
    const x = c.peek();
    if (x && x.kind === 'number') {
      c.next();
      parameter = x.raw;
    }
  } else if (shape === 'number-cost') {
    const x = c.peek();
    if (x && /^\d+/.test(x.w)) {
      c.next();
      parameter = x.raw;
      if (c.peek()?.kind === 'mana') parameter += ` ${c.next()!.raw}`;
    }
  }
  const span = c.span(at, c.i);
  const text = cap(c.slice(at, c.i));
  const parameterChosen = parameter === '{choice:color}' ? { parameterChosen: { kind: 'choice' as const, index: 0 } } : {};
  return { kind: 'keyword', text, keyword: name, ...(parameter !== undefined ? { parameter } : {}), ...parameterChosen, ...(enchantFilter ? { enchantFilter } : {}), span };
}

/** A whole line that is a keyword list (`Flying, haste`, `Trample, indestructible`), or undefined. */
export function parseKeywordLine(c: Words, st: ReadState): Ability[] | undefined {
  const at = c.save();
  const out: Ability[] = [];
  for (;;) {
    const k = parseKeyword(c, st);
    if (!k) {
      c.restore(at);
      return undefined;
    }
    out.push(k);
    if (c.done || (c.is('.') && c.i === c.ws.length - 1)) {
      c.opt('.');
      return out;
    }
    if (!c.opt(',') && !c.opt(';')) {
      c.restore(at);
      return undefined;
    }
  }
}
