#!/usr/bin/env bash
# End-to-end check of the terminal inspector: drives the real `mbml inspect` in a detached tmux
# session (120x40) and reads the screen with `tmux capture-pane`.
#
#   .ci/e2e-inspector.sh [path/to/mbml]     (default: $MBML_BIN, else .build/release/mbml)
#
# Steps: open a copy of the tutorial manifest; type `$cats.count` and expect the results pane's
# `number` row to show 3 and the `boolean` row true; rename-save the manifest with a fourth cat and
# expect 4 without a key press; rename-save malformed XML and expect `manifest.xml:LINE` on the
# status line while the last good result (4) stays; Ctrl-C and expect exit status 0.
# Every wait polls the screen (up to $E2E_TIMEOUT seconds, default 10) instead of sleeping.
# Prints PASS/FAIL per check and `N passed, M failed`; exits non-zero when anything failed.
set -u

# shellcheck source=e2e-lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/e2e-lib.sh" "${1:-}" e2e
session="inspect"

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

# 1. Open a manifest with three cats.
cp "$root/Samples/tutorial/manifest.xml" "$dir/manifest.xml"
tmx new-session -d -s "$session" -x 120 -y 40 \
    "cd '$dir' && '$bin' inspect manifest.xml 2>'$dir/stderr'; echo EXIT=\$? > '$dir/exit'"
check "inspector starts and shows the results pane" "object" "number" "string" "boolean"

# 2. Type an expression: every context is evaluated.
tmx send-keys -t "$session" -l '$cats.count' 2>/dev/null
check "typing \$cats.count shows 3 in the number row" "$(number_row 3)"
check "typing \$cats.count shows true in the boolean row" "$(boolean_row true)"

# 3. Rename-save a fourth cat: the inspector reloads without a key press.
sed 's|^\( *\)<Var literal="Gabby"/>|&\n\1<Var literal="Fluffy"/>|' "$dir/manifest.xml" >"$dir/four-cats.xml"
if [ "$(grep -c '^ *<Var literal="Fluffy"/>$' "$dir/four-cats.xml")" -ne 1 ]; then
    fail "could not derive a four-cat manifest from Samples/tutorial/manifest.xml"
fi
rename_save "$dir/four-cats.xml"
check "rename-save with four cats shows 4 without a key press" "$(number_row 4)"

# 4. Rename-save malformed XML: the error is shown with its place, the last good results stay.
sed 's|^\( *\)<Var literal="Fluffy"/>$|\1<Var literal="Fluffy"|' "$dir/four-cats.xml" >"$dir/broken.xml"
rename_save "$dir/broken.xml"
check "malformed manifest shows manifest.xml:LINE on screen" "manifest\\.xml:[0-9]+"
check "malformed manifest keeps the last good result (4)" "$(number_row 4)" "manifest\\.xml:[0-9]+"

# 5. Ctrl-C quits cleanly.
tmx send-keys -t "$session" C-c 2>/dev/null
deadline=$((SECONDS + timeout))
while [ ! -s "$dir/exit" ] && [ "$SECONDS" -lt "$deadline" ]; do sleep 0.1; done
if [ "$(cat "$dir/exit" 2>/dev/null)" = "EXIT=0" ]; then
    pass "Ctrl-C quits with exit status 0"
else
    fail "Ctrl-C quits with exit status 0 (exit file: '$(cat "$dir/exit" 2>/dev/null || echo missing)')"
    show_failure
fi

finish
