// `npm run bench`: the engine on synthetic boards, through the real parser and
// engine, and the command line on many files. Prints every engine figure of
// issue 9 next to its target (median and p95, with the number of runs), the
// scaling tables with their fitted exponents, and files per second of
// `layerlens run`. Each case runs in a child process with a time limit: a case
// over its limit is reported as "not measured: over N s", so the whole run
// ends in bounded time (about 5 minutes on a loaded 2-core machine at worst).
// BENCHMARKS.md records the figures.

import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseLayers } from '../server/src/syntax/parser';
import { analyzeDetailed } from '../server/src/engine/analyze';
import { computeLayers } from '../server/src/engine/layers';
import { LARGE, realistic, type Shape } from './shapes';
import { tuneCompiler } from '../server/src/tuning';
import { Budget, casesMain, exponent, header, heapAfterGc, isolated, machine, mb, ms, peakRss, row, stats, timed, timeRuns, verdict, type Isolated, type Stats } from './harness';

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
/** The i-th effect of a board: the heavy ones once each, the rest common. */
export function effectText(i: number): string {
  return i < HEAVY.length ? HEAVY[i]! : COMMON[(i - HEAVY.length) % COMMON.length]!;
}

const PERMANENTS = [
  ['Goblin Piker', '{1}{R}', 'Creature — Goblin', '2/1'],
  ['Savannah Lions', '{W}', 'Creature — Cat', '2/1'],
  ['Forest', '', 'Basic Land — Forest', ''],
  ['Grizzly Bears', '{1}{G}', 'Creature — Bear', '2/2'],
  ['Ornithopter', '{0}', 'Artifact Creature — Thopter', '0/2'],
];

/** A board of `permanents` and `effects` enchantments, entering in groups of 50. */
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
    lines.push(`card "Effect ${i}" as ${id}`, '  cost {2}', '  type Enchantment', `  text ${effectText(i)}`);
  }
  for (let i = 0; i < names.length; i += 50) lines.push(`enter ${names.slice(i, i + 50).join(', ')}`);
  return lines.join('\n') + '\n';
}

/** The token storm: 10 anthems and 5 type changers, then `tokens` Saprolings entering one at a time. */
export function tokenStorm(tokens: number): string {
  const lines = ['players Alice, Bob'];
  for (let i = 0; i < 10; i++) lines.push(`card "Anthem ${i}" as a${i}`, '  type Enchantment', `  text ${i % 2 ? 'Creatures you control get +1/+1.' : 'Saprolings you control get +1/+0.'}`);
  const changers = ['All Forests are Islands.', 'All Islands are Swamps.', 'Saprolings are Plant Zombies in addition to their other types.', 'Each land is a Swamp in addition to its other land types.', 'All creatures are green.'];
  for (let i = 0; i < 5; i++) lines.push(`card "Changer ${i}" as c${i}`, '  type Enchantment', `  text ${changers[i]}`);
  lines.push('token Saproling as sap', '  color green', '  type Creature — Saproling', '  pt 1/1', `  copies ${tokens}`);
  lines.push(`enter ${[...Array(10).keys()].map((i) => `a${i}`).join(', ')}`, `enter ${[...Array(5).keys()].map((i) => `c${i}`).join(', ')}`);
  for (let i = 1; i <= tokens; i++) lines.push(`enter sap#${i}`);
  // 1/1, +1/+0 from each of the five Saproling anthems and +1/+1 from each of the five others.
  lines.push(`expect sap#${tokens} 11/6`);
  return lines.join('\n') + '\n';
}

/**
 * A long timeline (issue 9's hostile list): a creature under an anthem, and
 * turns of three "+1/+1 until end of turn" pumps each, `lines` lines in all.
 * Every pump adds a stand-in object and an effect, so the objects and effects
 * a snapshot holds grow with the file.
 */
export function pumpTimeline(lines: number): string {
  const out = ['scenario "long"', 'players Alice, Bob', 'card "Grizzly Bears" as bear', '  type Creature — Bear', '  pt 2/2', 'card "Glorious Anthem" as anthem', '  type Enchantment', '  text Creatures you control get +1/+1.', 'enter bear, anthem'];
  const turns = Math.max(1, Math.floor((lines - out.length - 1) / 4));
  for (let t = 0; t < turns; t++) out.push(...Array(3).fill('resolve "Target creature gets +1/+1 until end of turn." targeting bear'), 'end turn');
  out.push('expect bear: pt 3/3');
  return out.join('\n') + '\n';
}

