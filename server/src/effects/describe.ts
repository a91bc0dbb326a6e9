// Short human words for effect parts, for the trace and the hover:
// `+1/+1`, `becomes white`, `gains flying`, `base P/T 0/1`, `loses all
// abilities`, `land type → Mountain (305.7)`.

import { irregularPlural } from '../rules/vocabulary';
import type { Ability, Chosen, CompareOp, Condition, Expr, Filter, ObjectRef, Part, PlayerRef } from './ir';

const ch = (c: Chosen<string>) => (c.kind === 'fixed' ? c.value : `choice ${c.index + 1}`);

function plural(noun: string): string {
  const irregular = irregularPlural(noun);
  if (irregular) return irregular;
  if (/(s|x|ch|sh)$/i.test(noun)) return `${noun}es`;
  if (/[^aeiou]y$/i.test(noun)) return `${noun.slice(0, -1)}ies`;
  return `${noun}s`;
}

export function describePlayer(p: PlayerRef): string {
  switch (p.kind) {
    case 'you':
      return 'you';
    case 'opponents':
      return 'your opponents';
    case 'each-player':
      return 'each player';
    case 'named':
      return p.name;
    case 'owner-of':
      return `the owner of ${describeRef(p.object)}`;
    case 'controller-of':
      return `the controller of ${describeRef(p.object)}`;
    case 'target-player':
      return 'target player';
    case 'chosen-player':
      return 'the chosen player';
    case 'event-player':
      return p.what ? `${p.what} (the player of the triggering event: \`choosing PLAYER\`)` : 'that player (the one the event is about)';
  }
}

/** A filter in words, singular (`creature card in your graveyard`) or plural. */
export function describeFilter(f: Filter, many = true): string {
  if (f.anyOf?.length) return f.anyOf.map((g) => describeFilter(g, many)).join(' or ');
  const adj = [
    ...(f.other ? ['other'] : []),
    ...(f.tapped === true ? ['tapped'] : f.tapped === false ? ['untapped'] : []),
    ...f.colors,
    ...(f.someColor ? [f.someColor.join(' or ')] : []),
    ...f.notColors.map((c) => `non${c}`),
    ...(f.colorless ? ['colorless'] : []),
    ...(f.multicolored === true ? ['multicolored'] : f.multicolored === false ? ['monocolored'] : []),
    ...f.supertypes.map((s) => s.toLowerCase()),
    ...f.notSupertypes.map((s) => `non${s.toLowerCase()}`),
    ...f.notTypes.map((t) => `non${t.toLowerCase()}`),
    ...f.notSubtypes.map((t) => `non-${t}`),
    ...(f.token === true ? ['token'] : f.token === false ? ['nontoken'] : []),
  ];
  const typeWords = [...f.subtypes, ...f.types.map((t) => t.toLowerCase())];
  // `creature cards`, `red spells`, `Forests`, `permanents`
  const head = f.noun === 'permanent' || f.noun === 'object' ? typeWords.pop() ?? (f.noun === 'object' ? 'object' : 'permanent') : f.noun;
  const noun = many ? plural(head) : head;
  const words = [...adj, ...typeWords, noun].join(' ');
  const who = (p: PlayerRef, verb: string) => (p.kind === 'you' ? ` you ${verb}` : p.kind === 'opponents' ? ` your opponents ${verb}` : ` ${describePlayer(p)} ${verb}s`);
  const tail = [
    f.withKeywords?.length ? ` with ${f.withKeywords.join(' and ')}` : '',
    f.withoutKeywords?.length ? ` without ${f.withoutKeywords.join(' or ')}` : '',
    f.controller ? who(f.controller, 'control') : '',
    f.owner && !(f.zones.length === 1 && f.zones[0] === 'graveyard' && f.owner.kind === 'you') ? who(f.owner, 'own') : '',
    f.chosenSubtype !== undefined ? ` of choice ${f.chosenSubtype + 1}` : '',
    f.notChosenSubtype !== undefined ? ` not of choice ${f.notChosenSubtype + 1}` : '',
    f.chosenColor !== undefined ? ` of the color of choice ${f.chosenColor + 1}` : '',
    f.combat ? ` that ${many ? 'are' : 'is'} ${f.combat}` : '',
    f.withCounter ? ` with ${f.withCounter.counter ? `a ${f.withCounter.counter} counter` : 'a counter'} on ${many ? 'them' : 'it'}` : '',
    ...(f.stats ?? []).map((s) => ` with ${s.stats.map((x) => (x === 'mana-value' ? 'mana value' : x)).join(' or ')} ${describeComparison(s.op, describeExpr(s.value))}`),
    f.shares ? ` that share${many ? '' : 's'} a ${f.shares.quality === 'color' ? 'color' : 'creature type'} with ${describeRef(f.shares.with)}` : '',
    f.name ? ` named ${ch(f.name)}` : '',
    f.attachedTo ? ` attached to a ${describeFilter(f.attachedTo, false)}` : '',
    f.costHas ? ` with ${f.costHas} in ${many ? 'their mana costs' : 'its mana cost'}` : '',
    f.targetsObject ? ` that target${many ? '' : 's'} ${describeRef(f.targetsObject)}` : '',
    f.attachedToObject ? ` attached to ${describeRef(f.attachedToObject)}` : '',
    f.hasAttached ? ` that ${many ? 'are' : 'is'} ${f.hasAttached}` : '',
    f.sameNameAs ? ` with the same name as ${describeRef(f.sameNameAs)}` : '',
  ].join('');
  // `spells` are on the stack by definition (112.1).
  const zone = f.noun === 'spell' && f.zones.length === 1 && f.zones[0] === 'stack' ? '' : f.zones.length === 1 && f.zones[0] === 'graveyard' && f.owner?.kind === 'you' ? ' in your graveyard' : f.zones.length && !(f.zones.length === 1 && f.zones[0] === 'battlefield') ? ` in ${f.zones.length > 3 ? 'any zone but the battlefield' : f.zones.join(' or ')}` : '';
  return `${words}${tail}${zone}`;
}

