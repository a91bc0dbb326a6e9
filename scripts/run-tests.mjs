// Runs every unit, property and golden test with Node's own test runner, in
// the incremental check mode.
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
// Check mode (issue 9, engine/resume.ts): every resumed analysis the tests make
// is compared with a full one and throws on the first difference. On unless
// the caller sets LAYERLENS_CHECK_INCREMENTAL=0.
const env = { ...process.env, LAYERLENS_CHECK_INCREMENTAL: process.env.LAYERLENS_CHECK_INCREMENTAL ?? '1' };
const r = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-reporter=spec', ...files], { stdio: 'inherit', env });
process.exit(r.status ?? 1);