// ---- cases (each runs in its own child process) ----

interface RecomputeResult {
  build: Stats;
  plain: Stats;
  traced: Stats;
}

/** Build the board (parse + analyse its timeline), then time full recomputes of its final state. */
function recomputeCase(a: { permanents: number; effects: number; runs: number; budgetMs: number; limitMs: number }): RecomputeResult {
  const text = board(a.permanents, a.effects);
  const t = performance.now();
  // A slow build leaves less time for the recomputes: the case must end before its limit.
  const left = () => t + a.limitMs - 5000 - performance.now();
  const builds: number[] = [];
  const buildCpu: number[] = [];
  let games: ReturnType<typeof analyzeDetailed>['games'] = [];
  const start = performance.now();
  // The build is itself a figure: repeated while it is cheap.
  while (builds.length < 5 && (builds.length === 0 || performance.now() - start < a.budgetMs / 3)) {
    const r = timed(() => (games = analyzeDetailed(parseLayers(text, 'bench.layers')).games));
    builds.push(r.wall);
    buildCpu.push(r.cpu);
    if (builds[0]! > 2000) break;
  }
  const g = games[0]!;
  // Without the trace: what the engine computes after each event. With it: what a view asks for.
  const plain = timeRuns(() => computeLayers(g.state, g.layerEnv(), false), a.runs, Math.min(a.budgetMs / 2, left() * 0.6));
  const traced = timeRuns(() => computeLayers(g.state, g.layerEnv(), true), Math.min(a.runs, 15), Math.min(a.budgetMs / 4, left() * 0.6));
  return { build: stats(builds, buildCpu), plain, traced };
}

/** Whole analyses of one text: their times, what the first keeps, the peak resident memory, the expectations it did not pass. */
interface WholeRuns {
  run: Stats;
  /** The first analysis in its process (cold code), wall time. */
  first: number;
  heapKept: number;
  peakRss: number;
  failed: number;
}

/**
 * `text` analysed once, then again up to `runs` times while `budgetMs` lasts
 * (the figure is of those, or of the first when there was no time). The heap
 * kept is what the first analysis holds (its snapshots, for views and
 * resuming) while it is still referenced. The answer is part of the figure:
 * an expectation that did not pass (or none at all) is counted.
 */
function wholeRuns(text: string, file: string, runs: number, budgetMs: number): WholeRuns {
  const base = heapAfterGc();
  let kept: ReturnType<typeof analyzeDetailed> | undefined;
  const first = timed(() => (kept = analyzeDetailed(parseLayers(text, file))));
  const heapKept = heapAfterGc() - base;
  const expectations = kept!.analysis.expectations;
  const failed = expectations.filter((e) => !e.passed).length + (expectations.length ? 0 : 1);
  kept = undefined;
  const walls: number[] = [];
  const cpus: number[] = [];
  const start = performance.now();
  while (walls.length < runs && first.wall < budgetMs && performance.now() - start + first.wall < budgetMs) {
    const t = timed(() => analyzeDetailed(parseLayers(text, file)));
    walls.push(t.wall);
    cpus.push(t.cpu);
  }
  return { run: walls.length ? stats(walls, cpus) : stats([first.wall], [first.cpu]), first: first.wall, heapKept, peakRss: peakRss(), failed };
}

/** The token storm. */
function tokensCase(a: { tokens: number; runs: number; budgetMs: number }): WholeRuns {
  return wholeRuns(tokenStorm(a.tokens), 'tokens.layers', a.runs, a.budgetMs);
}

/** The long timeline. */
function timelineCase(a: { lines: number; runs: number; budgetMs: number }): WholeRuns {
  return wholeRuns(pumpTimeline(a.lines), 'timeline.layers', a.runs, a.budgetMs);
}

