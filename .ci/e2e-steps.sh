#!/usr/bin/env bash
# End-to-end check of step mode (F8) on the tutorial (tmux, 120x40):
#
#   .ci/e2e-steps.sh [path/to/mbml]     (default: $MBML_BIN, else .build/release/mbml)
#
# `^filter($cats|$item.length > 5)` typed, F8 shows `step 1/15` (the call), then → / n walk forward
# through the value of $cats, iteration 1 with its $item, $item, $item.length = 7 and the test's
# result; ← / p walk back over the same steps; i jumps to the next iteration, o over one, u out of
# the call to its result, g to the first; Esc leaves step mode; the same steps as
# `mbml explain --steps`; Ctrl-C quits with status 0.
# Prints PASS/FAIL per check and `N passed, M failed`.
set -u
# shellcheck source=tmux-lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/tmux-lib.sh" "$@"

cp -R "$root/Samples/tutorial" "$dir/tutorial"
export INSPECTOR_ENV="XDG_STATE_HOME='$dir/state'"
expression='^filter($cats|$item.length > 5)'

# The CLI prints the steps the inspector walks.
explained="$("$bin" explain --steps --manifest "$dir/tutorial/manifest.xml" "$expression" 2>&1)"
if grep -Eq '^ 2    \$cats = \["Barrett", "Duncan", "Gabby"\]$' <<<"$explained" \
    && grep -Eq '^ 5      \$item\.length = 7$' <<<"$explained" \
    && grep -Eq '^15  \^filter\(\$cats\|\$item\.length > 5\) = \["Barrett", "Duncan"\]$' <<<"$explained"; then
    pass "mbml explain --steps lists the 15 steps"
else
    fail "mbml explain --steps lists the 15 steps: got"
    sed 's/^/| /' <<<"$explained"
fi

start_inspector inspect "tutorial/manifest.xml"
check "the inspector starts" "Variables"
keys -l "$expression"
check "the expression is evaluated" 'object +\[2\] Barrett, Duncan'
keys F8
check "F8 enters step mode on the first step: the call" "step mode · step 1/15" "step 1/15  call \^filter"
keys Right
check "→ shows the value of \$cats" 'step 2/15  \$cats = \["Barrett", "Duncan", "Gabby"\]'
keys n
check "n shows iteration 1 with its \$item" 'step 3/15  \^filter iteration 1: \$item = "Barrett"'
keys n
check "then \$item" 'step 4/15  \$item = "Barrett"'
keys n
check "then \$item.length on its own step" 'step 5/15  \$item\.length = 7'
keys n
check "then the test's result" 'step 6/15  \$item\.length > 5 = true'
keys Left
check "← goes back to \$item.length" 'step 5/15  \$item\.length = 7'
keys p
check "p goes back to \$item" 'step 4/15  \$item = "Barrett"'
keys p
check "and back to iteration 1" 'step 3/15  \^filter iteration 1: \$item = "Barrett"'
keys i
check "i jumps to the next iteration" 'step 7/15  \^filter iteration 2: \$item = "Duncan"'
keys o
check "o jumps over iteration 2" 'step 11/15  \^filter iteration 3: \$item = "Gabby"'
keys n n n
check "iteration 3's test fails" 'step 14/15  \$item\.length > 5 = false'
keys I
check "I goes back to the start of iteration 3" 'step 11/15  \^filter iteration 3'
keys u
check "u goes out of the call to its result" 'step 15/15  \^filter\(\$cats\|\$item\.length > 5\) = \["Barrett", "Duncan"\]'
keys g
check "g goes to the first step" "step 1/15  call \^filter"
keys Escape
check "Esc leaves step mode" "Tab completes · F1 help"
if screen | grep -q "step mode"; then
    fail "no step mode after Esc"
    show_failure
else
    pass "no step mode after Esc"
fi
keys C-c
if wait_exit 5 && [ "$(cat "$dir/exit")" = "EXIT=0" ]; then
    pass "Ctrl-C quits with status 0"
else
    fail "Ctrl-C quits with status 0 ($(cat "$dir/exit" 2>/dev/null || echo 'still running'))"
    show_failure
fi
finish
