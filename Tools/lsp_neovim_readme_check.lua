-- Runs the README's Neovim configuration for `mbml lsp` as a user's init.lua would, in a headless
-- Neovim (run by .ci/lsp-e2e.sh with Debian 12's Neovim 0.7 and by .ci/lsp-clients.sh with Debian 13's
-- Neovim 0.10):
--   MBML_BIN=... MBML_PROJECT=... MBML_RESULT=... MBML_README=... nvim --headless --clean -c 'luafile Tools/lsp_neovim_readme_check.lua'
-- Takes the first ```lua block after "**Neovim**" in the README, with `'mbml'` replaced by MBML_BIN,
-- and opens the files of MBML_PROJECT (a copy of Tests/lsp-clients/project): in manifest.xml the
-- `$tpyo` warning, hovers on `$cats` and `${first}`, the definition of `${first}`, completion after a
-- `$` typed into a value; in broken.xml the XML error; in docs/README.md.boilerplate (a template) no diagnostic and
-- a hover on `${first}` with the value the project's manifest gives it. One line per check
-- ("ok NAME" or "FAIL NAME: expected …, got …") in MBML_RESULT.
local project = os.getenv('MBML_PROJECT')
local results = {}
local version = tostring(vim.version().major) .. '.' .. tostring(vim.version().minor) .. '.' .. tostring(vim.version().patch)

local function check(name, ok, expected, got)
  if ok then
    table.insert(results, 'ok Neovim ' .. version .. ': ' .. name)
  else
    local detail = 'expected ' .. expected .. ', got ' .. vim.inspect(got):gsub('\n%s*', ' ')
    table.insert(results, 'FAIL Neovim ' .. version .. ': ' .. name .. ': ' .. detail)
  end
end

-- Every publishDiagnostics, by URI, before Neovim handles it as usual.
local published = {}
local handle_diagnostics = vim.lsp.handlers['textDocument/publishDiagnostics']
vim.lsp.handlers['textDocument/publishDiagnostics'] = function(err, result, ctx, config)
  if result then published[result.uri] = result end
  return handle_diagnostics(err, result, ctx, config)
end

-- Opens a file of the project; returns its buffer and URI once the mbml client is attached to it.
local function open(relative)
  vim.cmd('edit ' .. vim.fn.fnameescape(project .. '/' .. relative))
  local buf = vim.api.nvim_get_current_buf()
  local get_clients = vim.lsp.get_clients or vim.lsp.get_active_clients
  local attached = vim.wait(10000, function()
    local clients = vim.lsp.get_clients and vim.lsp.get_clients({ bufnr = buf }) or vim.lsp.buf_get_clients(buf)
    for _, client in pairs(clients) do
      if client.name == 'mbml' then return true end
    end
    return false
  end, 20)
  local running = {}
  for _, client in pairs(get_clients()) do
    table.insert(running, client.name .. ' (buffers ' .. table.concat(vim.tbl_keys(client.attached_buffers or {}), ', ') .. ')')
  end
  check(relative .. ' (filetype ' .. vim.bo[buf].filetype .. ') gets the mbml client', attached,
    'a client named mbml attached to buffer ' .. buf, running)
  return buf, vim.uri_from_bufnr(buf)
end

-- The 0-based line and character where `text` first occurs in the buffer.
local function find(buf, text)
  for index, line in ipairs(vim.api.nvim_buf_get_lines(buf, 0, -1, false)) do
    local at = line:find(text, 1, true)
    if at then return index - 1, at - 1 end
  end
  error('the fixture has no ' .. text)
end

local function request(buf, method, line, character)
  local responses = vim.lsp.buf_request_sync(buf, method, {
    textDocument = { uri = vim.uri_from_bufnr(buf) },
    position = { line = line, character = character },
  }, 10000)
  for _, response in pairs(responses or {}) do
    if response.result then return response.result end
  end
  return responses
end

local function hover_text(result)
  local contents = type(result) == 'table' and result.contents or nil
  return type(contents) == 'table' and contents.value or tostring(contents)
end

local function wait_for_diagnostics(uri)
  vim.wait(20000, function() return published[uri] ~= nil end, 20)
  return published[uri] and published[uri].diagnostics
end

local ok_run, failure = pcall(function()
  local readme = table.concat(vim.fn.readfile(os.getenv('MBML_README')), '\n')
  local section = readme:find('**Neovim**', 1, true)
  local snippet = section and readme:match('```lua\n(.-)```', section)
  check('the README has a Neovim configuration', snippet ~= nil, 'a ```lua block after **Neovim**', section)
  snippet = snippet:gsub("'mbml', 'lsp'", "'" .. os.getenv('MBML_BIN') .. "', 'lsp'")
  local chunk, problem = loadstring(snippet)
  check('the README configuration is valid Lua', chunk ~= nil, 'no error', problem)
  chunk()
  vim.cmd('filetype on')

  -- A manifest: the warning on $tpyo, where it is.
  local buf, uri = open('manifest.xml')
  local tpyo_line, tpyo_character = find(buf, '$tpyo')
  local found
  vim.wait(20000, function()
    for _, diagnostic in ipairs((published[uri] or {}).diagnostics or {}) do
      if diagnostic.message:find('$tpyo', 1, true) then found = diagnostic end
    end
    return found ~= nil
  end, 20)
  local start = found and found.range.start or {}
  check('the $tpyo warning is on $tpyo (' .. tpyo_line .. ':' .. tpyo_character .. ')',
    found ~= nil and found.severity == 2 and start.line == tpyo_line and start.character == tpyo_character,
    'a warning at ' .. tpyo_line .. ':' .. tpyo_character, published[uri])

  -- Hover on $cats and on ${first}.
  local cats_line, cats_character = find(buf, '$cats[0]')
  local hover = request(buf, 'textDocument/hover', cats_line, cats_character + 2)
  local text = hover_text(hover)
  check('a hover on $cats shows ["Barrett","Duncan"]', text:find('["Barrett","Duncan"]', 1, true) ~= nil,
    'its value', hover)
  check('the hover on $cats covers $cats', type(hover) == 'table' and hover.range ~= nil
    and hover.range.start.line == cats_line and hover.range.start.character == cats_character
    and hover.range['end'].character == cats_character + 5, 'the range ' .. cats_line .. ':' .. cats_character
    .. '-' .. (cats_character + 5), hover)
  local braced_line, braced_character = find(buf, '${first}')
  hover = request(buf, 'textDocument/hover', braced_line, braced_character + 3)
  check('a hover on ${first} shows "Barrett"', hover_text(hover):find('"Barrett"', 1, true) ~= nil, '"Barrett"', hover)

  -- Definition of ${first}: where its <Var> starts.
  local var_line, var_character = find(buf, '<Var name="first"')
  local definition = request(buf, 'textDocument/definition', braced_line, braced_character + 3)
  local location = definition and (definition.uri and definition or definition[1]) or {}
  local target = location.range or { start = {} }
  check('the definition of ${first} is its <Var name="first"> (' .. var_line .. ':' .. var_character .. ')',
    location.uri == uri and target.start.line == var_line and target.start.character == var_character,
    uri .. ' at ' .. var_line .. ':' .. var_character, definition)

  -- Completion after a `$` typed into `value="Hello, "`: every variable of the manifest.
  local hello_line, hello_character = find(buf, 'Hello, ')
  vim.api.nvim_buf_set_text(buf, hello_line, hello_character + 7, hello_line, hello_character + 7, { '$' })
  local completion = request(buf, 'textDocument/completion', hello_line, hello_character + 8)
  local labels = {}
  for _, item in ipairs(type(completion) == 'table' and (completion.items or completion) or {}) do
    labels[item.label] = true
  end
  local missing = {}
  for _, name in ipairs({ 'cats', 'total', 'first', 'both' }) do
    if not (labels[name] or labels['$' .. name]) then table.insert(missing, name) end
  end
  check('completion after a $ typed into a value offers cats, total, first and both', #missing == 0,
    'those four (missing ' .. table.concat(missing, ', ') .. ')', vim.tbl_keys(labels))

  -- A broken manifest: the XML error, where the element that is not closed ends.
  buf, uri = open('broken.xml')
  local diagnostics = wait_for_diagnostics(uri) or {}
  local on_line_4, unclosed = #diagnostics > 0, false
  for _, diagnostic in ipairs(diagnostics) do
    on_line_4 = on_line_4 and diagnostic.severity == 1 and diagnostic.range.start.line == 3
    unclosed = unclosed or diagnostic.message == "Couldn't find end of Start Tag Var line 3"
  end
  check('broken.xml gets XML errors on line 4, where the <Var> of line 3 is not closed', on_line_4 and unclosed,
    'errors on line 4, one of them "Couldn\'t find end of Start Tag Var line 3"', diagnostics)

  -- A template of the project: no false XML error, and its references show the project's values.
  buf, uri = open('docs/README.md.boilerplate')
  check('a *.boilerplate file is an mbml-template', vim.bo[buf].filetype == 'mbml-template', 'mbml-template',
    vim.bo[buf].filetype)
  diagnostics = wait_for_diagnostics(uri)
  check('the template gets no diagnostic', diagnostics ~= nil and #diagnostics == 0, 'an empty list', published[uri])
  local template_line, template_character = find(buf, '${first}')
  hover = request(buf, 'textDocument/hover', template_line, template_character + 3)
  check('a hover on ${first} in the template shows "Barrett" (from the project\'s manifest)',
    hover_text(hover):find('"Barrett"', 1, true) ~= nil, '"Barrett"', hover)
  local get_clients = vim.lsp.get_clients or vim.lsp.get_active_clients
  check('one client serves the three files', #get_clients() == 1, 'one client', #get_clients())
  vim.lsp.stop_client(get_clients())
end)
if not ok_run then table.insert(results, 'FAIL Neovim ' .. version .. ': the README configuration ran: ' .. tostring(failure)) end
vim.fn.writefile(results, os.getenv('MBML_RESULT'))
vim.cmd('qa!')
