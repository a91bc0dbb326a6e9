// Continuous effects (611, 613): `SUBJECT PREDICATE [and PREDICATE …]`, with
// conditions and durations. One sentence gives one effect whose parts may
// sit in several layers (613.6: `is a 1/1 green Saproling creature`).

import { cardType, colorWord, subtypeOf, supertype } from '../rules/vocabulary';
import type { Ability, Chosen, Color, Condition, Duration, EffectSpec, Expr, Part, PlayerPart, Selector, TypePart } from './ir';
import { parseKeyword } from './keywords';
import { colorList, eatSelf, emptyFilter, parseCount, parseNounPhrase, parsePlayer, parseSubject, type ReadState } from './selector';
import type { Words } from './words';

/** Compiles a quoted ability granted by an effect (`have "…"`). Set by compile.ts to avoid an import cycle. */
export const quoted: { compile: (text: string, st: ReadState) => Ability } = { compile: (text) => ({ kind: 'unknown', text }) };

export interface ReadEffect {
  effect: EffectSpec;
  duration?: Duration;
}

const BASIC_PLURALS: Record<string, string> = { plains: 'Plains', islands: 'Island', swamps: 'Swamp', mountains: 'Mountain', forests: 'Forest', island: 'Island', swamp: 'Swamp', mountain: 'Mountain', forest: 'Forest' };

/** `until end of turn`, `this turn`, `for as long as …`. */
export function parseDuration(c: Words, st: ReadState): Duration | undefined {
  if (c.opt('until', 'end', 'of', 'turn') || c.opt('this', 'turn')) return { kind: 'end-of-turn' };
  const at = c.save();
  if (c.opt('for', 'as', 'long', 'as')) {
    const cond = parseCondition(c, st);
    if (cond) return { kind: 'as-long-as', condition: cond };
    c.restore(at);
  }
  return undefined;
}

/** COND of `as long as COND` (static conditions and 611.2b durations). */
export function parseCondition(c: Words, st: ReadState): Condition | undefined {
  const at = c.save();
  if (c.opt('you', 'control')) {
    const save = c.save();
    if (eatSelf(c, st.ctx)) return { kind: 'controls', player: { kind: 'you' }, object: { kind: 'self' } };
    c.restore(save);
    // `you control N or more artifacts`
    const x = c.peek();
    const n = x ? Number(x.w) || ({ a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, seven: 7 } as Record<string, number>)[x.w] : undefined;
    if (n !== undefined) {
      c.next();
      c.opt('or', 'more');
      const f = parseNounPhrase(c, st);
      if (f) return { kind: 'count-at-least', filter: { ...f, controller: { kind: 'you' } }, atLeast: n };
    }
    const sel = parseSubject(c, st);
    if (sel && sel.kind === 'object') return { kind: 'controls', player: { kind: 'you' }, object: sel.ref };
    c.restore(at);
  }
  if (c.opt("it's", 'your', 'turn') || c.opt('it', 'is', 'your', 'turn')) return { kind: 'your-turn' };
  const subjAt = c.save();
  const sel = parseSubject(c, st);
  if (sel && sel.kind === 'object') {
    if (c.opt('remains', 'on', 'the', 'battlefield')) return { kind: 'on-battlefield', object: sel.ref };
    if (c.opt('remains', 'tapped')) return { kind: 'tapped', object: sel.ref };
    if (c.opt('is') || c.opt("'s")) {
      const neg = c.opt('not');
      c.opt('a') || c.opt('an');
      const f = parseNounPhrase(c, st);
      if (f) {
        const cond: Condition = { kind: 'object-is', object: sel.ref, filter: f };
        return neg ? { kind: 'not', condition: cond } : cond;
      }
      const col = c.peek() && colorWord(c.peek()!.w);
      if (col) {
        c.next();
        const cond: Condition = { kind: 'object-is', object: sel.ref, filter: { ...emptyFilter(), colors: [col] } };
        return neg ? { kind: 'not', condition: cond } : cond;
      }
      if (c.opt('tapped')) return { kind: 'tapped', object: sel.ref };
    }
  }
  c.restore(subjAt);
  c.expect('a condition (`you control …`, `enchanted permanent is a creature`, `it\'s your turn`)');
  c.restore(at);
  return undefined;
}