export function describeExpr(e: Expr): string {
  switch (e.kind) {
    case 'const':
      return String(e.value);
    case 'x':
      return 'X';
    case 'count':
      return `the number of ${e.distinctCardTypes ? 'card types among ' : ''}${describeFilter(e.filter)}${e.plus ? ` plus ${e.plus}` : ''}`;
    case 'stat':
      return `${e.of ? `${describeRef(e.of)}'s` : 'its'} ${e.stat === 'mana-value' ? 'mana value' : e.stat}`;
    case 'times':
      return e.factor === 1 ? describeExpr(e.expr) : e.factor === 2 ? `twice ${describeExpr(e.expr)}` : `${e.factor} × ${describeExpr(e.expr)}`;
    case 'neg':
      return `-${describeExpr(e.expr)}`;
    case 'event-amount':
      return 'that much';
    case 'answer':
      return `${e.what} (answered with \`choosing N\`)`;
    case 'chosen-number':
      return `the number of choice ${e.index + 1}`;
    case 'sum':
      return e.terms.map(describeExpr).join(' + ').replace(/\+ -/g, '- ');
    case 'counters':
      return `the number of ${e.counter ?? ''}${e.counter ? ' ' : ''}counters on ${e.of ? describeRef(e.of) : 'it'}`;
    case 'colors-among':
      return `the number of colors among ${describeFilter(e.filter)}`;
    case 'greatest':
      return `the greatest ${e.stat === 'mana-value' ? 'mana value' : e.stat} among ${describeFilter(e.filter)}`;
    case 'devotion':
      return `${describePlayer(e.player) === 'you' ? 'your' : `${describePlayer(e.player)}'s`} devotion to ${e.colors.join(' and ')} (700.5)`;
    case 'player-stat':
      return `${describePlayer(e.player)}: ${e.stat === 'life' ? 'life total' : `cards in ${e.stat}`}`;
    case 'player-counters':
      return `the number of ${e.counter} counters ${describePlayer(e.player)} ${e.player.kind === 'you' ? 'have' : 'has'}`;
    case 'resolved-value':
      return e.per ? `${describeExpr(e.was)} as it resolved (608.2h)` : `${e.value} (${describeExpr(e.was)} as it resolved, 608.2h)`;
    case 'this-way':
      return e.what === 'damage' ? 'the damage dealt this way (608.2c)' : e.what === 'life-lost' ? 'the life lost this way (608.2c)' : `the number of ${e.filter ? describeFilter(e.filter) : 'cards'} ${e.verb} this way (608.2c)`;
  }
}

