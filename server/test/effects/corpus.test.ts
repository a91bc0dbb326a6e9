// Every ability text and resolve string of the conformance corpus and the
// samples must be understood: no warning, no `unknown` ability.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import test from 'node:test';
import { compileAbilityText, compileEffectText } from '../../src/effects/compile';
import { parseLayers } from '../../src/syntax/parser';

for (const dir of ['../shared/conformance', 'samples']) {
  for (const f of readdirSync(dir).filter((x) => x.endsWith('.layers'))) {
    test(`every text in ${dir}/${f} is understood`, () => {
      const file = parseLayers(readFileSync(join(dir, f), 'utf8'), f);
      const names = file.objects.flatMap((o) => [o.name.text, ...(o.alias ? [o.alias.text] : [])]);
      for (const o of file.objects) {
        const types = o.typeLine?.value.types ?? [];
        const ctx = { cardName: o.name.text, legendary: (o.typeLine?.value.supertypes ?? []).includes('Legendary'), knownNames: names, isSpell: types.includes('Instant') || types.includes('Sorcery') };
        for (const t of o.texts) {
          const r = compileAbilityText(t.value, ctx);
          assert.deepEqual(r.issues.filter((i) => i.severity !== 'information'), [], t.value);
          assert.ok(!r.abilities.some((a) => a.kind === 'unknown'), t.value);
        }
      }
      for (const s of file.statements) {
        if (s.kind !== 'event' || s.event.kind !== 'resolve') continue;
        const r = compileEffectText(s.event.text.value, { cardName: 'this', legendary: false, knownNames: names, isSpell: true });
        assert.deepEqual(r.issues, [], s.event.text.value);
        assert.ok(r.actions.length > 0, s.event.text.value);
      }
    });
  }
}