/** One continuous-effect sentence (without its final period). */
export function parseEffectSentence(c: Words, st: ReadState): ReadEffect | undefined {
  const at = c.save();
  const bound = { targets: st.targets, targetPlayers: st.targetPlayers, last: st.last };
  let duration: Duration | undefined;
  let condition: Condition | undefined;
  for (;;) {
    if (c.is('until', 'end', 'of', 'turn', ',')) {
      c.i += 5;
      duration = { kind: 'end-of-turn' };
      continue;
    }
    if (c.is('as', 'long', 'as')) {
      const save = c.save();
      c.i += 3;
      const cond = parseCondition(c, st);
      if (cond && c.opt(',')) {
        condition = cond;
        continue;
      }
      c.restore(save);
    }
    break;
  }
  // 613.10/613.11: players' and rules effects read differently.
  const special = parsePlayerOrRules(c, st);
  if (special) {
    if (condition) special.effect.condition = condition;
    duration = duration ?? parseDuration(c, st);
    return { effect: special.effect, ...(duration ? { duration } : {}) };
  }
  // `Switch target creature's power and toughness`
  if (c.opt('switch')) {
    const subject = parseSubject(c, st);
    if (!subject || subject.kind === 'player') return fail();
    c.opt("'s");
    if (!c.eat('power', 'and', 'toughness')) return fail();
    duration = duration ?? parseDuration(c, st);
    return { effect: { affected: subject, parts: [{ layer: '7d', kind: 'switch' }], ...(condition ? { condition } : {}) }, ...(duration ? { duration } : {}) };
  }
  // `You control enchanted creature.` / `Gain control of …`
  if (c.opt('you', 'control')) {
    const subject = parseSubject(c, st);
    if (!subject || subject.kind === 'player') return fail();
    duration = duration ?? parseDuration(c, st);
    return { effect: { affected: subject, parts: [{ layer: '2', kind: 'control', player: { kind: 'you' } }], ...(condition ? { condition } : {}) }, ...(duration ? { duration } : {}) };
  }
  if (c.opt('gain', 'control', 'of') || c.opt('gains', 'control', 'of')) {
    const subject = parseSubject(c, st);
    if (!subject || subject.kind === 'player') return fail();
    duration = duration ?? parseDuration(c, st);
    return { effect: { affected: subject, parts: [{ layer: '2', kind: 'control', player: { kind: 'you' } }], ...(condition ? { condition } : {}) }, ...(duration ? { duration } : {}) };
  }
  // `~'s power is equal to …`, `This creature's power and toughness are each equal to …` (604.3 candidates)
  const subject = parseSubject(c, st);
  if (!subject) return fail();
  const parts: Part[] = [];
  if (c.opt("'s") || c.peek(-1)?.w.endsWith("'s")) {
    /* possessive already consumed with the name */
  }
  const pt = parsePowerToughnessDefinition(c, st);
  if (pt) parts.push(pt);
  else {
    for (;;) {
      const p = parsePredicate(c, st, subject);
      if (!p) return fail();
      parts.push(...p);
      const more = c.save();
      if (c.opt(',', 'and') || c.opt('and') || c.opt(',')) {
        if (isPredicateStart(c)) continue;
      }
      c.restore(more);
      break;
    }
  }
  // `with "…"` after a type phrase is handled in parsePredicate; a trailing duration here.
  duration = duration ?? parseDuration(c, st);
  return { effect: { affected: subject, parts: mergeParts(parts), ...(condition ? { condition } : {}) }, ...(duration ? { duration } : {}) };

  function fail(): undefined {
    c.restore(at);
    // Targets bound by a reading that failed are not bound.
    Object.assign(st, bound);
    return undefined;
  }
}

const PREDICATE_VERBS = new Set(['get', 'gets', 'has', 'have', 'gain', 'gains', 'lose', 'loses', 'is', 'are', 'become', 'becomes', "can't", 'cannot', 'cost', 'costs', 'untap', 'tap']);
function isPredicateStart(c: Words): boolean {
  const x = c.peek();
  return !!x && PREDICATE_VERBS.has(x.w);
}

