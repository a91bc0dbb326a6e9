// `layerlens run` end to end: exit codes, files and directories, the JSON
// document, colors, the built bundle, and that no file can crash it.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'node:test';
import { buildSync } from 'esbuild';
import fc from 'fast-check';
import { analyzeFile, run, version } from '../../src/cli/main';

const env = { isTTY: false, noColor: false, version: '9.9.9' };
const ROOT = join(__dirname, '../../..');
const CONFORMANCE = join(ROOT, '../shared/conformance');

const GOOD = 'card a\n  type Creature\n  pt 2/2\nenter a\nexpect a 2/2\n';
const FAILING = 'card a\n  type Creature\n  pt 2/2\nenter a\nexpect a 3/3\n';
const BROKEN = 'card a\n  type Creature\nentr a\n';
const WARNED = 'card a\n  type Creature\n  pt 2/2\n  text Frobnicate the wibble.\nenter a\nexpect a 2/2\n';

function scratch(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'layerlens-cli-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

test('exit 0 when every expectation passes; warnings do not fail a run', () => {
  const dir = scratch({ 'good.layers': GOOD, 'warned.layers': WARNED });
  const r = run(['run', join(dir, 'good.layers')], env);
  assert.equal(r.code, 0, r.stdout);
  assert.match(r.stdout, /✓ line 5: a: pt 2\/2/);
  assert.match(r.stdout, /OK: 1 file, 1 expectation passed, 0 failed, 0 errors, 0 warnings\n$/);
  const w = run(['run', join(dir, 'warned.layers')], env);
  assert.equal(w.code, 0, w.stdout);
  assert.match(w.stdout, /warned\.layers:4:8: warning: .* \[not-understood\]/);
});

test('exit 1 for a failed expectation (expected vs actual) or an error diagnostic (file:line:col)', () => {
  const dir = scratch({ 'bad.layers': FAILING, 'broken.layers': BROKEN });
  const bad = run(['run', join(dir, 'bad.layers')], env);
  assert.equal(bad.code, 1);
  assert.match(bad.stdout, /✗ line 5: a: pt 3\/3\n\s+expected pt 3\/3\n\s+got\s+pt 2\/2/);
  assert.match(bad.stdout, /FAILED: 1 file, 0 expectations passed, 1 failed/);
  const broken = run(['run', join(dir, 'broken.layers')], env);
  assert.equal(broken.code, 1);
  assert.match(broken.stdout, /broken\.layers:3:1: error: unknown statement `entr`; did you mean `enter`\? \[syntax\]/);
});

test('exit 2 for usage errors and missing files, with the message on stderr', () => {
  const dir = scratch({ 'good.layers': GOOD });
  const usage = run(['run', '--nope', dir], env);
  assert.equal(usage.code, 2);
  assert.equal(usage.stdout, '');
  assert.match(usage.stderr, /unknown option "--nope"[\s\S]*Usage: layerlens run/);
  const missing = run(['run', join(dir, 'missing.layers'), join(dir, 'good.layers')], env);
  assert.equal(missing.code, 2, 'a missing file fails the run even when the others pass');
  assert.match(missing.stderr, /cannot read ".*missing\.layers": no such file or directory/);
  assert.match(missing.stdout, /OK: 1 file/, 'the readable files are still checked');
  const empty = run(['run', scratch({ 'notes.txt': 'x' })], env);
  assert.equal(empty.code, 2);
  assert.match(empty.stderr, /no \.layers files found/);
});

test('--help and --version', () => {
  const h = run(['--help'], env);
  assert.equal(h.code, 0);
  assert.match(h.stdout, /Usage: layerlens run \[--json\] \[--trace\]/);
  assert.equal(run(['--version'], env).stdout, 'layerlens 9.9.9\n');
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
  assert.equal(version(), pkg.version, 'from source, the version is read from package.json');
});

test('directories are walked recursively, sorted, hidden folders skipped, each file once', () => {
  const dir = scratch({ 'b.layers': GOOD, 'a/z.layers': GOOD, 'a/c.layers': FAILING, '.hidden/x.layers': BROKEN, 'readme.md': '# no' });
  try {
    symlinkSync(dir, join(dir, 'a', 'loop'));
  } catch {
    // no symlinks on this system: the rest of the test still holds
  }
  const r = run(['run', dir, join(dir, 'b.layers')], env);
  const headers = r.stdout.split('\n').filter((l) => /\.layers$/.test(l)).map((l) => l.slice(dir.length + 1));
  assert.deepEqual(headers, ['a/c.layers', 'a/z.layers', 'b.layers']);
  assert.equal(r.code, 1, 'one failing file fails the run');
  assert.match(r.stdout, /FAILED: 3 files, 2 expectations passed, 1 failed, 0 errors/);
});

test('--json prints one document with the documented keys, zero-based lines and ranges', () => {
  const r = run(['run', '--json', join(CONFORMANCE, '613-5-gray-ogre.layers'), join(CONFORMANCE, '616-1f-exile-or-shuffle.layers')], { ...env, isTTY: true });
  assert.equal(r.code, 0, r.stderr);
  assert.doesNotMatch(r.stdout, /\u001b/, 'no colors in JSON, even on a terminal');
  const doc = JSON.parse(r.stdout) as { files: Record<string, unknown>[] };
  assert.deepEqual(Object.keys(doc), ['files']);
  const [ogreFile, wurmFile] = doc.files as Record<string, any>[];
  assert.deepEqual(Object.keys(ogreFile!), ['file', 'diagnostics', 'expectations', 'objects', 'players', 'loops']);
  const ogre = ogreFile!.objects.find((o: { name: string }) => o.name === 'Gray Ogre');
  for (const k of ['name', 'zone', 'controller', 'owner', 'power', 'toughness', 'colors', 'supertypes', 'types', 'subtypes', 'abilities', 'counters', 'tapped']) assert.ok(k in ogre, k);
  assert.deepEqual([ogre.power, ogre.toughness, ogre.colors, ogre.types, ogre.subtypes, ogre.counters, ogre.zone], [3, 5, ['red'], ['Creature'], ['Ogre'], { '+1/+1': 1 }, 'battlefield']);
  const e = ogreFile!.expectations[0];
  assert.deepEqual(Object.keys(e), ['line', 'text', 'passed', 'expected', 'actual']);
  assert.equal(e.line, 15, '`expect ogre 2/2` is on line 16 of the file: zero-based 15');
  assert.equal(ogreFile!.players[0].name, 'Alice');
  assert.equal(wurmFile!.outcomes.length, 2, 'branching outcomes are listed');
  assert.deepEqual(wurmFile!.outcomes.map((o: { objects: { id: string; zone: string }[] }) => o.objects.find((x) => x.id === 'wurm#3')!.zone).sort(), ['exile', 'library']);
  const bad = run(['run', '--json', join(scratch({ 'b.layers': BROKEN }), 'b.layers')], env);
  assert.equal(bad.code, 1);
  const d = (JSON.parse(bad.stdout) as { files: { diagnostics: { range: { start: { line: number; character: number } }; severity: string; code: string }[] }[] }).files[0]!.diagnostics[0]!;
  assert.deepEqual([d.range.start, d.severity, d.code], [{ line: 2, character: 0 }, 'error', 'syntax']);
});

test('--json --trace adds layer steps and events', () => {
  const r = run(['run', '--json', '--trace', join(CONFORMANCE, '613-5-gray-ogre.layers')], env);
  const f = (JSON.parse(r.stdout) as { files: Record<string, any>[] }).files[0]!;
  const ogre = f.objects.find((o: { name: string }) => o.name === 'Gray Ogre');
  assert.deepEqual(ogre.trace.map((s: { layer: string }) => s.layer), ['7c', '7c']);
  assert.ok(f.events.length >= 5);
});

test('colors: on a terminal unless NO_COLOR or --no-color; never when piped unless --color', () => {
  const file = join(scratch({ 'bad.layers': FAILING }), 'bad.layers');
  assert.match(run(['run', file], { ...env, isTTY: true }).stdout, /\u001b\[31m/);
  assert.doesNotMatch(run(['run', file], { ...env, isTTY: true, noColor: true }).stdout, /\u001b/);
  assert.doesNotMatch(run(['run', '--no-color', file], { ...env, isTTY: true }).stdout, /\u001b/);
  assert.doesNotMatch(run(['run', file], env).stdout, /\u001b/);
  assert.match(run(['run', '--color', file], env).stdout, /\u001b\[31m/);
});

test('no file can crash the run: any text gives a report and an exit code', () => {
  const words = ['card', 'token', 'enter', 'expect', 'text', 'type', 'pt', 'a', 'b', '"x y"', 'Creature —', '2/2', '+1/+1', 'choosing', 'copies 2', 'a#1', 'gets', 'loop', 'depends on', ':', ';', '\n', '\n  ', '#', '"', '{W}', '—', 'end turn', 'destroy'];
  const dir = mkdtempSync(join(tmpdir(), 'layerlens-fuzz-'));
  fc.assert(
    fc.property(fc.array(fc.oneof(fc.constantFrom(...words), fc.string({ maxLength: 4 })), { maxLength: 40 }), (parts) => {
      const path = join(dir, 'f.layers');
      writeFileSync(path, parts.join(' '));
      const r = run(['run', '--trace', path], env);
      assert.ok(r.code === 0 || r.code === 1, r.stderr);
      assert.match(r.stdout, /(OK|FAILED): 1 file/);
      JSON.parse(run(['run', '--json', path], env).stdout);
    }),
    { numRuns: 150, seed: 20261123 },
  );
  // Control characters, a lone surrogate, an empty file.
  assert.ok(Array.isArray(analyzeFile('x', 'card \u0000\uFFFD\uD800\n  pt 9/').diagnostics));
  const empty = run(['run', join(scratch({ 'e.layers': '' }), 'e.layers')], env);
  assert.equal(empty.code, 0, empty.stdout);
});

test('terminal control sequences from the file are printed escaped, as --json writes them; our colors stay', () => {
  // Window title (OSC 0), clear screen (CSI 2J), clipboard write (OSC 52), a C1 CSI.
  const hostile = 'card "Ogre\u001b]0;pwned\u0007" as ogre\n  type Creature\n  pt 2/2\n  text \u001b[2JFlying\u001b]52;c;cm0gLXJmIH4=\u0007 \u009b2J\nenter ogre\nexpect ogre 3/3\n';
  const file = join(scratch({ 'hostile.layers': hostile }), 'hostile.layers');
  for (const r of [run(['run', '--trace', file], env), run(['run', '--color', file], env)]) {
    assert.doesNotMatch(r.stdout, /\u001b\]|\u001b\[2J|\u0007|\u009b/);
    assert.match(r.stdout, /Ogre\\u001b\]0;pwned\\u0007/);
    assert.match(r.stdout, /\\u001b\[2JFlying\\u001b\]52;c;cm0gLXJmIH4=\\u0007 \\u009b2J/);
  }
  assert.match(run(['run', '--color', file], env).stdout, /\u001b\[31m/);
  const json = JSON.parse(run(['run', '--json', file], env).stdout);
  assert.match(JSON.stringify(json), /\\u001b\]0;pwned\\u0007/);
});

test('a named pipe called *.layers is never opened: in a directory it is skipped, named explicitly it is a problem', { skip: process.platform === 'win32' }, () => {
  const dir = scratch({ 'good.layers': GOOD });
  const fifo = join(dir, 'pipe.layers');
  const made = spawnSync('mkfifo', [fifo]);
  if (made.status !== 0) return;
  const walked = run(['run', dir], env);
  assert.equal(walked.code, 0, walked.stderr);
  assert.match(walked.stdout, /OK: 1 file/);
  const named = run(['run', fifo], env);
  assert.equal(named.code, 2);
  assert.match(named.stderr, /cannot read ".*pipe\.layers": not a regular file/);
});

test('a 1 MB text line of keywords is analysed, not lost behind a stack overflow', () => {
  const text = `card x\n  type Creature — Bird\n  pt 1/1\n  text ${'Flying, '.repeat(130_000)}Vigilance\nenter x\nexpect x: pt 1/1; has vigilance\n`;
  const r = run(['run', join(scratch({ 'big.layers': text }), 'big.layers')], env);
  assert.doesNotMatch(r.stdout, /internal error|Maximum call stack/);
  assert.match(r.stdout, /✓ line 6: x: pt 1\/1; has vigilance/);
  assert.equal(r.code, 0, r.stdout.slice(0, 2000));
});

test('the bundled command line (esbuild, as esbuild.mjs builds it) runs with a shebang and the baked version', () => {
  const out = join(mkdtempSync(join(tmpdir(), 'layerlens-dist-')), 'cli.js');
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
  buildSync({
    entryPoints: [join(ROOT, 'server/src/cli/main.ts')], outfile: out, bundle: true, platform: 'node', target: 'node20', format: 'cjs',
    logLevel: 'silent', define: { LAYERLENS_VERSION: JSON.stringify(pkg.version) }, banner: { js: '#!/usr/bin/env node' },
  });
  assert.match(readFileSync(out, 'utf8'), /^#!\/usr\/bin\/env node\n/);
  const node = (args: string[], extra: Record<string, string> = {}) => spawnSync(process.execPath, [out, ...args], { encoding: 'utf8', env: { ...process.env, ...extra } });
  const ok = node(['run', join(CONFORMANCE, '613-9-white-anthem.layers')]);
  assert.equal(ok.status, 0, ok.stdout + ok.stderr);
  assert.match(ok.stdout, /OK: 1 file/);
  assert.doesNotMatch(ok.stdout, /\u001b/, 'a pipe is not a terminal');
  const dir = scratch({ 'bad.layers': FAILING });
  assert.equal(node(['run', join(dir, 'bad.layers')]).status, 1);
  const usage = node(['run']);
  assert.equal(usage.status, 2);
  assert.match(usage.stderr, /no file or directory given/);
  assert.equal(node(['run', join(dir, 'nothing.layers')]).status, 2);
  assert.equal(node(['--version']).stdout, `layerlens ${pkg.version}\n`);
  const json = node(['run', '--json', join(dir, 'bad.layers')]);
  assert.equal(json.status, 1);
  assert.equal((JSON.parse(json.stdout) as { files: unknown[] }).files.length, 1);
});
