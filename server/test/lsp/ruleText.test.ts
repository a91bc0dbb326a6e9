import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import test from 'node:test';
import { LAYER_RULES, RULE_WORDS, ruleAt, ruleMarkdown } from '../../src/lsp/ruleText';

const EXCERPTS = readFileSync('../shared/rules/cr-current-excerpts.md', 'utf8');

test('every quote is word for word in the current rules excerpts, under its rule number', () => {
  const quotes = [...Object.values(LAYER_RULES), ...RULE_WORDS, ...RULE_WORDS.flatMap((r) => (r.see ? [r.see] : []))];
  for (const q of quotes) {
    assert.ok(EXCERPTS.includes(q.text), `${q.rule}: "${q.text}" is not in the excerpts`);
    // The quote sits on its rule's line (each rule is one line starting with its number), or in an example under it.
    const at = EXCERPTS.indexOf(q.text);
    const head = EXCERPTS.slice(EXCERPTS.lastIndexOf('\n', at) + 1, at + 1).slice(0, 20);
    if (!head.startsWith('Example:')) assert.ok(head.startsWith(q.rule), `${q.rule}: quote found under "${head}"`);
  }
});

test('ruleAt: the longest phrase under the cursor, on word boundaries', () => {
  const text = 'Target creature gets +3/+3 until end of turn.';
  assert.equal(ruleAt(text, text.indexOf('end'))!.phrase, 'until end of turn');
  assert.equal(ruleAt(text, text.indexOf('gets') + 1)!.rule, '613.4c');
  assert.equal(ruleAt(text, 2), undefined);
  assert.equal(ruleAt('Forgets everything.', 3), undefined, '"gets" inside a word is not the word');
  assert.equal(ruleAt('Enchanted creature has base power and toughness 0/1.', 30)!.rule, '613.4b');
  assert.equal(ruleAt('For as long as you control this creature, …', 5)!.rule, '611.2b');
  assert.equal(ruleAt('This land enters tapped.', 12)!.rule, '614.12');
  assert.equal(ruleAt('If a card would die, exile it instead.', 32)!.rule, '616.1');
  assert.equal(ruleAt('Prevent all damage that would be dealt this turn.', 2)!.rule, '611.2c');
  assert.equal(ruleAt('It’s still a land.', 8)!.rule, '613.1d');
  // Offsets are UTF-16 code units even after a character whose lower case is longer.
  const odd = 'İİ gets +1/+1.';
  assert.deepEqual([ruleAt(odd, 4)!.start, ruleAt(odd, 4)!.end], [3, 7]);
});

test('ruleMarkdown: the rule and the one to read next', () => {
  assert.equal(ruleMarkdown({ rule: '613.4d', text: 'x' }), '**613.4d** — “x”');
  assert.equal(ruleMarkdown({ rule: '614.12', text: 'a', see: { rule: '616.1', text: 'b' } }), '**614.12** — “a”\n\n**616.1** — “b”');
});
