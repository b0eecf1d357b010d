#!/bin/sh
# build-deb.sh BIN_DIR OUT_DIR: the Debian package of the programs in BIN_DIR (tui-onboard and
# tui-onboard-license), as OUT_DIR/tui-onboard_VERSION_ARCH.deb; prints its path.
#
# The files are laid out by `make install-data install-programs` with PREFIX=/usr (one list of
# what is installed where), then given Debian's places: man pages gzipped, zsh's completion in
# vendor-completions, copyright and changelog under /usr/share/doc/tui-onboard, lintian's
# overrides. VERSION is what the program itself says (`tui-onboard --version`); the changelog's
# latest entry must be for it. DEB_COMPRESSION (default xz) is dpkg-deb's -Z. Every file's time
# is SOURCE_DATE_EPOCH (default: the last commit's), so the same programs give the same package.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
. "$root/packaging/programs.sh"
logged=$(sed -n '1s/^tui-onboard (\([^)]*\)).*/\1/p' "$here/changelog")
if [ "$logged" != "$version" ]; then
  echo "$0: packaging/debian/changelog's latest entry is for $logged, the program is $version: add an entry" >&2
  exit 65
fi
arch=$(dpkg --print-architecture)

stage=$(mktemp -d "${TMPDIR:-/tmp}/tui-onboard-deb.XXXXXX")
trap 'rm -rf "$stage"' EXIT
make --no-print-directory -s -C "$root" install-data install-programs DESTDIR="$stage" PREFIX=/usr \
  ZSH_COMPLETION_DIR=/usr/share/zsh/vendor-completions BIN_DIR="$(cd "$bin_dir" && pwd)" >/dev/null

# Every language of po/ is in: the catalogs are compiled by `make messages`, not here.
expected=$(ls "$root"/po/*.po | wc -l)
found=$(ls "$stage/usr/share/locale/"*/LC_MESSAGES/tui-onboard.mo 2>/dev/null | wc -l)
[ "$found" -eq "$expected" ] || { echo "$0: $found of $expected message catalogs are compiled: run make messages" >&2; exit 66; }

gzip -9n "$stage"/usr/share/man/man1/*.1
doc="$stage/usr/share/doc/tui-onboard"
install -d "$doc" "$stage/usr/share/lintian/overrides"
install -m 644 "$here/copyright" "$doc/copyright"
# A native package (no Debian revision): its changelog is changelog.gz.
gzip -9n <"$here/changelog" >"$doc/changelog.gz"
chmod 644 "$doc/changelog.gz"
install -m 644 "$here/lintian-overrides" "$stage/usr/share/lintian/overrides/tui-onboard"

# A statically linked program carries the Debian libraries it was linked with: Built-Using names
# their sources (Debian Policy 7.8), found from the archives the static link takes.
built_using=""
if ! readelf -l "$stage/usr/bin/tui-onboard" | grep -q 'INTERP'; then
  sources=""
  for archive in libc.a libstdc++.a libgcc.a libgcc_eh.a libncursesw.a libtinfo.a libsodium.a libfribidi.a \
    liblzma.a libnettle.a libz.a libpng16.a libsixel.a libvterm.a; do
    file=$(readlink -f "$(cc -print-file-name=$archive)")
    owner=$(dpkg -S "$file" | sed -n '1s/:.*//p')
    [ -n "$owner" ] || { echo "$0: no package owns $file" >&2; exit 69; }
    sources="$sources$(dpkg-query -W -f='${source:Package} (= ${source:Version})' "$owner")
"
  done
  built_using="Built-Using: $(printf '%s' "$sources" | sort -u | paste -sd, - | sed 's/,/, /g')"
fi

install -d -m 755 "$stage/DEBIAN"
installed_size=$(du -sk --apparent-size "$stage/usr" | cut -f1)
awk -v version="$version" -v arch="$arch" -v size="$installed_size" -v built="$built_using" '
  { gsub(/@VERSION@/, version); gsub(/@ARCH@/, arch); gsub(/@INSTALLED_SIZE@/, size) }
  /^@BUILT_USING@$/ { if (built != "") print built; next }
  { print }' "$here/control" >"$stage/DEBIAN/control"
(cd "$stage" && find usr -type f | LC_ALL=C sort | xargs md5sum) >"$stage/DEBIAN/md5sums"
chmod 644 "$stage/DEBIAN/control" "$stage/DEBIAN/md5sums"
find "$stage" -type d -exec chmod 755 {} +

epoch=${SOURCE_DATE_EPOCH:-$(git -C "$root" log -1 --format=%ct 2>/dev/null || echo 0)}
find "$stage" -exec touch -h -d "@$epoch" {} +

mkdir -p "$out_dir"
deb="$out_dir/tui-onboard_${version}_${arch}.deb"
SOURCE_DATE_EPOCH=$epoch dpkg-deb --root-owner-group -Z"${DEB_COMPRESSION:-xz}" --build "$stage" "$deb" >/dev/null
echo "$deb"
