// Differential test (issue 9): whatever the incremental layer computation
// reuses, users see the same thing. The `--json --trace` report of every
// sample, every conformance file and generated boards is the same with layer
// computations built on the previous one (engine/incremental.ts) and with
// every computation made from scratch.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'node:test';
import { run } from '../../src/cli/main';
import { setIncremental } from '../../src/engine/game';
import { realistic } from '../../../bench/shapes';
import { tokenStorm } from '../../../bench/engine.bench';

const env = { isTTY: false, noColor: true, version: '0.0.0-test' };
const dirs = [join(__dirname, '../../../../shared/conformance'), join(__dirname, '../../../samples')];

function files(): string[] {
  const out = dirs.filter(existsSync).flatMap((d) => readdirSync(d).filter((f) => f.endsWith('.layers')).map((f) => join(d, f)));
  const dir = mkdtempSync(join(tmpdir(), 'layerlens-differential-'));
  const boards: [string, string][] = [
    ['board.layers', realistic({ permanents: 40, effectCards: 20, events: 300 })],
    ['tokens.layers', tokenStorm(40)],
  ];
  for (const [name, text] of boards) {
    writeFileSync(join(dir, name), text);
    out.push(join(dir, name));
  }
  return out;
}

function report(path: string, incremental: boolean): string {
  setIncremental(incremental);
  try {
    const r = run(['run', '--json', '--trace', path], env);
    return `${r.code}\n${r.stdout}\n${r.stderr}`;
  } finally {
    setIncremental(true);
  }
}

test('every sample, conformance file and generated board: the same --json --trace report built incrementally or from scratch', () => {
  const all = files();
  assert.ok(all.length >= 100, `${all.length} files`);
  for (const path of all) {
    const a = report(path, true);
    const b = report(path, false);
    assert.ok(a.length > 1000, `${path}: a report`);
    assert.equal(a, b, path);
  }
});
