// Keyword lines of the issue 8 card sample (702): every form of parameter,
// and the entry replacements some keywords mean.
import assert from 'node:assert/strict';
import test from 'node:test';
import { compileAbilityText } from '../../src/effects/compile';
import { keywordMeaning, keywordReplacements } from '../../src/effects/keywords';
import { ctx, n, one } from './helpers';

test('keyword parameters: typecycling, quality costs, phrases, number-costs', () => {
  const line = compileAbilityText('Islandcycling {2}, swampcycling {2}', ctx());
  assert.deepEqual(line.issues, []);
  assert.deepEqual(line.abilities.map((a) => a.kind === 'keyword' && [a.keyword, a.parameter]), [['islandcycling', '{2}'], ['swampcycling', '{2}']]);
  const cases: [string, string, string | undefined][] = [
    ['Basic landcycling {1}{U}', 'basic landcycling', '{1}{U}'],
    ['Equip Knight {1}', 'equip', 'Knight {1}'],
    ['Equip {2}', 'equip', '{2}'],
    ['Splice onto Arcane {3}{G}', 'splice onto', 'Arcane {3}{G}'],
    ['Affinity for artifacts', 'affinity for', 'artifacts'],
    ['Champion a Faerie', 'champion', 'a Faerie'],
    ['Reinforce 1—{1}{G}', 'reinforce', '1—{1}{G}'],
    ['Gift a tapped Fish', 'gift', 'a tapped Fish'],
    ['Teamwork 3', 'teamwork', '3'],
    ['Start your engines!', 'start your engines!', undefined],
  ];
  for (const [text, keyword, parameter] of cases) {
    const a = one(text);
    assert.equal(a.kind === 'keyword' && a.keyword, keyword, text);
    assert.equal(a.kind === 'keyword' && a.parameter, parameter, text);
  }
});

test('a keyword with a parameter it cannot have is not understood', () => {
  for (const text of ['Champion a frobnicate', 'Gift', 'Equip Knight']) {
    const r = compileAbilityText(text, ctx());
    assert.equal(r.abilities[0]?.kind, 'unknown', text);
    assert.ok(r.issues.length > 0, text);
  }
});

test('keywords that mean an entry replacement, and what the others do', () => {
  const kw = (text: string) => {
    const a = one(text);
    if (a.kind !== 'keyword') throw new Error(text);
    return keywordReplacements(a);
  };
  assert.deepEqual(kw('Modular 2'), [{ kind: 'enters-with-counters', affected: { kind: 'object', ref: { kind: 'self' } }, counter: '+1/+1', amount: n(2) }]);
  const fading = kw('Fading 3')[0]!;
  assert.equal(fading.kind === 'enters-with-counters' && fading.counter, 'fade');
  assert.equal(kw('Devour 2')[0]!.kind, 'devour');
  assert.equal(kw('Bloodthirst 1')[0]!.condition?.kind, 'answer');
  assert.deepEqual(kw('Flying'), []);
  assert.match(keywordMeaning('bushido') ?? '', /blocks or becomes blocked/);
  assert.match(keywordMeaning('forestcycling') ?? '', /forest card/);
});
