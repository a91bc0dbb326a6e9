// The command line's entry (dist/cli.js): the compiler's settings, then the
// command line's bundle (dist/cli-main.js, from main.ts) compiled from its
// code cache (codecache/bundle.ts), as the server's entry does (start.ts).
// Each `layerlens run` is a fresh process, so each paid for compiling the
// engine. A parallel run's workers run dist/cli-main.js itself.
//
// LAYERLENS_CODE_CACHE=write: write the cache as the run ends (the build,
// scripts/code-cache.mjs); =report: say on stderr what became of it.

import { join } from 'node:path';
import { runBundle } from '../codecache/bundle';
import { tuneCompiler } from '../tuning';

tuneCompiler();
const mode = process.env.LAYERLENS_CODE_CACHE;
runBundle(join(__dirname, 'cli-main.js'), join(__dirname, 'cli-main.cache'), {
  write: mode === 'write',
  report: mode === 'write' || mode === 'report' ? (m) => process.stderr.write(`layerlens: ${m}\n`) : undefined,
});
