// The language server in another editor: Neovim (Debian's, installed when
// missing) runs headless with docs/nvim.lua, opens a sample, waits for the
// code lenses the config shows in that first buffer, asks for a hover and
// code lenses synchronously, and writes what came back to a JSON file; this
// script asserts on it (lenses shown, hover tables as aligned text, the
// server's first log line). Twice: with the machine's \`node\` (the config's
// command gives the server its option), and with Node 24 first on PATH and
// the plain command \`node server.js --stdio\`, on which the server must give
// itself the options the client gives it (server/src/tuning.ts,
// startWithServerOptions).   npm run test:nvim   (= build, then this)

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { ensureDebs, ensureNode24 } from './install.mjs';
import { fail, info, step } from './log.mjs';
import { REPO } from './paths.mjs';

/** A sample and a position on an object name in it (`pearl` in its first expect line). */
const SAMPLE = join(REPO, 'samples', '613-8a-lord-of-atlantis-and-turn-to-frog.layers');
const HOVER_LINE = /^expect pearl: pt 2\/2/;
const HOVER_WORD = 'pearl';
const PT = /[*\d]+\/[*\d]+/;

/**
 * The headless session. Compatible with Neovim 0.7 (Debian 12): no
 * vim.lsp.start, clients per buffer through buf_get_clients.
 */
const TEST_LUA = String.raw`
local params = vim.fn.json_decode(os.getenv('LAYERLENS_NVIM_PARAMS'))
local out = { nvim = vim.version and tostring(vim.version().major .. '.' .. vim.version().minor .. '.' .. vim.version().patch) or '?' }
local function finish()
  vim.fn.writefile({ vim.fn.json_encode(out) }, params.out)
  vim.cmd('qa!')
end
-- The server's log lines (its first names the Node it runs on and the options it was started with).
out.logs = {}
vim.lsp.handlers['window/logMessage'] = function(_, result)
  table.insert(out.logs, result and result.message or '')
end
local ok, err = pcall(function()
  vim.g.layerlens_server = params.server
  dofile(params.config)
  vim.cmd('edit ' .. vim.fn.fnameescape(params.file))
  local buf = vim.api.nvim_get_current_buf()
  out.filetype = vim.bo[buf].filetype
  local function clients()
    if vim.lsp.get_clients then return vim.lsp.get_clients({ bufnr = buf }) end
    return vim.tbl_values(vim.lsp.buf_get_clients(buf))
  end
  out.attached = vim.wait(20000, function()
    local cs = clients()
    return #cs > 0 and cs[1].server_capabilities ~= nil
  end, 50)
  if not out.attached then error('the layerlens client did not attach/initialize within 20s') end
  out.client = clients()[1].name
  -- The lenses the config itself shows in this first buffer (no refresh from here).
  vim.wait(20000, function()
    return #(vim.lsp.codelens.get(buf) or {}) > 0
  end, 50)
  out.shown = {}
  for _, lens in ipairs(vim.lsp.codelens.get(buf) or {}) do
    table.insert(out.shown, lens.command and lens.command.title or '')
  end
  local uri = vim.uri_from_bufnr(buf)
  local function first_result(method, p)
    local res = vim.lsp.buf_request_sync(buf, method, p, 10000) or {}
    for _, r in pairs(res) do
      if r.err or r.error then out[method .. ' error'] = vim.inspect(r.err or r.error) end
      if r.result ~= nil then return r.result end
    end
    return nil
  end
  -- The server answers from its analysis of the opened file; ask until it has one.
  local deadline = vim.loop.now() + 20000
  repeat
    out.hover = first_result('textDocument/hover', { textDocument = { uri = uri }, position = params.position })
    out.codeLens = first_result('textDocument/codeLens', { textDocument = { uri = uri } })
    local done = out.hover ~= nil and type(out.codeLens) == 'table' and #out.codeLens > 0
    if not done then vim.wait(200) end
  until done or vim.loop.now() > deadline
  -- Resolve lenses that came without a command (codeLens/resolve), as an editor would.
  if type(out.codeLens) == 'table' then
    for i, lens in ipairs(out.codeLens) do
      if lens.command == nil then
        local r = first_result('codeLens/resolve', lens)
        if r ~= nil then out.codeLens[i] = r end
      end
    end
  end
end)
if not ok then out.error = tostring(err) end
finish()
`;

