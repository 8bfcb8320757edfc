#!/usr/bin/env bash
# `E` on a manifest whose name starts with `+` or `-` (issue 29): the editor gets the name as a path
# (`./NAME`), never as a command or an option. With real vim in tmux, `mbml inspect '+!touch PWNED'`
# then `E` opens the file and runs no Ex command (before the fix vim ran `:!touch PWNED`); `-x`
# (vim's encryption option) opens the file too. A recording editor checks the argument for every
# form $VISUAL/$EDITOR take: a bare program, with arguments, quoted, and `code --wait`-like.
#
#   .ci/e2e-editor-names.sh [path/to/mbml]     (default: $MBML_BIN, else .build/release/mbml)
#
# Prints PASS/FAIL per check and `N passed, M failed`; exits non-zero when anything failed.
set -u
# shellcheck source=tmux-lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/tmux-lib.sh" "$@"

write_manifest() {  # write_manifest NAME
    printf '<MBML>\n    <Var name="title" literal="Shop"/>\n    <Var name="price" literal="13"/>\n</MBML>\n' > "$dir/$1"
}

stop_inspector() {  # stop_inspector NAME
    keys C-c
    if wait_exit 5 && [ "$(cat "$dir/exit")" = "EXIT=0" ]; then
        pass "$1: Ctrl-C quits with status 0"
    else
        fail "$1: Ctrl-C quits with status 0 ($(cat "$dir/exit" 2>/dev/null || echo 'still running'))"
        show_failure
    fi
    tmx kill-server >/dev/null 2>&1
    rm -f "$dir/exit"
}

# select_price: focus the variables pane and select $price (Environment, Platform, price), whose
# declaration `E` opens.
select_price() {
    keys BTab
    keys g j j
    sleep 0.3
}

# 1. A recording editor in every form: the last two arguments are +LINE and ./NAME.
mkdir -p "$dir/bin dir"
cat > "$dir/bin dir/record" <<SH
#!/bin/sh
printf '%s\n' "\$@" > '$dir/editor-args'
SH
chmod +x "$dir/bin dir/record"
for name in '+!touch PWNED' '-x' '+x'; do
    write_manifest "$name"
    for editor in "VISUAL=\"'$dir/bin dir/record'\"" "VISUAL=\"'$dir/bin dir/record' --wait\"" \
        "PATH='$dir/bin dir':\"\$PATH\" VISUAL= EDITOR='record -n -w'"; do
        rm -f "$dir/editor-args"
        INSPECTOR_ENV="$editor" start_inspector inspect -- "$name"
        check "$name with $editor: the inspector opens it" 'title +"Shop"'
        select_price
        keys E
        deadline=$((SECONDS + timeout))
        while [ ! -s "$dir/editor-args" ] && [ "$SECONDS" -lt "$deadline" ]; do sleep 0.1; done
        last="$(tail -n 1 "$dir/editor-args" 2>/dev/null)"
        if [ "$last" = "./$name" ] && ! grep -qxF -- "$name" "$dir/editor-args"; then
            pass "$name with $editor: the editor gets ./$name"
        else
            fail "$name with $editor: the editor gets ./$name (got: $(tr '\n' '|' < "$dir/editor-args" 2>/dev/null))"
        fi
        check "$name: the inspector is back after the editor" 'title +"Shop"'
        stop_inspector "$name"
    done
done

# 2. Real vim: no Ex command runs, and the file is opened.
if command -v vim >/dev/null 2>&1; then
    for name in '+!touch PWNED' '-x'; do
        write_manifest "$name"
        rm -f "$dir/PWNED"
        INSPECTOR_ENV="VISUAL='vim --clean -n'" start_inspector inspect -- "$name"
        check "vim, $name: the inspector opens it" 'title +"Shop"'
        select_price
        keys E
        check "vim, $name: vim shows the manifest" 'literal="13"' '^~'
        keys -l ':q'
        keys Enter
        check "vim, $name: the inspector is back" 'title +"Shop"'
        if [ -e "$dir/PWNED" ]; then fail "vim, $name: the file name ran as an Ex command (PWNED exists)"; else pass "vim, $name: no Ex command ran (no PWNED)"; fi
        stop_inspector "vim $name"
    done
else
    fail "vim is not installed (.ci/install-deps installs it)"
fi

finish
