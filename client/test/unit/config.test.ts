import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Config, DEFAULTS, type ConfigSource } from '../../src/config';

function source(values: Record<string, unknown>): () => ConfigSource {
  return () => ({ get: <T>(key: string) => values[key] as T | undefined });
}

test('defaults apply when nothing is set', () => {
  const c = new Config(source({}));
  assert.equal(c.codeLensEnable, true);
  assert.equal(c.inlayHintsEnable, false);
  assert.equal(c.traceServer, 'off');
  assert.deepEqual(c.serverSettings(), { codeLens: { enable: true }, inlayHints: { enable: false }, diagnostics: { stateBasedActions: false, failedExpectations: true } });
});

test('set values are read through the source on every access', () => {
  const values: Record<string, unknown> = {
    'codeLens.enable': false,
    'inlayHints.enable': true,
    'diagnostics.stateBasedActions': true,
    'diagnostics.failedExpectations': false,
    'trace.server': 'verbose',
  };
  const c = new Config(source(values));
  assert.deepEqual(c.serverSettings(), { codeLens: { enable: false }, inlayHints: { enable: true }, diagnostics: { stateBasedActions: true, failedExpectations: false } });
  assert.equal(c.traceServer, 'verbose');
  values['codeLens.enable'] = true;
  assert.equal(c.codeLensEnable, true, 'a later change is seen without a new Config');
});

test('values of the wrong type fall back to the defaults', () => {
  const c = new Config(source({ 'codeLens.enable': 'yes', 'inlayHints.enable': 1, 'trace.server': 'loud' }));
  assert.equal(c.codeLensEnable, DEFAULTS['codeLens.enable']);
  assert.equal(c.inlayHintsEnable, DEFAULTS['inlayHints.enable']);
  assert.equal(c.traceServer, 'off');
});

test('a throwing source reads as unset instead of throwing', () => {
  const c = new Config(() => {
    throw new Error('no workspace');
  });
  assert.equal(c.codeLensEnable, true);
  assert.equal(c.traceServer, 'off');
});

test('affects() asks about the full setting name', () => {
  const asked: string[] = [];
  const e = { affectsConfiguration: (s: string) => (asked.push(s), s === 'layerlens.codeLens.enable') };
  assert.equal(Config.affects(e, 'codeLens.enable'), true);
  assert.equal(Config.affects(e, 'inlayHints.enable'), false);
  assert.equal(Config.affects(e), false);
  assert.deepEqual(asked, ['layerlens.codeLens.enable', 'layerlens.inlayHints.enable', 'layerlens']);
});
