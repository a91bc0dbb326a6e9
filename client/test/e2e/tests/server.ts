// A language server that crashes (issue 10, "Also"): the client restarts it
// with a message each time, up to 5 times in 3 minutes, then stops it with a
// clear error and a Restart action (client/src/restart.ts). The server is
// killed the hard way (SIGKILL), as a crash would end it. It is the child of
// this extension host that runs dist/server.js, found by its parent's pid, so
// only the server this run started is ever touched.

import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { openEditor, until } from '../helpers';
import { SAMPLE } from '../fixtures';
import { log, test } from '../runner';
import { askPage } from '../ui';
import { serverExecArgv } from '../../../../server/src/runtime';

/**
 * The notification center, where the extension's messages are listed (VS Code
 * draws no toasts with the smoke test driver the harness enables).
 */
const NOTIFICATIONS = '.notifications-center .notification-list-item';
const NOTIFICATION_BUTTONS = '.notifications-center .notification-list-item .monaco-button';

/** Open the notification center and wait for a message matching `pattern`. */
async function notification(pattern: string, timeoutMs = 20_000) {
  await vscode.commands.executeCommand('notifications.showList');
  return askPage({ kind: 'text', selector: NOTIFICATIONS, pattern, timeoutMs });
}

async function clearNotifications(): Promise<void> {
  await vscode.commands.executeCommand('notifications.clearAll');
  await vscode.commands.executeCommand('notifications.hideList');
}

/** The pid of the language server this extension host runs, or undefined. */
function serverPid(): number | undefined {
  let out = '';
  try {
    out = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(process.pid)], { encoding: 'utf8' });
  } catch {
    return undefined; // ps exits 1 when there is no child at all
  }
  const line = out.split('\n').find((l) => /dist[\\/]server\.js/.test(l));
  return line ? Number(line.trim().split(/\s+/)[0]) : undefined;
}

/** A server other than `not` runs and answers: the sample's lenses come from it. */
async function serverBack(uri: vscode.Uri, not: number | undefined, what: string): Promise<number> {
  const pid = await until(async () => serverPid(), (p) => p !== undefined && p !== not, `${what}: a new server process`);
  await until(
    () => vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri, 200),
    (ls) => (ls ?? []).some((l) => /\d+\/\d+/.test(l.command?.title ?? '')),
    `${what}: code lenses from the new server`,
  );
  return pid!;
}

/** A regex alternative of the restart counts after `n` (none left: a count that never comes). */
function laterThan(n: number): string {
  const later = [1, 2, 3, 4, 5].filter((k) => k > n);
  return later.length ? later.join('|') : 'none';
}

/** Whether process `pid` has ended. */
function serverGone(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return false;
  } catch {
    return true;
  }
}

function crash(pid: number): void {
  process.kill(pid, 'SIGKILL');
}

/** The user's directory where the server keeps its code cache: the one its client gave it (its environment). */
function cacheDir(pid: number): string {
  const env = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
  const dir = env.find((e) => e.startsWith('LAYERLENS_CODE_CACHE_DIR='))?.slice('LAYERLENS_CODE_CACHE_DIR='.length);
  assert.ok(dir, 'the client gives the server a directory of its own for its code cache');
  return dir;
}

/** The cache files for this runtime's V8 in `dir`. */
function caches(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((f) => f.endsWith(`-v8-${process.versions.v8}.cache`));
}

