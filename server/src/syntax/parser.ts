// The `.layers` parser (spec sections 1–4 and 6). One statement per line,
// blocks by indentation. Total: every input gives a syntax tree and
// diagnostics with valid ranges, in time linear in the text; a bad line
// gives one error on the exact span and the other lines still parse.

import type { Diagnostic, LayersFile, ObjectDecl, Statement } from './ast';
import { append } from '../util/arrays';
import { ownCopy } from '../util/strings';
import { checkStrings, Cursor, ParseError, show, type KnownNames } from './cursor';
import { parseCardKey, parseHeader } from './declarations';
import { isPlayerEvent, parseEvent, parseResolve } from './events';
import { parseExpect } from './expectations';
import { CARD_KEYS } from './keywords';
import { isBareName, rangeOn, scanLine, splitLines, tokenize, type SourceLine, type Token } from './tokens';

export { MAX_COPIES } from './declarations';
export { MAX_CARDS_PER_EVENT } from './events';
export { CARD_KEYS, FACT_KEYWORDS, STATEMENT_KEYWORDS, ZONES } from './keywords';
export { parseTypeLine } from './typeLine';
export type { Statement } from './ast';

/** Names longer than this many words are not looked for unquoted. */
const MAX_NAME_WORDS = 8;

/**
 * Issue 9: a statement line as the previous parse of the document read it.
 * A line reads the same when its text, its line number and the names
 * declared in the file are the same (nothing else reaches a statement line),
 * so typing in one line of a long file parses that line alone and shares the
 * others' syntax trees with the previous version.
 */
interface ParsedLine {
  raw: string;
  known: string;
  statements: Statement[];
  diagnostics: Diagnostic[];
}

/**
 * A `card` / `token` block as the previous parse read it: the lines from its
 * header to the line that closed it (blank and comment lines included). A
 * block reads the same when those lines, the names declared in the file and
 * the way it ends (the end of the text, or a line no deeper than its header)
 * are the same; its declaration is then shared with the previous version.
 */
interface ParsedBlock {
  raws: string[];
  /** The block ran to the end of the text. */
  atEnd: boolean;
  width: number;
  known: string;
  /** Undefined when the header had an error (the block's keys were still checked). */
  decl?: ObjectDecl;
  diagnostics: Diagnostic[];
}

interface Reuse {
  lines: Map<number, ParsedLine>;
  blocks: Map<number, ParsedBlock>;
  /** Each `card`/`token` header line read for the name it declares (`knownNames`), by its text. */
  headers: Map<string, Header>;
}

const parsedLines = new WeakMap<LayersFile, Reuse>();

/**
 * `previous`: the parse of an earlier version of the same document, whose
 * unchanged statement lines are reused. `lines`: the text already split at
 * its line ends (`\r\n`, `\r`, `\n`), when the caller has it.
 */
export function parseLayers(text: string, uri: string, previous?: LayersFile, lines?: readonly string[]): LayersFile {
  const source = typeof text === 'string' ? text : String(text ?? '');
  const file: LayersFile = { uri, text: source, objects: [], statements: [], comments: [], diagnostics: [] };
  try {
    const made: Reuse = { lines: new Map(), blocks: new Map(), headers: new Map() };
    // The caller's lines when it split the same text already (the language server keeps them): not split twice.
    const raws = typeof text === 'string' && lines ? lines : splitLines(source);
    parseInto(file, raws, (previous && parsedLines.get(previous)) ?? { lines: new Map(), blocks: new Map(), headers: new Map() }, made);
    parsedLines.set(file, made);
  } catch (e) {
    // Never expected; the guard keeps the parser total whatever happens.
    file.diagnostics.push({ range: rangeOn(0, 0, 0), severity: 'error', code: 'syntax', message: `internal parser error: ${(e as Error)?.message ?? String(e)}` });
  }
  return file;
}