/** Line and character (0-based, UTF-16 as LSP counts; the line is ASCII) of the hover word. */
function hoverPosition(text) {
  const lines = text.split('\n');
  const line = lines.findIndex((l) => HOVER_LINE.test(l));
  assert.ok(line >= 0, `${SAMPLE} has no line matching ${HOVER_LINE}`);
  return { line, character: lines[line].indexOf(HOVER_WORD) + 1 };
}

function hoverText(hover) {
  const c = hover?.contents;
  const part = (x) => (typeof x === 'string' ? x : (x?.value ?? ''));
  return Array.isArray(c) ? c.map(part).join('\n') : part(c);
}

function runNvim(env, timeoutMs) {
  return new Promise((resolve, reject) => {
    const child = spawn('nvim', ['--headless', '--clean', '-c', `luafile ${env.LAYERLENS_NVIM_LUA}`], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (b) => (output += b));
    child.stderr.on('data', (b) => (output += b));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`nvim did not finish within ${timeoutMs / 1000}s\n${output}`));
    }, timeoutMs);
    child.on('error', (e) => reject(e));
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** docs/nvim.lua with the plain command `node server --stdio` (a configuration written before it gave Node an option). */
function plainConfig(dir) {
  const documented = readFileSync(join(REPO, 'docs', 'nvim.lua'), 'utf8');
  const plain = documented.replace(/cmd = \{ 'node', '--max-semi-space-size=\d+', server, '--stdio' \}/, "cmd = { 'node', server, '--stdio' }");
  assert.notEqual(plain, documented, 'docs/nvim.lua starts the server with an option this test takes out');
  const file = join(dir, 'plain-nvim.lua');
  writeFileSync(file, plain);
  return file;
}

/**
 * One headless session with docs/nvim.lua (with its plain command when
 * \`plain\`), whose command is \`node\` on the PATH of \`extraEnv\`; \`runtime\`
 * says what the server's first log line must say.
 */
