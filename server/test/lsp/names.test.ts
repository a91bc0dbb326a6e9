import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import test from 'node:test';
import { parseDocument } from '../../src/lsp/documents';
import { namesOf, namesOnLine } from '../../src/lsp/names';
import { realistic } from '../../../bench/shapes';

const SAMPLES = join(__dirname, '../../../samples');

/** Every line's names worked out alone equal the whole index's on that line (a hover reads the former before the index is made). */
function checkLines(text: string, uri: string): number {
  const whole = parseDocument(uri, 1, text);
  const index = namesOf(whole);
  let found = 0;
  whole.lines.forEach((_, line) => {
    // A parse of its own, so that the line is worked out without the index.
    const alone = namesOnLine(parseDocument(uri, 1, text), line);
    const expected = index.filter((n) => n.range.start.line <= line && n.range.end.line >= line);
    assert.deepEqual(alone, expected, `${uri}:${line + 1}`);
    found += alone.length;
  });
  return found;
}

test('the names of one line, worked out alone, are the whole index’s on that line, for every sample', () => {
  let found = 0;
  for (const f of readdirSync(SAMPLES).filter((x) => x.endsWith('.layers'))) found += checkLines(readFileSync(join(SAMPLES, f), 'utf8'), `file:///${f}`);
  assert.ok(found > 200, `only ${found} names found`);
});

test('lines worked out before the index leave it as it is made from scratch (a bench-shaped file)', () => {
  const text = realistic({ permanents: 12, effectCards: 4, events: 40 });
  assert.ok(checkLines(text, 'file:///bench.layers') > 40);
  // After a line alone was worked out, the whole index made from the same parse is the one made from scratch.
  const doc = parseDocument('file:///x.layers', 1, text);
  for (let line = 0; line < doc.lines.length; line += 7) namesOnLine(doc, line);
  assert.deepEqual(namesOf(doc), namesOf(parseDocument('file:///y.layers', 1, text)));
});
