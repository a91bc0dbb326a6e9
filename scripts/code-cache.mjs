// The code caches of the server and the command line
// (server/src/codecache/bundle.ts), made by the build after the bundles: each
// runs once with LAYERLENS_CODE_CACHE=write and writes what V8 compiled as it
// exits. The server is driven over every sample (open, hover, lenses,
// completion, an edit…), the command line runs them all, so that V8 compiles
// what a session or a run uses. Without a cache a process only starts
// slower, so a failure here is reported and the build goes on; the tests
// check that the caches are used.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node.js';

const LIMIT_MS = 60_000;

/**
 * A bundle's entry started to write its cache as it exits; killed after
 * LIMIT_MS. By default the build's cache, by this Node; `env` may ask
 * instead for the cache of another runtime (`writeRuntimeCache`).
 */
function writer(root, args, stdin, node = process.execPath, env = { LAYERLENS_CODE_CACHE: 'write' }) {
  const proc = spawn(node, args, { cwd: root, stdio: [stdin, stdin, 'pipe'], env: { ...process.env, ...env } });
  let said = '';
  proc.stderr.on('data', (d) => (said += d));
  const timer = setTimeout(() => proc.kill(), LIMIT_MS);
  const exited = new Promise((resolve) => proc.on('close', resolve)).then(() => clearTimeout(timer));
  /** What it said, once it wrote its cache; else why it did not. */
  const result = async () => {
    await exited;
    if (!/code cache written/.test(said)) throw new Error(said.trim() || 'no cache was written');
    return said.trim();
  };
  return { proc, exited, result };
}

/** Writes dist/cli-main.cache: `layerlens run samples` in one thread. */
export async function writeCliCache(root = process.cwd()) {
  return writer(root, [join(root, 'dist/cli.js'), 'run', join(root, 'samples'), '--jobs', '1'], 'ignore').result();
}

/** Writes dist/server-main.cache: a session over every sample. */
export async function writeServerCache(root = process.cwd()) {
  return serverSession(root, writer(root, [join(root, 'dist/server.js'), '--stdio'], 'pipe'));
}

/**
 * Writes the server's cache for the runtime `node` (another Node than this
 * one: VS Code's, say) into `dir`, as the server does in the editor's
 * storage after its first session there (`LAYERLENS_CODE_CACHE_DIR`): the
 * same session over every sample, the server started with `execArgv` (a
 * cache is taken only under the settings it was made under). The build's
 * own cache is left alone.
 */
export async function writeRuntimeCache(node, dir, root = process.cwd(), execArgv = []) {
  const env = { LAYERLENS_CODE_CACHE: 'report', LAYERLENS_CODE_CACHE_DIR: dir };
  return serverSession(root, writer(root, [...execArgv, join(root, 'dist/server.js'), '--stdio'], 'pipe', node, env));
}

/** Drives a server started by `writer` through a session over every sample, and waits for what it wrote. */
async function serverSession(root, { proc, exited, result }) {
  const conn = createMessageConnection(new StreamMessageReader(proc.stdout), new StreamMessageWriter(proc.stdin));
  const waiting = new Map();
  conn.onNotification('textDocument/publishDiagnostics', (p) => waiting.get(`${p.uri}@${p.version}`)?.());
  for (const m of ['workspace/codeLens/refresh', 'workspace/inlayHint/refresh', 'workspace/semanticTokens/refresh']) conn.onRequest(m, () => null);
  conn.onNotification('layerlens/analysing', () => undefined);
  conn.listen();
  const analysed = (uri, version) => new Promise((resolve) => waiting.set(`${uri}@${version}`, resolve));
  const session = async () => {
    await conn.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: { workspace: { codeLens: { refreshSupport: true }, inlayHint: { refreshSupport: true } } }, initializationOptions: {} });
    await conn.sendNotification('initialized', {});
    const dir = join(root, 'samples');
    const names = readdirSync(dir).filter((f) => f.endsWith('.layers')).sort();
    // Every eighth is edited too: an edit waits for the debounce (200 ms).
    for (const [i, name] of names.entries()) await drive(conn, analysed, pathToFileURL(join(dir, name)).href, readFileSync(join(dir, name), 'utf8'), i % 8 === 0);
    await conn.sendRequest('shutdown');
    await conn.sendNotification('exit');
  };
  try {
    // A server that died (or was killed at the limit) ends the session too.
    await Promise.race([session(), exited]);
  } catch (e) {
    proc.kill();
    throw e;
  } finally {
    conn.dispose();
  }
  return result();
}

/** One document through the requests an editor makes. */
async function drive(conn, analysed, uri, text, edit) {
  const doc = { textDocument: { uri } };
  const first = analysed(uri, 1);
  await conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'layers', version: 1, text } });
  await first;
  const lines = text.split('\n');
  // The first word of every seventh line (names, statements, card text): hover, completion, definition.
  const points = lines.flatMap((l, line) => (/^\s*\S/.test(l) ? [{ line, character: l.search(/\S/) + 1 }] : [])).filter((_, i) => i % 7 === 3);
  for (const position of points.slice(0, 6)) {
    await conn.sendRequest('textDocument/hover', { ...doc, position });
    await conn.sendRequest('textDocument/completion', { ...doc, position });
    await conn.sendRequest('textDocument/definition', { ...doc, position });
  }
  const lenses = await conn.sendRequest('textDocument/codeLens', doc);
  for (const lens of (lenses ?? []).slice(0, 3)) await conn.sendRequest('codeLens/resolve', lens);
  const whole = { start: { line: 0, character: 0 }, end: { line: lines.length, character: 0 } };
  await conn.sendRequest('textDocument/inlayHint', { ...doc, range: whole });
  await conn.sendRequest('textDocument/documentSymbol', doc);
  await conn.sendRequest('textDocument/foldingRange', doc);
  await conn.sendRequest('textDocument/semanticTokens/full', doc);
  await conn.sendRequest('textDocument/codeAction', { ...doc, range: whole, context: { diagnostics: [] } });
  // An edit at the end: the analysis resumes from the last statement.
  if (!edit) return void (await conn.sendNotification('textDocument/didClose', doc));
  const second = analysed(uri, 2);
  await conn.sendNotification('textDocument/didChange', { textDocument: { uri, version: 2 }, contentChanges: [{ text: `${text}\n` }] });
  await second;
  await conn.sendNotification('textDocument/didClose', doc);
}
