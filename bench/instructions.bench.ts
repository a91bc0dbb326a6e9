// Instructions, not milliseconds: the first analysis of the realistic files
// counted by Valgrind (cachegrind, no cache simulation), for comparing two
// builds on a host whose timings move by a third from one minute to the next
// (BENCHMARKS.md). The command line checks each file in a fresh process, in
// one thread (`--jobs 1`), under `node --single-threaded` (no compiler or
// collector threads, whose timing would move the count); a two-line file is
// counted the same way, and the difference is the file's parse and
// analysis. Two runs of the same build agree within about half a percent.
//
// Not a timing, and not part of the tests: it needs `valgrind` (Debian's
// package) and says so when it is missing. `--cli PATH` counts another
// build's command line (a copy of an older `dist/`) for a comparison.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { option } from './harness';
import { LARGE, MEDIUM, realistic } from './shapes';

/** The command line counted: this build's, or the one `--cli` names. */
const CLI = option('--cli') || join(__dirname, '../cli.js');

/** Instructions of `node --single-threaded CLI run FILE --jobs 1`, in millions. */
function instructions(file: string): number {
  const r = spawnSync('valgrind', ['--tool=cachegrind', '--cache-sim=no', '--cachegrind-out-file=/dev/null', process.execPath, '--single-threaded', CLI, 'run', '--jobs', '1', '--no-color', file], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const m = /I\s+refs:\s+([\d,]+)/.exec(r.stderr ?? '');
  if (!m) throw new Error(`no count from valgrind for ${file}: ${(r.stderr ?? r.error?.message ?? '').trim().split('\n').slice(-3).join(' / ')}`);
  return Number(m[1]!.replace(/,/g, '')) / 1e6;
}

function main(): void {
  const probe = spawnSync('valgrind', ['--version'], { encoding: 'utf8' });
  if (probe.status !== 0) {
    console.log('valgrind is not installed (apt-get install valgrind): nothing counted');
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'layerlens-instructions-'));
  try {
    const files = {
      'two-line file': 'scenario "empty"\nplayers Alice, Bob\n',
      '500-line file (60 permanents, 20 effect cards, 200 events)': realistic(MEDIUM),
      '2,000-line file (200 permanents, 50 effect cards, 1,050 events)': realistic(LARGE),
    };
    console.log(`${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC · Node ${process.versions.node} · ${probe.stdout.trim()} · ${CLI}\n`);
    console.log('| file | instructions, whole process | less the two-line file |');
    console.log('|---|---|---|');
    let base = 0;
    for (const [name, text] of Object.entries(files)) {
      const file = join(dir, `${name.split(' ')[0]}.layers`);
      writeFileSync(file, text);
      const n = instructions(file);
      if (!base) base = n;
      const m = (x: number) => `${Math.round(x).toLocaleString('en-US')} M`;
      console.log(`| ${name} | ${m(n)} | ${n === base ? '—' : m(n - base)} |`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main();
