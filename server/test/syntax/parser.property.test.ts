// The parser is total: on any input it returns, without throwing, a tree
// and diagnostics whose every range is valid for the text, with at most one
// diagnostic per line, in time that stays near-linear on huge inputs.

import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import test from 'node:test';
import fc from 'fast-check';
import { analyze } from '../../src/engine/analyze';
import type { LayersFile, Range } from '../../src/syntax/ast';
import { parseLayers } from '../../src/syntax/parser';

const DIRS = [join(__dirname, '../../../../shared/conformance'), join(__dirname, '../../../samples')];
const corpus = DIRS.flatMap((d) => readdirSync(d).filter((f) => f.endsWith('.layers')).map((f) => readFileSync(join(d, f), 'utf8')));

const lineLengths = (text: string) => text.split(/\r\n|\r|\n/).map((l) => l.length);

function validRange(lens: number[], r: Range): boolean {
  const ok = (p: { line: number; character: number }) => Number.isInteger(p.line) && Number.isInteger(p.character) && p.line >= 0 && p.line < lens.length && p.character >= 0 && p.character <= lens[p.line]!;
  return ok(r.start) && ok(r.end) && (r.start.line < r.end.line || (r.start.line === r.end.line && r.start.character <= r.end.character));
}

/** Every range anywhere in the tree. */
function* ranges(node: unknown): Generator<Range> {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const x of node) yield* ranges(x);
    return;
  }
  const o = node as Record<string, unknown>;
  if (o.start && o.end && typeof o.start === 'object' && 'line' in (o.start as object)) {
    yield o as unknown as Range;
    return;
  }
  for (const [k, v] of Object.entries(o)) if (k !== 'text' || typeof v !== 'string') yield* ranges(v);
}

/** The properties every parse must have. */
function check(text: string, file: LayersFile): void {
  const lens = lineLengths(text);
  assert.equal(file.text, text);
  for (const d of file.diagnostics) {
    assert.ok(validRange(lens, d.range), `invalid diagnostic range ${JSON.stringify(d.range)} for ${JSON.stringify(text.slice(0, 200))}`);
    assert.equal(d.code, 'syntax');
    assert.equal(d.severity, 'error');
    assert.ok(d.message.length > 0 && d.message.length < 400, d.message.slice(0, 400));
  }
  const { diagnostics, ...tree } = file;
  for (const r of ranges(tree)) assert.ok(validRange(lens, r), `invalid node range ${JSON.stringify(r)} for ${JSON.stringify(text.slice(0, 200))}`);
  // One bad line, one error.
  const lines = diagnostics.map((d) => d.range.start.line);
  assert.equal(new Set(lines).size, lines.length, `two diagnostics on one line: ${JSON.stringify(diagnostics.map((d) => [d.range.start.line, d.message]))}`);
}

// ---------------------------------------------------------------------------
// Generators

const mutation = fc.oneof(
  fc.record({ op: fc.constant('delete' as const), at: fc.nat(), len: fc.nat(20) }),
  fc.record({ op: fc.constant('insert' as const), at: fc.nat(), text: fc.string({ maxLength: 20, unit: 'binary' }) }),
  fc.record({ op: fc.constant('insert' as const), at: fc.nat(), text: fc.constantFrom('"', '#', '#2', '\t', '\r\n', ',', ';', ':', ' or ', ' then ', '—', '\u0000', '\uFEFF', '\uD800', '  ') }),
  fc.record({ op: fc.constant('dupchar' as const), at: fc.nat() }),
  fc.record({ op: fc.constant('swapchars' as const), at: fc.nat() }),
  fc.record({ op: fc.constant('dupline' as const), at: fc.nat() }),
  fc.record({ op: fc.constant('swaplines' as const), at: fc.nat() }),
  fc.record({ op: fc.constant('deleteline' as const), at: fc.nat() }),
);

type Mutation = { op: string; at: number; len?: number; text?: string };

