// How the effect compiler read one ability, as data: its status (one of the
// three honest answers of issue 8), a headline, and what it generates (layer
// parts, replacement effects, rule effects, actions) in the words of
// effects/describe*.ts. The hover (lsp/reading.ts) renders it as markdown and
// `run --json` (cli/json.ts) prints it as is, so both say the same thing.

import { describePart } from '../effects/describe';
import { choiceLines } from '../effects/describe-choice';
import { describeAction, describeCondition, describeReplacement, describeSelector } from '../effects/describe-actions';
import type { Ability, Action, EffectSpec, Layer } from '../effects/ir';
import { keywordMeaning } from '../effects/keywords';

export type ReadingStatus = 'simulated' | 'not-simulated' | 'not-understood';

export interface ReadingItem {
  /** `layer`: a part of a continuous effect; `rule`: a rule effect (613.11); `player`: an effect on players (613.10). */
  kind: 'effect' | 'layer' | 'rule' | 'player' | 'replacement' | 'action' | 'not-simulated';
  text: string;
  layer?: Layer;
  items?: ReadingItem[];
}

export interface AbilityReading {
  /** The ability's text. */
  text: string;
  kind: Ability['kind'];
  status: ReadingStatus;
  /** Why it is not simulated, or what was not understood (the diagnostics on its words). */
  reasons: string[];
  /** What kind of ability it is, and for a static ability whether it is characteristic-defining (604.3). */
  summary: string;
  generates: ReadingItem[];
}

/** A diagnostic of the compiler on the ability's words (code and message). */
export interface ReadingIssue {
  code: string;
  message: string;
}

/** Layers whose effects a CDA may define (604.3a (1)): colors (5), subtypes (4), power/toughness (7a). */
const CDA_LAYERS = new Set(['4', '5', '7a']);

/** Why a static ability is, or is not, characteristic-defining (604.3a). */
export function cdaWhy(a: Extract<Ability, { kind: 'static' }>, origin?: string): string {
  if (a.cda) {
    const what = [...new Set(a.effects.flatMap((e) => e.parts.map((p) => (p.layer === '5' ? 'colors' : p.layer === '4' ? 'subtypes' : 'power and toughness'))))];
    return `characteristic-defining ability (604.3): it defines its own ${what.join(', ') || 'characteristics'}, so it applies first in its layer (613.3, 613.4a) and works in every zone`;
  }
  if (!a.effects.length) return 'not characteristic-defining: it generates no continuous effect on characteristics';
  if (a.effects.some((e) => !(e.affected.kind === 'object' && e.affected.ref.kind === 'self'))) return 'not characteristic-defining: it affects other objects, not only its own characteristics (604.3a (3))';
  if (a.effects.some((e) => e.condition)) return 'not characteristic-defining: it applies only while a condition holds (604.3a (5))';
  if (a.effects.some((e) => e.parts.some((p) => !CDA_LAYERS.has(p.layer)))) return 'not characteristic-defining: it changes more than colors, subtypes, power or toughness (604.3a (1))';
  if (origin === 'granted') return 'not characteristic-defining: an effect granted it (604.3a (2), (4)); it applies in timestamp order';
  return 'not characteristic-defining (604.3a)';
}

function safe(f: () => string, fallback: string): string {
  try {
    return f();
  } catch {
    return fallback;
  }
}

export function effectItem(e: EffectSpec): ReadingItem {
  return {
    kind: 'effect',
    text: `affects ${safe(() => describeSelector(e.affected), e.affected.kind)}${e.condition ? `, while ${safe(() => describeCondition(e.condition!), 'a condition holds')}` : ''}`,
    items: e.parts.map((p) => ({
      kind: p.layer === 'rules' ? 'rule' : p.layer === 'player' ? 'player' : 'layer',
      layer: p.layer,
      text: safe(() => describePart(p), p.kind),
    })),
  };
}

export function actionItem(a: Action): ReadingItem {
  const text = safe(() => describeAction(a), a.kind);
  if (a.kind === 'not-simulated') return { kind: 'not-simulated', text };
  if (a.kind === 'create-effect') return { kind: 'action', text, items: [effectItem(a.effect)] };
  if (CHOICE_KINDS.has(a.kind)) return choiceItem(a);
  return { kind: 'action', text };
}

