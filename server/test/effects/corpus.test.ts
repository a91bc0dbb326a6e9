// Every ability text and resolve string of the conformance corpus and the
// samples must be understood: no warning or error, no `unknown` ability,
// and a resolve string must do something. Each text is compiled with the
// context the engine gives it: the card's name, whether it is legendary,
// whether it is an instant or sorcery, and every declared name and alias.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import test from 'node:test';
import { compileAbilityText, compileEffectText } from '../../src/effects/compile';
import type { Ability, CompileContext, TextIssue } from '../../src/effects/ir';
import { levelHeaderLines } from '../../src/engine/levels';
import { parseLayers } from '../../src/syntax/parser';

const DIRS = ['../shared/conformance', 'samples'];

const serious = (issues: TextIssue[]) => issues.filter((i) => i.severity !== 'information');

/** Every ability, including those granted inside quotes, so a quoted `unknown` is found too. */
function all(abilities: Ability[]): Ability[] {
  return abilities.flatMap((a) => [a, ...(a.kind === 'static' ? a.effects.flatMap((e) => e.parts.flatMap((p) => (p.kind === 'abilities' ? all(p.add ?? []) : []))) : [])]);
}

let checked = 0;

for (const dir of DIRS) {
  for (const f of readdirSync(dir).filter((x) => x.endsWith('.layers')).sort()) {
    test(`every text in ${dir}/${f} is understood`, () => {
      const file = parseLayers(readFileSync(join(dir, f), 'utf8'), f);
      const names = file.objects.flatMap((o) => [o.name.text, ...(o.alias ? [o.alias.text] : [])]);
      const ctxOf = new Map<string, CompileContext>();
      let count = 0;
      for (const o of file.objects) {
        const types = (o.typeLine?.value.types ?? []).map((t) => t.toLowerCase());
        const ctx: CompileContext = {
          cardName: o.name.text,
          legendary: (o.typeLine?.value.supertypes ?? []).some((s) => s.toLowerCase() === 'legendary'),
          knownNames: names,
          isSpell: types.includes('instant') || types.includes('sorcery'),
        };
        ctxOf.set(o.name.text.toLowerCase(), ctx);
        if (o.alias) ctxOf.set(o.alias.text.toLowerCase(), ctx);
        // 711.2a: `LEVEL 2-6` and the P/T under it are read as a level section (engine/levels.ts), not as effect text.
        const levels = levelHeaderLines(o.texts);
        for (const [i, t] of o.texts.entries()) {
          if (levels.has(i)) continue;
          const r = compileAbilityText(t.value, ctx);
          count++;
          assert.deepEqual(serious(r.issues), [], `${o.name.text}: ${t.value}`);
          assert.ok(!all(r.abilities).some((a) => a.kind === 'unknown'), `${o.name.text}: ${t.value}`);
          if (ctx.isSpell) for (const a of r.abilities) assert.ok(a.kind === 'spell' || a.kind === 'keyword', t.value);
        }
      }
      for (const s of file.statements) {
        if (s.kind !== 'event' || s.event.kind !== 'resolve') continue;
        // `resolve "…" from X` reads the text as X's (its name is `this`); otherwise as a nameless source.
        const from = s.event.from ? ctxOf.get(s.event.from.text.toLowerCase()) : undefined;
        const ctx: CompileContext = { cardName: from?.cardName ?? 'this', legendary: from?.legendary ?? false, knownNames: names, isSpell: true };
        const r = compileEffectText(s.event.text.value, ctx);
        count++;
        assert.deepEqual(r.issues, [], s.event.text.value);
        assert.ok(r.actions.length > 0, s.event.text.value);
      }
      checked += count;
    });
  }
}

test('the extraction found the corpus texts', () => {
  // The corpus holds well over a hundred distinct texts and resolve strings; an extraction that finds few is broken.
  assert.ok(checked > 150, `only ${checked} texts were checked`);
});
