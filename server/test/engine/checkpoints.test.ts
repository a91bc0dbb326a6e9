// Snapshots keep a checkpoint every few events and rebuild the others by
// playing the events again (engine/checkpoints.ts). A rebuilt snapshot must be
// the state the run had after that statement: the same as the final state of
// the file without the statements after it, which is never rebuilt.
import test from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseLayers } from '../../src/syntax/parser';
import { analyze } from '../../src/engine/analyze';
import { EVERY } from '../../src/engine/checkpoints';
import type { Outcome } from '../../src/engine/results';

const dirs = [join(__dirname, '../../../../shared/conformance'), join(__dirname, '../../../samples')];
const corpus = dirs.filter(existsSync).flatMap((d) => readdirSync(d).filter((f) => f.endsWith('.layers')).map((f) => ({ name: f, text: readFileSync(join(d, f), 'utf8') })));

/** Everything a user can see of the outcomes, traces included. */
function seen(outcomes: readonly Outcome[]): string {
  return JSON.stringify(outcomes.map((o) => {
    const w = o.world;
    return { choices: o.choices, objects: w.objects, players: w.players, effects: w.effects, dependencies: w.dependencies, loops: w.loops, active: w.activePlayer, turn: w.turn };
  }));
}

/** Every statement's snapshot equals the end of the file cut after that statement; `order` says which to read first. */
function checkSnapshots(name: string, text: string, order: (n: number) => number[]): number {
  const full = analyze(parseLayers(text, name));
  const lines = text.split('\n');
  const statements = full.file.statements;
  let checked = 0;
  for (const i of order(statements.length)) {
    const st = statements[i]!;
    if (st.kind === 'expect') continue;
    // Later statements are blanked out (declarations after them stay, and every line keeps its number).
    const kept = [...lines];
    for (const later of statements.slice(i + 1)) for (let k = later.range.start.line; k <= later.range.end.line; k++) kept[k] = '';
    const cut = analyze(parseLayers(kept.join('\n'), name));
    assert.equal(seen(full.snapshots[i]!.outcomes), seen(cut.final.outcomes), `${name}: after statement ${i + 1} (line ${st.range.start.line + 1})`);
    checked++;
  }
  return checked;
}

test('the corpus is there', () => assert.ok(corpus.length >= 20, `${corpus.length} files`));

test('every snapshot of every sample and conformance file is the state after its statement', () => {
  let checked = 0;
  for (const { name, text } of corpus) checked += checkSnapshots(name, text, (n) => [...Array(n).keys()].reverse());
  assert.ok(checked > 200, `${checked} snapshots`);
});

test('snapshots across several checkpoints, read in any order, with a 616 branch kept apart', () => {
  const events: string[] = [];
  for (let i = 0; i < EVERY * 2 + 7; i++) {
    events.push(i % 5 === 0 ? 'resolve "Target creature gets +1/+1 until end of turn." targeting ogre' : i % 5 === 1 ? 'tap ogre' : i % 5 === 2 ? 'untap ogre' : i % 5 === 3 ? 'put a +1/+1 counter on ogre' : 'Alice gains 1 life');
    if (i === EVERY + 3) events.push('destroy wurm');
    if (i % 17 === 0) events.push('end turn');
  }
  const text = [
    'card "Gray Ogre" as ogre', '  type Creature — Ogre', '  pt 2/2',
    'card "Wardens of the Pit" as wardens', '  type Enchantment', '  text If a card would be put into a graveyard from anywhere, instead exile it.',
    'card "Homing Wurm" as wurm', '  type Creature — Wurm', '  pt 5/5', "  text If this creature would die, instead shuffle it into its owner's library.",
    'enter ogre, wardens, wurm', ...events, 'expect ogre: zone battlefield',
  ].join('\n');
  const full = analyze(parseLayers(text, 'long.layers'));
  assert.equal(full.final.outcomes.length, 2, 'the destroy leaves two outcomes (616.1)');
  const jumbled = (n: number) => [...Array(n).keys()].sort((a, b) => ((a * 37) % n) - ((b * 37) % n));
  assert.ok(checkSnapshots('long.layers', text, jumbled) > EVERY * 2);
});

test('a change that marks nothing (life) is read after the event, so a rebuilt snapshot agrees with the run', () => {
  const text = [
    'card "Lifelinked Avatar" as ava', '  type Creature — Avatar', '  pt 1/1', '  text As long as you have 25 or more life, this creature gets +5/+5.',
    'enter ava', 'expect ava 1/1', 'Alice gains 10 life', 'expect ava 6/6', 'Alice loses 10 life', 'expect ava 1/1',
  ].join('\n');
  const a = analyze(parseLayers(text, 'life.layers'));
  assert.deepEqual(a.expectations.map((e) => e.passed), [true, true, true]);
  assert.ok(checkSnapshots('life.layers', text, (n) => [...Array(n).keys()]) >= 3);
});
