#!/usr/bin/env bash
# End-to-end checks of the two ways to install mbml: bash .ci/install-e2e.sh PATH/TO/mbml
#  - Tools/make-deb.sh --binary PATH/TO/mbml: the package's control data and contents, the files
#    extracted with dpkg -x (the binary's --version, eval and --help, the man page, the themes),
#    and lintian when it is installed;
#  - Tools/install.sh --prefix DIR (which builds, a no-op after the release build): DIR/bin/mbml
#    --version, the man page renders, the completions load in bash (and zsh and fish when they are
#    installed) from the folders each reads, the installed themes are found, and --uninstall leaves
#    DIR as it was, for a DIR that existed and one that did not.
# Ends with "N passed, M failed".
set -uo pipefail

bin="$(cd "$(dirname "${1:?usage: install-e2e.sh PATH/TO/mbml}")" && pwd)/$(basename "$1")"
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

passed=0
failed=0
pass() { printf '  ok    %s\n' "$1"; passed=$((passed + 1)); }
fail() { printf '  FAIL  %s\n%s\n' "$1" "$2" | sed 's/^/        /;1s/^        //'; failed=$((failed + 1)); }
# check NAME COMMAND...: passes when COMMAND succeeds; its output is shown when it fails.
check() {
    local name="$1" output
    shift
    if output="$("$@" 2>&1)"; then pass "$name"; else fail "$name" "$output"; fi
}
# contains NAME TEXT NEEDLE: TEXT holds NEEDLE (fixed string)
contains() {
    if grep -qF -- "$3" <<< "$2"; then pass "$1"; else fail "$1" "lacks '$3' in:$(printf '\n')$2"; fi
}

version="$("$bin" version --release)"
commit="$("$bin" version --commit)"
version_line="mbml $version (commit $commit)"
echo "binary: $version_line"
contains "--version prints the release and the commit" "$("$bin" --version)" "$version_line"
contains "mbml version prints the same line" "$("$bin" version)" "$version_line"

# --- The Debian package ---------------------------------------------------------------------
echo "Debian package"
architecture="$(dpkg --print-architecture)"
deb="$work/deb/mbml_${version}-1_${architecture}.deb"
if output="$(bash "$repo/Tools/make-deb.sh" --binary "$bin" "$work/deb" 2>&1)" && [ -f "$deb" ]; then
    pass "make-deb.sh writes $(basename "$deb")"
else
    fail "make-deb.sh writes $(basename "$deb")" "$output"
fi
info="$(dpkg-deb --info "$deb" 2>&1)"
contains "control: Package" "$info" " Package: mbml"
contains "control: Version" "$info" " Version: ${version}-1"
contains "control: Architecture" "$info" " Architecture: $architecture"
depends="$(dpkg-deb --field "$deb" Depends 2>&1)"
for library in libc6 libxml2 libncursesw6 libtinfo6; do
    contains "Depends names $library (from the binary's shared libraries)" "$depends" "$library"
done
for field in Maintainer Installed-Size Section Priority Description; do
    contains "control: $field" "$info" " $field: "
done
contents="$(dpkg-deb --contents "$deb" 2>&1)"
for file in ./usr/bin/mbml ./usr/share/man/man1/mbml.1.gz ./usr/share/bash-completion/completions/mbml \
    ./usr/share/zsh/vendor-completions/_mbml ./usr/share/fish/vendor_completions.d/mbml.fish \
    ./usr/share/mbml/themes/default.theme ./usr/share/mbml/themes/light.theme \
    ./usr/share/mbml/themes/high-contrast.theme ./usr/share/mbml/themes/monochrome.theme \
    ./usr/share/doc/mbml/copyright ./usr/share/doc/mbml/changelog.Debian.gz ./usr/share/doc/mbml/changelog.gz; do
    contains "contents: $file" "$contents" " $file"
done
if grep -vE '^(d|-)r[w-]xr-xr-x root/root|^-rw-r--r-- root/root' <<< "$contents" | grep -q .; then
    fail "contents: owned by root, modes 755/644" "$contents"
else
    pass "contents: owned by root, modes 755/644"
fi
scratch="$work/scratch-root"
check "dpkg -x into a scratch root" dpkg -x "$deb" "$scratch"
installed="$scratch/usr/bin/mbml"
contains "the extracted binary's --version" "$("$installed" --version 2>&1)" "$version_line"
contains "the extracted binary's eval" "$("$installed" eval --context number '#(6 * 7)' 2>&1)" "42"
contains "the extracted binary's --help" "$("$installed" --help 2>&1)" "USAGE: mbml <subcommand>"
contains "the man page (gzip) renders" "$(MANPAGER=cat MANWIDTH=80 man -l "$scratch/usr/share/man/man1/mbml.1.gz" 2>&1)" "SYNOPSIS"
printf 'normal = green\n' > "$scratch/usr/share/mbml/themes/e2e-only.theme"
contains "the extracted binary finds its themes in usr/share/mbml/themes" \
    "$(cd "$work" && "$installed" inspect "$repo/Samples/tutorial/manifest.xml" --theme no-such-theme < /dev/null 2>&1)" "e2e-only"
contains "a theme only in usr/share/mbml/themes loads (the inspector then wants a terminal)" \
    "$(cd "$work" && "$installed" inspect "$repo/Samples/tutorial/manifest.xml" --theme e2e-only < /dev/null 2>&1)" "needs a terminal"
