// Every place a name is written, resolved to what it names: declared objects
// (by their name or alias), players, and effect labels (`as LABEL` / `end
// LABEL`). Definition, references, rename, hover and semantic tokens all read
// this one index, so they agree on what a word means.

import type { LayersFile, Located, NameRef, Range, Statement } from '../syntax/ast';
import { cardTypeOf, colorWord, keywordShape, subtypeOf } from '../rules/vocabulary';
import { linesOf, range } from './positions';
import { append } from '../util/arrays';

export type NameKind = 'object' | 'player' | 'label';

export interface NameOccurrence {
  kind: NameKind;
  /** What it names: `object:N` (index into file.objects), `player:alice`, `label:pump`. */
  key: string;
  /** The name as written, without quotes or `#k`. */
  text: string;
  /** The reference as written (quotes and `#k` included). */
  range: Range;
  /** The name alone: what rename replaces, so quotes and `#k` suffixes stay. */
  nameRange: Range;
  /** `declaration`: card header name or alias, players line, `as LABEL`. `text`: the name written inside effect text. */
  role: 'declaration' | 'use' | 'text';
  /** For objects: written as the declared name (`name`) or as its alias (`alias`). */
  form?: 'name' | 'alias';
  copyIndex?: number;
  quoted: boolean;
}

/** Players when the file declares none (the engine's default, spec section 2). */
export const DEFAULT_PLAYERS = ['Alice', 'Bob'];

/** The name inside a reference: after an opening quote, as long as the name. */
function innerRange(r: Range, text: string, quoted: boolean): Range {
  const start = r.start.character + (quoted ? 1 : 0);
  return range(r.start.line, start, Math.min(start + text.length, r.end.line === r.start.line ? r.end.character : start + text.length));
}

/** Every name reference a statement holds (events, expectations, choices that name objects). */
export function refsOf(st: Statement): NameRef[] {
  if (st.kind === 'expect') {
    const e = st.expect;
    if (e.kind === 'facts') return [e.subject, ...e.facts.flatMap((f) => f.alternatives.flatMap((x) => (x.kind === 'controller' || x.kind === 'owner' ? [x.player] : [])))];
    if (e.kind === 'loop') return e.objects;
    return [e.dependent, e.on];
  }
  const e = st.event;
  const out: NameRef[] = [];
  const add = (...xs: (NameRef | undefined)[]) => {
    for (const x of xs) if (x) out.push(x);
  };
  switch (e.kind) {
    case 'enter':
      add(...e.objects, e.under, e.attachedTo, ...(e.choiceOrder ?? []));
      break;
    case 'cast':
    case 'activate':
      add(e.object, ...e.targets, e.by, ...(e.choiceOrder ?? []));
      break;
    case 'resolve':
      add(e.from, ...e.targets, e.by, ...(e.choiceOrder ?? []));
      break;
    case 'attach':
      add(e.object, e.to);
      break;
    case 'put-counters':
    case 'remove-counters':
    case 'turn-face':
      add(e.object);
      break;
    case 'move':
    case 'destroy':
    case 'sacrifice':
    case 'exile':
      add(...e.objects, ...(e.choiceOrder ?? []));
      break;
    case 'tap':
    case 'untap':
      add(...e.objects);
      break;
    case 'draw':
    case 'gain-life':
    case 'lose-life':
    case 'discard':
      add(e.player, ...(e.choiceOrder ?? []));
      break;
    case 'end':
    case 'end-turn':
      break;
  }
  return out;
}

/** Raw `choosing` answers of a statement (they may name objects: `choosing staff`). */
function choicesOf(st: Statement): Located<string>[] {
  if (st.kind !== 'event') return [];
  const e = st.event as { choices?: Located<string>[] };
  return Array.isArray(e.choices) ? e.choices : [];
}

/** Labels: `as LABEL` declares one, `end LABEL` uses it. */
function labelsOf(st: Statement): { ref: NameRef; declaration: boolean }[] {
  if (st.kind !== 'event') return [];
  const e = st.event;
  if (e.kind === 'end') return [{ ref: e.label, declaration: false }];
  if ((e.kind === 'cast' || e.kind === 'activate' || e.kind === 'resolve') && e.label) return [{ ref: e.label, declaration: true }];
  return [];
}

/** Lines `first` to `last`: where a look-up for one place needs names (a hover needs one line's, not the file's). */
export interface LineSpan {
  first: number;
  last: number;
}

/** Whether a range touches the span (every range does when there is none). */
const touches = (r: Range, span: LineSpan | undefined) => !span || (r.end.line >= span.first && r.start.line <= span.last);

