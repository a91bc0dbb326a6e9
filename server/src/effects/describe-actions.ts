// Words for what an ability generates beyond layer parts: one-shot actions,
// replacement and prevention effects, the events they watch, conditions and
// durations. Shared by the hover (lsp/reading.ts) and `run --json`
// (present/reading.ts), so both say the same thing about the same text.
// Every read value is shown (amounts, targets with their conditions,
// players), so a misreading can be seen. Each describer is total: a kind it
// does not know yet still gets its fields in words (describeUnknown).

import { describeCondition as conditionInWords, describeExpr, describeFilter, describePart, describePlayer, describeRef } from './describe';
import type { Action, Condition, Duration, EventPattern, Expr, Part, PlayerRef, ReplacementSpec, Selector, TokenSpec } from './ir';

export function describeSelector(s: Selector): string {
  switch (s.kind) {
    case 'object':
      return describeRef(s.ref);
    case 'filter':
      return describeFilter(s.filter);
    case 'player':
      return describePlayer(s.player);
    default:
      return describeUnknown(s);
  }
}

/** A kind the describers do not know yet: its kind and fields in words, never nothing. */
export function describeUnknown(x: unknown): string {
  if (!x || typeof x !== 'object') return String(x);
  const o = x as Record<string, unknown>;
  const fields = Object.entries(o)
    .filter(([k]) => k !== 'kind' && k !== 'span')
    .map(([k, v]) => `${k} ${fieldWords(v)}`);
  return `${String(o.kind ?? 'value').replace(/-/g, ' ')}${fields.length ? ` (${fields.join(', ')})` : ''} [${GENERIC}]`;
}

/** Marks the generic words, so a kind the describer lacks can be seen (and tested). */
const GENERIC = 'generic reading';

function fieldWords(v: unknown): string {
  if (v === null || typeof v !== 'object') return String(v);
  if (Array.isArray(v)) return `[${v.map(fieldWords).join(', ')}]`;
  const o = v as Record<string, unknown>;
  if ('types' in o && 'zones' in o && 'noun' in o) return describeFilter(o as never);
  if (typeof o.kind === 'string' && 'layer' in o) return describePart(o as never);
  return describeUnknown(o).replace(` [${GENERIC}]`, '');
}

/** `3`, `X`, `the number of Vampires you control`. */
const amount = (e: Expr) => describeExpr(e);
const isOne = (e: Expr) => e.kind === 'const' && e.value === 1;
const plural = (e: Expr, one: string, many: string) => (isOne(e) ? `1 ${one}` : `${amount(e)} ${many}`);

function subject(p: PlayerRef): { who: string; s: string } {
  const who = describePlayer(p);
  return { who, s: p.kind === 'you' || p.kind === 'opponents' ? '' : 's' };
}

export function describeCondition(c: Condition): string {
  switch (c.kind) {
    case 'object-is':
      return `${describeRef(c.object)} is a ${describeFilter(c.filter, false)}`;
    case 'controls':
      return `${describePlayer(c.player)} control${c.player.kind === 'you' ? '' : 's'} ${describeRef(c.object)}`;
    case 'count-at-least':
      return `${c.atLeast} or more ${describeFilter(c.filter)}`;
    case 'your-turn':
      return "it's your turn";
    case 'on-battlefield':
      return `${describeRef(c.object)} is on the battlefield`;
    case 'tapped':
      return `${describeRef(c.object)} is tapped`;
    case 'not':
      return `not (${describeCondition(c.condition)})`;
    case 'all':
      return c.conditions.map(describeCondition).join(' and ');
    case 'answer':
      return `${c.question} (answered with \`choosing yes|no\`)`;
    default:
      // Comparisons, statuses, zones …: the shared words of describe.ts.
      return conditionInWords(c);
  }
}

