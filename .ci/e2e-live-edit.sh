#!/usr/bin/env bash
# End-to-end check of live editing in the inspector (tmux, 120x40):
#
#   .ci/e2e-live-edit.sh [path/to/mbml]     (default: $MBML_BIN, else .build/release/mbml)
#
# 1. A manifest with a validation warning is edited three times (in place, by rename, by sed -i):
#    every edit reaches the screen; the status line counts the warning; F4 lists it as
#    manifest.xml:LINE:COL; after one literal changes the status reads `1 changed` and the row is
#    marked; `o` on the variable shows manifest.xml:LINE.
# 2. `E` with EDITOR set to a script that records its arguments receives `+LINE path`.
# 3. An <Include> of a file that does not exist yet, then the file is created: reload without a key.
# 4. A manifest with a slow dynamic variable draws its tree within 1 s, shows `computing…`, and
#    Ctrl-C ends it within 1 s with status 0.
# 5. Real terminal editors own the terminal: `E` on $price with VISUAL="vim --clean -n" (before
#    EDITOR=nano) shows
#    the manifest at its line, `:s/…/…/` and `:wq` bring the inspector back with the new value; the
#    same with nano (Ctrl-K, typed line, Ctrl-X y Enter), then from the diagnostics view (F4, Enter);
#    Ctrl-Z in vim stops the job in an interactive bash and `fg` brings vim back; `emacs -nw` too
#    when it is installed; an editor that does not exist leaves a message and the session goes on.
# Prints PASS/FAIL per check and `N passed, M failed`.
set -u
# shellcheck source=tmux-lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/tmux-lib.sh" "$@"

write_manifest() {  # write_manifest PRICE [EXTRA-LINE]
    cat > "$dir/.next.xml" <<XML
<MBML>
    <Var name="title" literal="Shop" colour="red"/>
    <Var name="price" literal="$1"/>
    <Var name="total" value="#(\$price * 2)"/>
    ${2:-}
</MBML>
XML
    mv -f "$dir/.next.xml" "$dir/manifest.xml"
}

# 1. Edits with a warning in the manifest.
write_manifest 10
cat > "$dir/editor.sh" <<SH
#!/bin/sh
printf '%s\n' "\$@" > '$dir/editor-args'
SH
chmod +x "$dir/editor.sh"
INSPECTOR_ENV="EDITOR='$dir/editor.sh'" start_inspector inspect manifest.xml
check "inspector opens a manifest with a warning" "price" "$(number_row '')"
tmx send-keys -t "$session" -l '$total'
check "the expression is evaluated" "$(number_row 20)"
check "the status line counts the warning" "1 warning"
for price in 11 12; do
    write_manifest "$price"
    check "rename-save with price $price reaches the screen" "$(number_row $((price * 2)))"
done
sed -i 's/literal="12"/literal="13"/' "$dir/manifest.xml"
check "sed -i with price 13 reaches the screen" "$(number_row 26)"
check "the status line says one literal changed (and the value built from it)" "2 changed · 0 added · 0 removed"
check "the changed row is marked" "^~ +price +\"13\""
check "the result row is marked as changed by the reload" "number +26 +~ changed"
tmx send-keys -t "$session" F4
check "F4 lists the warning with manifest.xml:LINE:COL" "manifest\\.xml:2:5" "colour"
tmx send-keys -t "$session" Escape
tmx send-keys -t "$session" BTab
sleep 0.2
tmx send-keys -t "$session" g
for _ in 1 2 3; do tmx send-keys -t "$session" j; done  # Environment, Platform, title, price (the manifest's order)
tmx send-keys -t "$session" o
check "o on \$price shows its declaration site" "declared at: manifest\\.xml:3:5" "kind: literal"
tmx send-keys -t "$session" q

# 2. E opens the declaration in $EDITOR.
tmx send-keys -t "$session" E
deadline=$((SECONDS + timeout))
while [ ! -s "$dir/editor-args" ] && [ "$SECONDS" -lt "$deadline" ]; do sleep 0.1; done
if [ "$(tr '\n' ' ' < "$dir/editor-args" 2>/dev/null)" = "+3 manifest.xml " ]; then
    pass "E runs \$EDITOR with +LINE path"
