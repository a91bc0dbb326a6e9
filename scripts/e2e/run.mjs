// End-to-end tests of the Layerlens extension in a real VS Code:
//   npm run test:e2e                              (builds, then runs this)
//   node scripts/e2e/run.mjs [--grep TEXT] [--keep] [--verbose] [--timeout SECONDS]
//   node scripts/e2e/run.mjs --screenshots        (writes docs/images/*.png)
//   node scripts/e2e/run.mjs --install-only       (warms .cache/e2e)
// Installs what is missing (scripts/e2e/install.mjs), starts VS Code's server
// (from code-server) with Node 24, opens the workbench in Chromium with our
// extension in development mode and dist/e2e/suite.js as its tests, and exits
// with the suite's result. Fails, never skips, when something is missing.

import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { serveBridge } from './bridge.mjs';
import { openWorkbench, workbenchUrl } from './browser.mjs';
import { ensureVsCode } from './install.mjs';
import { fail, info, step, warn } from './log.mjs';
import { CODE_SERVER_VERSION, REPO } from './paths.mjs';
import { startServer } from './vscode-server.mjs';
import { makeWorkspace } from './workspace.mjs';

const argv = process.argv.slice(2);
const flag = (name) => argv.includes(name);
const option = (name) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};
const SCREENSHOTS = flag('--screenshots');
const KEEP = flag('--keep');
const VERBOSE = flag('--verbose') || process.env.LAYERLENS_E2E_VERBOSE === '1';
const GREP = option('--grep') ?? process.env.LAYERLENS_E2E_GREP;
/** The suite's first line must appear this soon, or the workbench never got to run it. */
const START_TIMEOUT_S = Number(process.env.LAYERLENS_E2E_START_TIMEOUT ?? 120);
const TIMEOUT_S = Number(option('--timeout') ?? process.env.LAYERLENS_E2E_TIMEOUT ?? (SCREENSHOTS ? 300 : 600));
const IMAGES = process.env.LAYERLENS_E2E_IMAGES ? resolve(process.env.LAYERLENS_E2E_IMAGES) : join(REPO, 'docs', 'images');
/** The extension under test: the repository, or (to try the harness on a stand-in build) LAYERLENS_E2E_EXTENSION. */
const EXTENSION = process.env.LAYERLENS_E2E_EXTENSION ? resolve(process.env.LAYERLENS_E2E_EXTENSION) : REPO;

function requireBuilt() {
  const need = [join(EXTENSION, 'dist/extension.js'), join(REPO, 'dist/e2e/suite.js')];
  const missing = need.filter((p) => !existsSync(p));
  if (missing.length) throw new Error(`missing ${missing.join(', ')}: build first (\`node esbuild.mjs\`, which \`npm run test:e2e\` does)`);
  if (!existsSync(join(EXTENSION, 'dist/server.js'))) warn('dist/server.js is missing: every test that needs the language server will fail');
}

// Output channels are logged per extension host (logs/exthost1/output_logging_<time>/); show ours.
function printChannelLogs(logsDir, lines = 40) {
  const found = [];
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (/layerlens/i.test(e.name) && e.name.endsWith('.log')) found.push(p);
    }
  };
  try {
    walk(logsDir);
  } catch {
    return;
  }
  for (const f of found.sort()) {
    const text = readFileSync(f, 'utf8').split('\n');
    console.error(`----- ${f} (last ${lines} of ${text.length} lines) -----`);
    console.error(text.slice(-lines).map((l) => l.slice(0, 400)).join('\n'));
  }
  if (found.length) console.error('-----');
}

function printResults(resultsFile) {
  if (!existsSync(resultsFile)) {
    fail(`the suite wrote no results (${resultsFile}): it did not run to the end`);
    return undefined;
  }
  const r = JSON.parse(readFileSync(resultsFile, 'utf8'));
  console.log('');
  console.log(`Layerlens end-to-end results (VS Code ${r.vscodeVersion}):`);
  for (const t of r.tests) {
    console.log(`  ${t.passed ? '✓' : '✗'} ${t.name} (${t.ms} ms)`);
    // The full error is above, where the suite printed it; its head is enough here.
    if (!t.passed && t.error) console.log(t.error.split('\n').slice(0, 4).map((l) => `      ${l}`).join('\n'));
  }
  console.log(`  ${r.passed} passed, ${r.failed} failed, ${r.total} total`);
  console.log('');
  return r;
}