// The build's code cache is for Node's V8; VS Code's runtime makes its own as a session ends (server/src/start.ts).
test('the server keeps a code cache for VS Code\'s runtime in the extension\'s storage, and starts from it', async () => {
  const editor = await openEditor(SAMPLE);
  const first = await serverBack(editor.document.uri, undefined, 'before the restarts');
  // Started with this runtime's options by the client (server/src/runtime.ts), each once: the server does not
  // start again to give them to itself (tuning.ts, startWithServerOptions).
  const args = readFileSync(`/proc/${first}/cmdline`, 'utf8').split('\0');
  for (const option of serverExecArgv(process.versions.v8)) assert.equal(args.filter((a) => a === option).length, 1, `${option} once in the server's command: ${args.join(' ')}`);
  assert.ok(serverExecArgv(process.versions.v8).length > 0, `VS Code's runtime (V8 ${process.versions.v8}) is one the client gives options to`);
  const dir = cacheDir(first);
  assert.ok(await vscode.commands.executeCommand<boolean>('layerlens.restartServer'));
  const second = await serverBack(editor.document.uri, first, 'after a restart');
  const made = await until(async () => caches(dir), (fs) => fs.length === 1, 'a cache written as the first session ended');
  const written = statSync(join(dir, made[0]!)).mtimeMs;
  // The second server started from that cache: ending its session writes nothing (a server that could not use it would write it again).
  assert.ok(await vscode.commands.executeCommand<boolean>('layerlens.restartServer'));
  const third = await serverBack(editor.document.uri, second, 'after a second restart');
  await until(async () => serverGone(second), (gone) => gone, 'the second server has exited');
  assert.equal(statSync(join(dir, made[0]!)).mtimeMs, written, 'the cache was used, not made again');
  log(`    ${made[0]} (${statSync(join(dir, made[0]!)).size} bytes) in ${dir}; servers ${first}, ${second}, ${third}`);
});

test('a crashed language server is restarted with a message, and features come back', async () => {
  await clearNotifications();
  const editor = await openEditor(SAMPLE);
  const first = await serverBack(editor.document.uri, undefined, 'before the crash');
  crash(first);
  const toast = await notification('stopped unexpectedly and is restarting \\(1 of 5');
  assert.ok(toast.ok, `a message says the server is restarting: ${JSON.stringify(toast.texts)}`);
  const second = await serverBack(editor.document.uri, first, 'after the crash');
  log(`    server ${first} killed; restarted as ${second}; "${toast.texts?.find((t) => /restarting/.test(t))?.slice(0, 120)}"`);
  await clearNotifications();
});

test('a server that keeps crashing is stopped with a clear message, and its Restart action starts it again', async () => {
  await clearNotifications();
  const editor = await openEditor(SAMPLE);
  let pid = await serverBack(editor.document.uri, undefined, 'before the crashes');
  // Crash it until the client gives up: the restarts it announces count up to 5 (the previous test's crash is one of them).
  let announced = 0;
  for (let crashes = 1; ; crashes++) {
    assert.ok(crashes <= 6, `still restarting after ${crashes - 1} crashes`);
    crash(pid);
    // Wait for a later count than the last one: the cleared list may still
    // show the previous message for a moment.
    const said = await notification(`will not be restarted automatically|is restarting \\((${laterThan(announced)}) of 5`);
    assert.ok(said.ok, `a message after crash ${crashes}, later than restart ${announced}: ${JSON.stringify(said.texts)}`);
    const text = said.texts?.join(' ') ?? '';
    if (/will not be restarted automatically/.test(text)) break;
    const n = Math.max(...[...text.matchAll(/is restarting \((\d) of 5/g)].map((m) => Number(m[1])));
    assert.ok(n > announced, `restart ${n} follows restart ${announced}`);
    announced = n;
    pid = await serverBack(editor.document.uri, pid, `after crash ${crashes}`);
    await clearNotifications();
  }
  assert.equal(announced, 5, 'five restarts were announced before the client gave up');
  assert.equal(serverPid(), undefined, 'no server runs');
  const click = await askPage({ kind: 'pointer', action: 'click', selector: NOTIFICATION_BUTTONS, pattern: '^Restart$' });
  assert.ok(click.ok, `the message has a Restart button: ${JSON.stringify(click.texts)}`);
  const back = await serverBack(editor.document.uri, pid, 'after Restart');
  log(`    stopped after 5 restarts; its Restart button started server ${back}`);
  await clearNotifications();
});
