#!/usr/bin/env bash
# End-to-end check of the inspector's daily loop (issue 32), in tmux (120x40):
#
#   .ci/e2e-daily-loop.sh [path/to/mbml]     (default: $MBML_BIN, else .build/release/mbml)
#
# 1. The `E` round trip with real vim and nano: after the editor returns the status line reports
#    what the save changed (`1 changed` with the row marked `~` and a `changed $price` log line;
#    `1 added` after a new line), once, and no `~` of vim's screen is left on the inspector's.
# 2. Results out: `y` in Results sends the result as JSON with OSC 52 (tmux `set-clipboard on`
#    makes it a paste buffer: `show-buffer` prints it); `Y` the expression with it; Ctrl-X in a
#    pipeline (`mbml … | cat > out`) draws on the terminal and leaves the selected result on
#    standard output, Alt-X the expression.
# 3. Browsing: `z` gives the tree the whole screen and back; variables come in the manifest's
#    order, `s` sorts them by name; `+` expands everything; `E` on a node of a JSON data file
#    opens the editor at the node's line, on a JSON Lines record at the record's line.
# 4. Trust: quitting with a pin not saved asks first; LANG=C draws distinct marks.
# Prints PASS/FAIL per check and `N passed, M failed`.
set -u
# shellcheck source=tmux-lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/tmux-lib.sh" "$@"

write_manifest() {  # write_manifest PRICE [EXTRA-LINE]
    cat > "$dir/.next.xml" <<XML
<MBML>
    <Var name="title" literal="Shop"/>
    <Var name="price" literal="$1"/>
    <Var name="total" value="#(\$price * 2)"/>
    ${2:-}
</MBML>
XML
    mv -f "$dir/.next.xml" "$dir/manifest.xml"
}

