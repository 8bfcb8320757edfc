#!/usr/bin/env bash
# Builds the Debian package of mbml: Tools/make-deb.sh [--binary FILE] OUT_DIR
#
# Writes OUT_DIR/mbml_VERSION-REVISION_ARCH.deb holding the files Tools/install.sh installs (the list
# is in Tools/lib/mbml-files.sh) under /usr, zsh's completion in /usr/share/zsh/vendor-completions
# (the folder Debian's zsh reads), plus /usr/share/doc/mbml. VERSION is the binary's release version
# (`mbml version --release`), REVISION is $MBML_DEB_REVISION (default 1), ARCH is dpkg's architecture.
# Depends is computed by dpkg-shlibdeps from the shared libraries the binary really loads.
#
# --binary FILE (or $MBML_BINARY) packages an already-built static release binary; otherwise it
# is built (`swift build -c release --static-swift-stdlib --product mbml`). Needs dpkg-dev (dpkg-deb,
# dpkg-shlibdeps) and binutils (strip); fakeroot is not needed (dpkg-deb --root-owner-group).
# $MBML_DEB_MAINTAINER sets the Maintainer field; $SOURCE_DATE_EPOCH the dates (default: the
# commit's date).
set -euo pipefail

# shellcheck source=Tools/lib/mbml-files.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/mbml-files.sh"

binary="${MBML_BINARY:-}"
out_dir=""
while [ $# -gt 0 ]; do
    case "$1" in
        --binary) [ $# -ge 2 ] || { echo "make-deb.sh: --binary needs a file" >&2; exit 2; }; binary="$2"; shift 2 ;;
        --binary=*) binary="${1#--binary=}"; shift ;;
        -h | --help) sed -n '2,15p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
        -*) echo "make-deb.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
        *) [ -z "$out_dir" ] || { echo "make-deb.sh: one OUT_DIR only" >&2; exit 2; }; out_dir="$1"; shift ;;
    esac
done
[ -n "$out_dir" ] || { echo "usage: Tools/make-deb.sh [--binary FILE] OUT_DIR" >&2; exit 2; }
for tool in dpkg-deb dpkg-shlibdeps strip; do
    command -v "$tool" >/dev/null 2>&1 || { echo "make-deb.sh: $tool is missing (apt-get install dpkg-dev binutils)" >&2; exit 1; }
done

if [ -z "$binary" ]; then
    echo "==> Building the release binary (swift build ${MBML_BUILD_FLAGS[*]})"
    binary="$(mbml_build_release)"
fi
[ -x "$binary" ] || { echo "make-deb.sh: $binary is not an executable" >&2; exit 1; }

version="$("$binary" version --release)"
commit="$("$binary" version --commit)"
revision="${MBML_DEB_REVISION:-1}"
package_version="$version-$revision"
architecture="$(dpkg --print-architecture)"
maintainer="${MBML_DEB_MAINTAINER:-mbml maintainers <maintainers@users.noreply.a-seed-2638d27b.example>}"
epoch="${SOURCE_DATE_EPOCH:-$(mbml_commit_epoch "$commit")}"
export SOURCE_DATE_EPOCH="$epoch"

work="$(mktemp -d)"
trap 'rm -rf -- "$work"' EXIT
root="$work/root"
echo "==> Laying out mbml $package_version ($architecture, commit $commit)"
mbml_stage "$binary" "$root/usr" share/zsh/vendor-completions

# Debian policy: stripped binaries, compressed man pages and changelogs (gzip -9n, no time stamp).
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$root/usr/bin/mbml"
gzip -9n "$root/usr/share/man/man1/mbml.1"
doc="$root/usr/share/doc/mbml"
install -d "$doc"
install -m 644 "$MBML_REPOSITORY/CHANGELOG.md" "$doc/changelog"
gzip -9n "$doc/changelog"
changelog_date="$(date -u -R -d "@$epoch")"
cat > "$doc/changelog.Debian" <<CHANGELOG
mbml ($package_version) unstable; urgency=medium

  * mbml $version (commit $commit), packaged by Tools/make-deb.sh.

 -- $maintainer  $changelog_date
CHANGELOG
gzip -9n "$doc/changelog.Debian"
install -m 644 "$MBML_REPOSITORY/Tools/debian/copyright" "$doc/copyright"
install -d "$root/usr/share/lintian/overrides"
grep -v '^#' "$MBML_REPOSITORY/Tools/debian/lintian-overrides" > "$root/usr/share/lintian/overrides/mbml"
chmod 644 "$root/usr/share/lintian/overrides/mbml"

# Depends: dpkg-shlibdeps maps each shared library the binary needs (its DT_NEEDED entries) to the
# package holding it, with the version its symbols require. It wants a debian/control to read.
mkdir -p "$work/shlibs/debian"
printf 'Source: mbml\n\nPackage: mbml\nArchitecture: any\n' > "$work/shlibs/debian/control"
depends="$(cd "$work/shlibs" && dpkg-shlibdeps -O "$root/usr/bin/mbml" | sed -n 's/^shlibs:Depends=//p')"
[ -n "$depends" ] || { echo "make-deb.sh: dpkg-shlibdeps found no dependencies" >&2; exit 1; }

installed_size="$(du -sk --apparent-size "$root" | cut -f1)"
install -d "$root/DEBIAN"
cat > "$root/DEBIAN/control" <<CONTROL
Package: mbml
Version: $package_version
Architecture: $architecture
Maintainer: $maintainer
Installed-Size: $installed_size
Depends: $depends
Section: devel
Priority: optional
Description: Mockingbird (MBML) expression language tools
 mbml evaluates, explains and checks expressions of MBML, the expression
 language of the Mockingbird Data Environment, against variables loaded from
 MBML manifests and JSON files. It includes a terminal inspector that browses
 the variables and evaluates each expression as it is typed, a checker for
 expectation files, a benchmark, an interactive tutorial and a language server
 (mbml lsp) for editors.
CONTROL
(cd "$root" && find usr -type f -print0 | sort -z | xargs -0 md5sum) > "$root/DEBIAN/md5sums"
chmod 644 "$root/DEBIAN/control" "$root/DEBIAN/md5sums"
find "$root" -type d -exec chmod 755 {} +
find "$root" -exec touch --no-dereference -d "@$epoch" {} +

mkdir -p "$out_dir"
deb="$out_dir/mbml_${package_version}_${architecture}.deb"
dpkg-deb --root-owner-group -Zxz --build "$root" "$deb" >/dev/null
echo "$deb"
