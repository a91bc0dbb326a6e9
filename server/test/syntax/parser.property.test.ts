import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import test from 'node:test';
import fc from 'fast-check';
import type { LayersFile, Range } from '../../src/syntax/ast';
import { parseLayers } from '../../src/syntax/parser';
import { analyze } from '../../src/engine/analyze';

const corpus = ['../shared/conformance', 'samples'].flatMap((d) => readdirSync(d).filter((f) => f.endsWith('.layers')).map((f) => readFileSync(join(d, f), 'utf8')));

function validRange(lines: string[], r: Range): boolean {
  const ok = (p: { line: number; character: number }) => Number.isInteger(p.line) && p.line >= 0 && p.line < lines.length && p.character >= 0 && p.character <= lines[p.line]!.length;
  return ok(r.start) && ok(r.end) && (r.start.line < r.end.line || (r.start.line === r.end.line && r.start.character <= r.end.character));
}

function check(text: string, file: LayersFile): void {
  const lines = text.split(/\r\n|\r|\n/);
  for (const d of file.diagnostics) assert.ok(validRange(lines, d.range), `invalid range ${JSON.stringify(d.range)} for ${JSON.stringify(text.slice(0, 200))}`);
}

const mutation = fc.oneof(
  fc.record({ op: fc.constant('delete' as const), at: fc.nat(), len: fc.nat(20) }),
  fc.record({ op: fc.constant('insert' as const), at: fc.nat(), text: fc.string({ maxLength: 20 }) }),
  fc.record({ op: fc.constant('dupline' as const), at: fc.nat() }),
  fc.record({ op: fc.constant('swaplines' as const), at: fc.nat() }),
);

function mutate(text: string, ms: { op: string; at: number; len?: number; text?: string }[]): string {
  let t = text;
  for (const m of ms) {
    const at = t.length ? m.at % t.length : 0;
    if (m.op === 'delete') t = t.slice(0, at) + t.slice(at + (m.len ?? 0));
    else if (m.op === 'insert') t = t.slice(0, at) + (m.text ?? '') + t.slice(at);
    else {
      const lines = t.split('\n');
      const i = lines.length ? m.at % lines.length : 0;
      if (m.op === 'dupline') lines.splice(i, 0, lines[i] ?? '');
      else if (i + 1 < lines.length) [lines[i], lines[i + 1]] = [lines[i + 1]!, lines[i]!];
      t = lines.join('\n');
    }
  }
  return t;
}

test('random text never throws and gives valid ranges', () => {
  fc.assert(
    fc.property(fc.string({ unit: 'binary', maxLength: 400 }), (s) => {
      check(s, parseLayers(s, 'p.layers'));
    }),
    { numRuns: 300 },
  );
});

test('mutated corpus files never throw, in the parser or the engine, and keep valid ranges', () => {
  fc.assert(
    fc.property(fc.nat(corpus.length - 1), fc.array(mutation, { minLength: 1, maxLength: 6 }), (i, ms) => {
      const text = mutate(corpus[i]!, ms);
      const file = parseLayers(text, 'm.layers');
      check(text, file);
      const a = analyze(file);
      const lines = text.split(/\r\n|\r|\n/);
      for (const d of a.diagnostics) assert.ok(validRange(lines, d.range), `engine diagnostic with invalid range ${JSON.stringify(d)}`);
    }),
    { numRuns: 150 },
  );
});

test('a 5 MB file and huge inputs finish and stay total', () => {
  const big = corpus.join('\n').repeat(Math.ceil(5_000_000 / corpus.join('\n').length));
  const f = parseLayers(big, 'big.layers');
  assert.ok(f.objects.length > 1000);
  check(big, f);
  const longLine = 'enter ' + 'a, '.repeat(50_000) + 'a';
  check(longLine, parseLayers(longLine, 'long.layers'));
  const junk = Buffer.from(Array.from({ length: 100_000 }, (_, i) => (i * 7919) % 256)).toString('latin1');
  check(junk, parseLayers(junk, 'junk.layers'));
  const copies = 'token t\n  type Creature — Saproling\n  pt 1/1\n  copies 1000000\nenter t\nexpect t#1 1/1';
  const a = analyze(parseLayers(copies, 'copies.layers'));
  assert.ok(a.diagnostics.some((d) => d.code === 'syntax' && /at most 1000 copies/.test(d.message)));
});
