import assert from 'node:assert/strict';
import test from 'node:test';
import fc from 'fast-check';
import { editDistance, suggest, typoLimit } from '../../src/syntax/suggest';

test('edit distance: insertions, deletions, substitutions, and an adjacent swap as one edit', () => {
  assert.equal(editDistance('ogre', 'orge'), 1);
  assert.equal(editDistance('Ogre', 'ogre'), 0, 'case-insensitive');
  assert.equal(editDistance('kitten', 'sitting'), 3);
  assert.equal(editDistance('', 'abc'), 3);
  assert.equal(editDistance('abc', ''), 3);
  assert.equal(editDistance('ca', 'abc'), 3, 'optimal string alignment: no edit of a swapped pair');
  assert.equal(editDistance('tpye', 'type'), 1);
});

test('edit distance with a cap stops at cap + 1', () => {
  assert.equal(editDistance('abcdef', 'uvwxyz', 2), 3);
  assert.equal(editDistance('a', 'abcdefgh', 1), 2);
  assert.equal(editDistance('ogre', 'orge', 1), 1);
});

test('edit distance is a symmetric measure, zero only for equal words (property)', () => {
  fc.assert(
    fc.property(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 }), (a, b) => {
      const d = editDistance(a, b);
      assert.equal(d, editDistance(b, a));
      assert.equal(d === 0, a.toLowerCase() === b.toLowerCase());
      assert.ok(d <= Math.max(a.length, b.length));
      assert.ok(d >= Math.abs(a.length - b.length));
      assert.equal(editDistance(a, b, 2), Math.min(d, 3));
    }),
    { numRuns: 300 },
  );
});

test('the typo limit: one edit for short words, about a third for longer ones', () => {
  assert.deepEqual([1, 2, 3, 4, 6, 7, 9, 12].map(typoLimit), [1, 1, 1, 2, 2, 3, 3, 4]);
});

test('suggest finds close words and refuses distant ones', () => {
  assert.equal(suggest('orge', ['ogre', 'honor']), 'ogre');
  assert.equal(suggest('ogar', ['ogre', 'honor']), 'ogre');
  assert.equal(suggest('Urbrog', ['Urborg', 'Blood Moon']), 'Urborg');
  assert.equal(suggest('tpye', ['cost', 'type', 'pt']), 'type');
  assert.equal(suggest('xyz', ['ogre', 'honor']), undefined);
  assert.equal(suggest('frobnicate', ['enter', 'cast', 'expect']), undefined);
  assert.equal(suggest('b', ['by', 'to']), undefined, 'one character is not a typo');
  assert.equal(suggest('', ['a']), undefined);
  assert.equal(suggest('ogre', []), undefined);
});

test('suggest returns an exact case-insensitive match as written in the candidates', () => {
  assert.equal(suggest('OGRE', ['honor', 'Ogre']), 'Ogre');
});

test('suggest prefers the closest, then a prefix match', () => {
  assert.equal(suggest('hand', ['hands', 'band']), 'hands', 'both one edit away: the prefix match wins');
  assert.equal(suggest('Hon', ['Honor of the Pure', 'Ogre']), 'Honor of the Pure', 'a prefix of three letters or more matches however long the name');
  assert.equal(suggest('gravyard', ['graveyard', 'battlefield']), 'graveyard');
  assert.equal(suggest('exil', ['exile', 'hand']), 'exile');
});

test('suggest stays fast and total on huge and odd input', () => {
  // A 100k-character word is nobody's typo: no suggestion, and no 100k × 100k table.
  const big = 'x'.repeat(100_000);
  assert.ok(suggest(big + 'y', ['ogre', big]) === undefined);
  assert.ok(suggest('ogrx', [big, 'ogre']) === 'ogre');
  assert.ok(editDistance(big, big + 'yy', 1) === 2);
  assert.equal(suggest('\u0000\uFFFF', ['ogre']), undefined);
  const many = Array.from({ length: 10_000 }, (_, i) => `name${i}`);
  assert.equal(suggest('name9999x', many), 'name9999');
});
