// How the effect compiler read an ability, in words for the hover: its kind,
// whether it is characteristic-defining and why (604.3, 604.3a), the parts of
// each continuous effect in their layers (613.1), its replacement effects.
// Everything here describes the compiler's output (effects/ir.ts); the reason
// a static ability is or is not a CDA is read off that output, not decided.

import { describePart } from '../effects/compile';
import { describeFilter, describePlayer, describeRef } from '../effects/describe';
import type { Ability, Action, EffectSpec, ReplacementSpec, Selector } from '../effects/ir';
import { code, esc } from './present';
import { LAYER_RULES } from './ruleText';

export function describeSelector(s: Selector): string {
  switch (s.kind) {
    case 'object':
      return describeRef(s.ref);
    case 'filter':
      return describeFilter(s.filter);
    case 'player':
      return describePlayer(s.player);
  }
}

/** Layers whose effects a CDA may define (604.3a (1)): colors (5), subtypes (4), power/toughness (7a). */
const CDA_LAYERS = new Set(['4', '5', '7a']);

/** Why a static ability is, or is not, characteristic-defining (604.3a). */
export function cdaWhy(a: Extract<Ability, { kind: 'static' }>, origin?: string): string {
  if (a.cda) {
    const what = [...new Set(a.effects.flatMap((e) => e.parts.map((p) => (p.layer === '5' ? 'colors' : p.layer === '4' ? 'subtypes' : 'power and toughness'))))];
    return `**characteristic-defining ability** (604.3): it defines its own ${what.join(', ') || 'characteristics'}, so it applies first in its layer (613.3, 613.4a) and works in every zone`;
  }
  if (!a.effects.length) return 'not characteristic-defining: it generates no continuous effect on characteristics';
  if (a.effects.some((e) => !(e.affected.kind === 'object' && e.affected.ref.kind === 'self'))) return 'not characteristic-defining: it affects other objects, not only its own characteristics (604.3a (3))';
  if (a.effects.some((e) => e.condition)) return 'not characteristic-defining: it applies only while a condition holds (604.3a (5))';
  if (a.effects.some((e) => e.parts.some((p) => !CDA_LAYERS.has(p.layer)))) return 'not characteristic-defining: it changes more than colors, subtypes, power or toughness (604.3a (1))';
  if (origin === 'granted') return 'not characteristic-defining: an effect granted it (604.3a (2), (4)); it applies in timestamp order';
  return 'not characteristic-defining (604.3a)';
}

function partLines(e: EffectSpec): string[] {
  const out = [`- affects **${esc(describeSelector(e.affected))}**${e.condition ? ' while a condition holds (`as long as`)' : ''}`];
  for (const p of e.parts) {
    let d: string;
    try {
      d = describePart(p);
    } catch {
      d = p.kind;
    }
    out.push(`  - layer **${p.layer}**: ${esc(d)} — _${esc(LAYER_RULES[p.layer]?.text ?? '')}_ (${LAYER_RULES[p.layer]?.rule ?? '613'})`);
  }
  return out;
}

const REPLACEMENT_WORDS: Record<ReplacementSpec['kind'], string> = {
  'enters-tapped': 'enters tapped (614.1c, 614.12)',
  'enters-as-copy': 'enters as a copy (614.1c, 616.1c, layer 1a)',
  'enters-under-control': 'enters under another player’s control (616.1b)',
  'as-enters-choose': 'a choice made as it enters (614.12a)',
  'enters-with-counters': 'enters with counters (614.1c)',
  instead: 'replaces an event (614.1a)',
  'modify-damage': 'modifies damage (614.1a)',
  'damage-to-counters': 'damage becomes counters (614.1a)',
  prevent: 'prevents damage (615)',
};

function replacementLine(r: ReplacementSpec): string {
  const base = REPLACEMENT_WORDS[r.kind] ?? r.kind;
  const who = 'affected' in r && r.affected ? `: ${esc(describeSelector(r.affected))}` : '';
  return `- replacement effect: ${base}${who}`;
}

function actionLine(a: Action): string[] {
  switch (a.kind) {
    case 'create-effect':
      return [`- creates a continuous effect${a.duration.kind === 'end-of-turn' ? ' until end of turn' : a.duration.kind === 'as-long-as' ? ' for as long as a condition holds (611.2b)' : ''}; its set of objects is locked in as it begins (611.2c)`, ...partLines(a.effect).map((l) => `  ${l}`)];
    case 'create-replacement':
      return [`- creates a ${a.replacement.kind === 'prevent' ? 'prevention' : 'replacement'} effect`, `  ${replacementLine(a.replacement)}`];
    case 'self-replacement':
      return ['- with a self-replacement effect, applied first (614.15)', `  ${replacementLine(a.replacement)}`];
    default:
      return [`- ${a.kind.replace(/-/g, ' ')}`];
  }
}

/** The compiler's reading of one ability, as markdown lines. */
export function abilityReading(a: Ability, origin?: string): string[] {
  switch (a.kind) {
    case 'keyword':
      return [`keyword ability **${esc(a.keyword)}**${a.parameter ? ` (${esc(a.parameter)})` : ''} (702)${a.keyword.toLowerCase() === 'changeling' ? ' — a characteristic-defining ability: every creature type (604.3, layer 4)' : ''}`];
    case 'static': {
      const out = [`static ability (604.1) — ${cdaWhy(a, origin)}`];
      for (const e of a.effects) out.push(...partLines(e));
      for (const r of a.replacements) out.push(replacementLine(r));
      return out;
    }
    case 'activated':
      return [`activated ability, cost ${code(a.cost)}${a.mana ? ' (a mana ability)' : ''}; \`activate\` resolves it (costs are not paid):`, ...a.actions.flatMap(actionLine)];
    case 'triggered':
      return [`triggered ability (${esc(a.trigger)}): kept as an ability, resolved with a \`resolve\` event:`, ...a.actions.flatMap(actionLine)];
    case 'spell':
      return ['spell text: what `cast` does:', ...a.actions.flatMap(actionLine)];
    case 'unknown':
      return ['_Not understood: kept as an ability (it can be lost, gained, copied) that does nothing._'];
  }
}
