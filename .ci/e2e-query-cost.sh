#!/usr/bin/env bash
# What a slow query costs in the inspector against `mbml eval --context all` on the same expression
# and data, in the same run (issue 32, "evaluate once, show early"), in tmux (120x40):
#
#   .ci/e2e-query-cost.sh [path/to/mbml]     (default: $MBML_BIN, else .build/release/mbml)
#
# For each query, QUERY_COST_RUNS (5) runs of: `time mbml eval --context all` (load and four
# contexts), then the inspector on the same data: the expression is typed without its last `)` (an
# unclosed call is literal text), the inspector is let finish with it (rows and traces: its process
# idle), and the time from the closing `)` to the last of the four rows on screen is taken; then the
# inspector is let finish again (its traces) before the next run, so that the two never share the
# machine. The check is on the medians over the runs: the inspector's must stay within
# QUERY_COST_RATIO (1.2) times the CLI's, plus QUERY_COST_SLACK_MS (200 ms: tmux polling and
# drawing). Texts of one value and texts of several top-level values are both checked.
# A dynamic variable the tree has computed is typed too: its rows come without computing it again.
# Prints the figures, PASS/FAIL per check and `N passed, M failed`.
set -u
# shellcheck source=tmux-lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/tmux-lib.sh" "$@"

ratio="${QUERY_COST_RATIO:-1.2}"
slack="${QUERY_COST_SLACK_MS:-200}"
runs="${QUERY_COST_RUNS:-5}"
records="${QUERY_COST_RECORDS:-100000}"
timeout=120

python3 - "$dir/records.json" "$records" <<'PY'
import json, sys
count = int(sys.argv[2])
records = [{"id": i, "group": "g%d" % (i % 100), "price": i % 997, "name": "item %d" % i} for i in range(count)]
with open(sys.argv[1], "w") as out:
    json.dump(records, out)
PY
cat > "$dir/manifest.xml" <<'XML'
<MBML>
    <Var name="title" literal="Records"/>
    <Var name="grouped" type="dynamic" expression="^associateWithArray($records|$item.group|$item.price)"/>
</MBML>
XML

now_ms() { echo $(($(date +%s%N) / 1000000)); }

# cli_ms EXPRESSION: milliseconds of `mbml eval --context all` (load and the four contexts).
cli_ms() {
    local start end
    start="$(now_ms)"
    (cd "$dir" && "$bin" eval --context all --manifest manifest.xml --data records=records.json "$1" \
        >"$dir/cli.out" 2>"$dir/cli.err")
    end="$(now_ms)"
    echo $((end - start))
}

# rows_ready OBJECT-REGEX: the screen shows the four rows of the new text: the object row matches,
# the other three show a result (a value or an error), no row waits (`…`) and nothing is being
# evaluated.
rows_ready() {
    local shot label
    shot="$(screen)"
    grep -Eq -- "object +$1" <<<"$shot" || return 1
    for label in string number boolean; do
        grep -Eq -- "│$label +[^ …]" <<<"$shot" || return 1
    done
    grep -q -- "evaluating…" <<<"$shot" && return 1
    return 0
}

# inspector_idle: waits (up to $timeout s) until the inspector's process has used no CPU time for
# 0.3 s: its evaluation, traces included, is done.
inspector_idle() {
    local pane pid before after deadline=$((SECONDS + timeout))
    pane="$(tmx display -p -t "$session" '#{pane_pid}' 2>/dev/null)"
    pid="$(pgrep -P "$pane" 2>/dev/null | head -1)"
    [ -n "$pid" ] || return 0
    while [ "$SECONDS" -lt "$deadline" ] && [ -r "/proc/$pid/stat" ]; do
        before="$(awk '{print $14 + $15}' "/proc/$pid/stat")"
        sleep 0.3
        after="$(awk '{print $14 + $15}' "/proc/$pid/stat" 2>/dev/null)" || return 0
        [ "$((after - before))" -le 1 ] && return 0
    done
}

