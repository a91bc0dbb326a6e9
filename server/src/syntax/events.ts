// Events (spec section 4). One event per line; the options after the
// objects (`under`, `tapped`, `choosing`, …) come in any order, each once.

import type { CountSyntax, Diagnostic, EventSyntax, Located, NameRef, ZoneName } from './ast';
import { checkStrings, Cursor, isNameToken, nameList, nameRef, ParseError, show, type KnownNames } from './cursor';
import { closest, PLAYER_VERBS, STATEMENT_KEYWORDS, STATEMENT_SYNONYMS, ZONES } from './keywords';
import { suggest } from './suggest';
import { isBlankCode, isCloseQuote, isOpenQuote, rangeOn, tokenize, type SourceLine, type Token } from './tokens';

/** Draws and discards are capped like copies: each card drawn is an event for the engine. */
export const MAX_CARDS_PER_EVENT = 1000;

type Option = 'under' | 'tapped' | 'face' | 'attached' | 'choosing' | 'targeting' | 'as' | 'by' | 'from' | 'ability';

/** How an option reads in a message. */
const OPTION_TEXT: Record<Option, string> = {
  under: '`under PLAYER`', tapped: '`tapped`', face: '`face down`', attached: '`attached to X`', choosing: '`choosing …`',
  targeting: '`targeting …`', as: '`as LABEL`', by: '`by PLAYER`', from: '`from X`', ability: '`ability N`',
};

interface Options {
  under?: NameRef;
  tapped: boolean;
  faceDown: boolean;
  attachedTo?: NameRef;
  choices: Located<string>[];
  choiceOrder?: NameRef[];
  targets: NameRef[];
  label?: NameRef;
  by?: NameRef;
  from?: NameRef;
  abilityIndex?: Located<number>;
}

export interface ParsedEvent {
  event: EventSyntax;
  /** The leading keyword, or the player's name for draws and life changes. */
  keyword: Token;
}

type Report = (d: Diagnostic) => void;

// ---------------------------------------------------------------------------
// Pieces

function optionWord(t: Token | undefined, allowed: readonly Option[]): Option | undefined {
  if (!t || t.kind !== 'word' || t.copyIndex !== undefined) return undefined;
  const w = t.text.toLowerCase();
  return (allowed as readonly string[]).includes(w) ? (w as Option) : undefined;
}

function expectedOptions(allowed: readonly Option[]): string {
  return allowed.length ? `expected ${allowed.map((o) => OPTION_TEXT[o]).join(', ')} or the end of the line` : 'expected the end of the line';
}

/** The end of an event with options: anything else is reported with what could come there. */
function failUnexpected(c: Cursor, allowed: readonly Option[], afterName: boolean): never {
  const t = c.peek()!;
  const s = t.kind === 'word' && t.copyIndex === undefined ? suggest(t.text, allowed) : undefined;
  if (s) c.failAt(t, `unexpected ${show(c.source(t))}; did you mean \`${s}\`?`);
  const other = optionWord(t, Object.keys(OPTION_TEXT) as Option[]);
  if (other) c.failAt(t, `${OPTION_TEXT[other]} does not apply here; ${expectedOptions(allowed)}`);
  const comma = afterName && isNameToken(t) ? '; separate names with commas, or ' : '; ';
  c.failAt(t, `unexpected ${show(c.source(t))}${comma}${expectedOptions(allowed)}`);
}

function parseOptions(c: Cursor, allowed: readonly Option[], afterName: boolean): Options {
  const o: Options = { tapped: false, faceDown: false, choices: [], targets: [] };
  const seen = new Set<Option>();
  let lastWasName = afterName;
  while (!c.done) {
    const t = c.peek()!;
    const w = optionWord(t, allowed);
    if (!w) failUnexpected(c, allowed, lastWasName);
    if (seen.has(w)) c.failAt(t, `${OPTION_TEXT[w]} is given twice`);
    seen.add(w);
    c.next();
    // Only a list (the objects, or the targets) can be missing a comma.
    lastWasName = w === 'targeting';
    switch (w) {
      case 'under':
        o.under = nameRef(c, 'a player after `under`');
        break;
      case 'tapped':
        o.tapped = true;
        break;
      case 'face':
        c.expectWord('down', 'after `face` (an object enters `face down`)');
        o.faceDown = true;
        break;
      case 'attached':
        c.expectWord('to', 'after `attached`');
        o.attachedTo = nameRef(c, 'what it enters attached to');
        break;
      case 'targeting':
        o.targets = nameList(c, 'a target after `targeting`');
        break;
      case 'as':
        o.label = nameRef(c, 'a label after `as`');
        break;
      case 'by':
        o.by = nameRef(c, 'a player after `by`');
        break;
      case 'from':
        o.from = nameRef(c, 'an object after `from`');
        break;
      case 'ability': {
        const n = c.peek();
        if (!n || n.kind !== 'word' || !/^\d{1,9}$/.test(n.text) || Number(n.text) < 1) c.fail('expected an ability number (1, 2, …) after `ability`');
        c.next();
        o.abilityIndex = { value: Number(n.text), range: c.range(n) };
        break;
      }
      case 'choosing':
        parseChoices(c, o, allowed);
        break;
    }
  }
  return o;
}

