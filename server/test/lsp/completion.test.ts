import assert from 'node:assert/strict';
import test from 'node:test';
import { InsertTextFormat } from 'vscode-languageserver';
import { completion } from '../../src/lsp/completion';
import { fixture } from './fixture';

const HEAD = `
  players Alice, Bob
  card "Gray Ogre" as ogre
    type Creature — Ogre
    pt 2/2
  card "Grizzly Bears" as bears
    type Creature — Bear
    pt 2/2
    copies 2
  card Clone
    type Creature — Shapeshifter
  card "Giant Growth" as growth
    type Instant
    text Target creature gets +3/+3 until end of turn.
  cast growth targeting ogre as pump
`;

/** Labels offered at the `|` of `line` written after HEAD. */
function labels(line: string): string[] {
  const { doc, at } = fixture(HEAD + line);
  return completion(doc, at).map((c) => c.label);
}

const has = (xs: string[], ...want: string[]) => {
  for (const w of want) assert.ok(xs.includes(w), `missing ${w} in ${xs.slice(0, 40).join(', ')}`);
};
const lacks = (xs: string[], ...not: string[]) => {
  for (const w of not) assert.ok(!xs.includes(w), `unexpected ${w}`);
};

test('statement keywords and players at the start of a line', () => {
  const xs = labels('en|');
  has(xs, 'enter', 'cast', 'resolve', 'expect', 'card', 'token', 'Alice', 'Bob');
  lacks(xs, 'pt', 'ogre');
});

test('card keys at the start of a block line; not `colors` twice', () => {
  const xs = labels('card Saproling\n  |');
  assert.deepEqual(xs, ['cost', 'color', 'type', 'pt', 'owner', 'text', 'copies']);
  has(labels('card Saproling\n  type Creature\n  p|'), 'pt');
});

test('type lines: supertypes and card types, then subtypes after the dash', () => {
  const before = labels('card Saproling\n  type |');
  has(before, 'Legendary', 'Creature', 'Artifact', 'Land');
  lacks(before, 'Goblin');
  const after = labels('card Saproling\n  type Creature — Sap|');
  has(after, 'Saproling', 'Goblin', 'Forest', 'Equipment', 'Aura');
  lacks(after, 'Creature');
});

test('colors and owners inside a block', () => {
  assert.deepEqual(labels('card Saproling\n  color |'), ['white', 'blue', 'black', 'red', 'green', 'colorless']);
  assert.deepEqual(labels('card Saproling\n  owner |'), ['Alice', 'Bob']);
});

test('effect phrase templates as snippets inside `text` lines, replacing what was typed', () => {
  const { doc, at } = fixture(HEAD + 'card Anthem\n  text Creatures y|');
  const items = completion(doc, at);
  const anthem = items.find((i) => i.label === 'Creatures you control get +N/+N')!;
  assert.equal(anthem.insertTextFormat, InsertTextFormat.Snippet);
  assert.deepEqual(anthem.textEdit, { range: { start: { line: at.line, character: 7 }, end: at }, newText: 'Creatures you control get +${1:1}/+${2:1}.' });
  assert.equal(anthem.filterText, 'Creatures you control get +1/+1.');
  assert.equal(anthem.detail, 'layer 7c (613.4c)');
  has(items.map((i) => i.label), "This creature's power and toughness are each equal to …", "Switch target creature's power and toughness", 'Flying', 'Protection');
});

test('phrase templates inside the quotes of `resolve`', () => {
  const xs = labels('resolve "Target creature |');
  has(xs, 'Target creature gets +N/+N until end of turn', "Switch target creature's power and toughness");
  lacks(labels('resolve "x" targeting |'), 'Target creature gets +N/+N until end of turn');
});

