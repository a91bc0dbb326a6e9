-- Layerlens in Neovim: `.layers` files get the filetype `layers` and the
-- Layerlens language server (diagnostics, hover, code lenses, completion).
-- Put this in your init.lua and point `server` at the bundled server.
-- Works with Neovim 0.7 (Debian 12) and later.

local server = vim.g.layerlens_server or vim.fn.expand('~/layerlens/dist/server.js')

vim.api.nvim_create_autocmd({ 'BufRead', 'BufNewFile' }, {
  pattern = '*.layers',
  callback = function(args)
    vim.bo[args.buf].filetype = 'layers'
  end,
})

-- Code lenses are not shown by default: refresh them for one buffer once a
-- client is attached to it (a refresh before that finds no client and shows
-- nothing). `refresh` works on the current buffer in Neovim < 0.10.
local function refresh_lenses(bufnr)
  if bufnr ~= vim.api.nvim_get_current_buf() then return end
  pcall(vim.lsp.codelens.refresh, { bufnr = bufnr })
end

local function on_attach(_, bufnr)
  refresh_lenses(bufnr)
  -- The server publishes diagnostics after each analysis: the lenses are ready then too.
  vim.api.nvim_create_autocmd({ 'DiagnosticChanged', 'BufEnter', 'InsertLeave', 'BufWritePost' }, {
    buffer = bufnr,
    callback = function()
      refresh_lenses(bufnr)
    end,
  })
end

local client_id -- one server for every .layers buffer (Neovim < 0.8)

vim.api.nvim_create_autocmd('FileType', {
  pattern = 'layers',
  callback = function(args)
    local config = {
      name = 'layerlens',
      -- The young heap's size the server is measured with (server/src/runtime.ts): read only as Node starts.
      cmd = { 'node', '--max-semi-space-size=8', server, '--stdio' },
      root_dir = vim.fn.getcwd(),
      -- Neovim's hover window shows markdown tables as raw pipes: ask for aligned text.
      init_options = { hover = { plainTables = true } },
      on_attach = on_attach,
    }
    if vim.lsp.start then
      -- Neovim 0.8+: reuses a running client with the same name and root.
      vim.lsp.start(config, { bufnr = args.buf })
    else
      client_id = client_id or vim.lsp.start_client(config)
      vim.lsp.buf_attach_client(args.buf, client_id)
    end
  end,
})
