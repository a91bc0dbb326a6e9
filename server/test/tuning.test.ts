import assert from 'node:assert/strict';
import test from 'node:test';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describeRuntime, hasInterruptBudget, serverExecArgv } from '../src/runtime';
import { alignServerFlags, idleCollector, startWithServerOptions, tuneCompiler, type ProcessLike } from '../src/tuning';

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

test('the interrupt budget is set on V8 11 only (Node 20 and 21), where it was measured', () => {
  assert.equal(hasInterruptBudget('11.3.244.8-node.33'), true);
  assert.equal(hasInterruptBudget('12.4.254.21-node.33'), false);
  assert.equal(hasInterruptBudget('13.6.233.17-node.53'), false);
  assert.equal(hasInterruptBudget('not a version'), false);
  const set = (v8: string) => {
    const flags: string[] = [];
    tuneCompiler(v8, (f) => flags.push(f));
    return flags;
  };
  assert.deepEqual(set('11.3.244.8-node.33'), [`--interrupt-budget=${8 * 66 * 1024}`]);
  // VS Code's own runtime (V8 13.6 in VS Code 1.139) printed `Error: unrecognized flag` as the server started.
  assert.deepEqual(set('13.6.233.17-node.53'), []);
});

test("the server's young generation is capped on every V8, and the same options are set again as it starts", () => {
  assert.deepEqual(serverExecArgv('11.3.244.8-node.33'), ['--max-semi-space-size=8']);
  assert.deepEqual(serverExecArgv('13.6.233.17-node.53'), ['--max-semi-space-size=8']);
  assert.deepEqual(serverExecArgv('not a version'), []);
  // Set again at the start (no effect on a heap made already): the code cache's settings are then the same either way.
  const set = (v8: string) => {
    const flags: string[] = [];
    alignServerFlags(v8, (f) => flags.push(f));
    return flags;
  };
  assert.deepEqual(set('11.3.244.8-node.33'), serverExecArgv('11.3.244.8-node.33'));
  assert.deepEqual(set('13.6.233.17-node.53'), serverExecArgv('13.6.233.17-node.53'));
});

test("a server started without its options (another editor's command) starts again with them, in its own place", () => {
  const calls: { file: string; args: string[]; env: NodeJS.ProcessEnv }[] = [];
  const proc = (v8: string, execArgv: string[], execve: ProcessLike['execve'] | null = (file, args, env) => void calls.push({ file, args, env }) as never, env: NodeJS.ProcessEnv = {}): ProcessLike => ({
    v8,
    execPath: '/usr/bin/node24',
    execArgv,
    argv: ['/usr/bin/node24', '/x/dist/server.js', '--stdio'],
    env,
    execve: execve ?? undefined,
  });
  // `node dist/server.js --stdio` on Node 24: again, with the cap first and everything else as it was.
  startWithServerOptions(proc('13.6.233.17-node.53', ['--inspect']));
  assert.deepEqual(calls.splice(0), [{ file: '/usr/bin/node24', args: ['/usr/bin/node24', '--max-semi-space-size=8', '--inspect', '/x/dist/server.js', '--stdio'], env: { LAYERLENS_STARTED_WITH_OPTIONS: '1' } }]);
  // Started with them (VS Code's client, the documented command, or the process after starting again): nothing.
  startWithServerOptions(proc('13.6.233.17-node.53', ['--max-semi-space-size=8']));
  // The user's own size under the same name is kept.
  startWithServerOptions(proc('13.6.233.17-node.53', ['--max-semi-space-size=32']));
  // …or in NODE_OPTIONS, which the command line's would override.
  startWithServerOptions(proc('13.6.233.17-node.53', [], undefined, { NODE_OPTIONS: '--enable-source-maps --max-semi-space-size=64' }));
  // Started again already: never a second time.
  startWithServerOptions(proc('13.6.233.17-node.53', [], undefined, { LAYERLENS_STARTED_WITH_OPTIONS: '1' }));
  assert.deepEqual(calls, []);
  // A Node without execve (Node 20, Node 22 before 22.15), or one that refuses it: the server goes on as it was started.
  assert.doesNotThrow(() => startWithServerOptions(proc('11.3.244.8-node.33', [], null)));
  assert.doesNotThrow(() => startWithServerOptions(proc('12.4.254.21-node.33', [], null)));
  assert.doesNotThrow(() => startWithServerOptions(proc('12.4.254.21-node.33', [], () => {
    throw new Error('EPERM');
  })));
});

test("the server's first line names its runtime and the options it was started with", () => {
  assert.equal(describeRuntime({ node: '24.21.0', v8: '13.6.233.17-node.53' }, ['--max-semi-space-size=8']), 'Node 24.21.0 (V8 13.6.233.17-node.53), started with --max-semi-space-size=8');
  assert.equal(describeRuntime({ node: '20.20.2', v8: '11.3.244.8-node.38' }, []), 'Node 20.20.2 (V8 11.3.244.8-node.38)');
});

test('the built server and command line start with no V8 error on stderr', () => {
  if (!existsSync('dist/server-main.cache')) assert.equal(spawnSync(process.execPath, ['esbuild.mjs']).status, 0);
  // A setting the running V8 does not know is printed as `Error: unrecognized flag` as the process starts.
  for (const args of [[join('dist', 'cli.js'), '--version'], [join('dist', 'server.js'), '--stdio']]) {
    const r = spawnSync(process.execPath, args, { input: '', encoding: 'utf8', timeout: 20_000 });
    assert.equal(r.error, undefined);
    assert.doesNotMatch(r.stderr, /unrecognized flag|Try --help/, `${args[0]}: ${r.stderr}`);
  }
});