/** Issue 9's realistic 2,000-line file (bench/shapes.ts) with its permanents, effect cards and events all `k` times as many. */
function realisticCase(a: { k: number; runs: number; budgetMs: number }): WholeRuns {
  // The first analysis as the command line and the server make it: with their compiler settings.
  tuneCompiler();
  return wholeRuns(realistic(realisticAt(a.k)), 'realistic.layers', a.runs, a.budgetMs);
}

const realisticAt = (k: number): Shape => ({ permanents: LARGE.permanents * k, effectCards: LARGE.effectCards * k, events: LARGE.events * k });

const CASES = { recompute: recomputeCase, tokens: tokensCase, timeline: timelineCase, realistic: realisticCase };

// ---- the command line: whole runs and files per second ----

const CLI = resolve(__dirname, '..', 'cli.js');
const ROOT = resolve(__dirname, '..', '..');

/** One `layerlens run` of `paths` with `jobs` workers: wall time, or why there is none. */
function cliRun(paths: string[], jobs: number, limitMs: number): { ms: number; ok: boolean; why?: string } {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [CLI, 'run', '--jobs', String(jobs), ...paths], { cwd: ROOT, encoding: 'utf8', timeout: limitMs, maxBuffer: 1 << 30, env: { ...process.env, NO_COLOR: '1' } });
  const took = performance.now() - t0;
  if (r.error || r.signal) return { ms: took, ok: false, why: `not measured: over ${Math.round(limitMs / 1000)} s` };
  if (r.status !== 0 && r.status !== 1) return { ms: took, ok: false, why: `failed: exit ${r.status} ${r.stderr.slice(0, 200)}` };
  return { ms: took, ok: true };
}

/** A directory of `n` files: the samples and the conformance files, copied in turn. */
function manyFiles(n: number): string {
  const sources = ['samples', '../shared/conformance'].flatMap((d) => {
    try {
      return readdirSync(join(ROOT, d)).filter((f) => f.endsWith('.layers')).map((f) => readFileSync(join(ROOT, d, f), 'utf8'));
    } catch {
      return [];
    }
  });
  const dir = mkdtempSync(join(tmpdir(), 'layerlens-bench-'));
  for (let i = 0; i < n; i++) {
    const sub = join(dir, `d${Math.floor(i / 100)}`);
    if (i % 100 === 0) mkdirSync(sub);
    writeFileSync(join(sub, `f${i}.layers`), sources[i % sources.length]!);
  }
  return dir;
}

// ---- the report ----

/** The whole benchmark, and each case at most (ms). Cases run in this order, the most telling first. */
const TOTAL_MS = 400_000;
const LIMITS = {
  small: 30_000,
  big: 120_000,
  tokens: 50_000,
  scaling: [20_000, 25_000, 45_000],
  tokenScaling: [10_000, 15_000, 30_000],
  timeline: [15_000, 20_000, 30_000, 45_000],
  realistic: [15_000, 25_000, 45_000],
  cliBoard: 20_000,
  samples: 20_000,
  many: 45_000,
};

const runsOf = (s: Stats) => `${s.runs} run${s.runs === 1 ? '' : 's'}`;
const whyNot = (r: Isolated<unknown>) => (r.ok ? '' : r.why.replace(/^not measured: /, ''));

/** A figure's row: median, p95, CPU, runs, target and ✓/✗ (on the median), or why it was not measured. */
function figure<T>(name: string, r: Isolated<T>, f: (v: T) => Stats, target: string, limit: number): string {
  const v = r.ok ? f(r.value) : undefined;
  return row([name, v ? ms(v.median) : (r as { why: string }).why, ms(v?.p95), ms(v?.cpu), v ? runsOf(v) : '', target, limit === Infinity ? '' : verdict(v?.median, limit)]);
}

