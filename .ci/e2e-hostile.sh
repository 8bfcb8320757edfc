#!/usr/bin/env bash
# The inspector with hostile data (issue 20): a JSON file whose keys and values hold OSC (title and
# clipboard), CSI, 8-bit C1 and bidi override characters, opened in the real `mbml` in tmux. No
# pane may pass them to the terminal: the pane title stays, the screen shows their escapes, and
# `capture-pane -e` holds no escape sequence but the colours tmux itself writes.
#
#   .ci/e2e-hostile.sh [path/to/mbml]     (default: $MBML_BIN, else .build/release/mbml)
#
# Prints PASS/FAIL per check and `N passed, M failed`; exits non-zero when anything failed.
set -u

# shellcheck source=tmux-lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/tmux-lib.sh" "${1:-}"

python3 - "$dir/evil.json" <<'PY'
import json, sys
evil = 'A\x1b]0;PWNED\x07B\x1b]52;c;SGVsbG8=\x07C\x1b[2JD\u009b31mE\u202eF\x7fG'
json.dump({"a": evil, "k" + evil: 1, "list": [evil]}, open(sys.argv[1], 'w'))
PY


# clean_capture: the screen with escapes (-e), minus the SGR colour sequences tmux writes; prints
# what unsafe characters remain (empty when none).
leftovers() {
    tmx capture-pane -p -e -t "$session" | python3 -c '
import re, sys, unicodedata
text = re.sub(r"\x1b\[[0-9;:]*m", "", sys.stdin.buffer.read().decode("utf-8", "replace"))
bad = sorted({"U+%04X" % ord(c) for c in text
    if (ord(c) < 0x20 and c != "\n") or 0x7F <= ord(c) <= 0x9F or (unicodedata.category(c) == "Cf" and ord(c) not in (0x200C, 0x200D))})
print(" ".join(bad))'
}

INSPECTOR_ENV="LANG=C.UTF-8" start_inspector evil.json
tmx select-pane -t "$session" -T "e2e-title"
check "the data file opens" 'data'
keys -l '$data.a'
check "the results pane shows the escapes" 'string +A\\e\]0;PWNED\\u\{7\}B\\e\]52;c;SGVsbG8=\\u\{7\}C\\e\[2JD\\u\{9B\}31mE'
keys -l ' ^log($data.a)'
check "the log pane shows them too" 'Log \(1\)' '│ A\\e\]0;PWNED\\u\{7\}B.*\\u\{202E\}F'
keys C-o
check "the full value viewer shows them" 'A\\e\]0;PWNED\\u\{7\}B'
keys q
keys BTab
sleep 0.3
keys G l
check "the tree shows a hostile value with its escapes" 'a +"?A\\e\]0;PWNED\\u\{7\}B'
check "and a hostile key" 'kA\\e\]0;PWNED'
bad="$(leftovers)"
if [ -z "$bad" ]; then pass "no unsafe character reaches the terminal (capture-pane -e)"; else fail "raw on screen: $bad"; show_failure; fi
title="$(tmx display-message -p -t "$session" '#{pane_title}')"
if [ "$title" = "e2e-title" ]; then pass "the pane title is unchanged"; else fail "the pane title became '$title'"; fi
keys q
keys C-c
finish
