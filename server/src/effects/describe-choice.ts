// Choices, conditions, modes, delayed triggers and costs inside actions, in
// words for the hover and the JSON reading: what is asked, of whom, how it is
// answered (`choosing yes|no`, `choosing mode N`) and what each answer does.

import { describePlayer } from './describe';
import type { Action } from './ir';

type Line = (a: Action) => string[];

const indent = (lines: string[]): string[] => lines.map((l) => `  ${l}`);

/** Markdown lines for one choice-like action; `line` describes the actions nested in it. */
export function choiceLines(a: Action, line: Line): string[] {
  const nested = (xs: Action[] | undefined) => indent((xs ?? []).flatMap(line));
  switch (a.kind) {
    case 'optional': {
      const who = describePlayer(a.who);
      if (a.unless) return [`- unless ${who} chooses to ${a.question} (\`choosing yes\` pays; 608.2d); if not:`, ...nested(a.ifNot)];
      return [
        `- ${who} may ${a.question} (608.2d; \`choosing yes\` or \`choosing no\`, both outcomes kept without an answer):`,
        ...nested(a.actions),
        ...(a.ifDone?.length ? ['  if they do:', ...indent(nested(a.ifDone))] : []),
        ...(a.ifNot?.length ? ["  if they don't:", ...indent(nested(a.ifNot))] : []),
      ];
    }
    case 'if':
      return [`- if a condition holds as it resolves (608.2c):`, ...nested(a.actions), ...(a.otherwise?.length ? ['  otherwise:', ...indent(nested(a.otherwise))] : [])];
    case 'modal': {
      const count = a.min === a.max ? `${a.min}` : `${a.min} to ${a.max === Infinity ? 'any number' : a.max}`;
      return [`- modes (700.2): choose ${count} of ${a.modes.length} with \`choosing mode N\``, ...a.modes.flatMap((m, i) => [`  mode ${i + 1}: ${m.text}`, ...indent(nested(m.actions))])];
    }
    case 'delayed':
      return [`- a delayed triggered ability (603.7), ${a.when === 'end-of-combat' ? 'kept but not played (no combat step)' : a.when === 'dies-this-turn' ? 'played when that creature dies this turn (603.7c)' : 'played at `end turn`'}: "${a.trigger}"`, ...nested(a.actions)];
    case 'pay':
      return [`- pay ${a.cost} (mana is not modelled: nothing changes)`];
    case 'additional-cost':
      return [`- additional cost (601.2f): ${a.cost} — costs are not paid in scenarios; write the event that pays it`];
    default:
      return line(a);
  }
}
