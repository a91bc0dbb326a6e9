// Property tests: the compiler is total (never throws), its issue offsets
// stay inside the text, it is deterministic, and reminder text changes
// nothing — on random word salads and on mutated corpus texts.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import test from 'node:test';
import fc from 'fast-check';
import { compileAbilityText, compileEffectText } from '../../src/effects/compile';
import type { CompileContext, TextIssue } from '../../src/effects/ir';
import { parseLayers } from '../../src/syntax/parser';
import { noSpans } from './helpers';

/** Every text line and resolve string of the corpus and the samples. */
function corpusTexts(): string[] {
  const out = new Set<string>();
  for (const dir of ['../shared/conformance', 'samples']) {
    for (const f of readdirSync(dir).filter((x) => x.endsWith('.layers'))) {
      const file = parseLayers(readFileSync(join(dir, f), 'utf8'), f);
      for (const o of file.objects) for (const t of o.texts) out.add(t.value);
      for (const s of file.statements) if (s.kind === 'event' && s.event.kind === 'resolve') out.add(s.event.text.value);
    }
  }
  return [...out].sort();
}

const SEEDS = corpusTexts();
const VOCAB = [
  ...new Set(SEEDS.flatMap((t) => t.split(/\s+/))),
  '"', '(', ')', '—', ',', '.', ':', '{', '}', '{T}', '~', "'s", 'X/X', '+X/+0', '-1/-1', 'instead', 'would', 'if', 'as', 'long', 'this', 'it', 'them', 'target', 'each', 'all', 'other', '', '“', '”', '\u00a0',
];

const ctxs: CompileContext[] = [
  { cardName: 'Test Card', legendary: false, knownNames: ['Test Card', 'Other'], isSpell: false },
  { cardName: 'Iroas, God of Victory', legendary: true, knownNames: ['Iroas, God of Victory'], isSpell: false },
  { cardName: 'Bolt', legendary: false, knownNames: [], isSpell: true },
  { cardName: '', legendary: false, knownNames: [''], isSpell: false },
];

function checkIssues(text: string, issues: TextIssue[]): void {
  for (const i of issues) {
    assert.ok(Number.isInteger(i.start) && Number.isInteger(i.end), JSON.stringify({ text, i }));
    assert.ok(i.start >= 0 && i.start <= i.end && i.end <= text.length, JSON.stringify({ text, i }));
    assert.ok(i.message.length > 0);
    // The compiler catches its own exceptions; one caught is still a bug.
    assert.ok(!/internal error/.test(i.message), JSON.stringify({ text, i }));
    assert.ok(['error', 'warning', 'information'].includes(i.severity));
  }
}

/** Both entry points on one text in every context: no throw, issues in range, every ability has a kind. */
function total(text: string): void {
  for (const c of ctxs) {
    const r = compileAbilityText(text, c);
    checkIssues(text, r.issues);
    for (const a of r.abilities) assert.ok(typeof a.kind === 'string' && typeof a.text === 'string');
    const e = compileEffectText(text, c);
    checkIssues(text, e.issues);
  }
}

const wordSalad = fc.array(fc.constantFrom(...VOCAB), { maxLength: 40 }).map((ws) => ws.join(' '));

/** A corpus text with one of: a cut, a deleted span, a duplicated or swapped word, an inserted word. */
const mutated = fc
  .tuple(fc.constantFrom(...SEEDS), fc.nat(), fc.nat(12), fc.constantFrom(...VOCAB), fc.integer({ min: 0, max: 4 }))
  .map(([s, a, len, word, how]) => {
    const at = s.length ? a % s.length : 0;
    const ws = s.split(' ');
    const k = ws.length ? a % ws.length : 0;
    switch (how) {
      case 0:
        return s.slice(0, at);
      case 1:
        return s.slice(0, at) + s.slice(at + len);
      case 2:
        return [...ws.slice(0, k), ws[k] ?? '', ...ws.slice(k)].join(' ');
      case 3:
        return [...ws.slice(0, k), ws[k + 1] ?? '', ws[k] ?? '', ...ws.slice(k + 2)].join(' ');
      default:
        return [...ws.slice(0, k), word, ...ws.slice(k)].join(' ');
    }
  });

test('the corpus seeds are there', () => {
  assert.ok(SEEDS.length > 100, `${SEEDS.length} seeds`);
});

test('random word salads never throw and keep issue offsets inside the text', () => {
  fc.assert(fc.property(wordSalad, (t) => total(t)), { numRuns: 400 });
});

test('arbitrary strings never throw and keep issue offsets inside the text', () => {
  fc.assert(fc.property(fc.string({ maxLength: 120 }), (t) => total(t)), { numRuns: 400 });
  fc.assert(fc.property(fc.string({ unit: 'grapheme', maxLength: 60 }), (t) => total(t)), { numRuns: 200 });
});

test('mutated corpus texts never throw and keep issue offsets inside the text', () => {
  fc.assert(fc.property(mutated, (t) => total(t)), { numRuns: 1500 });
});

test('compiling is deterministic', () => {
  fc.assert(
    fc.property(fc.oneof(mutated, fc.constantFrom(...SEEDS)), (t) => {
      assert.deepEqual(compileAbilityText(t, ctxs[0]!), compileAbilityText(t, ctxs[0]!));
    }),
    { numRuns: 200 },
  );
});

test('reminder text (with quotes inside) changes no reading', () => {
  fc.assert(
    fc.property(fc.constantFrom(...SEEDS), fc.constantFrom(' (This is "reminder" text.)', ' (Reminder: {T}, "Add {G}.")'), (t, reminder) => {
      const plain = compileAbilityText(t, ctxs[0]!);
      const withReminder = compileAbilityText(t + reminder, ctxs[0]!);
      assert.deepEqual(noSpans(withReminder.abilities), noSpans(plain.abilities), t);
      assert.deepEqual(withReminder.issues.length, plain.issues.length, t);
    }),
    { numRuns: 200 },
  );
});
