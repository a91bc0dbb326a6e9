// Short descriptions of effect parts for the trace and the hover.
import assert from 'node:assert/strict';
import test from 'node:test';
import { describePart } from '../../src/effects/compile';
import type { Part } from '../../src/effects/ir';
import { ctx, parts } from './helpers';

const describe = (text: string) => parts(text, ctx()).map(describePart);

test('the brief examples, one per layer', () => {
  assert.deepEqual(describe('Enchanted creature gets +1/+1.'), ['+1/+1']);
  assert.deepEqual(describe('Enchanted creature is white.'), ['becomes white']);
  assert.deepEqual(describe('Enchanted creature has flying.'), ['gains flying']);
  assert.deepEqual(describe('Enchanted creature has base power and toughness 0/1.'), ['base P/T 0/1']);
  assert.deepEqual(describe('Enchanted creature loses all abilities.'), ['loses all abilities']);
  assert.deepEqual(describe('Nonbasic lands are Mountains.'), ['land type → Mountain (305.7)']);
});

test('counts, choices, copies, players and rules', () => {
  assert.deepEqual(describe('Enchanted creature gets +1/+1 for each Forest you control.'), ['+1/+1 for each Forest you control']);
  assert.deepEqual(describe('Enchanted creature gets -2/-0.'), ['-2/+0']);
  assert.deepEqual(describe("This creature's power and toughness are each equal to the number of creature cards in your graveyard."), ['P/T each = the number of creature cards in your graveyard']);
  assert.deepEqual(describe('Each noncreature artifact is an artifact creature with base power and base toughness each equal to its mana value.'), ['adds Artifact Creature', 'base P/T each = its mana value']);
  assert.deepEqual(describe('Enchanted creature is colorless.'), ['becomes colorless']);
  assert.deepEqual(describe('Enchanted creature is blue in addition to its other colors.'), ['adds blue']);
  assert.deepEqual(describe('You have hexproof.'), ['has hexproof']);
  assert.deepEqual(describe('Your maximum hand size is reduced by one.'), ['maximum hand size -1']);
  const copy: Part = { layer: '1a', kind: 'copy', of: { kind: 'target', index: 0, noun: 'creature' }, except: [{ layer: '7b', kind: 'pt', power: { kind: 'const', value: 7 }, toughness: { kind: 'const', value: 7 } }] };
  assert.equal(describePart(copy), 'becomes a copy of target creature, except base P/T 7/7 (707.2)');
  assert.equal(describePart({ layer: '3', kind: 'text-change', wordKind: 'color', from: { kind: 'choice', index: 0 }, to: { kind: 'choice', index: 1 } }), 'text: color word choice 1 → choice 2 (612)');
  assert.equal(describePart({ layer: '7d', kind: 'switch' }), 'switches power and toughness');
});

test('plurals as Oracle text writes them: other Merfolk, Elves, Wolves, Goblins', async () => {
  const { describeFilter } = await import('../../src/effects/describe');
  const { compileAbilityText } = await import('../../src/effects/compile');
  const affected = (text: string) => {
    const a = compileAbilityText(text, ctx()).abilities[0];
    assert.ok(a?.kind === 'static', text);
    const s = a.effects[0]!.affected;
    assert.ok(s.kind === 'filter', text);
    return describeFilter(s.filter);
  };
  assert.equal(affected('Other Merfolk get +1/+1.'), 'other Merfolk');
  assert.equal(affected('Other Elves you control get +1/+1.'), 'other Elves you control');
  assert.equal(affected('Wolves you control get +1/+1.'), 'Wolves you control');
  assert.equal(affected('Other Goblins get +1/+1.'), 'other Goblins');
  assert.equal(affected('Treefolk you control get +0/+1.'), 'Treefolk you control');
});