const OP_WORDS: Record<CompareOp, string> = { '>=': 'or more', '<=': 'or less', '<': 'less than', '>': 'greater than', '=': 'exactly' };

/** `5 or more`, `less than 7`. */
export function describeComparison(op: CompareOp, value: string): string {
  return op === '>=' || op === '<=' ? `${value} ${OP_WORDS[op]}` : `${OP_WORDS[op]} ${value}`;
}

/** A condition in words, for the hover, the JSON reading and the trace (`as long as …`). */
export function describeCondition(c: Condition): string {
  switch (c.kind) {
    case 'object-is':
      return `${describeRef(c.object)} is ${describeFilter(c.filter, false)}`;
    case 'controls':
      return `${describePlayer(c.player)} control${c.player.kind === 'you' ? '' : 's'} ${describeRef(c.object)}`;
    case 'count-at-least':
      return `there are ${c.atLeast} or more ${describeFilter(c.filter)}`;
    case 'your-turn':
      return "it's your turn";
    case 'on-battlefield':
      return `${describeRef(c.object)} remains on the battlefield`;
    case 'tapped':
      return `${describeRef(c.object)} is tapped`;
    case 'compare':
      return `${describeExpr(c.left)} is ${describeComparison(c.op, describeExpr(c.right))}`;
    case 'player-compare':
      return `${c.each ? 'each of ' : c.player.kind === 'opponents' ? 'one of ' : ''}${describePlayer(c.player)} ${c.player.kind === 'you' ? 'have' : 'has'} ${describeComparison(c.op, String(c.value))} ${c.stat === 'life' ? 'life' : `cards in ${c.stat}`}`;
    case 'status':
      return `${describeRef(c.object)} is ${c.status}`;
    case 'monarch':
      return `${describePlayer(c.player)} ${c.player.kind === 'you' ? 'are' : 'is'} the monarch`;
    case 'in-zone':
      return `${describeRef(c.object)} is in ${c.zone === 'battlefield' ? 'the battlefield' : c.zone === 'exile' ? 'exile' : `its owner's ${c.zone}`}`;
    case 'attached':
      return `${describeRef(c.object)} is attached to a ${describeFilter(c.filter, false)}`;
    case 'has-attached':
      return `${describeRef(c.object)} is ${c.via}`;
    case 'not':
      return `not (${describeCondition(c.condition)})`;
    case 'all':
      return c.conditions.map(describeCondition).join(' and ');
    case 'any':
      return c.conditions.map(describeCondition).join(' or ');
    case 'answer':
      return `${c.question} (answered with \`choosing yes\` / \`choosing no\`)`;
  }
}

export function describeRef(r: ObjectRef): string {
  switch (r.kind) {
    case 'self':
      return 'this object';
    case 'named':
      return r.name;
    case 'attached':
      return `${r.via} ${r.noun}`;
    case 'target':
      // 115.1: the target with every condition the text puts on it.
      return r.noun === 'any target' ? 'any target' : `target ${r.filter && !r.orPlayer ? describeFilter(r.filter, false) : r.noun}${r.unchecked ? ` (${r.unchecked}: not checked)` : ''}`;
    case 'it':
      return 'it';
    case 'chosen':
      return 'the chosen object';
    case 'event-object':
      return 'that object';
  }
}

function abilityName(a: Ability): string {
  return a.kind === 'keyword' ? a.text.toLowerCase() : `"${a.text}"`;
}

/** `+1/+1`, `-2/+0`, `+X/+0`, `+1/+1 for each Forest you control`. */
function describeModifier(power: Expr | undefined, toughness: Expr | undefined): string {
  // `for each …`: both sides count the same things.
  const per = (e: Expr | undefined): { n: number; f: Filter } | undefined =>
    e?.kind === 'count' ? { n: 1, f: e.filter } : e?.kind === 'times' && e.expr.kind === 'count' ? { n: e.factor, f: e.expr.filter } : undefined;
  const p = per(power);
  const t = per(toughness);
  const zero = (e: Expr | undefined) => !e || (e.kind === 'const' && e.value === 0);
  const sign = (n: number) => (n >= 0 ? `+${n}` : String(n));
  const filter = p?.f ?? t?.f;
  if (filter && (p || zero(power)) && (t || zero(toughness)) && (!p || !t || JSON.stringify(p.f) === JSON.stringify(t.f))) {
    return `${sign(p?.n ?? 0)}/${sign(t?.n ?? 0)} for each ${describeFilter(filter, false)}`;
  }
  const side = (e: Expr | undefined) => {
    if (!e) return '+0';
    if (e.kind === 'const') return sign(e.value);
    if (e.kind === 'neg') return `-${describeExpr(e.expr)}`;
    return `+${describeExpr(e)}`;
  };
  return `${side(power)}/${side(toughness)}`;
}

