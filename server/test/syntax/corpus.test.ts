// Every file of the public conformance corpus and of our samples parses with
// no syntax diagnostic at all, and yields declarations and statements.

import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import test from 'node:test';
import { parseLayers } from '../../src/syntax/parser';

const DIRS = [join(__dirname, '../../../../shared/conformance'), join(__dirname, '../../../samples')];

const files = DIRS.flatMap((d) => readdirSync(d).filter((f) => f.endsWith('.layers')).map((f) => join(d, f)));

test('the corpus is there', () => {
  assert.ok(files.length >= 50, `found only ${files.length} .layers files`);
});

for (const path of files) {
  test(`${path.split('/').slice(-2).join('/')} parses with zero diagnostics`, () => {
    const text = readFileSync(path, 'utf8');
    const f = parseLayers(text, path);
    assert.deepEqual(f.diagnostics, []);
    assert.ok(f.objects.length > 0, 'declares objects');
    assert.ok(f.statements.length > 0, 'has events or expectations');
    assert.ok(f.statements.some((s) => s.kind === 'expect'), 'has expectations');
    assert.ok(f.players, 'declares players');
  });
}

test('the corpus parses the same with CRLF line breaks and a BOM', () => {
  for (const path of files) {
    const text = readFileSync(path, 'utf8');
    const lf = parseLayers(text, path);
    const crlf = parseLayers('\uFEFF' + text.replace(/\n/g, '\r\n'), path);
    assert.deepEqual(crlf.diagnostics, [], path);
    assert.equal(crlf.statements.length, lf.statements.length, path);
    assert.equal(crlf.objects.length, lf.objects.length, path);
  }
});

test('the corpus parses the same with tabs for indentation', () => {
  for (const path of files) {
    const text = readFileSync(path, 'utf8').replace(/^ {2}/gm, '\t');
    const f = parseLayers(text, path);
    assert.deepEqual(f.diagnostics, [], path);
  }
});
