// Rule effects (613.11) on objects and players: which ones apply now, and
// where the timeline checks them. The layer pass (layers.ts) calls
// `applyRulesPart` for each rule part of an effect that exists; the result
// is kept in the layer result (`objectRules`, `playerRules`) for the object
// table, the JSON, the hover and the trace. Events then ask `forbidding`.

import type { Ability, Condition, RuleKind, RulesPart, Zone } from '../effects/ir';
import { evalCondition, select, selectPlayers, type Env, type Scope } from './evaluate';
import type { Live } from './live';
import type { TraceStep } from './results';
import type { World } from './working';

/** One rule effect as it applies to one object or player. */
export interface RuleEntry {
  effectId: string;
  sourceId: string;
  sourceName: string;
  /** The words of the ability that make the rule (`can't attack or block`). */
  description: string;
  rule?: RuleKind;
}

export interface RuleSink {
  objects: Map<string, RuleEntry[]>;
  players: Map<string, RuleEntry[]>;
  /** Trace steps, by object id, for `--trace` and the hover. */
  traces: Map<string, TraceStep[]>;
}

export function emptyRuleSink(): RuleSink {
  return { objects: new Map(), players: new Map(), traces: new Map() };
}

/** Apply one rule part of an existing effect: record it on every object or player it applies to now. Returns the ids. */
export function applyRulesPart(l: Live, part: RulesPart, scope: Scope, world: World, env: Env, sink: RuleSink, describe: string): string[] {
  // `can't attack unless you control a 1/1 creature`: lifted while the condition holds.
  if (part.unless && evalCondition(part.unless, scope, world, env)) return [];
  const entry: RuleEntry = { effectId: l.id, sourceId: l.source.id, sourceName: l.source.printed.name, description: describe, ...(part.rule ? { rule: part.rule } : {}) };
  if (l.spec.affected.kind === 'player') {
    const names = selectPlayers(l.spec.affected, scope, world, env);
    for (const n of names) push(sink.players, n, entry);
    return names;
  }
  // A rule about spells or cards (`The named card can't be cast`) applies to cards in any zone.
  const ids = select(l.spec.affected, scope, world, env);
  for (const id of ids) {
    push(sink.objects, id, entry);
    push(sink.traces, id, {
      layer: 'rules', effectId: l.id, timestamp: l.timestamp, sourceId: l.source.id, sourceName: l.source.printed.name,
      text: l.text, range: l.range, description: describe, reason: { kind: 'timestamp' }, changes: [],
    });
  }
  return ids;
}

function push<T>(m: Map<string, T[]>, k: string, v: T): void {
  const list = m.get(k);
  if (list) list.push(v);
  else m.set(k, [v]);
}

/** The rule of this kind that applies to the object now, if any. */
export function forbidding(rules: Map<string, RuleEntry[]>, id: string, kind: RuleKind['kind'], ability?: Ability): RuleEntry | undefined {
  return rules.get(id)?.find((r) => {
    if (r.rule?.kind !== kind) return false;
    // `activated abilities with {T} in their costs can't be activated`
    if (r.rule.kind === 'no-activate' && r.rule.tapCostOnly) return !!ability && ability.kind === 'activated' && /\{T\}/i.test(ability.cost);
    return true;
  });
}

/**
 * 113.6: static abilities work on the battlefield, CDAs everywhere; an
 * ability whose condition says its object is in another zone (`As long as
 * ~ is in your graveyard, …`) works in that zone, and only its condition
 * decides there.
 */
export function zonesNamedBy(ability: Ability): Zone[] {
  if (ability.kind !== 'static') return [];
  const out: Zone[] = [];
  const walk = (c: Condition | undefined): void => {
    if (!c) return;
    if (c.kind === 'in-zone' && c.object.kind === 'self' && !out.includes(c.zone)) out.push(c.zone);
    if (c.kind === 'all' || c.kind === 'any') c.conditions.forEach(walk);
  };
  for (const e of ability.effects) {
    walk(e.condition);
    for (const p of e.parts) if (p.kind === 'rules' && p.functionsIn && !out.includes(p.functionsIn)) out.push(p.functionsIn);
  }
  return out;
}
