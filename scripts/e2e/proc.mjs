// Child processes for the harness: run a command to completion (optionally
// into a log file with a heartbeat, so long installs show they are alive),
// and kill a whole process group at teardown.

import { spawn } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import { info } from './log.mjs';

/**
 * Run `cmd args`; resolve with the exit code (or reject when `check` and it is
 * not 0). With `logFile` the output goes there and a heartbeat line is
 * printed every `heartbeatMs`; on failure the log's tail is printed.
 */
export function run(cmd, args, { cwd, env, logFile, check = true, heartbeatMs = 20000, label = cmd } = {}) {
  return new Promise((resolvePromise, reject) => {
    const stdio = logFile ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'inherit', 'inherit'];
    const child = spawn(cmd, args, { cwd, env: env ?? process.env, stdio });
    let out;
    let lastLine = '';
    let timer;
    if (logFile) {
      out = createWriteStream(logFile);
      const onData = (buf) => {
        out.write(buf);
        const lines = buf.toString().split('\n').map((l) => l.trim()).filter(Boolean);
        if (lines.length) lastLine = lines[lines.length - 1];
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      const started = Date.now();
      timer = setInterval(() => {
        info(`  ${label}: still running (${Math.round((Date.now() - started) / 1000)}s) … ${lastLine.slice(0, 110)}`);
      }, heartbeatMs);
    }
    child.on('error', (e) => {
      if (timer) clearInterval(timer);
      reject(new Error(`${label}: cannot start ${cmd}: ${e.message}`));
    });
    child.on('close', (code, signal) => {
      if (timer) clearInterval(timer);
      const finish = () => {
        const rc = code ?? 128;
        if (rc !== 0 && check) {
          if (logFile) printTail(logFile);
          reject(new Error(`${label}: ${cmd} ${args.join(' ')} exited with ${signal ?? rc}${logFile ? ` (full log: ${logFile})` : ''}`));
        } else resolvePromise(rc);
      };
      if (out) out.end(finish);
      else finish();
    });
  });
}

function printTail(file, lines = 60) {
  try {
    const text = readFileSync(file, 'utf8').split('\n');
    console.error(`----- last ${lines} lines of ${file} -----`);
    console.error(text.slice(-lines).join('\n'));
    console.error('-----');
  } catch {
    // No log to show: the error message says enough.
  }
}

/**
 * Kill a detached child and everything it started (VS Code's server spawns
 * extension hosts and our language server): TERM the group, then KILL it.
 */
export async function killGroup(child, graceMs = 3000) {
  if (!child || child.pid === undefined) return;
  const alive = () => child.exitCode === null && child.signalCode === null;
  const signalGroup = (sig) => {
    try {
      process.kill(-child.pid, sig);
    } catch {
      // The group is already gone.
    }
  };
  signalGroup('SIGTERM');
  const deadline = Date.now() + graceMs;
  while (alive() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  // Even when the leader exited, grandchildren may linger in the group.
  signalGroup('SIGKILL');
}
