// engine/independence.ts: whether a layer's pool can be ordered by timestamps
// alone, built on the effects seen in earlier pools of the same layer.
import test from 'node:test';
import assert from 'node:assert/strict';
import { Independence, type EffectAspects } from '../../src/engine/independence';
import type { Live } from '../../src/engine/live';

/** Effects as the layer sees them: a name, what it reads and writes, whether it is a CDA. */
function effects(spec: Record<string, { reads?: string[]; writes?: string[]; cda?: boolean; never?: boolean }>) {
  const aspects = new Map<Live, EffectAspects>();
  const lives: Record<string, Live> = {};
  for (const [name, s] of Object.entries(spec)) {
    const l = { id: name, cda: !!s.cda } as unknown as Live;
    lives[name] = l;
    aspects.set(l, { reads: new Set(s.reads ?? []), writes: new Set(s.writes ?? []), never: !!s.never });
  }
  return { lives, independence: () => new Independence((l) => aspects.get(l)!) };
}

test('a pool whose effects read nothing another writes is independent, and so is any pool of them', () => {
  const { lives: l, independence } = effects({ anthem: { reads: ['types', 'controller'], writes: ['pt'] }, counter: { writes: ['pt'] }, pump: { writes: ['pt'] } });
  const ind = independence();
  assert.equal(ind.admit([l.anthem!, l.counter!]), true);
  assert.equal(ind.admit([l.anthem!]), true);
  assert.equal(ind.admit([l.anthem!, l.counter!, l.pump!]), true);
});

test('a new effect that writes what one seen reads does not fit, either way round, and nothing is taken in', () => {
  const { lives: l, independence } = effects({
    flyers: { reads: ['abilities+'], writes: ['pt'] },
    wings: { writes: ['abilities+'] },
    anthem: { writes: ['pt'] },
    bigs: { reads: ['pt'], writes: ['colors'] },
  });
  const ind = independence();
  assert.equal(ind.admit([l.flyers!]), true);
  // `wings` gives what `flyers` reads: 613.8 must look.
  assert.equal(ind.admit([l.flyers!, l.wings!]), false);
  // Nothing was taken in: asked again, the same answer; the pool without it still fits, and `anthem` too.
  assert.equal(ind.admit([l.flyers!, l.wings!]), false);
  assert.equal(ind.admit([l.flyers!, l.anthem!]), true);
  // `bigs` reads what `flyers` and `anthem` (seen, even when gone from the pool) write.
  assert.equal(ind.admit([l.bigs!]), false);
});

test('613.3: a CDA and another effect are ordered apart; a condition, or a change of abilities or text, is never ordered by timestamps alone', () => {
  const { lives: l, independence } = effects({
    cda: { writes: ['pt'], cda: true },
    reader: { reads: ['pt'], writes: ['colors'] },
    conditional: { writes: ['pt'], never: true },
  });
  const ind = independence();
  assert.equal(ind.admit([l.cda!, l.reader!]), true);
  assert.equal(ind.admit([l.cda!, l.reader!, l.conditional!]), false);
});
