// Runs every unit, property and golden test with Node's own test runner.
// (Node 20's --test does not expand globs, so the files are listed here.)
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

function walk(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (name.endsWith('.test.ts')) out.push(p);
  }
  return out;
}

const roots = ['server/test', 'client/test/unit'].filter((d) => {
  try { return statSync(d).isDirectory(); } catch { return false; }
});
const filter = process.argv[2];
const files = roots.flatMap((r) => walk(r)).filter((f) => !filter || f.includes(filter)).sort();
if (files.length === 0) {
  console.error('no test files found');
  process.exit(1);
}
const r = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-reporter=spec', ...files], { stdio: 'inherit' });
process.exit(r.status ?? 1);
