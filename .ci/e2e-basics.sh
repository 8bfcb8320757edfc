#!/usr/bin/env bash
# End-to-end checks of the inspector as a daily tool (issue 21): each case drives the real `mbml`
# in its own detached tmux session (own -L socket) and polls the screen with `tmux capture-pane`.
#
#   .ci/e2e-basics.sh [path/to/mbml]     (default: $MBML_BIN, else .build/release/mbml)
#
# Cases: `mbml FILE.jsonl` opens the records as $data (a bad line is `file:line:column`); NDJSON
# piped in opens the same way; `mbml FILE.json --expr '$data.count'` starts with the expression
# evaluated; a 72x20 terminal shows the editor and the focused pane; the path of a node selected
# deep in a JSON file is shown under the tree.
# Every wait polls the screen (up to $E2E_TIMEOUT seconds, default 10) instead of sleeping.
# Prints PASS/FAIL per check and `N passed, M failed`; exits non-zero when anything failed.
set -u

# shellcheck source=tmux-lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/tmux-lib.sh" "${1:-}"
session=""
# A session that lives until the end, so that the server does not exit between cases.
tmx new-session -d -s keeper "sleep 3600"

# start NAME COLUMNS ROWS COMMAND: a new tmux session running COMMAND (in bash, from the
# repository root) with a UTF-8 locale.
start() {
    session="$1"
    tmx new-session -d -s "$session" -x "$2" -y "$3" \
        "cd '$root' && export LANG=C.UTF-8 && $4; echo EXIT=\$? > '$dir/$1.exit'; sleep 30"
}

stop() { tmx kill-session -t "$session" >/dev/null 2>&1; }

printf '%s\n' '{"id":1,"level":"info"}' '{"id":2,"level":"warn"}' '' '{"id":3,"level":"error"}' >"$dir/events.jsonl"
printf '%s\n' '{"id":1}' '{"id":2,' '{"id":3}' >"$dir/bad.jsonl"
cat >"$dir/people.json" <<'JSON'
{"count": 4, "people": [
  {"name": "Ann", "address": {"city": "Lyon"}},
  {"name": "Bob", "address": {"city": "Oslo"}},
  {"name": "Cy", "address": {"city": "Rome"}},
  {"name": "Di", "address": {"city": "Springfield"}}
]}
JSON

# 1. A JSON Lines file opens as an array of its records.
start jsonl 100 30 "'$bin' '$dir/events.jsonl'"
check "mbml FILE.jsonl shows \$data as an array of 3 records" "^ ?[▸>] data( [^ ]+)? +\[3\]"
keys -l '$data[2].level'
check "a record is reachable in expressions" 'object +"?error'
keys C-c
stop

# 2. A bad line is reported at its file:line:column.
start badjsonl 100 30 "'$bin' '$dir/bad.jsonl'"
check "a bad JSON Lines record is file:line:column" "bad\.jsonl:2:[0-9]+"
keys C-c
stop

# 3. NDJSON piped in opens the same way.
start ndjson 100 30 "printf '%s\n' '{\"a\":1}' '{\"a\":2}' | '$bin'"
check "NDJSON on standard input opens as \$data [2]" "data +\[2\]"
keys -l '$data[1].a'
check "keys typed after the NDJSON pipe reach the editor" "$(number_row 2)"
keys C-c
stop

# 4. --expr starts with the expression in the editor, evaluated.
start expr 100 30 "'$bin' '$dir/people.json' --expr '\$data.count'"
check "--expr '\$data.count' is in the editor" '› \$data\.count'
check "--expr is evaluated at start" "$(number_row 4)"
keys C-c
stop

# 5. A 72x20 terminal is usable: the editor and the focused pane, no "too small".
start small 72 20 "'$bin' '$dir/people.json'"
check "72x20 shows the editor and the results" "Expression" "Results"
if screen | grep -q "too small"; then fail "72x20 is not refused"; else pass "72x20 is not refused"; fi
keys -l '$data.people.count'
check "72x20 evaluates" "$(number_row 4)"
keys BTab
check "Shift-Tab shows the variables pane at 72x20" "Variables" "^ ?[▸>] data"
keys C-c
stop

# 6. The path of a node selected deep in a JSON file is under the tree.
start path 100 30 "'$bin' '$dir/people.json'"
check "people.json opens" "^ ?[▸>] data"
keys BTab
keys -l '/Springfield'
keys Enter
check "the selected node's path is shown" '\$data\.people\[3\]\.address\.city'
keys C-c
stop

finish
