// Replay from the first changed statement (issue 9) must give exactly what a
// full analysis gives: random edits of every sample and conformance file, each
// analysed once from scratch and once resumed from the analysis before the edit.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { parseLayers } from '../../src/syntax/parser';
import { analyze, analyzeDetailed, startAnalysis } from '../../src/engine/analyze';
import { cloneState, settledStandIns, STAND_IN } from '../../src/engine/state';
import { checkIncremental, firstDifference, recall } from '../../src/engine/resume';
import { Held } from '../../src/engine/checkpoints';
import { corpus, userEdit } from '../corpus';

const texts = corpus.map((f) => f.text);

test('the corpus is there', () => assert.ok(texts.length >= 20, `${texts.length} files`));

test('a resumed analysis equals a full analysis after random edits', () => {
  let converged = 0;
  fc.assert(
    // Every kind of edit (corpus.ts `userEdit`): digits, deleted and duplicated lines, comments, turn ends, words typed, names changed, lines cut, indentation.
    fc.property(fc.nat(texts.length - 1), fc.array(fc.tuple(fc.nat(8), fc.nat(400)), { minLength: 1, maxLength: 4 }), (n, edits) => {
      let text = texts[n]!;
      let previous = analyze(parseLayers(text, 'f.layers'));
      for (const [kind, at] of edits) {
        text = userEdit(text, kind, at);
        const run = startAnalysis(parseLayers(text, 'f.layers'), { previous });
        while (run.step());
        const resumed = run.finish().analysis;
        if (run.convergedAt !== undefined) converged++;
        checkIncremental(resumed, analyze(parseLayers(text, 'f.layers')));
        previous = resumed;
      }
    }),
    { numRuns: 80, seed: 9 },
  );
  // Some of those edits left the previous state a few statements later and took the rest from it (converge.ts).
  assert.ok(converged > 0, `${converged} converged`);
});

test('a resumed run knows the names of the tokens made before where it resumes, not those the previous run made after', () => {
  const text = [
    'players Alice, Bob',
    'card "Llanowar Elves" as elves', '  type Creature — Elf Druid', '  pt 1/1',
    'card "Beastcaller" as caller', '  type Creature — Elf', '  pt 1/1', '  text {T}: Create a 3/3 green Elephant creature token.',
    'enter elves, caller',
    'expect elves 1/1',
    'activate caller',
    'expect "Elephant Token": pt 3/3',
  ].join('\n');
  const previous = analyze(parseLayers(text, 'f.layers'));
  assert.deepEqual(previous.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message), []);
  // The activation goes: the token is never made, and its name is unknown again.
  const edited = text.replace('activate caller', 'tap caller');
  const { run, analysis } = runResumed(edited, previous);
  assert.equal(run.resumedAt, 2, 'resumed after the unchanged statements');
  const full = analyze(parseLayers(edited, 'f.layers'));
  checkIncremental(analysis, full);
  assert.ok(analysis.diagnostics.some((d) => d.code === 'unknown-name' && /Elephant Token/.test(d.message)), JSON.stringify(analysis.diagnostics.map((d) => d.message)));
});

test('a statement cut short at its end runs again (it ends before the edit now, but did not before)', () => {
  const text = readFileSync(join(__dirname, '../../../samples/613-8a-blood-moon-and-urborg.layers'), 'utf8');
  const previous = analyze(parseLayers(text, 'f.layers'));
  const lines = text.split('\n');
  const at = lines.findIndex((l) => /^expect .*; /.test(l));
  assert.ok(at > 0, 'an expectation with several facts');
  lines[at] = lines[at]!.slice(0, lines[at]!.indexOf('; ') + 2);
  const edited = lines.join('\n');
  const { analysis } = runResumed(edited, previous);
  checkIncremental(analysis, analyze(parseLayers(edited, 'f.layers')));
  // The expectation checks the one fact left on its line, not last time's two.
  assert.equal(analysis.expectations.find((x) => x.line === at)!.facts.length, 1);
});

test('an edit late in the timeline resumes late; a declaration edit starts again', () => {
  const text = readFileSync(join(__dirname, '../../../samples/613-8a-blood-moon-and-urborg.layers'), 'utf8');
  const a = analyze(parseLayers(text, 'f.layers'));
  const n = a.file.statements.length;
  const late = parseLayers(text + '\nend turn\n', 'f.layers');
  assert.equal(startAnalysis(late, { previous: a }).resumedAt, n, 'only the new statement runs');
  const decl = text.replace('type ', 'type  ');
  assert.ok(firstDifference(text, decl) < text.indexOf('\nenter'));
  assert.equal(startAnalysis(parseLayers(decl, 'f.layers'), { previous: a }).resumedAt, 0);
  assert.equal(startAnalysis(parseLayers(text, 'f.layers'), { previous: a }).resumedAt, n, 'the same text reuses everything');
});

// Convergence (engine/converge.ts): an early edit whose consequences end leaves the previous
// analysis's state some statements later, and the rest is taken from the previous analysis.