/** `power and toughness are each equal to COUNT`, `power is equal to COUNT` (after a possessive subject). */
function parsePowerToughnessDefinition(c: Words, st: ReadState): Part | undefined {
  const at = c.save();
  let which: 'both' | 'power' | 'toughness' | undefined;
  if (c.opt('power', 'and', 'toughness', 'are', 'each', 'equal', 'to')) which = 'both';
  else if (c.opt('power', 'is', 'equal', 'to')) which = 'power';
  else if (c.opt('toughness', 'is', 'equal', 'to')) which = 'toughness';
  if (!which) return undefined;
  const e = parseCount(c, st);
  if (!e) {
    c.restore(at);
    return undefined;
  }
  // 7a when it is the object's own CDA; the engine moves a granted one to 7b (604.3a).
  return { layer: '7a', kind: 'pt', ...(which !== 'toughness' ? { power: e } : {}), ...(which !== 'power' ? { toughness: e } : {}) };
}

/** Parse `+N/+M` (with X) into expressions. */
function modifier(raw: string): [Expr, Expr] | undefined {
  const m = /^([+-])(\d+|x)\/([+-])(\d+|x)$/i.exec(raw);
  if (!m) return undefined;
  const side = (sign: string, v: string): Expr => {
    const base: Expr = v.toLowerCase() === 'x' ? { kind: 'x' } : { kind: 'const', value: Number(v) };
    return sign === '-' ? (base.kind === 'const' ? { kind: 'const', value: -base.value } : { kind: 'neg', expr: base }) : base;
  };
  return [side(m[1]!, m[2]!), side(m[3]!, m[4]!)];
}

function setPT(raw: string): [Expr, Expr] | undefined {
  const m = /^(\d+|x)\/(\d+|x)$/i.exec(raw);
  if (!m) return undefined;
  const v = (s: string): Expr => (s.toLowerCase() === 'x' ? { kind: 'x' } : { kind: 'const', value: Number(s) });
  return [v(m[1]!), v(m[2]!)];
}

function times(e: Expr, factor: number): Expr {
  if (e.kind === 'const') return { kind: 'const', value: e.value * factor };
  return factor === 1 ? e : { kind: 'times', factor, expr: e };
}