async function main(): Promise<void> {
  const self = __filename;
  const budget = new Budget(TOTAL_MS);
  const started = performance.now();
  console.log(`# npm run bench\n\n${machine()}\n`);
  const recompute = (permanents: number, effects: number, runs: number, budgetMs: number, limit: number) => {
    const limitMs = budget.limit(limit);
    return isolated<RecomputeResult>(self, 'recompute', { permanents, effects, runs, budgetMs, limitMs }, limitMs, budget);
  };
  const tokenRun = (tokens: number, budgetMs: number, limit: number) => isolated<WholeRuns>(self, 'tokens', { tokens, runs: 5, budgetMs }, budget.limit(limit), budget);

  // The scaling table's base is the 2,000 × 500 board divided by 8, so that its 8× row is that board.
  const scales = [1, 2, 4, 8].map((k) => ({ k, permanents: 250 * k, effects: Math.round(62.5 * k) }));
  const small = await recompute(200, 100, 200, 8000, LIMITS.small);
  const big = await recompute(2000, 500, 30, 15000, LIMITS.big);
  const tokens = await tokenRun(1000, 15000, LIMITS.tokens);

  console.log(header(['figure', 'median', 'p95', 'CPU (median)', 'runs', 'target', '']));
  console.log(figure('200 permanents × 100 effects, full recompute', small, (v) => v.plain, '≤ 2 ms', 2));
  console.log(figure('2,000 × 500, full recompute', big, (v) => v.plain, '≤ 50 ms', 50));
  console.log(figure('building that 2,000 × 500 board in the benchmark (analysis of its timeline, 50 per line)', big, (v) => v.build, '≤ 5 s', 5000));
  console.log(figure('200 × 100, full recompute with the trace (what a view asks for)', small, (v) => v.traced, '—', Infinity));
  console.log(figure('1,000-token timeline (10 anthems, 5 type changers), whole run', tokens, (v) => v.run, '≤ 2 s', 2000));
  console.log(row(['heap kept after the token timeline (after gc)', tokens.ok ? mb(tokens.value.heapKept) : tokens.why, '', '', '', '≤ 150 MB', tokens.ok ? verdict(tokens.value.heapKept, 150 * 1048576) : '✗']));
  console.log(row(['peak resident memory during the token timeline', tokens.ok ? mb(tokens.value.peakRss) : tokens.why, '', '', '', '—', '']));

  // The same board through the command line: parse, analyse, report. Not run when its analysis alone was over its limit.
  let cliBoard: { ms: number; ok: boolean; why?: string };
  const cliLimit = budget.limit(LIMITS.cliBoard);
  if (!big.ok) cliBoard = { ms: NaN, ok: false, why: `not measured: the analysis of that board was ${whyNot(big)}` };
  else if (cliLimit === undefined) cliBoard = { ms: NaN, ok: false, why: budget.why };
  else {
    const boardFile = join(mkdtempSync(join(tmpdir(), 'layerlens-bench-')), 'board-2000x500.layers');
    writeFileSync(boardFile, board(2000, 500));
    cliBoard = cliRun([boardFile], 1, cliLimit);
    rmSync(join(boardFile, '..'), { recursive: true, force: true });
  }
  console.log(row(['2,000 permanents + 500 effect cards entering in groups of 50, whole CLI run', cliBoard.ok ? ms(cliBoard.ms) : (cliBoard.why ?? ''), '', '', '1 run', '≤ 3 s', cliBoard.ok ? verdict(cliBoard.ms, 3000) : '✗']));

  // Scaling of the full recompute: permanents and effects grow together, so the unit is permanent × effect.
  console.log('\nScaling, full recompute (no trace); 1× is 250 permanents × 63 effects (the 2,000 × 500 board divided by 8), both scaled:\n');
  console.log(header(['scale', 'permanents', 'effects', 'build', 'median', 'p95', 'CPU (median)', 'per permanent × effect']));
  const points: { size: number; ms: number }[] = [];
  const cpuPoints: { size: number; ms: number }[] = [];
  const perUnit: number[] = [];
  let skip = '';
  for (const { k, permanents: p, effects: e } of scales) {
    let r: Isolated<RecomputeResult>;
    if (k === 8) r = big;
    else if (skip) r = { ok: false, why: skip, wallMs: 0 };
    else r = await recompute(p, e, 30, 6000, LIMITS.scaling[Math.log2(k)]!);
    if (!r.ok && !skip) skip = `not measured: ${k}× was ${whyNot(r)}`;
    const v = r.ok ? r.value.plain : undefined;
    if (v?.cpu) cpuPoints.push({ size: k, ms: v.cpu });
    if (v) {
      points.push({ size: k, ms: v.median });
      perUnit.push((v.median * 1000) / (p * e));
    }
    console.log(row([`${k}×`, p.toLocaleString('en-US'), String(e), r.ok ? ms(r.value.build.median) : '', v ? ms(v.median) : (r as { why: string }).why, ms(v?.p95), ms(v?.cpu), v ? `${((v.median * 1000) / (p * e)).toFixed(3)} µs` : '—']));
  }
  // Flat per unit is the target: the cost per permanent × effect must not grow more than 1.5× from 1× to 8×.
  // (Falling per unit, the recompute grows slower than the number of pairs: better than flat.)
  const growth = perUnit.length === scales.length ? Math.max(...perUnit) / perUnit[0]! : NaN;
  const relative = perUnit.map((u) => (u / perUnit[0]!).toFixed(2)).join(', ');
  const growthText = Number.isFinite(growth) ? `${growth.toFixed(2)}× ${verdict(growth, 1.5)}` : `— (${scales.length - perUnit.length} of the sizes not measured) ✗`;
  console.log(`\nfitted exponent in the scale k: ${exponent(points).toFixed(2)} (CPU time: ${exponent(cpuPoints).toFixed(2)}); flat per permanent × effect is 2.00.`);
  console.log(`per permanent × effect relative to 1×: ${relative}; largest ${growthText} (target: within 1.5× of flat)`);

  // Scaling of the token timeline: the cost of a timeline should grow with its length.
  console.log('\nScaling, token timeline (10 anthems, 5 type changers, n tokens one at a time), whole run:\n');
  console.log(header(['tokens', 'median', 'CPU (median)', 'per token', 'runs']));
  const tpoints: { size: number; ms: number }[] = [];
  const tcpu: { size: number; ms: number }[] = [];
  skip = '';
  for (const [i, n] of [125, 250, 500, 1000].entries()) {
    let r: Isolated<WholeRuns>;
    if (n === 1000) r = tokens;
    else if (skip) r = { ok: false, why: skip, wallMs: 0 };
    else r = await tokenRun(n, 8000, LIMITS.tokenScaling[i]!);
    if (!r.ok && !skip) skip = `not measured: ${n} tokens were ${whyNot(r)}`;
    const v = r.ok ? r.value.run : undefined;
    if (v) tpoints.push({ size: n, ms: v.median });
    if (v?.cpu) tcpu.push({ size: n, ms: v.cpu });
    console.log(row([n.toLocaleString('en-US'), v ? ms(v.median) : (r as { why: string }).why, ms(v?.cpu), v ? ms(v.median / n) : '—', v ? runsOf(v) : '']));
  }
  console.log(`\nfitted exponent in the number of tokens: ${exponent(tpoints).toFixed(2)} (CPU time: ${exponent(tcpu).toFixed(2)}); linear is 1.00`);

  // Scaling of a long timeline: its time and what its snapshots keep should grow with its length.
  console.log('\nScaling, long timeline (a creature under an anthem, turns of three pumps), whole analysis:\n');
  console.log(header(['lines', 'median', 'CPU (median)', 'per line', 'heap kept (after gc)', 'peak resident', 'runs']));
  const lpoints: { size: number; ms: number }[] = [];
  const lheap: { size: number; ms: number }[] = [];
  skip = '';
  for (const [i, n] of [6_250, 12_500, 25_000, 50_000].entries()) {
    const l = budget.limit(LIMITS.timeline[i]!);
    let r: Isolated<WholeRuns>;
    if (skip) r = { ok: false, why: skip, wallMs: 0 };
    else r = await isolated<WholeRuns>(self, 'timeline', { lines: n, runs: n > 20_000 ? 0 : 3, budgetMs: 8000 }, l, budget);
    if (!r.ok && !skip) skip = `not measured: ${n.toLocaleString('en-US')} lines were ${whyNot(r)}`;
    const v = r.ok ? r.value : undefined;
    if (v) {
      lpoints.push({ size: n, ms: v.run.median });
      lheap.push({ size: n, ms: v.heapKept });
    }
    const wrong = v?.failed ? ` (${v.failed} expectation failed ✗)` : '';
    console.log(row([n.toLocaleString('en-US'), v ? ms(v.run.median) + wrong : (r as { why: string }).why, ms(v?.run.cpu), v ? `${((v.run.median * 1000) / n).toFixed(0)} µs` : '—', v ? mb(v.heapKept) : '', v ? mb(v.peakRss) : '', v ? runsOf(v.run) : '']));
  }
  console.log(`\nfitted exponent in the number of lines: time ${exponent(lpoints).toFixed(2)}, heap kept ${exponent(lheap).toFixed(2)}; linear is 1.00`);

  // Scaling of the realistic shape: a longer file on a larger board, everything in proportion.
  console.log("\nScaling, the realistic shape (issue 9's 2,000-line file: 200 permanents, 50 effect cards, 1,050 events), all three k times as many; whole analysis:\n");
  console.log(header(['k', 'lines', 'first analysis (fresh process)', 'later (median)', 'per event, later', 'heap kept (after gc)', 'runs']));
  const rfirst: { size: number; ms: number }[] = [];
  const rlater: { size: number; ms: number }[] = [];
  skip = '';
  for (const [i, k] of [1, 2, 4].entries()) {
    const l = budget.limit(LIMITS.realistic[i]!);
    let r: Isolated<WholeRuns>;
    if (skip) r = { ok: false, why: skip, wallMs: 0 };
    else r = await isolated<WholeRuns>(self, 'realistic', { k, runs: 3, budgetMs: 6000 }, l, budget);
    if (!r.ok && !skip) skip = `not measured: ${k}× was ${whyNot(r)}`;
    const v = r.ok ? r.value : undefined;
    if (v) {
      rfirst.push({ size: k, ms: v.first });
      rlater.push({ size: k, ms: v.run.median });
    }
    const wrong = v?.failed ? ` (${v.failed} expectation failed ✗)` : '';
    const lines = realistic(realisticAt(k)).split('\n').length - 1;
    console.log(row([`${k}×`, lines.toLocaleString('en-US'), v ? ms(v.first) + wrong : (r as { why: string }).why, ms(v?.run.median), v ? `${((v.run.median * 1000) / (LARGE.events * k)).toFixed(0)} µs` : '—', v ? mb(v.heapKept) : '', v ? runsOf(v.run) : '']));
  }
  console.log(`\nfitted exponent in k: first analysis ${exponent(rfirst).toFixed(2)}, later ${exponent(rlater).toFixed(2)}; 1.00 is a cost per event independent of the board, 2.00 one in proportion to it`);

  // The command line: files per second, one worker against every core.
  const cores = availableParallelism();
  console.log(`\nCommand line, files per second (\`layerlens run --jobs N\`, whole process, ${cores} cores available):\n`);
  console.log(header(['files', 'jobs', 'wall (median)', 'files per second', 'runs']));
  const sampleFiles = readdirSync(join(ROOT, 'samples')).filter((f) => f.endsWith('.layers')).length;
  const many = manyFiles(2000);
  for (const [label, paths, count, runs, limit] of [
    ['samples', ['samples'], sampleFiles, 5, LIMITS.samples],
    ['generated directory: the samples and conformance files in turn', [many], 2000, 1, LIMITS.many],
  ] as const) {
    for (const jobs of [...new Set([1, cores])]) {
      const walls: number[] = [];
      let why: string | undefined;
      for (let i = 0; i < runs && !why; i++) {
        const l = budget.limit(limit);
        const r = l === undefined ? { ok: false, ms: NaN, why: budget.why } : cliRun([...paths], jobs, l);
        if (r.ok) walls.push(r.ms);
        else why = r.why;
      }
      const m = walls.length ? stats(walls).median : undefined;
      console.log(row([`${count.toLocaleString('en-US')} (${label})`, String(jobs), walls.length ? ms(m) : (why ?? ''), m ? (count / (m / 1000)).toFixed(0) : '—', String(walls.length)]));
    }
  }
  rmSync(many, { recursive: true, force: true });
  console.log(`\nwhole benchmark: ${ms(performance.now() - started)} (at most ${TOTAL_MS / 1000} s of cases)`);
}

if (!casesMain(CASES) && /engine(\.bench)?\.(ts|js)$/.test(process.argv[1] ?? '')) void main();
