// Short human words for effect parts, for the trace and the hover.

import type { Ability, Chosen, Expr, Filter, ObjectRef, Part } from './ir';

const ch = (c: Chosen<string>) => (c.kind === 'fixed' ? c.value : `choice ${c.index + 1}`);

export function describeExpr(e: Expr): string {
  switch (e.kind) {
    case 'const':
      return String(e.value);
    case 'x':
      return 'X';
    case 'count':
      return `the number of ${describeFilter(e.filter)}`;
    case 'stat':
      return `${e.of ? describeRef(e.of) + "'s" : 'its'} ${e.stat === 'mana-value' ? 'mana value' : e.stat}`;
    case 'times':
      return e.factor === 1 ? describeExpr(e.expr) : `${e.factor} × ${describeExpr(e.expr)}`;
    case 'neg':
      return `-${describeExpr(e.expr)}`;
    case 'event-amount':
      return 'that much';
  }
}

const signed = (e: Expr | undefined) => {
  if (!e) return '+0';
  const s = describeExpr(e);
  return e.kind === 'const' && e.value >= 0 ? `+${s}` : e.kind === 'const' ? s : `+${s}`;
};

export function describeFilter(f: Filter): string {
  if (f.anyOf?.length) return f.anyOf.map(describeFilter).join(' or ');
  const adj = [
    ...(f.other ? ['other'] : []),
    ...f.colors,
    ...f.notColors.map((c) => `non${c}`),
    ...f.supertypes.map((s) => s.toLowerCase()),
    ...f.notSupertypes.map((s) => `non${s.toLowerCase()}`),
    ...f.notTypes.map((t) => `non${t.toLowerCase()}`),
    ...f.notSubtypes.map((t) => `non-${t}`),
    ...(f.token === true ? ['token'] : f.token === false ? ['nontoken'] : []),
  ];
  const noun = [...f.types.map((t) => t.toLowerCase()), ...f.subtypes].join(' ') || (f.noun === 'object' ? 'object' : f.noun);
  const tail = f.controller ? (f.controller.kind === 'you' ? ' you control' : f.controller.kind === 'opponents' ? ' your opponents control' : '') : '';
  const zone = f.zones.length && !(f.zones.length === 1 && f.zones[0] === 'battlefield') ? ` in ${f.zones.join('/')}` : '';
  return `${[...adj, noun].join(' ')}s${tail}${zone}`;
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
      return `target ${r.noun}`;
    case 'it':
      return 'it';
    case 'chosen':
      return `the chosen object`;
    case 'event-object':
      return 'that object';
  }
}

function abilityName(a: Ability): string {
  return a.kind === 'keyword' ? a.text.toLowerCase() : `"${a.text}"`;
}

export function describePart(p: Part): string {
  switch (p.kind) {
    case 'copy':
      return `becomes a copy of ${describeRef(p.of)}${p.except.length ? ` except ${p.except.map(describePart).join(', ')}` : ''} (707.2)`;
    case 'control':
      return `control → ${p.player.kind === 'you' ? "the effect's controller" : p.player.kind}`;
    case 'text-change':
      return `text: ${p.wordKind === 'color' ? 'color word' : 'basic land type'} ${ch(p.from)} → ${ch(p.to)} (612)`;
    case 'type': {
      const out: string[] = [];
      if (p.setTypes) out.push(`types become ${p.setTypes.join(' ')}`);
      if (p.addTypes) out.push(`adds ${p.addTypes.join(' ')}`);
      if (p.removeTypes) out.push(`removes ${p.removeTypes.join(' ')}`);
      if (p.addSupertypes) out.push(`adds ${p.addSupertypes.join(' ')}`);
      if (p.addSubtypes) out.push(`${p.replaceSubtypes ? 'subtypes become' : 'adds'} ${p.addSubtypes.map(ch).join(' ')}`);
      if (p.setLandType) out.push(`land type → ${ch(p.setLandType)} (305.7)`);
      if (p.allCreatureTypes) out.push('every creature type');
      if (p.loseAllCreatureTypes) out.push('loses all creature types');
      return out.join(', ') || 'type change';
    }
    case 'color': {
      if (p.set && p.set.length === 0) return 'becomes colorless';
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
    case 'pt':
      if (p.layer === '7c') return `${signed(p.power)}/${signed(p.toughness)}`;
      if (p.power && p.toughness && JSON.stringify(p.power) === JSON.stringify(p.toughness) && p.power.kind !== 'const')
        return `${p.layer === '7a' ? 'P/T' : 'base P/T'} each = ${describeExpr(p.power)}`;
      return `${p.layer === '7a' ? 'P/T' : 'base P/T'} ${p.power ? describeExpr(p.power) : '—'}/${p.toughness ? describeExpr(p.toughness) : '—'}`;
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