async function session(label, server, extraEnv, runtime, plain = false) {
  const dir = mkdtempSync(join(tmpdir(), 'layerlens-nvim-'));
  const outFile = join(dir, 'result.json');
  const luaFile = join(dir, 'test.lua');
  writeFileSync(luaFile, TEST_LUA);
  const config = plain ? plainConfig(dir) : join(REPO, 'docs', 'nvim.lua');
  const params = { server, config, file: SAMPLE, position: hoverPosition(readFileSync(SAMPLE, 'utf8')), out: outFile };
  // XDG folders in the temp dir: no user config, and lsp.log lands where we can show it.
  const env = {
    ...process.env,
    ...extraEnv,
    LAYERLENS_NVIM_PARAMS: JSON.stringify(params),
    LAYERLENS_NVIM_LUA: luaFile,
    XDG_CONFIG_HOME: join(dir, 'config'),
    XDG_DATA_HOME: join(dir, 'data'),
    XDG_STATE_HOME: join(dir, 'state'),
    XDG_CACHE_HOME: join(dir, 'cache'),
  };
  let passed = false;
  try {
    const { code, output } = await step(`nvim --headless with docs/nvim.lua (${label})`, () => runNvim(env, 90_000));
    if (!existsSync(outFile)) throw new Error(`nvim (exit ${code}) wrote no result\n${output}`);
    const r = JSON.parse(readFileSync(outFile, 'utf8'));
    info(`Neovim ${r.nvim}: filetype=${r.filetype}, client=${r.client ?? 'none'}`);
    assert.equal(r.error, undefined, `error in the Neovim session: ${r.error}`);
    assert.equal(r.filetype, 'layers');
    const first = (Array.isArray(r.logs) ? r.logs : []).find((l) => /^Layerlens language server on /.test(l));
    info(`the server's first line: ${first ?? 'none'}`);
    assert.match(first ?? '', runtime, `the server's first line names its runtime and options: ${JSON.stringify(r.logs)}`);
    const text = hoverText(r.hover);
    info(`hover: ${text.replace(/\s+/g, ' ').slice(0, 160)}`);
    assert.ok(text.length > 0, `no hover came back: ${JSON.stringify(r.hover)} ${JSON.stringify(r['textDocument/hover error'] ?? '')}`);
    assert.match(text, PT, 'the hover shows a power/toughness');
    // docs/nvim.lua asks for tables as aligned text: Neovim shows markdown tables as raw pipes.
    assert.doesNotMatch(text, /^\|/m, `a markdown table came back raw: ${text}`);
    assert.match(text, /```text\nlayer +timestamp +source/, 'the trace table is aligned text');
    const shown = Array.isArray(r.shown) ? r.shown : [];
    info(`${shown.length} code lenses shown in the first buffer by the config, e.g. ${shown.slice(0, 2).map((t) => JSON.stringify(t)).join(', ')}`);
    assert.ok(shown.length > 0, 'the first buffer shows no code lens: the config refreshed them before the client attached');
    const lenses = Array.isArray(r.codeLens) ? r.codeLens : [];
    const titles = lenses.map((l) => l.command?.title ?? '').filter(Boolean);
    info(`${lenses.length} code lenses, e.g. ${titles.slice(0, 3).map((t) => JSON.stringify(t)).join(', ')}`);
    assert.ok(lenses.length > 0, `no code lens came back: ${JSON.stringify(r.codeLens)} ${JSON.stringify(r['textDocument/codeLens error'] ?? '')}`);
    assert.ok(titles.some((t) => PT.test(t)), `no code lens title with a P/T: ${JSON.stringify(titles)}`);
    passed = true;
    info(`Neovim test passed (${label}): hover and code lenses from dist/server.js`);
  } finally {
    if (!passed) {
      const lspLog = join(dir, 'state', 'nvim', 'lsp.log');
      const lspLogOld = join(dir, 'cache', 'nvim', 'lsp.log');
      for (const p of [lspLog, lspLogOld]) if (existsSync(p)) console.error(`----- ${p} (tail) -----\n${readFileSync(p, 'utf8').split('\n').slice(-40).join('\n')}`);
      info(`kept ${dir}`);
    } else rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  await ensureDebs(['neovim']);
  const server = process.env.LAYERLENS_NVIM_SERVER ?? join(REPO, 'dist', 'server.js');
  if (!existsSync(server)) throw new Error(`missing ${server}: build first (\`node esbuild.mjs\`, which \`npm run test:nvim\` does)`);
  // The machine's Node (20 in CI), with the documented configuration: the server is started with its
  // option (serverExecArgv in server/src/runtime.ts, which this plain script cannot import: the same value).
  await session(`node ${process.version}`, server, {}, /^Layerlens language server on Node [^,]+, started with --max-semi-space-size=8$/);
  // A later Node (24, from the npm registry as the VS Code test installs it) and a configuration with the plain
  // \`node server.js\`: the server must still get the option, which it gives itself by starting again (tuning.ts).
  const node24 = await ensureNode24();
  await session('Node 24 first on PATH, the plain command', server, { PATH: [dirname(node24), process.env.PATH ?? ''].join(delimiter) }, /^Layerlens language server on Node 24\.\S+ \(V8 [^)]+\), started with --max-semi-space-size=8$/, true);
}

main().then(
  () => process.exit(0),
  (e) => {
    fail(e instanceof Error ? e.message : String(e));
    process.exit(1);
  },
);