/** A board, an early pump labelled `early`, a turn end, then a longer timeline. */
function convergingFile(pump: string, label = 'early', tail: string[] = []): string {
  const lines = ['scenario "convergence"', 'players Alice, Bob', ''];
  for (let i = 0; i < 6; i++) lines.push(`card "Grizzly Bears ${i}" as b${i}`, '  type Creature — Bear', '  pt 2/2');
  lines.push('card "Glorious Anthem" as anthem', '  type Enchantment', '  text Creatures you control get +1/+1.', '');
  lines.push('enter b0, b1, b2, anthem', `resolve "Target creature gets ${pump} until end of turn." targeting b0 as ${label}`, 'expect b0 4/4', 'tap b1', 'end turn');
  for (let i = 0; i < 8; i++) lines.push(`resolve "Target creature gets +1/+1 until end of turn." targeting b${i % 3}`, `expect b${i % 3}: tapped ${i % 3 === 1 ? 'yes' : 'no'}`, 'untap b1', 'tap b1', 'end turn');
  lines.push(...tail, 'enter b3', 'expect b3 3/3');
  return lines.join('\n');
}

function runResumed(text: string, previous: ReturnType<typeof analyze>) {
  const run = startAnalysis(parseLayers(text, 'f.layers'), { previous });
  while (run.step());
  return { run, analysis: run.finish().analysis };
}

test('an early edit whose effect ends converges, and equals a full analysis', () => {
  const before = convergingFile('+2/+2');
  const after = before.replace('+2/+2 until', '+3/+3 until');
  const previous = analyze(parseLayers(before, 'f.layers'));
  const { run, analysis } = runResumed(after, previous);
  const file = parseLayers(after, 'f.layers');
  const pump = file.statements.findIndex((s) => s.kind === 'event' && s.event.kind === 'resolve');
  const turnEnd = file.statements.findIndex((s, i) => i > pump && s.kind === 'event' && s.event.kind === 'end-turn');
  // The state is the previous one's once the pump's turn is over, not before.
  assert.equal(run.resumedAt, pump);
  assert.equal(run.convergedAt, turnEnd);
  checkIncremental(analysis, analyze(file));
  // The expectation on the pumped turn sees the edit (6/6 now, and it fails); later ones are the previous analysis's.
  assert.equal(analysis.expectations[0]!.actual, 'pt 6/6');
  assert.equal(previous.expectations[0]!.actual, 'pt 5/5');
  assert.equal(analysis.expectations.length, previous.expectations.length);
  assert.ok(analysis.expectations.slice(1).every((e, i) => e === previous.expectations[i + 1]));
});

test('no convergence where what differs is still read: a label `end LABEL` names later, a counter, lines moved', () => {
  // The ended pump's label is read by a later `end early`: another label is another future.
  const tail = ['end early'];
  const before = convergingFile('+2/+2', 'early', tail);
  const relabelled = convergingFile('+2/+2', 'other', tail);
  const a = runResumed(relabelled, analyze(parseLayers(before, 'f.layers')));
  assert.equal(a.run.convergedAt, undefined);
  checkIncremental(a.analysis, analyze(parseLayers(relabelled, 'f.layers')));
  assert.ok(a.analysis.diagnostics.some((d) => d.code === 'unknown-name' && d.message.includes('"early"')));
  // A counter stays: the states never meet again.
  const counter = before.replace('tap b1\nend turn', 'put 1 +1/+1 counter on b2\nend turn');
  const b = runResumed(counter, analyze(parseLayers(before, 'f.layers')));
  assert.equal(b.run.convergedAt, undefined);
  checkIncremental(b.analysis, analyze(parseLayers(counter, 'f.layers')));
  // A line added above: the later statements are the same text, but on other lines (their diagnostics and lenses move).
  const moved = before.replace('tap b1\nend turn', 'tap b1\n# a note\nend turn');
  const c = runResumed(moved, analyze(parseLayers(before, 'f.layers')));
  assert.equal(c.run.convergedAt, undefined);
  checkIncremental(c.analysis, analyze(parseLayers(moved, 'f.layers')));
});

test('expectations a resumed run starts with hold the previous analysis’s games, not new holds on them', () => {
  const lines = ['card "Gray Ogre" as ogre', '  type Creature — Ogre', '  pt 2/2', 'enter ogre', 'tap ogre', 'expect ogre 2/2', 'expect ogre: tapped', 'untap ogre', 'expect ogre 2/2', ''];
  const first = analyze(parseLayers(lines.join('\n'), 'f.layers'));
  lines[6] = 'expect ogre: tapped ';
  const run = startAnalysis(parseLayers(lines.join('\n'), 'f.layers'), { previous: first });
  while (run.step());
  const second = run.finish().analysis;
  const [was, now] = [recall(first)!.points, recall(second)!.points];
  // Statement 3 (`expect ogre: tapped`) runs again; the state after it is the one after statement 2.
  assert.equal(now[3]!.held, was[2]!.held);
  assert.equal(now[2]!.held, was[2]!.held);
  checkIncremental(second, analyze(parseLayers(lines.join('\n'), 'f.layers')));
});

