// `layerlens run --jobs N`: worker threads give exactly the output of the
// single-threaded run (report and --json --trace, same order, same exit code),
// and a worker that cannot start or dies never loses a file.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'node:test';
import { buildSync } from 'esbuild';
import { parseArgs } from '../../src/cli/args';
import { checkFile } from '../../src/cli/check';
import { checkInWorkers, resolveJobs } from '../../src/cli/workers';

const ROOT = join(__dirname, '../../..');
const SAMPLES = join(ROOT, 'samples');

/** The command line as esbuild.mjs bundles it: one file that is also its own worker. */
function bundle(): string {
  const out = join(mkdtempSync(join(tmpdir(), 'layerlens-workers-')), 'cli.js');
  buildSync({ entryPoints: [join(ROOT, 'server/src/cli/main.ts')], outfile: out, bundle: true, platform: 'node', target: 'node20', format: 'cjs', logLevel: 'silent' });
  return out;
}
const CLI = bundle();

function cli(args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', cwd: ROOT, env: { ...process.env, NO_COLOR: '1', LAYERLENS_WORKERS: '', ...env }, maxBuffer: 1 << 28 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** A directory where the first file is much slower than the others, so that workers finish out of order. */
function unevenDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'layerlens-uneven-'));
  const slow = ['card "Glorious Anthem" as anthem', '  type Enchantment', '  text Creatures you control get +1/+1.', 'token Saproling as sap', '  type Creature — Saproling', '  pt 1/1', '  copies 150', 'enter anthem'];
  for (let i = 1; i <= 150; i++) slow.push(`enter sap#${i}`);
  slow.push('expect sap#150 2/2');
  writeFileSync(join(dir, 'a-slow.layers'), `${slow.join('\n')}\n`);
  for (let i = 0; i < 8; i++) writeFileSync(join(dir, `b${i}.layers`), `card x\n  type Creature\n  pt ${i}/2\nenter x\nexpect x ${i}/${i % 3 ? 2 : 3}\n`);
  writeFileSync(join(dir, 'c-broken.layers'), 'card a\n  type Creature\nentr a\n');
  return dir;
}

test('3 workers print exactly what 1 prints: the report of every sample, and of files that finish out of order', () => {
  const dir = unevenDir();
  for (const paths of [['samples'], [dir, 'samples/305-7-blood-moon.layers']]) {
    const one = cli(['run', '--jobs', '1', ...paths]);
    const three = cli(['run', '--jobs', '3', ...paths]);
    assert.ok(one.stdout.length > 1000, one.stderr);
    assert.deepEqual(three, one);
    assert.deepEqual(cli(['run', ...paths], { LAYERLENS_WORKERS: '3' }), one, 'LAYERLENS_WORKERS chooses the count when --jobs is absent');
  }
  const uneven = cli(['run', '--jobs', '3', dir]);
  assert.equal(uneven.code, 1, 'failed expectations and a broken file still fail the run');
  const headers = uneven.stdout.split('\n').filter((l) => l.startsWith(dir) && l.endsWith('.layers')).map((l) => l.slice(dir.length + 1));
  assert.deepEqual(headers.slice(0, 3), ['a-slow.layers', 'b0.layers', 'b1.layers']);
  assert.match(uneven.stdout, /FAILED: 10 files, 6 expectations passed, 3 failed, 1 error/);
});

test('3 workers give the same --json --trace document as 1, on the samples and the conformance files', () => {
  const paths = ['samples', '../shared/conformance'];
  const one = cli(['run', '--json', '--trace', '--jobs', '1', ...paths]);
  const three = cli(['run', '--json', '--trace', '--jobs=3', ...paths]);
  assert.equal(one.code, 0, one.stderr);
  assert.equal(three.stdout, one.stdout);
  assert.equal(three.code, one.code);
  const files = (JSON.parse(three.stdout) as { files: { file: string }[] }).files.map((f) => f.file);
  assert.ok(files.length > 60, `${files.length} files`);
  const samples = files.filter((f) => f.startsWith('samples/'));
  assert.deepEqual(samples, [...samples].sort(), 'directories are listed in name order');
  assert.deepEqual(files.slice(0, samples.length), samples, 'paths in the order given');
});