function parseInto(file: LayersFile, raws: readonly string[], reuse: Reuse, made: Reuse): void {
  const lines = raws.map((raw, n) => scanLine(raw, n));
  const known = knownNames(lines, reuse.headers, made.headers);
  const knownKey = [...known.multiWord].sort().join('\n');
  const report = (d: Diagnostic) => file.diagnostics.push(d);
  const comment = (sl: SourceLine) => {
    if (sl.commentStart !== undefined) file.comments.push({ range: rangeOn(sl.line, sl.commentStart, sl.raw.length), text: sl.raw.slice(sl.commentStart + 1) });
  };
  let block: { decl: ObjectDecl; width: number } | undefined;
  /** Where the open block's header is, and how many diagnostics and objects came before it. */
  let opened: { at: number; diagnostics: number; objects: number } | undefined;
  /** The open block ends before line `at`: kept for the next parse. */
  const close = (at: number) => {
    if (opened && block) {
      const { at: from, diagnostics, objects } = opened;
      made.blocks.set(from, {
        raws: lines.slice(from, at).map((l) => ownCopy(l.raw)),
        atEnd: at >= lines.length,
        width: block.width,
        known: knownKey,
        decl: file.objects.length > objects ? block.decl : undefined,
        diagnostics: file.diagnostics.slice(diagnostics),
      });
    }
    opened = undefined;
  };

  for (let i = 0; i < lines.length; i++) {
    const sl = lines[i]!;
    const n = sl.line;
    comment(sl);
    if (sl.contentEnd <= sl.indent) continue;
    try {
      // A block is the run of lines indented deeper than its header.
      if (block && sl.width > block.width) {
        sl.raw = ownCopy(sl.raw);
        parseCardKey(sl, block.decl, report, known);
        continue;
      }
      close(i);
      block = undefined;
      const old = reuse.lines.get(n);
      if (old && old.raw === sl.raw && old.known === knownKey) {
        append(file.statements, old.statements);
        append(file.diagnostics, old.diagnostics);
        made.lines.set(n, old);
        continue;
      }
      const oldBlock = reuse.blocks.get(n);
      if (oldBlock && sameBlock(oldBlock, lines, i, knownKey)) {
        if (oldBlock.decl) file.objects.push(oldBlock.decl);
        append(file.diagnostics, oldBlock.diagnostics);
        made.blocks.set(n, oldBlock);
        for (let k = 1; k < oldBlock.raws.length; k++) comment(lines[i + k]!);
        i += oldBlock.raws.length - 1;
        continue;
      }
      const statements = file.statements.length;
      const diagnostics = file.diagnostics.length;
      const objects = file.objects.length;
      const { scenario, players } = file;
      opened = { at: i, diagnostics, objects };
      sl.raw = ownCopy(sl.raw);
      block = parseStatement(sl, file, known, report);
      if (!block) opened = undefined;
      // A statement line (not a declaration, which later lines add to): kept for the next parse.
      if (!block && file.objects.length === objects && file.scenario === scenario && file.players === players) {
        made.lines.set(n, { raw: sl.raw, known: knownKey, statements: file.statements.slice(statements), diagnostics: file.diagnostics.slice(diagnostics) });
      }
    } catch (e) {
      // A header that failed still owns its block: its keys are checked, not reported as misplaced.
      if (!block) block = failedHeader(sl);
      if (!block) opened = undefined;
      if (e instanceof ParseError) {
        const start = Math.max(0, Math.min(e.start, sl.raw.length));
        const end = Math.max(start, Math.min(e.end, sl.raw.length));
        report({ range: rangeOn(n, start, end), severity: 'error', code: 'syntax', message: e.message });
      } else {
        report({ range: rangeOn(n, sl.indent, sl.contentEnd), severity: 'error', code: 'syntax', message: `internal parser error: ${(e as Error)?.message ?? String(e)}` });
      }
    } finally {
      // The block's range runs to its last line, whether or not that line parsed.
      if (block && block.decl.range.start.line !== n && sl.width > block.width) {
        block.decl.range = { start: block.decl.range.start, end: { line: n, character: sl.contentEnd } };
      }
    }
  }
  close(lines.length);
}

