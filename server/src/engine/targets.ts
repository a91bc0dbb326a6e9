// 115.1, 601.2c, 608.2b: a target must be what the text asks for. The
// `targeting` answers of a `cast`, `activate` or `resolve` event are checked
// against each `target …` phrase's conditions (`target creature you control`,
// `… an opponent controls`, `… with flying`, `target spell`); a target that
// fails says which condition it failed, and the event does not resolve.

import { describeFilter } from '../effects/describe';
import type { Action, Filter, ObjectRef } from '../effects/ir';
import { matches, type Scope } from './evaluate';
import type { Game } from './game';

type TargetRef = Extract<ObjectRef, { kind: 'target' }>;

/** Each list of actions' target phrases: compiled text is shared and never changed, and this is asked at every resolution. */
const refsOf = new WeakMap<Action[], TargetRef[]>();

/** The `target …` phrases of the actions that carry conditions, by index. */
function targetRefs(actions: Action[]): TargetRef[] {
  let refs = refsOf.get(actions);
  if (!refs) refsOf.set(actions, (refs = findTargetRefs(actions)));
  return refs;
}

function findTargetRefs(actions: Action[]): TargetRef[] {
  const out = new Map<number, TargetRef>();
  const walk = (x: unknown): void => {
    if (!x || typeof x !== 'object') return;
    const o = x as Record<string, unknown>;
    if (o.kind === 'target' && typeof o.index === 'number' && (o.filter || o.orPlayer) && !out.has(o.index)) out.set(o.index, o as unknown as TargetRef);
    for (const v of Object.values(o)) if (v && typeof v === 'object') walk(v);
  };
  walk(actions);
  return [...out.values()];
}

/** Single conditions of a filter, each as a filter of its own, to name the one that failed. */
function conditionsOf(f: Filter): Filter[] {
  if (f.anyOf?.length) return [];
  const base: Filter = { types: [], subtypes: [], supertypes: [], notTypes: [], notSubtypes: [], notSupertypes: [], colors: [], notColors: [], zones: f.zones, noun: f.noun === 'spell' ? 'spell' : 'object' };
  const out: Filter[] = [];
  for (const [k, v] of Object.entries(f)) {
    if (k === 'zones' || k === 'noun' || v === undefined || (Array.isArray(v) && !v.length)) continue;
    out.push({ ...base, [k]: v });
  }
  return out;
}

/** A filter field that says something (not empty, not undefined). */
const isSet = (v: unknown): boolean => v !== undefined && !(Array.isArray(v) && !v.length) && v !== 'object' && v !== 'spell';

/** Problems with the bound targets, one message each, or [] when every target is legal. */
export function targetProblems(actions: Action[], scope: Scope, game: Game): { index: number; message: string }[] {
  const world = game.layers().world;
  const problems: { index: number; message: string }[] = [];
  const fail = (index: number, message: string) => problems.push({ index, message });
  for (const ref of targetRefs(actions)) {
    const player = scope.bindings.targetPlayers[ref.index];
    const id = scope.bindings.targets[ref.index];
    // `target player or planeswalker`: a player is legal; `target opponent or planeswalker`: an opponent (115.4).
    if (player && !id && ref.orPlayer) {
      if (ref.orPlayer === 'opponent' && player === scope.bindings.you) fail(ref.index, `${player} is not an opponent, so not a legal "target ${ref.noun}" (115.1)`);
      continue;
    }
    if (!ref.filter) continue;
    const filter = ref.filter;
    // Words made for a message only: most targets are legal (a long timeline checks one per resolution).
    const wanted = (): string => `target ${describeFilter(filter, false)}`;
    if (player && !id) {
      fail(ref.index, `${player} is a player, not a legal "${wanted()}" (115.1)`);
      continue;
    }
    const w = id ? world.get(id) : undefined;
    if (!w) continue;
    const name = w.obj.printed.name;
    // 112.1: a spell is a card on the stack: cast and not yet resolved.
    if (filter.noun === 'spell' && w.obj.zone !== 'stack') {
      fail(ref.index, `${name} is not a spell (a spell is a card cast and not yet resolved, 112.1), so it is not a legal "${wanted()}" (115.1)`);
      continue;
    }
    if (matches(filter, w, scope, world, game.evalEnv)) continue;
    const zones = filter.zones.length ? filter.zones : ['battlefield'];
    if (!filter.anyOf?.length && !zones.includes(w.obj.zone ?? 'nowhere')) {
      fail(ref.index, `${name} is not a legal "${wanted()}": it is ${w.obj.zone ? `in the ${w.obj.zone}` : 'nowhere'}, not ${zones.map((z) => (z === 'battlefield' ? 'on the battlefield' : `in ${z}`)).join(' or ')} (115.1, 608.2b)`);
      continue;
    }
    const failed = conditionsOf(filter).find((c) => !matches(c, w, scope, world, game.evalEnv));
    const words = failed ? describeFilter(failed, false).replace(/^(object|spell) ?/, '') : '';
    // `target creature` and a land: the noun is the condition it fails.
    const why = !failed ? 'it is not what the text asks for' : failed.types.length && Object.keys(failed).every((k) => k === 'types' || !isSet(failed[k as keyof Filter])) ? `it is not ${/^[aeiou]/i.test(words) ? 'an' : 'a'} ${words}` : `it fails "${words}"`;
    fail(ref.index, `${name} is not a legal "${wanted()}": ${why} (115.1, 608.2b)`);
  }
  return problems;
}