export function describeDuration(d: Duration): string {
  switch (d.kind) {
    case 'end-of-turn':
      return 'until end of turn';
    case 'forever':
      return 'until the game ends (611.2a)';
    case 'as-long-as':
      return `for as long as ${describeCondition(d.condition)} (611.2b)`;
    case 'until-your-next-turn':
      return 'until your next turn (it ends as that turn begins)';
    default:
      return describeUnknown(d);
  }
}

export function describeEvent(e: EventPattern): string {
  switch (e.kind) {
    case 'to-graveyard':
      return e.from === 'battlefield' ? `${describeSelector(e.object)} would die` : `${describeSelector(e.object)} would be put into a graveyard${e.from ? ` from ${e.from}` : ''}`;
    case 'enter':
      return `${describeSelector(e.object)} would enter`;
    case 'draw':
    case 'gain-life':
    case 'lose-life':
    case 'discard': {
      const verb = { draw: 'draw a card', 'gain-life': 'gain life', 'lose-life': 'lose life', discard: 'discard a card' }[e.kind];
      // One event is about one player: `an opponent would gain life`, not all of them.
      const who = e.player.kind === 'opponents' ? 'an opponent' : e.player.kind === 'each-player' ? 'a player' : describePlayer(e.player);
      return `${who} would ${verb}`;
    }
    case 'damage': {
      const to = e.toAny?.length ? e.toAny.map(describeSelector).join(' or ') : e.to ? describeSelector(e.to) : undefined;
      return `${e.source ? describeSelector(e.source) : 'a source'} would deal ${e.combatOnly ? 'combat ' : ''}damage${to ? ` to ${to}` : ''}`;
    }
    case 'counters':
      return `${e.counter ? `${e.counter} counters` : 'counters'} would be put on ${describeSelector(e.object)}`;
    default:
      return describeUnknown(e);
  }
}

const copyOf = (of: Extract<ReplacementSpec, { kind: 'enters-as-copy' }>['of']) => ('filter' in of && of.kind === 'choose' ? `a ${describeFilter(of.filter, false)} of your choice` : describeRef(of as never));
const exceptions = (parts: Part[]) => (parts.length ? `, except ${parts.map(describePart).join(', ')} (707.9b)` : '');

/** One replacement or prevention effect (614, 615), with its event, what it does instead, and while what it applies. */
export function describeReplacement(r: ReplacementSpec): string {
  const words = replacementWords(r);
  return r.condition ? `${words}, while ${describeCondition(r.condition)}` : words;
}

