#!/usr/bin/env bash
# End-to-end check of lessons kept between runs (tmux, 120x40):
#
#   .ci/e2e-lessons.sh [path/to/mbml]     (default: $MBML_BIN, else .build/release/mbml)
#
# 1. `mbml tutorial tut` (XDG_STATE_HOME in the scratch folder) shows lesson 1; `^count($cats)`
#    (3, but not what the items ask) ticks nothing, `$cats.count` ticks its three items; Alt-N,
#    then `$cats[1]` ticks one item of lesson 2; Ctrl-C quits with status 0 and the progress file
#    is under $XDG_STATE_HOME/mbml/lessons/.
# 2. `mbml inspect tut/Samples/tutorial/manifest.xml` (the command the tutorial prints) opens on
#    lesson 2 with its tick, and lesson 1 is still done.
# 3. The live-edit lesson (step 9): with `$catSummary` typed, adding a cat to the saved manifest
#    reloads it and ticks the lesson.
# 4. `mbml tutorial DIR --no-open` prints the command to open the tutorial again; run again on
#    the same DIR it writes nothing and says it reopens it.
# 5. `mbml tutorial tut` again (80x24) reopens it where it was left (lesson 9, its tick); Alt-P to
#    the functions lesson, too long for 80x24: its note's first row shows, the title says
#    `rows 1–N of M`, F6 focuses the pane and End / ↑ scroll to its last and back to its first row.
# 6. Bare `mbml` (the built-in sample, no lessons) names `mbml tutorial` and the lesson keys on its
#    first screen, and F1 too.
# Prints PASS/FAIL per check and `N passed, M failed`.
set -u
# shellcheck source=tmux-lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/tmux-lib.sh" "$@"

state="$dir/state"
export INSPECTOR_ENV="XDG_STATE_HOME='$state'"

# stop NAME: Ctrl-C ends the inspector with status 0.
stop() {
    tmx send-keys -t "$session" C-c
    if wait_exit 5 && [ "$(cat "$dir/exit")" = "EXIT=0" ]; then
        pass "$1: Ctrl-C quits with status 0"
    else
        fail "$1: Ctrl-C quits with status 0 ($(cat "$dir/exit" 2>/dev/null || echo 'still running'))"
        show_failure
    fi
    tmx kill-server >/dev/null 2>&1
    rm -f "$dir/exit"
}

# 1. The tutorial.
start_inspector tutorial tut
check "the tutorial opens on lesson 1" "Lesson 1/9: Step 1\\. VARIABLES" "0/3 · Alt-N/Alt-P"
tmx send-keys -t "$session" -l '^count($cats)'
check "another expression with the same value ticks nothing" "object +3([^0-9]|$)" "0/3 · Alt-N/Alt-P"
tmx send-keys -t "$session" C-u
tmx send-keys -t "$session" -l '$cats.count'
check "the items' own expression ticks them" "3/3 · Alt-N/Alt-P" "✓ try \\\$cats\\.count → number: 3"
tmx send-keys -t "$session" M-n
check "Alt-N shows lesson 2" "Lesson 2/9: Step 2\\. SUBREFERENCES" "0/5 · Alt-N/Alt-P"
tmx send-keys -t "$session" C-u
tmx send-keys -t "$session" -l '$cats[1]'
check "typing an item ticks it" "1/5 · Alt-N/Alt-P" "✓ try \\\$cats\\[1\\] → Duncan"
stop "the tutorial"
progress=$(ls "$state"/mbml/lessons/expectations-*.json 2>/dev/null | head -1)
if [ -n "$progress" ] && grep -q '"current":1' "$progress" && grep -q 'tutorial.step2.01' "$progress"; then
    pass "the progress is kept under \$XDG_STATE_HOME/mbml/lessons/ ($(basename "$progress"))"
else
    fail "the progress is kept under \$XDG_STATE_HOME/mbml/lessons/ (found: '$progress': $(cat "$progress" 2>/dev/null))"
fi

