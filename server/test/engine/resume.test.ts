// Replay from the first changed statement (issue 9) must give exactly what a
// full analysis gives: random edits of every sample and conformance file, each
// analysed once from scratch and once resumed from the analysis before the edit.
import test from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { parseLayers } from '../../src/syntax/parser';
import { analyze, startAnalysis } from '../../src/engine/analyze';
import { checkIncremental, firstDifference } from '../../src/engine/resume';

const dirs = [join(__dirname, '../../../../shared/conformance'), join(__dirname, '../../../samples')];
const corpus = dirs.filter(existsSync).flatMap((d) => readdirSync(d).filter((f) => f.endsWith('.layers')).map((f) => readFileSync(join(d, f), 'utf8')));

/** Edits a user makes: change a number, delete a line, duplicate a line, insert a comment, append an event. */
function edit(text: string, kind: number, at: number): string {
  const lines = text.split('\n');
  const i = at % Math.max(1, lines.length);
  switch (kind) {
    case 0:
      lines[i] = lines[i]!.replace(/\d/, (d) => String((Number(d) + 1) % 10));
      break;
    case 1:
      lines.splice(i, 1);
      break;
    case 2:
      lines.splice(i, 0, lines[i] ?? '');
      break;
    case 3:
      lines.splice(i, 0, '# a comment');
      break;
    default:
      lines.push('end turn');
  }
  return lines.join('\n');
}

test('the corpus is there', () => assert.ok(corpus.length >= 20, `${corpus.length} files`));

test('a resumed analysis equals a full analysis after random edits', () => {
  fc.assert(
    fc.property(fc.nat(corpus.length - 1), fc.array(fc.tuple(fc.nat(4), fc.nat(400)), { minLength: 1, maxLength: 4 }), (n, edits) => {
      let text = corpus[n]!;
      let previous = analyze(parseLayers(text, 'f.layers'));
      for (const [kind, at] of edits) {
        text = edit(text, kind, at);
        const file = parseLayers(text, 'f.layers');
        const resumed = analyze(file, { previous });
        checkIncremental(resumed, analyze(parseLayers(text, 'f.layers')));
        previous = resumed;
      }
    }),
    { numRuns: 80, seed: 9 },
  );
});

test('an edit late in the timeline resumes late; a declaration edit starts again', () => {
  const text = readFileSync(join(__dirname, '../../../samples/613-8a-blood-moon-and-urborg.layers'), 'utf8');
  const a = analyze(parseLayers(text, 'f.layers'));
  const n = a.file.statements.length;
  const late = parseLayers(text + '\nend turn\n', 'f.layers');
  assert.equal(startAnalysis(late, { previous: a }).resumedAt, n, 'only the new statement runs');
  const decl = text.replace('type ', 'type  ');
  assert.ok(firstDifference(text, decl) < text.indexOf('\nenter'));
  assert.equal(startAnalysis(parseLayers(decl, 'f.layers'), { previous: a }).resumedAt, 0);
  assert.equal(startAnalysis(parseLayers(text, 'f.layers'), { previous: a }).resumedAt, n, 'the same text reuses everything');
});