/** The block read at `at` last time reads the same now: the same lines, names, and end. */
function sameBlock(b: ParsedBlock, lines: readonly SourceLine[], at: number, knownKey: string): boolean {
  if (b.known !== knownKey) return false;
  const end = at + b.raws.length;
  if (end > lines.length) return false;
  for (let k = 0; k < b.raws.length; k++) if (lines[at + k]!.raw !== b.raws[k]) return false;
  if (b.atEnd) return end === lines.length;
  // The line that closed it still closes it (a line deeper than the header would belong to it).
  const next = lines[end];
  return !!next && next.contentEnd > next.indent && next.width <= b.width;
}

/** A top-level line. Returns the new block when the line opens one. */
function parseStatement(sl: SourceLine, file: LayersFile, known: KnownNames, report: (d: Diagnostic) => void): { decl: ObjectDecl; width: number } | undefined {
  const n = sl.line;
  const toks = tokenize(sl.raw, sl.indent, sl.contentEnd);
  const first = toks[0]!;
  const kw = first.kind === 'word' && first.copyIndex === undefined ? first.text.toLowerCase() : '';
  const range = rangeOn(n, sl.indent, sl.contentEnd);
  if (kw === 'resolve') {
    const { event, keyword } = parseResolve(sl, first, known);
    file.statements.push({ kind: 'event', event, range, keywordRange: rangeOn(n, keyword.start, keyword.end) });
    return undefined;
  }
  checkStrings(toks);
  const c: Cursor = new Cursor(toks, sl, known);
  if ((CARD_KEYS as readonly string[]).includes(kw) && !isPlayerEvent(toks)) {
    c.failAt(first, `\`${kw}\` belongs inside a \`card\` or \`token\` block: indent it under the header`);
  }
  switch (kw) {
    case 'scenario': {
      c.next();
      const t = c.peek();
      if (!t) c.fail('expected a title after `scenario`');
      const title = t.kind === 'string' ? { value: t.text, range: c.range(t) } : { value: sl.raw.slice(t.start, sl.contentEnd), range: rangeOn(n, t.start, sl.contentEnd) };
      if (t.kind === 'string') {
        if (t.copyIndex !== undefined) c.failAt(t, 'unexpected `#` after the title; put the whole title in quotes');
        c.next();
        c.end('after the title');
      }
      if (file.scenario) c.failAt(first, '`scenario` may appear at most once');
      file.scenario = { kind: 'scenario', title, range };
      return undefined;
    }
    case 'players': {
      c.next();
      const players = [];
      const seen = new Set<string>();
      for (;;) {
        const t = c.peek();
        if (!t || t.kind === 'punct' || (t.kind === 'word' && !isBareName(t.text)) || t.copyIndex !== undefined) c.fail('expected a player name');
        if (t.kind === 'string' && !t.text.trim()) c.failAt(t, 'expected a player name, found an empty name');
        c.next();
        const key = t.text.toLowerCase();
        if (seen.has(key)) c.failAt(t, `${show(t.text)} is already a player`);
        seen.add(key);
        players.push({ text: t.text, quoted: t.kind === 'string', range: c.range(t) });
        if (c.done) break;
        if (!c.isPunct(',')) c.fail('expected `,` between player names, or the end of the line');
        c.next();
      }
      if (file.players) c.failAt(first, '`players` may appear at most once');
      file.players = { kind: 'players', players, range };
      return undefined;
    }
    case 'card':
    case 'token': {
      const decl = parseHeader(c, kw);
      file.objects.push(decl);
      return { decl, width: sl.width };
    }
    case 'expect': {
      c.next();
      const expect = parseExpect(c);
      file.statements.push({ kind: 'expect', expect, range, keywordRange: c.range(first) });
      return undefined;
    }
    default: {
      const { event, keyword } = parseEvent(c, report);
      c.end('after the event');
      file.statements.push({ kind: 'event', event, range, keywordRange: rangeOn(n, keyword.start, keyword.end) });
      return undefined;
    }
  }
}

