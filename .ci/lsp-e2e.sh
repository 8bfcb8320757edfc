#!/usr/bin/env bash
# End-to-end checks of `mbml lsp`: bash .ci/lsp-e2e.sh PATH/TO/mbml
# Tools/lsp_client.py drives the real binary over stdio as an editor would (framing, lifecycle,
# diagnostics, hover, completion, signature help, declaration, budgets); when nvim is installed,
# Tools/lsp_neovim_check.lua does the same from a headless Neovim (diagnostics and a hover), and
# Tools/lsp_neovim_readme_check.lua runs the README's Neovim configuration as a user's init.lua (on
# Tests/lsp-clients/project: diagnostics, hovers, definition, completion, a template); with
# Debian's vim-ale, Tools/lsp_vim_ale_check.sh runs the README's Vim + ALE configuration in tmux; with
# Emacs and eglot (Debian's elpa-eglot, or Emacs 29's own), Tools/lsp_emacs_eglot_check.el runs the
# README's eglot configuration in a batch Emacs (diagnostics, hover, completion, signature); both on
# Tests/lsp-clients/project, a manifest and a template (mbml-template: no diagnostic, a hover with the
# project's value). Vim, ALE, Emacs and eglot missing fail the run under CI=true. Ends with
# "N passed, M failed" and exits non-zero when a check fails.
set -euo pipefail

bin="$(cd "$(dirname "${1:?usage: lsp-e2e.sh PATH/TO/mbml}")" && pwd)/$(basename "$1")"
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export SWIFT_BACKTRACE=enable=no

echo "mbml lsp: scripted client"
status=0
python3 "$repo/Tools/lsp_client.py" "$bin" | tee "$work/client.txt" || status=$?
tally="$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$work/client.txt" | tail -1 || true)"
passed=0
failed=0
if [ -n "$tally" ]; then
    passed="${tally%% passed*}"
    failed="${tally#*, }"
    failed="${failed%% failed}"
fi
if [ -z "$tally" ] || { [ "$status" -ne 0 ] && [ "$failed" -eq 0 ]; }; then
    echo "  FAIL  the scripted client ended with status $status"
    failed=$((failed + 1))
fi

# shellcheck source=.ci/editor-results.sh
source "$repo/.ci/editor-results.sh"

cat > "$work/manifest.xml" <<'XML'
<MBML>
    <Var name="cats" type="list">
        <Var literal="Barrett"/>
        <Var literal="Duncan"/>
    </Var>
    <Var name="total" expression="$tpyo" type="dynamic"/>
    <Var name="first" value="$cats[0]"/>
</MBML>
XML

echo "mbml lsp: headless Neovim"
if command -v nvim >/dev/null 2>&1; then
    MBML_BIN="$bin" MBML_MANIFEST="$work/manifest.xml" MBML_RESULT="$work/nvim.txt" \
        timeout 90 nvim --headless --clean -c "luafile $repo/Tools/lsp_neovim_check.lua" >/dev/null 2>&1 || true
    count_results "$work/nvim.txt" "headless Neovim"
    # The README's own configuration, as a user's init.lua (Neovim 0.7 and later; .ci/lsp-clients.sh runs
    # it in Neovim 0.10), on a copy of Tests/lsp-clients/project.
    cp -R "$repo/Tests/lsp-clients/project" "$work/project"
    MBML_BIN="$bin" MBML_PROJECT="$work/project" MBML_RESULT="$work/nvim-readme.txt" MBML_README="$repo/README.md" \
        timeout 90 nvim --headless --clean -c "luafile $repo/Tools/lsp_neovim_readme_check.lua" >/dev/null 2>&1 || true
    count_results "$work/nvim-readme.txt" "headless Neovim with the README snippet"
else
    echo "  skip  nvim is not installed"
fi

# An editor .ci/install-deps installs but that is missing: skipped, or a failure under CI=true.
missing_editor() {
    if [ "${CI:-}" = "true" ]; then
        echo "  FAIL  $1"
        failed=$((failed + 1))
    else
        echo "  skip  $1"
    fi
}

echo "mbml lsp: Vim with ALE (the README's configuration: a manifest and a template)"
if command -v vim >/dev/null 2>&1 && command -v tmux >/dev/null 2>&1 && [ -d /usr/share/vim-ale ]; then
    rm -rf "$work/ale-project"
    cp -R "$repo/Tests/lsp-clients/project" "$work/ale-project"
    bash "$repo/Tools/lsp_vim_ale_check.sh" "$bin" "$work/ale-project" "$work/ale.txt" || true
    count_results "$work/ale.txt" "Vim with ALE"
else
    missing_editor "vim, tmux or vim-ale is not installed"
fi

echo "mbml lsp: Emacs with eglot (the README's configuration: a manifest and a template)"
if command -v emacs >/dev/null 2>&1 && emacs --batch -q --eval "(progn (package-initialize) (require 'eglot))" >/dev/null 2>&1; then
    rm -rf "$work/eglot-project"
    cp -R "$repo/Tests/lsp-clients/project" "$work/eglot-project"
    sed -i 's#</MBML>#    <Var name="joined" value="^join($cats|, )"/>\n    <Var name="more" value="$ca"/>\n</MBML>#' \
        "$work/eglot-project/manifest.xml"
    MBML_BIN="$bin" MBML_PROJECT="$work/eglot-project" MBML_README="$repo/README.md" MBML_RESULT="$work/eglot.txt" \
        timeout 120 emacs --batch -q -l "$repo/Tools/lsp_emacs_eglot_check.el" >/dev/null 2>&1 || true
    count_results "$work/eglot.txt" "Emacs with eglot"
else
    missing_editor "emacs with eglot is not installed"
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
