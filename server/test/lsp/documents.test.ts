import assert from 'node:assert/strict';
import test from 'node:test';
import { analyseDocument, DocumentStore, type AnalysedDocument } from '../../src/lsp/documents';
import { namesOf } from '../../src/lsp/names';
import { guarded } from '../../src/lsp/guard';
import { readSettings } from '../../src/lsp/settings';

/** An editor's open documents, edited by the test. */
class Editor {
  docs = new Map<string, { version: number; text: string }>();
  set(uri: string, version: number, text: string) {
    this.docs.set(uri, { version, text });
  }
  get(uri: string) {
    const d = this.docs.get(uri);
    return d ? { version: d.version, getText: () => d.text } : undefined;
  }
}

/** Timers run by hand: `tick()` fires every timer still pending. */
class Clock {
  next = 1;
  pending = new Map<number, () => void>();
  set = (fn: () => void) => {
    const id = this.next++;
    this.pending.set(id, fn);
    return id;
  };
  clear = (id: unknown) => {
    this.pending.delete(id as number);
  };
  tick() {
    const fns = [...this.pending.values()];
    this.pending.clear();
    for (const f of fns) f();
  }
}

function setup(sliceMs = 1000) {
  const editor = new Editor();
  const clock = new Clock();
  const delivered: AnalysedDocument[] = [];
  const busy: string[] = [];
  /** Slices waiting to run: `drain()` runs them (and those they schedule). */
  const queue: (() => void)[] = [];
  let time = 0;
  const store = new DocumentStore(editor, (d) => delivered.push(d), {
    setTimer: clock.set,
    clearTimer: clock.clear,
    sliceMs,
    later: (fn) => queue.push(fn),
    now: () => time,
    onBusy: (u, b) => busy.push(`${u} ${b}`),
  });
  const drain = () => {
    let n = 0;
    while (queue.length) {
      queue.shift()!();
      n++;
    }
    return n;
  };
  return { editor, clock, delivered, store, queue, drain, busy, advance: (ms: number) => (time += ms) };
}

const OGRE = 'card ogre\n  type Creature — Ogre\n  pt 2/2\nenter ogre\nexpect ogre 2/2\n';

test('an analysed document holds the parse and the analysis; its name index is made when first asked for, once', () => {
  const d = analyseDocument('file:///a.layers', 3, OGRE);
  assert.equal('names' in d, false, 'the analysis does not wait for the name index');
  assert.equal(namesOf(d), namesOf({ ...d }), 'one index per parse');
  assert.equal(d.version, 3);
  assert.equal(d.failed, false);
  assert.deepEqual(d.lines, ['card ogre', '  type Creature — Ogre', '  pt 2/2', 'enter ogre', 'expect ogre 2/2', '']);
  assert.deepEqual(d.analysis.expectations.map((e) => e.passed), [true]);
  assert.deepEqual(namesOf(d).map((n) => `${n.role} ${n.key} ${n.text}`), ['declaration object:0 ogre', 'use object:0 ogre', 'use object:0 ogre']);
});

test('opening analyses and delivers on the next turn of the event loop', () => {
  const s = setup();
  s.editor.set('u', 1, OGRE);
  s.store.opened('u');
  assert.equal(s.delivered.length, 0, 'nothing runs inside the notification handler');
  s.drain();
  assert.deepEqual(s.delivered.map((d) => d.version), [1]);
  assert.equal(s.store.pending('u'), false);
});

test('opening is a change of the opened version too (as the LSP library reports it): delivered once, whether the analysis is quicker than the debounce or not', () => {
  // Quicker: the change comes after the analysis was delivered.
  const s = setup();
  s.editor.set('u', 1, OGRE);
  s.store.opened('u');
  s.drain();
  s.store.changed('u');
  s.clock.tick();
  s.drain();
  assert.deepEqual(s.delivered.map((d) => d.version), [1]);
  assert.equal(s.store.pending('u'), false);
  // Slower: the change comes while it runs.
  const t = setup();
  t.editor.set('u', 1, OGRE);
  t.store.opened('u');
  t.store.changed('u');
  t.clock.tick();
  t.drain();
  assert.deepEqual(t.delivered.map((d) => d.version), [1]);
  // A request ran the analysis first (nothing delivered): the change delivers it.
  const r = setup();
  r.editor.set('u', 1, OGRE);
  void r.store.analysed('u');
  r.store.changed('u');
  r.drain();
  r.clock.tick();
  r.drain();
  assert.deepEqual(r.delivered.map((d) => d.version), [1]);
  // Closed and opened again with the same version: delivered again.
  s.store.closed('u');
  s.store.opened('u');
  s.drain();
  assert.deepEqual(s.delivered.map((d) => d.version), [1, 1]);
});

test('edits are debounced: only the last version of a burst is analysed and delivered', () => {
  const s = setup();
  s.editor.set('u', 1, OGRE);
  s.store.opened('u');
  s.drain();
  for (let v = 2; v <= 6; v++) {
    s.editor.set('u', v, OGRE.replace('2/2\n', `${v}/${v}\n`));
    s.store.changed('u');
  }
  assert.equal(s.clock.pending.size, 1, 'each edit cancels the analysis still waiting');
  assert.equal(s.queue.length, 0, 'no analysis runs before the debounce');
  s.clock.tick();
  s.drain();
  assert.deepEqual(s.delivered.map((d) => d.version), [1, 6]);
});

test('a timer that fires for an outdated version delivers nothing', () => {
  const s = setup();
  s.editor.set('u', 1, OGRE);
  s.store.changed('u');
  const stale = [...s.clock.pending.values()][0]!;
  // The editor moved on without the store hearing of it yet.
  s.editor.set('u', 2, OGRE);
  stale();
  s.drain();
  assert.deepEqual(s.delivered, []);
});

