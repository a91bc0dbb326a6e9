// Creating tokens (111, 701.7): `Create two 1/1 red Goblin creature tokens
// with haste.`, `create a Treasure token`, `create X 2/2 black Zombie creature
// tokens, where X is …`, `create a 1/1 … token for each Elf you control`,
// `create a token that's a copy of target creature`, and the older wording
// `put a 3/3 green Beast creature token onto the battlefield`. The token's
// characteristics are exactly those the text defines (111.3); its name is the
// one given, or its subtypes plus `Token` (111.4). The engine makes the
// object (engine/tokens.ts).

import { cardType, colorWord, subtypeOf, supertype } from '../rules/vocabulary';
import type { Action, Color, Expr, PlayerRef, TokenSpec } from './ir';
import { parseAmount, parseCount } from './count';
import { forEachAmount, whereX } from './amounts';
import { parseKeyword } from './keywords';
import { parsePlayer, parseSubject, type ReadState } from './selector';
import type { Word, Words } from './words';

/** 111.10: the predefined tokens and the abilities the rules give them. */
export const PREDEFINED_TOKENS: Record<string, { types: string[]; abilities: string[] }> = {
  treasure: { types: ['Artifact'], abilities: ['{T}, Sacrifice this token: Add one mana of any color.'] },
  food: { types: ['Artifact'], abilities: ['{2}, {T}, Sacrifice this token: You gain 3 life.'] },
  gold: { types: ['Artifact'], abilities: ['Sacrifice this token: Add one mana of any color.'] },
  clue: { types: ['Artifact'], abilities: ['{2}, Sacrifice this token: Draw a card.'] },
  blood: { types: ['Artifact'], abilities: ['{1}, {T}, Discard a card, Sacrifice this token: Draw a card.'] },
  powerstone: { types: ['Artifact'], abilities: ['{T}: Add {C}. This mana can\'t be spent to cast a nonartifact spell.'] },
};

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** A printed P/T word (`1/1`, `X/X`) → the two amounts. */
function ptOf(w: Word): { power: Expr; toughness: Expr } | undefined {
  const m = /^(\d+|x)\/(\d+|x)$/i.exec(w.raw);
  if (!m) return undefined;
  const side = (s: string): Expr => (s.toLowerCase() === 'x' ? { kind: 'x' } : { kind: 'const', value: Number(s) });
  return { power: side(m[1]!), toughness: side(m[2]!) };
}

/** `white and blue`, `red, green, and white`, `colorless`. */
function colors(c: Words): Color[] | undefined {
  if (c.opt('colorless')) return [];
  const out: Color[] = [];
  for (;;) {
    const x = c.peek();
    const col = x ? colorWord(x.w) : undefined;
    if (!col) break;
    c.next();
    out.push(col);
    const at = c.save();
    if ((c.opt(',', 'and') || c.opt('and') || c.opt(',')) && colorWord(c.peek()?.w ?? '')) continue;
    c.restore(at);
    break;
  }
  return out.length ? out : undefined;
}

/** `Goblin creature`, `Thopter artifact creature`, `legendary Elder Alien creature`: up to `token(s)`. */
function typeWords(c: Words, spec: TokenSpec): boolean {
  const at = c.save();
  for (;;) {
    const x = c.peek();
    if (!x || x.kind !== 'word') break;
    if (x.w === 'token' || x.w === 'tokens') {
      c.next();
      return spec.types.length > 0 || spec.subtypes.length > 0;
    }
    const sup = supertype(x.w);
    const t = cardType(x.w);
    const sub = /^[A-Z]/.test(x.raw) ? subtypeOf(x.raw) : undefined;
    if (sup) spec.supertypes.push(sup);
    else if (t) spec.types.push(t);
    else if (sub) spec.subtypes.push(sub.name);
    else break;
    c.next();
  }
  c.expect('a token description (`1/1 red Goblin creature token`, `Treasure token`)');
  c.restore(at);
  return false;
}

/** `with flying`, `with flying and haste`, `with "When this creature dies, …"`, `with deathtouch and "…"`. */
function withAbilities(c: Words, st: ReadState, spec: TokenSpec): boolean {
  if (!c.is('with') || c.is('with', 'x')) return true;
  const at = c.save();
  c.next();
  for (;;) {
    const x = c.peek();
    if (x && x.kind === 'quote') {
      c.next();
      spec.abilities.push(x.w.trim());
    } else {
      const from = c.save();
      const k = parseKeyword(c, st);
      if (!k) {
        c.expect('a keyword or a quoted ability after `with`');
        c.restore(at);
        return false;
      }
      spec.abilities.push(cap(c.slice(from, c.i)));
    }
    const more = c.save();
    if (c.opt(',', 'and') || c.opt('and') || c.opt(',')) {
      const y = c.peek();
      if (y && (y.kind === 'quote' || parseKeywordPeek(c, st))) continue;
    }
    c.restore(more);
    return true;
  }
}

