#!/usr/bin/env bash
# Installs mbml for one user (or into any prefix) from a clone of the repository:
#
#   Tools/install.sh [--prefix DIR] [--binary FILE]     build and install (DIR defaults to ~/.local)
#   Tools/install.sh [--prefix DIR] --uninstall         remove what the last install put there
#
# Builds the static release binary (`swift build -c release --static-swift-stdlib --product mbml`;
# --binary FILE installs FILE instead) and installs it with its man page, the bash, zsh and fish
# completions and the inspector's themes (the list is in Tools/lib/mbml-files.sh). Every file and
# every folder it creates is written to DIR/share/mbml/install-manifest; --uninstall removes those
# files, then those folders if they are empty, and DIR is as it was before the install.
set -euo pipefail

# shellcheck source=Tools/lib/mbml-files.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/mbml-files.sh"

usage() {
    sed -n '2,11p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
}

prefix="${HOME:?HOME is not set; give --prefix DIR}/.local"
binary=""
uninstall=false
while [ $# -gt 0 ]; do
    case "$1" in
        --prefix) [ $# -ge 2 ] || { echo "install.sh: --prefix needs a folder" >&2; exit 2; }; prefix="$2"; shift 2 ;;
        --prefix=*) prefix="${1#--prefix=}"; shift ;;
        --binary) [ $# -ge 2 ] || { echo "install.sh: --binary needs a file" >&2; exit 2; }; binary="$2"; shift 2 ;;
        --binary=*) binary="${1#--binary=}"; shift ;;
        --uninstall) uninstall=true; shift ;;
        -h | --help) usage; exit 0 ;;
        *) echo "install.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
    esac
done
[ -n "$prefix" ] || { echo "install.sh: --prefix is empty" >&2; exit 2; }
case "$prefix" in /*) ;; *) prefix="$PWD/$prefix" ;; esac
prefix="${prefix%/}"
manifest_name="share/mbml/install-manifest"
manifest="$prefix/$manifest_name"

# Removes what the manifest lists: the files (and the manifest), then the folders the install
# created, deepest first, each only if it is empty.
remove_installed() {
    local kind path
    local folders=()
    while IFS=' ' read -r kind path; do
        case "/$path/" in */../*) echo "install.sh: skipping '$path' in the manifest" >&2; continue ;; esac
        case "$kind" in
            file) rm -f -- "${prefix:?}/$path" ;;
            folder) folders+=("$path") ;;
        esac
    done < <(grep -v '^#' "$manifest")
    rm -f -- "$manifest"
    local index
    for ((index = ${#folders[@]} - 1; index >= 0; index--)); do
        if [ "${folders[index]}" = "." ]; then
            rmdir -- "$prefix" 2>/dev/null || true
        else
            rmdir -- "$prefix/${folders[index]}" 2>/dev/null || true
        fi
    done
}

if $uninstall; then
    if [ ! -f "$manifest" ]; then
        echo "install.sh: nothing to uninstall: $manifest does not exist" >&2
        exit 1
    fi
    count="$(grep -c '^file ' "$manifest" || true)"
    remove_installed
    echo "Removed mbml from $prefix ($count files)."
    exit 0
fi

# Build (or take the given binary) and lay everything out in a scratch folder first, so that a
# failed build leaves the prefix untouched.
if [ -z "$binary" ]; then
    echo "==> Building the release binary (swift build ${MBML_BUILD_FLAGS[*]})"
    binary="$(mbml_build_release)"
fi
[ -x "$binary" ] || { echo "install.sh: $binary is not an executable" >&2; exit 1; }
stage="$(mktemp -d)"
trap 'rm -rf -- "$stage" "$stage.manifest"' EXIT
echo "==> Making the man page and the completions"
mbml_stage "$binary" "$stage" share/zsh/site-functions

# A second install replaces the first: its files go, and the folders it created are recorded again.
if [ -f "$manifest" ]; then
    remove_installed
fi

# The folders to create, outermost first ("." for DIR itself); those that exist already are not ours
# to remove.
created=()
[ -d "$prefix" ] || created+=(".")
record_folders() {
    local walked="" part entry known
    IFS=/ read -r -a parts <<< "$1"
    for part in "${parts[@]}"; do
        walked="${walked:+$walked/}$part"
        [ -d "$prefix/$walked" ] && continue
        known=false
        for entry in "${created[@]+"${created[@]}"}"; do [ "$entry" = "$walked" ] && known=true; done
        $known || created+=("$walked")
    done
}
files=()
while IFS= read -r file; do files+=("${file#"$stage"/}"); done < <(find "$stage" -type f | sort)
for file in "${files[@]}" "$manifest_name"; do record_folders "$(dirname "$file")"; done

echo "==> Installing into $prefix"
mkdir -p -- "$prefix"
{
    echo "# Written by Tools/install.sh: what it installed into $prefix; 'Tools/install.sh --prefix $prefix --uninstall' removes it."
    for folder in "${created[@]+"${created[@]}"}"; do echo "folder $folder"; done
    for file in "${files[@]}"; do echo "file $file"; done
} > "$stage.manifest"
for file in "${files[@]}"; do
    if [ -e "$prefix/$file" ]; then echo "  replacing $prefix/$file (it was not installed by this script)"; fi
    mkdir -p -- "$(dirname "$prefix/$file")"
    install -m "$(stat -c %a "$stage/$file")" "$stage/$file" "$prefix/$file"
done
mv -- "$stage.manifest" "$manifest"
chmod 644 "$manifest"

echo "Installed $("$prefix/bin/mbml" --version) into $prefix:"
for file in "${files[@]}"; do echo "  $prefix/$file"; done
case ":$PATH:" in
    *":$prefix/bin:"*) ;;
    *) echo "Add $prefix/bin to your PATH (man finds $prefix/share/man through it)." ;;
esac
echo "zsh reads completions from the folders on \$fpath: add fpath=($prefix/share/zsh/site-functions \$fpath)"
echo "to ~/.zshrc before compinit if it is not there (README, \"Install\"). Uninstall with:"
echo "  $0 --prefix $prefix --uninstall"