/**
 * `choosing blue, X=3, white->blue`: comma-separated answers, in order.
 * `choosing A then B` orders replacement effects (616.1): its parts are
 * answers too, and also the `choiceOrder`.
 */
function parseChoices(c: Cursor, o: Options, allowed: readonly Option[]): void {
  // The choices run to the next option word (a second `choosing` is then reported as given twice).
  const stop = () => c.done || optionWord(c.peek(), allowed) !== undefined;
  if (stop()) c.fail('expected a choice after `choosing` (a color, a name, X=N, old->new, or A then B)');
  // Items split on commas; each item split on `then`.
  let piece: Token[] = [];
  let item: Token[][] = [];
  let after = 'choosing';
  const order: NameRef[] = [];
  const closePiece = (sep: Token | undefined) => {
    if (!piece.length) {
      if (sep) c.failAt(sep, `expected a choice after \`${after}\``);
      c.fail(`expected a choice after \`${after}\``);
    }
    item.push(piece);
    piece = [];
  };
  const closeItem = () => {
    for (const p of item) {
      const a = p[0]!;
      const b = p[p.length - 1]!;
      const value = p.length === 1 && a.kind === 'string' ? a.text : c.text(a, b);
      o.choices.push({ value, range: c.span(a, b) });
    }
    if (item.length > 1) {
      for (const p of item) {
        const a = p[0]!;
        const b = p[p.length - 1]!;
        if (p.length === 1) {
          const r: NameRef = { text: a.text, quoted: a.kind === 'string', range: c.range(a) };
          if (a.copyIndex !== undefined) r.copyIndex = a.copyIndex;
          order.push(r);
        } else {
          order.push({ text: p.map((t) => t.text).join(' '), quoted: false, range: c.span(a, b) });
        }
      }
    }
    item = [];
  };
  while (!stop()) {
    const t = c.next()!;
    if (t.kind === 'punct' && t.text === ',') {
      closePiece(t);
      closeItem();
      after = ',';
      continue;
    }
    if (t.kind === 'punct') c.failAt(t, `unexpected ${show(t.text)} in the choices; separate choices with commas`);
    if (t.kind === 'word' && t.copyIndex === undefined && t.text.toLowerCase() === 'then') {
      if (!piece.length) c.failAt(t, `expected a choice before \`then\``);
      closePiece(t);
      after = 'then';
      continue;
    }
    piece.push(t);
  }
  closePiece(undefined);
  closeItem();
  if (order.length) o.choiceOrder = order;
}

const NUMBER_WORDS: Readonly<Record<string, number>> = { a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };

/** `a`, `an`, a number, or a small number word. */
function count(c: Cursor, what: string): CountSyntax {
  const t = c.peek();
  if (t && t.kind === 'word' && t.copyIndex === undefined) {
    const w = t.text.toLowerCase();
    if (/^\d{1,9}$/.test(w)) {
      c.next();
      return { value: Number(w), range: c.range(t) };
    }
    if (Object.hasOwn(NUMBER_WORDS, w)) {
      c.next();
      return { value: NUMBER_WORDS[w]!, range: c.range(t) };
    }
  }
  c.fail(`expected ${what} (a, an or a number)`);
}

/** Words before a zone that change nothing: objects always go to their owner's zones. */
const ZONE_FILLERS = new Set(['the', 'its', "owner's", 'owners', 'their', "owners'", 'your']);