/** One predicate: what happens to the subject. */
export function parsePredicate(c: Words, st: ReadState, subject: Selector): Part[] | undefined {
  const at = c.save();
  const x = c.peek();
  if (!x) {
    c.expect('what the effect does (gets, has, loses, is, becomes, …)');
    return undefined;
  }
  // gets +N/+M [for each COUNT]
  if (c.opt('get') || c.opt('gets')) {
    const m = c.peek() && modifier(c.peek()!.raw);
    if (!m) {
      c.expect('a modifier such as +1/+1 after `gets`');
      c.restore(at);
      return undefined;
    }
    c.next();
    if (c.opt('for', 'each')) {
      const f = parseNounPhraseWithTail(c, st);
      if (!f) {
        c.restore(at);
        return undefined;
      }
      const count: Expr = { kind: 'count', filter: f };
      return [{ layer: '7c', kind: 'pt', power: scale(m[0], count), toughness: scale(m[1], count) }];
    }
    return [{ layer: '7c', kind: 'pt', power: m[0], toughness: m[1] }];
  }
  // has base power and toughness N/M; has base power and base toughness each equal to COUNT
  if (c.is('has|have', 'base')) {
    c.next();
    c.next();
    const r = basePT(c, st);
    if (r) return [r];
    c.restore(at);
    return undefined;
  }
  if (c.opt('has') || c.opt('have') || c.opt('gain') || c.opt('gains')) {
    if (subject.kind === 'player') {
      c.restore(at);
      return undefined;
    }
    if (c.opt('all', 'creature', 'types')) return [{ layer: '4', kind: 'type', allCreatureTypes: true }];
    const abilities = abilityList(c, st);
    if (!abilities) {
      c.restore(at);
      return undefined;
    }
    return [{ layer: '6', kind: 'abilities', add: abilities }];
  }
  if (c.opt('lose') || c.opt('loses')) {
    if (c.opt('all', 'abilities')) return [{ layer: '6', kind: 'abilities', removeAll: true }];
    if (c.opt('all', 'creature', 'types')) return [{ layer: '4', kind: 'type', loseAllCreatureTypes: true }];
    const abilities = abilityList(c, st);
    if (!abilities) {
      c.restore(at);
      return undefined;
    }
    return [{ layer: '6', kind: 'abilities', remove: abilities.map((a) => (a.kind === 'keyword' ? a.keyword : a.text)) }];
  }
  if (c.opt("can't", 'have', 'or', 'gain') || c.opt('cannot', 'have', 'or', 'gain')) {
    if (c.opt('abilities')) return [{ layer: '6', kind: 'abilities', removeAll: true, cantHave: true }];
    const abilities = abilityList(c, st);
    if (!abilities) {
      c.restore(at);
      return undefined;
    }
    return [{ layer: '6', kind: 'abilities', remove: abilities.map((a) => (a.kind === 'keyword' ? a.keyword : a.text)), cantGain: abilities.map((a) => (a.kind === 'keyword' ? a.keyword : a.text)) }];
  }
  if (c.opt("can't", 'attack', 'or', 'block') || c.opt("can't", 'block') || c.opt("can't", 'attack')) {
    const words = c.slice(at, c.i);
    const tail = c.opt('you') ? ' you' : '';
    return [{ layer: 'rules', kind: 'rules', description: `${words}${tail}` }];
  }
  // is / are / becomes …
  if (c.opt('is') || c.opt('are') || c.opt('become') || c.opt('becomes')) {
    const becomes = /^become/.test(x.w);
    const r = typePhrase(c, st, becomes);
    if (r) return r;
    c.restore(at);
    return undefined;
  }
  c.expect('what the effect does (gets, has, gains, loses, is, becomes, …)');
  return undefined;
}

function scale(side: Expr, count: Expr): Expr {
  if (side.kind === 'const') return side.value === 0 ? side : times(count, side.value);
  return side;
}

function parseNounPhraseWithTail(c: Words, st: ReadState) {
  const at = c.save();
  const f = parseNounPhrase(c, st);
  if (!f) {
    c.expect('what to count after `for each`');
    return undefined;
  }
  // `for each creature card in your graveyard`, `for each Forest you control`
  const tailAt = c.save();
  if (c.opt('you', 'control')) f.controller = { kind: 'you' };
  else if (c.opt('in', 'your', 'graveyard')) {
    f.zones = ['graveyard'];
    f.owner = { kind: 'you' };
  } else if (c.opt('in', 'all', 'graveyards') || c.opt('in', 'graveyards')) f.zones = ['graveyard'];
  else if (c.opt('on', 'the', 'battlefield')) f.zones = ['battlefield'];
  else c.restore(tailAt);
  void at;
  return f;
}

/** After `has base`: `power and toughness N/M` / `power and [base] toughness each equal to COUNT`. */
function basePT(c: Words, st: ReadState): Part | undefined {
  if (!c.eat('power', 'and')) return undefined;
  c.opt('base');
  if (!c.eat('toughness')) return undefined;
  const x = c.peek();
  const set = x && setPT(x.raw);
  if (set) {
    c.next();
    return { layer: '7b', kind: 'pt', power: set[0], toughness: set[1] };
  }
  if (c.eat('each', 'equal', 'to')) {
    const e = parseCount(c, st);
    if (e) return { layer: '7b', kind: 'pt', power: e, toughness: e };
  }
  return undefined;
}

/** `flying`, `flying and haste`, `"…"`, `protection from red`, `islandwalk`. */
function abilityList(c: Words, st: ReadState): Ability[] | undefined {
  const out: Ability[] = [];
  for (;;) {
    const x = c.peek();
    if (x && x.kind === 'quote') {
      c.next();
      const inner: ReadState = { ctx: { ...st.ctx, cardName: '', legendary: false }, targets: 0, targetPlayers: 0 };
      out.push({ ...quoted.compile(x.w, inner), span: { start: x.start, end: x.end } });
    } else {
      const k = parseKeyword(c, st);
      if (!k) {
        if (!out.length) c.expect('an ability (a keyword such as flying, or a quoted ability)');
        break;
      }
      out.push(k);
    }
    const at = c.save();
    if ((c.opt(',', 'and') || c.opt('and') || c.opt(',')) && (c.peek()?.kind === 'quote' || probeKeyword(c, st))) continue;
    c.restore(at);
    break;
  }
  return out.length ? out : undefined;
}

