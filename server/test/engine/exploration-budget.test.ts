// 616.1: open replacement choices multiply from event to event. A file's
// exploration is bounded (EXPLORATION_BUDGET in engine/game.ts): past it a
// warning marks the event where exploration stopped and each later choice
// follows its first order, so a hostile file ends in bounded time.
import test from 'node:test';
import assert from 'node:assert/strict';
import { parseLayers } from '../../src/syntax/parser';
import { analyze, startAnalysis } from '../../src/engine/analyze';
import { checkIncremental } from '../../src/engine/resume';
import { BRANCH_CAP } from '../../src/engine/timeline';

const REPLACERS = [
  'If a source would deal damage to a creature, it deals double that damage instead.',
  'If a red source you control would deal damage to a permanent or player, it deals that much damage plus 1 instead.',
  'If a source would deal damage to a creature, prevent 1 of that damage.',
  'If a creature would die, exile it instead.',
  'If a card would be put into a graveyard from anywhere, instead exile it.',
  'If a source you control would deal damage, it deals double that damage instead.',
  'If damage would be dealt to a creature, prevent 1 of that damage.',
  'If a source would deal damage to a creature, it deals that much damage plus 2 instead.',
];

function scenario(replacers: number, bolts: number): string {
  const lines = ['players Alice, Bob'];
  for (let i = 0; i < replacers; i++) lines.push(`card "Replacer ${i}" as r${i}`, '  type Enchantment', `  text ${REPLACERS[i]}`);
  lines.push('card "Lightning Bolt" as bolt', '  type Instant', '  text Lightning Bolt deals 3 damage to any target.', `  copies ${bolts}`);
  lines.push('card "Colossus" as big', '  type Creature — Golem', '  pt 40/40');
  lines.push(`enter big, ${[...Array(replacers).keys()].map((i) => `r${i}`).join(', ')}`);
  for (let i = 1; i <= bolts; i++) lines.push(`cast bolt#${i} targeting big`);
  return lines.join('\n') + '\n';
}

test('a file within the budget explores every order and says nothing', () => {
  const a = analyze(parseLayers(scenario(3, 2), 'f.layers'));
  assert.deepEqual(a.diagnostics.filter((d) => d.code === 'exploration-budget'), []);
  assert.ok(a.final.outcomes.length > 1, 'several outcomes (616.1)');
});

test('eight replacement effects and three bolts stop exploring at one event, with one warning there', () => {
  const text = scenario(8, 3);
  const a = analyze(parseLayers(text, 'f.layers'));
  const warnings = a.diagnostics.filter((d) => d.code === 'exploration-budget');
  assert.equal(warnings.length, 1);
  const line = text.split('\n')[warnings[0]!.range.start.line]!;
  assert.match(line, /^cast bolt#\d targeting big$/);
  assert.match(warnings[0]!.message, /stopped here/);
  // Every later event follows one order per outcome: the outcomes stop multiplying.
  const at = a.snapshots.findIndex((s) => s.statementIndex >= 0 && a.file.statements[s.statementIndex]!.range.start.line === warnings[0]!.range.start.line);
  for (const s of a.snapshots.slice(at + 1)) assert.ok(s.outcomes.length <= a.snapshots[at]!.outcomes.length && s.outcomes.length <= BRANCH_CAP);
});

test('a resumed analysis carries the budget on: the same warning and outcomes as a full one', () => {
  const text = scenario(8, 3);
  const previous = analyze(parseLayers(text, 'f.layers'));
  const edited = text + 'cast bolt#3 targeting big\n';
  const run = startAnalysis(parseLayers(edited, 'f.layers'), { previous });
  assert.ok(run.resumedAt > 0, 'resumed after the budget ran out');
  while (run.step());
  const resumed = run.finish().analysis;
  checkIncremental(resumed, analyze(parseLayers(edited, 'f.layers')));
  assert.equal(resumed.diagnostics.filter((d) => d.code === 'exploration-budget').length, 1);
});
