// An alias that is also a word of the effect vocabulary (`card "White
// Knight" as white`) must not change how any card's text is read: names and
// aliases bind only where the text names an object (issue 8). Every ability
// text of the samples and the conformance corpus is read with and without
// such an alias declared, and the readings must be the same.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import test from 'node:test';
import { compileAbilityText } from '../../src/effects/compile';
import type { CompileContext } from '../../src/effects/ir';
import { parseLayers } from '../../src/syntax/parser';

/** Words of every kind the vocabulary reads: colors, nouns, subtypes, players, pronouns, keywords, determiners. */
const WORDS = ['white', 'creatures', 'creature', 'target', 'you', 'opponent', 'it', 'this', 'each', 'other', 'lands', 'flying', 'player', 'cards', 'goblins', 'forests', 'artifacts', 'enchanted', 'tokens', 'spells'];

test('no alias that is a vocabulary word changes the reading of any corpus text', () => {
  let compared = 0;
  for (const dir of ['samples', '../shared/conformance']) {
    for (const f of readdirSync(dir).filter((x) => x.endsWith('.layers'))) {
      const file = parseLayers(readFileSync(join(dir, f), 'utf8'), f);
      const names = file.objects.flatMap((o) => [o.name.text, ...(o.alias ? [o.alias.text] : [])]);
      for (const o of file.objects) {
        const ctx = (extra: string[]): CompileContext => ({
          cardName: o.name.text,
          legendary: (o.typeLine?.value.supertypes ?? []).some((s) => s.toLowerCase() === 'legendary'),
          knownNames: [...names, ...extra],
          isSpell: (o.typeLine?.value.types ?? []).some((t) => /^(instant|sorcery)$/i.test(t)),
        });
        for (const t of o.texts) {
          const base = JSON.stringify(compileAbilityText(t.value, ctx([])));
          for (const w of WORDS) {
            if (names.some((n) => n.toLowerCase() === w)) continue;
            assert.equal(JSON.stringify(compileAbilityText(t.value, ctx([w]))), base, `${f}: alias "${w}" changes the reading of "${t.value}"`);
            compared++;
          }
        }
      }
    }
  }
  assert.ok(compared > 1000, `${compared} readings compared`);
});