function probeKeyword(c: Words, st: ReadState): boolean {
  const at = c.save();
  const k = parseKeyword(c, st);
  c.restore(at);
  return !!k;
}

/**
 * After `is`/`are`/`becomes`: colors, types, subtypes, P/T and `with …`, or a
 * land type (305.7), or `every creature type`.
 */
function typePhrase(c: Words, st: ReadState, becomes: boolean): Part[] | undefined {
  const at = c.save();
  // Colors only: `is white`, `are black and green`, `becomes the color of your choice`
  if (c.opt('the', 'color', 'of', 'your', 'choice') || c.opt('the', 'color', 'or', 'colors', 'of', 'your', 'choice')) {
    return [{ layer: '5', kind: 'color', set: [{ kind: 'choice', index: 0 }] }];
  }
  if (c.opt('the', 'chosen', 'color')) {
    const add = c.opt('in', 'addition', 'to', 'its', 'other', 'colors') || c.opt('in', 'addition', 'to', 'their', 'other', 'colors');
    return [{ layer: '5', kind: 'color', ...(add ? { add: [{ kind: 'choice', index: 0 }] } : { set: [{ kind: 'choice', index: 0 }] }) }];
  }
  if (c.opt('colorless')) return [{ layer: '5', kind: 'color', set: [] }];
  if (c.opt('all', 'colors')) return [{ layer: '5', kind: 'color', set: [{ kind: 'fixed', value: 'all' as Color }] }];
  if (c.opt('every', 'creature', 'type')) return [{ layer: '4', kind: 'type', allCreatureTypes: true }];
  // `are the second chosen type` (a land type from a choice, 305.7)
  const ord = c.is('the', 'first|second', 'chosen', 'type') ? (c.peek(1)!.w === 'first' ? 0 : 1) : undefined;
  if (ord !== undefined) {
    c.i += 4;
    return [{ layer: '4', kind: 'type', setLandType: { kind: 'choice', index: ord } }];
  }
  if (!becomes || c.peek()) {
    c.opt('a') || c.opt('an');
  }
  let power: Expr | undefined;
  let toughness: Expr | undefined;
  const ptw = c.peek();
  const pt = ptw && setPT(ptw.raw);
  if (pt) {
    c.next();
    [power, toughness] = pt;
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
      if (c.is('and') && c.peek(1) && colorWord(c.peek(1)!.w)) c.next();
      continue;
    }
    const sup = supertype(w.w);
    if (sup) {
      supers.push(sup);
      c.next();
      continue;
    }
    const singular = w.w.replace(/s$/, '');
    const ct = cardType(w.w) ?? (w.w === 'sorceries' ? 'Sorcery' : cardType(singular));
    if (ct) {
      types.push(ct);
      c.next();
      if (c.is('and') && c.peek(1) && (cardType(c.peek(1)!.w) || cardType(c.peek(1)!.w.replace(/s$/, '')) || subtypeOf(c.peek(1)!.raw))) c.next();
      continue;
    }
    const sub = /^[A-Z]/.test(w.raw) ? subtypeOf(w.raw) : undefined;
    if (sub) {
      subs.push(sub.name);
      if (BASIC_PLURALS[w.w]) landTypeWord = BASIC_PLURALS[w.w];
      c.next();
      continue;
    }
    break;
  }
  if (power === undefined && !colors.length && !types.length && !subs.length && !supers.length) {
    c.expect('a color, a card type, a subtype or a P/T such as 2/2');
    c.restore(at);
    return undefined;
  }
  const parts: Part[] = [];
  let inAdditionTypes = false;
  let inAdditionColors = false;
  let inAdditionLandTypes = false;
  let stillLand = false;
  let withAllCreatureTypes = false;
  const granted: Ability[] = [];
  let basePart: Part | undefined;
  for (;;) {
    if (c.opt('in', 'addition', 'to', 'its', 'other', 'types') || c.opt('in', 'addition', 'to', 'their', 'other', 'types') || c.opt('in', 'addition', 'to', 'its', 'other', 'card', 'types') || c.opt('in', 'addition', 'to', 'their', 'other', 'card', 'types')) {
      inAdditionTypes = true;
      continue;
    }
    if (c.opt('in', 'addition', 'to', 'its', 'other', 'colors') || c.opt('in', 'addition', 'to', 'their', 'other', 'colors')) {
      inAdditionColors = true;
      continue;
    }
    if (c.opt('in', 'addition', 'to', 'its', 'other', 'land', 'types') || c.opt('in', 'addition', 'to', 'their', 'other', 'land', 'types')) {
      inAdditionLandTypes = true;
      continue;
    }
    if (c.opt('that', "'s", 'still', 'a', 'land') || c.opt("that's", 'still', 'a', 'land') || c.opt('that', 'are', 'still', 'lands') || c.opt("that're", 'still', 'lands')) {
      stillLand = true;
      continue;
    }
    if (c.opt('with', 'all', 'creature', 'types')) {
      withAllCreatureTypes = true;
      continue;
    }
    if (c.is('with', 'base')) {
      const save = c.save();
      c.i += 2;
      const b = basePT(c, st);
      if (b) {
        basePart = b;
        continue;
      }
      c.restore(save);
    }
    if (c.is('with') && c.peek(1)?.kind === 'quote') {
      c.next();
      const q = c.next()!;
      const inner: ReadState = { ctx: { ...st.ctx, cardName: '', legendary: false }, targets: 0, targetPlayers: 0 };
      granted.push({ ...quoted.compile(q.w, inner), span: { start: q.start, end: q.end } });
      continue;
    }
    if (c.is('with') && c.peek(1) && probeAfterWith(c, st)) {
      c.next();
      const list = abilityList(c, st);
      if (list) granted.push(...list);
      continue;
    }
    break;
  }
  // 305.7: a land type set on lands (`Nonbasic lands are Mountains`, `All Mountains are Plains`).
  const onlyLandType = !types.length && !colors.length && power === undefined && subs.length === 1 && landTypeWord !== undefined;
  if (onlyLandType && !inAdditionTypes && !inAdditionLandTypes) {
    parts.push({ layer: '4', kind: 'type', setLandType: { kind: 'fixed', value: landTypeWord! } });
  } else if (types.length || subs.length || supers.length || withAllCreatureTypes) {
    const tp: TypePart = { layer: '4', kind: 'type' };
    // 205.1b: `in addition to its other types`, `still a land`, and `artifact creature` keep the old types.
    const keep = inAdditionTypes || inAdditionLandTypes || stillLand || (types.includes('Artifact') && types.includes('Creature'));
    if (types.length) {
      if (keep) tp.addTypes = [...types];
      else tp.setTypes = [...types];
    }
    if (supers.length) tp.addSupertypes = supers;
    if (subs.length) {
      tp.addSubtypes = subs.map((s): Chosen<string> => ({ kind: 'fixed', value: s }));
      // `is a Treefolk`, `becomes a Frog`: the named creature types replace the old ones (205.1a).
      if (!inAdditionTypes && !inAdditionLandTypes) tp.replaceSubtypes = true;
    }
    if (withAllCreatureTypes) tp.allCreatureTypes = true;
    parts.push(tp);
  }
  if (colors.length) parts.push({ layer: '5', kind: 'color', ...(inAdditionColors ? { add: colors.map((v): Chosen<Color> => ({ kind: 'fixed', value: v })) } : { set: colors.map((v): Chosen<Color> => ({ kind: 'fixed', value: v })) }) });
  if (granted.length) parts.push({ layer: '6', kind: 'abilities', add: granted });
  if (power !== undefined) parts.push({ layer: '7b', kind: 'pt', power, toughness });
  if (basePart) parts.push(basePart);
  return parts;
}