else
    fail "E runs \$EDITOR with +LINE path (got: '$(tr '\n' ' ' < "$dir/editor-args" 2>/dev/null)')"
fi
check "the inspector is back after the editor" "Variables" "$(number_row 26)"

# 3. An include that does not exist yet.
write_manifest 13 '<Include file="extra.xml"/>'
check "a missing include is reported" "1 error"
printf '<MBML><Var name="extra" literal="arrived"/></MBML>\n' > "$dir/extra.xml"
check "creating the included file reloads without a key" 'extra +"arrived"'
tmx send-keys -t "$session" C-c
wait_exit 5 || true
tmx kill-server >/dev/null 2>&1
rm -f "$dir/exit"

# 4. A slow dynamic variable never freezes the screen.
cat > "$dir/slow.xml" <<'XML'
<MBML>
    <Var name="quick" literal="here"/>
    <Var name="slow" type="dynamic" expression="^if(^repeatBool(1000000|^repeatBool(1000000|T))|done|no)"/>
</MBML>
XML
start=$(date +%s%N)
start_inspector inspect slow.xml
if wait_for 'quick +"here"' && [ $(( ($(date +%s%N) - start) / 1000000 )) -lt 1000 ]; then
    pass "the tree is drawn within 1 s"
else
    fail "the tree is drawn within 1 s ($(( ($(date +%s%N) - start) / 1000000 )) ms)"
    show_failure
fi
check "the slow dynamic variable shows computing…" "slow .*computing…"
start=$(date +%s%N)
tmx send-keys -t "$session" C-c
if wait_exit 1 && [ "$(cat "$dir/exit")" = "EXIT=0" ]; then
    pass "Ctrl-C during a slow computation exits within 1 s with status 0 ($(( ($(date +%s%N) - start) / 1000000 )) ms)"
else
    fail "Ctrl-C during a slow computation exits within 1 s with status 0 ($(cat "$dir/exit" 2>/dev/null || echo 'still running'))"
    show_failure
fi

