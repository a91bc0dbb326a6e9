import assert from 'node:assert/strict';
import test from 'node:test';
import { idleCollector } from '../src/tuning';

/** A collector over a heap and timers the test moves by hand. */
function harness(minGrowth = 100) {
  // A collection takes 0.01 ms per byte in use.
  const h = { used: 1000, collections: 0, clock: 0, timers: [] as { fn: () => void; ms: number }[] };
  const c = idleCollector({
    collect: () => {
      h.collections++;
      h.clock += h.used * 0.01;
      h.used = 1000;
    },
    now: () => h.clock,
    budgetMs: 150,
    heapUsed: () => h.used,
    setTimer: (fn, ms) => void h.timers.push({ fn, ms }),
    delayMs: 30,
    minGrowth,
  });
  const fire = () => h.timers.splice(0).forEach((t) => t.fn());
  return { h, c, fire };
}

test('idle collector: one collection per analysis, in the debounce after the next edit', () => {
  const { h, c, fire } = harness();
  h.used = 5000;
  // No analysis yet: the edit collects nothing.
  c.edited();
  assert.equal(h.timers.length, 0);
  c.analysed();
  c.edited();
  c.edited();
  assert.equal(h.timers.length, 1, 'keystrokes before it runs schedule it once');
  assert.equal(h.timers[0]!.ms, 30);
  assert.equal(h.collections, 0, 'not during the edit itself');
  fire();
  assert.equal(h.collections, 1);
  // More keystrokes, no analysis between them: nothing more to collect.
  h.used = 9000;
  c.edited();
  assert.equal(h.timers.length, 0);
  c.analysed();
  c.edited();
  fire();
  assert.equal(h.collections, 2);
});

test('idle collector: a heap that barely grew is left alone', () => {
  const { h, c, fire } = harness(100);
  h.used = 1050;
  c.analysed();
  c.edited();
  fire();
  assert.equal(h.collections, 0);
  h.used = 1200;
  c.edited();
  fire();
  assert.equal(h.collections, 1, 'the analysis is still owed its collection');
});

test('idle collector: a collection expected to outlast the debounce is left to V8', () => {
  const { h, c, fire } = harness();
  // The first one is measured: 5,000 bytes took 50 ms.
  h.used = 5000;
  c.analysed();
  c.edited();
  fire();
  assert.equal(h.collections, 1);
  // 20,000 bytes would take 200 ms, over the 150 ms budget: not collected, and not owed either.
  h.used = 20_000;
  c.analysed();
  c.edited();
  fire();
  assert.equal(h.collections, 1);
  c.edited();
  assert.equal(h.timers.length, 0);
  // Back to 10,000 bytes (100 ms): collected again.
  h.used = 10_000;
  c.analysed();
  c.edited();
  fire();
  assert.equal(h.collections, 2);
});

test('idle collector: the process collector really collects', async () => {
  // The default collector sets --expose-gc and reads gc from a new context: it must run in this process.
  let fired: (() => void) | undefined;
  const c = idleCollector({ minGrowth: 0, setTimer: (fn) => void (fired = fn) });
  c.analysed();
  c.edited();
  assert.ok(fired, 'a collection was scheduled');
  let garbage: unknown[] | undefined = Array.from({ length: 1e5 }, (_, i) => ({ i }));
  const ref = new WeakRef(garbage);
  garbage = undefined;
  // A WeakRef keeps its object alive to the end of the job that made it.
  await new Promise((r) => setImmediate(r));
  fired();
  assert.equal(ref.deref(), undefined);
});