function mutate(text: string, ms: Mutation[]): string {
  let t = text;
  for (const m of ms) {
    const at = t.length ? m.at % t.length : 0;
    switch (m.op) {
      case 'delete':
        t = t.slice(0, at) + t.slice(at + (m.len ?? 0));
        break;
      case 'insert':
        t = t.slice(0, at) + (m.text ?? '') + t.slice(at);
        break;
      case 'dupchar':
        t = t.slice(0, at + 1) + t.slice(at);
        break;
      case 'swapchars':
        if (at + 1 < t.length) t = t.slice(0, at) + t[at + 1] + t[at] + t.slice(at + 2);
        break;
      default: {
        const lines = t.split('\n');
        const i = m.at % lines.length;
        if (m.op === 'dupline') lines.splice(i, 0, lines[i]!);
        else if (m.op === 'deleteline') lines.splice(i, 1);
        else if (i + 1 < lines.length) [lines[i], lines[i + 1]] = [lines[i + 1]!, lines[i]!];
        t = lines.join('\n');
      }
    }
  }
  return t;
}

/** Lines made of the language's own words, to reach deep into every statement. */
const WORDS = [
  'scenario', 'players', 'card', 'token', 'enter', 'cast', 'activate', 'resolve', 'attach', 'put', 'remove', 'move', 'destroy', 'sacrifice',
  'exile', 'tap', 'untap', 'turn', 'end', 'expect', 'cost', 'color', 'type', 'pt', 'owner', 'text', 'copies', 'under', 'tapped', 'face', 'down',
  'up', 'attached', 'to', 'choosing', 'targeting', 'as', 'by', 'from', 'ability', 'then', 'on', 'counter', 'counters', 'a', 'an', '2', '0', '1000000000',
  '+1/+1', '-1/-1', 'flying', 'battlefield', 'graveyard', 'hand', 'library', 'loop', 'depends', 'Alice', 'Bob', 'draws', 'gains', 'loses', 'discards',
  'cards', 'life', 'ogre', 'ogre#2', '"Gray Ogre"', '"Gray Ogre"#1', 'Gray', 'Ogre', '2/2', '*/1+*', '{2}{R}', 'Creature', '—', '-', '--', 'Legendary',
  'white', 'colorless', 'and', 'or', 'pt', 'power', 'is', 'not', 'abilities', 'none', 'has', 'lacks', 'zone', 'max', 'size', 'name', '"', ',', ';',
  ':', '#', '# comment', 'X=3', 'white->blue', '"Flying."',
];
const generatedLine = fc.tuple(fc.constantFrom('', '', '  ', '\t', '    '), fc.array(fc.constantFrom(...WORDS), { maxLength: 12 }), fc.constantFrom(' ', ' ', '', '  ', '\t'))
  .map(([indent, ws, sep]) => indent + ws.join(sep || ' '));
const generatedFile = fc.array(generatedLine, { maxLength: 30 }).chain((ls) => fc.constantFrom('\n', '\r\n', '\r').map((eol) => ls.join(eol)));

// ---------------------------------------------------------------------------

test('random text (binary, unicode, lone surrogates) never throws and gives valid ranges', () => {
  fc.assert(
    fc.property(fc.oneof(fc.string({ unit: 'binary', maxLength: 400 }), fc.string({ unit: 'grapheme', maxLength: 200 }), fc.string({ unit: fc.constantFrom('"', '#', ' ', '\t', '\n', '\r', 'a', '1', ',', ':', ';', '—', '/', '*', '{', '}'), maxLength: 300 })), (s) => {
      check(s, parseLayers(s, 'random.layers'));
    }),
    { numRuns: 300 },
  );
});

test('random lines of the language\'s own words never throw and give valid ranges', () => {
  fc.assert(
    fc.property(generatedFile, (s) => {
      check(s, parseLayers(s, 'generated.layers'));
    }),
    { numRuns: 300 },
  );
});