const CHOICE_KINDS = new Set<string>(['optional', 'if', 'modal', 'delayed', 'pay', 'additional-cost']);

/** A choice, condition, mode list or delayed trigger: effects/describe-choice.ts's lines, nested by their indentation. */
function choiceItem(a: Action): ReadingItem {
  const lines = choiceLines(a, (x) => [`- ${safe(() => describeAction(x), x.kind)}`]);
  const root: ReadingItem = { kind: 'action', text: lines[0]!.replace(/^- /, '') };
  const stack: { depth: number; item: ReadingItem }[] = [{ depth: 0, item: root }];
  for (const line of lines.slice(1)) {
    const depth = (line.length - line.trimStart().length) / 2;
    const item: ReadingItem = { kind: 'action', text: line.trim().replace(/^- /, '') };
    while (stack.length > 1 && stack[stack.length - 1]!.depth >= depth) stack.pop();
    const parent = stack[stack.length - 1]!.item;
    (parent.items ??= []).push(item);
    stack.push({ depth, item });
  }
  return root;
}

function notSimulatedReasons(actions: Action[]): string[] {
  const out: string[] = [];
  const walk = (x: unknown): void => {
    if (!x || typeof x !== 'object') return;
    const o = x as Record<string, unknown>;
    if (o.kind === 'not-simulated' && o.note) {
      const n = o.note as { what: string; why: string };
      out.push(`${n.what}: ${n.why}`);
    }
    for (const v of Object.values(o)) if (v && typeof v === 'object') walk(v);
  };
  walk(actions);
  return out;
}

function headline(a: Ability, origin?: string): string {
  switch (a.kind) {
    case 'keyword':
      return `keyword ability ${a.keyword}${a.parameter ? ` (${a.parameter})` : ''} (702)${a.keyword.toLowerCase() === 'changeling' ? ' — a characteristic-defining ability: every creature type (604.3, layer 4)' : ''}${keywordMeaning(a.keyword) ? ` — ${keywordMeaning(a.keyword)}` : ''}`;
    case 'static':
      return `static ability (604.1) — ${cdaWhy(a, origin)}`;
    case 'activated':
      return `activated ability, cost ${a.cost}${a.mana ? ' (a mana ability)' : ''}; \`activate\` resolves it (costs are not paid)`;
    case 'triggered':
      return `triggered ability (${a.trigger}): resolved with a \`resolve\` event`;
    case 'spell':
      return 'spell text: what `cast` does';
    case 'unknown':
      return 'not understood: kept as an ability (it can be lost, gained, copied) that does nothing';
    default:
      return String((a as { kind: string }).kind);
  }
}

function generated(a: Ability): ReadingItem[] {
  switch (a.kind) {
    case 'static':
      return [...a.effects.map(effectItem), ...a.replacements.map((r): ReadingItem => ({ kind: 'replacement', text: safe(() => describeReplacement(r), r.kind) }))];
    case 'activated':
      return [...(a.restrictions ?? []).map((r): ReadingItem => ({ kind: 'rule', text: `activation restriction (602.5b), checked by \`activate\`: only ${r.text}` })), ...a.actions.map(actionItem)];
    case 'triggered':
    case 'spell':
      return a.actions.map(actionItem);
    default:
      return [];
  }
}

/** The reading of one ability; `issues` are the compiler's diagnostics on its words, when known. */
export function readAbility(a: Ability, origin?: string, issues: ReadingIssue[] = []): AbilityReading {
  const unread = issues.filter((i) => i.code === 'not-understood' || i.code === 'effect-error').map((i) => i.message);
  const actions = a.kind === 'activated' || a.kind === 'triggered' || a.kind === 'spell' ? a.actions : [];
  const notSim = [...notSimulatedReasons(actions), ...issues.filter((i) => i.code === 'not-simulated').map((i) => i.message.replace(/^not simulated: /, ''))];
  const status: ReadingStatus = a.kind === 'unknown' || unread.length ? 'not-understood' : notSim.length ? 'not-simulated' : 'simulated';
  return {
    text: a.text,
    kind: a.kind,
    status,
    reasons: status === 'not-understood' ? unread : status === 'not-simulated' ? [...new Set(notSim)] : [],
    summary: headline(a, origin),
    generates: generated(a),
  };
}
