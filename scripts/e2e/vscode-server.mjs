// Starts VS Code's own server (bundled in code-server) with Node 24 in its own
// process group, on a free port, with throwaway data folders, and waits
// until it listens. `stop()` kills the whole group (extension hosts and the
// language server they spawn included).

import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { info } from './log.mjs';
import { killGroup } from './proc.mjs';

/** A port nobody listens on right now (the OS picks it). */
export function freePort() {
  return new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolvePort(addr.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * Settings of the remote machine: they apply to the window like user settings
 * (user settings of VS Code for the Web live in the browser's storage, which is
 * fresh every run). Quiet, deterministic editor for tests and screenshots.
 */
const MACHINE_SETTINGS = {
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'extensions.ignoreRecommendations': true,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'chat.disableAIFeatures': true,
  'editor.hover.delay': 200,
  'editor.minimap.enabled': false,
  // The lightbulb (and its AI sparkle) next to a diagnostic adds nothing to a screenshot.
  'editor.lightbulb.enabled': 'off',
  'git.enabled': false,
  // VS Code for the Web saves after a delay by default; tests decide when files change.
  'files.autoSave': 'off',
  'testing.openTesting': 'neverOpen',
};

/**
 * @param {{ node: string, serverMain: string, dataRoot: string, env?: NodeJS.ProcessEnv }} opts
 * @returns {Promise<{ port: number, child: import('node:child_process').ChildProcess, logFile: string, stop: () => Promise<void> }>}
 */
export async function startServer({ node, serverMain, dataRoot, env }) {
  const port = await freePort();
  const serverData = join(dataRoot, 'server-data');
  const userData = join(dataRoot, 'user-data');
  const extensions = join(dataRoot, 'extensions');
  for (const d of [serverData, userData, extensions]) mkdirSync(d, { recursive: true });
  // The server reads <user-data-dir>/Machine/settings.json (<server-data-dir>/data/Machine without --user-data-dir).
  for (const dir of [join(userData, 'Machine'), join(serverData, 'data', 'Machine')]) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'settings.json'), JSON.stringify(MACHINE_SETTINGS, null, 2));
  }

  const args = [
    serverMain,
    '--host', '127.0.0.1',
    '--port', String(port),
    '--without-connection-token',
    '--accept-server-license-terms',
    '--enable-smoke-test-driver',
    '--disable-telemetry',
    // Workspace trust would put the test folder in restricted mode.
    '--disable-workspace-trust',
    '--server-data-dir', serverData,
    '--user-data-dir', userData,
    '--extensions-dir', extensions,
    '--logsPath', join(dataRoot, 'logs'),
  ];
  const logFile = join(dataRoot, 'server.log');
  const log = createWriteStream(logFile);
  // detached: a process group of its own, so teardown reaches every descendant.
  const child = spawn(node, args, { detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  child.stdout.pipe(log, { end: false });
  child.stderr.pipe(log, { end: false });

  const stop = async () => {
    await killGroup(child);
    log.end();
  };
  // Ctrl-C or a crash of the harness must not leave a server behind.
  const onExit = () => {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  };
  process.once('exit', onExit);

  await new Promise((resolveReady, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`VS Code server did not start listening within 60s (log: ${logFile})`)), 60000);
    const onData = (buf) => {
      seen += buf.toString();
      if (/Extension host agent listening on|Web UI available at/.test(seen)) {
        clearTimeout(timer);
        child.stdout.off('data', onData);
        resolveReady();
      }
    };
    child.stdout.on('data', onData);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`VS Code server exited early (${signal ?? code}); log: ${logFile}\n${seen.slice(-2000)}`));
    });
  });
  info(`VS Code server listening on http://127.0.0.1:${port} (pid ${child.pid}, log ${logFile})`);
  return { port, child, logFile, stop };
}