test('the worker count: --jobs, else LAYERLENS_WORKERS, else every core; bad values are usage errors', () => {
  assert.equal(resolveJobs(3, '5', 2), 3);
  assert.equal(resolveJobs(undefined, '5', 2), 5);
  assert.equal(resolveJobs(undefined, undefined, 6), 6);
  assert.equal(resolveJobs(undefined, '', 4), 4);
  assert.match((resolveJobs(undefined, 'many', 2) as { error: string }).error, /LAYERLENS_WORKERS .* not "many"/);
  assert.deepEqual(parseArgs(['run', '--jobs', '4', 'a'], false), { ok: true, options: { command: 'run', json: false, trace: false, readings: false, color: false, jobs: 4, paths: ['a'] } });
  for (const bad of [['--jobs'], ['--jobs', '0'], ['--jobs=-2'], ['--jobs', 'x', 'a'], ['--jobs=1.5', 'a']]) assert.equal(parseArgs(['run', ...bad], false).ok, false, bad.join(' '));
  const r = cli(['run', 'samples'], { LAYERLENS_WORKERS: 'lots' });
  assert.equal(r.code, 2);
  assert.match(r.stderr, /LAYERLENS_WORKERS needs a whole number/);
});

test('no file is lost when workers cannot start (checked here instead) or die on a file (an internal error of that file)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'layerlens-deadworker-'));
  const files = ['samples/305-7-blood-moon.layers', 'samples/111-1-tokens-enter-under-an-anthem.layers', 'samples/missing.layers'].map((f) => join(ROOT, f));
  const options = { json: false, trace: false, readings: false, color: false };
  const never = join(dir, 'never.js');
  writeFileSync(never, 'process.exit(3);\n');
  assert.deepEqual(await checkInWorkers(files, options, 2, never), files.map((f) => checkFile(f, options)));
  const dies = join(dir, 'dies.js');
  writeFileSync(dies, "const { parentPort } = require('node:worker_threads');\nparentPort.on('message', () => process.exit(7));\nparentPort.postMessage({ ready: true });\n");
  const lost = await checkInWorkers(files, options, 2, dies);
  assert.deepEqual(lost.map((o) => o.path), files);
  for (const o of lost) {
    assert.equal(o.kind, 'checked');
    if (o.kind === 'checked') {
      assert.equal(o.summary.errors, 1);
      assert.match(o.text!, /internal error while checking this file: .*worker thread stopped \(exit code 7\)/);
    }
  }
});

test('a worker that dies on one file loses only that file: the files queued behind it are checked by another worker', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'layerlens-poison-'));
  // A stand-in worker: answers every file at once, except that it dies on the poisoned one.
  const script = join(dir, 'poisoned.js');
  writeFileSync(
    script,
    [
      "const { parentPort } = require('node:worker_threads');",
      'parentPort.on(\'message\', (t) => {',
      '  if (t === null) return parentPort.close();',
      "  if (t.path.includes('poison')) process.exit(9);",
      "  parentPort.postMessage({ index: t.index, outcome: { kind: 'unreadable', path: t.path, message: 'answered' } });",
      '});',
      'parentPort.postMessage({ ready: true });',
    ].join('\n'),
  );
  const files = ['a', 'b', 'poison', 'c', 'd', 'e', 'f'].map((f) => join(dir, `${f}.layers`));
  const options = { json: false, trace: false, readings: false, color: false };
  const out = await checkInWorkers(files, options, 2, script);
  assert.deepEqual(out.map((o) => o.path), files, 'every file, in order');
  for (const [i, o] of out.entries()) {
    if (files[i]!.includes('poison')) assert.match(o.kind === 'checked' ? o.text! : '', /worker thread stopped \(exit code 9\)/);
    else assert.deepEqual(o, { kind: 'unreadable', path: files[i], message: 'answered' });
  }
});