test('mutated corpus files never throw, keep valid ranges, and parse the same way twice', () => {
  fc.assert(
    fc.property(fc.nat(corpus.length - 1), fc.array(mutation, { minLength: 1, maxLength: 8 }), (i, ms) => {
      const text = mutate(corpus[i]!, ms);
      const a = parseLayers(text, 'm.layers');
      check(text, a);
      assert.deepEqual(parseLayers(text, 'm.layers'), a, 'deterministic');
    }),
    { numRuns: 200 },
  );
});

test('the engine runs on whatever the parser returns from mutated corpus files', () => {
  fc.assert(
    fc.property(fc.nat(corpus.length - 1), fc.array(mutation, { minLength: 1, maxLength: 4 }), (i, ms) => {
      const text = mutate(corpus[i]!, ms);
      const result = analyze(parseLayers(text, 'm.layers'));
      const lens = lineLengths(text);
      for (const d of result.diagnostics) assert.ok(validRange(lens, d.range), `engine diagnostic with an invalid range ${JSON.stringify(d)}`);
    }),
    { numRuns: 60 },
  );
});

test('a 5 MB file, a 100k-character line, junk bytes and NULs finish and stay total', () => {
  const joined = corpus.join('\n');
  const big = joined.repeat(Math.ceil(5_000_000 / joined.length));
  let t = Date.now();
  const f = parseLayers(big, 'big.layers');
  assert.ok(Date.now() - t < 30_000, 'a 5 MB file parses in well under 30 s');
  assert.ok(f.objects.length > 1000);
  check(big, f);
  // Joined files repeat `scenario` and `players`: those are the only errors.
  assert.ok(f.diagnostics.every((d) => /may appear at most once/.test(d.message)));

  for (const long of [
    'enter ' + 'a, '.repeat(50_000) + 'a',
    'expect x: zone' + ' '.repeat(100_000) + 'x',
    'expect x: has ' + '"a", '.repeat(25_000) + 'b',
    'resolve "' + '" x'.repeat(30_000),
    'card x\n  type Creature' + ' '.repeat(100_000) + '—',
    'card x\n  pt ' + '1/'.repeat(50_000),
    'card x\n  cost ' + '{'.repeat(100_000),
    'expect x: counters ' + 'a '.repeat(50_000),
    'enter x choosing ' + 'a then '.repeat(15_000) + 'b',
    'expect "' + 'x'.repeat(100_000) + '" pt 1/1',
    'put a ' + 'x'.repeat(100_000) + ' counter onto y',
    'card x\n  type ' + 'Creature '.repeat(10_000) + 'Ogre',
    'x'.repeat(100_000) + ' draws 1 card',
    '"'.repeat(100_000),
    '#'.repeat(100_000),
  ]) {
    t = Date.now();
    check(long, parseLayers(long, 'long.layers'));
    assert.ok(Date.now() - t < 5_000, `a 100k-character line parses quickly: ${long.slice(0, 30)}`);
  }
  const junk = Buffer.from(Array.from({ length: 200_000 }, (_, i) => (i * 7919) % 256)).toString('latin1');
  check(junk, parseLayers(junk, 'junk.layers'));
  const nuls = 'card \u0000\n\u0000 type\u0000Creature\nenter \u0000\u0000';
  check(nuls, parseLayers(nuls, 'nul.layers'));
});

test('huge copies are capped, so the parser and the engine both finish', () => {
  const text = 'players Alice, Bob\ntoken t\n  type Creature — Saproling\n  pt 1/1\n  copies 1000000000\nenter t\nexpect t#1 1/1\nexpect t#1000: zone battlefield';
  const t = Date.now();
  const f = parseLayers(text, 'copies.layers');
  assert.equal(f.objects[0]!.copies?.value, 1000);
  assert.deepEqual(f.diagnostics.map((d) => d.message), ['at most 1000 copies are supported; using 1000']);
  const a = analyze(f);
  assert.ok(Date.now() - t < 60_000, 'finishes');
  assert.ok(a.diagnostics.some((d) => d.code === 'syntax' && /at most 1000 copies/.test(d.message)));
});
