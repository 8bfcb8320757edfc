#!/usr/bin/env bash
# End-to-end check of the terminal inspector: drives the real `mbml inspect` in a detached tmux
# session (120x40) and reads the screen with `tmux capture-pane`.
#
#   .ci/e2e-inspector.sh [path/to/mbml]     (default: $MBML_BIN, else .build/release/mbml)
#
# Steps: open a copy of the tutorial manifest; type `$cats.count` and expect the results pane's
# `number` row to show 3 and the `boolean` row true; rename-save the manifest with a fourth cat and
# expect 4 without a key press; rename-save malformed XML and expect `manifest.xml:LINE` on the
# status line while the last good result (4) stays; type `$catGenders.count` and expect a hint
# naming ^count, `$catGenders[Barrett]` and expect "female" beside [Barrett] in the token pane.
# Between, Ctrl-P pins $cats.count and the pin shows 4 marked as changed after the save; Ctrl-C
# asks about that pin (never saved), Ctrl-C again
# and expect exit status 0. Last, `mbml tutorial DIR` writes the samples and opens the tutorial
# from DIR with its first lesson; `--compare` shows the api-evolution sample's v1 and v2 side by
# side, and F7 swaps them. Then `^dump` of 20,000 records: five keys in the log pane each reach the
# screen within a frame ($E2E_FRAME_MS, default 16 ms) of the slowest of the same keys after a
# `^dump` of 50 records (tmux and the screen polling cost the same in both); and `--check`
# with the tutorial's 42 expectations: F6 reaches the pins pane, `G` shows the last pin, Enter
# opens it, `x` unpins it.
# Every wait polls the screen (up to $E2E_TIMEOUT seconds, default 10) instead of sleeping.
# Prints PASS/FAIL per check and `N passed, M failed`; exits non-zero when anything failed.
set -u

# shellcheck source=tmux-lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/tmux-lib.sh" "$@"

# 1. Open a manifest with three cats.
cp "$root/Samples/tutorial/manifest.xml" "$dir/manifest.xml"
start_inspector inspect manifest.xml
check "inspector starts and shows the results pane" "object" "number" "string" "boolean"

# 2. Type an expression: every context is evaluated.
tmx send-keys -t "$session" -l '$cats.count' 2>/dev/null
check "typing \$cats.count shows 3 in the number row" "$(number_row 3)"
check "typing \$cats.count shows true in the boolean row" "$(boolean_row true)"
tmx send-keys -t "$session" C-p 2>/dev/null
check "Ctrl-P pins \$cats.count showing 3" "Pins \\(1\\)" "\\\$cats\\.count = 3"

# 3. Rename-save a fourth cat: the inspector reloads without a key press.
sed 's|^\( *\)<Var literal="Gabby"/>|&\n\1<Var literal="Fluffy"/>|' "$dir/manifest.xml" >"$dir/four-cats.xml"
if [ "$(grep -c '^ *<Var literal="Fluffy"/>$' "$dir/four-cats.xml")" -ne 1 ]; then
    fail "could not derive a four-cat manifest from Samples/tutorial/manifest.xml"
fi
rename_save "$dir/four-cats.xml"
check "rename-save with four cats shows 4 without a key press" "$(number_row 4)"
check "the pin shows 4, marked as changed" "\\* \\\$cats\\.count = 4"

# 4. Rename-save malformed XML: the error is shown with its place, the last good results stay.
sed 's|^\( *\)<Var literal="Fluffy"/>$|\1<Var literal="Fluffy"|' "$dir/four-cats.xml" >"$dir/broken.xml"
rename_save "$dir/broken.xml"
check "malformed manifest shows manifest.xml:LINE on screen" "manifest\\.xml:[0-9]+"
check "malformed manifest keeps the last good result (4)" "$(number_row 4)" "manifest\\.xml:[0-9]+"

# 4b. Teaching: a hint names ^count; the token pane shows what each token produced.
tmx send-keys -t "$session" C-u 2>/dev/null
tmx send-keys -t "$session" -l '$catGenders.count' 2>/dev/null
check "typing \$catGenders.count shows a hint naming ^count" 'try: \^count\(\$catGenders\)' 'hint: '
tmx send-keys -t "$session" C-u 2>/dev/null
tmx send-keys -t "$session" -l '$catGenders[Barrett]' 2>/dev/null
check "the token pane shows \"female\" beside [Barrett]" 'subreference "\[Barrett\]" \{11, 9\} = "female"'

