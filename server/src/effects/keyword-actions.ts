// Keyword actions (701) in the families of tokens, counters and damage:
// `investigate` (701.16a: create a Clue token), `adapt N` (701.46a),
// `bolster N` (701.39a), `proliferate` (701.27a), `populate` (701.36a),
// `A fights B` (701.14a), `attach A to B` (701.3a) and `exchange control of …` (701.12a).

import type { Action, Selector } from './ir';
import { parseAmount } from './count';
import { objectsOf } from './actions';
import { emptyFilter, type ReadState } from './selector';
import { PREDEFINED_TOKENS } from './tokens';
import type { Words } from './words';

/** `investigate`, `adapt 3`, `bolster 2`, `proliferate`, `populate`, `attach ~ to it`; undefined (cursor unchanged) otherwise. */
export function parseKeywordAction(c: Words, st: ReadState): Action | undefined {
  const at = c.save();
  const span = () => c.span(at, c.i);
  if (c.opt('investigate')) {
    const clue = PREDEFINED_TOKENS.clue!;
    return { kind: 'create-token', token: { name: 'Clue', predefined: 'Clue', colors: [], supertypes: [], types: [...clue.types], subtypes: ['Clue'], abilities: [...clue.abilities] }, amount: { kind: 'const', value: 1 }, player: { kind: 'you' }, span: span() };
  }
  if (c.opt('proliferate')) return { kind: 'proliferate', span: span() };
  // 701.47a: `amass Zombies 2` (older wording: `amass 2`, a Zombie Army).
  if (c.opt('amass')) {
    const x = c.peek();
    const sub = x && x.kind === 'word' && /^[A-Z]/.test(x.raw) ? (c.next(), x.raw.replace(/s$/, '')) : 'Zombie';
    const amount = parseAmount(c);
    if (amount) return { kind: 'amass', subtype: sub, amount, span: span() };
    c.expect('a number after `amass`');
    c.restore(at);
    return undefined;
  }
  // 701.41a: `Support N`: a +1/+1 counter on each of up to N other target creatures.
  if (c.opt('support')) {
    const x = c.peek();
    const n = x && x.kind === 'number' ? Number(x.w) : undefined;
    if (n) {
      c.next();
      const ref = { kind: 'target' as const, index: st.targets, noun: 'other creature', count: n, upTo: true, filter: { ...emptyFilter(), types: ['Creature'], other: true } };
      st.targets += n;
      return { kind: 'counters', object: { kind: 'object', ref }, counter: '+1/+1', amount: { kind: 'const', value: 1 }, span: span() };
    }
    c.expect('a number after `support`');
    c.restore(at);
    return undefined;
  }
  // 701.37a: `Monstrosity 3`, `monstrosity X`.
  if (c.opt('monstrosity')) {
    const amount = parseAmount(c);
    if (amount) return { kind: 'monstrosity', amount, span: span() };
    c.expect('a number after `monstrosity`');
    c.restore(at);
    return undefined;
  }
  if (c.opt('populate')) return { kind: 'populate', span: span() };
  for (const verb of ['adapt', 'bolster'] as const) {
    if (!c.opt(verb)) continue;
    const amount = parseAmount(c);
    if (!amount) {
      c.expect(`a number after \`${verb}\``);
      c.restore(at);
      return undefined;
    }
    // 701.46a: adapting puts the counters on this permanent only if it has none.
    if (verb === 'adapt') return { kind: 'counters', object: { kind: 'object', ref: { kind: 'self' } }, counter: '+1/+1', amount, ifNone: true, span: span() };
    return { kind: 'bolster', amount, span: span() };
  }
  // 701.12a: `exchange control of two target permanents`
  if (c.opt('exchange', 'control', 'of')) {
    let objects = objectsOf(c, st);
    // `that share a card type`: a condition on the targets, kept in their description.
    const shareAt = c.save();
    if (objects && c.oneOf(['that', 'share', 'a', 'card', 'type'], ['that', 'share', 'a', 'permanent', 'type'])) {
      if (objects.kind === 'object' && objects.ref.kind === 'target') objects = { kind: 'object', ref: { ...objects.ref, noun: `${objects.ref.noun} ${c.slice(shareAt, c.i)}` } };
    }
    if (objects) return { kind: 'exchange-control', objects, span: span() };
    c.restore(at);
    return undefined;
  }
  if (c.opt('attach')) {
    const object = objectsOf(c, st);
    const to = object && c.eat('to') ? objectsOf(c, st) : undefined;
    if (object && to) return { kind: 'attach', object, to, span: span() };
    c.restore(at);
    return undefined;
  }
  return undefined;
}

/** After the subject `A`: `fights B` / `fight B`. */
export function parseFight(c: Words, st: ReadState, object: Selector, start: number): Action | undefined {
  const at = c.save();
  if (!c.opt('fights') && !c.opt('fight')) return undefined;
  const other = objectsOf(c, st);
  if (!other || other.kind === 'player') {
    c.restore(at);
    return undefined;
  }
  return { kind: 'fight', object, other, span: c.span(start, c.i) };
}

