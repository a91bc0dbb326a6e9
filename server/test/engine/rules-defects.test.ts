// Rules defects found by review (issue 8), each with the rule it breaks.
// Every test here failed before its fix.

import assert from 'node:assert/strict';
import test from 'node:test';
import { finalObject, problems, pt, run } from './helpers';

const CREATURES = `
  players Alice, Bob
  card "Grizzly Bears" as bears
    type Creature — Bear
    pt 2/2
  card "Scathe Zombies" as zombies
    type Creature — Zombie
    pt 2/2
    owner Bob
  card "Storm Crow" as crow
    type Creature — Bird
    pt 1/2
    text Flying
  enter bears, zombies, crow
`;

const errors = (text: string) => run(CREATURES + text).diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.code}: ${d.message}`);

test('115.1, 608.2b: "target creature you control" refuses a creature an opponent controls, naming the condition', () => {
  const text = '  resolve "Put a +1/+1 counter on target creature you control." targeting zombies\n';
  assert.deepEqual(errors(text), ['illegal-target: Scathe Zombies is not a legal "target creature you control": it fails "you control" (115.1, 608.2b)']);
  // The event does not resolve: no counter.
  assert.equal(pt(finalObject(run(CREATURES + text), 'zombies')), '2/2');
  assert.deepEqual(errors('  resolve "Put a +1/+1 counter on target creature you control." targeting bears\n'), []);
});

test('115.1: "target creature an opponent controls" and "target creature with flying" keep their conditions', () => {
  assert.deepEqual(errors('  resolve "Destroy target creature an opponent controls." targeting bears\n'), ['illegal-target: Grizzly Bears is not a legal "target creature your opponents control": it fails "your opponents control" (115.1, 608.2b)']);
  assert.deepEqual(errors('  resolve "Destroy target creature with flying." targeting bears\n'), ['illegal-target: Grizzly Bears is not a legal "target creature with flying": it fails "with flying" (115.1, 608.2b)']);
  const ok = run(CREATURES + '  resolve "Destroy target creature with flying." targeting crow\n');
  assert.deepEqual(problems(ok), []);
  assert.equal(finalObject(ok, 'crow').zone, 'graveyard');
});

test('701.6a: "Counter target spell" is not simulated (no stack) and a permanent is not a spell', () => {
  const a = run(CREATURES + '  resolve "Counter target spell." targeting bears\n');
  assert.deepEqual(
    a.diagnostics.filter((d) => d.code === 'illegal-target').map((d) => d.message),
    ['Grizzly Bears is not a spell (a spell is a card cast and not yet resolved, 112.1), so it is not a legal "target spell" (115.1)'],
  );
  // Before: the Bears were moved to the graveyard.
  assert.equal(finalObject(a, 'bears').zone, 'battlefield');
  const info = run('players Alice, Bob\ncard "Cancel" as cancel\n  type Instant\n  text Counter target spell.\n').diagnostics;
  assert.deepEqual(info.map((d) => `${d.severity} ${d.code}`), ['information not-simulated']);
});


