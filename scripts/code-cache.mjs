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

/** Writes dist/cli-main.cache: `layerlens run samples` in one thread. */
export async function writeCliCache(root = process.cwd()) {
  const proc = spawn(process.execPath, [join(root, 'dist/cli.js'), 'run', join(root, 'samples'), '--jobs', '1'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, LAYERLENS_CODE_CACHE: 'write' },
  });
  let said = '';
  proc.stderr.on('data', (d) => (said += d));
  const timer = setTimeout(() => proc.kill(), LIMIT_MS);
  await new Promise((resolve) => proc.on('exit', resolve));
  clearTimeout(timer);
  if (!/code cache written/.test(said)) throw new Error(said.trim() || 'the command line wrote no cache');
  return said.trim();
}

/** Writes dist/server-main.cache; resolves to what the server said, or rejects with why it could not. */
export async function writeServerCache(root = process.cwd()) {
  const proc = spawn(process.execPath, [join(root, 'dist/server.js'), '--stdio'], {
    cwd: root,
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, LAYERLENS_CODE_CACHE: 'write' },
  });
  let said = '';
  proc.stderr.on('data', (d) => (said += d));
  const exited = new Promise((resolve) => proc.on('exit', resolve));
  const timer = setTimeout(() => proc.kill(), LIMIT_MS);
  const conn = createMessageConnection(new StreamMessageReader(proc.stdout), new StreamMessageWriter(proc.stdin));
  const waiting = new Map();
  conn.onNotification('textDocument/publishDiagnostics', (p) => waiting.get(`${p.uri}@${p.version}`)?.());
  for (const m of ['workspace/codeLens/refresh', 'workspace/inlayHint/refresh', 'workspace/semanticTokens/refresh']) conn.onRequest(m, () => null);
  conn.onNotification('layerlens/analysing', () => undefined);
  conn.listen();
  const analysed = (uri, version) => new Promise((resolve) => waiting.set(`${uri}@${version}`, resolve));
  try {
    await conn.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: { workspace: { codeLens: { refreshSupport: true }, inlayHint: { refreshSupport: true } } }, initializationOptions: {} });
    await conn.sendNotification('initialized', {});
    const dir = join(root, 'samples');
    const names = readdirSync(dir).filter((f) => f.endsWith('.layers')).sort();
    // Every eighth is edited too: an edit waits for the debounce (200 ms).
    for (const [i, name] of names.entries()) await drive(conn, analysed, pathToFileURL(join(dir, name)).href, readFileSync(join(dir, name), 'utf8'), i % 8 === 0);
    await conn.sendRequest('shutdown');
    await conn.sendNotification('exit');
  } finally {
    await exited;
    clearTimeout(timer);
    conn.dispose();
  }
  if (!/code cache written/.test(said)) throw new Error(said.trim() || 'the server wrote no cache');
  return said.trim();
}

/** One document through the requests an editor makes. */
async function drive(conn, analysed, uri, text, edit) {
  const doc = { textDocument: { uri } };
  const first = analysed(uri, 1);
  await conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'layers', version: 1, text } });
  await first;
  const lines = text.split('\n');
  // A name on a line of the timeline, and a word of a card's text: hover, completion, definition.
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
