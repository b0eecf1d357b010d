#!/bin/sh
# build-dist.sh BIN_DIR OUT_DIR: a tarball of the programs in BIN_DIR that runs wherever it is
# unpacked, OUT_DIR/tui-onboard-VERSION-linux-MACHINE.tar.gz, and beside it the Homebrew
# formula for that tarball (packaging/homebrew/tui-onboard.rb with its version, SHA-256 and
# address filled in: DIST_BASE_URL, where the tarball will be published); prints the
# tarball's path.
#
# Inside, tui-onboard-VERSION-linux-MACHINE/ is a PREFIX as `make install` lays one out (bin/,
# share/man, share/locale, the completions) plus README.md and the copyright file: the program
# finds its catalogs in ../share/locale beside bin/, so the folder can live anywhere. The archive
# is reproducible: names sorted, owner root, every time SOURCE_DATE_EPOCH (default: the last
# commit's), gzip without a name or time.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
. "$root/packaging/programs.sh"
name="tui-onboard-$version-linux-$(uname -m)"
epoch=${SOURCE_DATE_EPOCH:-$(git -C "$root" log -1 --format=%ct 2>/dev/null || echo 0)}

stage=$(mktemp -d "${TMPDIR:-/tmp}/tui-onboard-dist.XXXXXX")
trap 'rm -rf "$stage"' EXIT
make --no-print-directory -s -C "$root" install-data install-programs DESTDIR="$stage" PREFIX="/$name" \
  BIN_DIR="$(cd "$bin_dir" && pwd)" >/dev/null
# Every language of po/ is in: the catalogs are compiled by `make messages`, not here.
expected=$(ls "$root"/po/*.po | wc -l)
found=$(ls "$stage/$name/share/locale/"*/LC_MESSAGES/tui-onboard.mo 2>/dev/null | wc -l)
[ "$found" -eq "$expected" ] || { echo "$0: $found of $expected message catalogs are compiled: run make messages" >&2; exit 66; }

install -m 644 "$root/README.md" "$stage/$name/README.md"
install -d "$stage/$name/share/doc/tui-onboard"
install -m 644 "$root/packaging/debian/copyright" "$stage/$name/share/doc/tui-onboard/copyright"

mkdir -p "$out_dir"
out_dir=$(cd "$out_dir" && pwd)
tarball="$out_dir/$name.tar.gz"
(cd "$stage" && tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$epoch" \
  --mode='u+rwX,go+rX,go-w' -cf - "$name") | gzip -9n >"$tarball"

# Homebrew calls the machines x86_64 and arm64.
case $(uname -m) in aarch64) arch=arm64 ;; *) arch=$(uname -m) ;; esac
base_url=${DIST_BASE_URL:-https://tui-onboard.example.com/releases/$version}
sha256=$(sha256sum "$tarball" | cut -d' ' -f1)
sed -e "s|@URL@|$base_url/$name.tar.gz|g" -e "s/@VERSION@/$version/g" -e "s/@SHA256@/$sha256/g" \
  -e "s/@ARCH@/$arch/g" "$here/homebrew/tui-onboard.rb" >"$out_dir/tui-onboard.rb"
echo "$tarball"