/** `graveyard`, `the battlefield`, `its owner's hand`. */
function zone(c: Cursor): Located<ZoneName> {
  const first = c.peek();
  while (c.peek() && c.peek()!.kind === 'word' && ZONE_FILLERS.has(c.peek()!.text.toLowerCase())) c.next();
  const t = c.peek();
  if (!t) c.fail(`expected a zone: ${ZONES.join(', ')}`);
  const w = t.kind === 'word' ? t.text.toLowerCase() : '';
  if ((ZONES as string[]).includes(w) && t.copyIndex === undefined) {
    c.next();
    return { value: w as ZoneName, range: c.span(first!, t) };
  }
  const s = t.kind === 'word' ? suggest(w, ZONES) : undefined;
  c.failAt(t, `unknown zone ${show(c.source(t))}${s ? `; did you mean \`${s}\`?` : `; expected ${ZONES.join(', ')}`}`);
}

/** The counter kind between the count and `counter(s)`: `+1/+1`, `-1/-1`, `flying`, `first strike`. */
function counterKind(c: Cursor, preposition: 'on' | 'from'): Located<string> {
  const toks: Token[] = [];
  while (!c.done && !c.isWord('counter') && !c.isWord('counters')) {
    const t = c.peek()!;
    if (c.isWord(preposition) || t.kind !== 'word' || t.copyIndex !== undefined) {
      if (!toks.length) c.fail('expected a counter kind such as +1/+1, -1/-1 or flying');
      c.fail(`expected \`counter\` or \`counters\` after ${show(c.text(toks[0]!, toks[toks.length - 1]!))}`);
    }
    toks.push(c.next()!);
  }
  if (!toks.length) c.fail('expected a counter kind such as +1/+1, -1/-1 or flying before `counters`');
  if (c.done) c.fail(`expected \`counter\` or \`counters\` after ${show(c.text(toks[0]!, toks[toks.length - 1]!))}`);
  c.next();
  const a = toks[0]!;
  const b = toks[toks.length - 1]!;
  return { value: c.text(a, b), range: c.span(a, b) };
}

function capCards(n: CountSyntax, report: Report): CountSyntax {
  if (n.value <= MAX_CARDS_PER_EVENT) return n;
  report({ range: n.range, severity: 'error', code: 'syntax', message: `at most ${MAX_CARDS_PER_EVENT} cards per event are supported; using ${MAX_CARDS_PER_EVENT}` });
  return { value: MAX_CARDS_PER_EVENT, range: n.range };
}

function choicesOf(o: Options): { choices: Located<string>[]; choiceOrder?: NameRef[] } {
  return { choices: o.choices, ...(o.choiceOrder ? { choiceOrder: o.choiceOrder } : {}) };
}

function resolveOptions(o: Options) {
  return { targets: o.targets, ...choicesOf(o), ...(o.label ? { label: o.label } : {}), ...(o.by ? { by: o.by } : {}) };
}

// ---------------------------------------------------------------------------
// Statements

/** Is this line `PLAYER draws …`, `PLAYER gains …`? (The first word is not a statement keyword and the second is a player verb.) */
export function isPlayerEvent(toks: readonly Token[]): boolean {
  const first = toks[0];
  const verb = toks[1];
  if (!isNameToken(first) || !verb || verb.kind !== 'word') return false;
  if (first.kind === 'word' && (STATEMENT_KEYWORDS as readonly string[]).includes(first.text.toLowerCase())) return false;
  return Object.hasOwn(PLAYER_VERBS, verb.text.toLowerCase());
}

