// Opens VS Code for the Web in Debian's Chromium through playwright-core and
// waits for the extension tests to finish, the way VS Code's own browser
// integration tests do (microsoft/vscode test/integration/browser): the
// workbench calls `window.codeAutomationExit(code, logs)` when the extension
// host running `extensionTestsPath` exits.

import { createWriteStream } from 'node:fs';
import { chromium } from 'playwright-core';
import { CHROMIUM } from './paths.mjs';
import { info, warn } from './log.mjs';

export const VIEWPORT = { width: 1400, height: 860 };

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--disable-dev-shm-usage',
];

/** `vscode-remote://127.0.0.1:PORT/abs/path`: a path on the server's machine as the workbench names it. */
export function remoteUri(port, absPath) {
  return `vscode-remote://127.0.0.1:${port}${absPath.split('/').map(encodeURIComponent).join('/')}`;
}

/**
 * The workbench URL: the folder to open and the payload that makes the
 * workbench load our extension from source and run its tests.
 * @param {{ port: number, folder: string, extensionDevelopmentPath: string, extensionTestsPath?: string }} o
 */
export function workbenchUrl({ port, folder, extensionDevelopmentPath, extensionTestsPath }) {
  const payload = [['extensionDevelopmentPath', remoteUri(port, extensionDevelopmentPath)], ['skipWelcome', 'true']];
  if (extensionTestsPath) payload.push(['extensionTestsPath', remoteUri(port, extensionTestsPath)]);
  const q = new URLSearchParams({ folder, payload: JSON.stringify(payload) });
  return `http://127.0.0.1:${port}/?${q.toString()}`;
}

/** What the suite prints starts with this (client/test/e2e/runner.ts, LOG_MARK). */
export const SUITE_MARK = '[layerlens-e2e]';

/** The workbench's log lines carry a CSS prefix for the devtools console. */
function clean(text) {
  return String(text).replace(/^%c\s*\w+\s+color:\s*#[0-9a-f]+\s*/i, '');
}

/**
 * Everything the page logs goes to `logFile`; the terminal gets the suite's
 * own lines and errors that concern our extension (or everything, verbose).
 * @param {{ url: string, onExit?: (code: number) => void, onSuiteOutput?: () => void, logFile: string, verbose?: boolean }} o
 */
export async function openWorkbench({ url, onExit, onSuiteOutput, logFile, verbose = false }) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1 });
  const page = await context.newPage();
  const log = createWriteStream(logFile);
  const relevant = (text) => /layerlens|extension host|extensionHost|uncaught|unhandled/i.test(text);

  page.on('pageerror', (e) => {
    log.write(`[pageerror] ${e.stack ?? e.message}\n`);
    if (verbose || relevant(e.message)) warn(`page error: ${e.message}`);
  });
  page.on('crash', () => warn('the page crashed'));
  page.on('console', (msg) => {
    const text = clean(msg.text());
    log.write(`[console:${msg.type()}] ${text}\n`);
    if (verbose) console.log(`[page:${msg.type()}] ${text}`);
    // Notifications such as "The Layerlens Language Server server crashed 5 times" only come this way.
    else if (msg.type() === 'error' && !text.includes(SUITE_MARK) && /layerlens/i.test(text)) console.error(`[vscode:error] ${text}`);
  });
  // The workbench's log service writes to codeAutomationLog when it exists (the
  // extension host's console included); exposed before the first navigation.
  await page.exposeFunction('codeAutomationLog', (type, args) => {
    const text = (Array.isArray(args) ? args : [args]).map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' ');
    log.write(`[${type}] ${text}\n`);
    if (text.includes(SUITE_MARK)) {
      onSuiteOutput?.();
      for (const line of text.split('\n')) console.log(line.startsWith(SUITE_MARK) ? line.slice(SUITE_MARK.length + 1) : line);
    } else if (verbose || (type === 'error' && relevant(text))) {
      (type === 'error' ? console.error : console.log)(`[vscode:${type}] ${text}`);
    }
  });
  await page.exposeFunction('codeAutomationExit', (code) => {
    info(`workbench reported the extension host exit code ${code}`);
    onExit?.(typeof code === 'number' ? code : 1);
  });
  info(`opening ${decodeURIComponent(url)}`);
  await page.goto(url, { waitUntil: 'domcontentloaded', timeout: 60000 });
  const close = async () => {
    await browser.close().catch(() => undefined);
    log.end();
  };
  return { browser, page, close };
}
