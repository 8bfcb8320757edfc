#!/usr/bin/env bash
# The pytest-lsp suite of `mbml lsp` (Tests/lsp-pytest): bash .ci/lsp-pytest.sh PATH/TO/mbml
# Creates a virtual environment under .build/lsp-pytest-venv with the pinned packages of
# Tests/lsp-pytest/requirements.txt (from PyPI), then runs every test against the binary with the
# capabilities of VS Code, Neovim 0.7 and Emacs 29 (eglot) as pytest-lsp records them.
set -euo pipefail

bin="$(cd "$(dirname "${1:?usage: lsp-pytest.sh PATH/TO/mbml}")" && pwd)/$(basename "$1")"
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
venv="$repo/.build/lsp-pytest-venv"
requirements="$repo/Tests/lsp-pytest/requirements.txt"

if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
fi
# Installs again only when the pinned list changed.
if ! cmp -s "$requirements" "$venv/requirements.txt"; then
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r "$requirements"
    cp "$requirements" "$venv/requirements.txt"
fi
cd "$repo/Tests/lsp-pytest"
MBML_BIN="$bin" SWIFT_BACKTRACE=enable=no "$venv/bin/python" -m pytest -q -p no:cacheprovider
