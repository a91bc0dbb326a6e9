// The command line's entry (dist/cli.js): the compiler's settings, then the
// command line's bundle (dist/cli-main.js, from main.ts) compiled from its
// code cache (codecache/bundle.ts), as the server's entry does (start.ts).
// Each `layerlens run` is a fresh process, so each paid for compiling the
// engine. A parallel run's workers start through this entry too (workers.ts).
//
// The environment's settings: `optionsFromEnv`.

import { join } from 'node:path';
import { optionsFromEnv, runBundle } from '../codecache/bundle';
import { tuneCompiler } from '../tuning';

tuneCompiler();
runBundle(join(__dirname, 'cli-main.js'), join(__dirname, 'cli-main.cache'), optionsFromEnv());