stop_inspector() {  # stop_inspector NAME
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

# select_price: focus the variables pane and select $price ($Environment, $Platform, then the
# manifest's order: title, price).
select_price() {
    tmx send-keys -t "$session" BTab
    tmx send-keys -t "$session" g j j j
    check "\$price is selected (the manifest's order)" 'price +"[0-9]+"'
}

# no_vim_residue NAME: no line of the screen is a lone `~` (vim's empty-line marker).
no_vim_residue() {
    sleep 0.3
    if screen | grep -Eq '^~ *$|│~ *$'; then
        fail "$1: no ~ of vim's screen is left"
        show_failure
    else
        pass "$1: no ~ of vim's screen is left"
    fi
}

# 1. The E round trip.
if command -v vim >/dev/null 2>&1; then
    write_manifest 13
    INSPECTOR_ENV="VISUAL='vim --clean -n' EDITOR=nano" start_inspector inspect manifest.xml
    check "vim: the inspector opens the manifest" 'price +"13"'
    tmx send-keys -t "$session" -l '$total'
    check "vim: the expression is evaluated" "$(number_row 26)"
    select_price
    tmx send-keys -t "$session" E
    check "vim shows the manifest at \$price's line" 'literal="13"' ' 3,5 +All'
    tmx send-keys -t "$session" -l ':s/literal="13"/literal="17"/'
    tmx send-keys -t "$session" Enter
    tmx send-keys -t "$session" -l ':wq'
    tmx send-keys -t "$session" Enter
    check "vim: back with the new value" 'price +"17"' "$(number_row 34)"
    sleep 1 # the watcher's debounce and any second reload have come and gone
    check "vim: the status line reports the save (price and the total built from it)" "2 changed · 0 added · 0 removed"
    check "vim: the changed row is marked ~" '^~ +price +"17"'
    check "vim: the log says what changed" 'changed \$price: "13" → "17"'
    no_vim_residue "vim"
    # A new line: `1 added`. A reload within ReloadBurst.window (1.5 s) of the last one is taken as
    # part of the same save and compared with the space before it; this is a second save.
    sleep 1.6
    tmx send-keys -t "$session" E
    check "vim opens again" 'literal="17"' ' 3,5 +All'
    tmx send-keys -t "$session" -l 'o    <Var name="tax" literal="5"/>'
    tmx send-keys -t "$session" Escape
    tmx send-keys -t "$session" -l ':wq'
    tmx send-keys -t "$session" Enter
    check "vim: back with the new variable" 'tax +"5"'
    sleep 1
    check "vim: the status line reports 1 added" "0 changed · 1 added · 0 removed"
    check "vim: the new row is marked +" '^\+ +tax +"5"'
    check "vim: the log says what was added" 'added \$tax: "5"'
    no_vim_residue "vim, second round trip"
    stop_inspector vim
else
    fail "vim is not installed (.ci/install-deps installs it)"
fi

if command -v nano >/dev/null 2>&1; then
    write_manifest 13
    INSPECTOR_ENV="EDITOR=nano VISUAL=" start_inspector inspect manifest.xml
    check "nano: the inspector opens the manifest" 'price +"13"'
    tmx send-keys -t "$session" -l '$total'
    check "nano: the expression is evaluated" "$(number_row 26)"
    select_price
    tmx send-keys -t "$session" E
    check "nano shows the manifest" 'GNU nano' 'literal="13"'
    tmx send-keys -t "$session" C-k
    tmx send-keys -t "$session" -l '    <Var name="price" literal="19"/>'
    tmx send-keys -t "$session" Enter
    tmx send-keys -t "$session" C-x
    check "nano asks to save" 'Save modified buffer'
    tmx send-keys -t "$session" y
    check "nano asks for the file name" 'File Name to Write'
    tmx send-keys -t "$session" Enter
    check "nano: back with the new value" 'price +"19"' "$(number_row 38)"
    sleep 1
    check "nano: the status line reports the save" "2 changed · 0 added · 0 removed"
    check "nano: the changed row is marked ~" '^~ +price +"19"'
    check "nano: the log says what changed" 'changed \$price: "13" → "19"'
    stop_inspector nano
else
    fail "nano is not installed (.ci/install-deps installs it)"
fi

# 2. Results out.
printf '{"items": [{"name": "a", "n": 1}, {"name": "b", "n": 2}], "label": "x\\u001b[31my"}\n' > "$dir/data.json"
start_inspector data.json --expr '$data.items'
tmx set-option -g set-clipboard on
check "the JSON file opens with the expression" 'object +\[2\] \{2\}, \{2\}'
tmx send-keys -t "$session" F6
check "F6 focuses Results" 'y copies JSON'
tmx send-keys -t "$session" y
check "y says what it sent" 'Sent [0-9]+ characters of JSON \(the value\) via OSC 52'
sleep 0.3
got="$(tmx show-buffer 2>/dev/null)"
if [ "$got" = '[{"name":"a","n":1},{"name":"b","n":2}]' ]; then
    pass "the copy arrives through OSC 52 as the result's JSON ($got)"
else
    fail "the copy arrives through OSC 52 as the result's JSON (buffer: '$got')"
fi
tmx send-keys -t "$session" Y
sleep 0.3
got="$(tmx show-buffer 2>/dev/null)"
if [ "$got" = '{"id":"$data.items","expr":"$data.items","expect":[{"name":"a","n":1},{"name":"b","n":2}]}' ]; then
    pass "Y sends the expression with its result, a line mbml check reads"
else
    fail "Y sends the expression with its result (buffer: '$got')"
fi
tmx send-keys -t "$session" Escape
tmx send-keys -t "$session" C-u
tmx send-keys -t "$session" -l '$data.label'
check "the label is evaluated" 'string +x'
tmx send-keys -t "$session" F6
tmx send-keys -t "$session" y
sleep 0.3
got="$(tmx show-buffer 2>/dev/null)"
if [ "$got" = '"x\u001b[31my"' ]; then
    pass "a control character in a result travels as a JSON escape, never raw"
else
    fail "a control character in a result travels as a JSON escape (buffer: $(printf '%s' "$got" | od -c | head -2))"
fi
stop_inspector "results"

tmx new-session -d -s "$session" -x 120 -y 40 \
    "cd '$dir' && '$bin' data.json --expr '\$data.items.count' 2>'$dir/stderr' | cat > '$dir/out.txt'; echo EXIT=\$? > '$dir/exit'"
check "in a pipeline the inspector draws on the terminal" 'Variables' "$(number_row 2)"
tmx send-keys -t "$session" F6 j j
tmx send-keys -t "$session" C-x
if wait_exit 5 && [ "$(cat "$dir/out.txt")" = "2" ]; then
    pass "Ctrl-X quits and prints the selected result (number: 2) on standard output"
else
    fail "Ctrl-X prints the selected result (out: '$(cat "$dir/out.txt" 2>/dev/null)', $(cat "$dir/exit" 2>/dev/null))"
    show_failure
fi
tmx kill-server >/dev/null 2>&1
rm -f "$dir/exit"
tmx new-session -d -s "$session" -x 120 -y 40 \
    "cd '$dir' && '$bin' data.json --expr '\$data.items[1].name' 2>'$dir/stderr' | cat > '$dir/out.txt'; echo EXIT=\$? > '$dir/exit'"
check "a second pipeline" "string +b"
tmx send-keys -t "$session" M-x
if wait_exit 5 && [ "$(cat "$dir/out.txt")" = '$data.items[1].name' ]; then
    pass "Alt-X quits and prints the expression"
else
    fail "Alt-X prints the expression (out: '$(cat "$dir/out.txt" 2>/dev/null)')"
    show_failure
fi
tmx kill-server >/dev/null 2>&1
rm -f "$dir/exit"

# 3. Browsing.
write_manifest 13 '<Var name="aardvark" literal="last declared, first by name"/>'
start_inspector inspect manifest.xml
check "the manifest opens" 'price +"13"'
tmx send-keys -t "$session" BTab
rows="$(screen | grep -Eo '^[ ~+]+(title|price|total|aardvark) ' | tr -d ' ~+' | tr '\n' ' ')"
if [ "$rows" = "title price total aardvark " ]; then pass "variables come in the manifest's order"; else fail "manifest order (got: $rows)"; fi
tmx send-keys -t "$session" s
check "s sorts them by name" "sorted by name"
rows="$(screen | grep -Eo '^[ ~+]+(title|price|total|aardvark) ' | tr -d ' ~+' | tr '\n' ' ')"
if [ "$rows" = "aardvark price title total " ]; then pass "s: sorted by name"; else fail "sorted by name (got: $rows)"; fi
tmx send-keys -t "$session" z
check "z gives the tree the whole screen" '^ Variables'
if screen | grep -q 'Expression'; then fail "z hides the other panes"; show_failure; else pass "z hides the other panes"; fi
tmx send-keys -t "$session" z
check "z again gives the panes back" 'Expression' 'Results'
stop_inspector "browse"

python3 -c '
import json
records = [{"id": i, "tags": ["t%d" % i]} for i in range(30)]
json.dump({"records": records}, open("'"$dir"'/big.json", "w"), indent=2)
open("'"$dir"'/log.jsonl", "w").write("\n".join(json.dumps(r) for r in records) + "\n")
'
cat > "$dir/editor.sh" <<SH
#!/bin/sh
printf '%s\n' "\$@" > '$dir/editor-args'
SH
chmod +x "$dir/editor.sh"
INSPECTOR_ENV="EDITOR='$dir/editor.sh' VISUAL=" start_inspector big.json
check "big.json opens" 'data'
tmx send-keys -t "$session" BTab
tmx send-keys -t "$session" +
check "+ expands everything" 'Expanded everything \(1[0-9][0-9] rows\)' '\[0\]  "t0"'
want_line="$(grep -n '"t17"' "$dir/big.json" | cut -d: -f1)"
tmx send-keys -t "$session" /
tmx send-keys -t "$session" -l 't17'
tmx send-keys -t "$session" Enter
check "the search finds record 17's tag" 'Match 1 of 1 for “t17”' '\$data\.records\[17\]\.tags\[0\]'
tmx send-keys -t "$session" E
sleep 0.5
if [ "$(sed -n 1p "$dir/editor-args" 2>/dev/null)" = "+$want_line" ] && [ "$(sed -n 2p "$dir/editor-args")" = "big.json" ]; then
    pass "E on a node of a JSON file opens its line (+$want_line big.json)"
else
    fail "E on a JSON node (got: $(tr '\n' ' ' < "$dir/editor-args" 2>/dev/null), want +$want_line big.json)"
fi
row="$(screen | grep -n '"t17"' | head -1 | cut -d: -f1)"
if [ -n "$row" ] && [ "$row" -gt 10 ] && [ "$row" -lt 30 ]; then pass "the match is near the middle of the pane (row $row of 40)"; else fail "the match is centred (row: '$row')"; show_failure; fi
stop_inspector "json"

rm -f "$dir/editor-args"
INSPECTOR_ENV="EDITOR='$dir/editor.sh' VISUAL=" start_inspector log.jsonl
check "log.jsonl opens" 'data'
tmx send-keys -t "$session" BTab
tmx send-keys -t "$session" g j j l
for _ in $(seq 12); do tmx send-keys -t "$session" j; done
check "record 11 is selected" '\[11\]'
tmx send-keys -t "$session" E
sleep 0.5
if [ "$(tr '\n' ' ' < "$dir/editor-args" 2>/dev/null)" = "+12 log.jsonl " ]; then
    pass "E on a JSON Lines record opens its line (+12)"
else
    fail "E on a JSON Lines record (got: $(tr '\n' ' ' < "$dir/editor-args" 2>/dev/null))"
    show_failure
fi
stop_inspector "jsonl"

# 4. Trust: a pin not saved is asked about on quit.
write_manifest 13
start_inspector inspect manifest.xml
check "the manifest opens" 'price +"13"'
tmx send-keys -t "$session" -l '$total'
tmx send-keys -t "$session" C-p
check "Ctrl-P pins it" 'Pins \(1\)'
tmx send-keys -t "$session" C-c
check "quitting asks about the pin" '1 pin is not saved: Ctrl-S saves them'
tmx send-keys -t "$session" Escape
check "Esc stays" 'Not quitting'
tmx send-keys -t "$session" C-c
check "asked again" '1 pin is not saved'
tmx send-keys -t "$session" C-s
check "Ctrl-S asks for the file name" 'pins\.jsonl'
tmx send-keys -t "$session" Enter
if wait_exit 5 && [ "$(cat "$dir/exit")" = "EXIT=0" ] && grep -qF '"expr":"$total"' "$dir/pins.jsonl"; then
    pass "the pins are saved, then the inspector quits"
else
    fail "save then quit ($(cat "$dir/exit" 2>/dev/null), pins: $(cat "$dir/pins.jsonl" 2>/dev/null))"
    show_failure
fi
tmx kill-server >/dev/null 2>&1
rm -f "$dir/exit"

finish
