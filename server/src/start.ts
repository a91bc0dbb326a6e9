// The language server's entry (dist/server.js): V8's settings, then the
// server's bundle (dist/server-main.js, from server.ts) compiled from its code
// cache (codecache/bundle.ts). The settings come first: V8 takes a cache only
// under the settings it was made under, and the server sets them all again as
// it starts (the same values).
//
// Started without the options the client gives (another editor's command),
// it starts again with them: `startWithServerOptions`.
//
// The environment's settings (a cache written by the build's run, a report on
// stderr, the user's directory VS Code passes): `optionsFromEnv`.

import { join } from 'node:path';
import { optionsFromEnv, runBundle } from './codecache/bundle';
import { alignServerFlags, exposeGc, startWithServerOptions, tuneCompiler, tuneServerHeap } from './tuning';

// Before anything else (the process may start again, in its own place).
startWithServerOptions();
tuneCompiler();
tuneServerHeap();
alignServerFlags();
exposeGc();
runBundle(join(__dirname, 'server-main.js'), join(__dirname, 'server-main.cache'), optionsFromEnv());
