// Words about an ability rather than what it does: activation restrictions
// (602.5b: `Activate only as a sorcery.`, `Activate only once each turn.`,
// `Activate this ability only if …`) and additional costs of a spell
// (601.2b, 601.2f-h: `As an additional cost to cast this spell, sacrifice a
// creature.`). Restrictions are checked by `activate` (engine/restrictions.ts);
// costs are read and shown, and not paid: in a scenario costs are never paid,
// the events that pay them are written on their own lines.

import type { Action, ActivationRestriction } from './ir';
import { parseCondition } from './conditions';
import { eatSelf, type ReadState } from './selector';
import { numberWord, type Words } from './words';

/** `once`, `twice`, `three times`. */
function times(c: Words): number | undefined {
  if (c.opt('once')) return 1;
  if (c.opt('twice')) return 2;
  const x = c.peek();
  const n = x ? numberWord(x.w) : undefined;
  if (n === undefined || !c.is(x!.w, 'times')) return undefined;
  c.next();
  c.next();
  return n;
}

/** One restriction after `only` (or after `, and only`). */
function restriction(c: Words, st: ReadState): ActivationRestriction | undefined {
  const at = c.save();
  const text = () => c.slice(at, c.i);
  if (c.oneOf(['as', 'a', 'sorcery'], ['any', 'time', 'you', 'could', 'cast', 'a', 'sorcery'])) return { kind: 'sorcery', text: text() };
  const n = times(c);
  if (n !== undefined) {
    if (c.eat('each', 'turn')) return { kind: 'per-turn', times: n, text: text() };
    c.restore(at);
    return undefined;
  }
  if (c.opt('during', 'your', 'turn')) {
    // `…, before attackers are declared`: the timeline has no steps; only the turn is checked.
    c.opt(',', 'before', 'attackers', 'are', 'declared');
    return { kind: 'your-turn', text: text() };
  }
  if (c.opt('if')) {
    const condition = parseCondition(c, st);
    if (condition) return { kind: 'condition', condition, text: text() };
  }
  c.restore(at);
  c.expect('a restriction (`as a sorcery`, `once each turn`, `during your turn`, `if …`)');
  return undefined;
}

/** A whole sentence `Activate [this ability] only R[, and only R]…`, or undefined (cursor unchanged). */
export function parseActivationRestrictions(c: Words, st: ReadState): ActivationRestriction[] | undefined {
  const at = c.save();
  if (!c.opt('activate')) return undefined;
  c.opt('this', 'ability');
  const out: ActivationRestriction[] = [];
  if (!c.eat('only')) return back(c, at);
  for (;;) {
    const r = restriction(c, st);
    if (!r) return back(c, at);
    out.push(r);
    if (c.done) return out;
    if (!c.oneOf([',', 'and', 'only'], ['and', 'only'])) {
      c.expect('`, and only …` or the end of the sentence');
      return back(c, at);
    }
  }
}

/** `As an additional cost to cast this spell, COST.` (the cost is kept as written; costs are not paid in scenarios). */
export function parseAdditionalCost(c: Words, st: ReadState): Action[] | undefined {
  const at = c.save();
  if (!c.opt('as', 'an', 'additional', 'cost', 'to', 'cast')) return undefined;
  if (!(c.opt('this', 'spell') || eatSelf(c, st.ctx)) || !c.eat(',') || c.done) return back(c, at);
  const from = c.save();
  while (!c.done) c.next();
  return [{ kind: 'additional-cost', cost: c.slice(from, c.i), span: c.span(at, c.i) }];
}

function back(c: Words, at: number): undefined {
  c.restore(at);
  return undefined;
}
