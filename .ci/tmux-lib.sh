#!/usr/bin/env bash
# Shared by the inspector's tmux end-to-end scripts: `. "$(dirname "$0")/tmux-lib.sh" "$@"`.
# Sets root, bin (argument 1, else $MBML_BIN, else .build/release/mbml), timeout, dir (a scratch
# folder, removed on exit) and a private tmux server; provides pass/fail/finish, screen, wait_for,
# keys, alive, check, show_failure, rename_save, number_row/boolean_row and start_inspector.

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
    fail "no executable mbml at $bin (build it with: swift build -c release --static-swift-stdlib --product mbml)"
    finish
fi
if ! command -v tmux >/dev/null 2>&1; then
    fail "tmux is not installed"
    finish
fi
bin="$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")"

dir="$(mktemp -d "${TMPDIR:-/tmp}/mbml-e2e.XXXXXX")"
socket="mbml-e2e-$$"
session="inspect"
tmx() { tmux -L "$socket" -f /dev/null "$@"; }
cleanup() {
    tmx kill-server >/dev/null 2>&1
    rm -rf "$dir"
}
trap cleanup EXIT

screen() { tmx capture-pane -p -t "$session" 2>/dev/null; }

# wait_for REGEX [REGEX...]: true once every extended regex matches some line of the screen.
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
        alive || return 1
        sleep 0.1
    done
}

# press_until KEY REGEX [TRIES]: sends KEY, waits until the screen changes (up to 3 s), and
# stops once REGEX matches; at most TRIES presses (default 8). Never presses again before the
# previous press has reached the screen, so a slow machine cannot cycle past the target.
press_until() {
    local key="$1" pattern="$2" tries="${3:-8}" before deadline
    for _ in $(seq "$tries"); do
        screen | grep -Eq -- "$pattern" && return 0
        before="$(screen)"
        tmx send-keys -t "$session" "$key" 2>/dev/null
        deadline=$((SECONDS + 3))
        while [ "$(screen)" = "$before" ] && [ "$SECONDS" -lt "$deadline" ]; do sleep 0.05; done
    done
    screen | grep -Eq -- "$pattern"
}

# keys KEYS...: send keys to the current session (tmux send-keys syntax; -l for literal text).
keys() { tmx send-keys -t "$session" "$@" 2>/dev/null; }

# alive: true while the inspector's tmux session exists.
alive() { tmx has-session -t "$session" 2>/dev/null; }

# show_failure: what the screen shows or, once the inspector is gone, its exit status and
# stderr (printed once).
exit_shown=0
show_failure() {
    if alive; then
        echo "---- screen ----"
        screen | sed 's/^/| /'
        echo "----------------"
    elif [ "$exit_shown" -eq 0 ]; then
        exit_shown=1
        echo "---- the inspector is no longer running: $(cat "$dir/exit" 2>/dev/null || echo 'no exit status'); its stderr: ----"
        sed 's/^/| /' "$dir/stderr" 2>/dev/null | head -20
        echo "----------------"
    fi
}

# check NAME REGEX...: PASS when the screen matches every regex in time, else FAIL with the screen.
check() {
    local name="$1"
    shift
    if alive && wait_for "$@"; then
        pass "$name"
    else
        fail "$name (waited for: $*)"
        show_failure
    fi
}

# rename_save TEXT_FILE: writes it to a temporary file next to manifest.xml, then renames it over
# the manifest (what vim and most editors do).
rename_save() {
    cp "$1" "$dir/.manifest.xml.swp-new"
    mv -f "$dir/.manifest.xml.swp-new" "$dir/manifest.xml"
}

# A results row: the label, spaces, then the value, followed by a non-digit or the line end.
number_row() { echo "number +$1([^0-9.]|$)"; }
boolean_row() { echo "boolean +$1([^a-z]|$)"; }

# start_inspector ARGS...: runs `mbml ARGS` in $dir inside the tmux session (120x40, or
# $INSPECTOR_COLUMNS x $INSPECTOR_ROWS); its exit status goes to $dir/exit and its stderr to
# $dir/stderr. Extra environment: $INSPECTOR_ENV.
start_inspector() {
    local args="" arg
    for arg in "$@"; do args+=" '$arg'"; done
    tmx new-session -d -s "$session" -x "${INSPECTOR_COLUMNS:-120}" -y "${INSPECTOR_ROWS:-40}" \
        "cd '$dir' && ${INSPECTOR_ENV:-} '$bin'$args 2>'$dir/stderr'; echo EXIT=\$? > '$dir/exit'"
}

# wait_exit SECONDS: true once the inspector has written its exit status.
wait_exit() {
    local deadline=$((SECONDS + $1))
    while [ ! -s "$dir/exit" ] && [ "$SECONDS" -lt "$deadline" ]; do sleep 0.05; done
    [ -s "$dir/exit" ]
}
