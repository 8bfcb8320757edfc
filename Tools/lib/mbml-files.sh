# shellcheck shell=bash
# The files mbml installs, laid out under a prefix: sourced by Tools/install.sh (PREFIX = ~/.local or
# --prefix) and Tools/make-deb.sh (PREFIX = /usr), so both install the same set.
#
#   bin/mbml                                      the static release binary
#   share/man/man1/mbml.1                         the man page (argument-parser's generate-manual)
#   share/bash-completion/completions/mbml        bash completion
#   ZSH_DIR/_mbml                                 zsh completion (share/zsh/site-functions, or
#                                                 share/zsh/vendor-completions in the Debian package)
#   share/fish/vendor_completions.d/mbml.fish     fish completion
#   share/mbml/themes/*.theme                     the inspector's themes (`mbml inspect --theme NAME`
#                                                 finds them beside the binary)

MBML_REPOSITORY="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
MBML_BUILD_FLAGS=(-c release --static-swift-stdlib --product mbml)

# Builds the static release binary (README, "Quick start") and prints its path.
mbml_build_release() {
    (cd "$MBML_REPOSITORY" && swift build "${MBML_BUILD_FLAGS[@]}" >&2 \
        && printf '%s/mbml\n' "$(swift build "${MBML_BUILD_FLAGS[@]}" --show-bin-path)")
}

# Builds argument-parser's generate-manual tool (the one the `swift package generate-manual` plugin
# runs) in the same build folder and prints its path. Only its own sources are compiled: the
# argument-parser modules are the ones the release binary already built. $MBML_GENERATE_MANUAL
# names an already-built one instead.
mbml_build_manual_tool() {
    if [ -n "${MBML_GENERATE_MANUAL:-}" ]; then
        printf '%s\n' "$MBML_GENERATE_MANUAL"
        return
    fi
    (cd "$MBML_REPOSITORY" && swift build -c release --static-swift-stdlib --product generate-manual >&2 \
        && printf '%s/generate-manual\n' "$(swift build "${MBML_BUILD_FLAGS[@]}" --show-bin-path)")
}

# mbml_commit_epoch COMMIT: the commit's time (seconds since 1970) from the repository, for a commit
# `mbml version --commit` printed; the current time when it is unknown or not in the repository.
mbml_commit_epoch() {
    local hash="${1%-modified}"
    if [ "$hash" != unknown ] && git -C "$MBML_REPOSITORY" -c 'safe.directory=*' show -s --format=%ct "$hash" 2>/dev/null; then
        return
    fi
    date +%s
}

# mbml_stage BINARY ROOT ZSH_DIR: lays the files out under ROOT (a scratch folder).
mbml_stage() {
    local binary="$1" root="$2" zsh_dir="$3" manual_tool
    manual_tool="$(mbml_build_manual_tool)"
    install -d "$root/bin" "$root/share/man/man1" "$root/share/bash-completion/completions" \
        "$root/$zsh_dir" "$root/share/fish/vendor_completions.d" "$root/share/mbml/themes"
    install -m 755 "$binary" "$root/bin/mbml"
    # The manual reads the commands from the binary (--experimental-dump-help); dated by
    # $SOURCE_DATE_EPOCH or the binary's commit, so the same commit gives the same page.
    local epoch
    epoch="${SOURCE_DATE_EPOCH:-$(mbml_commit_epoch "$("$binary" version --commit)")}"
    local date=(--date "$(date -u -d "@$epoch" +%F)")
    "$manual_tool" "$root/bin/mbml" "${date[@]}" --output-directory "$root/share/man/man1" >/dev/null
    test -s "$root/share/man/man1/mbml.1"
    # The tool copies the blank lines of the commands' discussions into the page, where mdoc wants
    # a paragraph macro (man --warnings: "Empty input line").
    sed -i 's/^$/.Pp/' "$root/share/man/man1/mbml.1"
    # bash completions are sourced, not run: no #! line (lintian: bash-completion-with-hashbang).
    "$root/bin/mbml" --generate-completion-script bash | sed '1{/^#!/d}' > "$root/share/bash-completion/completions/mbml"
    "$root/bin/mbml" --generate-completion-script zsh > "$root/$zsh_dir/_mbml"
    "$root/bin/mbml" --generate-completion-script fish > "$root/share/fish/vendor_completions.d/mbml.fish"
    install -m 644 "$MBML_REPOSITORY"/Themes/*.theme "$root/share/mbml/themes/"
    chmod 644 "$root/share/man/man1/mbml.1" "$root/share/bash-completion/completions/mbml" \
        "$root/$zsh_dir/_mbml" "$root/share/fish/vendor_completions.d/mbml.fish"
}