function probeAfterWith(c: Words, st: ReadState): boolean {
  const at = c.save();
  c.next();
  const ok = probeKeyword(c, st);
  c.restore(at);
  return ok;
}

/** Merge parts of one sentence that fall in the same layer and kind (`gets +2/+2 and has haste` stays two). */
function mergeParts(parts: Part[]): Part[] {
  return parts;
}

// ---------------------------------------------------------------------------
// 613.10 players and 613.11 rules

function parsePlayerOrRules(c: Words, st: ReadState): { effect: EffectSpec } | undefined {
  const at = c.save();
  const handSize = (who: import('./ir').PlayerRef): { effect: EffectSpec } | undefined => {
    const save = c.save();
    if (c.opt('maximum', 'hand', 'size', 'is', 'reduced', 'by') || c.opt('maximum', 'hand', 'size', 'is', 'increased', 'by')) {
      const down = c.ws[c.i - 2]!.w === 'reduced';
      const n = parseCount(c, st);
      if (n && n.kind === 'const') return { effect: { affected: { kind: 'player', player: who }, parts: [{ layer: 'player', kind: 'player', handSizeDelta: down ? -n.value : n.value }] } };
    }
    c.restore(save);
    if (c.opt('maximum', 'hand', 'size', 'is')) {
      const n = parseCount(c, st);
      if (n && n.kind === 'const') return { effect: { affected: { kind: 'player', player: who }, parts: [{ layer: 'player', kind: 'player', handSizeSet: n.value }] } };
    }
    c.restore(save);
    return undefined;
  };
  // `Your maximum hand size …`, `Each opponent's maximum hand size …`, `The chosen player's maximum hand size is four.`
  const who = parsePlayer(c, st);
  if (who) {
    const hs = handSize(who);
    if (hs) return hs;
    if (c.opt('have') || c.opt('has')) {
      if (c.opt('no', 'maximum', 'hand', 'size')) return playerPart(who, { layer: 'player', kind: 'player', gains: 'no maximum hand size' });
      const k = parseKeyword(c, st);
      if (k) return playerPart(who, { layer: 'player', kind: 'player', gains: k.text.toLowerCase() });
    }
    if (c.opt('may', 'spend', 'mana', 'as', 'though', 'it', 'were', 'mana', 'of', 'any', 'color')) {
      return { effect: { affected: { kind: 'player', player: who }, parts: [{ layer: 'rules', kind: 'rules', description: 'mana may be spent as though it were mana of any color' }] } };
    }
    c.restore(at);
  }
  // `Spells you cast cost {1} less to cast`, `Creature spells cost {1} more to cast`
  const f = parseNounPhrase(c, st);
  if (f && f.noun === 'spell') {
    let controller = false;
    if (c.opt('you', 'cast')) controller = true;
    if (c.opt('cost') || c.opt('costs')) {
      const m = c.peek();
      if (m && m.kind === 'mana') {
        c.next();
        const amount = Number(/\{(\d+)\}/.exec(m.raw)?.[1] ?? 1);
        const more = c.opt('more');
        if (more || c.opt('less')) {
          c.opt('to', 'cast');
          const filter = { ...f, ...(controller ? { controller: { kind: 'you' as const } } : {}) };
          return { effect: { affected: { kind: 'player', player: { kind: 'each-player' } }, parts: [{ layer: 'rules', kind: 'rules', description: `${c.slice(at, c.i)} (601.2f)`, costDelta: { amount: more ? amount : -amount, filter } }] } };
        }
      }
    }
  }
  c.restore(at);
  // `Creatures can't attack you`
  const g = parseNounPhrase(c, st);
  if (g && c.opt("can't", 'attack', 'you')) return { effect: { affected: { kind: 'player', player: { kind: 'you' } }, parts: [{ layer: 'rules', kind: 'rules', description: c.slice(at, c.i) }] } };
  c.restore(at);
  return undefined;
}

function playerPart(who: import('./ir').PlayerRef, part: PlayerPart): { effect: EffectSpec } {
  return { effect: { affected: { kind: 'player', player: who }, parts: [part] } };
}

export type { Selector };