async function main() {
  const vscode = await step('install VS Code (code-server), Node 24 and Chromium', ensureVsCode);
  if (flag('--install-only')) return 0;
  info(`VS Code ${vscode.version} from code-server ${CODE_SERVER_VERSION}`);
  requireBuilt();

  const ws = makeWorkspace({ mode: SCREENSHOTS ? 'screenshots' : 'tests', grep: GREP, extension: EXTENSION });
  if (EXTENSION !== REPO) warn(`testing the extension in ${EXTENSION}, not the repository`);
  info(`workspace ${ws.folder}`);
  let server;
  let browser;
  let stopBridge = () => {};
  let ok = false;
  try {
    server = await step('start VS Code server', () =>
      startServer({ node: vscode.node, serverMain: vscode.serverMain, dataRoot: join(ws.root, 'vscode'), env: { LAYERLENS_E2E_CONTROL: ws.control } }),
    );
    let onExit;
    const exited = new Promise((r) => (onExit = r));
    let suiteStarted = false;
    const onSuiteOutput = () => (suiteStarted = true);
    const url = workbenchUrl({ port: server.port, folder: ws.folder, extensionDevelopmentPath: EXTENSION, extensionTestsPath: join(REPO, 'dist', 'e2e', 'suite.js') });
    const pageLog = join(ws.root, 'page.log');
    const opened = await step('open the workbench in Chromium', () => openWorkbench({ url, onExit, onSuiteOutput, logFile: pageLog, verbose: VERBOSE }));
    browser = opened;
    info(`workbench log: ${pageLog} (--verbose prints it here)`);
    const bridgeProblems = [];
    // Test runs keep their screenshots with the run; only --screenshots writes docs/images.
    stopBridge = serveBridge(opened.page, ws.bridge, SCREENSHOTS ? IMAGES : join(ws.root, 'screenshots'), bridgeProblems);

    info(`running the suite (time limit ${TIMEOUT_S}s) ...`);
    const serverDied = new Promise((r) => server.child.once('exit', (c, s) => r(`the VS Code server exited (${s ?? c})`)));
    const timedOut = new Promise((r) => setTimeout(() => r('timeout'), TIMEOUT_S * 1000).unref());
    // Screenshot scenes print nothing until the end; only the test suite announces itself.
    const noStart = SCREENSHOTS
      ? new Promise(() => {})
      : new Promise((r) => setTimeout(() => !suiteStarted && r(`the suite printed nothing within ${START_TIMEOUT_S}s: the workbench or the extension host did not start it`), START_TIMEOUT_S * 1000).unref());
    const outcome = await Promise.race([exited, serverDied, timedOut, noStart]);
    stopBridge();

    if (typeof outcome !== 'number') {
      const dbg = join(ws.root, 'last-screen.png');
      await opened.page.screenshot({ path: dbg }).catch(() => undefined);
      fail(outcome === 'timeout' ? `the suite did not finish within ${TIMEOUT_S}s (screen: ${dbg}, server log: ${server.logFile})` : `${outcome} (log: ${server.logFile})`);
      if (!SCREENSHOTS) printResults(ws.results);
      return 1;
    }
    if (SCREENSHOTS) {
      if (outcome !== 0) fail(`the screenshot scenes failed (exit code ${outcome}); see the page output above`);
      for (const p of bridgeProblems) fail(p);
      ok = outcome === 0 && bridgeProblems.length === 0;
      return ok ? 0 : 1;
    }
    const r = printResults(ws.results);
    if (outcome !== 0) fail(`the extension host exited with code ${outcome}`);
    ok = outcome === 0 && !!r && r.total > 0 && r.failed === 0;
    if (ok) info(`all ${r.total} end-to-end tests passed`);
    else fail('end-to-end tests failed');
    return ok ? 0 : 1;
  } finally {
    stopBridge();
    await browser?.close();
    await server?.stop();
    // What the extension and its language server logged explains most failures.
    if (!ok) printChannelLogs(join(ws.root, 'vscode', 'logs'));
    if (KEEP || !ok) info(`kept ${ws.root} (workspace, control.json, results.json, VS Code logs in vscode/)`);
    else rmSync(ws.root, { recursive: true, force: true });
  }
}

main().then(
  (code) => {
    info(`finished with exit code ${code}`);
    process.exit(code);
  },
  (e) => {
    fail(e instanceof Error ? (e.stack ?? e.message) : String(e));
    process.exit(1);
  },
);
