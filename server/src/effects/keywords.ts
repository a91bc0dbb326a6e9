// Keyword abilities (702): `Flying, haste`, `Protection from red`,
// `Enchant creature`, `Equip {1}`, landwalk, `Morph {2}{B}{B}`,
// `Cumulative upkeep—Pay 1 life`. The list of names and how each one's
// parameter is written is in rules/vocabulary.ts.

import { KEYWORDS, LANDWALK, TYPECYCLING, colorWord } from '../rules/vocabulary';
import type { Ability, Chosen, Filter, ReplacementSpec } from './ir';
import { emptyFilter, parseNounPhrase, parseSelector, type ReadState } from './selector';
import type { Words } from './words';

type Keyword = Extract<Ability, { kind: 'keyword' }>;

const MULTI = Object.keys(KEYWORDS)
  .filter((k) => k.includes(' '))
  .map((k) => k.split(' '))
  .sort((a, b) => b.length - a.length);

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Is this word the start of a keyword (for messages and for telling a keyword line from a sentence)? */
export function startsKeyword(c: Words): boolean {
  const x = c.peek();
  if (!x || x.kind !== 'word') return false;
  return !!KEYWORDS[x.w] || LANDWALK.test(x.w) || TYPECYCLING.test(x.w) || MULTI.some((m) => c.is(...m)) || c.is('basic', 'landcycling');
}

/**
 * After `protection`/`hexproof`: `from red`, `from red and from white`,
 * `from everything`, `from creatures`, `from the color of your choice`.
 */
function fromQuality(c: Words, st: ReadState, keyword: string): { parameter: string; chosen?: Chosen<string> } | undefined {
  if (!c.eat('from')) return undefined;
  const ps = c.save();
  if (c.opt('the', 'color', 'of', 'your', 'choice') || c.opt('the', 'chosen', 'color')) return { parameter: '{choice:color}', chosen: { kind: 'choice', index: 0 } };
  if (c.opt('everything')) return { parameter: 'everything' };
  // `protection from the chosen name` (a name chosen as the permanent entered), `from the chosen player`.
  if (c.opt('the', 'chosen', 'name')) return { parameter: '{choice:name}', chosen: { kind: 'choice', index: 0 } };
  if (c.opt('the', 'chosen', 'player')) return { parameter: '{choice:player}', chosen: { kind: 'choice', index: 0 } };
  const qualities: string[] = [];
  for (;;) {
    const x = c.peek();
    if (x && (colorWord(x.w) || x.w === 'multicolored' || x.w === 'monocolored' || x.w === 'colorless')) {
      c.next();
      qualities.push(x.w);
    } else {
      const q = c.save();
      if (!parseNounPhrase(c, st)) {
        c.expect(`a quality after \`${keyword} from\` (a color, \`everything\`, a card type)`);
        c.restore(ps);
        return undefined;
      }
      qualities.push(c.slice(q, c.i).toLowerCase());
    }
    // `from red and from blue`, `from Humans and from Zombies`
    if (c.is('and', 'from') || c.is(',', 'from')) {
      c.i += 2;
      continue;
    }
    break;
  }
  return { parameter: qualities.join(' and from ') };
}

/** 702.29e typecycling (`Islandcycling`, `Basic landcycling`): the keyword name, cursor after it. */
function typecycling(c: Words): string | undefined {
  if (c.opt('basic', 'landcycling')) return 'basic landcycling';
  const x = c.peek();
  if (!x || x.kind !== 'word' || !TYPECYCLING.test(x.w) || KEYWORDS[x.w]) return undefined;
  c.next();
  return x.w;
}

/**
 * The words of a keyword whose parameter is a phrase: 702.41 `Affinity for
 * artifacts`, 702.72 `Champion a Faerie` (a selector); 702.174 `Gift a Food`,
 * `Gift a tapped Fish`, `Gift an extra turn` (what the chosen opponent gets).
 */
function keywordWords(c: Words, st: ReadState, name: string): string | undefined {
  const from = c.save();
  if (name === 'gift') {
    if (!c.eat('a|an')) return undefined;
    const start = c.save();
    while (c.peek()?.kind === 'word' && c.i - start < 3) c.next();
    if (c.i === start || !(c.done || c.is(',') || c.is(';') || c.is('.'))) {
      c.expect('what the gift is (`a Food`, `a card`, `a tapped Fish`, `an extra turn`)');
      return undefined;
    }
    return c.slice(from, c.i);
  }
  if (name === 'champion') c.opt('a') || c.opt('an');
  if (!parseSelector(c, st)) {
    c.expect(`what \`${name}\` names (\`artifacts\`, \`a Faerie\`, \`a creature\`)`);
    return undefined;
  }
  return c.slice(from, c.i);
}