/** Effect text on the page: every card's `text` lines and every `resolve "…"` (given `span`, those that touch it). */
export function effectTexts(file: LayersFile, span?: LineSpan): { text: Located<string>; owner?: number }[] {
  const out: { text: Located<string>; owner?: number }[] = [];
  file.objects.forEach((d, i) => {
    if (touches(d.range, span)) for (const t of d.texts) if (touches(t.range, span)) out.push({ text: t, owner: i });
  });
  for (const st of file.statements) if (touches(st.range, span) && st.kind === 'event' && st.event.kind === 'resolve') out.push({ text: st.event.text });
  return out;
}

/** A name that is also a rules word (`Forest`, `Flying`, `White`) is only looked for in its own card's text. */
function isVocabularyWord(name: string): boolean {
  const w = name.toLowerCase();
  return !!(cardTypeOf(w) || subtypeOf(w) || colorWord(w) || keywordShape(w));
}

const isWordChar = (c: string | undefined) => c !== undefined && /[A-Za-z0-9_]/.test(c);

/** Where `name` occurs in `text` as whole words (case as written on the card). */
export function mentions(text: string, name: string): number[] {
  const out: number[] = [];
  if (!name) return out;
  let i = text.indexOf(name);
  while (i >= 0) {
    if (!isWordChar(text[i - 1]) && !isWordChar(text[i + name.length])) out.push(i);
    i = text.indexOf(name, i + name.length);
  }
  return out;
}

const statementNames = new WeakMap<Statement, { declarations: string; names: NameOccurrence[] }>();

/** What every statement's names are read against: the declared names. Made once per parse (a hover per line reads it again). */
interface Declared {
  objects: Map<string, number>;
  players: Set<string>;
  /** The declarations as one text: a statement's kept names are good while it is the same. */
  key: string;
  /** Per card: whether its name is a rules word; where the names occur in a text. Made when a text is read. */
  texts?: { vocabulary: boolean[]; found: (text: string) => [number, number][] };
}

const declaredByFile = new WeakMap<LayersFile, Declared>();

function declaredIn(file: LayersFile): Declared {
  let d = declaredByFile.get(file);
  if (d) return d;
  const objects = new Map<string, number>();
  file.objects.forEach((o, i) => {
    for (const r of [o.name, o.alias]) if (r && !objects.has(r.text.toLowerCase())) objects.set(r.text.toLowerCase(), i);
  });
  const declared = file.players?.players ?? [];
  const players = new Set((declared.length ? declared.map((p) => p.text) : DEFAULT_PLAYERS).map((p) => p.toLowerCase()));
  const key = JSON.stringify([file.objects.map((o) => [o.name.text, o.alias?.text]), [...players]]);
  declaredByFile.set(file, (d = { objects, players, key }));
  return d;
}

