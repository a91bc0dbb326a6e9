import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { MAX_ERRORS_IN_A_ROW, MAX_RESTARTS, RestartingErrorHandler, WINDOW_MS } from '../../src/restart';

// vscode-languageclient's values: CloseAction.DoNotRestart = 1, Restart = 2; ErrorAction.Continue = 1, Shutdown = 2.
const require = createRequire(import.meta.url);
const RESTART = 2;
const DO_NOT_RESTART = 1;
const CONTINUE = 1;
const SHUTDOWN = 2;

function harness() {
  const said: { kind: 'restarting' | 'stopped'; message: string }[] = [];
  let clock = 1_000_000;
  const handler = new RestartingErrorHandler(
    { restarting: (message) => said.push({ kind: 'restarting', message }), stopped: (message) => said.push({ kind: 'stopped', message }) },
    () => clock,
  );
  return { handler, said, advance: (ms: number) => (clock += ms) };
}

test("the action numbers are the library's (its enums cannot be loaded without vscode)", () => {
  const dts = readFileSync(require.resolve('vscode-languageclient/lib/common/client.d.ts'), 'utf8');
  const member = (en: string, name: string) => Number(new RegExp(`enum ${en} \\{[^}]*?\\b${name} = (\\d+)`).exec(dts)?.[1]);
  assert.equal(member('CloseAction', 'Restart'), RESTART);
  assert.equal(member('CloseAction', 'DoNotRestart'), DO_NOT_RESTART);
  assert.equal(member('ErrorAction', 'Continue'), CONTINUE);
  assert.equal(member('ErrorAction', 'Shutdown'), SHUTDOWN);
});

test(`a crashed server is restarted ${MAX_RESTARTS} times in a row, with a message each time`, () => {
  const { handler, said, advance } = harness();
  for (let i = 1; i <= MAX_RESTARTS; i++) {
    const r = handler.closed();
    assert.equal(r.action, RESTART, `crash ${i} restarts`);
    assert.equal(r.handled, true, 'the handler showed the message itself (no second one from the client)');
    assert.equal(said.length, i);
    assert.equal(said[i - 1]!.kind, 'restarting');
    assert.match(said[i - 1]!.message, new RegExp(`restarting \\(${i} of ${MAX_RESTARTS} restarts allowed in 3 minutes\\)`));
    advance(10_000);
  }
});

test('the next crash within 3 minutes stops the server with a clear message', () => {
  const { handler, said, advance } = harness();
  for (let i = 0; i < MAX_RESTARTS; i++) {
    handler.closed();
    advance(WINDOW_MS / (MAX_RESTARTS + 2));
  }
  const r = handler.closed();
  assert.equal(r.action, DO_NOT_RESTART);
  assert.equal(r.handled, true);
  const last = said.at(-1)!;
  assert.equal(last.kind, 'stopped', 'the stop is offered with a Restart action (ctx.ts)');
  assert.match(last.message, /stopped unexpectedly 6 times in 3 minutes and will not be restarted automatically/);
  assert.match(last.message, /"Layerlens Language Server" output/);
  assert.match(last.message, /choose Restart/);
});

test('crashes older than 3 minutes do not count', () => {
  const { handler, said, advance } = harness();
  for (let i = 0; i < 4 * MAX_RESTARTS; i++) {
    assert.equal(handler.closed().action, RESTART, `crash ${i + 1}, ${WINDOW_MS / MAX_RESTARTS + 1} ms after the previous one`);
    advance(WINDOW_MS / MAX_RESTARTS + 1);
  }
  assert.ok(said.every((s) => s.kind === 'restarting'));
});

test('after giving up, a restart by hand (reset) starts a fresh count', () => {
  const { handler, advance } = harness();
  for (let i = 0; i <= MAX_RESTARTS; i++) handler.closed();
  handler.reset();
  advance(1);
  for (let i = 1; i <= MAX_RESTARTS; i++) assert.equal(handler.closed().action, RESTART, `crash ${i} after the reset`);
  assert.equal(handler.closed().action, DO_NOT_RESTART);
});

test('connection errors: a few in a row continue quietly, more shut the server down with a message', () => {
  const { handler, said } = harness();
  const err = new Error('write EPIPE');
  for (let count = 1; count <= MAX_ERRORS_IN_A_ROW; count++) {
    assert.equal(handler.error(err, undefined, count).action, CONTINUE);
  }
  assert.equal(said.length, 0);
  const r = handler.error(err, undefined, MAX_ERRORS_IN_A_ROW + 1);
  assert.equal(r.action, SHUTDOWN);
  assert.equal(said.length, 1);
  assert.equal(said[0]!.kind, 'stopped');
  assert.match(said[0]!.message, /write EPIPE/);
});
