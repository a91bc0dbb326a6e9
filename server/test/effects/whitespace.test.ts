// Text is read by words, never by regular expressions over the raw line:
// doubling every space of a real card's text changes nothing that is read
// (durations, targets, keyword parameters, descriptions). Before, `this  turn`
// (two spaces) silently dropped the duration of a spell's replacement.

import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import test from 'node:test';
import { compileAbilityText, compileEffectText } from '../../src/effects/compile';
import { actions, ctx, noSpans } from './helpers';

const CARDS = '../shared/cards/cards-public.txt';

/** The reading with spans dropped and whitespace runs in strings made one space (the texts themselves keep their spaces). */
function normal(x: unknown): unknown {
  if (typeof x === 'string') return x.replace(/\s+/g, ' ');
  if (Array.isArray(x)) return x.map(normal);
  if (!x || typeof x !== 'object') return x;
  return Object.fromEntries(Object.entries(x).filter(([k]) => k !== 'span' && k !== 'start' && k !== 'end').map(([k, v]) => [k, normal(v)]));
}

const doubled = (s: string) => s.replace(/ /g, '  ');

test('"this  turn" with two spaces keeps its duration (614.15 vs. a replacement lasting the turn)', () => {
  const one = actions('Destroy target creature. If that creature would die this turn, exile it instead.');
  const two = actions('Destroy target creature. If that creature would die this  turn, exile it instead.');
  assert.ok(two.some((a) => a.kind === 'create-replacement'), JSON.stringify(two));
  assert.deepEqual(normal(two), normal(one));
});

test('doubling every space of every public card line changes no reading', { skip: !existsSync(CARDS) && 'no card file' }, () => {
  let n = 0;
  for (const line of readFileSync(CARDS, 'utf8').split('\n')) {
    const [name, , , , , type, , , text] = line.split('|');
    if (!name || !text) continue;
    const c = ctx(name, { legendary: /Legendary/.test(type ?? ''), isSpell: /Instant|Sorcery/.test(type ?? '') });
    for (const t of text.replace(/<\/?i>/g, '').split('$')) {
      const a = compileAbilityText(t, c);
      const b = compileAbilityText(doubled(t), c);
      assert.deepEqual(normal(noSpans(b.abilities)), normal(noSpans(a.abilities)), `${name}: ${t}`);
      assert.deepEqual(b.issues.map((i) => `${i.severity} ${i.code ?? ''}`), a.issues.map((i) => `${i.severity} ${i.code ?? ''}`), `${name}: ${t}`);
      n++;
    }
  }
  assert.ok(n > 2000, `${n} lines`);
  void compileEffectText;
});
