// The language server's entry (dist/server.js): V8's settings, then the
// server's bundle (dist/server-main.js, from server.ts) compiled from its code
// cache (codecache/bundle.ts). The settings come first: V8 takes a cache only
// under the settings it was made under, and the server sets them all again as
// it starts (the same values).
//
// LAYERLENS_CODE_CACHE=write: write the build's cache when the server exits
// (scripts/code-cache.mjs); =report: say on stderr what became of it.
// LAYERLENS_CODE_CACHE_DIR: the user's own directory where a cache for
// another runtime is kept (VS Code passes the extension's storage).

import { join } from 'node:path';
import { runBundle } from './codecache/bundle';
import { exposeGc, tuneCompiler, tuneServerHeap } from './tuning';

tuneCompiler();
tuneServerHeap();
exposeGc();
const mode = process.env.LAYERLENS_CODE_CACHE;
runBundle(join(__dirname, 'server-main.js'), join(__dirname, 'server-main.cache'), {
  write: mode === 'write',
  keepIn: process.env.LAYERLENS_CODE_CACHE_DIR || undefined,
  report: mode === 'write' || mode === 'report' ? (m) => process.stderr.write(`layerlens: ${m}\n`) : undefined,
});
