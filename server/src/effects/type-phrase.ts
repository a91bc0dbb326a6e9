// What follows `is`, `are`, `becomes`: a copy (layer 1), types (4), colors
// (5), granted abilities (6) and base power and toughness (7b), all in one
// effect (613.6: `becomes a 1/1 green Saproling creature with flying`).

import { BASIC_LAND_TYPES, cardTypeOf, colorWord, subtypeOf, supertype } from '../rules/vocabulary';
import type { Ability, Chosen, Color, Expr, Part, Selector, TypePart } from './ir';
import { parseAbilityList, parseBasePT, parsePredicate, probeKeyword } from './continuous';
import { parseSubject, type ReadState } from './selector';
import type { Words } from './words';
import { append } from '../util/arrays';

/** Is the affected thing lands (`Enchanted land`, `Nonbasic lands`), for `is the chosen type`? */
function aboutLands(s: Selector | undefined): boolean {
  if (!s) return false;
  if (s.kind === 'object') return s.ref.kind === 'attached' ? s.ref.noun === 'land' : s.ref.kind === 'target' && s.ref.noun === 'land';
  if (s.kind === 'filter') return s.filter.types.includes('Land') || s.filter.subtypes.some((t) => t in BASIC_LAND_TYPES);
  return false;
}

/** `2/2`, `X/X` as a base power and toughness. */
export function setPT(raw: string): [Expr, Expr] | undefined {
  const m = /^(\d+|x|\*)\/(\d+|x|\*)$/i.exec(raw);
  if (!m || m[1] === '*' || m[2] === '*') return undefined;
  const v = (s: string): Expr => (s.toLowerCase() === 'x' ? { kind: 'x' } : { kind: 'const', value: Number(s) });
  return [v(m[1]!), v(m[2]!)];
}

const fixed = <T,>(value: T): Chosen<T> => ({ kind: 'fixed', value });

/** What `in addition to its other …` keeps: `types`, `colors`, `land types`, `creature types`, or several (`colors and types`). */
type Kept = 'types' | 'colors' | 'land types' | 'creature types';

function inAddition(c: Words): Kept[] | undefined {
  const at = c.save();
  if (!c.opt('in', 'addition', 'to')) return undefined;
  if (!(c.opt('its') || c.opt('their'))) {
    c.restore(at);
    return undefined;
  }
  c.opt('other');
  const out: Kept[] = [];
  let conj = c.save();
  for (;;) {
    if (c.opt('colors')) out.push('colors');
    else if (c.opt('types') || c.opt('card', 'types')) out.push('types');
    else if (c.opt('land', 'types')) out.push('land types');
    else if (c.opt('creature', 'types')) out.push('creature types');
    else {
      c.restore(conj);
      break;
    }
    conj = c.save();
    if (!(c.opt('and') || c.opt(','))) break;
  }
  if (!out.length) {
    c.expect('`types`, `colors`, `land types` or `creature types`');
    c.restore(at);
    return undefined;
  }
  return out;
}

/** `that's still a land`, `that are still lands`, `that's still a planeswalker` (205.1b: the old types stay). */
function stillType(c: Words): boolean {
  const at = c.save();
  if (!c.oneOf(["that's", 'still'], ['that', "'s", 'still'], ['that', 'is', 'still'], ['that', 'are', 'still'], ["that're", 'still'])) return false;
  c.opt('a') || c.opt('an');
  const w = c.peek();
  if (w && cardTypeOf(w.w)) {
    c.next();
    return true;
  }
  c.expect('a card type after `still`');
  c.restore(at);
  return false;
}

/** 707.9: `, except it's 7/7`, `except it's an artifact in addition to its other types`, `except it has flying`. */
export function parseExcept(c: Words, st: ReadState): Part[] {
  const at = c.save();
  if (!(c.opt(',', 'except') || c.opt('except'))) return [];
  const parts: Part[] = [];
  for (;;) {
    let got: Part[] | undefined;
    if (c.opt("it's") || c.opt('it', 'is') || c.opt("they're") || c.opt('they', 'are')) got = typePhrase(c, st);
    else if (c.opt('it') || c.opt('they')) got = parsePredicate(c, st, { kind: 'object', ref: { kind: 'self' } });
    if (!got) break;
    parts.push(...got);
    if (!(c.opt(',', 'and') || c.opt('and'))) break;
  }
  if (!parts.length) {
    c.expect("what the copy is except for (`it's 7/7`, `it's an artifact in addition to its other types`, `it has flying`)");
    c.restore(at);
  }
  return parts;
}