/** One keyword ability at the cursor, with its parameter; undefined (cursor unchanged) if none. */
export function parseKeyword(c: Words, st: ReadState): Keyword | undefined {
  const at = c.save();
  const first = c.peek();
  if (!first || first.kind !== 'word') return undefined;
  // 702.14: landwalk, `nonbasic landwalk`
  if (LANDWALK.test(first.w)) {
    c.next();
    return { kind: 'keyword', text: cap(first.raw), keyword: first.w, span: c.span(at, c.i) };
  }
  if (c.opt('nonbasic', 'landwalk')) return { kind: 'keyword', text: 'Nonbasic landwalk', keyword: 'nonbasic landwalk', span: c.span(at, c.i) };
  const cycling = typecycling(c);
  if (cycling) {
    const cost = c.peek();
    if (!cost || cost.kind !== 'mana') {
      c.expect(`a mana cost after \`${cycling}\``);
      c.restore(at);
      return undefined;
    }
    c.next();
    return { kind: 'keyword', text: cap(c.slice(at, c.i)), keyword: cycling, parameter: cost.raw, span: c.span(at, c.i) };
  }
  let name: string | undefined;
  for (const m of MULTI) {
    if (c.opt(...m)) {
      name = m.join(' ');
      break;
    }
  }
  if (!name) {
    if (!KEYWORDS[first.w]) return undefined;
    name = first.w;
    c.next();
  }
  const shape = KEYWORDS[name]!;
  let parameter: string | undefined;
  let parameterChosen: Chosen<string> | undefined;
  let enchantFilter: Filter | undefined;
  if (shape === 'from' || (name === 'hexproof' && c.is('from'))) {
    // 702.16 protection; 702.11d `hexproof from …`
    const q = fromQuality(c, st, name);
    if (!q) {
      c.restore(at);
      return undefined;
    }
    parameter = q.parameter;
    parameterChosen = q.chosen;
  } else if (shape === 'object') {
    // `Enchant creature`, `Enchant creature you control`, `Enchant artifact or creature`, `Enchant player`
    const ps = c.save();
    const f = c.opt('player') || c.opt('opponent') ? emptyFilter() : parseSelector(c, st);
    if (!f) {
      c.expect('what it can enchant (creature, permanent, land, …)');
      c.restore(at);
      return undefined;
    }
    parameter = c.slice(ps, c.i);
    enchantFilter = f;
  } else if (shape === 'cost') {
    const x = c.peek();
    if (x && (x.kind === 'mana' || x.kind === 'number')) {
      c.next();
      parameter = x.raw;
    } else if (x && x.w === '—' && c.peek(1)) {
      // `Cumulative upkeep—Pay 1 life.`, `Ward—Discard a card.`: the rest of the line is the cost.
      c.next();
      const from = c.save();
      while (!c.done && !(c.is('.') && c.i === c.ws.length - 1)) c.next();
      parameter = c.slice(from, c.i);
    }
  } else if (shape === 'number') {
    const x = c.peek();
    if (x && (x.kind === 'number' || x.w === 'x')) {
      c.next();
      parameter = x.raw;
    }
  } else if (shape === 'quality-cost') {
    // 702.6 `Equip Knight {1}`, 702.47 `Splice onto Arcane {1}{R}`: the quality (a selector) before the cost.
    const q = c.save();
    if (c.peek() && c.peek()!.kind !== 'mana' && !parseSelector(c, st)) {
      c.expect(`what \`${name}\` applies to (\`Knight\`, \`legendary creature\`, \`Arcane\`) or its cost`);
      c.restore(at);
      return undefined;
    }
    const quality = c.slice(q, c.i);
    const x = c.peek();
    if (x && (x.kind === 'mana' || x.kind === 'number')) {
      c.next();
      parameter = c.i - 1 > q ? `${quality} ${x.raw}` : x.raw;
    } else if (c.i > q) {
      c.expect(`the cost of \`${name}\``);
      c.restore(at);
      return undefined;
    }
  } else if (shape === 'words') {
    const w = keywordWords(c, st, name);
    if (w === undefined) {
      c.restore(at);
      return undefined;
    }
    parameter = w;
  } else if (shape === 'number-cost') {
    const x = c.peek();
    if (x && /^\d+$/.test(x.w)) {
      c.next();
      parameter = x.raw;
      if (c.opt('—')) {
        const m = c.peek();
        if (m && m.kind === 'mana') {
          c.next();
          parameter += `—${m.raw}`;
        }
      } else if (c.peek()?.kind === 'mana') parameter += ` ${c.next()!.raw}`;
    }
  }
  const span = c.span(at, c.i);
  const text = cap(c.slice(at, c.i));
  return {
    kind: 'keyword',
    text,
    keyword: name,
    ...(parameter !== undefined ? { parameter } : {}),
    ...(parameterChosen ? { parameterChosen } : {}),
    ...(enchantFilter ? { enchantFilter } : {}),
    span,
  };
}

