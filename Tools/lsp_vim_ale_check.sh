#!/usr/bin/env bash
# Runs the README's Vim + ALE configuration for `mbml lsp` in a real Vim inside tmux (run by
# .ci/lsp-e2e.sh when Debian's vim-ale is installed):
#   bash Tools/lsp_vim_ale_check.sh PATH/TO/mbml PROJECT RESULT
# PROJECT is a copy of Tests/lsp-clients/project. Writes one "ok …" or "FAIL …" line per check to
# RESULT: in manifest.xml the `$tpyo` diagnostic reaches ALE's location list and `:ALEHover` on `$cats`
# shows its value; docs/page.html.boilerplate (a template that starts with `<`, so only the language
# id mbml-template keeps it from being read as XML) has the filetype mbml-template, ALE finishes
# linting it with no diagnostic, and `:ALEHover` on `${first}` shows the project's value.
set -euo pipefail
bin="$1"
project="$2"
result="$3"
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work="$(mktemp -d)"
session="mbml-ale-$$"
trap 'tmux kill-session -t "$session" 2>/dev/null || true; rm -rf "$work"' EXIT
rm -f "$result"

# The first ```vim block after "**Vim with ALE**" in the README, with the binary's path.
awk '/^\*\*Vim with ALE\*\*/ {found = 1} found && /^```vim$/ {inside = 1; next} inside && /^```$/ {exit} inside {print}' \
    "$repo/README.md" | sed "s#'executable': 'mbml'#'executable': '$bin'#" > "$work/snippet.vim"
if ! grep -q "ale#linter#Define" "$work/snippet.vim"; then
    echo "FAIL the README has a Vim + ALE configuration" > "$result"
    exit 0
fi
cat > "$work/vimrc" <<VIM
set nocompatible
set runtimepath^=/usr/share/vim-ale
filetype plugin on
let g:ale_hover_to_preview = 1
source $work/snippet.vim
let s:results = []
let s:linted = {}
autocmd User ALELintPost let s:linted[bufnr('')] = get(s:linted, bufnr(''), 0) + 1
function! s:Check(name, ok, detail) abort
    let l:detail = type(a:detail) == v:t_string ? a:detail : string(a:detail)
    call add(s:results, (a:ok ? 'ok ' : 'FAIL ') . a:name . (a:ok ? '' : ': ' . l:detail))
endfunction
" The text of the preview window ALE's hover opened, '' when there is none.
function! s:Preview() abort
    for l:window in range(1, winnr('\$'))
        if getwinvar(l:window, '&previewwindow')
            return join(getbufline(winbufnr(l:window), 1, '\$'), ' ')
        endif
    endfor
    return ''
endfunction
function! s:Hover(pattern, offset) abort
    pclose
    call cursor(1, 1)
    call search(a:pattern, 'c')
    call cursor(line('.'), col('.') + a:offset)
    ALEHover
endfunction
" The steps, each polled every 250 ms until it is done or has waited 20 s.
let s:step = 0
let s:waited = 0
function! s:Next() abort
    let s:step += 1
    let s:waited = 0
endfunction
function! MbmlCheck(timer) abort
    let s:waited += 1
    let l:late = s:waited > 80
    if s:step == 0
        let l:texts = map(copy(ale#engine#GetLoclist(bufnr(''))), 'v:val.text')
        if !empty(filter(copy(l:texts), 'v:val =~# "tpyo"')) || l:late
            call s:Check('Vim ' . v:version . ' with ALE shows the \$tpyo diagnostic of mbml lsp', !l:late, l:texts)
            call s:Hover('\V\$cats[0]', 1)
            call s:Next()
        endif
    elseif s:step == 1
        if s:Preview() =~# 'Barrett' || l:late
            call s:Check(':ALEHover on \$cats in a manifest shows its value', !l:late, s:Preview())
            pclose
            edit docs/page.html.boilerplate
            call s:Check('a *.boilerplate file has the filetype mbml-template', &filetype ==# 'mbml-template', &filetype)
            call s:Hover('\V\${first}', 2)
            call s:Next()
        endif
    elseif s:step == 2
        if s:Preview() =~# 'Barrett' || l:late
            call s:Check(':ALEHover on \${first} in a template shows the project''s value', !l:late, s:Preview())
            pclose
            call s:Next()
        endif
    elseif s:step == 3
        if get(s:linted, bufnr(''), 0) > 0 || l:late
            let l:texts = map(copy(ale#engine#GetLoclist(bufnr(''))), 'v:val.text')
            call s:Check('ALE finished linting the template: no diagnostic (no false XML error)',
                \\ !l:late && empty(l:texts), l:late ? 'ALE never finished linting it' : l:texts)
            call s:Next()
        endif
    else
        call writefile(s:results, '$result')
        qall!
    endif
endfunction
call timer_start(250, 'MbmlCheck', {'repeat': -1})
VIM
tmux new-session -d -s "$session" -x 120 -y 30 -c "$project" "vim -Nu $work/vimrc manifest.xml"
for _ in $(seq 1 400); do
    [ -s "$result" ] && break
    sleep 0.25
done
[ -s "$result" ] || echo "FAIL Vim with ALE wrote no result" > "$result"
