#!/usr/bin/env bash
# Runs the README's Vim + ALE configuration for `mbml lsp` in a real Vim inside tmux (run by
# .ci/lsp-e2e.sh when Debian's vim-ale is installed):
#   bash Tools/lsp_vim_ale_check.sh PATH/TO/mbml MANIFEST RESULT
# The manifest must refer to an undeclared `$tpyo`. Writes "ok …" or "FAIL …" lines to RESULT: the
# diagnostic reaches ALE's location list.
set -euo pipefail
bin="$1"
manifest="$2"
result="$3"
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work="$(mktemp -d)"
session="mbml-ale-$$"
trap 'tmux kill-session -t "$session" 2>/dev/null || true; rm -rf "$work"' EXIT

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
source $work/snippet.vim
let s:waited = 0
function! MbmlCheck(timer) abort
    let s:waited += 1
    let l:texts = map(copy(ale#engine#GetLoclist(bufnr(''))), 'v:val.text')
    if !empty(filter(copy(l:texts), 'v:val =~# "tpyo"')) || s:waited > 80
        call writefile(empty(l:texts) ? ['FAIL ALE shows no diagnostic of mbml lsp'] :
            \\ ['ok Vim ' . v:version . ' with ALE shows: ' . l:texts[0]], '$result')
        qall!
    endif
endfunction
call timer_start(250, 'MbmlCheck', {'repeat': -1})
VIM
tmux new-session -d -s "$session" -x 120 -y 30 "vim -Nu $work/vimrc $manifest"
for _ in $(seq 1 100); do
    [ -s "$result" ] && break
    sleep 0.25
done
[ -s "$result" ] || echo "FAIL Vim with ALE wrote no result" > "$result"
