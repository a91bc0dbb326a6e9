import assert from 'node:assert/strict';
import test from 'node:test';
import { analyseDocument, DocumentStore, type AnalysedDocument } from '../../src/lsp/documents';
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

function setup() {
  const editor = new Editor();
  const clock = new Clock();
  const delivered: AnalysedDocument[] = [];
  let analyses = 0;
  const store = new DocumentStore(editor, (d) => delivered.push(d), {
    setTimer: clock.set,
    clearTimer: clock.clear,
    analyse: (u, v, t) => {
      analyses++;
      return analyseDocument(u, v, t);
    },
  });
  return { editor, clock, delivered, store, analyses: () => analyses };
}

const OGRE = 'card ogre\n  type Creature — Ogre\n  pt 2/2\nenter ogre\nexpect ogre 2/2\n';

test('an analysed document holds the parse, the analysis and the name index', () => {
  const d = analyseDocument('file:///a.layers', 3, OGRE);
  assert.equal(d.version, 3);
  assert.equal(d.failed, false);
  assert.deepEqual(d.lines, ['card ogre', '  type Creature — Ogre', '  pt 2/2', 'enter ogre', 'expect ogre 2/2', '']);
  assert.deepEqual(d.analysis.expectations.map((e) => e.passed), [true]);
  assert.deepEqual(d.names.map((n) => `${n.role} ${n.key} ${n.text}`), ['declaration object:0 ogre', 'use object:0 ogre', 'use object:0 ogre']);
});

test('opening analyses and delivers at once', () => {
  const s = setup();
  s.editor.set('u', 1, OGRE);
  s.store.opened('u');
  assert.deepEqual(s.delivered.map((d) => d.version), [1]);
  assert.equal(s.store.pending('u'), false);
});

test('edits are debounced: only the last version of a burst is analysed and delivered', () => {
  const s = setup();
  s.editor.set('u', 1, OGRE);
  s.store.opened('u');
  for (let v = 2; v <= 6; v++) {
    s.editor.set('u', v, OGRE.replace('2/2\n', `${v}/${v}\n`));
    s.store.changed('u');
  }
  assert.equal(s.clock.pending.size, 1, 'each edit cancels the analysis still waiting');
  assert.equal(s.analyses(), 1);
  s.clock.tick();
  assert.deepEqual(s.delivered.map((d) => d.version), [1, 6]);
  assert.equal(s.analyses(), 2);
});

test('a timer that fires for an outdated version delivers nothing', () => {
  const s = setup();
  s.editor.set('u', 1, OGRE);
  s.store.changed('u');
  const stale = [...s.clock.pending.values()][0]!;
  // The editor moved on without the store hearing of it yet.
  s.editor.set('u', 2, OGRE);
  stale();
  assert.deepEqual(s.delivered, []);
});

test('a request gets the current version without waiting, analysed once', () => {
  const s = setup();
  s.editor.set('u', 1, OGRE);
  s.store.changed('u');
  assert.equal(s.store.current('u')!.version, 1);
  assert.equal(s.store.current('u')!.version, 1);
  assert.equal(s.analyses(), 1);
  s.clock.tick();
  assert.equal(s.analyses(), 1, 'the debounced analysis reuses the cached one');
  assert.deepEqual(s.delivered.map((d) => d.version), [1]);
});

test('closing cancels pending analysis and forgets the document', () => {
  const s = setup();
  s.editor.set('u', 1, OGRE);
  s.store.changed('u');
  s.store.closed('u');
  s.editor.docs.delete('u');
  s.clock.tick();
  assert.deepEqual(s.delivered, []);
  assert.equal(s.store.current('u'), undefined);
  assert.equal(s.store.last('u'), undefined);
});

test('unknown documents and non-string uris give nothing', () => {
  const s = setup();
  assert.equal(s.store.current('file:///nope.layers'), undefined);
  assert.equal(s.store.current(42 as unknown as string), undefined);
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
  assert.deepEqual(readSettings({ codeLens: { enable: false }, inlayHints: { enable: true } }), { codeLensEnable: false, inlayHintsEnable: true });
  assert.deepEqual(readSettings({ 'codeLens.enable': false }), { codeLensEnable: false, inlayHintsEnable: false });
  assert.deepEqual(readSettings({ layerlens: { inlayHints: { enable: true } } }), { codeLensEnable: true, inlayHintsEnable: true });
  assert.deepEqual(readSettings(undefined), { codeLensEnable: true, inlayHintsEnable: false });
  assert.deepEqual(readSettings('junk'), { codeLensEnable: true, inlayHintsEnable: false });
  assert.deepEqual(readSettings({}, { codeLensEnable: false, inlayHintsEnable: true }), { codeLensEnable: false, inlayHintsEnable: true }, 'missing keys keep their value');
});
