# Shared by the tmux end-to-end scripts (.ci/e2e-inspector.sh, .ci/e2e-browse.sh): source it with
# the mbml path argument and a name, e.g. `source "$(dirname "$0")/e2e-lib.sh" "${1:-}" browse`.
# Sets root, bin (absolute), timeout, dir (a temporary folder) and socket; defines pass, fail,
# finish (prints `N passed, M failed` and exits) and tmx (tmux on the script's own -L socket).
# Checks that mbml and tmux exist, and removes the folder and the tmux server on exit.

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bin="${1:-${MBML_BIN:-$root/.build/release/mbml}}"
timeout="${E2E_TIMEOUT:-10}"
passed=0
failed=0

pass() { echo "PASS: $1"; passed=$((passed + 1)); }
fail() { echo "FAIL: $1"; failed=$((failed + 1)); }
finish() {
    echo "$passed passed, $failed failed"
    [ "$failed" -eq 0 ]
    exit $?
}

if [ ! -x "$bin" ]; then
    fail "no executable mbml at $bin (build it with: swift build -c release)"
    finish
fi
if ! command -v tmux >/dev/null 2>&1; then
    fail "tmux is not installed"
    finish
fi
bin="$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")"

dir="$(mktemp -d "${TMPDIR:-/tmp}/mbml-$2.XXXXXX")"
socket="mbml-$2-$$"
tmx() { tmux -L "$socket" -f /dev/null "$@"; }
e2e_cleanup() {
    tmx kill-server >/dev/null 2>&1
    rm -rf "$dir"
}
trap e2e_cleanup EXIT

# screen: the text of the current $session's pane.
screen() { tmx capture-pane -p -t "$session" 2>/dev/null; }

# wait_for REGEX [REGEX...]: true once every extended regex matches some line of the screen
# (false after $timeout seconds, or at once when the script defines `alive` and it fails).
wait_for() {
    local deadline=$((SECONDS + timeout)) shot pattern ok
    while :; do
        shot="$(screen)"
        ok=1
        for pattern in "$@"; do
            grep -Eq -- "$pattern" <<<"$shot" || { ok=0; break; }
        done
        [ "$ok" -eq 1 ] && return 0
        [ "$SECONDS" -ge "$deadline" ] && return 1
        if declare -F alive >/dev/null; then alive || return 1; fi
        sleep 0.1
    done
}
