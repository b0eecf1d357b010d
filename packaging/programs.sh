# Sourced by packaging/build-dist.sh and packaging/debian/build-deb.sh with "$0 BIN_DIR OUT_DIR":
# checks the arguments and that BIN_DIR holds both programs built, then sets bin_dir, out_dir
# and version (what `tui-onboard --version` says, the one version every package carries).
if [ "$#" -ne 2 ]; then
  echo "usage: $0 BIN_DIR OUT_DIR" >&2
  exit 2
fi
bin_dir=$1
out_dir=$2
for program in tui-onboard tui-onboard-license; do
  [ -x "$bin_dir/$program" ] || { echo "$0: $bin_dir/$program is not built" >&2; exit 66; }
done
version=$("$bin_dir/tui-onboard" --version | sed -n '1s/^tui-onboard //p')
[ -n "$version" ] || { echo "$0: $bin_dir/tui-onboard --version did not say its version" >&2; exit 65; }
