import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'node:test';
import { parseArgs } from '../../src/cli/args';
import { table, width } from '../../src/cli/format';
import { run } from '../../src/cli/main';

const env = { isTTY: false, noColor: true, version: '9.9.9' };
const GOLDEN = join(__dirname, 'golden');

/** Compare with a stored file; `UPDATE_GOLDEN=1` rewrites it. */
function golden(name: string, actual: string): void {
  const path = join(GOLDEN, name);
  if (process.env.UPDATE_GOLDEN || !existsSync(path)) {
    mkdirSync(GOLDEN, { recursive: true });
    writeFileSync(path, actual);
    if (!process.env.UPDATE_GOLDEN) assert.fail(`golden file ${name} was missing and has been written; check it and run again`);
    return;
  }
  assert.equal(actual, readFileSync(path, 'utf8'));
}

test('arguments: run, flags, usage errors', () => {
  assert.deepEqual(parseArgs(['run', '--json', 'a.layers'], false), { ok: true, options: { command: 'run', json: true, trace: false, color: false, paths: ['a.layers'] } });
  assert.equal(parseArgs(['run', '--bogus', 'a'], false).ok, false);
  assert.equal(parseArgs(['run'], false).ok, false);
  assert.equal(parseArgs(['walk', 'a'], false).ok, false);
  assert.equal(parseArgs(['--version'], false).ok, true);
});

test('tables align by display width', () => {
  const lines = table(['a', 'b'], [['Creature — Ogre', 'x'], ['✓', 'y']]);
  assert.equal(width(lines[2]!.split('  ')[0]!), 15);
  assert.equal(lines[3], '✓                y');
});

test('exit codes: 0 all passed, 1 a failed expectation or an error, 2 usage or missing file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'layerlens-'));
  writeFileSync(join(dir, 'good.layers'), 'card a\n  type Creature\n  pt 2/2\nenter a\nexpect a 2/2\n');
  writeFileSync(join(dir, 'bad.layers'), 'card a\n  type Creature\n  pt 2/2\nenter a\nexpect a 3/3\n');
  writeFileSync(join(dir, 'broken.layers'), 'card a\n  type Creature\nentr a\n');
  assert.equal(run(['run', join(dir, 'good.layers')], env).code, 0);
  const bad = run(['run', join(dir, 'bad.layers')], env);
  assert.equal(bad.code, 1);
  assert.match(bad.stdout, /✗ line 5: a: pt 3\/3\n\s+expected pt 3\/3\n\s+got\s+2\/2/);
  const broken = run(['run', join(dir, 'broken.layers')], env);
  assert.equal(broken.code, 1);
  assert.match(broken.stdout, /broken\.layers:3:1: error: unknown statement `entr`; did you mean `enter`\? \[syntax\]/);
  assert.equal(run(['run', join(dir, 'missing.layers')], env).code, 2);
  assert.equal(run(['run', '--nope', dir], env).code, 2);
  assert.equal(run(['run', dir], env).code, 1, 'a directory is walked; one bad file fails the run');
});

test('--json follows the documented schema', () => {
  const r = run(['run', '--json', '../shared/conformance/613-5-gray-ogre.layers'], env);
  assert.equal(r.code, 0);
  const doc = JSON.parse(r.stdout) as { files: Record<string, unknown>[] };
  const f = doc.files[0]!;
  assert.deepEqual(Object.keys(f), ['file', 'diagnostics', 'expectations', 'objects', 'players', 'loops']);
  const ogre = (f.objects as Record<string, unknown>[]).find((o) => o.name === 'Gray Ogre')!;
  assert.deepEqual(Object.keys(ogre), ['name', 'id', 'zone', 'controller', 'owner', 'power', 'toughness', 'colors', 'supertypes', 'types', 'subtypes', 'abilities', 'counters', 'tapped']);
  assert.equal(ogre.power, 3);
  const e = (f.expectations as Record<string, unknown>[])[0]!;
  assert.deepEqual(Object.keys(e), ['line', 'text', 'passed', 'expected', 'actual']);
  assert.equal(e.line, 15, 'lines are zero-based');
});

test('the built command line runs (dist/cli.js)', () => {
  const b = spawnSync(process.execPath, ['esbuild.mjs'], { encoding: 'utf8' });
  assert.equal(b.status, 0, b.stderr);
  const r = spawnSync(process.execPath, ['dist/cli.js', 'run', '../shared/conformance/613-9-white-anthem.layers'], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /OK: 1 file/);
  const v = spawnSync(process.execPath, ['dist/cli.js', '--version'], { encoding: 'utf8' });
  assert.match(v.stdout, /^layerlens \d+\.\d+\.\d+/);
});

for (const f of ['613-5-gray-ogre', '613-8b-dependency-loop', '616-1f-exile-or-shuffle']) {
  test(`golden: report and --trace of ${f}`, () => {
    const r = run(['run', '--trace', `../shared/conformance/${f}.layers`], env);
    assert.equal(r.code, 0, r.stdout);
    golden(`${f}.trace.txt`, r.stdout);
  });
}
