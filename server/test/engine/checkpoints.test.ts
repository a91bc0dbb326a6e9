// Snapshots keep a frozen state that shares what an event left unchanged with
// the one before it, and make a game from it when read (engine/checkpoints.ts).
// A snapshot read so must be the state the run had after that statement: the
// same as the final state of the file without the statements after it, which
// is the run's own game.
import test from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseLayers } from '../../src/syntax/parser';
import { analyze, analyzeDetailed } from '../../src/engine/analyze';
import { Checkpoints, EFFECT_FIELDS, freeze, Held, OBJECT_FIELDS, type FrozenGame, REPLACEMENT_FIELDS, sameEffect, sameObject, sameReplacement, stateOf } from '../../src/engine/checkpoints';
import { cloneState, edit, type ResolvedReplacement } from '../../src/engine/state';
import { rebaseMemo } from '../../src/engine/incremental';
import { fingerprint } from '../../src/engine/views';
import { CHECK_INCREMENTAL, recall } from '../../src/engine/resume';
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

test('snapshots across many events, read in any order, with a 616 branch kept apart', () => {
  const EVERY = 32;
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

test('a frozen state shares every record an event left unchanged; a game read from it reads it and never changes it', () => {
  const text = [
    'card "Gray Ogre" as ogre', '  type Creature — Ogre', '  pt 2/2',
    'card "Grizzly Bears" as bears', '  type Creature — Bear', '  pt 2/2',
    'card "Glorious Anthem" as anthem', '  type Enchantment', '  text Creatures you control get +1/+1.',
    'enter ogre, bears, anthem', 'resolve "Target creature gets +1/+1 until end of turn." targeting ogre',
  ].join('\n');
  const g = analyzeDetailed(parseLayers(text, 'freeze.layers')).games[0]!;
  const first = freeze(g, undefined);
  const again = freeze(g, first);
  assert.ok(again.state.objects.toArray().every((o, i) => o === first.state.objects.at(i)), 'nothing changed: every object shared');
  assert.ok(again.state.effects.length > 0 && again.state.effects.toArray().every((e, i) => e === first.state.effects.at(i)), 'every effect shared');
  // An event changes the ogre only.
  const ogre = g.state.byId.get('ogre')!;
  edit(ogre).tapped = true;
  edit(ogre).counters.set('+1/+1', 2);
  g.state.effects[0]!.ended = true;
  const after = freeze(g, again);
  const byId = (f: typeof after, id: string) => f.state.objects.toArray().find((o) => o.id === id)!;
  assert.notEqual(byId(after, 'ogre'), byId(again, 'ogre'));
  assert.equal(byId(after, 'bears'), byId(again, 'bears'));
  assert.equal(byId(after, 'anthem'), byId(again, 'anthem'));
  assert.notEqual(after.state.effects.at(0), again.state.effects.at(0));
  assert.equal(byId(again, 'ogre').tapped, false, 'the earlier frozen state keeps its value');
  assert.equal(byId(again, 'ogre').counters.size, 0);
  assert.equal(again.state.effects.at(0)!.ended, false);
  // The game goes on changing: the frozen copy does not.
  edit(ogre).counters.set('+1/+1', 5);
  assert.equal(byId(after, 'ogre').counters.get('+1/+1'), 2);
  // A game read from a held frozen state reads the frozen records themselves (it is only read), kept while it is recent.
  const held = new Held(g);
  held.freeze(after);
  const made = held.game;
  const fp = fingerprint(made);
  assert.notEqual(made, g);
  assert.equal(made.state.byId.get('ogre')!.counters.get('+1/+1'), 2);
  assert.equal(made.state.byId.get('bears'), byId(after, 'bears'));
  // The check mode makes sure nothing changes one: a change throws.
  if (CHECK_INCREMENTAL) assert.throws(() => void (edit(made.state.byId.get('bears')!).tapped = true), TypeError);
  assert.equal(byId(after, 'bears').tapped, false);
  assert.equal(held.game, made);
  // Reading other snapshots pushes it out; it is made again, equal and new.
  for (let k = 0; k < 10; k++) {
    const other = new Held(g);
    other.freeze(first);
    void other.game;
  }
  const remade = held.game;
  assert.notEqual(remade, made);
  assert.equal(remade.state.byId.get('bears')!.tapped, false);
  assert.equal(fingerprint(remade), fp);
});

test('every change goes through edit: a new stamp; a copy keeps it; freezing shares by stamp, and a change made around edit is caught in the check mode', () => {
  const text = ['card "Gray Ogre" as ogre', '  type Creature — Ogre', '  pt 2/2', 'card "Grizzly Bears" as bears', '  type Creature — Bear', '  pt 2/2', 'enter ogre, bears'].join('\n');
  const g = analyzeDetailed(parseLayers(text, 'stamps.layers')).games[0]!;
  const ogre = g.state.byId.get('ogre')!;
  const bears = g.state.byId.get('bears')!;
  assert.notEqual(ogre.stamp, bears.stamp, 'objects are made with stamps of their own');
  const first = freeze(g, undefined);
  const frozen = (f: FrozenGame, id: string) => f.state.objects.toArray().find((o) => o.id === id)!;
  assert.equal(frozen(first, 'ogre').stamp, ogre.stamp, 'a copy keeps the stamp');
  const before = ogre.stamp;
  edit(ogre).tapped = true;
  assert.ok(ogre.stamp > before, 'an edit gives a new stamp');
  const second = freeze(g, first);
  assert.notEqual(frozen(second, 'ogre'), frozen(first, 'ogre'));
  assert.equal(frozen(second, 'bears'), frozen(first, 'bears'));
  // Written back to the values it had: shared again, and it takes that copy's stamp, so the next freeze finds it by stamp.
  edit(ogre).tapped = false;
  const third = freeze(g, first);
  assert.equal(frozen(third, 'ogre'), frozen(first, 'ogre'));
  assert.equal(ogre.stamp, frozen(first, 'ogre').stamp);
  // A change that does not go through edit keeps the stamp: the check mode compares the fields and says so.
  (bears as unknown as { tapped: boolean }).tapped = true;
  if (CHECK_INCREMENTAL) assert.throws(() => freeze(g, third), /bears changed without `edit`/);
  else assert.equal(frozen(freeze(g, third), 'bears'), frozen(third, 'bears'), 'outside the check mode the stamp is trusted');
});

test('an ended effect never changes again: a freeze hands the game its frozen record, and copies of the game share it', () => {
  const text = ['card "Gray Ogre" as ogre', '  type Creature — Ogre', '  pt 2/2', 'enter ogre', 'resolve "Target creature gets +1/+1 until end of turn." targeting ogre', 'end turn'].join('\n');
  const g = analyzeDetailed(parseLayers(text, 'ended.layers')).games[0]!;
  const pump = g.state.effects.find((e) => e.text.includes('+1/+1'))!;
  assert.ok(pump.ended, 'the pump ended with the turn');
  const first = freeze(g, undefined);
  const frozenPump = first.state.effects.toArray().find((e) => e.id === pump.id)!;
  const second = freeze(g, first);
  assert.equal(g.state.effects.find((e) => e.id === pump.id), frozenPump, 'the game now holds the frozen record');
  assert.equal(second.state.effects.toArray().find((e) => e.id === pump.id), frozenPump);
  assert.equal(cloneState(g.state).effects.find((e) => e.id === pump.id), frozenPump, 'a copy of the state shares it');
  // Nothing may write it: in the check mode frozen records are frozen, and a write throws.
  if (CHECK_INCREMENTAL) assert.throws(() => void ((frozenPump as { ended: boolean }).ended = true), TypeError);
});

test('a change of any field of an object, effect or replacement is seen, so it is never shared', () => {
  const g = analyzeDetailed(parseLayers(['card "Gray Ogre" as ogre', '  type Creature — Ogre', '  pt 2/2', 'enter ogre', 'resolve "Target creature gets +1/+1 until end of turn." targeting ogre'].join('\n'), 'fields.layers')).games[0]!;
  /** A value of the same field that differs from `v`, whatever its type. */
  const other = (v: unknown): unknown =>
    v instanceof Map ? new Map([...v, ['changed', 1]]) : Array.isArray(v) ? [...v, 'changed'] : typeof v === 'number' ? v + 1 : typeof v === 'boolean' ? !v : typeof v === 'string' ? `${v}!` : v === undefined || v === null ? 'changed' : { ...(v as object) };
  const check = <T extends object>(what: string, record: T, fields: Partial<Record<keyof T, true>>, same: (a: T, b: T) => boolean) => {
    const keys = Object.keys(fields) as (keyof T)[];
    assert.ok(keys.length >= 10, what);
    assert.ok(same(record, { ...record }), `${what}: a copy is the same`);
    for (const k of keys) assert.equal(same(record, { ...record, [k]: other(record[k]) }), false, `${what}.${String(k)} changed`);
  };
  const ogre = g.state.byId.get('ogre')!;
  edit(ogre).counters.set('+1/+1', 1);
  edit(ogre).designations.push('attacking');
  check('object', ogre, OBJECT_FIELDS, sameObject);
  const effect = g.state.effects[0]!;
  assert.ok(effect, 'the pump made an effect');
  check('effect', effect, EFFECT_FIELDS, sameEffect);
  const replacement: ResolvedReplacement = { id: 'r1', sourceId: 'ogre', spec: {} as ResolvedReplacement['spec'], duration: effect.duration, bindings: effect.bindings, timestamp: 3, text: 'a shield', used: false, ended: false };
  check('replacement', replacement, REPLACEMENT_FIELDS, sameReplacement);
  // Contents, not identity: equal Maps and arrays are the same.
  assert.ok(sameObject(ogre, { ...ogre, counters: new Map(ogre.counters), designations: [...ogre.designations] }));
});

test("a checkpoint keeps its run's layer memo as it is; a game made from a frozen state rebases it on that state's objects when it first computes", () => {
  const text = [
    'card "Gray Ogre" as ogre', '  type Creature — Ogre', '  pt 2/2',
    'card "Grizzly Bears" as bears', '  type Creature — Bear', '  pt 2/2',
    'card "Glorious Anthem" as anthem', '  type Enchantment', '  text Creatures you control get +1/+1.',
    'enter ogre, bears, anthem',
  ].join('\n');
  const g = analyzeDetailed(parseLayers(text, 'memo.layers')).games[0]!;
  void g.layers();
  const checkpoints = new Checkpoints();
  const objectOf = (f: FrozenGame, id: string) => f.state.objects.toArray().find((o) => o.id === id)!;
  const release = (at: number): FrozenGame => {
    const h = new Held(g);
    checkpoints.release([h], [g], at);
    return h.frozen!;
  };
  const first = release(0);
  const memo = first.memo!;
  assert.equal(memo, g.layerMemo, "the run's memo itself: no copy is made as the run goes on");
  assert.equal(memo.copied.get('ogre')!.obj, g.state.byId.get('ogre'), "it names the run's objects");
  // The ogre is tapped: the next statement's frozen state, in the same group, shares the memo.
  const ogre = g.state.byId.get('ogre')!;
  edit(ogre).tapped = true;
  g.changed();
  void g.layers();
  const second = release(1);
  assert.equal(second.memo, memo);
  // Rebased on the frozen state: every record names that state's object.
  const state = stateOf(second);
  const rebased = rebaseMemo(second.memo!, state, () => {});
  for (const [id, w] of rebased.copied) assert.equal(w.obj, objectOf(second, id), `${id}: the frozen object`);
  for (const r of rebased.layers.values()) r.changed.forEach((w, id) => assert.equal(w.obj, objectOf(second, id), `${id}: the frozen object`));
  assert.equal(rebased.layers.get('7c')!.changed.get('bears')!.power, memo.layers.get('7c')!.changed.get('bears')!.power, 'the same values');
  assert.equal(rebaseMemo(rebased, state, () => {}).copied, rebased.copied, 'on the objects it names already: nothing copied');
  // A game read from the later state computes from that memo and reads its own objects.
  const held = new Held(g);
  held.freeze(second);
  const made = held.game;
  assert.equal(made.chars('ogre')!.obj, objectOf(second, 'ogre'));
  assert.equal(made.chars('ogre')!.obj.tapped, true);
  assert.equal(made.chars('bears')!.power, 3);
  // The run goes on changing its objects: the next group takes the run's memo then, and the game
  // made from the frozen state still reads the state it was made from. (Damage: a change of tapped
  // status alone leaves the layers' result, and so the memo, as they were when nothing reads it.)
  edit(ogre).tapped = false;
  edit(ogre).damage = 1;
  g.changed();
  void g.layers();
  const next = release(16);
  assert.notEqual(next.memo, memo);
  assert.equal(next.memo, g.layerMemo);
  assert.equal(made.chars('ogre')!.obj.tapped, true);
  assert.equal(made.chars('ogre')!.power, 3);
});

test('after a layer is ordered afresh (613.8), later checkpoints take a new memo: a game read from them does not order it afresh again', () => {
  const text = [
    'card "Blood Moon" as moon', '  type Enchantment', '  text Nonbasic lands are Mountains.',
    'card "Urborg, Tomb of Yawgmoth" as urborg', '  type Legendary Land', '  text Each land is a Swamp in addition to its other land types.',
    'card "Forest" as forest', '  type Basic Land — Forest',
    'card "Gray Ogre" as ogre', '  type Creature — Ogre', '  pt 2/2',
    'enter forest, urborg, ogre', 'tap ogre', 'untap ogre', 'tap ogre', 'untap ogre',
    // Blood Moon joins layer 4, where Urborg depends on it: the run orders the layer afresh.
    'enter moon',
    'tap ogre', 'untap ogre', 'tap ogre', 'untap ogre', 'tap ogre', 'untap ogre', 'tap ogre', 'untap ogre',
  ].join('\n');
  const points = recall(analyze(parseLayers(text, 'reorder.layers')))!.points;
  const memoAt = (i: number) => (points[i]!.held[0] as Held).frozen!.memo!;
  assert.equal(memoAt(4), memoAt(0), 'one memo while nothing is ordered afresh');
  assert.notEqual(memoAt(5), memoAt(4), 'a new memo after Blood Moon entered');
  assert.equal(memoAt(12), memoAt(5));
  for (const i of [6, 9, 12]) {
    const computed = (points[i]!.held[0] as Held).game.layers();
    assert.equal(computed.incremental?.full, 0, `after statement ${i + 1}: no layer ordered afresh`);
    // 613.8: Urborg's effect depends on Blood Moon's, which takes its ability away.
    assert.deepEqual(computed.world.get('urborg')!.subtypes, ['Mountain']);
    assert.deepEqual(computed.world.get('forest')!.subtypes, ['Forest']);
  }
});

test('a live game settled into a frozen state shares what its last event left unchanged with the state it was last frozen to', () => {
  const text = ['card "Gray Ogre" as ogre', '  type Creature — Ogre', '  pt 2/2', 'card "Grizzly Bears" as bears', '  type Creature — Bear', '  pt 2/2', 'enter ogre, bears'].join('\n');
  const g = analyzeDetailed(parseLayers(text, 'settle.layers')).games[0]!;
  const first = freeze(g, undefined);
  edit(g.state.byId.get('ogre')!).tapped = true;
  const held = new Held(g);
  held.settle();
  const record = (f: FrozenGame, id: string) => f.state.objects.toArray().find((o) => o.id === id)!;
  assert.ok(held.frozen, 'settled: a frozen state, no live game');
  assert.equal(record(held.frozen!, 'bears'), record(first, 'bears'), 'the untouched object is the very record frozen before');
  assert.notEqual(record(held.frozen!, 'ogre'), record(first, 'ogre'));
  assert.equal(record(held.frozen!, 'ogre').tapped, true);
  assert.equal(record(first, 'ogre').tapped, false);
});