# inspector_ms EXPRESSION OBJECT-REGEX: milliseconds from the key that completes EXPRESSION to its
# four rows on screen (the inspector already shows the space); empty when they never came.
inspector_ms() {
    local expression="$1" pattern="$2" start deadline elapsed
    keys C-u
    keys -l "${expression%)}"
    # The text without its `)` is evaluated too (a complete call inside it runs): its rows and
    # traces come first.
    sleep 0.3
    inspector_idle
    start="$(now_ms)"
    keys -l ")"
    deadline=$((SECONDS + timeout))
    until rows_ready "$pattern"; do
        if [ "$SECONDS" -ge "$deadline" ] || ! alive; then return; fi
        sleep 0.02
    done
    elapsed=$(($(now_ms) - start))
    # Its traces are made after the rows: let them finish before the CLI runs again.
    inspector_idle
    echo "$elapsed"
}

# median N...: the median of the numbers given (the lower middle one for an even count).
median() { printf '%s\n' "$@" | sort -n | awk '{ values[NR] = $1 } END { print values[int((NR + 1) / 2)] }'; }

start_inspector inspect manifest.xml --data records=records.json
check "the inspector opens the records" "records .*\\[$records\\]" 'title +"Records"'
check "the tree computes \$grouped" 'grouped .*\{100\}'

# measure NAME EXPRESSION OBJECT-REGEX: $runs runs of the CLI and the inspector, one after the
# other; checks the medians.
measure() {
    local name="$1" expression="$2" pattern="$3" run cli inspector limit clis=() inspectors=()
    local cli_median inspector_median figures
    for run in $(seq "$runs"); do
        cli="$(cli_ms "$expression")"
        inspector="$(inspector_ms "$expression" "$pattern")"
        if [ -z "$inspector" ]; then
            fail "$name: the four rows come (waited ${timeout} s)"
            show_failure
            return
        fi
        echo "  $name, run $run: mbml eval --context all ${cli} ms, inspector (key to last row) ${inspector} ms"
        clis+=("$cli")
        inspectors+=("$inspector")
    done
    cli_median="$(median "${clis[@]}")"
    inspector_median="$(median "${inspectors[@]}")"
    limit="$(python3 -c "print(int($cli_median * $ratio + $slack))")"
    figures="median of $runs: inspector ${inspector_median} ms, mbml eval ${cli_median} ms"
    figures+=" ($(python3 -c "print(f'{$inspector_median / max($cli_median, 1):.2f}')")x;"
    figures+=" limit ${ratio}x + ${slack} ms = ${limit} ms)"
    if [ "$inspector_median" -le "$limit" ]; then
        pass "$name: $figures"
    else
        fail "$name: $figures"
    fi
}

# One call over the data: one evaluation serves the four contexts.
measure "^associateWithArray over the data" \
    '^associateWithArray($records|$item.group|$item.price)' '\{100\}'
# One call over a computed array.
measure "^associateWithSingleValue over a computed array" \
    '^associateWithSingleValue(^filter($records|$item.price -GT 5)|$item.id|$item.name)' '\{[0-9]+\}'
# A math expression: one value in every grammar too.
measure "a math expression around a slow call" \
    '#(^count(^filter($records|$item.price -GT 5)) + 0)' '[0-9]+'
# Several top-level values: each grammar combines its own tree, but the calls and references that
# read alike in the grammars are evaluated once between the contexts.
measure "several values around a slow call" \
    '$records.count minus ^count(^filter($records|$item.price -GT 5))' '"[0-9]+ minus [0-9]+"'
measure "text, a slow call and a reference" \
    '$title and ^count(^filter($records|$item.price -GT 5)) ^uppercase($title)' '"Records and [0-9]+ RECORDS"'
measure "a slow call as a boolean operand" \
    '$title -AND ^count(^filter($records|$item.price -GT 5))' '"Records -AND [0-9]+"'

# The tree's value of a dynamic variable is read, not computed again: its rows come at once.
keys C-u
keys -l '$grouped.g7.coun'
sleep 0.5
start="$(now_ms)"
keys -l 't'
if wait_for "$(number_row $((records / 100)))" "$(boolean_row true)" && ! screen | grep -q 'evaluating…'; then
    elapsed=$(($(now_ms) - start))
    echo "  \$grouped typed (the tree has it): ${elapsed} ms"
    if [ "$elapsed" -le 1000 ]; then
        pass "a dynamic value the tree has is not computed again (${elapsed} ms)"
    else
        fail "a dynamic value the tree has is not computed again (${elapsed} ms)"
    fi
else
    fail "\$grouped.g7.count shows $((records / 100))"
    show_failure
fi

keys C-c
wait_exit 5 || fail "Ctrl-C quits"
finish
