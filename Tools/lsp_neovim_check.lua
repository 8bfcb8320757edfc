-- A headless Neovim check of `mbml lsp`, run by .ci/lsp-e2e.sh:
--   MBML_BIN=... MBML_MANIFEST=... MBML_RESULT=... nvim --headless --clean -c 'luafile Tools/lsp_neovim_check.lua'
-- Opens the manifest, waits for the server's diagnostics, hovers on `$cats`, completes after `$c` and writes one line per
-- check ("ok NAME" or "FAIL NAME: detail") to MBML_RESULT. Uses vim.lsp.start_client, which Neovim
-- has from 0.7 on (Debian 12 ships 0.7).
local bin = os.getenv('MBML_BIN')
local file = os.getenv('MBML_MANIFEST')
local result_file = os.getenv('MBML_RESULT')
local results = {}

local function check(name, ok, detail)
  if ok then
    table.insert(results, 'ok ' .. name)
  else
    table.insert(results, 'FAIL ' .. name .. ': ' .. vim.inspect(detail):gsub('\n', ' '))
  end
end

local ok_run, failure = pcall(function()
  vim.cmd('edit ' .. vim.fn.fnameescape(file))
  local buf = vim.api.nvim_get_current_buf()
  local published
  local client_id = vim.lsp.start_client({
    name = 'mbml',
    cmd = { bin, 'lsp' },
    root_dir = vim.fn.fnamemodify(file, ':h'),
    handlers = {
      ['textDocument/publishDiagnostics'] = function(_, result)
        published = result
      end,
    },
  })
  check('the client starts', client_id ~= nil, client_id)
  vim.lsp.buf_attach_client(buf, client_id)
  vim.wait(20000, function() return published ~= nil end, 50)
  local found
  for _, diagnostic in ipairs((published or {}).diagnostics or {}) do
    if diagnostic.message:find('$tpyo', 1, true) then found = diagnostic end
  end
  check('Neovim receives the $tpyo diagnostic', found ~= nil, published)
  local client = vim.lsp.get_client_by_id(client_id)
  local line, column
  for index, text in ipairs(vim.api.nvim_buf_get_lines(buf, 0, -1, false)) do
    local at = text:find('$cats', 1, true)
    if at and not line then line, column = index - 1, at end
  end
  local response = client.request_sync('textDocument/hover', {
    textDocument = { uri = vim.uri_from_bufnr(buf) },
    position = { line = line or 0, character = column or 0 },
  }, 10000, buf)
  local value = response and response.result and response.result.contents and response.result.contents.value or ''
  check('a hover on $cats in Neovim shows its value', value:find('Barrett', 1, true) ~= nil, response)
  local completion = client.request_sync('textDocument/completion', {
    textDocument = { uri = vim.uri_from_bufnr(buf) },
    position = { line = line or 0, character = (column or 0) + 1 },
  }, 10000, buf)
  local labels = {}
  local listed = completion and completion.result or {}
  for _, item in ipairs(listed.items or listed) do table.insert(labels, item.label) end
  check('completion after $c in Neovim offers cats', vim.tbl_contains(labels, 'cats'), completion)
  client.stop()
end)
if not ok_run then table.insert(results, 'FAIL the Neovim script ran: ' .. tostring(failure)) end
vim.fn.writefile(results, result_file)
vim.cmd('qa!')