function replacementWords(r: ReplacementSpec): string {
  switch (r.kind) {
    case 'enters-tapped': {
      const option = r.option ? `; as it enters, its controller may ${r.option.what}${r.option.actions.length ? ` (${r.option.actions.map(describeAction).join('; ')})` : ''}: if not,` : '';
      return `${option ? `${option.slice(2)} ` : ''}${describeSelector(r.affected)} enters tapped${r.unless ? ` unless ${describeCondition(r.unless)}` : ''} (614.1c)`;
    }
    case 'enters-as-copy':
      return `${describeSelector(r.affected)} ${r.optional ? 'may enter' : 'enters'} as a copy of ${copyOf(r.of)}${exceptions(r.except)} (614.1c, layer 1a)`;
    case 'enters-under-control':
      return `${describeSelector(r.affected)} enters under the control of ${describePlayer(r.player)} (616.1b)`;
    case 'as-enters-choose':
      return `as it enters, choose ${r.choices.map((k) => k.replace(/-/g, ' ')).join(', ')} (614.12a)`;
    case 'enters-with-counters':
      return `${describeSelector(r.affected)} enters with ${plural(r.amount, `${r.counter} counter`, `${r.counter} counters`)} (614.1c)`;
    case 'instead':
      return `${r.once ? 'the next time ' : 'if '}${describeEvent(r.event)}, instead: ${r.actions.map(describeAction).join('; ') || 'nothing'} (614.1a)`;
    case 'modify-damage': {
      const how = [r.multiply ? (r.multiply === 2 ? 'double' : `${r.multiply} times`) : '', r.add ? `plus ${r.add}` : '', r.addAnswer ? `plus ${r.addAnswer}` : ''].filter(Boolean).join(', ');
      return `if ${describeEvent(r.event)}, it deals ${r.multiply === 2 && !r.add ? 'double that damage' : `that much damage ${how}`} instead (614.1a)`;
    }
    case 'modify-counters': {
      const how = [r.multiply ? (r.multiply === 2 ? 'twice that many' : `${r.multiply} times that many`) : 'that many', r.add ? `plus ${r.add}` : ''].filter(Boolean).join(' ');
      return `if ${r.byYou ? 'you would put ' : ''}${describeEvent(r.event).replace(/ would be put on /, r.byYou ? ' on ' : ' would be put on ')}, ${how} are put instead (614.1a)`;
    }
    case 'as-enters-remove-counters':
      return `as it enters, remove all counters from each ${describeFilter(r.from, false)} (614.12a)`;
    case 'devour':
      return `as it enters, sacrifice any number of ${describeFilter(r.filter)} (\`choosing\` names them); it enters with ${r.per === 1 ? '' : `${r.per} times `}that many +1/+1 counters (702.82)`;
    case 'redirect-damage':
      return `if ${describeEvent(r.event)}, it is dealt to ${describeRef(r.to)} instead (614.1b)`;
    case 'damage-to-counters':
      return `if ${describeEvent(r.event)}, that many ${r.counter} counters are put on it instead (614.1a)`;
    case 'prevent': {
      const d = r.event.kind === 'damage' ? r.event : undefined;
      const to = d && (d.toAny?.length ? d.toAny.map(describeSelector).join(' or ') : d.to ? describeSelector(d.to) : undefined);
      const by = r.chooseSource ? 'a source of your choice would deal' : d?.source ? `${describeSelector(d.source)} would deal` : 'would be dealt';
      const what = d ? `${d.combatOnly ? 'combat ' : ''}damage that ${by}${to ? ` to ${to}` : ''}` : `what happens if ${describeEvent(r.event)}`;
      return `prevent ${r.amount !== undefined ? `the next ${r.amount}` : 'all'} ${what}${r.shield ? ', once (615.7)' : ''} (615)`;
    }
    default:
      return describeUnknown(r);
  }
}