test('a synchronous request gets the current version, analysed once; the debounced run reuses it', () => {
  const s = setup();
  s.editor.set('u', 1, OGRE);
  s.store.changed('u');
  const a = s.store.current('u')!;
  assert.equal(a.version, 1);
  assert.equal(s.store.current('u'), a);
  s.clock.tick();
  s.drain();
  assert.deepEqual(s.delivered, [a], 'the debounced analysis delivers the cached one');
});

test('an analysis runs in slices; a newer version drops it and its waiters get the newer analysis', async () => {
  const long = OGRE + 'tap ogre\nuntap ogre\n'.repeat(20);
  const s = setup(0);
  s.editor.set('u', 1, long);
  const waiting = s.store.analysed('u');
  s.queue.shift()!();
  assert.equal(s.queue.length, 1, 'one statement per slice with no time budget: more to do');
  assert.equal(s.store.pending('u'), true);
  s.editor.set('u', 2, long + 'tap ogre\n');
  s.store.changed('u');
  s.drain();
  const d = await waiting;
  assert.equal(d!.version, 2);
  assert.equal(d!.analysis.snapshots.length, d!.file.statements.length);
  s.clock.tick();
  s.drain();
  assert.deepEqual(s.delivered.map((x) => x.version), [2]);
});

test('parse-only requests never wait: the parse of the current version is there at once', () => {
  const s = setup();
  s.editor.set('u', 1, OGRE);
  s.store.opened('u');
  const p = s.store.parsed('u')!;
  assert.equal(p.version, 1);
  assert.equal(p.file.objects.length, 1);
  assert.equal(s.delivered.length, 0, 'no analysis was needed');
});

test('the last analysis answers for lines before the first change', () => {
  const s = setup();
  s.editor.set('u', 1, OGRE);
  s.store.current('u');
  s.editor.set('u', 2, OGRE.replace('expect ogre 2/2', 'expect ogre 3/3'));
  assert.equal(s.store.lastValidAt('u', { line: 3, character: 7 })?.version, 1, 'the enter line is unchanged');
  assert.equal(s.store.lastValidAt('u', { line: 4, character: 7 }), undefined, 'the edited line needs the new analysis');
});

test('an analysis lagging more than a second is announced, and its end too', () => {
  const s = setup(0);
  s.editor.set('u', 1, OGRE + 'tap ogre\n'.repeat(5));
  s.store.opened('u');
  s.queue.shift()!();
  s.advance(1500);
  s.drain();
  assert.deepEqual(s.busy, ['u true', 'u false']);
});

test('closing cancels pending analysis and forgets the document', () => {
  const s = setup();
  s.editor.set('u', 1, OGRE);
  s.store.changed('u');
  s.store.closed('u');
  s.editor.docs.delete('u');
  s.clock.tick();
  s.drain();
  assert.deepEqual(s.delivered, []);
  assert.equal(s.store.current('u'), undefined);
  assert.equal(s.store.last('u'), undefined);
});

test('unknown documents and non-string uris give nothing', async () => {
  const s = setup();
  assert.equal(s.store.current('file:///nope.layers'), undefined);
  assert.equal(s.store.current(42 as unknown as string), undefined);
  assert.equal(s.store.parsed(42 as unknown as string), undefined);
  assert.equal(await s.store.analysed('file:///nope.layers'), undefined);
});

test('a guard turns an exception into an empty result and a log line', () => {
  const logs: string[] = [];
  const h = guarded('hover', null, (x: number) => {
    if (x > 1) throw new Error('boom');
    return { x };
  }, (m) => logs.push(m));
  assert.deepEqual(h(1), { x: 1 });
  assert.equal(h(2), null);
  assert.match(logs[0]!, /^hover failed: Error: boom/);
});

test('settings: the client shape, dotted keys, the whole section, and defaults', () => {
  const d = { codeLensEnable: true, inlayHintsEnable: false, stateBasedActionsInProblems: false, failedExpectationsInProblems: true, hoverPlainTables: false };
  assert.deepEqual(readSettings({ codeLens: { enable: false }, inlayHints: { enable: true } }), { ...d, codeLensEnable: false, inlayHintsEnable: true });
  assert.deepEqual(readSettings({ 'codeLens.enable': false }), { ...d, codeLensEnable: false });
  assert.deepEqual(readSettings({ layerlens: { inlayHints: { enable: true } } }), { ...d, inlayHintsEnable: true });
  assert.deepEqual(readSettings({ diagnostics: { stateBasedActions: true } }), { ...d, stateBasedActionsInProblems: true });
  assert.deepEqual(readSettings({ 'diagnostics.stateBasedActions': true }), { ...d, stateBasedActionsInProblems: true });
  assert.deepEqual(readSettings({ hover: { plainTables: true } }), { ...d, hoverPlainTables: true });
  assert.deepEqual(readSettings({ diagnostics: { failedExpectations: false } }), { ...d, failedExpectationsInProblems: false });
  assert.deepEqual(readSettings({ 'diagnostics.failedExpectations': false }), { ...d, failedExpectationsInProblems: false });
  assert.deepEqual(readSettings(undefined), d);
  assert.deepEqual(readSettings('junk'), d);
  const set = { codeLensEnable: false, inlayHintsEnable: true, stateBasedActionsInProblems: true, failedExpectationsInProblems: false, hoverPlainTables: true };
  assert.deepEqual(readSettings({}, set), set, 'missing keys keep their value');
});
