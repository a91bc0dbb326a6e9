// Shared helpers for the effect compiler tests: contexts, filters with
// defaults, and one-ability compilation that asserts a clean reading.
import assert from 'node:assert/strict';
import { compileAbilityText, compileEffectText } from '../../src/effects/compile';
import type { Ability, Action, CompileContext, EffectSpec, Filter, Part, ReplacementSpec } from '../../src/effects/ir';

export const ctx = (cardName = 'Test Card', extra: Partial<CompileContext> = {}): CompileContext => ({ cardName, legendary: false, knownNames: [cardName], isSpell: false, ...extra });

/** A filter: the empty defaults with some fields set. */
export const F = (f: Partial<Filter> = {}): Filter => ({ types: [], subtypes: [], supertypes: [], notTypes: [], notSubtypes: [], notSupertypes: [], colors: [], notColors: [], zones: [], noun: 'permanent', ...f });

export const n = (value: number) => ({ kind: 'const' as const, value });

/** Remove `span` fields, which most tests do not care about. */
export function noSpans<T>(x: T): T {
  if (Array.isArray(x)) return x.map(noSpans) as T;
  if (!x || typeof x !== 'object') return x;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(x)) if (k !== 'span') out[k] = noSpans(v);
  return out as T;
}

/** The one ability of a line, read with no issue at all. */
export function one(text: string, c: CompileContext = ctx()): Ability {
  const r = compileAbilityText(text, c);
  assert.deepEqual(r.issues, [], text);
  assert.equal(r.abilities.length, 1, text);
  return noSpans(r.abilities[0]!);
}

/** The effects of a static ability, read with no issue, with its cda flag. */
export function statics(text: string, c: CompileContext = ctx()): { effects: EffectSpec[]; replacements: ReplacementSpec[]; cda: boolean } {
  const a = one(text, c);
  assert.equal(a.kind, 'static', text);
  if (a.kind !== 'static') throw new Error('not static');
  return { effects: a.effects, replacements: a.replacements, cda: a.cda };
}

/** The one effect of a static ability. */
export function effect(text: string, c: CompileContext = ctx()): EffectSpec {
  const s = statics(text, c);
  assert.equal(s.effects.length, 1, text);
  return s.effects[0]!;
}

export function parts(text: string, c: CompileContext = ctx()): Part[] {
  return effect(text, c).parts;
}

/** The actions of effect text (a resolve string), read with no issue. */
export function actions(text: string, c: CompileContext = ctx('this', { isSpell: true })): Action[] {
  const r = compileEffectText(text, c);
  assert.deepEqual(r.issues, [], text);
  return noSpans(r.actions);
}
