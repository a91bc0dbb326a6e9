import assert from 'node:assert/strict';
import test from 'node:test';
import fc from 'fast-check';
import { collapseBlanks, formatText, formatting } from '../../src/lsp/formatting';
import { analysed, corpus, dedent } from './fixture';

const nonBlank = (s: string) => s.replace(/\s/g, '');

/** What the engine makes of a text: everything but positions. */
function meaning(text: string) {
  const a = analysed(text).analysis;
  return {
    diagnostics: a.diagnostics.map((d) => `${d.severity} ${d.code} ${d.message}`).sort(),
    expectations: a.expectations.map((e) => [e.passed, e.expected, e.actual]),
  };
}

test('block keys get two spaces, top-level lines none, words one space, no trailing blanks', () => {
  const input = '  players   Alice,  Bob  \ncard   "Gray  Ogre"   as ogre  \n\t\ttype Creature — Ogre   \n    pt   2/2\n    text   Flying,  haste   # kept   as   is  \nenter    ogre  \n\nexpect ogre:  pt 2/2 ;  color red\n';
  const want = 'players Alice, Bob\ncard "Gray  Ogre" as ogre\n  type Creature — Ogre\n  pt 2/2\n  text Flying,  haste   # kept   as   is\nenter ogre\n\nexpect ogre: pt 2/2 ; color red\n';
  assert.equal(formatText(input), want);
  assert.deepEqual(meaning(want), meaning(input));
  // An indented line after a card is one of its keys (spec section 1), wherever it is: it stays in the block.
  assert.equal(formatText('card ogre\n  type Creature\n      enter ogre\n'), 'card ogre\n  type Creature\n  enter ogre\n');
});

test('quotes, comments and ability text are never changed; `#k` is not a comment', () => {
  const input = dedent(`
    scenario   "A   title"   #   a  comment
    card “Odd   Name”   as   odd
        text   This  creature   gets +1/+1.   #  note
        # an indented   comment
    # a comment at the left   
    resolve   "Target  creature gets +1/+1."   targeting   odd#1
  `);
  assert.equal(
    formatText(input),
    dedent(`
      scenario "A   title"   #   a  comment
      card “Odd   Name” as odd
        text This  creature   gets +1/+1.   #  note
        # an indented   comment
      # a comment at the left
      resolve "Target  creature gets +1/+1." targeting odd#1
    `),
  );
});

test('line breaks are kept as written (\\n, \\r\\n, \\r), and so is a byte-order mark', () => {
  assert.equal(formatText('\ufeffcard ogre\r\n\ttype Creature\r  pt 2/2\nenter  ogre'), '\ufeffcard ogre\r\n  type Creature\r  pt 2/2\nenter ogre');
});

test('collapseBlanks: outside quotes only, an unterminated quote protects the rest', () => {
  assert.equal(collapseBlanks('a  b\t\tc "d  e"  f'), 'a b c "d  e" f');
  assert.equal(collapseBlanks('resolve   "a  b'), 'resolve "a  b');
});

test('formatting edits only the lines that change', () => {
  const doc = analysed('card ogre\n    type Creature\nenter ogre\n');
  assert.deepEqual(formatting(doc), [{ range: { start: { line: 1, character: 0 }, end: { line: 1, character: 17 } }, newText: '  type Creature' }]);
  assert.deepEqual(formatting(analysed('card ogre\n  type Creature\nenter ogre\n')), []);
});

test('over every corpus file: idempotent, every non-blank character kept in order, same meaning', () => {
  for (const { name, text } of corpus()) {
    const once = formatText(text);
    assert.equal(formatText(once), once, `${name}: idempotent`);
    assert.equal(nonBlank(once), nonBlank(text), `${name}: characters kept`);
    assert.equal(once.split('\n').length, text.split('\n').length, `${name}: lines kept`);
    assert.deepEqual(meaning(once), meaning(text), `${name}: meaning kept`);
  }
});

test('over the corpus with its blanks scrambled: same results as the original', () => {
  const files = corpus().slice(0, 12);
  fc.assert(
    fc.property(fc.integer({ min: 0, max: files.length - 1 }), fc.array(fc.constantFrom(' ', '  ', '\t', '   '), { minLength: 1, maxLength: 20 }), (k, blanks) => {
      const { text } = files[k]!;
      let n = 0;
      // Widen the blanks between words (outside quotes the meaning cannot change) and the indentation.
      const scrambled = text
        .split('\n')
        .map((l) => {
          if (!l.trim() || l.trimStart().startsWith('#') || l.includes('"')) return l;
          const indent = /^\s*/.exec(l)![0];
          const body = l.slice(indent.length);
          const key = /^(text)\s+/.exec(body);
          const rest = key ? body.slice(key[0].length) : body;
          const spaced = key ? `text${blanks[n++ % blanks.length]}${rest}` : rest.replace(/ /g, () => blanks[n++ % blanks.length]!);
          return (indent ? indent + blanks[n++ % blanks.length]!.replace('\t', '  ') : '') + spaced + (n % 3 === 0 ? '  ' : '');
        })
        .join('\n');
      const once = formatText(scrambled);
      assert.equal(formatText(once), once);
      assert.equal(nonBlank(once), nonBlank(text));
      assert.deepEqual(meaning(once).expectations, meaning(text).expectations);
    }),
    { numRuns: 60, seed: 7 },
  );
});

test('any text at all: idempotent and loses no non-blank character', () => {
  fc.assert(
    fc.property(fc.string({ unit: fc.constantFrom('a', 'b', ' ', '\t', '\n', '\r', '"', '“', '”', '#', '1', 'c', 'card ', 'text ', '  ', '\u00a0', '—') , maxLength: 200 }), (s) => {
      const once = formatText(s);
      assert.equal(formatText(once), once);
      assert.equal(nonBlank(once), nonBlank(s));
    }),
    { numRuns: 2000, seed: 11 },
  );
});
