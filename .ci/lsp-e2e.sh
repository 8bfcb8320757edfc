#!/usr/bin/env bash
# End-to-end checks of `mbml lsp`: bash .ci/lsp-e2e.sh PATH/TO/mbml
# Tools/lsp_client.py drives the real binary over stdio as an editor would (framing, lifecycle,
# diagnostics, hover, completion, signature help, declaration, budgets). Ends with "N passed, M failed"
# and exits non-zero when a check fails.
set -euo pipefail

bin="$(cd "$(dirname "${1:?usage: lsp-e2e.sh PATH/TO/mbml}")" && pwd)/$(basename "$1")"
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

echo "mbml lsp"
status=0
SWIFT_BACKTRACE=enable=no python3 "$repo/Tools/lsp_client.py" "$bin" || status=$?
exit "$status"
