// 608.2h and 611.2d: a resolving spell or ability that needs a number from
// the game (`where X is the number of Vampires you control`, `for each
// Forest you control`, `equal to its power`) reads it once, as it resolves.
// The continuous effect it creates keeps that number; later changes to the
// count do not change the effect (as its set is fixed by 611.2c).

import type { EffectSpec, Expr, Part } from '../effects/ir';
import { evalExpr, type Env, type Scope } from './evaluate';
import type { World } from './working';

/** Does the number depend on the object it is applied to (`its power`, `counters on it`)? */
function perObject(e: Expr): boolean {
  switch (e.kind) {
    case 'stat':
    case 'counters':
      return e.of === undefined;
    case 'times':
    case 'neg':
      return perObject(e.expr);
    case 'sum':
      return e.terms.some(perObject);
    default:
      return false;
  }
}

/** Numbers whose value is already fixed by the event (written, X, an answer, the replaced event's amount). */
function alreadyFixed(e: Expr): boolean {
  switch (e.kind) {
    case 'const':
    case 'x':
    case 'answer':
    case 'event-amount':
    case 'chosen-number':
    case 'resolved-value':
      return true;
    case 'times':
    case 'neg':
      return alreadyFixed(e.expr);
    case 'sum':
      return e.terms.every(alreadyFixed);
    default:
      return false;
  }
}

/** Each number read from the game fixed in place (`-X` keeps its sign around the fixed X, for the trace). */
function fix(e: Expr, scope: Scope, world: World, env: Env, affected: readonly string[]): Expr {
  if (alreadyFixed(e)) return e;
  switch (e.kind) {
    case 'times':
    case 'neg':
      return { ...e, expr: fix(e.expr, scope, world, env, affected) };
    case 'sum':
      return { ...e, terms: e.terms.map((t) => fix(t, scope, world, env, affected)) };
    default:
      break;
  }
  if (!perObject(e)) return { kind: 'resolved-value', value: evalExpr(e, scope, undefined, world, env), was: e };
  const per: Record<string, number> = {};
  for (const id of affected) per[id] = evalExpr(e, scope, world.get(id), world, env);
  return { kind: 'resolved-value', value: 0, per, was: e };
}

/**
 * The effect spec with every number its parts read from the game fixed now.
 * Only the parts' own numbers: an ability the effect grants (`gains "…"`)
 * keeps its text and reads the game whenever it applies.
 */
export function fixResolvedValues(spec: EffectSpec, scope: Scope, world: World, env: Env, affected: readonly string[]): EffectSpec {
  let changed = false;
  const parts = spec.parts.map((p): Part => {
    if (p.kind !== 'pt') return p;
    const power = p.power && fix(p.power, scope, world, env, affected);
    const toughness = p.toughness && fix(p.toughness, scope, world, env, affected);
    if (power === p.power && toughness === p.toughness) return p;
    changed = true;
    return { ...p, ...(power ? { power } : {}), ...(toughness ? { toughness } : {}) };
  });
  return changed ? { ...spec, parts } : spec;
}