/** A whole line that is a keyword list (`Flying, haste`, `Trample, indestructible`), or undefined (cursor restored, wish noted). */
export function parseKeywordLine(c: Words, st: ReadState): Ability[] | undefined {
  const at = c.save();
  const out: Ability[] = [];
  for (;;) {
    const k = parseKeyword(c, st);
    if (!k) {
      if (out.length) c.expect('another keyword after the comma');
      c.restore(at);
      return undefined;
    }
    out.push(k);
    if (c.done || (c.is('.') && c.i === c.ws.length - 1)) {
      c.opt('.');
      return out;
    }
    if (!c.opt(',') && !c.opt(';')) {
      c.expect('`,` and another keyword, or the end of the line');
      c.restore(at);
      return undefined;
    }
  }
}

// ---------------------------------------------------------------------------
// What keywords do

const self = { kind: 'object', ref: { kind: 'self' } } as const;
const counters = (counter: string, n: number): ReplacementSpec => ({ kind: 'enters-with-counters', affected: self, counter, amount: { kind: 'const', value: n } });

/**
 * The replacement effects a keyword means as its permanent enters (614.1c):
 * 702.82 Devour N, 702.43 Modular N and 702.58 Graft N (N +1/+1 counters),
 * 702.32 Fading N (fade counters), 702.63 Vanishing N (time counters),
 * 702.54 Bloodthirst N (if an opponent was dealt damage this turn: answered
 * with `choosing yes|no`). Their triggered parts are not fired in a scenario.
 */
export function keywordReplacements(k: Keyword): ReplacementSpec[] {
  const n = k.parameter !== undefined && /^\d+$/.test(k.parameter) ? Number(k.parameter) : undefined;
  if (n === undefined) return [];
  switch (k.keyword) {
    case 'devour':
      return [{ kind: 'devour', per: n, filter: { ...emptyFilter(), types: ['Creature'], controller: { kind: 'you' } } }];
    case 'modular':
    case 'graft':
      return [counters('+1/+1', n)];
    case 'fading':
      return [counters('fade', n)];
    case 'vanishing':
      return [counters('time', n)];
    case 'bloodthirst':
      return [{ ...counters('+1/+1', n), condition: { kind: 'answer', question: 'an opponent was dealt damage this turn' } }];
    default:
      return [];
  }
}

/** What a keyword does, in a few words, for the reading of a keyword that is a triggered or activated ability (or a rule). */
const MEANINGS: Record<string, string> = {
  bushido: 'whenever it blocks or becomes blocked, it gets +N/+N until end of turn (702.45; a triggered ability, fired only when its effect is resolved)',
  exalted: 'whenever a creature you control attacks alone, that creature gets +1/+1 until end of turn (702.83; a triggered ability)',
  prowess: 'whenever you cast a noncreature spell, it gets +1/+1 until end of turn (702.108; a triggered ability)',
  cascade: 'when you cast it, exile cards from the top of your library until a cheaper nonland card, which you may cast (702.85; libraries are not modelled)',
  soulshift: 'when it dies, you may return a Spirit card with mana value N or less from your graveyard to your hand (702.46; a triggered ability)',
  devour: 'as it enters, sacrifice the creatures named with `choosing`; it enters with N +1/+1 counters for each (702.82)',
  modular: 'enters with N +1/+1 counters; when it dies, they may move to an artifact creature (702.43)',
  graft: 'enters with N +1/+1 counters; one may move to another creature as it enters (702.58)',
  fading: 'enters with N fade counters (702.32)',
  vanishing: 'enters with N time counters (702.63)',
  bloodthirst: 'enters with N +1/+1 counters if an opponent was dealt damage this turn (`choosing yes|no`) (702.54)',
  'cumulative upkeep': 'at the beginning of your upkeep, put an age counter on it, then pay the cost for each age counter or sacrifice it (702.24; a triggered ability)',
  unearth: 'return it from your graveyard to the battlefield with haste; exile it at the next end step or if it would leave (702.84; an activated ability from the graveyard)',
  'splice onto': 'reveal it as you cast a spell of that subtype to add its text to that spell (702.47)',
  'affinity for': 'costs {1} less to cast for each of those permanents you control (702.41)',
  champion: 'when it enters, sacrifice it unless you exile another permanent of that kind; it returns when this leaves (702.72)',
  reinforce: 'discard it to put N +1/+1 counters on target creature (702.77; an activated ability from the hand)',
  gift: 'as you cast it, you may promise an opponent the gift (702.174)',
  ward: 'whenever it becomes the target of a spell or ability an opponent controls, counter it unless that player pays the cost (702.21)',
  equip: 'attach to target creature you control; sorcery speed (702.6; use `attach`)',
  'basic landcycling': 'discard it and pay the cost: search for a basic land card (702.29; libraries are not modelled)',
};

/** The meaning of a keyword for the reading, or undefined. */
export function keywordMeaning(keyword: string): string | undefined {
  if (MEANINGS[keyword]) return MEANINGS[keyword];
  if (TYPECYCLING.test(keyword)) return `discard it and pay the cost: search for a ${keyword.replace(/cycling$/, '')} card (702.29; libraries are not modelled)`;
  return undefined;
}
