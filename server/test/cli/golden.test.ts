// Golden files: the report and `--trace` of a few conformance scenarios, and
// one `--json` document, exactly as printed (without colors). A change in the
// output shows up as a diff here; after checking that the new output is right,
// regenerate with `UPDATE_GOLDEN=1 node --import tsx --test server/test/cli/golden.test.ts`.

import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import test from 'node:test';
import { run } from '../../src/cli/main';

const env = { isTTY: false, noColor: true, version: '0.0.0-test' };
const GOLDEN = join(__dirname, 'golden');
const CONFORMANCE = join(__dirname, '../../../../shared/conformance');

/** Compare with the stored file; `UPDATE_GOLDEN=1` rewrites it. A missing golden file is a failure, never silently created. */
function golden(name: string, actual: string): void {
  const path = join(GOLDEN, name);
  if (process.env.UPDATE_GOLDEN) {
    mkdirSync(GOLDEN, { recursive: true });
    writeFileSync(path, actual);
    return;
  }
  assert.ok(existsSync(path), `golden file ${name} is missing; generate it with UPDATE_GOLDEN=1 and read it before committing`);
  assert.equal(actual, readFileSync(path, 'utf8'));
}

/** Run on a file and print its path the same way wherever the repository is checked out. */
function runOn(path: string, flags: string[], shown: string) {
  const rel = relative(process.cwd(), path);
  const r = run(['run', ...flags, rel], env);
  return { code: r.code, stderr: r.stderr, stdout: r.stdout.split(rel).join(shown) };
}

const CASES: { name: string; why: string }[] = [
  { name: '613-5-gray-ogre', why: 'sublayers 7b/7c, counters, end of turn' },
  { name: '613-8-lattice-and-march', why: 'a dependency found by trial (613.8a) and a state-based action' },
  { name: '613-8b-dependency-loop', why: 'a dependency loop applied in timestamp order (613.8b)' },
  { name: '616-1f-exile-or-shuffle', why: 'two outcomes from an open replacement choice (616.1)' },
];

for (const c of CASES) {
  test(`golden: report and --trace of ${c.name} (${c.why})`, () => {
    const r = runOn(join(CONFORMANCE, `${c.name}.layers`), ['--trace'], `conformance/${c.name}.layers`);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    golden(`${c.name}.trace.txt`, r.stdout);
  });
}

test('golden: --json of 613-5-gray-ogre', () => {
  const r = runOn(join(CONFORMANCE, '613-5-gray-ogre.layers'), ['--json'], 'conformance/613-5-gray-ogre.layers');
  assert.equal(r.code, 0, r.stderr);
  golden('613-5-gray-ogre.json', r.stdout);
});

test('golden: the report of a scenario with a failed expectation, a warning and an error', () => {
  const dir = mkdtempSync(join(tmpdir(), 'layerlens-golden-'));
  const path = join(dir, 'failing.layers');
  writeFileSync(
    path,
    [
      'scenario "A failing scenario"',
      'players Alice, Bob',
      '',
      'card "Gray Ogre" as ogre',
      '  cost {2}{R}',
      '  type Creature — Ogre',
      '  pt 2/2',
      '  text Frobnicate the wibble.',
      '',
      'card "Glorious Anthem" as anthem',
      '  cost {1}{W}{W}',
      '  type Enchantment',
      '  text Creatures you control get +1/+1.',
      '',
      'enter ogre, anthem',
      'tap ogre',
      'expect ogre: pt 3/3; tapped',
      'expect ogre: pt 2/2; color blue',
      'expect ogre: controller Bob',
      'expect ogar 3/3',
      '',
    ].join('\n'),
  );
  const r = runOn(path, [], 'failing.layers');
  assert.equal(r.code, 1);
  golden('failing.report.txt', r.stdout);
});