// What later analyses keep of a resumed one: frozen states, never whole games, and memos only
// one per group of statements (a long file edited in many places kept one game, or one memo,
// per place edited: 150 edited pumps of the 2,000-line file kept 80 MB).
test('a resumed run leaves frozen states where later analyses resume, and the memos of its groups only', () => {
  const before = convergingFile('+2/+2');
  const previous = analyze(parseLayers(before, 'f.layers'));
  const { run, analysis } = runResumed(before.replace('+2/+2 until', '+3/+3 until'), previous);
  const points = recall(analysis)!.points;
  const holds = (j: number) => points[j]!.held as Held[];
  // The converged point: its games are never played on, and the next analyses keep it.
  assert.ok(run.convergedAt !== undefined);
  assert.ok(holds(run.convergedAt!).every((h) => h.frozen), 'frozen where the run converged');
  // Before the next group of 16 statements, the run's frozen states share the memo of the point it resumed from.
  const startMemo = (recall(previous)!.points[run.resumedAt - 1]!.held[0] as Held).frozen!.memo;
  const sameGroup = points.slice(run.resumedAt, run.convergedAt).map((p, k) => ({ p, at: run.resumedAt + k })).filter(({ p, at }) => Math.floor(at / 16) === Math.floor((run.resumedAt - 1) / 16) && (p.held[0] as Held).frozen);
  assert.ok(sameGroup.length > 0);
  assert.ok(sameGroup.every(({ p }) => (p.held[0] as Held).frozen!.memo === startMemo));
  // Typing at the end resumes after the last event, whose games were live: they are frozen now, and read the same.
  const live = points.flatMap((p, j) => ((p.held[0] as Held).frozen ? [] : [j]));
  assert.deepEqual(live, [points.length - 2, points.length - 1]);
  const text = before.replace('+2/+2 until', '+3/+3 until') + '\nend turn';
  const appended = runResumed(text, analysis);
  assert.equal(appended.run.resumedAt, points.length - 1);
  assert.ok(holds(points.length - 2).every((h) => h.frozen), 'the previous analysis’s last games were frozen');
  checkIncremental(appended.analysis, analyze(parseLayers(text, 'f.layers')));
  const power = (w: { objects: { id: string; chars: { power?: unknown } }[] }) => w.objects.find((o) => o.id === 'b3')?.chars.power;
  assert.equal(power(analysis.final.outcomes[0]!.world), 3);
});

// A resumed run copies the board it starts from, but for the stand-ins of resolved spells that nothing
// can change any more (state.ts: settledStandIns): the 2,000-line benchmark file ends with 260 of them.
test('a resumed run shares the settled stand-ins with the state it starts from, and never writes them', () => {
  const text = convergingFile('+2/+2');
  const detailed = analyzeDetailed(parseLayers(text.replace(/\nenter b3\nexpect b3 3\/3$/, '\nresolve "Target creature gets +1/+1 until end of turn." targeting b2'), 'f.layers'));
  const state = detailed.games[0]!.state;
  const standIns = state.objects.filter((o) => o.id.startsWith(STAND_IN));
  const settled = settledStandIns(state);
  // Nine pumps ended with their turns; the last one still applies, so its stand-in may still be read as a source.
  assert.equal(standIns.length, 10);
  assert.equal(settled.size, 9);
  const live = standIns.find((o) => !settled.has(o.id))!;
  assert.ok(state.effects.some((e) => !e.ended && e.sourceId === live.id));
  const copy = cloneState(state, true);
  for (const o of copy.objects) assert.equal(o === state.byId.get(o.id), settled.has(o.id), o.id);
  assert.ok(cloneState(state).objects.every((o) => o !== state.byId.get(o.id)), 'a plain copy shares nothing');
  // Frozen, as the check mode freezes snapshots: a run resumed before the last turns ends them (514.2) without writing to them.
  const before = analyze(parseLayers(text, 'f.layers'));
  for (const p of recall(before)!.points) for (const h of p.held as Held[]) for (const o of h.peek().state.objects) if (o.id.startsWith(STAND_IN) && o.zone === null) Object.freeze(o);
  // `tap b2` before the sixth pump: four more turns end in the resumed run.
  const lines = text.split('\n');
  const sixth = lines.map((l, i) => (l.startsWith('resolve') ? i : -1)).filter((i) => i >= 0)[5]!;
  lines.splice(sixth, 0, 'tap b2');
  const edited = lines.join('\n');
  const { run, analysis } = runResumed(edited, before);
  assert.ok(run.resumedAt > 20, `resumed at ${run.resumedAt}`);
  assert.equal(analysis.file.statements.slice(run.resumedAt).filter((s) => s.kind === 'event' && s.event.kind === 'end-turn').length, 4);
  checkIncremental(analysis, analyze(parseLayers(edited, 'f.layers')));
});