/** Every name written in the file, or, given `span`, every one written in what touches it (the same occurrences). */
export function nameOccurrences(file: LayersFile, span?: LineSpan): NameOccurrence[] {
  const out: NameOccurrence[] = [];
  const known = declaredIn(file);
  const { objects, players } = known;
  const declared = file.players?.players ?? [];
  let lines: string[] | undefined;

  const push = (ref: NameRef, kind: NameKind, key: string, role: NameOccurrence['role'], form?: 'name' | 'alias') => {
    out.push({ kind, key, text: ref.text, range: ref.range, nameRange: innerRange(ref.range, ref.text, ref.quoted), role, quoted: ref.quoted, ...(form ? { form } : {}), ...(ref.copyIndex !== undefined ? { copyIndex: ref.copyIndex } : {}) });
  };
  const formOf = (i: number, text: string): 'name' | 'alias' => (file.objects[i]?.name.text.toLowerCase() === text.toLowerCase() ? 'name' : 'alias');
  const use = (ref: NameRef | undefined) => {
    if (!ref || typeof ref.text !== 'string') return;
    const k = ref.text.toLowerCase();
    const i = objects.get(k);
    if (i !== undefined) push(ref, 'object', `object:${i}`, 'use', formOf(i, ref.text));
    else if (players.has(k)) push(ref, 'player', `player:${k}`, 'use');
  };

  // Declarations are looked at one by one; a statement (below) is taken whole, so that what is kept of it is all of it.
  const here = (r: { range: Range } | undefined): r is NameRef => !!r && touches(r.range, span);
  file.objects.forEach((d, i) => {
    if (here(d.name)) push(d.name, 'object', `object:${i}`, 'declaration', 'name');
    if (here(d.alias)) push(d.alias, 'object', `object:${i}`, 'declaration', 'alias');
  });
  for (const p of declared) if (here(p)) push(p, 'player', `player:${p.text.toLowerCase()}`, 'declaration');
  for (const d of file.objects) if (here(d.owner)) use(d.owner);
  // A statement's names depend on it and on the declared names alone: a statement the parser
  // reused from the previous version of the text (parser.ts) keeps its occurrences.
  const declarations = known.key;
  for (const st of file.statements) {
    if (!touches(st.range, span)) continue;
    const kept = statementNames.get(st);
    if (kept && kept.declarations === declarations) {
      append(out, kept.names);
      continue;
    }
    const from = out.length;
    const seen = new Set<string>();
    const key = (r: Range) => `${r.start.line}:${r.start.character}`;
    for (const r of refsOf(st)) {
      if (seen.has(key(r.range))) continue;
      seen.add(key(r.range));
      use(r);
    }
    // A `choosing` answer that is a declared name (a copy's original, a replacement's source).
    for (const c of choicesOf(st)) {
      if (seen.has(key(c.range)) || typeof c.value !== 'string') continue;
      // `choosing ogre#1`: the answer may keep its copy suffix.
      const m = /^(.*?)#(\d+)$/.exec(c.value);
      const text = m ? m[1]! : c.value;
      const i = objects.get(text.toLowerCase());
      if (i === undefined) continue;
      seen.add(key(c.range));
      lines ??= linesOf(file.text);
      const line = lines[c.range.start.line] ?? '';
      const quoted = /^["“]/.test(line.slice(c.range.start.character));
      push({ text, quoted, range: c.range, ...(m ? { copyIndex: Number(m[2]) } : {}) }, 'object', `object:${i}`, 'use', formOf(i, text));
    }
    for (const l of labelsOf(st)) {
      push(l.ref, 'label', `label:${l.ref.text.toLowerCase()}`, l.declaration ? 'declaration' : 'use');
    }
    statementNames.set(st, { declarations, names: out.slice(from) });
  }
  // The card's name written in effect text: its own text always ("this card", section 5), others' unless it is a rules word.
  // Whether a name is a rules word is asked once per card, not once per card and text (a long timeline has hundreds of texts).
  const texts = effectTexts(file, span);
  if (!texts.length) return out;
  const { vocabulary, found } = (known.texts ??= { vocabulary: file.objects.map((d) => isVocabularyWord(d.name.text)), found: mentionsOfNames(file.objects.map((d) => d.name.text)) });
  for (const { text, owner } of texts) {
    for (const [i, at] of found(text.value)) {
      if (i !== owner && vocabulary[i]) continue;
      const d = file.objects[i]!;
      const r = range(text.range.start.line, text.range.start.character + at, text.range.start.character + at + d.name.text.length);
      out.push({ kind: 'object', key: `object:${i}`, text: d.name.text, range: r, nameRange: r, role: 'text', form: 'name', quoted: false });
    }
  }
  return out;
}

/**
 * Where each name is written in a text, as [name index, offset] by name then
 * offset. Kept for the same list of names (the next version of a document
 * has the same cards and mostly the same texts): a text seen before costs
 * one look-up, not one search per card.
 */
let namesSeen = '';
let mentionsSeen = new Map<string, [number, number][]>();
function mentionsOfNames(names: readonly string[]): (text: string) => [number, number][] {
  const key = names.join('\u0000');
  if (key !== namesSeen) {
    namesSeen = key;
    mentionsSeen = new Map();
  }
  const seen = mentionsSeen;
  return (text) => {
    let hit = seen.get(text);
    if (!hit) {
      hit = [];
      for (let i = 0; i < names.length; i++) for (const at of mentions(text, names[i]!)) hit.push([i, at]);
      if (seen.size > 10_000) seen.clear();
      seen.set(text, hit);
    }
    return hit;
  };
}

const namesByFile = new WeakMap<LayersFile, NameOccurrence[]>();

/**
 * The names written on one line: read from the document's index when it is
 * made, else worked out for that line alone (a hover after an edit must not
 * wait for the whole file's, 15–30 ms on 2,000 lines). Total.
 */
export function namesOnLine(doc: { file: LayersFile }, line: number): NameOccurrence[] {
  const span = { first: line, last: line };
  const all = namesByFile.get(doc.file);
  try {
    return (all ?? nameOccurrences(doc.file, span)).filter((n) => touches(n.range, span));
  } catch {
    return [];
  }
}

/**
 * Every place a name is written in the document (navigation, hover,
 * completion, semantic tokens), worked out when first asked for: an edit's
 * diagnostics never wait for it. Total: a failure leaves navigation empty.
 */
export function namesOf(doc: { file: LayersFile }): NameOccurrence[] {
  let names = namesByFile.get(doc.file);
  if (!names) {
    try {
      names = nameOccurrences(doc.file);
    } catch {
      // Navigation is then empty; diagnostics and hover of the analysis still work.
      names = [];
    }
    namesByFile.set(doc.file, names);
  }
  return names;
}
