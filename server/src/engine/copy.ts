// Layer 1a (613.2a): copy effects, from resolved spells and abilities
// (`becomes a copy of`, `enters as a copy of`) and from static abilities
// (`Enchanted creature is a copy of …`), in timestamp order. Each copy takes
// the copiable values of what it copies (707.2) and then its exceptions,
// which become part of its own copiable values (707.9b).

import type { Ability, Layer, Part } from '../effects/ir';
import { applyParts, type ApplyEnv } from './apply';
import { resolveObject, scopeOf, select, type Scope } from './evaluate';
import { makeLive, partsByLayer, type Live } from './live';
import type { CharacteristicChange, OrderReason, TraceStep } from './results';
import { compareTimestamps, type AbilityInstance, type CopiableValues, type GameState } from './state';
import { fromValues, toCopiable, type Working, type World } from './working';

/** What applying one copy effect needs from the layer computation. */
export interface CopyLayerEnv {
  state: GameState;
  env: ApplyEnv;
  /** Every layer the exceptions of a copy effect may reach (they are applied in 1a, 707.9b). */
  layers: readonly Layer[];
  /** Static abilities' copy effects that exist in `world` now (their source functions, their condition holds). */
  staticCopies(world: World): Live[];
  aspects(w: Working): Record<string, string>;
  diff(before: Record<string, string>, after: Record<string, string>): CharacteristicChange[];
  trace(id: string, step: TraceStep): void;
  applied(live: Live, affected: string[]): void;
  /** 707.2c: a static copy effect's values, kept from when it first applied; `lock` records them. */
  locked(key: string): CopiableValues | undefined;
  lock(key: string, values: CopiableValues): void;
}

/** One copy effect waiting to apply: its live form, what it copies and what it applies to. */
interface Pending {
  live: Live;
  /** Fixed values (a resolved effect took them as it began, 707.2b) or the object copied now (a static ability). */
  values?: CopiableValues;
  of?: string;
  affected: string[];
  except: Part[];
  /** A static ability's effect: the key its first values are kept under (707.2c). */
  lockKey?: string;
}

/** Apply every copy effect of the state to `world`, in timestamp order with dependency (613.7, 613.8). */
export function applyCopyLayer(world: World, cx: CopyLayerEnv): void {
  const resolved = cx.state.effects.filter((e) => !e.ended && e.copyValues);
  const done = new Set<string>();
  /** 613.8a: effects that waited for others, with the ones they waited for. */
  const waited = new Map<string, string[]>();
  for (;;) {
    const pending = [...resolved.filter((e) => !done.has(e.id)).map((e) => resolvedPending(e, cx)), ...cx.staticCopies(world).filter((l) => !done.has(l.id)).map((l) => staticPending(l, world, cx))];
    if (!pending.length) return;
    pending.sort((a, b) => compareTimestamps(a.live.timestamp, b.live.timestamp));
    // 613.8a: a copy effect whose original is itself changed by a copy effect
    // not yet applied depends on that one (it changes what this one does);
    // the chain is followed, and a loop falls back to timestamp order (613.8b).
    let next = pending[0]!;
    const seen = new Set<string>([next.live.id]);
    for (;;) {
      const of = next.of;
      const first = of === undefined ? undefined : pending.find((p) => !seen.has(p.live.id) && p.affected.includes(of));
      if (!first) break;
      waited.set(next.live.id, [...(waited.get(next.live.id) ?? []), first.live.id]);
      seen.add(first.live.id);
      next = first;
    }
    done.add(next.live.id);
    const on = waited.get(next.live.id);
    const reason: OrderReason = on ? { kind: 'dependency', on, because: 'changes what it copies' } : { kind: 'timestamp' };
    // 707.2c: a static ability's copy takes the original's values when it first
    // applies (as they are at this point of layer 1) and keeps them.
    const kept = next.lockKey !== undefined ? cx.locked(next.lockKey) : undefined;
    const values = next.values ?? kept ?? (next.of !== undefined ? copiableNow(world, next.of) : undefined);
    if (!values) continue;
    if (next.lockKey !== undefined && next.affected.length) cx.lock(next.lockKey, values);
    for (const id of next.affected) applyOne(world, id, next, values, reason, cx);
    cx.applied(next.live, next.affected);
  }
}

function resolvedPending(e: GameState['effects'][number], cx: CopyLayerEnv): Pending {
  const live: Live = makeLive({
    id: e.id, kind: 'resolved', source: cx.state.byId.get(e.sourceId)!, spec: e.spec, timestamp: [e.timestamp], cda: false,
    bindings: e.bindings, text: e.text, range: e.range, partsByLayer: partsByLayer(e.spec.parts), resolved: e,
  });
  // 611.2c: the objects it was locked to, as long as they are the same objects (400.7).
  const affected = (e.lockedSet ?? []).flatMap((k) => {
    const [id, inc] = k.split('@');
    const o = cx.state.byId.get(id!);
    return o && String(o.incarnation) === inc && o.zone !== null ? [o.id] : [];
  });
  return { live, values: e.copyValues, affected, except: exceptOf(e.spec.parts) };
}