/** A stand-in block for a `card` / `token` line whose header has an error (not added to the file). */
function failedHeader(sl: SourceLine): { decl: ObjectDecl; width: number } | undefined {
  const head = /^(card|token)(?=[\s"]|$)/i.exec(sl.raw.slice(sl.indent, sl.indent + 6));
  if (!head) return undefined;
  const kind = head[1]!.toLowerCase() as 'card' | 'token';
  const r = rangeOn(sl.line, sl.indent, sl.contentEnd);
  return { decl: { kind, name: { text: '', quoted: false, range: r }, range: r, headerRange: r, texts: [] }, width: sl.width };
}

/** Whether `raw` has `word` (lower case) at `at`, in any case. */
function startsWithWord(raw: string, at: number, word: string): boolean {
  if (raw.length < at + word.length) return false;
  // ASCII letters only: setting bit 0x20 lower-cases them.
  for (let k = 0; k < word.length; k++) if ((raw.charCodeAt(at + k) | 0x20) !== word.charCodeAt(k)) return false;
  return true;
}

/** A header line as `knownNames` read it: its multi-word name (lower case) and its word count, or none. */
interface Header {
  /** The line's text, a copy of its own (a slice of the text would keep the whole text alive). */
  line: string;
  name: string | null;
  words: number;
}

/**
 * Names of several words declared by `card` / `token` headers anywhere in the
 * file, so that `enter Gray Ogre` can be read unquoted where that is
 * unambiguous. A header's name depends on its line alone: each line is read
 * once, and found by its text in the next parse (`seen`: the previous
 * parse's, `made`: this one's), so an edit tokenizes only the headers it
 * touched.
 */
function knownNames(lines: readonly SourceLine[], seen: Map<string, Header>, made: Map<string, Header>): KnownNames {
  const multiWord = new Set<string>();
  let maxWords = 0;
  for (const sl of lines) {
    // Cheap test first, without making a string per line: the line starts with `card` or `token`.
    if (!startsWithWord(sl.raw, sl.indent, 'card') && !startsWithWord(sl.raw, sl.indent, 'token')) continue;
    let h = made.get(sl.raw);
    if (!h) made.set((h = seen.get(sl.raw) ?? readHeader(sl)).line, h);
    if (h.name === null) continue;
    multiWord.add(h.name);
    maxWords = Math.max(maxWords, h.words);
  }
  return { multiWord, maxWords };
}

function readHeader(sl: SourceLine): Header {
  const raw = sl.raw;
  const none: Header = { line: ownCopy(raw), name: null, words: 0 };
  const toks = tokenize(raw, sl.indent, sl.contentEnd);
  const kw = toks[0];
  if (!kw || kw.kind !== 'word' || (kw.text.toLowerCase() !== 'card' && kw.text.toLowerCase() !== 'token')) return none;
  const t = toks[1];
  if (!t) return none;
  let name: string;
  if (t.kind === 'string') name = t.text;
  else {
    let last = t;
    for (let k = 2; k < toks.length && k <= MAX_NAME_WORDS + 1; k++) {
      const w: Token = toks[k]!;
      if (w.kind !== 'word' || w.text.toLowerCase() === 'as') break;
      last = w;
    }
    name = raw.slice(t.start, last.end);
  }
  // Words of a bare name, one space apart: what nameRef can read unquoted.
  const words = name.split(' ');
  if (words.length < 2 || words.length > MAX_NAME_WORDS || !words.every(isBareName)) return none;
  return { line: none.line, name: ownCopy(name.toLowerCase()), words: words.length };
}