# 5. Ctrl-C asks about the pin that was never saved; Ctrl-C again quits cleanly.
tmx send-keys -t "$session" C-c 2>/dev/null
check "Ctrl-C asks about the pin not saved" "1 pin is not saved: Ctrl-S saves them, q or Ctrl-C quits without them"
tmx send-keys -t "$session" C-c 2>/dev/null
deadline=$((SECONDS + timeout))
while [ ! -s "$dir/exit" ] && [ "$SECONDS" -lt "$deadline" ]; do sleep 0.1; done
if [ "$(cat "$dir/exit" 2>/dev/null)" = "EXIT=0" ]; then
    pass "Ctrl-C quits with exit status 0"
else
    fail "Ctrl-C quits with exit status 0 (exit file: '$(cat "$dir/exit" 2>/dev/null || echo missing)')"
    show_failure
fi

# 6. mbml tutorial writes the samples and opens the inspector on the tutorial there.
session="tutorial"
tmx new-session -d -s "$session" -x 120 -y 40 "'$bin' tutorial '$dir/lessons' 2>'$dir/stderr'; sleep 30"
check "mbml tutorial opens the written tutorial" "cats( ro)? +\\[3\\] Barrett, Duncan, Gabby" "catSummary"
check "mbml tutorial shows the first lesson" "Lesson 1/[0-9]+: Step 1\\. VARIABLES" "· try \\\$cats\\.count → number: 3"
tmx send-keys -t "$session" -l '$cats.count' 2>/dev/null
check "typing a lesson's expression ticks it" "✓ try \\\$cats\\.count → number: 3" "Lesson 1 done"
if [ -f "$dir/lessons/Samples/tutorial/manifest.xml" ] && [ -f "$dir/lessons/Samples/store/catalog.json" ]; then
    pass "mbml tutorial wrote the samples"
else
    fail "mbml tutorial wrote the samples (no $dir/lessons/Samples/tutorial/manifest.xml)"
fi
tmx send-keys -t "$session" C-c 2>/dev/null

# 7. Two spaces side by side: api-evolution v1 and v2 agree on $card, differ on $heroImage; F7 swaps.
session="compare"
api="$root/Samples/api-evolution"
tmx new-session -d -s "$session" -x 120 -y 40 "'$bin' inspect '$api/v1/manifest.xml' --data 'response=$api/v1/response.json' --compare '$api/v2/manifest.xml' --data 'response=$api/v2/response.json' 2>'$dir/stderr'; sleep 30"
check "--compare opens the compare pane" "Compare \\("
tmx send-keys -t "$session" -l '$card' 2>/dev/null
check "v1 and v2 agree on \$card" "  object +\"Trail Runner 2 by" "Compare \\(same\\): v1/manifest\\.xml │ v2/manifest\\.xml"
tmx send-keys -t "$session" C-u 2>/dev/null
tmx send-keys -t "$session" -l '$heroImage' 2>/dev/null
check "v1 and v2 differ on \$heroImage" "≠ object +\"https://img\\.example\\.com" "Compare \\([0-9]+ differ\\)"
tmx send-keys -t "$session" F7 2>/dev/null
check "F7 shows v2 in the tree" "response( [^ ]+)? +\\{2\\} meta:" "≠ object +\"https://cdn\\.example\\.com"
tmx send-keys -t "$session" C-c 2>/dev/null

# 8. One big log entry: ^dump of 20,000 records, then keys in the log pane stay within a frame of
# what the same keys take after a ^dump of 50 records (tmux and the polling cost the same in both).
frame_ms="${E2E_FRAME_MS:-16}"
python3 - "$dir" <<'PY'
import json, os, sys
for name, count in (("records.json", 20000), ("few.json", 50)):
    records = [{"id": i, "name": "Record %d" % i, "price": i * 1.25, "tags": ["red", "green"], "active": i % 2 == 0}
               for i in range(count)]
    json.dump({"records": records}, open(os.path.join(sys.argv[1], name), "w"))
