// Making tokens (111.1, 701.7): each created token is a new object that
// enters the battlefield by an `enter` event (so replacement effects such as
// "enters tapped" and static abilities such as anthems see it, 611.3c) and
// gets its timestamp as it enters (613.7d).
//
// Naming (the language's extension for objects that an event makes): the
// tokens an event creates are called by the event's label, `as wolves` →
// `wolves#1`, `wolves#2` (the bare `wolves` while there is only one), or
// without a label by their name, `"Goblin Token"#1` (111.4). Numbers
// continue across events with the same name, in creation order.

import type { Action, Expr } from '../effects/ir';
import type { Range } from '../syntax/ast';
import type { ChoicePool } from './choices';
import { evalExpr, resolvePlayers, type Scope } from './evaluate';
import type { Game } from './game';
import type { GameEvent, Performer } from './replacement';
import { makeObject, type AbilityInstance, type GameObject, type Printed } from './state';

type CreateToken = Extract<Action, { kind: 'create-token' }>;

export interface TokenContext {
  text: string;
  range?: Range;
  label?: string;
}

const NOWHERE: Range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

/** The next free `base#k` in this line of play; the shared name table learns it (every line of play numbers alike). */
function tokenId(game: Game, base: string): string {
  const lower = base.toLowerCase();
  const taken = game.state.objects.filter((o) => o.isToken && o.declIndex < 0 && o.id.toLowerCase().startsWith(`${lower}#`)).length;
  const id = `${base}#${taken + 1}`;
  const names = game.env.names;
  const ids = names.get(lower) ?? [];
  // A new map, not the same one changed: points of the timeline keep the map they saw (game.ts EngineEnv).
  if (!ids.some((x) => x.toLowerCase() === id.toLowerCase())) game.env.names = new Map(names).set(lower, [...ids, id]);
  return id;
}

/** A base name that is not already a declared name (declared objects keep theirs). */
function baseName(game: Game, wanted: string): string {
  const ids = game.env.names.get(wanted.toLowerCase());
  const declared = ids?.some((id) => game.obj(id) ? game.obj(id)!.declIndex >= 0 : !id.toLowerCase().startsWith(`${wanted.toLowerCase()}#`));
  return declared ? `${wanted} token` : wanted;
}

function value(game: Game, e: Expr | undefined, scope: Scope): number | null {
  return e ? Math.max(0, evalExpr(e, scope, undefined, game.layers().world, game.evalEnv)) : null;
}

function printedOf(game: Game, a: CreateToken, scope: Scope, id: string): Printed {
  const t = a.token;
  const abilities: AbilityInstance[] = t.abilities.flatMap((text, i) => {
    const ability = game.env.recompile(text, t.name);
    return ability ? [{ key: `${id}/${i}`, text: ability.text || text, ability, origin: 'printed' as const }] : [];
  });
  return {
    name: t.copyOf ? '' : t.name,
    manaCost: null,
    manaValue: 0,
    colors: [...t.colors],
    supertypes: [...t.supertypes],
    types: [...t.types],
    subtypes: [...t.subtypes],
    abilities,
    power: value(game, t.power, scope),
    toughness: value(game, t.toughness, scope),
    powerStar: false,
    toughnessStar: false,
  };
}

function makeToken(game: Game, a: CreateToken, scope: Scope, owner: string, base: string, ctx: TokenContext): GameObject {
  const id = tokenId(game, base);
  const range = ctx.range ?? NOWHERE;
  const o: GameObject = makeObject(
    {
      id,
      decl: { kind: 'token', name: { text: a.token.copyOf ? base : a.token.name, quoted: false, range }, alias: { text: id, quoted: false, range }, range, headerRange: range, texts: [] },
      declIndex: -1,
      isToken: true,
      printed: printedOf(game, a, scope, id),
    },
    owner,
  );
  game.state.objects.push(o);
  game.state.byId.set(id, o);
  return o;
}

/**
 * 111.2: the player who creates a token owns it; it enters under that
 * player's control unless the text says otherwise. Tokens created together
 * enter simultaneously (one event each, so replacements apply to each).
 */
export function createTokens(game: Game, a: CreateToken, scope: Scope, ctx: TokenContext, enter: (g: Game, id: string, opts: { controller: string; tapped: boolean; simultaneous: Set<string> }) => GameEvent, perform: (games: Game[], events: () => GameEvent[]) => Game[]): Game[] {
  const world = game.layers().world;
  const n = Math.min(1000, value(game, a.amount, scope) ?? 0);
  const creators = resolvePlayers(a.player, scope, world, game.evalEnv);
  const under = a.controller ? resolvePlayers(a.controller, scope, world, game.evalEnv)[0] : undefined;
  if (!n || !creators.length) {
    game.note(`no token is created ("${ctx.text}": the number is 0)`, 'note');
    return [game];
  }
  const copied = a.token.copyOf ? game.resolveRef(a.token.copyOf, scope) : undefined;
  const copyValues = copied ? game.layers().copiable.get(copied) : undefined;
  if (a.token.copyOf && !copyValues) {
    game.note(`no token is created: there is nothing to copy (609.3)`, 'note');
    return [game];
  }
  const base = baseName(game, ctx.label ?? (copyValues ? `${copyValues.name || 'Copy'} Token` : a.token.name));
  const made: { o: GameObject; controller: string }[] = [];
  for (const p of creators) for (let k = 0; k < n; k++) made.push({ o: makeToken(game, a, scope, p, base, ctx), controller: under ?? p });
  const simultaneous = new Set(made.map((m) => m.o.id));
  if (a.attacking) game.note(`${made.length === 1 ? 'the token enters' : 'the tokens enter'} attacking: combat is not modelled, only the tapped status is`, 'note');
  return perform([game], () =>
    made.map(({ o, controller }) => {
      const e = enter(game, o.id, { controller, tapped: !!a.tapped, simultaneous });
      // 707.2, 111.1: a token that's a copy of an object enters with that object's copiable values.
      if (copyValues && copied && e.kind === 'enter') e.copyOf = { values: copyValues, from: copied, text: ctx.text, except: [] };
      return e;
    }),
  );
}

export type { ChoicePool, Performer };