function staticPending(l: Live, world: World, cx: CopyLayerEnv): Pending {
  const scope: Scope = { source: l.source, bindings: { ...l.bindings, you: world.get(l.source.id)?.controller ?? l.bindings.you } };
  const part = l.spec.parts.find((p) => p.kind === 'copy');
  const of = part && part.kind === 'copy' ? resolveObject(part.of, scope, cx.env) : undefined;
  // An object can't be a copy of itself.
  const affected = select(l.spec.affected, scope, world, cx.env).filter((id) => id !== of);
  // The same effect while its source stays the same object (400.7).
  const lockKey = `${l.id}@${l.source.incarnation}`;
  return { live: l, of: of && world.has(of) ? of : undefined, affected, except: exceptOf(l.spec.parts), lockKey };
}

const exceptOf = (parts: Part[]): Part[] => parts.flatMap((p) => (p.kind === 'copy' ? p.except : []));

/** 707.2: the copiable values of `id` at this point of layer 1 (708.2: a face-down permanent's are those of a 2/2 with nothing else). */
function copiableNow(world: World, id: string): CopiableValues | undefined {
  const x = world.get(id);
  if (!x) return undefined;
  if (x.obj.faceDown && x.obj.zone === 'battlefield') {
    return { name: '', manaCost: null, manaValue: 0, colors: [], supertypes: [], types: ['Creature'], subtypes: [], abilities: [], power: 2, toughness: 2, powerStar: false, toughnessStar: false };
  }
  return toCopiable(x);
}

function applyOne(world: World, id: string, p: Pending, values: CopiableValues, reason: OrderReason, cx: CopyLayerEnv): void {
  const o = cx.state.byId.get(id);
  const old = world.get(id);
  if (!o || !old) return;
  const before = cx.aspects(old);
  const dropped = definedByExceptions(p.except);
  const x = fromValues(o, {
    ...values,
    // 707.9d: an exception that gives a characteristic a value means a CDA that would define it is not copied.
    abilities: values.abilities
      .filter((a) => !definesAny(a, dropped))
      .map((a, i): AbilityInstance => ({ ...a, key: `${o.id}/copy/${p.live.id}/${i}`, origin: 'copied', grantedBy: undefined, grantTimestamp: undefined })),
  });
  world.set(id, x);
  // 707.9b: the exceptions are applied as part of the copying, so they are copiable values too.
  const scope = scopeOf(p.live);
  const exceptLive = makeLive({ ...p.live, partsByLayer: partsByLayer(p.except) });
  for (const lyr of cx.layers) applyParts(exceptLive, lyr, x, world, cx.env, scope);
  cx.trace(id, {
    layer: '1a', effectId: p.live.id, timestamp: p.live.timestamp, sourceId: p.live.source.id, sourceName: p.live.source.printed.name,
    text: p.live.text, range: p.live.range, description: `copy of ${values.name || 'a face-down permanent'}${dropped.size ? `, without its ${[...dropped].join(' and ')}-defining ability (707.9d)` : ''} (707.2)`, reason,
    changes: cx.diff(before, cx.aspects(x)),
  });
}

type Characteristic = 'power' | 'toughness' | 'colors' | 'subtypes';

/** The characteristics the exceptions give a value to (`except it's 7/7`: power and toughness; `except it's blue`: colors). */
function definedByExceptions(except: Part[]): Set<Characteristic> {
  const out = new Set<Characteristic>();
  for (const p of except) definedBy(p, false, out);
  return out;
}

/** What a part sets (`cda`: read as a CDA, 604.3, where adding a subtype defines the subtypes too). */
function definedBy(p: Part, cda: boolean, out: Set<Characteristic>): void {
  if (p.kind === 'pt') {
    if (p.layer === '7c') return;
    if (p.power) out.add('power');
    if (p.toughness) out.add('toughness');
  } else if (p.kind === 'color') {
    if (p.set || (cda && p.add)) out.add('colors');
  } else if (p.kind === 'type') {
    if (p.replaceSubtypes || p.setTypes || (cda && (p.addSubtypes?.length || p.allCreatureTypes))) out.add('subtypes');
  }
}

/** Is `a` a characteristic-defining ability (604.3) that defines one of `cs`? */
function definesAny(a: AbilityInstance, cs: Set<Characteristic>): boolean {
  if (!cs.size) return false;
  const ab: Ability = a.ability;
  if (ab.kind === 'keyword') return ab.keyword.toLowerCase() === 'changeling' && cs.has('subtypes');
  if (ab.kind !== 'static' || !ab.cda) return false;
  const defined = new Set<Characteristic>();
  for (const spec of ab.effects) for (const p of spec.parts) definedBy(p, true, defined);
  return [...defined].some((c) => cs.has(c));
}

/**
 * 707.2c, between events: the values every static copy effect applies with
 * now, to keep in the state; those that stopped applying are forgotten (if
 * one starts again, it takes new values). Undefined when nothing changed.
 */
export function keptCopyValues(now: Map<string, CopiableValues>, kept: Record<string, CopiableValues> | undefined): Record<string, CopiableValues> | undefined {
  const old = kept ?? {};
  const keys = Object.keys(old);
  if (keys.length === now.size && keys.every((k) => now.has(k))) return undefined;
  return Object.fromEntries(now);
}
