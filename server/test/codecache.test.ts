// The server's code cache (codecache/bundle.ts, start.ts, scripts/code-cache.mjs).
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import test from 'node:test';
import { bundleHash, cacheData, cacheFile } from '../src/codecache/bundle';
import { serverExecArgv } from '../src/runtime';

const BUNDLE = resolve('server/src/codecache/bundle.ts');

test('a cache file gives back its data for its own bundle only', () => {
  const data = Buffer.from([1, 2, 3, 4]);
  const file = cacheFile(bundleHash('a'), data);
  assert.deepEqual(cacheData(file, bundleHash('a')), data);
  // Another V8 (VS Code's runtime) never gets it.
  assert.equal(cacheData(file, bundleHash('a'), '0.0.0.0-other'), undefined);
  // Another build of the same length (V8 checks only the length).
  assert.equal(cacheData(file, bundleHash('b')), undefined);
  assert.equal(cacheData(file.subarray(0, 20), bundleHash('a')), undefined);
  assert.equal(cacheData(Buffer.from('not a cache'), bundleHash('a')), undefined);
  assert.equal(cacheData(undefined, bundleHash('a')), undefined);
});

/** Runs `bundle` through runBundle in a fresh process; what it printed, and what runBundle said of the cache. */
function run(dir: string, write: boolean, keepIn?: string): { out: string; use: string } {
  const driver = join(dir, 'driver.ts');
  const options = JSON.stringify({ write, keepIn });
  writeFileSync(driver, `import { runBundle } from ${JSON.stringify(BUNDLE)};\nconst use = runBundle(${JSON.stringify(join(dir, 'bundle.js'))}, ${JSON.stringify(join(dir, 'bundle.cache'))}, ${options});\nconsole.log('use:' + use);\n`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', driver], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return { out: r.stdout, use: /use:(.*)/.exec(r.stdout)?.[1] ?? '' };
}

test('a bundle runs as a CommonJS module, from its cache once written, never from the cache of another build; the user keeps a cache of their own', () => {
  const dir = mkdtempSync(join(tmpdir(), 'layerlens-cache-'));
  try {
    const source = (word: string) => `"use strict";\nconst path = require('node:path');\nfunction twice(x) { return x + x; }\nmodule.exports.v = 1;\nconsole.log('${word}', twice(21), path.basename(__filename), __dirname === ${JSON.stringify(dir)}, this === module.exports);\n`;
    writeFileSync(join(dir, 'bundle.js'), source('alpha'));
    const first = run(dir, true);
    assert.equal(first.use, 'none');
    assert.match(first.out, /alpha 42 bundle\.js true true/);
    assert.ok(existsSync(join(dir, 'bundle.cache')), 'the cache was written as the process exited');
    const second = run(dir, false);
    assert.equal(second.use, 'accepted');
    assert.match(second.out, /alpha 42 bundle\.js true true/);
    // The same length, other code: V8 alone would take the cache for it.
    writeFileSync(join(dir, 'bundle.js'), source('gamma'));
    const third = run(dir, false);
    assert.equal(third.use, 'of another build');
    assert.match(third.out, /gamma 42/);
    // The build's cache is not for this bundle: one is made in the user's directory, and used from the next start on.
    const keep = join(dir, 'kept', 'deeper');
    assert.equal(run(dir, false, keep).use, 'of another build');
    const kept = readdirSync(keep);
    assert.equal(kept.length, 1);
    assert.match(kept[0]!, new RegExp(`^bundle-[0-9a-f]{16}-v8-${process.versions.v8.replace(/[.+-]/g, '\\$&')}\\.cache$`));
    const fourth = run(dir, false, keep);
    assert.equal(fourth.use, 'accepted');
    assert.match(fourth.out, /gamma 42/);
    // Used, it is not written again.
    const stamp = statSync(join(keep, kept[0]!)).mtimeMs;
    run(dir, false, keep);
    assert.equal(statSync(join(keep, kept[0]!)).mtimeMs, stamp);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** The server of `dir` (a copy of dist), started with Node's options `execArgv`: what it says of its cache, and whether it answers `initialize`. */
async function serve(dir: string, execArgv: string[] = []): Promise<{ said: string; answered: boolean }> {
  const init = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } });
  const proc = spawn(process.execPath, [...execArgv, join(dir, 'server.js'), '--stdio'], { env: { ...process.env, LAYERLENS_CODE_CACHE: 'report' } });
  let said = '';
  let out = '';
  proc.stderr.on('data', (d) => (said += d));
  const answered = await new Promise<boolean>((done) => {
    const timer = setTimeout(() => done(false), 20_000);
    proc.stdout.on('data', (d) => {
      out += d;
      if (/"capabilities"/.test(out)) {
        clearTimeout(timer);
        done(true);
      }
    });
    proc.on('exit', () => done(false));
    proc.stdin.write(`Content-Length: ${Buffer.byteLength(init)}\r\n\r\n${init}`);
  });
  proc.kill();
  return { said, answered };
}

test('the built server starts from its code cache, and without it when the cache is of another build or refused', async () => {
  if (!existsSync('dist/server-main.cache')) assert.equal(spawnSync(process.execPath, ['esbuild.mjs']).status, 0);
  const built = await serve('dist');
  assert.match(built.said, /code cache accepted/);
  assert.ok(built.answered);
  // Started as the client and the documented command start it (the build's run started it without): the same cache.
  const options = serverExecArgv(process.versions.v8);
  assert.ok(options.length);
  const started = await serve('dist', options);
  assert.match(started.said, /code cache accepted/, started.said);
  assert.ok(started.answered);
  const dir = mkdtempSync(join(tmpdir(), 'layerlens-server-'));
  try {
    for (const f of ['server.js', 'server-main.js']) copyFileSync(join('dist', f), join(dir, f));
    const cache = readFileSync('dist/server-main.cache');
    // The header names another bundle.
    writeFileSync(join(dir, 'server-main.cache'), Buffer.concat([cache.subarray(0, 23), Buffer.from('0'.repeat(64)), cache.subarray(87)]));
    const other = await serve(dir);
    assert.match(other.said, /code cache of another build/);
    assert.ok(other.answered);
    // V8's data cut short: V8 refuses it.
    writeFileSync(join(dir, 'server-main.cache'), cache.subarray(0, cache.length >> 1));
    const cut = await serve(dir);
    assert.match(cut.said, /code cache refused by V8/);
    assert.ok(cut.answered);
    rmSync(join(dir, 'server-main.cache'));
    const none = await serve(dir);
    assert.match(none.said, /code cache none/);
    assert.ok(none.answered);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the built command line runs from its code cache, its parallel runs too, and answers as without it', () => {
  if (!existsSync('dist/cli-main.cache')) assert.equal(spawnSync(process.execPath, ['esbuild.mjs']).status, 0);
  const run = (cli: string, ...args: string[]) => spawnSync(process.execPath, [cli, 'run', '--json', ...args], { encoding: 'utf8', env: { ...process.env, LAYERLENS_CODE_CACHE: 'report' } });
  const one = run('dist/cli.js', 'samples', '--jobs', '1');
  assert.match(one.stderr, /code cache accepted/);
  assert.equal(one.status, 0, one.stderr);
  // Two workers start through the entry too: the main thread's and theirs take the cache, and the report is the same.
  const two = run('dist/cli.js', 'samples', '--jobs', '2');
  assert.equal(two.status, 0, two.stderr);
  assert.equal(two.stderr.match(/code cache accepted/g)?.length, 3, two.stderr);
  assert.equal(two.stdout, one.stdout);
  const dir = mkdtempSync(join(tmpdir(), 'layerlens-cli-'));
  try {
    for (const f of ['cli.js', 'cli-main.js']) copyFileSync(join('dist', f), join(dir, f));
    const bare = run(join(dir, 'cli.js'), 'samples', '--jobs', '1');
    assert.match(bare.stderr, /code cache none/);
    assert.equal(bare.stdout, one.stdout);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
