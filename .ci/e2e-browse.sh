#!/usr/bin/env bash
# End-to-end checks of browsing in the terminal inspector (issue 9): each case drives the real
# `mbml` in its own detached tmux session (own -L socket, 100x30) and polls the screen with
# `tmux capture-pane`.
#
#   .ci/e2e-browse.sh [path/to/mbml]     (default: $MBML_BIN, else .build/release/mbml)
#
# Cases: a bracketed paste of `$cats.count<Tab>q` stays in the editor; `mbml FILE.json` opens it as
# $data; JSON piped into `mbml` opens with keys from the terminal; LANG=C draws `|` borders;
# TERM=dumb exits 1 with a message; Ctrl-Z suspends and `fg` repaints; a 10,000-character string
# is readable to its last character in the value viewer.
# Every wait polls the screen (up to $E2E_TIMEOUT seconds, default 10) instead of sleeping.
# Prints PASS/FAIL per check and `N passed, M failed`; exits non-zero when anything failed.
set -u

# shellcheck source=tmux-lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/tmux-lib.sh" "${1:-}"
session=""
# A session that lives until the end, so that the server does not exit (and race the next case's
# start) each time a case's session is closed.
tmx new-session -d -s keeper "sleep 3600"

# start NAME COMMAND: a new tmux session running COMMAND (in bash, from the repository root) with a
# UTF-8 locale unless COMMAND sets another; its exit status goes to $dir/NAME.exit.
start() {
    session="$1"
    rm -f "$dir/$1.exit"
    tmx new-session -d -s "$session" -x 100 -y 30 \
        "cd '$root' && export LANG=C.UTF-8 && $2; echo EXIT=\$? > '$dir/$1.exit'; sleep 30"
}

# shell NAME: a new tmux session running an interactive shell (for job control).
shell() {
    session="$1"
    tmx new-session -d -s "$session" -x 100 -y 30 "cd '$root' && LANG=C.UTF-8 bash --norc --noprofile"
}

stop() { tmx kill-session -t "$session" >/dev/null 2>&1; }


# check NAME REGEX...: PASS when the screen matches every regex in time, else FAIL with the screen.
check() {
    local name="$1"
    shift
    if wait_for "$@"; then
        pass "$name"
    else
        fail "$name (waited for: $*)"
        echo "---- screen ----"
        screen | sed 's/^/| /'
        echo "----------------"
    fi
}

# exit_status NAME: the exit status recorded by `start` (waits for it).
exit_status() {
    local deadline=$((SECONDS + timeout))
    while [ ! -s "$dir/$1.exit" ] && [ "$SECONDS" -lt "$deadline" ]; do sleep 0.1; done
    sed -n 's/^EXIT=//p' "$dir/$1.exit" 2>/dev/null
}

# 1. A bracketed paste with a Tab and a q: text in the editor, the inspector still running.
start paste "'$bin' Samples/tutorial/manifest.xml"
check "inspector starts" "Expression" "Results"
keys -l $'\e[200~$cats.count\tq\e[201~'
check "pasted \$cats.count<Tab>q is text in the editor" '› \$cats\.count(⇥|\\t)q'
sleep 0.5
if [ ! -s "$dir/paste.exit" ] && screen | grep -q 'Results'; then
    pass "the paste did not quit the inspector"
else
    fail "the paste did not quit the inspector"
fi
keys C-c
stop

# 2. A JSON file opens as $data.
start file "'$bin' Samples/store/catalog.json"
check "mbml Samples/store/catalog.json shows \$data in the tree" "^ ?[▸>] data( [^ ]+)? +\{"
keys -l '$data.store'
check "\$data is usable in expressions" "^ ?[▸>] data" "object +\{"
keys C-c
stop

# 3. JSON piped in opens; keys come from the terminal.
start pipe "echo '{\"a\":[1,2]}' | '$bin'"
check "echo '{\"a\":[1,2]}' | mbml opens with \$data" "data +\{1\} a: \[2\]"
keys -l '$data.a.count'
check "keys typed after a pipe reach the editor" "number +2([^0-9]|$)"
keys C-c
stop

# 4. Without a UTF-8 locale the borders are ASCII.
start ascii "env -u LC_ALL LANG=C LC_CTYPE=C '$bin'"
check "LANG=C draws | pane borders" "^ Variables .* \| Expression"
keys C-c
stop

# 5. TERM=dumb is refused like a non-terminal.
start dumb "TERM=dumb '$bin' 2>'$dir/dumb.err'"
status="$(exit_status dumb)"
if [ "$status" = "1" ] && grep -q "TERM" "$dir/dumb.err"; then
    pass "TERM=dumb mbml exits 1 with a message"
else
    fail "TERM=dumb mbml exits 1 with a message (status '$status', stderr: $(cat "$dir/dumb.err" 2>/dev/null))"
fi
stop

# 6. Ctrl-Z suspends (the shell gets its prompt back) and fg repaints.
shell jobs
sleep 0.3
keys -l "'$bin' Samples/tutorial/manifest.xml"
keys Enter
check "inspector starts from a shell" "Expression" "Results"
keys -l '$catCount'
check "typing before suspending" '› \$catCount'
keys C-z
check "Ctrl-Z suspends to the shell" "Stopped"
keys -l "fg"
keys Enter
check "fg repaints the inspector" '› \$catCount' "Results" "Variables"
keys C-c
stop

# 7. A 10,000-character string is readable to its last character in the viewer.
printf '{"long": "%s"}\n' "$(printf 'x%.0s' $(seq 1 9990))LAST-CHARS" >"$dir/long.json"
start long "'$bin' '$dir/long.json'"
check "long.json opens" "^ ?[▸>] data"
keys -l '$data.long'
check "the string is evaluated" 'object +"xxxx'
keys C-o
check "Ctrl-O opens the viewer on the string" "String · 10000 characters"
keys G
check "G shows the string's last characters" "xxLAST-CHARS"
keys q
check "q closes the viewer" "Results"
keys C-c
stop

finish
