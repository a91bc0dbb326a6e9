import assert from 'node:assert/strict';
import test from 'node:test';
import { isAlternative } from '../../src/effects/words';

test('a word is one of a pattern’s alternatives exactly when splitting the pattern on `|` lists it', () => {
  const patterns = ['a', 'a|an|the', 'the|a', 'creature|creatures', 'creatures|creature', 'it|its', 'x|', '|x', 'a||b', 'gets|get', 'damage'];
  const words = ['a', 'an', 'the', 'creature', 'creatures', 'creat', 'it', 'its', 'x', '', 'b', 'gets', 'get', 'damage', 'damag', 'a|an', 'ann'];
  let hits = 0;
  for (const p of patterns) {
    for (const w of words) {
      const expected = p.split('|').includes(w);
      assert.equal(isAlternative(p, w), expected, `${JSON.stringify(w)} in ${JSON.stringify(p)}`);
      if (expected) hits++;
    }
  }
  assert.ok(hits >= 15, `${hits} hits`);
});