if command -v lintian >/dev/null 2>&1; then
    # No error or warning; the residual informational tags are explained in the README ("Install").
    check "lintian: no errors or warnings" lintian --fail-on error,warning "$deb"
else
    echo "  (lintian is not installed: skipped)"
fi

# --- Tools/install.sh --prefix --------------------------------------------------------------
echo "Tools/install.sh"
listing() { (cd "$1" && find . -printf '%y %m %p\n' | sort); }
prefix="$work/prefix"
mkdir -p "$prefix/bin" "$prefix/share/man/man1"
echo "not mbml's" > "$prefix/share/man/man1/other.1"
before="$(listing "$prefix")"
if output="$(bash "$repo/Tools/install.sh" --prefix "$prefix" 2>&1)"; then
    pass "install.sh --prefix DIR"
else
    fail "install.sh --prefix DIR" "$output"
fi
contains "DIR/bin/mbml --version" "$("$prefix/bin/mbml" --version 2>&1)" "mbml $version (commit "
rendered="$(MANPAGER=cat MANWIDTH=80 man -l "$prefix/share/man/man1/mbml.1" 2>&1)"
contains "man -l DIR/share/man/man1/mbml.1 renders the synopsis" "$rendered" "SYNOPSIS"
contains "the man page describes the version command" "$rendered" "Print the release version and the commit"
warnings="$(LC_ALL=C.UTF-8 MANWIDTH=80 man --warnings -E UTF-8 -l -Tutf8 -Z "$prefix/share/man/man1/mbml.1" 2>&1 >/dev/null)"
if [ -z "$warnings" ]; then pass "the man page renders without warnings (man --warnings)"; else fail "the man page renders without warnings (man --warnings)" "$warnings"; fi
for file in share/bash-completion/completions/mbml share/zsh/site-functions/_mbml \
    share/fish/vendor_completions.d/mbml.fish share/mbml/themes/default.theme share/mbml/install-manifest; do
    check "installed: $file" test -s "$prefix/$file"
done
completion="$prefix/share/bash-completion/completions/mbml"
contains "bash: the completion loads (complete -p mbml)" \
    "$(bash --norc -c "source '$completion' && complete -p mbml" 2>&1)" "-F _mbml mbml"
contains "bash: mbml ver<Tab> completes to version" "$(bash --norc -c "source '$completion'
    COMP_WORDS=(mbml ver); COMP_CWORD=1; COMP_LINE='mbml ver'; COMP_POINT=8
    \$(complete -p mbml | sed -E 's/.*-F ([^ ]+).*/\\1/') mbml ver mbml; printf '%s\\n' \"\${COMPREPLY[@]}\"" 2>&1)" "version"
if command -v zsh >/dev/null 2>&1; then
    check "zsh: the completion parses (zsh -n)" zsh -n "$prefix/share/zsh/site-functions/_mbml"
    contains "zsh: compinit finds _mbml in DIR/share/zsh/site-functions" "$(zsh -f -c "fpath=('$prefix/share/zsh/site-functions' \$fpath)
        autoload -Uz compinit && compinit -u -d '$work/zcompdump' && print -r -- \$_comps[mbml]" 2>&1)" "_mbml"
else
    echo "  (zsh is not installed: skipped)"
fi
if command -v fish >/dev/null 2>&1; then
    check "fish: the completion parses (fish -n)" fish --no-config -n "$prefix/share/fish/vendor_completions.d/mbml.fish"
    contains "fish: mbml ver<Tab> completes to version" "$(PATH="$prefix/bin:$PATH" fish --no-config -c \
        "set -p fish_complete_path '$prefix/share/fish/vendor_completions.d'; complete -C'mbml ver'" 2>&1)" "version"
else
    echo "  (fish is not installed: skipped)"
fi
printf 'normal = green\n' > "$work/e2e-only.theme"
cp "$work/e2e-only.theme" "$prefix/share/mbml/themes/"
contains "DIR/bin/mbml finds a theme in DIR/share/mbml/themes" \
    "$(cd "$work" && "$prefix/bin/mbml" inspect "$repo/Samples/tutorial/manifest.xml" --theme e2e-only < /dev/null 2>&1)" "needs a terminal"
rm "$prefix/share/mbml/themes/e2e-only.theme"
check "a second install over the first" bash "$repo/Tools/install.sh" --prefix "$prefix" --binary "$bin"
check "install.sh --uninstall" bash "$repo/Tools/install.sh" --prefix "$prefix" --uninstall
after="$(listing "$prefix")"
if [ "$before" = "$after" ]; then
    pass "--uninstall leaves DIR as it was (its own files and folders kept)"
else
    fail "--uninstall leaves DIR as it was (its own files and folders kept)" "$(diff <(echo "$before") <(echo "$after"))"
fi
fresh="$work/new/prefix"
check "install.sh into a DIR that does not exist" bash "$repo/Tools/install.sh" --prefix "$fresh" --binary "$bin"
check "... then --uninstall" bash "$repo/Tools/install.sh" --prefix "$fresh" --uninstall
check "... removes DIR again" test ! -e "$fresh"
check "... and the folders above it are untouched" test -d "$work/new"
if bash "$repo/Tools/install.sh" --prefix "$fresh" --uninstall > /dev/null 2>&1; then
    fail "--uninstall with nothing installed fails" "it succeeded"
else
    pass "--uninstall with nothing installed fails"
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