function parseKeywordPeek(c: Words, st: ReadState): boolean {
  const at = c.save();
  const k = parseKeyword(c, st);
  c.restore(at);
  return !!k;
}

/** 111.4: a token with no name given is named for its subtypes plus `Token`. */
function defaultName(spec: TokenSpec): string {
  return `${spec.subtypes.join(' ') || spec.types.filter((t) => t !== 'Creature').join(' ') || 'Creature'} Token`;
}

/** `that's a copy of X` → a token spec that copies X (707.2). */
function copySpec(c: Words, st: ReadState): TokenSpec | undefined {
  if (!c.oneOf(["that's", 'a', 'copy', 'of'], ['that', 'is', 'a', 'copy', 'of'], ['that', 'are', 'copies', 'of'], ['which', 'is', 'a', 'copy', 'of'])) {
    c.expect("`that's a copy of`");
    return undefined;
  }
  const of = parseSubject(c, st);
  if (!of || of.kind !== 'object') {
    c.expect('what the token copies');
    return undefined;
  }
  return { name: 'copy', colors: [], supertypes: [], types: [], subtypes: [], abilities: [], copyOf: of.ref };
}

/** `[tapped] [P/T] [COLORS] TYPES token(s) [named NAME] [with …]` or `Treasure token(s)`, or `token that's a copy of X`. */
function tokenDescription(c: Words, st: ReadState): { spec: TokenSpec; tapped: boolean } | undefined {
  const spec: TokenSpec = { name: '', colors: [], supertypes: [], types: [], subtypes: [], abilities: [] };
  const tapped = c.opt('tapped');
  // 707.2: `a token that's a copy of target creature`
  if (c.is('token|tokens', "that's|that|which", 'a|are|is|copy|copies')) {
    c.next();
    const spec = copySpec(c, st);
    return spec && { spec, tapped };
  }
  const pre = c.peek();
  const predefined = pre && PREDEFINED_TOKENS[pre.w] && /^[A-Z]/.test(pre.raw) && c.is(pre.w, 'token|tokens') ? PREDEFINED_TOKENS[pre.w]! : undefined;
  if (predefined) {
    c.next();
    c.next();
    spec.name = cap(pre!.w);
    spec.predefined = spec.name;
    spec.types = [...predefined.types];
    spec.subtypes = [spec.name];
    spec.abilities = [...predefined.abilities];
    return { spec, tapped };
  }
  const x = c.peek();
  const pt = x && x.kind === 'pt' ? ptOf(x) : undefined;
  if (pt) {
    c.next();
    spec.power = pt.power;
    spec.toughness = pt.toughness;
  }
  if (c.opt('legendary')) spec.supertypes.push('Legendary');
  spec.colors = colors(c) ?? [];
  if (!typeWords(c, spec)) return undefined;
  // 111.4: `named Koma's Coil`
  if (c.opt('named')) {
    const from = c.save();
    while (!c.done && !c.is('with') && !c.is(',') && !c.is('.') && !c.is('and') && !c.is('onto')) c.next();
    if (c.i === from) {
      c.expect('a name after `named`');
      return undefined;
    }
    spec.name = c.slice(from, c.i);
  }
  if (!withAbilities(c, st, spec)) return undefined;
  if (!spec.name) spec.name = defaultName(spec);
  return { spec, tapped };
}

/** What may follow the description: `tapped and attacking`, `under target opponent's control`, `for each …`, `where X is …`. */
interface Tail {
  amount?: Expr;
  tapped?: boolean;
  attacking?: boolean;
  controller?: PlayerRef;
  forEach?: Expr;
}

/** `for each` was read already. */
const t0 = (t: Tail) => t.forEach !== undefined;