test('declared names, aliases (quoted when needed), copies and players after event keywords', () => {
  const xs = labels('enter |');
  has(xs, 'ogre', '"Gray Ogre"', 'bears', 'bears#1', 'bears#2', 'Clone', 'growth', 'Alice');
  has(labels('cast growth targeting |'), 'ogre', 'bears#2');
  has(labels('destroy o|'), 'ogre');
});

test('a quoted name being typed is replaced from its opening quote', () => {
  const { doc, at } = fixture(HEAD + 'enter "Gray O|');
  const item = completion(doc, at).find((i) => i.label === '"Gray Ogre"')!;
  assert.deepEqual((item.textEdit as { range: unknown }).range, { start: { line: at.line, character: 6 }, end: at });
});

test('players after `under` and `by`; zones after `move X to`; labels after `end`', () => {
  assert.deepEqual(labels('enter ogre under |'), ['Alice', 'Bob']);
  assert.deepEqual(labels('resolve "x" by |'), ['Alice', 'Bob']);
  assert.deepEqual(labels('move ogre to |'), ['battlefield', 'graveyard', 'hand', 'library', 'exile', 'stack', 'command']);
  assert.deepEqual(labels('end |'), ['turn', 'pump']);
  has(labels('put a |'), '+1/+1', '-1/-1', 'flying');
  assert.deepEqual(labels('turn ogre |'), ['face up', 'face down']);
  has(labels('Alice |'), 'draws', 'gains', 'loses', 'discards');
});

test('`choosing`: names, colors and players', () => {
  has(labels('enter Clone choosing |'), 'ogre', 'blue', 'Alice');
});

test('expectations: subjects, then facts after the colon, then values for the fact', () => {
  has(labels('expect |'), 'loop', 'ogre', '"Gray Ogre"', 'Alice');
  has(labels('expect ogre: |'), 'pt', 'color', 'type', 'has', 'zone', 'controller', 'counters', 'max hand size');
  has(labels('expect ogre: pt 2/2; |'), 'pt', 'zone');
  has(labels('expect ogre: zone |'), 'exile', 'graveyard');
  has(labels('expect ogre: color |'), 'red', 'colorless');
  assert.deepEqual(labels('expect ogre: controller |'), ['Alice', 'Bob']);
  has(labels('expect ogre: has |'), 'Flying', 'Trample');
  has(labels('expect ogre: type Creature — |'), 'Ogre');
  has(labels('expect ogre: is |'), 'Creature', 'red');
  has(labels('expect loop |'), 'ogre');
  has(labels('expect ogre depends on |'), 'bears');
});

test('nothing inside a comment; completion is total at any position', () => {
  assert.deepEqual(labels('enter ogre # a comm|'), []);
  const { doc } = fixture(HEAD);
  assert.deepEqual(completion(doc, { line: 999, character: 999 }).map((c) => c.label).slice(0, 2), ['scenario', 'players']);
  assert.doesNotThrow(() => completion(doc, { line: -4, character: Number.NaN }));
});

test('edit ranges stay inside the document, whatever position the client sends (line 1e308)', () => {
  const { doc } = fixture(HEAD + 'enter og');
  const last = doc.lines.length - 1;
  const inside = (r: { start: { line: number; character: number }; end: { line: number; character: number } }) =>
    [r.start, r.end].every((q) => q.line >= 0 && q.line <= last && q.character >= 0 && q.character <= doc.lines[q.line]!.length);
  for (const p of [{ line: 1e308, character: 1e308 }, { line: 2, character: 1e308 }, { line: Number.MAX_SAFE_INTEGER, character: 0 }]) {
    const items = completion(doc, p);
    assert.ok(items.length > 0, JSON.stringify(p));
    for (const c of items) assert.ok(inside((c.textEdit as unknown as { range: never }).range), `${c.label} at ${JSON.stringify((c.textEdit as { range: unknown }).range)}`);
  }
  // Past the end of the document is its end: the name being typed there is completed.
  assert.ok(completion(doc, { line: 1e308, character: 0 }).some((c) => c.label === 'ogre'));
});
