#!/usr/bin/env bash
# `mbml lsp` in the editors Debian 12 lacks, run with the README's configurations:
#   bash .ci/lsp-clients.sh PATH/TO/mbml
# Neovim 0.10 (headless, Tools/lsp_neovim_readme_check.lua) and Helix 25.01 (in tmux,
# Tools/lsp_helix_check.sh) come from Debian 13, in the chroot .ci/install-deps makes at
# /opt/mbml-trixie (MBML_TRIXIE overrides it). The binary runs inside the chroot (it links glibc, libxml2
# and ncursesw dynamically; Debian 13's are newer), on a copy of Tests/lsp-clients/project. Needs root
# (chroot, and /proc mounted in the chroot while the editors run). Ends with "N passed, M failed"
# and exits non-zero when a check fails; without the chroot it says so and fails under CI=true.
set -euo pipefail

bin="$(cd "$(dirname "${1:?usage: lsp-clients.sh PATH/TO/mbml}")" && pwd)/$(basename "$1")"
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
root="${MBML_TRIXIE:-/opt/mbml-trixie}"

if [ ! -x "$root/usr/bin/nvim" ] || [ ! -x "$root/usr/bin/hx" ] || [ "$(id -u)" -ne 0 ]; then
    missing="no Debian 13 chroot with nvim and hx at $root, or not root (run .ci/install-deps as root)"
    if [ "${CI:-}" = "true" ]; then
        echo "  FAIL  $missing"
        echo "0 passed, 1 failed"
        exit 1
    fi
    echo "  skip  $missing"
    exit 0
fi

work="$(mktemp -d "$root/tmp/mbml-clients.XXXXXX")"
inside="/tmp/$(basename "$work")"
mounted_proc=""
cleanup() {
    if [ -n "$mounted_proc" ]; then umount "$root/proc" || true; fi
    rm -rf "$work"
}
trap cleanup EXIT
if ! mountpoint -q "$root/proc"; then
    mount -t proc proc "$root/proc"
    mounted_proc=yes
fi
cp "$bin" "$work/mbml"
cp "$repo/README.md" "$repo/Tools/lsp_neovim_readme_check.lua" "$work/"
export SWIFT_BACKTRACE=enable=no

passed=0
failed=0
# shellcheck source=.ci/editor-results.sh
source "$repo/.ci/editor-results.sh"

# A fresh copy of the project for each editor, so neither sees what the other changed.
fresh_project() {
    rm -rf "$work/project"
    cp -R "$repo/Tests/lsp-clients/project" "$work/project"
}

echo "mbml lsp: headless Neovim $(chroot "$root" nvim --version | head -1 | cut -d' ' -f2) (Debian 13), the README's configuration"
fresh_project
started=$SECONDS
timeout 120 chroot "$root" env HOME="$inside" TMPDIR="$inside" MBML_BIN="$inside/mbml" MBML_PROJECT="$inside/project" \
    MBML_RESULT="$inside/nvim.txt" MBML_README="$inside/README.md" \
    nvim --headless --clean -c "luafile $inside/lsp_neovim_readme_check.lua" >/dev/null 2>&1 || true
count_results "$work/nvim.txt" "headless Neovim"
echo "  ($((SECONDS - started)) s)"

echo "mbml lsp: Helix $(chroot "$root" hx --version | cut -d' ' -f2) (Debian 13) in tmux, the README's configuration"
fresh_project
started=$SECONDS
timeout 300 bash "$repo/Tools/lsp_helix_check.sh" "$root" "$inside" "$work/helix.txt" || true
count_results "$work/helix.txt" "Helix"
if [ "$failed" -gt 0 ] && [ -s "$work/helix.log" ]; then
    echo "--- the last messages between Helix and mbml lsp (Helix's log)"
    grep -E 'mbml (->|<-) ' "$work/helix.log" | tail -15 | cut -c1-400
fi
echo "  ($((SECONDS - started)) s)"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