# 2. The command the tutorial prints, with the progress made.
start_inspector inspect tut/Samples/tutorial/manifest.xml
check "mbml inspect on the tutorial's manifest shows its lessons where they were left" \
    "Lesson 2/9: Step 2\\. SUBREFERENCES" "1/5 · Alt-N/Alt-P" "✓ try \\\$cats\\[1\\] → Duncan"
tmx send-keys -t "$session" M-p
check "lesson 1 is still done" "Lesson 1/9" "3/3 · Alt-N/Alt-P"

# 3. The live-edit lesson.
for _ in 1 2 3 4 5 6 7 8; do tmx send-keys -t "$session" M-n; done
check "lesson 9 is the live-edit step" "Lesson 9/9: Step 9\\. EDIT AND WATCH" "0/1 · Alt-N/Alt-P" "try \\\$catSummary → what a saved edit changes"
tmx send-keys -t "$session" -l '$catSummary'
check "typing its expression does not tick it" "3 cats: Barrett, Duncan, Gabby" "0/1 · Alt-N/Alt-P"
manifest="$dir/tut/Samples/tutorial/manifest.xml"
sed 's|<Var literal="Gabby"/>|<Var literal="Gabby"/><Var literal="Fluffy"/>|' "$manifest" > "$dir/.edited.xml"
mv -f "$dir/.edited.xml" "$manifest"
check "saving an edit reloads and ticks the live-edit lesson" "4 cats: Barrett, Duncan, Gabby, Fluffy" "1/1 · Alt-N/Alt-P" "✓ try \\\$catSummary"
stop "mbml inspect with lessons"

# 4. What the tutorial prints.
summary="$(cd "$dir" && XDG_STATE_HOME="$state" "$bin" tutorial other --no-open 2>&1)"
if grep -q 'mbml inspect other/Samples/tutorial/manifest.xml' <<<"$summary" && grep -q 'lessons' <<<"$summary"; then
    pass "the tutorial prints the command that reopens it with its lessons"
else
    fail "the tutorial prints the command that reopens it with its lessons (printed: $summary)"
fi
again="$(cd "$dir" && XDG_STATE_HOME="$state" "$bin" tutorial other --no-open 2>&1)" && rc=0 || rc=$?
if [ "$rc" = 0 ] && grep -q 'other already holds the tutorial: reopened where you left it (nothing written)' <<<"$again"; then
    pass "mbml tutorial on its own folder again writes nothing and reopens it"
else
    fail "mbml tutorial on its own folder again (status $rc: $again)"
fi

# 5. Reopened at 80x24, where the functions lesson is longer than its pane.
export INSPECTOR_COLUMNS=80 INSPECTOR_ROWS=24
start_inspector tutorial tut
check "mbml tutorial again reopens where it was left" "Lesson 9/9 +1/1 · "
for _ in 1 2 3; do tmx send-keys -t "$session" M-p; done
check "at 80x24 the long lesson says it scrolls, its note readable" "Lesson 6/9" \
    "rows 1–[0-9]+/[0-9]+ F6" "\\^name\\(parameter\\|parameter"
tmx send-keys -t "$session" F6 F6 F6
check "F6 reaches the lesson pane" "rows 1–[0-9]+/[0-9]+ ↑↓"
tmx send-keys -t "$session" End
check "End shows the lesson's last item" "try \\^pluralize\\(\\\$cats\\.count\\|cat\\|cats\\)"
tmx send-keys -t "$session" Home
check "Home shows its first row again" "rows 1–[0-9]+/[0-9]+ ↑↓" "\\^name\\(parameter\\|parameter"
stop "the tutorial at 80x24"
unset INSPECTOR_COLUMNS INSPECTOR_ROWS

# 6. Bare mbml: the built-in sample names the tutorial and the lesson keys.
start_inspector
check "bare mbml names mbml tutorial and the lesson keys" "Lessons: mbml tutorial" "Run .mbml" "Alt-N"
tmx send-keys -t "$session" F1
check "F1 names the tutorial and the lesson keys" "Start here" "mbml tutorial +the tutorial with its lessons"
tmx send-keys -t "$session" Escape
stop "bare mbml"
finish