/**
 * After `is`/`are`/`becomes`: colors, types, subtypes, P/T and `with …`, a
 * land type (305.7), `every creature type`, or `a copy of …`.
 */
export function typePhrase(c: Words, st: ReadState, subject?: Selector): Part[] | undefined {
  const at = c.save();
  // Colors by choice: `becomes the color of your choice`, `is the chosen color`.
  if (c.opt('the', 'color', 'of', 'your', 'choice') || c.opt('the', 'color', 'or', 'colors', 'of', 'your', 'choice')) {
    return [{ layer: '5', kind: 'color', set: [{ kind: 'choice', index: 0 }] }];
  }
  if (c.opt('the', 'chosen', 'color')) {
    const add = !!inAddition(c)?.includes('colors');
    return [{ layer: '5', kind: 'color', ...(add ? { add: [{ kind: 'choice', index: 0 }] } : { set: [{ kind: 'choice', index: 0 }] }) }];
  }
  // `is the chosen creature type in addition to its other types`
  if (c.opt('the', 'chosen', 'creature', 'type') || c.opt('the', 'chosen', 'type') || c.opt('the', 'chosen', 'basic', 'land', 'type')) {
    const keep = inAddition(c);
    // 305.7: `Enchanted land is the chosen type` sets a land type; `Creatures you control are the chosen type` a creature type.
    if (!keep && (c.ws[c.i - 2]?.w === 'land' || aboutLands(subject))) return [{ layer: '4', kind: 'type', setLandType: { kind: 'choice', index: 0 } }];
    return [{ layer: '4', kind: 'type', addSubtypes: [{ kind: 'choice', index: 0 }], ...(keep ? {} : { replaceSubtypes: true }) }];
  }
  // 305.7: `are the second chosen type` (a land type from a choice).
  const ord = c.is('the', 'first|second', 'chosen', 'type') ? (c.peek(1)!.w === 'first' ? 0 : 1) : undefined;
  if (ord !== undefined) {
    c.i += 4;
    return [{ layer: '4', kind: 'type', setLandType: { kind: 'choice', index: ord } }];
  }
  if (c.opt('colorless')) return [{ layer: '5', kind: 'color', set: [] }];
  if (c.opt('all', 'colors')) return [{ layer: '5', kind: 'color', set: [fixed('all' as Color)] }];
  // 702.73a-like: `is every creature type`.
  if (c.opt('every', 'creature', 'type') || c.opt('all', 'creature', 'types')) {
    inAddition(c);
    return [{ layer: '4', kind: 'type', allCreatureTypes: true }];
  }
  // `Lands you control are every basic land type in addition to their other types.`
  if (c.opt('every', 'basic', 'land', 'type')) {
    const keep = inAddition(c);
    return [{ layer: '4', kind: 'type', addSubtypes: Object.keys(BASIC_LAND_TYPES).map((t) => fixed(t)), ...(keep ? {} : { replaceSubtypes: true }) }];
  }
  // Layer 1: `becomes a copy of target creature`, `is a copy of Grizzly Bears, except …`.
  if (c.opt('a', 'copy', 'of') || c.opt('copies', 'of')) {
    const of = parseSubject(c, st);
    if (of && of.kind === 'object') return [{ layer: '1a', kind: 'copy', of: of.ref, except: parseExcept(c, st) }];
    c.expect('what it is a copy of (a name, `target creature`, …)');
    c.restore(at);
    return undefined;
  }
  c.opt('a') || c.opt('an');
  let pt: [Expr, Expr] | undefined;
  const ptw = c.peek();
  if (ptw && setPT(ptw.raw)) {
    c.next();
    pt = setPT(ptw.raw);
  }
  const colors: Color[] = [];
  const supers: string[] = [];
  const types: string[] = [];
  const subs: string[] = [];
  let landTypeWord: string | undefined;
  for (;;) {
    const w = c.peek();
    if (!w || w.kind !== 'word') break;
    const col = colorWord(w.w);
    if (col) {
      colors.push(col);
      c.next();
      if ((c.is('and') || c.is(',')) && c.peek(1) && colorWord(c.peek(1)!.w)) c.next();
      continue;
    }
    const sup = supertype(w.w);
    if (sup) {
      supers.push(sup);
      c.next();
      continue;
    }
    const ct = cardTypeOf(w.w);
    if (ct) {
      types.push(ct.name);
      c.next();
      // `creatures and Forest lands`
      const n = c.peek(1);
      if (c.is('and') && n && (cardTypeOf(n.w) || (/^[A-Z]/.test(n.raw) && subtypeOf(n.raw)))) c.next();
      continue;
    }
    const sub = /^[A-Z]/.test(w.raw) ? subtypeOf(w.raw) : undefined;
    if (sub) {
      subs.push(sub.name);
      if (sub.name in BASIC_LAND_TYPES) landTypeWord = sub.name;
      c.next();
      continue;
    }
    break;
  }
  if (!pt && !colors.length && !types.length && !subs.length && !supers.length) {
    c.expect('a color, a card type, a subtype, a P/T such as 2/2, `a copy of …` or `every creature type`');
    c.restore(at);
    return undefined;
  }
  // Suffixes: `in addition to …`, `that's still a land`, `with …`.
  /** Which old types are kept (`in addition to its other types / land types / creature types`). */
  let keep: Kept | undefined;
  let keepColors = false;
  let stillLand = false;
  let withAllCreatureTypes = false;
  const granted: Ability[] = [];
  let base: Part | undefined;
  for (;;) {
    const add = inAddition(c);
    if (add) {
      for (const k of add) {
        if (k === 'colors') keepColors = true;
        else keep = k;
      }
      continue;
    }
    if (stillType(c)) {
      stillLand = true;
      continue;
    }
    const w = c.save();
    if (c.opt('with')) {
      if (c.opt('all', 'creature', 'types')) {
        withAllCreatureTypes = true;
        continue;
      }
      // `with base power and toughness 1/1`; `with power and toughness each equal to …` sets them too (7b).
      if (c.opt('base') || c.is('power', 'and')) {
        const b = parseBasePT(c, st);
        if (b) {
          base = b;
          continue;
        }
      }
      c.restore(w);
      if (c.is('with') && (c.peek(1)?.kind === 'quote' || probeAfter(c, st))) {
        c.next();
        const list = parseAbilityList(c, st);
        if (list) {
          append(granted, list);
          continue;
        }
      }
      c.restore(w);
    }
    break;
  }
  const parts: Part[] = [];
  // 305.7: a basic land type set on lands (`Nonbasic lands are Mountains`, `Enchanted land is an Island`).
  const onlyLandType = !types.length && !colors.length && !pt && !supers.length && subs.length === 1 && landTypeWord !== undefined;
  if (onlyLandType && !keep) {
    parts.push({ layer: '4', kind: 'type', setLandType: fixed(landTypeWord!) });
  } else if (types.length || subs.length || supers.length || withAllCreatureTypes) {
    const tp: TypePart = { layer: '4', kind: 'type' };
    // 205.1b: `in addition to its other types`, `still a land`, and `artifact creature` keep the old types.
    const keepTypes = keep !== undefined || stillLand || (types.includes('Artifact') && types.includes('Creature'));
    if (types.length) {
      if (keepTypes) tp.addTypes = [...types];
      else tp.setTypes = [...types];
    }
    if (supers.length) tp.addSupertypes = supers;
    if (subs.length) {
      tp.addSubtypes = subs.map((s) => fixed(s));
      // 205.1a: `is a Treefolk`, `becomes a Frog`: the named subtypes replace the old ones of their kind.
      if (keep === undefined) tp.replaceSubtypes = true;
    }
    if (withAllCreatureTypes) tp.allCreatureTypes = true;
    parts.push(tp);
  }
  if (colors.length) parts.push({ layer: '5', kind: 'color', ...(keepColors ? { add: colors.map((v) => fixed(v)) } : { set: colors.map((v) => fixed(v)) }) });
  if (granted.length) parts.push({ layer: '6', kind: 'abilities', add: granted });
  if (pt) parts.push({ layer: '7b', kind: 'pt', power: pt[0], toughness: pt[1] });
  if (base) parts.push(base);
  return parts;
}

function probeAfter(c: Words, st: ReadState): boolean {
  const at = c.save();
  c.next();
  const ok = probeKeyword(c, st);
  c.restore(at);
  return ok;
}