/** Every event but `resolve` (see parseResolve); `c` is at the first token. */
export function parseEvent(c: Cursor, report: Report): ParsedEvent {
  const first = c.peek()!;
  if (isPlayerEvent(c.toks)) {
    const player = nameRef(c, 'a player');
    const verb = c.next()!;
    const kind = PLAYER_VERBS[verb.text.toLowerCase()]!;
    const cards = kind === 'draw' || kind === 'discard';
    const n = count(c, cards ? 'how many cards' : 'how much life');
    if (cards) {
      if (!c.eat('card') && !c.eat('cards')) c.fail(`expected \`cards\` after \`${verb.text} ${c.source(c.toks[c.i - 1]!)}\``);
    } else if (!c.eat('life')) c.fail(`expected \`life\` after \`${verb.text} ${c.source(c.toks[c.i - 1]!)}\``);
    const o = parseOptions(c, ['choosing'], false);
    c.end('after the event');
    // Reported only once the line is otherwise right: one line, one error.
    return { keyword: first, event: { kind, player, count: cards ? capCards(n, report) : n, ...choicesOf(o) } };
  }
  const kw = first.kind === 'word' && first.copyIndex === undefined ? first.text.toLowerCase() : '';
  const keyword = first;
  switch (kw) {
    case 'enter': {
      c.next();
      const objects = nameList(c, 'an object to enter');
      const o = parseOptions(c, ['under', 'tapped', 'face', 'attached', 'choosing'], true);
      return {
        keyword,
        event: { kind: 'enter', objects, ...(o.under ? { under: o.under } : {}), tapped: o.tapped, faceDown: o.faceDown, ...(o.attachedTo ? { attachedTo: o.attachedTo } : {}), ...choicesOf(o) },
      };
    }
    case 'cast': {
      c.next();
      const object = nameRef(c, 'the spell to cast');
      const o = parseOptions(c, ['targeting', 'choosing', 'as', 'by'], false);
      return { keyword, event: { kind: 'cast', object, ...resolveOptions(o) } };
    }
    case 'activate': {
      c.next();
      const object = nameRef(c, 'the object whose ability is activated');
      const o = parseOptions(c, ['ability', 'targeting', 'choosing', 'as', 'by'], false);
      return { keyword, event: { kind: 'activate', object, ...(o.abilityIndex ? { abilityIndex: o.abilityIndex } : {}), ...resolveOptions(o) } };
    }
    case 'attach': {
      c.next();
      const object = nameRef(c, 'the object to attach');
      c.expectWord('to', 'after `attach X`');
      const to = nameRef(c, 'what it is attached to');
      c.end('after `attach X to Y`');
      return { keyword, event: { kind: 'attach', object, to } };
    }
    case 'put':
    case 'remove': {
      c.next();
      const preposition = kw === 'put' ? 'on' : 'from';
      const n = count(c, 'how many counters');
      const counter = counterKind(c, preposition);
      c.expectWord(preposition, `after ${show(`${kw} ${c.line.raw.slice(n.range.start.character, c.toks[c.i - 1]!.end)}`)}`);
      const object = nameRef(c, 'an object');
      if (kw === 'remove') {
        c.end(`after \`${kw} … counters ${preposition} X\``);
        return { keyword, event: { kind: 'remove-counters', count: n, counter, object } };
      }
      // `choosing A then B`: the order of counter replacements (616.1).
      const o = parseOptions(c, ['choosing'], true);
      return { keyword, event: { kind: 'put-counters', count: n, counter, object, ...choicesOf(o) } };
    }
    case 'move': {
      c.next();
      const objects = nameList(c, 'an object to move');
      c.expectWord('to', 'after `move X`');
      const z = zone(c);
      const o = parseOptions(c, ['choosing'], false);
      return { keyword, event: { kind: 'move', objects, zone: z, ...choicesOf(o) } };
    }
    case 'destroy':
    case 'sacrifice':
    case 'exile': {
      c.next();
      const objects = nameList(c, `an object to ${kw}`);
      const o = parseOptions(c, ['choosing'], true);
      return { keyword, event: { kind: kw, objects, ...choicesOf(o) } };
    }
    case 'tap':
    case 'untap': {
      c.next();
      const objects = nameList(c, `an object to ${kw}`);
      parseOptions(c, [], true);
      return { keyword, event: { kind: kw, objects } };
    }
    case 'turn': {
      c.next();
      const object = nameRef(c, 'an object to turn face up or down');
      const f = c.peek();
      if (f && f.kind === 'word' && (f.text.toLowerCase() === 'face-up' || f.text.toLowerCase() === 'face-down')) {
        c.next();
        c.end('after `turn X face up`');
        return { keyword, event: { kind: 'turn-face', object, up: f.text.toLowerCase() === 'face-up' } };
      }
      c.expectWord('face', 'after `turn X` (`turn X face up` or `turn X face down`)');
      const t = c.peek();
      if (!t || t.kind !== 'word' || (t.text.toLowerCase() !== 'up' && t.text.toLowerCase() !== 'down')) c.fail('expected `up` or `down` after `face`');
      c.next();
      c.end(`after \`turn X face ${t.text.toLowerCase()}\``);
      return { keyword, event: { kind: 'turn-face', object, up: t.text.toLowerCase() === 'up' } };
    }
    case 'end': {
      c.next();
      if (c.isWord('turn') && c.toks.length === c.i + 1) {
        c.next();
        return { keyword, event: { kind: 'end-turn' } };
      }
      if (c.done) c.fail('expected a label (from `as LABEL`) or `turn` after `end`');
      const label = nameRef(c, 'a label (from `as LABEL`) or `turn` after `end`');
      c.end('after `end LABEL`');
      return { keyword, event: { kind: 'end', label } };
    }
    default:
      return unknownStatement(c);
  }
}

