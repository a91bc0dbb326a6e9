// How the effect compiler read an ability, as markdown for the hover. The
// reading itself (status, headline, what the ability generates, in words) is
// present/reading.ts, shared with `run --json`; this file only renders it and
// adds the text of the layer rule next to each layer part.

import { describeSelector } from '../effects/describe-actions';
import type { Ability } from '../effects/ir';
import { cdaWhy, readAbility, type ReadingIssue, type ReadingItem } from '../present/reading';
import { code, esc } from './present';
import { LAYER_RULES } from './ruleText';

export { cdaWhy, describeSelector };

function itemLines(item: ReadingItem, indent: string): string[] {
  const quote = item.layer && LAYER_RULES[item.layer] ? ` — _${esc(LAYER_RULES[item.layer].text)}_ (${LAYER_RULES[item.layer].rule})` : '';
  const head =
    item.kind === 'effect'
      ? `- ${esc(item.text).replace(/^affects (.*?)(, while |$)/, (_m, who: string, rest: string) => `affects **${who}**${rest}`)}`
      : item.layer
        ? `- layer **${item.layer}**: ${esc(item.text)}${quote}`
        : item.kind === 'replacement'
          ? `- replacement effect: ${esc(item.text)}`
          : `- ${esc(item.text)}`;
  return [`${indent}${head}`, ...(item.items ?? []).flatMap((i) => itemLines(i, `${indent}  `))];
}

/** The headline in markdown: the CDA verdict in bold, the cost as code. */
function headlineMarkdown(a: Ability, summary: string): string {
  if (a.kind === 'activated') return `activated ability, cost ${code(a.cost)}${a.mana ? ' (a mana ability)' : ''}; \`activate\` resolves it (costs are not paid):`;
  if (a.kind === 'unknown') return `_Not understood: kept as an ability (it can be lost, gained, copied) that does nothing._`;
  const text = esc(summary).replace(/\\`/g, '`').replace(/^(static ability \(604\.1\) — )(characteristic-defining ability)/, '$1**$2**');
  return a.kind === 'keyword' ? text.replace(/^keyword ability (\S+)/, (_m, k: string) => `keyword ability **${k}**`) : a.kind === 'static' ? text : `${text}:`;
}

/** The compiler's reading of one ability, as markdown lines. */
export function abilityReading(a: Ability, origin?: string, issues: ReadingIssue[] = []): string[] {
  const r = readAbility(a, origin, issues);
  const out = [headlineMarkdown(a, r.summary)];
  for (const item of r.generates) out.push(...itemLines(item, ''));
  return out;
}