function tail(c: Words, st: ReadState, out: Tail): void {
  for (;;) {
    if (c.oneOf(["that's", 'tapped', 'and', 'attacking'], ['that', 'are', 'tapped', 'and', 'attacking'], ['tapped', 'and', 'attacking'])) {
      out.tapped = true;
      out.attacking = true;
    } else if (c.oneOf(["that's", 'attacking'], ['that', 'are', 'attacking'], ['attacking'])) out.attacking = true;
    else if (c.opt('tapped')) out.tapped = true;
    else if (c.is('under')) {
      const at = c.save();
      c.next();
      const p = parsePlayer(c, st);
      if (!p || !c.eat('control')) {
        c.restore(at);
        return;
      }
      out.controller = p;
    } else if (c.is('for', 'each') && !t0(out)) {
      const n = forEachAmount(c, st, out.amount!);
      if (!n) return;
      out.forEach = n;
    } else return;
  }
}

/** `a number of Food tokens equal to COUNT`: the amount comes after the description. */
function amountWords(c: Words): Expr | 'equal-to' | undefined {
  if (c.opt('a', 'number', 'of')) return 'equal-to';
  return parseAmount(c) ?? (c.is('token') ? { kind: 'const', value: 1 } : undefined);
}

/** One token phrase of the list: amount, description, what follows it (`put`: `onto the battlefield` and what may follow that). */
function oneToken(c: Words, st: ReadState, player: PlayerRef, put: boolean): Extract<Action, { kind: 'create-token' }> | undefined {
  const at = c.save();
  const written = amountWords(c);
  if (!written) return undefined;
  // The older `put a token onto the battlefield that's a copy of …`
  const ontoFirst = put && c.is('token|tokens', 'onto', 'the', 'battlefield');
  if (ontoFirst) c.i += 4;
  const copied = ontoFirst ? copySpec(c, st) : undefined;
  const d = copied ? { spec: copied, tapped: false } : ontoFirst ? undefined : tokenDescription(c, st);
  if (!d) {
    c.restore(at);
    return undefined;
  }
  let amount: Expr | undefined = written === 'equal-to' ? undefined : written;
  if (written === 'equal-to') {
    if (!c.eat('equal', 'to')) return undefined;
    amount = parseCount(c, st);
    if (!amount) return undefined;
  }
  const t: Tail = { amount, tapped: d.tapped };
  tail(c, st, t);
  if (put && !ontoFirst) {
    if (!c.eat('onto', 'the', 'battlefield')) {
      c.restore(at);
      return undefined;
    }
    tail(c, st, t);
    // `Put a 1/1 green Elf Druid creature token onto the battlefield with "{T}: Add {G}."`
    if (!withAbilities(c, st, d.spec)) return undefined;
    tail(c, st, t);
  }
  return {
    kind: 'create-token', token: d.spec, amount: t.forEach ?? amount!, player,
    ...(t.controller ? { controller: t.controller } : {}), ...(t.tapped ? { tapped: true } : {}), ...(t.attacking ? { attacking: true } : {}),
    span: c.span(at, c.i),
  };
}

/**
 * `create …` (you), or `PLAYER creates …` with `player` given; the older `put
 * … token … onto the battlefield`; a list (`Create a 1/1 … token, a 2/2 …
 * token, and a 3/3 … token`) gives one action per token phrase.
 */
export function parseTokenActions(c: Words, st: ReadState, player: PlayerRef = { kind: 'you' }): Action[] | undefined {
  const at = c.save();
  const put = c.is('put|puts');
  if (!c.opt('create') && !c.opt('creates') && !c.opt('put') && !c.opt('puts')) return undefined;
  const out: Extract<Action, { kind: 'create-token' }>[] = [];
  for (;;) {
    const one = oneToken(c, st, player, put);
    if (!one) break;
    out.push(one);
    const more = c.save();
    if ((c.opt(',', 'and') || c.opt(',') || c.opt('and')) && oneTokenAhead(c, st, player, put)) continue;
    c.restore(more);
    break;
  }
  if (!out.length) {
    c.restore(at);
    return undefined;
  }
  // `, where X is the number of Goblins you control`: X in the amount or the P/T.
  const last = out[out.length - 1]!;
  if (whereX(c, st, out)) last.span = c.span(c.ws.findIndex((w) => w.start === last.span!.start), c.i);
  // The tokens are what `it` / `them` mean next (`It gains haste until end of turn`).
  st.last = { kind: 'object', ref: { kind: 'it' } };
  return out;
}

/** Does another token phrase start here (after `,` / `and`)? */
function oneTokenAhead(c: Words, st: ReadState, player: PlayerRef, put: boolean): boolean {
  const at = c.save();
  const ok = !!oneToken(c, { ...st }, player, put);
  c.restore(at);
  return ok;
}
