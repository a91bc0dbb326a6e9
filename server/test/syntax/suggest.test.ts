import assert from 'node:assert/strict';
import test from 'node:test';
import { editDistance, suggest } from '../../src/syntax/suggest';

test('edit distance counts an adjacent swap as one edit', () => {
  assert.equal(editDistance('ogre', 'orge'), 1);
  assert.equal(editDistance('Ogre', 'ogre'), 0);
  assert.equal(editDistance('kitten', 'sitting'), 3);
});

test('suggest finds close names and refuses distant ones', () => {
  assert.equal(suggest('orge', ['ogre', 'honor']), 'ogre');
  assert.equal(suggest('Urbrog', ['Urborg', 'Blood Moon']), 'Urborg');
  assert.equal(suggest('xyz', ['ogre', 'honor']), undefined);
  assert.equal(suggest('Hon', ['Honor of the Pure']), 'Honor of the Pure');
});
