// `npm run bench`: synthetic boards through the real parser and engine.
// Prints medians; BENCHMARKS.md records the figures. Targets from the issue:
// 200 × 100 full recompute ≤ 2 ms, 2,000 × 500 ≤ 50 ms, 1,000 tokens entering
// one at a time under 10 anthems and 5 type changers ≤ 2 s, near-linear scaling.

import { parseLayers } from '../server/src/syntax/parser';
import { analyzeDetailed } from '../server/src/engine/analyze';
import { computeLayers } from '../server/src/engine/layers';

/**
 * The effect texts of a synthetic board. A board has a few of the heavy,
 * interacting effects a real game has (one Humility, one Opalescence, an
 * Urborg, a two-step land-type chain Forest → Island → Swamp) and many of the
 * common ones (anthems, lords, keyword and color granters), in that mix.
 */
const HEAVY = [
  'All creatures lose all abilities and have base power and toughness 1/1.', // Humility-like
  'Each other non-Aura enchantment is a creature in addition to its other types and has base power and base toughness each equal to its mana value.', // Opalescence-like
  'Each land is a Swamp in addition to its other land types.', // land-type change (Urborg)
  'All Forests are Islands.', // dependency chain: Forests → Islands → Swamps
  'All Islands are Swamps.',
];
const COMMON = [
  'Creatures you control get +1/+1.', // anthem
  'Other Goblins you control get +1/+1.', // lord
  'White creatures get +0/+1.',
  'Creatures you control have flying.',
  'All artifacts are blue.',
  'Goblins you control have haste.',
  'Bears get +1/+0.',
  'Green creatures you control get +0/+1.',
];
/** The i-th effect of a board of `n`: the heavy ones once each, the rest common. */
export function effectText(i: number, n: number): string {
  void n;
  return i < HEAVY.length ? HEAVY[i]! : COMMON[(i - HEAVY.length) % COMMON.length]!;
}

const PERMANENTS = [
  ['Goblin Piker', '{1}{R}', 'Creature — Goblin', '2/1'],
  ['Savannah Lions', '{W}', 'Creature — Cat', '2/1'],
  ['Forest', '', 'Basic Land — Forest', ''],
  ['Grizzly Bears', '{1}{G}', 'Creature — Bear', '2/2'],
  ['Ornithopter', '{0}', 'Artifact Creature — Thopter', '0/2'],
];

export function board(permanents: number, effects: number): string {
  const lines = ['scenario "synthetic board"', 'players Alice, Bob', ''];
  const names: string[] = [];
  for (let i = 0; i < permanents; i++) {
    const [name, cost, type, pt] = PERMANENTS[i % PERMANENTS.length]!;
    const id = `p${i}`;
    names.push(id);
    lines.push(`card "${name} ${i}" as ${id}`);
    if (cost) lines.push(`  cost ${cost}`);
    lines.push(`  type ${type}`);
    if (pt) lines.push(`  pt ${pt}`);
  }
  for (let i = 0; i < effects; i++) {
    const id = `e${i}`;
    names.push(id);
    lines.push(`card "Effect ${i}" as ${id}`, '  cost {2}', '  type Enchantment', `  text ${effectText(i, effects)}`);
  }
  for (let i = 0; i < names.length; i += 50) lines.push(`enter ${names.slice(i, i + 50).join(', ')}`);
  return lines.join('\n') + '\n';
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

function time(fn: () => void, runs: number): number {
  const out: number[] = [];
  fn(); // warm-up
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    out.push(performance.now() - t0);
  }
  return median(out);
}

/** Median time of one full recompute of every characteristic on the final board. */
export function recompute(permanents: number, effects: number, runs = 15): number {
  const { games } = analyzeDetailed(parseLayers(board(permanents, effects), 'bench.layers'));
  const g = games[0]!;
  return time(() => computeLayers(g.state, g.layerEnv()), runs);
}

export function tokensTimeline(tokens: number): number {
  const lines = ['players Alice, Bob'];
  for (let i = 0; i < 10; i++) lines.push(`card "Anthem ${i}" as a${i}`, '  type Enchantment', `  text ${i % 2 ? 'Creatures you control get +1/+1.' : 'Saprolings you control get +1/+0.'}`);
  const changers = ['All Forests are Islands.', 'All Islands are Swamps.', 'Saprolings are Plant Zombies in addition to their other types.', 'Each land is a Swamp in addition to its other land types.', 'All creatures are green.'];
  for (let i = 0; i < 5; i++) lines.push(`card "Changer ${i}" as c${i}`, '  type Enchantment', `  text ${changers[i]}`);
  lines.push('token Saproling as sap', '  color green', '  type Creature — Saproling', '  pt 1/1', `  copies ${tokens}`);
  lines.push(`enter ${[...Array(10).keys()].map((i) => `a${i}`).join(', ')}`, `enter ${[...Array(5).keys()].map((i) => `c${i}`).join(', ')}`);
  for (let i = 1; i <= tokens; i++) lines.push(`enter sap#${i}`);
  lines.push(`expect sap#${tokens} 6/6`);
  const text = lines.join('\n') + '\n';
  return time(() => analyzeDetailed(parseLayers(text, 'tokens.layers')), 3);
}

function main(): void {
  if (process.argv[2] === '--quick') {
    console.log(`200 × 100: ${recompute(200, 100, 5).toFixed(2)} ms`);
    return;
  }
  const rows: [string, string, string][] = [];
  const fmt = (ms: number) => `${ms.toFixed(2)} ms`;
  rows.push(['200 permanents × 100 effects, full recompute', fmt(recompute(200, 100)), '≤ 2 ms']);
  rows.push(['2,000 permanents × 500 effects, full recompute', fmt(recompute(2000, 500, 5)), '≤ 50 ms']);
  rows.push(['1,000 tokens entering one at a time (10 anthems, 5 type changers), whole timeline', fmt(tokensTimeline(1000)), '≤ 2,000 ms']);
  console.log('| benchmark | median | target |\n|---|---|---|');
  for (const r of rows) console.log(`| ${r.join(' | ')} |`);
  console.log('\nScaling (full recompute; base 250 permanents × 60 effects):\n\n| scale | permanents | effects | median | per permanent |\n|---|---|---|---|---|');
  for (const k of [1, 2, 4, 8]) {
    const ms = recompute(250 * k, 60 * k, 5);
    console.log(`| ${k}× | ${250 * k} | ${60 * k} | ${fmt(ms)} | ${((ms * 1000) / (250 * k)).toFixed(1)} µs |`);
  }
  const mem = process.memoryUsage();
  console.log(`\nheap used at the end: ${(mem.heapUsed / 1048576).toFixed(0)} MB, rss ${(mem.rss / 1048576).toFixed(0)} MB`);
}

if (/engine(\.bench)?\.(ts|js)$/.test(process.argv[1] ?? '')) main();
