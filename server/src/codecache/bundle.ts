// A bundle run from V8's code cache (issue 9). A fresh server compiled every
// function it used the first time it ran it, during the first open. The
// build runs the server once over the samples and keeps what V8 compiled
// (`npm run build`, scripts/code-cache.mjs); each start reads it back
// instead of compiling.
//
// V8 takes a cache made by its own version under the same flags only. Node
// 20 (the command line, Neovim, other editors) takes the build's; VS Code
// runs the server on its own runtime (Electron's V8), so there the server
// makes its own cache in the editor's storage for this extension
// (`keepIn`), as its first session ends, and reads it from the next start.
// V8's check of the source is its length only, so a cache file also names
// the bundle's SHA-256 and V8's version: a cache of another build or another
// V8 is never handed to V8.

import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { Script } from 'node:vm';

/** What became of the cache when the bundle was compiled. */
export type CacheUse = 'accepted' | 'refused by V8' | 'of another build' | 'none';

export interface RunOptions {
  /** Write the build's cache (`cachePath`) when the process exits (the build's run). */
  write?: boolean;
  /**
   * A directory of the user's own (never a shared one: a cache is code) where
   * this runtime's cache is kept when the build's is not for it, made as the
   * process exits when none could be used.
   */
  keepIn?: string;
  /** Told what became of the cache, and of a cache written. */
  report?: (message: string) => void;
}

/**
 * The options an entry takes from its environment: LAYERLENS_CODE_CACHE=write
 * writes the build's cache as the process exits, =write or =report say on
 * stderr what became of it; LAYERLENS_CODE_CACHE_DIR is the user's own
 * directory for a cache of another runtime (VS Code passes it).
 */
export function optionsFromEnv(env: NodeJS.ProcessEnv = process.env): RunOptions {
  const mode = env.LAYERLENS_CODE_CACHE;
  return {
    write: mode === 'write',
    keepIn: env.LAYERLENS_CODE_CACHE_DIR || undefined,
    report: mode === 'write' || mode === 'report' ? (m) => process.stderr.write(`layerlens: ${m}\n`) : undefined,
  };
}

/** The first line of a cache file; the bundle's SHA-256 and V8's version follow, a line each. */
const MAGIC = 'layerlens code cache 1\n';

/** A bundle's identity: its text's SHA-256. */
export function bundleHash(source: string): string {
  return createHash('sha256').update(source).digest('hex');
}

function header(hash: string, v8: string): Buffer {
  return Buffer.from(`${MAGIC}${hash}\n${v8}\n`);
}

/** A cache file's bytes: the header (magic, the bundle's hash, V8's version) and V8's data. */
export function cacheFile(hash: string, data: Uint8Array, v8 = process.versions.v8): Buffer {
  return Buffer.concat([header(hash, v8), data]);
}

/** V8's data from a cache file made for the bundle `hash` by this V8; undefined from a file of another build or V8, or from no file. */
export function cacheData(file: Buffer | undefined, hash: string, v8 = process.versions.v8): Buffer | undefined {
  if (!file) return undefined;
  const h = header(hash, v8);
  return file.length > h.length && file.subarray(0, h.length).equals(h) ? file.subarray(h.length) : undefined;
}

/** Where `keepIn` holds the cache of this bundle for this V8. */
export function keptCachePath(keepIn: string, bundlePath: string, hash: string): string {
  return join(keepIn, `${basename(bundlePath, '.js')}-${hash.slice(0, 16)}-v8-${process.versions.v8}.cache`);
}

function readIfThere(path: string): Buffer | undefined {
  try {
    return readFileSync(path);
  } catch {
    return undefined;
  }
}

/**
 * Runs a CommonJS bundle as Node would (its own `require`, `module`,
 * `__filename`, `__dirname`), compiled from the build's cache or the one kept
 * in `keepIn`, whichever holds this very bundle for this V8. Any trouble with
 * a cache only costs the compilation.
 */
export function runBundle(bundlePath: string, cachePath: string, o: RunOptions = {}): CacheUse {
  const source = readFileSync(bundlePath, 'utf8');
  const hash = bundleHash(source);
  const kept = o.keepIn ? keptCachePath(o.keepIn, bundlePath, hash) : undefined;
  const files = o.write ? [] : [readIfThere(cachePath), kept ? readIfThere(kept) : undefined];
  const data = files.map((f) => cacheData(f, hash)).find((d) => d);
  // The wrapper Node puts around a CommonJS module (module.wrap).
  const script = new Script(`(function (exports, require, module, __filename, __dirname) { ${source}\n});`, { filename: bundlePath, cachedData: data });
  const use: CacheUse = data ? (script.cachedDataRejected ? 'refused by V8' : 'accepted') : files.some((f) => f) ? 'of another build' : 'none';
  o.report?.(`code cache ${use}${use === 'accepted' ? ` (${data!.length} bytes)` : ''}`);
  const to = o.write ? cachePath : use !== 'accepted' ? kept : undefined;
  if (to) process.once('exit', () => writeCache(script, to, hash, o.report));
  const module = { exports: {} as unknown, filename: bundlePath, id: bundlePath, loaded: false };
  const require = createRequire(bundlePath);
  // The bundle is the program, as if Node had started it (`require.main === module`).
  (require as { main?: unknown }).main = module;
  const main = script.runInThisContext() as (...args: unknown[]) => void;
  main.call(module.exports, module.exports, require, module, bundlePath, dirname(bundlePath));
  return use;
}

/** What V8 compiled by now (every function the run used), written whole or not at all. */
function writeCache(script: Script, path: string, hash: string, report?: (message: string) => void): void {
  try {
    const data = script.createCachedData();
    mkdirSync(dirname(path), { recursive: true });
    const tmp = `${path}.${process.pid}.tmp`;
    writeFileSync(tmp, cacheFile(hash, data));
    renameSync(tmp, path);
    report?.(`code cache written: ${data.length} bytes`);
  } catch (e) {
    report?.(`code cache not written: ${(e as Error)?.message ?? String(e)}`);
  }
}
