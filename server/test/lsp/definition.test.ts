import assert from 'node:assert/strict';
import test from 'node:test';
import { definition, prepareRename, references, rename } from '../../src/lsp/definition';
import { corpus, analysed, fixture, URI } from './fixture';
import { namesOf } from '../../src/lsp/names';

const SCENE = `
  players Alice, Bob
  card "Gray Ogre" as ogre
    type Creature — Ogre
    pt 2/2
    copies 2
    text Gray Ogre can't block.
  card Clone
    type Creature — Shapeshifter
    text You may have this creature enter as a copy of any creature on the battlefield.
  card "Giant Growth" as growth
    type Instant
    text Target creature gets +3/+3 until end of turn.
  enter ogre under Alice
  cast growth targeting "Gray Ogre"#2 as pump
  enter Clone choosing ogre#1
  end pump
  expect ogre#1: pt 2/2; controller Alice
  resolve "Gray Ogre gets +1/+1 until end of turn." targeting ogre#2
`;

/** The scene with the cursor before the first occurrence of `word` (or inside it, with `|`). */
function at(marker: string) {
  const [pre, post] = marker.split('|');
  const i = SCENE.indexOf(pre! + post!);
  assert.ok(i >= 0, marker);
  return fixture(SCENE.slice(0, i + pre!.length) + '|' + SCENE.slice(i + pre!.length));
}

const lines = (ls: { range: { start: { line: number; character: number }; end: { character: number } } }[]) => ls.map((l) => `${l.range.start.line}:${l.range.start.character}-${l.range.end.character}`);

test('definition: an alias leads to the alias, a name to the name, a player to the players line', () => {
  let f = at('expect og|re#1');
  assert.deepEqual(lines(definition(f.doc, f.at)), ['1:20-24']);
  f = at('targeting "Gray| Ogre"#2');
  assert.deepEqual(lines(definition(f.doc, f.at)), ['1:5-16']);
  f = at('under Al|ice');
  assert.deepEqual(lines(definition(f.doc, f.at)), ['0:8-13']);
  f = at('end pu|mp');
  assert.deepEqual(lines(definition(f.doc, f.at)), ['13:39-43']);
  f = at('text Gray Og|re can');
  assert.deepEqual(lines(definition(f.doc, f.at)), ['1:5-16'], 'the name inside its own text');
  f = at('type Creat|ure — Ogre');
  assert.deepEqual(definition(f.doc, f.at), []);
});

test('references: every place the object is written, by name, alias or in text', () => {
  const f = at('enter og|re under');
  assert.deepEqual(lines(references(f.doc, f.at, true)), ['1:5-16', '1:20-24', '5:7-16', '12:6-10', '13:22-35', '14:21-27', '16:7-13', '17:9-18', '17:60-66']);
  assert.deepEqual(lines(references(f.doc, f.at, false)).length, 7);
});

test('rename an alias: every `ogre`, with `#k` suffixes kept', () => {
  const f = at('enter og|re under');
  assert.deepEqual(prepareRename(f.doc, f.at), { range: { start: { line: 12, character: 6 }, end: { line: 12, character: 10 } }, placeholder: 'ogre' });
  const edits = rename(f.doc, f.at, 'brute')!.changes![URI]!;
  assert.deepEqual(edits.map((e) => `${e.range.start.line}:${e.range.start.character}-${e.range.end.character}=${e.newText}`), ['1:20-24=brute', '12:6-10=brute', '14:21-25=brute', '16:7-11=brute', '17:60-64=brute']);
});

test('rename a name: quoted uses, the name in effect text, and quotes added where it becomes several words', () => {
  const f = at('targeting "Gray| Ogre"#2');
  const edits = rename(f.doc, f.at, 'Grey Ogre')!.changes![URI]!;
  assert.deepEqual(edits.map((e) => `${e.range.start.line}:${e.range.start.character}-${e.range.end.character}=${e.newText}`), ['1:6-15=Grey Ogre', '5:7-16=Grey Ogre', '13:23-32=Grey Ogre', '17:9-18=Grey Ogre']);
  const c = at('enter Cl|one');
  assert.deepEqual(rename(c.doc, c.at, 'Phantasmal Image')!.changes![URI]!.map((e) => e.newText), ['"Phantasmal Image"', '"Phantasmal Image"']);
});

test('rename applied to the text gives a file that means the same', () => {
  const f = at('enter og|re under');
  const text = SCENE.replace(/^\n/, '').split('\n').map((l) => l.slice(2)).join('\n');
  const before = analysed(text);
  for (const newName of ['brute', 'Big Brute']) {
    const edits = rename(f.doc, f.at, newName)!.changes![URI]!;
    const ls = text.split('\n');
    for (const e of [...edits].reverse()) {
      const l = ls[e.range.start.line]!;
      ls[e.range.start.line] = l.slice(0, e.range.start.character) + e.newText + l.slice(e.range.end.character);
    }
    const after = analysed(ls.join('\n'));
    assert.deepEqual(after.analysis.diagnostics.map((d) => d.code), before.analysis.diagnostics.map((d) => d.code), newName);
    assert.deepEqual(after.analysis.expectations.map((e) => [e.passed, e.actual]), before.analysis.expectations.map((e) => [e.passed, e.actual]), newName);
  }
});

test('rename refuses names already taken, empty names, quotes; undeclared default players cannot be renamed', () => {
  const f = at('enter og|re under');
  assert.equal(rename(f.doc, f.at, 'Clone'), null);
  assert.equal(rename(f.doc, f.at, ''), null);
  assert.equal(rename(f.doc, f.at, 'a"b'), null);
  assert.equal(rename(f.doc, f.at, 'x#2'), null);
  const { doc, at: p } = fixture('card ogre\n  type Creature\nenter ogre under Al|ice\n');
  assert.equal(prepareRename(doc, p), null);
  assert.equal(rename(doc, p, 'Carol'), null);
  const pl = at('under Al|ice');
  assert.deepEqual(rename(pl.doc, pl.at, 'Carol')!.changes![URI]!.map((e) => e.range.start.line), [0, 12, 16]);
});

test('references and definition hold for every name in the corpus', () => {
  for (const { name, text } of corpus()) {
    const doc = analysed(text);
    for (const n of namesOf(doc).filter((x) => x.role === 'use')) {
      if (n.kind === 'label') continue;
      const d = definition(doc, n.range.start);
      if (n.kind === 'player' && !doc.analysis.file.players) continue;
      assert.equal(d.length, 1, `${name}: ${n.text} at ${n.range.start.line}`);
      assert.ok(references(doc, n.range.start, true).some((r) => r.range.start.line === n.range.start.line && r.range.start.character === n.range.start.character));
    }
  }
});