PY
# key_time KEY REGEX: milliseconds from sending KEY until the screen matches REGEX (polled at once).
key_time() {
    local start now
    start=$(date +%s%N)
    tmx send-keys -t "$session" "$1" 2>/dev/null
    while ! screen | grep -Eq -- "$2"; do
        now=$(date +%s%N)
        if [ $(((now - start) / 1000000)) -gt 5000 ]; then echo 99999; return; fi
    done
    now=$(date +%s%N)
    echo $(((now - start) / 1000000))
}
# log_key_times FILE.json TOP-REGEX: opens FILE as $data, dumps $data.records, focuses the log pane
# and sets `times` to the milliseconds of k k PgUp g G.
log_key_times() {
    session="log-${1%.json}"
    tmx new-session -d -s "$session" -x 120 -y 40 "cd '$dir' && '$bin' '$1' 2>'$dir/stderr'; sleep 30"
    check "$1 opens as \$data" "records"
    tmx send-keys -t "$session" -l '^dump($data.records)' 2>/dev/null
    check "^dump of $1 reaches the log pane" "Log \\(1\\)" "}"
    press_until F6 "x clears"
    check "F6 reaches the log pane" "x clears · L hides"
    times=()
    times+=("$(key_time k '↑ 1 rows up')")
    times+=("$(key_time k '↑ 2 rows up')")
    times+=("$(key_time PPage '↑ [0-9]{2,} rows up')")
    times+=("$(key_time g "$2")")
    times+=("$(key_time G 'x clears · L hides')")
    tmx send-keys -t "$session" C-c 2>/dev/null
}
log_key_times few.json '↑ [0-9]{3,} rows up'
baseline=0
for t in "${times[@]}"; do [ "$t" -le "$baseline" ] || baseline=$t; done
small="${times[*]}"
log_key_times records.json '↑ [0-9]{5,} rows up'
slow=0
for t in "${times[@]}"; do [ "$t" -le $((baseline + frame_ms)) ] && [ "$t" -lt 99999 ] || slow=$((slow + 1)); done
# One key late by a scheduling hiccup of the VM (a single 45 ms among 10 ms keys) is not a slow
# log: when a key is late, the five keys are timed once more and each key's faster time counts.
# A log that slows the keys down is slow both times.
if [ "$slow" -ne 0 ]; then
    first=("${times[@]}")
    tmx kill-session -t "$session" 2>/dev/null
    log_key_times records.json '↑ [0-9]{5,} rows up'
    slow=0
    for i in "${!times[@]}"; do
        [ "${first[$i]}" -lt "${times[$i]}" ] && times[$i]=${first[$i]}
        [ "${times[$i]}" -le $((baseline + frame_ms)) ] && [ "${times[$i]}" -lt 99999 ] || slow=$((slow + 1))
    done
fi
result="after ^dump of 20,000 records five log keys reach the screen within a frame (${frame_ms} ms) of the keys after ^dump of 50 records (${times[*]} ms against ${small} ms)"
if [ "$slow" -eq 0 ]; then pass "$result"; else fail "$result"; show_failure; fi

# 9. The pins pane with the tutorial's 42 expectations (the last, its live-edit watch): F6 focuses it, G shows the last pin.
session="pins"
tmx new-session -d -s "$session" -x 120 -y 40 "cd '$root/Samples/tutorial' && '$bin' inspect manifest.xml --check expectations.jsonl 2>'$dir/stderr'; sleep 30"
check "--check pins the 42 expectations" "Pins \\(1–[0-9]+ of 42\\)"
press_until F6 "x unpins"
check "F6 reaches the pins pane" "Enter full value · x unpins"
tmx send-keys -t "$session" G 2>/dev/null
check "G shows the last pin" "Pins \\([0-9]+–42 of 42\\)" "\\\$catSummary = \"3 cats"
tmx send-keys -t "$session" Enter 2>/dev/null
check "Enter opens the last pin's full value" "string pin \\\$catSummary"
tmx send-keys -t "$session" q 2>/dev/null
tmx send-keys -t "$session" x 2>/dev/null
check "x unpins it" "Unpinned \\\$catSummary" "of 41\\)"
tmx send-keys -t "$session" C-c 2>/dev/null

finish