/** `1/1 red Goblin creature token with haste`, `Treasure token`, `token copy of target creature`. */
export function describeToken(t: TokenSpec): string {
  if (t.copyOf) return `token copy of ${describeRef(t.copyOf)} (707.2)`;
  if (t.predefined) return `${t.predefined} token (111.10)`;
  const pt = t.power && t.toughness ? `${describeExpr(t.power)}/${describeExpr(t.toughness)} ` : '';
  const words = [...t.colors, ...t.supertypes.map((x) => x.toLowerCase()), ...t.subtypes, ...t.types.map((x) => x.toLowerCase())].join(' ');
  return `${pt}${words || t.name} token${t.abilities.length ? ` with ${t.abilities.map((x) => (/\s/.test(x) && !/^[a-z]+ \{/i.test(x) ? `"${x}"` : x.toLowerCase())).join(', ')}` : ''}${t.name && !words.includes(t.name.replace(/ Token$/, '')) ? ` named ${t.name}` : ''}`;
}

const list = (actions: Action[] | undefined) => (actions ?? []).map(describeAction).join('; ') || 'nothing';

/** One action in words: verb, amounts, objects (targets with their conditions), players. */
export function describeAction(a: Action): string {
  switch (a.kind) {
    case 'create-effect':
      return `${describeSelector(a.effect.affected)}: ${a.effect.parts.map(describePart).join(', ')} ${describeDuration(a.duration)}${a.effect.condition ? `, while ${describeCondition(a.effect.condition)}` : ''}`;
    case 'tap':
    case 'untap':
    case 'destroy':
    case 'sacrifice':
    case 'exile':
    case 'regenerate':
      return `${a.kind} ${describeSelector(a.object)}${'until' in a && a.until ? ' until this object leaves the battlefield (610.3: it then returns under its owner\'s control)' : ''}`;
    case 'move':
      return `put ${describeSelector(a.object)} into ${a.to === 'battlefield' ? 'the battlefield' : a.to === 'library' ? `its owner's library${a.position ? ` (${a.position})` : ''}` : a.to === 'hand' ? "its owner's hand" : a.to}`;
    case 'counters':
      return a.remove ? `remove ${plural(a.amount, `${a.counter} counter`, `${a.counter} counters`)} from ${describeSelector(a.object)}` : `put ${plural(a.amount, `${a.counter} counter`, `${a.counter} counters`)} on ${describeSelector(a.object)}`;
    case 'exchange-control':
      return `exchange control of ${describeSelector(a.objects)} (701.12a)`;
    case 'fight':
      return `${describeSelector(a.object)} fights ${describeSelector(a.other)} (701.14a)`;
    case 'attach':
      return `attach ${describeSelector(a.object)} to ${describeSelector(a.to)} (701.3a)`;
    case 'monstrosity':
      return `monstrosity ${amount(a.amount)}: if it isn't monstrous, put that many +1/+1 counters on it and it becomes monstrous (701.37a)`;
    case 'explore':
      return `${describeSelector(a.object)} explores (701.44a: \`choosing land\` puts the revealed card into the hand, \`choosing nonland\` a +1/+1 counter on it; unanswered, both)`;
    case 'amass':
      return `amass ${a.subtype}s ${amount(a.amount)} (701.47a: that many +1/+1 counters on an Army you control, a 0/0 black ${a.subtype} Army token first if you control none)`;
    case 'emblem': {
      const { who, s } = subject(a.player);
      return `${who} get${s} an emblem with ${a.abilities.map((t) => `"${t}"`).join(' and ')} (114.1; it works from the command zone, 114.4)`;
    }
    case 'player-counters': {
      const { who, s } = subject(a.player);
      return `${who} get${s} ${plural(a.amount, `${a.counter} counter`, `${a.counter} counters`)} (122.1)`;
    }
    case 'game-result': {
      const { who, s } = subject(a.player);
      return `${who} ${a.result}${s} the game (${a.result === 'win' ? '104.2a' : '104.3a'})`;
    }
    case 'become-monarch': {
      const { who, s } = subject(a.player);
      return `${who} become${s} the monarch (724.1)`;
    }
    case 'proliferate':
    case 'populate':
    case 'bolster':
      return `${a.kind}${a.amount ? ` ${amount(a.amount)}` : ''} (${{ proliferate: '701.27', populate: '701.36', bolster: '701.39' }[a.kind]}; \`choosing\` names the objects)`;
    case 'create-token': {
      const { who, s } = subject(a.player);
      const state = [a.tapped ? 'tapped' : '', a.attacking ? 'attacking' : ''].filter(Boolean).join(' and ');
      return `${who} create${s} ${amount(a.amount)} ${isOne(a.amount) ? describeToken(a.token) : describeToken(a.token).replace(/ token\b/, ' tokens')}${state ? `, ${state}` : ''}${a.controller ? ` under the control of ${describePlayer(a.controller)}` : ''} (111.1)`;
    }
    case 'return-chosen': {
      const { who, s } = subject(a.player);
      return `${who} return${s} ${plural(a.amount, describeFilter(a.filter, false), describeFilter(a.filter))} of their choice to their owners' hands`;
    }
    case 'sacrifice-chosen': {
      const { who, s } = subject(a.player);
      return `${who} sacrifice${s} ${plural(a.amount, describeFilter(a.filter, false), describeFilter(a.filter))} of their choice (701.17a)`;
    }
    case 'double':
      return `double ${a.what === 'life' ? `the life total of ${describePlayer(a.player ?? { kind: 'you' })}` : `the ${a.what === 'counters' ? `${a.counter ?? ''} counters`.trim() : a.what === 'power' ? 'power' : 'power and toughness'} of ${a.object ? describeSelector(a.object) : 'it'}`}${a.duration ? ` ${describeDuration(a.duration)}` : ''}, fixed as it happens (701.10, 608.2h)`;
    case 'draw':
    case 'discard':
    case 'mill': {
      const { who, s } = subject(a.player);
      if (a.kind === 'discard' && a.wholeHand) return `${who} discard${s} ${a.player.kind === 'you' ? 'your' : 'their'} hand`;
      return `${who} ${a.kind}${s} ${plural(a.amount, 'card', 'cards')}${a.random ? ' at random (701.9b: unnamed cards in hand first, then named ones in file order)' : ''}`;
    }
    case 'gain-life':
    case 'lose-life': {
      const { who, s } = subject(a.player);
      return `${who} ${a.kind === 'gain-life' ? 'gain' : 'lose'}${s} ${amount(a.amount)} life`;
    }
    case 'damage':
      return a.divided ? `${describeRef(a.source)} deals ${amount(a.amount)} damage divided as you choose among ${describeSelector(a.to)} (601.2d: \`choosing N, N, …\`)` : `${describeRef(a.source)} deals ${amount(a.amount)} damage to ${describeSelector(a.to)}`;
    case 'add-mana':
      return `add ${a.mana}`;
    case 'choose':
      return `choose a ${a.choice.replace(/-/g, ' ')} (choice ${a.value.index + 1}: \`choosing …\`)`;
    case 'return-from-graveyard':
      return `${describePlayer(a.player)} return${a.player.kind === 'you' ? '' : 's'} a ${describeFilter(a.filter, false)} to ${a.to === 'battlefield' ? 'the battlefield' : a.to === 'hand' ? 'hand' : a.to}`;
    case 'create-replacement':
      return `${describeReplacement(a.replacement)}, ${describeDuration(a.duration)}`;
    case 'self-replacement':
      return `instead, applied first (614.15): ${describeReplacement(a.replacement)}`;
    case 'not-simulated':
      return `not simulated: ${a.note.what} (${a.note.why})`;
    case 'optional': {
      const then = [a.ifDone?.length ? `if ${a.unless ? 'paid' : 'done'}: ${list(a.ifDone)}` : '', a.ifNot?.length ? `if not: ${list(a.ifNot)}` : ''].filter(Boolean).join('; ');
      return `${a.unless ? `unless ${describePlayer(a.who)} ${a.question}` : `${describePlayer(a.who)} may: ${list(a.actions)}`}${then ? `; ${then}` : ''} (\`choosing yes|no\`)`;
    }
    case 'if':
      return `if ${describeCondition(a.condition)}: ${list(a.actions)}${a.otherwise?.length ? `; otherwise: ${list(a.otherwise)}` : ''} (checked as it resolves, 608.2c)`;
    case 'modal':
      return `choose ${a.min === a.max ? a.min : `${a.min} to ${a.max}`} (700.2, \`choosing mode N\`): ${a.modes.map((m, i) => `mode ${i + 1}: ${list(m.actions)}`).join(' | ')}`;
    case 'delayed':
      return `delayed trigger (603.7) ${a.when.replace(/-/g, ' ')}: ${list(a.actions)}`;
    case 'repeat':
      return `${describeExpr(a.times)} times: ${list(a.actions)}`;
    case 'pay':
      return `pay ${a.cost} (mana is not modelled: paying changes nothing)`;
    case 'additional-cost':
      return `additional cost: ${a.cost} (costs are not paid in scenarios, 601.2f)`;
    default:
      return describeUnknown(a);
  }
}