# 5. Real terminal editors.
tmx kill-server >/dev/null 2>&1
rm -f "$dir/exit"
# stop_inspector NAME: Ctrl-C must end the inspector with status 0 (the terminal is its own again).
stop_inspector() {
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
# manifest_has NAME REGEX COUNT: the manifest holds COUNT lines matching REGEX.
manifest_has() {
    local found
    found=$(grep -Ec -- "$2" "$dir/manifest.xml")
    if [ "$found" = "$3" ]; then pass "$1"; else fail "$1 ($found lines match $2)"; fi
}
# select_price: focus the variables pane and select $price (Environment, Platform, price).
select_price() {
    tmx send-keys -t "$session" BTab
    tmx send-keys -t "$session" g j j j  # Environment, Platform, title, price
    check "\$price is selected" 'price +"[0-9]+"'
}
if command -v vim >/dev/null 2>&1; then
    write_manifest 13
    INSPECTOR_ENV="VISUAL='vim --clean -n' EDITOR=nano" start_inspector inspect manifest.xml
    check "vim: the inspector opens the manifest" 'price +"13"'
    tmx send-keys -t "$session" -l '$total'
    check "vim: the expression is evaluated" "$(number_row 26)"
    select_price
    tmx send-keys -t "$session" E
    check "vim shows the manifest in the terminal" 'literal="13"' '^~'
    check "vim opened the manifest at the line of \$price (ruler 3,5)" ' 3,5 +All'
    tmx send-keys -t "$session" -l ':s/literal="13"/literal="17"/'
    tmx send-keys -t "$session" Enter
    check "vim: the substitution is on screen" 'literal="17"'
    tmx send-keys -t "$session" -l ':wq'
    tmx send-keys -t "$session" Enter
    check "vim: the inspector is back with the new value" 'price +"17"' "$(number_row 34)"
    tmx send-keys -t "$session" j k
    check "vim: keys still reach the inspector" 'price +"17"' "Variables"
    manifest_has "vim: only line 3 changed" 'literal="(13|17)"' 1
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
    check "nano shows the manifest in the terminal" 'GNU nano' 'literal="13"'
    # The cursor is on line 3 ($price): replace the line.
    tmx send-keys -t "$session" C-k
    tmx send-keys -t "$session" -l '    <Var name="price" literal="19"/>'
    tmx send-keys -t "$session" Enter
    check "nano: the new line is on screen" 'literal="19"'
    tmx send-keys -t "$session" C-x
    check "nano asks to save" 'Save modified buffer'
    tmx send-keys -t "$session" y
    check "nano asks for the file name" 'File Name to Write'
    tmx send-keys -t "$session" Enter
    check "nano: the inspector is back with the new value" 'price +"19"' "$(number_row 38)"
    manifest_has "nano: line 3 was replaced" 'name="price"' 1

    # From the diagnostics view: F4, Enter opens the warning's line.
    tmx send-keys -t "$session" F4
    check "nano: F4 lists the warning" "manifest\\.xml:2:5"
    tmx send-keys -t "$session" Enter
    check "nano opens the warning's line from the diagnostics view" 'GNU nano' 'colour="red"'
    tmx send-keys -t "$session" C-x
    check "nano: back from the diagnostics view" 'price +"19"' "$(number_row 38)"
    stop_inspector nano
else
    fail "nano is not installed (.ci/install-deps installs it)"
fi

# Ctrl-Z in the editor suspends the whole job in an interactive shell; `fg` brings the editor back.
if command -v vim >/dev/null 2>&1 && command -v bash >/dev/null 2>&1; then
    write_manifest 13
    tmx new-session -d -s "$session" -x 120 -y 40 "cd '$dir' && PS1='jobs\$ ' bash --norc --noprofile -i"
    check "job control: an interactive shell" '^jobs\$'
    tmx send-keys -t "$session" -l "VISUAL='vim --clean -n' '$bin' inspect manifest.xml"
    tmx send-keys -t "$session" Enter
    check "job control: the inspector opens the manifest" 'price +"13"'
    select_price
    tmx send-keys -t "$session" E
    check "job control: vim shows the manifest" ' 3,5 +All'
    tmx send-keys -t "$session" C-z
    check "job control: Ctrl-Z in vim stops the job and the shell has the terminal" 'Stopped.*inspect manifest\.xml' '^jobs\$ *$'
    tmx send-keys -t "$session" -l 'fg'
    tmx send-keys -t "$session" Enter
    check "job control: fg brings vim back" ' 3,5 +All'
    tmx send-keys -t "$session" -l ':q'
    tmx send-keys -t "$session" Enter
    check "job control: :q brings the inspector back" 'price +"13"' "Variables"
    tmx send-keys -t "$session" C-c
    check "job control: Ctrl-C quits to the shell" '^jobs\$ *$'
    tmx send-keys -t "$session" -l 'echo "status=$?"'
    tmx send-keys -t "$session" Enter
    check "job control: the inspector exited with status 0" '^status=0'
    tmx kill-server >/dev/null 2>&1
fi

# emacs -nw, when installed (not by .ci/install-deps: it is big): kill line 3, type it anew, save.
if command -v emacs >/dev/null 2>&1; then
    write_manifest 13
    INSPECTOR_ENV="VISUAL='emacs -nw -Q'" start_inspector inspect manifest.xml
    check "emacs: the inspector opens the manifest" 'price +"13"'
    select_price
    tmx send-keys -t "$session" E
    check "emacs -nw shows the manifest at line 3" 'manifest\.xml +All L3'
    tmx send-keys -t "$session" C-a C-k
    tmx send-keys -t "$session" -l '    <Var name="price" literal="23"/>'
    tmx send-keys -t "$session" C-x C-s
    check "emacs saved the manifest" 'Wrote .*manifest\.xml'
    tmx send-keys -t "$session" C-x C-c
    check "emacs: the inspector is back with the new value" 'price +"23"'
    stop_inspector emacs
else
    echo "(emacs is not installed: its check is skipped)"
fi

# An editor that does not exist: a message, and the session goes on.
write_manifest 13
INSPECTOR_ENV="EDITOR=no-such-editor-mbml VISUAL=" start_inspector inspect manifest.xml
check "missing editor: the inspector opens the manifest" 'price +"13"'
select_price
tmx send-keys -t "$session" E
check "missing editor: a clear message" "Could not start the editor: no-such-editor-mbml not found"
tmx send-keys -t "$session" j
check "missing editor: the session goes on" "Variables" 'price +"13"'
stop_inspector "missing editor"

finish
