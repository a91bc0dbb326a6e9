// A parse that reuses the statement lines of the previous version of the text
// (parser.ts, issue 9) must give exactly the tree and diagnostics a parse from
// scratch gives, and so must the name index built on it (lsp/names.ts).
import test from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { parseLayers } from '../../src/syntax/parser';
import { splitLines } from '../../src/syntax/tokens';
import { nameOccurrences } from '../../src/lsp/names';
import { corpus, userEdit } from '../corpus';

/** `split`: the text given already split, as the language server gives it (lsp/documents.ts). */
const tree = (text: string, previous?: ReturnType<typeof parseLayers>, split = false) => {
  const file = parseLayers(text, 'f.layers', previous, split ? splitLines(text) : undefined);
  return { file, json: JSON.stringify(file), names: JSON.stringify(nameOccurrences(file)) };
};

test('a parse reusing the previous version’s lines equals a parse from scratch, names included', () => {
  let reused = 0;
  let blocks = 0;
  fc.assert(
    fc.property(fc.nat(corpus.length - 1), fc.array(fc.tuple(fc.nat(8), fc.nat(400)), { minLength: 1, maxLength: 5 }), (n, edits) => {
      let text = corpus[n]!.text;
      let previous = parseLayers(text, 'f.layers');
      nameOccurrences(previous);
      for (const [kind, at] of edits) {
        text = userEdit(text, kind, at);
        const fresh = tree(text);
        const again = tree(text, previous, true);
        assert.equal(again.json, fresh.json);
        assert.equal(again.names, fresh.names);
        reused += again.file.statements.filter((s) => previous.statements.includes(s)).length;
        blocks += again.file.objects.filter((d) => previous.objects.includes(d)).length;
        previous = again.file;
      }
    }),
    { numRuns: 150, seed: 11 },
  );
  assert.ok(reused > 1000, `${reused} statements reused`);
  assert.ok(blocks > 300, `${blocks} declarations reused`);
});

test('typing in one line of a long file parses that line again, and only that line', () => {
  const lines = ['card "Gray Ogre" as ogre', '  type Creature — Ogre', '  pt 2/2'];
  for (let i = 0; i < 300; i++) lines.push(i % 3 ? 'tap ogre' : 'expect ogre 2/2');
  const before = parseLayers(lines.join('\n'), 'f.layers');
  lines[150] = 'untap ogre';
  const after = parseLayers(lines.join('\n'), 'f.layers', before);
  const shared = after.statements.filter((s, i) => s === before.statements[i]).length;
  assert.equal(shared, after.statements.length - 1);
  assert.equal(after.statements[147]!.kind, 'event');
  assert.notEqual(after.statements[147], before.statements[147]);
});

test('a card block is parsed again only when one of its lines, its end or the declared names change', () => {
  const lines = ['card "Gray Ogre" as ogre', '  type Creature — Ogre', '  pt 2/2', '', 'card Bear # a comment', '  type Creature — Bear', '  pt 2/2 2', 'enter ogre', 'expect ogre 2/2'];
  const before = parseLayers(lines.join('\n'), 'f.layers');
  const same = (file: ReturnType<typeof parseLayers>) => file.objects.map((d, i) => d === before.objects[i]);
  // Typing in a statement: both declarations are the previous ones, with their diagnostics (`pt 2/2 2`).
  lines[8] = 'expect ogre 3/3';
  let after = parseLayers(lines.join('\n'), 'f.layers', before);
  assert.deepEqual(same(after), [true, true]);
  assert.deepEqual(after.diagnostics, before.diagnostics);
  assert.deepEqual(after.comments, before.comments);
  // Typing in the first card's block: that block alone is read again.
  lines[2] = '  pt 3/3';
  after = parseLayers(lines.join('\n'), 'f.layers', before);
  assert.deepEqual(same(after), [false, true]);
  // A statement indented under the second block joins it: read again.
  lines[7] = '  enter ogre';
  after = parseLayers(lines.join('\n'), 'f.layers', before);
  assert.deepEqual(same(after), [false, false]);
  assert.equal(JSON.stringify(after), JSON.stringify(parseLayers(lines.join('\n'), 'f.layers')));
});

test('a text given already split parses as the text itself, whatever its line ends', () => {
  const text = 'card "Gray Ogre" as ogre\r\n  type Creature — Ogre\r  pt 2/2\nenter ogre\r\nexpect ogre 2/2\n';
  assert.equal(JSON.stringify(parseLayers(text, 'f.layers', undefined, splitLines(text))), JSON.stringify(parseLayers(text, 'f.layers')));
});

test('the names declared by headers are read again only where a header changed, and a parse reusing them equals one from scratch', () => {
  const lines = ['card Gray Ogre', '  type Creature — Ogre', '  pt 2/2', 'card Llanowar Elves', '  type Creature — Elf', '  pt 1/1', 'enter Gray Ogre, Llanowar Elves', 'expect Gray Ogre 2/2'];
  let previous = parseLayers(lines.join('\n'), 'f.layers');
  const refs = (file: ReturnType<typeof parseLayers>) => JSON.stringify(nameOccurrences(file).filter((o) => o.role === 'use').map((o) => o.text));
  assert.equal(refs(previous), '["Gray Ogre","Llanowar Elves","Gray Ogre"]');
  // The first header renamed: `Gray Ogre` is no longer a declared name, in the reusing parse as in a fresh one.
  for (const header of ['card Gray Ogres', 'card Gray Ogre', 'card "Gray Ogre" as ogre']) {
    lines[0] = header;
    const text = lines.join('\n');
    const again = parseLayers(text, 'f.layers', previous, splitLines(text));
    const fresh = parseLayers(text, 'f.layers');
    assert.equal(JSON.stringify(again), JSON.stringify(fresh), header);
    assert.equal(refs(again), refs(fresh), header);
    previous = again;
  }
  assert.equal(refs(previous), '["Gray Ogre","Llanowar Elves","Gray Ogre"]');
});
