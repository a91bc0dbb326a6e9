// Bundles the command line, the language server and the VS Code extension.
// Each bundle is self-contained (no node_modules at run time).
import * as esbuild from 'esbuild';
import { existsSync, readFileSync } from 'node:fs';

const version = JSON.parse(readFileSync('package.json', 'utf8')).version;

const watch = process.argv.includes('--watch');
const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: true,
  logLevel: 'warning',
  define: { LAYERLENS_VERSION: JSON.stringify(version) },
};

const entries = [
  // Each entry (cli/start.ts, start.ts) runs its bundle from V8's code cache, which the build writes last.
  { in: 'server/src/cli/start.ts', out: 'dist/cli.js', banner: '#!/usr/bin/env node' },
  { in: 'server/src/cli/main.ts', out: 'dist/cli-main.js' },
  { in: 'server/src/start.ts', out: 'dist/server.js' },
  { in: 'server/src/server.ts', out: 'dist/server-main.js', minify: true },
  { in: 'client/src/extension.ts', out: 'dist/extension.js', external: ['vscode'], minify: true },
  { in: 'client/test/e2e/suite.ts', out: 'dist/e2e/suite.js', external: ['vscode'] },
  // The trace view's script runs in the webview (a browser): it carries the layout library (dagre).
  { in: 'client/src/webview/trace-view.ts', out: 'dist/trace-view.js', minify: true, platform: 'browser', format: 'iife', target: 'es2022' },
];

const contexts = [];
for (const e of entries) {
  if (!existsSync(e.in)) continue;
  const ctx = await esbuild.context({
    ...common,
    entryPoints: [e.in],
    outfile: e.out,
    external: e.external ?? [],
    banner: e.banner ? { js: e.banner } : undefined,
    minify: !!e.minify,
    ...(e.platform ? { platform: e.platform, format: e.format, target: e.target } : {}),
  });
  contexts.push(ctx);
}
if (watch) {
  await Promise.all(contexts.map((c) => c.watch()));
} else {
  await Promise.all(contexts.map((c) => c.rebuild()));
  await Promise.all(contexts.map((c) => c.dispose()));
  const { writeCliCache, writeServerCache } = await import('./scripts/code-cache.mjs');
  for (const [what, write] of [['server', writeServerCache], ['command line', writeCliCache]]) {
    await write().catch((e) => console.warn(`layerlens: the ${what}'s code cache was not made (${e.message}); it compiles its code as it starts`));
  }
}
