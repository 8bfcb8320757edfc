#!/usr/bin/env bash
# Runs the README's Helix configuration for `mbml lsp` in a real Helix inside tmux (run by
# .ci/lsp-clients.sh, with Debian 13's Helix in the chroot .ci/install-deps makes):
#   bash Tools/lsp_helix_check.sh CHROOT WORK RESULT
# WORK is a folder inside CHROOT (as the chroot sees it) holding `mbml` (the binary), README.md and
# `project` (a copy of Tests/lsp-clients/project). Helix has no headless mode, so this types into it
# (tmux send-keys) and reads the screen (capture-pane), waiting for each answer up to a timeout: in
# manifest.xml the `$tpyo` warning (gutter, `]d`, the `space d` picker), hovers (`space k`) on `$cats`
# and `${first}`, `gd` on `${first}`, completion after a `$` typed into a value; in broken.xml the
# XML error; in docs/README.md.boilerplate (a template) no diagnostic and a hover with the project's
# value.
# Writes "ok …" or "FAIL …" lines to RESULT (a path outside the chroot) and prints the screen of each
# failure.
set -euo pipefail
root="$1"
work="$2"
result="$3"
outside="$root$work"
session="helix"
# A tmux server of its own, without the user's configuration.
tmx() { tmux -L "mbml-helix-$$" -f /dev/null "$@"; }
trap 'tmx kill-server 2>/dev/null || true' EXIT
: > "$result"
version="$(chroot "$root" hx --version | awk '{print $2}')"

# The first ```toml block after "**Helix**" in the README, with the binary's path.
mkdir -p "$outside/config/helix"
awk '/^\*\*Helix\*\*/ {found = 1} found && /^```toml$/ {inside = 1; next} inside && /^```$/ {exit} inside {print}' \
    "$outside/README.md" | sed "s#^command = \"mbml\"#command = \"$work/mbml\"#" > "$outside/config/helix/languages.toml"
if ! grep -q "^command = \"$work/mbml\"" "$outside/config/helix/languages.toml"; then
    echo "FAIL Helix $version: the README has a languages.toml with command = \"mbml\"" >> "$result"
    exit 0
fi

screen() { tmx capture-pane -p -t "$session"; }
log() { cat "$outside/helix.log" 2>/dev/null || true; }

# ok NAME, or FAIL NAME with what was expected, and the screen.
pass() { echo "ok Helix $version: $1" >> "$result"; }
fail() {
    echo "FAIL Helix $version: $1: expected $2" >> "$result"
    echo "--- Helix $version, $1: the screen was"
    screen | sed 's/^/    | /'
}

# Waits up to SECONDS for COMMAND (a function of no arguments) to succeed.
wait_until() {
    local seconds="$1" command="$2" deadline=$((SECONDS + $1))
    while [ "$SECONDS" -le "$deadline" ]; do
        "$command" && return 0
        sleep 0.1
    done
    return 1
}

# The checks grep here-strings, not pipes: under pipefail a grep -q that stops early fails its pipe.

# What a popup changed: the screen lines that differ from BEFORE (a capture taken before the keys).
changed_lines() { diff <(printf '%s\n' "$before") <(screen) | sed -n 's/^> //p' || true; }

# check_popup NAME PATTERN KEYS…: after the keys, a line the screen changed matches PATTERN (an
# extended regular expression).
popup_text=""
popup_shows() { grep -qE -- "$popup_text" <<< "$(changed_lines)"; }
check_popup() {
    local name="$1"
    popup_text="$2"
    shift 2
    before="$(screen)"
    tmx send-keys -t "$session" "$@"
    if wait_until 15 popup_shows; then pass "$name"; else fail "$name" "a popup showing $popup_text"; fi
    tmx send-keys -t "$session" Escape
    sleep 0.2
}

# check_position NAME LINE:COLUMN: the status line shows the cursor there.
position=""
at_position() { grep -qE "^ NOR .* $position\$" <<< "$(screen)"; }
check_position() {
    position="$2"
    if wait_until 10 at_position; then pass "$1"; else fail "$1" "the cursor at $2 in the status line"; fi
}

# Searches for a regular expression: the cursor goes to the end of its first match after the cursor.
search() { tmx send-keys -t "$session" "/$1" Enter; sleep 0.2; }

