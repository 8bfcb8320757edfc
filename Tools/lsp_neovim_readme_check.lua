-- Runs the README's Neovim snippet for `mbml lsp` as a user's init.lua would, in a headless Neovim
-- (run by .ci/lsp-e2e.sh):
--   MBML_BIN=... MBML_MANIFEST=... MBML_RESULT=... MBML_README=... nvim --headless --clean -c 'luafile Tools/lsp_neovim_readme_check.lua'
-- Takes the first ```lua block after "**Neovim**" in the README, with `'mbml'` replaced by MBML_BIN,
-- opens the manifest, waits for diagnostics and hovers on `$cats`; one line per check
-- ("ok NAME" or "FAIL NAME: detail") in MBML_RESULT. Works on Neovim 0.7 and later.
local results = {}
local function check(name, ok, detail)
  table.insert(results, ok and ('ok ' .. name) or ('FAIL ' .. name .. ': ' .. vim.inspect(detail):gsub('\n', ' ')))
end

local ok_run, failure = pcall(function()
  local readme = table.concat(vim.fn.readfile(os.getenv('MBML_README')), '\n')
  local section = readme:find('**Neovim**', 1, true)
  local snippet = section and readme:match('```lua\n(.-)```', section)
  check('the README has a Neovim snippet', snippet ~= nil, section)
  snippet = snippet:gsub("'mbml', 'lsp'", "'" .. os.getenv('MBML_BIN') .. "', 'lsp'")
  local chunk, problem = loadstring(snippet)
  check('the snippet is valid Lua for this Neovim', chunk ~= nil, problem)
  chunk()
  vim.cmd('filetype on')
  vim.cmd('edit ' .. vim.fn.fnameescape(os.getenv('MBML_MANIFEST')))
  local buf = vim.api.nvim_get_current_buf()
  local found
  vim.wait(20000, function()
    for _, diagnostic in ipairs(vim.diagnostic.get(buf)) do
      if diagnostic.message:find('$tpyo', 1, true) then found = diagnostic end
    end
    return found ~= nil
  end, 50)
  check('with the README snippet, Neovim ' .. tostring(vim.version().major) .. '.' .. tostring(vim.version().minor)
    .. ' shows the $tpyo diagnostic', found ~= nil, vim.diagnostic.get(buf))
  local line, column
  for index, text in ipairs(vim.api.nvim_buf_get_lines(buf, 0, -1, false)) do
    local at = text:find('$cats', 1, true)
    if at and not line then line, column = index - 1, at end
  end
  local responses = vim.lsp.buf_request_sync(buf, 'textDocument/hover', {
    textDocument = { uri = vim.uri_from_bufnr(buf) },
    position = { line = line or 0, character = column or 0 },
  }, 10000)
  local value = ''
  for _, response in pairs(responses or {}) do
    if response.result and response.result.contents then value = response.result.contents.value end
  end
  check('a hover on $cats through the README snippet shows its value', value:find('Barrett', 1, true) ~= nil, responses)
  vim.lsp.stop_client(vim.lsp.get_active_clients())
end)
if not ok_run then table.insert(results, 'FAIL the README snippet ran: ' .. tostring(failure)) end
vim.fn.writefile(results, os.getenv('MBML_RESULT'))
vim.cmd('qa!')
