// One object's trace read from a computation without the trace
// (engine/object-trace.ts) must be, step for step and word for word, the
// trace the computation with the trace records for it. Every object of every
// computation of the corpus and of a generated board is compared here,
// whatever the environment says (LAYERLENS_CHECK_INCREMENTAL=1 also makes
// the engine compare every trace it reads this way).
import test from 'node:test';
import assert from 'node:assert/strict';
import { parseLayers } from '../../src/syntax/parser';
import { analyze, analyzeDetailed } from '../../src/engine/analyze';
import { Game } from '../../src/engine/game';
import { computeLayers, type LayerResult } from '../../src/engine/layers';
import { marksOf, objectMarks, objectTrace } from '../../src/engine/object-trace';
import { realistic } from '../../../bench/shapes';
import { corpus } from '../corpus';


interface Tally {
  computations: number;
  read: number;
  fallback: number;
  steps: number;
  /** Objects whose marks say an effect changed them, and an effect applied by dependency (613.8). */
  changed: number;
  dependency: number;
}

/** Runs `fn` with every object of every `Game.layers()` result traced both ways. */
function compared(fn: () => void, every = 1): Tally {
  const tally: Tally = { computations: 0, read: 0, fallback: 0, steps: 0, changed: 0, dependency: 0 };
  const original = Game.prototype.layers;
  const seen = new WeakSet<LayerResult>();
  let n = 0;
  Game.prototype.layers = function (this: Game): LayerResult {
    const r = original.call(this);
    if (r.memo && !seen.has(r) && n++ % every === 0) {
      seen.add(r);
      const traced = computeLayers(this.state, this.layerEnv(), true);
      for (const id of r.world.keys()) {
        const read = objectTrace(r, this.layerEnv(), id);
        // A lens's ◆ read without the words: what the traced computation's steps say, wherever the trace can be read.
        const marks = objectMarks(r, this.layerEnv(), id);
        assert.equal(marks !== undefined, read !== undefined, `the marks of ${id} are read where its trace is`);
        if (!read) {
          tally.fallback++;
          continue;
        }
        assert.deepEqual(marks, marksOf(traced.traces.get(id) ?? []), `the marks of ${id}`);
        if (marks!.changed) tally.changed++;
        if (marks!.dependency) tally.dependency++;
        assert.deepEqual(read, traced.traces.get(id) ?? [], `the trace of ${id}`);
        tally.read++;
        tally.steps += read.length;
      }
      tally.computations++;
    }
    return r;
  };
  try {
    fn();
  } finally {
    Game.prototype.layers = original;
  }
  return tally;
}

test('every object of every computation of the corpus: its trace read from the memo is the traced computation’s', () => {
  const tally = compared(() => {
    for (const { name, text } of corpus) analyze(parseLayers(text, name));
  });
  assert.ok(tally.computations > 800, JSON.stringify(tally));
  // Most objects are read from the memo (the others fall back to the traced computation), and they have steps.
  assert.ok(tally.read > 5 * tally.fallback && tally.steps > 800, JSON.stringify(tally));
  // Both marks occur, and not everywhere: the comparison above sees each both ways.
  assert.ok(tally.changed > 100 && tally.changed < tally.read && tally.dependency > 10 && tally.dependency < tally.changed, JSON.stringify(tally));
});

test('a generated board: traces read from the memo after entries, pumps, counters, equipment and deaths', () => {
  const tally = compared(() => analyze(parseLayers(realistic({ permanents: 40, effectCards: 20, events: 300 }), 'board.layers')), 7);
  assert.ok(tally.read > 1000 && tally.steps > 1000, JSON.stringify(tally));
});

test('a game reads one object’s trace without the traced computation of the whole board, and says the same', () => {
  const text = ['card "Gray Ogre" as ogre', '  type Creature — Ogre', '  pt 2/2', 'card "Glorious Anthem" as anthem', '  type Enchantment', '  text Creatures you control get +1/+1.', 'enter ogre, anthem', 'resolve "Target creature gets +2/+0 until end of turn." targeting ogre'].join('\n');
  const game = analyzeDetailed(parseLayers(text, 't.layers')).games[0]!;
  const steps = game.traceOf('ogre');
  assert.deepEqual(steps.map((s) => [s.layer, s.description, s.reason.kind, s.changes.map((c) => `${c.characteristic} ${c.before}→${c.after}`).join(', ')]), [
    ['7c', '+1/+1', 'timestamp', 'power 2→3, toughness 2→3'],
    ['7c', '+2/+0', 'timestamp', 'power 3→5'],
  ]);
  // Read from the memo: the game never made the traced computation.
  assert.equal((game as unknown as { traced: unknown }).traced, undefined);
});
