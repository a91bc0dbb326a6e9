// Command-line arguments (spec section 8): flags, paths, usage errors.

import assert from 'node:assert/strict';
import test from 'node:test';
import { parseArgs } from '../../src/cli/args';

const ok = (argv: string[], color = false) => {
  const r = parseArgs(argv, color);
  assert.ok(r.ok, r.ok ? '' : r.error);
  return r.options;
};
const err = (argv: string[]) => {
  const r = parseArgs(argv, false);
  assert.equal(r.ok, false, `expected a usage error for ${argv.join(' ')}`);
  return r.ok ? '' : r.error;
};

test('run with flags and several paths', () => {
  assert.deepEqual(ok(['run', '--json', 'a.layers']), { command: 'run', json: true, trace: false, readings: false, color: false, paths: ['a.layers'] });
  assert.deepEqual(ok(['run', 'a', '--trace', 'dir/']), { command: 'run', json: false, trace: true, readings: false, color: false, paths: ['a', 'dir/'] });
  assert.equal(ok(['run', '--readings', 'x']).readings, true);
  assert.deepEqual(ok(['run', '--json', '--trace', 'x']).json && ok(['run', '--json', '--trace', 'x']).trace, true);
});

test('colors: on by default only when the caller says so; --no-color and --color override', () => {
  assert.equal(ok(['run', 'a'], true).color, true);
  assert.equal(ok(['run', 'a'], false).color, false);
  assert.equal(ok(['run', '--no-color', 'a'], true).color, false);
  assert.equal(ok(['run', '--color', 'a'], false).color, true);
});

test('--help and --version win wherever they are', () => {
  assert.equal(ok(['--help']).command, 'help');
  assert.equal(ok(['-h']).command, 'help');
  assert.equal(ok(['help']).command, 'help');
  assert.equal(ok(['run', 'a', '--help']).command, 'help');
  assert.equal(ok(['--version']).command, 'version');
  assert.equal(ok(['-v']).command, 'version');
});

test('-- ends the options: a file may start with a dash', () => {
  assert.deepEqual(ok(['run', '--', '--json', '-x.layers']).paths, ['--json', '-x.layers']);
  assert.equal(ok(['run', '--', '--json']).json, false);
  assert.equal(ok(['run', '--', '--help']).command, 'run');
});

test('usage errors name the problem', () => {
  assert.match(err([]), /missing command/);
  assert.match(err(['walk', 'a']), /unknown command "walk"/);
  assert.match(err(['run']), /no file or directory/);
  assert.match(err(['run', '--bogus', 'a']), /unknown option "--bogus"/);
  assert.match(err(['run', '-j', 'a']), /unknown option "-j"/);
  assert.match(err(['--json', 'run', 'a']), /before the command/);
});
