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
    assert.ok(lenses.some((l) => /^end of file: 3\/5 · Creature — Ogre · red/.test(l.command.title)));
    assert.ok(lenses.some((l) => /^✗ expected pt 4\/5 · is pt 3\/5/.test(l.command.title)));
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

test('a long document: lenses come without commands, and codeLens/resolve gives each its title', async () => {
  const s = start();
  try {
    await init(s);
    const uri = 'file:///bears.layers';
    const cards: string[] = [];
    for (let i = 0; i < 160; i++) cards.push(`card "Bear ${i}" as b${i}`, '  type Creature — Bear', '  pt 2/2');
    const text = [...cards, `enter ${[...Array(160).keys()].map((i) => `b${i}`).join(', ')}`, ...[...Array(160).keys()].map((i) => `expect b${i} 2/2`), ''].join('\n');
    await s.conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'layers', version: 1, text } });
    await waitFor(() => s.diagnostics.get(uri)?.find((d) => d.version === 1));
    const lenses = (await s.conn.sendRequest('textDocument/codeLens', { textDocument: { uri } })) as { range: unknown; command?: unknown; data?: unknown }[];
    assert.equal(lenses.length, 320);
    assert.ok(lenses.every((l) => !l.command && l.data));
    const first = (await s.conn.sendRequest('codeLens/resolve', lenses[0])) as { command: { title: string } };
    assert.match(first.command.title, /^end of file: 2\/2 · Creature — Bear/);
    const last = (await s.conn.sendRequest('codeLens/resolve', lenses[319])) as { command: { title: string } };
    assert.match(last.command.title, /^✓ pt 2\/2/);
    // A malformed lens is answered, not fatal.
    const odd = (await s.conn.sendRequest('codeLens/resolve', { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } }, data: 42 })) as { command: { title: string } };
    assert.ok(odd.command.title);
  } finally {
    await stop(s);
  }
});

test('state-based actions reach Problems only after the setting asks for them, and leave when it stops', async () => {
  const s = start();
  try {
    await init(s);
    const uri = 'file:///sba.layers';
    const text = 'card bears\n  type Creature — Bear\n  pt 2/2\nenter bears\nput two -1/-1 counters on bears\nexpect bears: zone graveyard\n';
    await s.conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'layers', version: 1, text } });
    const first = await waitFor(() => s.diagnostics.get(uri)?.find((d) => d.version === 1));
    assert.deepEqual(first.diagnostics, [], 'no state-based action in Problems by default');
    const count = () => s.diagnostics.get(uri)!.length;
    const published = count();
    await s.conn.sendNotification('workspace/didChangeConfiguration', { settings: { layerlens: { diagnostics: { stateBasedActions: true } } } });
    const on = await waitFor(() => (count() > published ? s.diagnostics.get(uri)!.at(-1) : undefined));
    assert.deepEqual(on.diagnostics.map((d) => [d.code, d.severity]), [['sba', 3]]);
    await s.conn.sendNotification('workspace/didChangeConfiguration', { settings: { layerlens: { diagnostics: { stateBasedActions: false } } } });
    const off = await waitFor(() => (count() > published + 1 ? s.diagnostics.get(uri)!.at(-1) : undefined));
    assert.deepEqual(off.diagnostics, []);
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

/** Exit code of the server process (null when it was killed), waiting up to `ms`. */
function exited(proc: ChildProcess, ms = 10_000): Promise<number | null | 'still running'> {
  return new Promise((resolve) => {
    if (proc.exitCode !== null) return resolve(proc.exitCode);
    const t = setTimeout(() => resolve('still running'), ms);
    proc.on('exit', (code) => {
      clearTimeout(t);
      resolve(code);
    });
  });
}

test('a broken stream (bad Content-Length) ends the server, so that the client can start a new one', async () => {
  const proc = spawn(process.execPath, ['dist/server.js', '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
  let err = '';
  proc.stderr!.on('data', (b) => (err += String(b)));
  proc.stdin!.write('Content-Length: 1e308\r\n\r\n{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}');
  const code = await exited(proc);
  proc.kill();
  assert.equal(code, 1);
  assert.match(err, /unreadable message/);
});

test('the server ends when its input closes (the client is gone)', async () => {
  const s = start();
  await init(s);
  s.proc.stdin!.end();
  const code = await exited(s.proc);
  s.conn.dispose();
  s.proc.kill();
  assert.notEqual(code, 'still running');
});

test('parse-only requests are answered while a long analysis runs', async () => {
  // 40 permanents, 10 anthems, 120 events: the analysis takes many slices.
  const lines = ['players Alice, Bob'];
  for (let i = 0; i < 40; i++) lines.push(`card "Bear ${i}" as b${i}`, '  type Creature — Bear', '  pt 2/2');
  for (let i = 0; i < 10; i++) lines.push(`card "Anthem ${i}" as a${i}`, '  type Enchantment', '  text Creatures you control get +1/+1.');
  lines.push(`enter ${[...Array(40).keys()].map((i) => `b${i}`).join(', ')}`);
  for (let i = 0; i < 120; i++) lines.push(i % 2 ? `enter a${i % 10}` : `resolve "Target creature gets +1/+1 until end of turn." targeting b${i % 40}`);
  const s = start();
  try {
    await init(s);
    const uri = 'file:///long.layers';
    const order: string[] = [];
    s.conn.onNotification('textDocument/publishDiagnostics', (p: { uri: string }) => void (p.uri === uri && order.push('diagnostics')));
    await s.conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'layers', version: 1, text: lines.join('\n') } });
    const folds = await s.conn.sendRequest('textDocument/foldingRange', { textDocument: { uri } });
    order.push('folding');
    assert.ok(Array.isArray(folds) && folds.length >= 50, 'one fold per card block');
    await waitFor(() => (order.includes('diagnostics') ? true : undefined), 120_000);
    assert.deepEqual(order, ['folding', 'diagnostics'], 'folding did not wait for the engine');
  } finally {
    await stop(s);
  }
});