/** An unknown first word: did-you-mean among the statement keywords, or a misspelt player verb. */
function unknownStatement(c: Cursor): never {
  const first = c.peek()!;
  const verb = c.peek(1);
  const word = first.kind === 'word' ? first.text : '';
  const s = word ? closest(word, STATEMENT_KEYWORDS, STATEMENT_SYNONYMS) : undefined;
  if (!s && isNameToken(first) && verb && verb.kind === 'word') {
    const v = suggest(verb.text, Object.keys(PLAYER_VERBS).filter((k) => k.endsWith('s')));
    if (v) c.failAt(verb, `unknown player action ${show(verb.text)}; did you mean \`${v}\`? (\`PLAYER draws N cards\`, \`gains N life\`, \`loses N life\`, \`discards N cards\`)`);
  }
  if (first.kind === 'punct') c.failAt(first, `unexpected ${show(first.text)} at the start of a statement; expected a declaration, an event or \`expect\``);
  c.failAt(first, `unknown statement ${show(c.source(first))}${s ? `; did you mean \`${s}\`?` : '; expected a declaration (card, token, players, scenario), an event (enter, cast, move, …), `PLAYER draws N cards` or `expect`'}`);
}

// ---------------------------------------------------------------------------
// resolve "EFFECT TEXT" [from X] [by PLAYER] [targeting …] [choosing …] [as LABEL]

const RESOLVE_OPTIONS: readonly Option[] = ['from', 'by', 'targeting', 'choosing', 'as'];

/**
 * The effect text may itself hold quotes (`has "Flying."`), so its closing
 * quote is the first one followed by the end of the line or by an option
 * word; failing that, the last quote on the line.
 */
function closingQuote(raw: string, open: number, end: number): number | undefined {
  let last: number | undefined;
  for (let j = open + 1; j < end; j++) {
    if (!isCloseQuote(raw.charCodeAt(j))) continue;
    last = j;
    let k = j + 1;
    if (k >= end) return j;
    if (!isBlankCode(raw.charCodeAt(k))) continue;
    while (k < end && isBlankCode(raw.charCodeAt(k))) k++;
    let m = k;
    while (m < end && m - k <= 10 && !isBlankCode(raw.charCodeAt(m))) m++;
    const word = raw.slice(k, m).toLowerCase();
    if ((RESOLVE_OPTIONS as readonly string[]).includes(word)) return j;
  }
  return last;
}

/** `resolve` has its own tokenizing: the quoted effect text first, then the options. */
export function parseResolve(sl: SourceLine, keyword: Token, known: KnownNames): ParsedEvent {
  const raw = sl.raw;
  const end = sl.contentEnd;
  let i = keyword.end;
  while (i < end && isBlankCode(raw.charCodeAt(i))) i++;
  const expectText = 'expected the effect text in double quotes: resolve "…"';
  if (i >= end) throw new ParseError(end, end, expectText);
  if (!isOpenQuote(raw.charCodeAt(i))) {
    let j = i;
    while (j < end && !isBlankCode(raw.charCodeAt(j))) j++;
    throw new ParseError(i, j, `${expectText}, found ${show(raw.slice(i, j))}`);
  }
  const close = closingQuote(raw, i, end);
  if (close === undefined) throw new ParseError(i, end, 'unterminated string: expected a closing `"`');
  const value = raw.slice(i + 1, close);
  if (!value.trim()) throw new ParseError(i, close + 1, 'expected effect text inside the quotes');
  const toks = tokenize(raw, close + 1, end);
  checkStrings(toks);
  const c: Cursor = new Cursor(toks, sl, known);
  const o = parseOptions(c, RESOLVE_OPTIONS, false);
  return {
    keyword,
    event: { kind: 'resolve', text: { value, range: rangeOn(sl.line, i + 1, close) }, ...(o.from ? { from: o.from } : {}), ...resolveOptions(o) },
  };
}