logged_text=""
log_shows() { grep -qF -- "$logged_text" <<< "$(log)"; }

# Helix in the project folder, on a fixed-size screen, with the README's languages.toml.
tmx new-session -d -s "$session" -x 160 -y 40 \
    "chroot $root /bin/sh -c 'cd $work/project && exec env TERM=xterm-256color HOME=$work TMPDIR=$work XDG_CONFIG_HOME=$work/config hx -v --log $work/helix.log manifest.xml'"

# manifest.xml: the warning (the gutter mark on line 6, the picker, `]d` on $tpyo).
screen_has_mark() { grep -qE '^● +6 ' <<< "$(screen)"; }
if wait_until 20 screen_has_mark; then pass "the \$tpyo warning marks line 6"; else fail "the \$tpyo warning marks line 6" "● in the gutter of line 6"; fi
tmx send-keys -t "$session" ']' 'd'
check_position "]d goes to the warning's \$tpyo (6:35-39)" "6:39"
check_popup "the diagnostics picker (space d) shows the warning" 'WARN +\$tpyo is referred to by \$total' Space d
tmx send-keys -t "$session" 'g' 'g'

# Hovers: $cats and ${first}, their values in the popup.
search '\$cats'
check_popup "a hover (space k) on \$cats shows [\"Barrett\",\"Duncan\"]" '\["Barrett","Duncan"\]' Space k
search '\$\{first'
check_popup "a hover (space k) on \${first} shows \"Barrett\"" '"Barrett"' Space k

# Definition: gd on ${first} goes to its <Var name="first"> (line 7, column 5).
tmx send-keys -t "$session" 'g' 'd'
check_position "gd on \${first} goes to its <Var name=\"first\"> (7:5)" "7:5"

# Completion: a `$` typed at the end of `value="Hello, "`.
search 'Hello, '
tmx send-keys -t "$session" 'a'
sleep 0.3
before="$(screen)"
tmx send-keys -t "$session" '$'
completion_shows_all() {
    local lines
    lines="$(changed_lines)"
    for name in cats total first both; do grep -qw -- "$name" <<< "$lines" || return 1; done
}
if wait_until 15 completion_shows_all; then
    pass "completion after a \$ typed into a value offers cats, total, first and both"
else
    fail "completion after a \$ typed into a value offers cats, total, first and both" "a menu with the four names"
fi
tmx send-keys -t "$session" Escape Escape 'u'
sleep 0.2

# broken.xml: the XML error on line 4 and in the picker.
tmx send-keys -t "$session" ':open broken.xml' Enter
screen_marks_line_4() { grep -qE '^● +4 ' <<< "$(screen)"; }
if wait_until 20 screen_marks_line_4; then pass "broken.xml: the XML error marks line 4"; else fail "broken.xml: the XML error marks line 4" "● in the gutter of line 4"; fi
check_popup "broken.xml: the diagnostics picker shows the XML error" "ERROR +Couldn't find end of Start Tag Var line 3" Space d

# The template: opened as mbml-template, its diagnostics (none) arrive, a hover shows the project's value.
template="$work/project/docs/README.md.boilerplate"
tmx send-keys -t "$session" ":open docs/README.md.boilerplate" Enter
logged_text="\"languageId\":\"mbml-template\""
if wait_until 15 log_shows; then pass "a *.boilerplate file opens as mbml-template"; else fail "a *.boilerplate file opens as mbml-template" "a didOpen with languageId mbml-template in Helix's log"; fi
template_published() { grep -F 'publishDiagnostics' <<< "$(log)" | grep -F "file://$template" | tail -1 || true; }
template_clean() { grep -qF '"diagnostics":[]' <<< "$(template_published)"; }
if wait_until 15 template_clean && ! grep -qE '^● ' <<< "$(screen)"; then
    pass "the template gets no diagnostic"
else
    fail "the template gets no diagnostic" "an empty publishDiagnostics for it and no ● (Helix's log: $(template_published))"
fi
search '\$\{first'
check_popup "a hover (space k) on \${first} in the template shows \"Barrett\" (the project's manifest)" '"Barrett"' Space k

tmx send-keys -t "$session" ':qa!' Enter