function describeType(p: Extract<Part, { kind: 'type' }>): string {
  const out: string[] = [];
  if (p.setTypes) out.push(`types become ${p.setTypes.join(' ')}`);
  if (p.addTypes) out.push(`adds ${p.addTypes.join(' ')}`);
  if (p.removeTypes) out.push(`removes ${p.removeTypes.join(' ')}`);
  if (p.addSupertypes) out.push(`adds ${p.addSupertypes.join(' ')}`);
  if (p.removeSupertypes) out.push(`removes ${p.removeSupertypes.join(' ')}`);
  if (p.addSubtypes) out.push(`${p.replaceSubtypes ? 'subtypes become' : 'adds'} ${p.addSubtypes.map(ch).join(' ')}`);
  if (p.setLandType) out.push(`land type → ${ch(p.setLandType)} (305.7)`);
  if (p.allCreatureTypes) out.push('every creature type');
  if (p.loseAllCreatureTypes) out.push('loses all creature types');
  return out.join(', ') || 'type change';
}

export function describePart(p: Part): string {
  switch (p.kind) {
    case 'copy':
      return `becomes a copy of ${describeRef(p.of)}${p.except.length ? `, except ${p.except.map(describePart).join(', ')}` : ''} (707.2)`;
    case 'control':
      return `control → ${p.player.kind === 'you' ? "the effect's controller" : describePlayer(p.player)}`;
    case 'text-change':
      return `text: ${p.wordKind === 'color' ? 'color word' : 'basic land type'} ${ch(p.from)} → ${ch(p.to)} (612)`;
    case 'type':
      return describeType(p);
    case 'color': {
      if (p.set && p.set.length === 0) return 'becomes colorless';
      if (p.set && p.set.length === 1 && p.set[0]!.kind === 'fixed' && (p.set[0]!.value as string) === 'all') return 'becomes all colors';
      if (p.set) return `becomes ${p.set.map(ch).join(' and ')}`;
      return `adds ${(p.add ?? []).map(ch).join(' and ')}`;
    }
    case 'abilities': {
      const out: string[] = [];
      if (p.removeAll) out.push('loses all abilities');
      if (p.cantHave) out.push("can't have or gain abilities");
      if (p.remove?.length) out.push(`loses ${p.remove.join(', ')}`);
      if (p.cantGain?.length) out.push(`can't gain ${p.cantGain.join(', ')}`);
      if (p.add?.length) out.push(`gains ${p.add.map(abilityName).join(', ')}`);
      return out.join('; ') || 'abilities';
    }
    case 'pt': {
      if (p.layer === '7c') return describeModifier(p.power, p.toughness);
      const label = p.layer === '7a' ? 'P/T' : 'base P/T';
      if (p.power && p.toughness && JSON.stringify(p.power) === JSON.stringify(p.toughness) && p.power.kind !== 'const' && p.power.kind !== 'x') return `${label} each = ${describeExpr(p.power)}`;
      if (!p.toughness && p.power) return `${p.layer === '7a' ? 'power' : 'base power'} = ${describeExpr(p.power)}`;
      if (!p.power && p.toughness) return `${p.layer === '7a' ? 'toughness' : 'base toughness'} = ${describeExpr(p.toughness)}`;
      return `${label} ${p.power ? describeExpr(p.power) : '—'}/${p.toughness ? describeExpr(p.toughness) : '—'}`;
    }
    case 'switch':
      return 'switches power and toughness';
    case 'player':
      if (p.gains) return `has ${p.gains}`;
      if (p.handSizeSet !== undefined) return `maximum hand size ${p.handSizeSet ?? 'none'}`;
      if (p.handSizeDelta !== undefined) return `maximum hand size ${p.handSizeDelta >= 0 ? '+' : ''}${p.handSizeDelta}`;
      return 'player effect';
    case 'rules':
      return p.description;
  }
}
