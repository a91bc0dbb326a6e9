// Protocol tests: the bundled server over stdio, spoken to in JSON-RPC.
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import test from 'node:test';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter, type MessageConnection } from 'vscode-jsonrpc/node';
import fc from 'fast-check';

interface Server {
  proc: ChildProcess;
  conn: MessageConnection;
  diagnostics: Map<string, { version?: number; diagnostics: { code: string; message: string; severity: number }[] }[]>;
}

function start(): Server {
  if (!existsSync('dist/server.js')) assert.equal(spawnSync(process.execPath, ['esbuild.mjs']).status, 0);
  const proc = spawn(process.execPath, ['dist/server.js', '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const conn = createMessageConnection(new StreamMessageReader(proc.stdout!), new StreamMessageWriter(proc.stdin!));
  const diagnostics: Server['diagnostics'] = new Map();
  conn.onNotification('textDocument/publishDiagnostics', (p: { uri: string; version?: number; diagnostics: never[] }) => {
    diagnostics.set(p.uri, [...(diagnostics.get(p.uri) ?? []), p]);
  });
  conn.onRequest('workspace/codeLens/refresh', () => null);
  conn.listen();
  return { proc, conn, diagnostics };
}

async function init(s: Server): Promise<void> {
  await s.conn.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: { workspace: { codeLens: { refreshSupport: true } } }, initializationOptions: { codeLens: { enable: true } } });
  await s.conn.sendNotification('initialized', {});
}

async function waitFor<T>(fn: () => T | undefined, ms = 10_000): Promise<T> {
  const t0 = Date.now();
  for (;;) {
    const v = fn();
    if (v !== undefined) return v;
    if (Date.now() - t0 > ms) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function stop(s: Server): Promise<void> {
  await s.conn.sendRequest('shutdown').catch(() => undefined);
  await s.conn.sendNotification('exit').catch(() => undefined);
  s.conn.dispose();
  s.proc.kill();
}

const OGRE = readFileSync('../shared/conformance/613-5-gray-ogre.layers', 'utf8');

test('diagnostics after open and after edits, hover, lenses, quick fix, completion, rename', async () => {
  const s = start();
  try {
    await init(s);
    const uri = 'file:///ogre.layers';
    await s.conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'layers', version: 1, text: OGRE } });
    const first = await waitFor(() => s.diagnostics.get(uri)?.find((d) => d.version === 1));
    assert.deepEqual(first.diagnostics, []);
    // Break an expectation: the error comes back for version 2.
    const broken = OGRE.replace('expect ogre 3/5', 'expect ogre 4/5');
    assert.notEqual(broken, OGRE);
    await s.conn.sendNotification('textDocument/didChange', { textDocument: { uri, version: 2 }, contentChanges: [{ text: broken }] });
    const second = await waitFor(() => s.diagnostics.get(uri)?.find((d) => d.version === 2));
    const failed = second.diagnostics.find((d) => d.code === 'expect-failed')!;
    assert.match(failed.message, /expected pt 4\/5, got pt 3\/5/);
    const line = broken.split('\n').findIndex((l) => l.startsWith('expect ogre 4/5'));
    const hover = (await s.conn.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line, character: 8 } })) as { contents: { value: string } };
    assert.match(hover.contents.value, /Gray Ogre/);
    const lenses = (await s.conn.sendRequest('textDocument/codeLens', { textDocument: { uri } })) as { command: { title: string } }[];
    assert.ok(lenses.some((l) => /^3\/5 · Creature — Ogre · red/.test(l.command.title)));
    assert.ok(lenses.some((l) => /^✗ expected pt 4\/5, got pt 3\/5/.test(l.command.title)));
    const actions = (await s.conn.sendRequest('textDocument/codeAction', { textDocument: { uri }, range: { start: { line, character: 0 }, end: { line, character: 20 } }, context: { diagnostics: [] } })) as { edit: { changes: Record<string, { newText: string }[]> } }[];
    assert.equal(actions[0]!.edit.changes[uri]![0]!.newText, '3/5');
    const items = (await s.conn.sendRequest('textDocument/completion', { textDocument: { uri }, position: { line, character: 0 } })) as { label: string }[];
    assert.ok(items.some((i) => i.label === 'expect'));
    const edit = (await s.conn.sendRequest('textDocument/rename', { textDocument: { uri }, position: { line, character: 8 }, newName: 'brute' })) as { changes: Record<string, unknown[]> };
    assert.ok(edit.changes[uri]!.length >= 5);
    const analysis = (await s.conn.sendRequest('layerlens/analysis', { uri })) as { expectations: { passed: boolean }[] };
    assert.equal(analysis.expectations.filter((e) => !e.passed).length, 1);
    await s.conn.sendNotification('textDocument/didClose', { textDocument: { uri } });
    await waitFor(() => (s.diagnostics.get(uri)!.at(-1)!.diagnostics.length === 0 ? true : undefined));
  } finally {
    await stop(s);
  }
});

test('fuzz: thousands of random edits and malformed requests, and the server still answers', async () => {
  const s = start();
  try {
    await init(s);
    const uri = 'file:///fuzz.layers';
    let text = OGRE;
    await s.conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'layers', version: 1, text } });
    const edits = fc.sample(fc.tuple(fc.nat(), fc.nat(12), fc.string({ maxLength: 12 })), { numRuns: 2000, seed: 42 });
    let version = 1;
    for (const [at, del, ins] of edits) {
      const i = text.length ? at % text.length : 0;
      text = text.slice(0, i) + ins + text.slice(i + del);
      version++;
      await s.conn.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [{ text }] });
      if (version % 200 === 0) {
        await s.conn.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: at % 30, character: at % 40 } });
        await s.conn.sendRequest('textDocument/codeLens', { textDocument: { uri } });
        await s.conn.sendRequest('textDocument/completion', { textDocument: { uri }, position: { line: 999, character: 999 } });
      }
    }
    // Malformed requests: bad positions, unknown documents, missing params.
    const junk: [string, unknown][] = [
      ['textDocument/hover', { textDocument: { uri }, position: { line: -5, character: 1e9 } }],
      ['textDocument/hover', { textDocument: { uri: 'file:///nope.layers' }, position: { line: 0, character: 0 } }],
      ['textDocument/codeLens', {}],
      ['layerlens/trace', { uri: 42 }],
      ['layerlens/report', null],
      ['textDocument/rename', { textDocument: { uri }, position: { line: 0, character: 0 }, newName: '' }],
      ['textDocument/formatting', { textDocument: { uri }, options: { tabSize: 2, insertSpaces: true } }],
      ['textDocument/semanticTokens/full', { textDocument: { uri } }],
    ];
    for (const [m, p] of junk) await s.conn.sendRequest(m, p).catch(() => undefined);
    await waitFor(() => s.diagnostics.get(uri)?.find((d) => d.version === version), 20_000);
    const r = (await s.conn.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 0 } })) as unknown;
    assert.ok(r === null || typeof r === 'object', 'still answers');
    assert.equal(s.proc.exitCode, null, 'still running');
  } finally {
    await stop(s);
  }
});
