# tui-onboard: `make run` shows the built-in tour, `make test` runs every test.
PREFIX ?= /usr/local
DESTDIR ?=
SWIFT ?= swift
CONFIG ?= release
# Release builds are one static executable: the Swift runtime, Foundation's essentials,
# libstdc++, ncursesw and glibc are all linked in (see DECISIONS.md, "Fully static release
# builds"), so a start maps no shared library and binds no symbol. `make test` builds debug,
# dynamically.
# - Linked at fixed addresses (static, not PIE): nothing is relocated at start.
# - Concrete generic types (Set<CommandName>, [String: String]) get their metadata from direct
#   accessors, not from mangled names that the runtime demangles by scanning 5,500 conformance
#   records (three scans cost a run that shows nothing 0.9 MB resident).
# - The symbol ordering file puts the code and data a start touches next to each other (see
#   scripts/generate-symbol-order.py, `make symbol-order`): the kernel maps a binary 64 KB around
#   each page touched, so scattered code and data kept megabytes resident. Stale entries are skipped.
# - ncursesw's static archive leaves terminfo to libtinfo's, hence -ltinfo.
# - ICU's data is the toolchain's own, trimmed to what prices and dates read, xz-compressed and
#   unpacked as far as each item ICU opens (scripts/icu-data/make-icu-data.py, `make icu-data`;
#   DECISIONS.md, "ICU's data trimmed and unpacked on demand"): 34 MB become 1.5 MB. The price
#   and date corpus checks that every text stays the same (`make test-release`).
# - Optimized for size: -Osize, identical functions folded, strings that end others merged
#   (lld -O2), and no unwind tables (scripts/no-unwind-tables.ld says why nothing needs them).
SYMBOL_ORDER := $(wildcard $(CURDIR)/scripts/symbol-order.txt)
ICU_DATA_DIR := $(CURDIR)/.build/icu-data
STATIC ?= -Xswiftc -static-executable -Xlinker -ltinfo -Xswiftc -Xclang-linker -Xswiftc -fuse-ld=lld \
  -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors -Xswiftc -Xfrontend -Xswiftc -function-sections \
  $(if $(SYMBOL_ORDER),-Xlinker --symbol-ordering-file -Xlinker $(SYMBOL_ORDER) -Xlinker --no-warn-symbol-ordering) \
  $$(cat $(ICU_DATA_DIR)/link-flags.txt) \
  -Xswiftc -Osize -Xlinker --icf=all -Xlinker -O2 -Xlinker --no-eh-frame-hdr -Xlinker -T -Xlinker $(CURDIR)/scripts/no-unwind-tables.ld
RELEASE_FLAGS := -c $(CONFIG) $(if $(filter release,$(CONFIG)),$(STATIC))

NCURSES_HEADER := /usr/include/ncursesw/curses.h
SODIUM_HEADER := /usr/include/sodium.h
NETTLE_HEADER := /usr/include/nettle/gcm.h
FRIBIDI_HEADER := /usr/include/fribidi/fribidi.h
LZMA_HEADER := /usr/include/lzma.h
ZLIB_HEADER := /usr/include/zlib.h
PNG_HEADER := /usr/include/png.h
SIXEL_HEADER := /usr/include/sixel/sixel.h
VTERM_HEADER := /usr/include/vterm.h

.PHONY: all build messages messages-pot messages-template static-archives run test test-deps build-tests test-unit test-e2e test-release test-package package-deps install install-programs install-data uninstall deb dist bench clean deps lint width-table cli-docs docs symbol-order icu-data price-corpus built-in-assets

all: build

# Checks the system packages; installs them when running as root, otherwise says exactly what to run.
# TEST_TOOLS adds what only the tests use: man-db and groff render the man page, zsh and fish
# check the completions, Python's jsonschema checks the schemas, asciinema and pyte play the
# recordings, openssl cross-checks license signatures and Python's cryptography AES-GCM, segno and zbarimg check the checkout's QR
# code, fribidi's own tool and python-bidi check right-to-left text, objcopy and dpkg-deb look
# into the binaries and the package made from them, Xvfb, xterm, kitty and ImageMagick show and
# photograph pictures in real terminals (`make test-deps`, and so `make test`, asks
# for them; `make run` does not). PACKAGE_TOOLS adds lintian, for `make test-package`.
deps:
	@missing=""; \
	[ -f $(NCURSES_HEADER) ] || missing="$$missing libncurses-dev"; \
	[ -f $(SODIUM_HEADER) ] || missing="$$missing libsodium-dev"; \
	[ -f $(NETTLE_HEADER) ] || missing="$$missing nettle-dev"; \
	[ -f $(FRIBIDI_HEADER) ] || missing="$$missing libfribidi-dev"; \
	[ -f $(LZMA_HEADER) ] || missing="$$missing liblzma-dev"; \
	[ -f $(ZLIB_HEADER) ] || missing="$$missing zlib1g-dev"; \
	[ -f $(PNG_HEADER) ] || missing="$$missing libpng-dev"; \
	[ -f $(SIXEL_HEADER) ] || missing="$$missing libsixel-dev"; \
	[ -f $(VTERM_HEADER) ] || missing="$$missing libvterm-dev"; \
	command -v tmux >/dev/null 2>&1 || missing="$$missing tmux"; \
	command -v msgfmt >/dev/null 2>&1 || missing="$$missing gettext"; \
	if [ -n "$(TEST_TOOLS)" ]; then \
	  command -v man >/dev/null 2>&1 || missing="$$missing man-db"; \
	  command -v groff >/dev/null 2>&1 || missing="$$missing groff-base"; \
	  command -v zsh >/dev/null 2>&1 || missing="$$missing zsh"; \
	  command -v fish >/dev/null 2>&1 || missing="$$missing fish"; \
	  python3 -c 'import jsonschema' >/dev/null 2>&1 || /usr/bin/python3 -c 'import jsonschema' >/dev/null 2>&1 || missing="$$missing python3-jsonschema"; \
	  python3 -c 'import pyte' >/dev/null 2>&1 || /usr/bin/python3 -c 'import pyte' >/dev/null 2>&1 || missing="$$missing python3-pyte"; \
	  command -v asciinema >/dev/null 2>&1 || missing="$$missing asciinema"; \
	  command -v openssl >/dev/null 2>&1 || missing="$$missing openssl"; \
	  command -v zbarimg >/dev/null 2>&1 || missing="$$missing zbar-tools"; \
	  /usr/bin/python3 -c 'import segno' >/dev/null 2>&1 || missing="$$missing python3-segno"; \
	  /usr/bin/python3 -c 'import cryptography' >/dev/null 2>&1 || missing="$$missing python3-cryptography"; \
	  command -v fribidi >/dev/null 2>&1 || missing="$$missing libfribidi-bin"; \
	  python3 -c 'import bidi.algorithm' >/dev/null 2>&1 || /usr/bin/python3 -c 'import bidi.algorithm' >/dev/null 2>&1 || missing="$$missing python3-bidi"; \
	  command -v objcopy >/dev/null 2>&1 || missing="$$missing binutils"; \
	  command -v dpkg-deb >/dev/null 2>&1 || missing="$$missing dpkg"; \
	  command -v Xvfb >/dev/null 2>&1 || missing="$$missing xvfb"; \
	  command -v xterm >/dev/null 2>&1 || missing="$$missing xterm"; \
	  command -v kitty >/dev/null 2>&1 || missing="$$missing kitty"; \
	  command -v import >/dev/null 2>&1 || missing="$$missing imagemagick"; \
	fi; \
	if [ -n "$(PACKAGE_TOOLS)" ]; then \
	  command -v lintian >/dev/null 2>&1 || missing="$$missing lintian"; \
	fi; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "installing:$$missing"; \
	    DEBIAN_FRONTEND=noninteractive apt-get install -y $$missing || { apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y $$missing; }; \
	  else \
	    echo "missing system packages:$$missing"; \
	    echo "install them with: sudo apt-get install -y$$missing"; \
	    exit 1; \
	  fi; \
	fi
	@command -v $(SWIFT) >/dev/null 2>&1 || { echo "the Swift toolchain is missing: install Swift 6 from swift.org and put it on PATH"; exit 1; }

build: deps messages built-in-assets $(if $(filter release,$(CONFIG)),static-archives icu-data)
	$(SWIFT) build $(RELEASE_FLAGS) --product tui-onboard
	$(SWIFT) build $(RELEASE_FLAGS) --product tui-onboard-license

# The static link's archives, each from a package the toolchain or deps already asks for; a
# clear message instead of the linker's "unable to find library" when one is missing.
static-archives:
	@swift_dir="$$(dirname "$$(readlink -f "$$(command -v $(SWIFT))")")"; missing=""; \
	for archive in libc.a libstdc++.a libncursesw.a libtinfo.a libsodium.a libnettle.a libfribidi.a liblzma.a libz.a libpng16.a libsixel.a libvterm.a; do \
	  found=""; \
	  for compiler in "$$swift_dir/clang" clang gcc cc; do \
	    candidate="$$("$$compiler" -print-file-name=$$archive 2>/dev/null)" || continue; \
	    [ -f "$$candidate" ] && { found=yes; break; }; \
	  done; \
	  [ -n "$$found" ] || missing="$$missing $$archive"; \
	done; \
	[ -z "$$missing" ] || { echo "static archives missing:$$missing (from libc6-dev, libstdc++-12-dev, libncurses-dev, libsodium-dev, nettle-dev, libfribidi-dev, liblzma-dev, zlib1g-dev, libpng-dev, libsixel-dev, libvterm-dev): sudo apt-get install -y libc6-dev libstdc++-12-dev libncurses-dev libsodium-dev nettle-dev libfribidi-dev liblzma-dev zlib1g-dev libpng-dev libsixel-dev libvterm-dev"; exit 1; }

# The built-in tour's files, packed from Assets/ into the one xz stream the binary carries
# (scripts/pack-built-in-assets.py), again whenever a file there changes; the packed file is
# committed, so a plain `swift build` has it too, and BuiltInAssetsTests fails while it differs.
BUILT_IN_ASSETS := Sources/OnboardAssets/Packed/built-in-assets.xz
built-in-assets: $(BUILT_IN_ASSETS)

$(BUILT_IN_ASSETS): $(shell find Assets -type f) scripts/pack-built-in-assets.py
	python3 scripts/pack-built-in-assets.py Assets $@

# ICU's data for the release link, made from the toolchain's lib_FoundationICU.a (so again when
# the toolchain changes); the binaries are removed so that SwiftPM links them again.
ICU_ARCHIVE := $(wildcard $(dir $(realpath $(shell command -v $(SWIFT) 2>/dev/null)))../lib/swift_static/linux/lib_FoundationICU.a)
ICU_DATA_SOURCES := scripts/icu-data/make-icu-data.py scripts/icu-data/icu_package.py scripts/icu-data/icudata.c
icu-data: $(ICU_DATA_DIR)/link-flags.txt

$(ICU_DATA_DIR)/link-flags.txt: $(ICU_DATA_SOURCES) $(ICU_ARCHIVE)
	python3 scripts/icu-data/make-icu-data.py "$(ICU_DATA_DIR)" --swift "$(SWIFT)"
	bin="$$($(SWIFT) build -c release --show-bin-path)"; \
	  rm -f "$$bin/tui-onboard" "$$bin/tui-onboard-license" "$$bin/tui-onboard-bench" "$$bin/onboard-host-example"

run: build
	"$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/tui-onboard"

# The translated messages: po/LANG.po compiled (and checked: msgfmt --check) to
# .build/TRIPLE/share/locale/LANG/LC_MESSAGES/tui-onboard.mo. A binary reads them from
# share/locale beside its own directory, so the builds in .build/TRIPLE/debug and /release find
# them there as an installed PREFIX/bin/tui-onboard finds PREFIX/share/locale (no path of this
# tree is compiled in); `make install` puts them under PREFIX/share/locale.
BUILD_TRIPLE ?= $(shell uname -m)-unknown-linux-gnu
LOCALE_DIR := .build/$(BUILD_TRIPLE)/share/locale
messages:
	@for po in po/*.po; do \
	  [ -f "$$po" ] || continue; \
	  language="$$(basename "$$po" .po)"; \
	  mkdir -p "$(LOCALE_DIR)/$$language/LC_MESSAGES"; \
	  msgfmt --check -o "$(LOCALE_DIR)/$$language/LC_MESSAGES/tui-onboard.mo" "$$po" || exit 1; \
	done

# Extracts every `Messages.tr`, `Messages.trn` and `Messages.trNoop` message of the sources into
# po/tui-onboard.pot and merges it into each language. The tests extract again (make messages-pot
# POT_OUTPUT=…) and fail while the template is out of date.
POT_OUTPUT ?= po/tui-onboard.pot
messages-pot:
	@LC_ALL=C.UTF-8 xgettext --language=C --from-code=UTF-8 -k -ktr -ktrn:1,2 -ktrNoop --add-comments=TRANSLATORS: \
	  --no-wrap --sort-by-file --package-name=tui-onboard -o "$(POT_OUTPUT)" \
	  $$(find Sources -name '*.swift' | LC_ALL=C sort) 2>&1 | { grep -v "warning: unterminated" || true; }

messages-template: messages-pot
	@for po in po/*.po; do [ -f "$$po" ] || continue; msgmerge --quiet --update --backup=none --no-wrap "$$po" po/tui-onboard.pot || exit 1; done

# The system packages of deps, and those the tests use.
test-deps:
	@$(MAKE) --no-print-directory deps TEST_TOOLS=1

# `make test` builds once and runs both halves: the unit tests and the tmux end-to-end tests.
test: test-unit test-e2e

build-tests: test-deps messages built-in-assets
	$(SWIFT) build --build-tests

test-unit: build-tests
	$(SWIFT) test --skip-build --skip EndToEndTests

test-e2e: build-tests
	$(SWIFT) test --skip-build --filter EndToEndTests

# The end-to-end tests again, on the release build (static, as installed): slower to build, so
# not part of `make test`.
test-release: build build-tests
	TUI_ONBOARD_TEST_BINARY="$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/tui-onboard" \
	  $(SWIFT) test --skip-build --filter EndToEndTests

install: build install-data
	@$(MAKE) --no-print-directory install-programs BIN_DIR="$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)"

# The two programs from BIN_DIR (the release build for `make install`; packages and their tests
# pass the folder they package), stripped of symbols, debug information and the compilers'
# .comment: what is installed names no path of the tree it was built in.
install-programs:
	@[ -n "$(BIN_DIR)" ] || { echo "install-programs needs BIN_DIR, the folder holding tui-onboard and tui-onboard-license"; exit 1; }
	install -d "$(DESTDIR)$(PREFIX)/bin"
	install -m 755 "$(BIN_DIR)/tui-onboard" "$(DESTDIR)$(PREFIX)/bin/tui-onboard"
	strip --remove-section=.comment "$(DESTDIR)$(PREFIX)/bin/tui-onboard"
	install -m 755 "$(BIN_DIR)/tui-onboard-license" "$(DESTDIR)$(PREFIX)/bin/tui-onboard-license"
	strip --remove-section=.comment "$(DESTDIR)$(PREFIX)/bin/tui-onboard-license"

# zsh's completion folder: site-functions under /usr/local; Debian's zsh reads a package's from
# /usr/share/zsh/vendor-completions (`make deb` sets it).
ZSH_COMPLETION_DIR ?= $(PREFIX)/share/zsh/site-functions

# Everything but the programs: the message catalogs (`make messages` compiles them; `install`,
# `deb` and `dist` run it first), the man pages and the completions (checked in under share/, as
# they are installed). The built-in tour is inside the binary, so nothing of Assets/ is installed.
install-data:
	install -d "$(DESTDIR)$(PREFIX)/share/man/man1" \
	  "$(DESTDIR)$(PREFIX)/share/bash-completion/completions" "$(DESTDIR)$(ZSH_COMPLETION_DIR)" \
	  "$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d"
	@for mo in $(LOCALE_DIR)/*/LC_MESSAGES/tui-onboard.mo; do \
	  [ -f "$$mo" ] || continue; \
	  language="$$(basename "$$(dirname "$$(dirname "$$mo")")")"; \
	  install -d "$(DESTDIR)$(PREFIX)/share/locale/$$language/LC_MESSAGES"; \
	  install -m 644 "$$mo" "$(DESTDIR)$(PREFIX)/share/locale/$$language/LC_MESSAGES/tui-onboard.mo"; \
	done
	install -m 644 share/man/man1/tui-onboard.1 "$(DESTDIR)$(PREFIX)/share/man/man1/tui-onboard.1"
	install -m 644 share/man/man1/tui-onboard-license.1 "$(DESTDIR)$(PREFIX)/share/man/man1/tui-onboard-license.1"
	install -m 644 share/bash-completion/completions/tui-onboard "$(DESTDIR)$(PREFIX)/share/bash-completion/completions/tui-onboard"
	install -m 644 share/zsh/site-functions/_tui-onboard "$(DESTDIR)$(ZSH_COMPLETION_DIR)/_tui-onboard"
	install -m 644 share/fish/vendor_completions.d/tui-onboard.fish "$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/tui-onboard.fish"

# Also takes away share/tui-onboard, where versions before the built-in tour was compiled in put it.
uninstall:
	rm -f "$(DESTDIR)$(PREFIX)/bin/tui-onboard" "$(DESTDIR)$(PREFIX)/bin/tui-onboard-license"
	rm -f "$(DESTDIR)$(PREFIX)/share/man/man1/tui-onboard-license.1"
	rm -rf "$(DESTDIR)$(PREFIX)/share/tui-onboard"
	rm -f "$(DESTDIR)$(PREFIX)"/share/locale/*/LC_MESSAGES/tui-onboard.mo
	rm -f "$(DESTDIR)$(PREFIX)/share/man/man1/tui-onboard.1"
	rm -f "$(DESTDIR)$(PREFIX)/share/bash-completion/completions/tui-onboard"
	rm -f "$(DESTDIR)$(ZSH_COMPLETION_DIR)/_tui-onboard"
	rm -f "$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/tui-onboard.fish"

# Packages of the release build, in .build/packages: `make deb` a Debian package
# (tui-onboard_VERSION_ARCH.deb), `make dist` a tarball that runs wherever it is unpacked
# (tui-onboard-VERSION-linux-MACHINE.tar.gz) and the Homebrew formula for it. See packaging/.
PACKAGE_DIR := .build/packages
deb: build messages
	packaging/debian/build-deb.sh "$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)" "$(PACKAGE_DIR)"

dist: build messages
	packaging/build-dist.sh "$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)" "$(PACKAGE_DIR)"

package-deps:
	@$(MAKE) --no-print-directory deps TEST_TOOLS=1 PACKAGE_TOOLS=1

# The packages checked as users get them: lintian on the .deb, then installed with dpkg -i
# (root), run and purged; the tarball unpacked and run; the formula held to the tarball. Slow
# (the release build), so not part of `make test`, which checks a package made from the debug build.
test-package: package-deps deb dist build-tests
	TUI_ONBOARD_TEST_PACKAGES="$(CURDIR)/$(PACKAGE_DIR)" \
	  TUI_ONBOARD_TEST_BINARY="$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/tui-onboard" \
	  $(SWIFT) test --skip-build --filter 'PackageEndToEndTests|ShippedDebianPackageTests|PortableBinaryEndToEndTests'

# Remakes the man page and the completions under share/ from the command-line table
# (Sources/tui-onboard/CommandLine/CommandLineSpec.swift); a test fails while they differ from it.
cli-docs:
	$(SWIFT) build --product tui-onboard
	bin="$$($(SWIFT) build --show-bin-path)/tui-onboard"; \
	"$$bin" --man > share/man/man1/tui-onboard.1 && \
	"$$bin" --completions bash > share/bash-completion/completions/tui-onboard && \
	"$$bin" --completions zsh > share/zsh/site-functions/_tui-onboard && \
	"$$bin" --completions fish > share/fish/vendor_completions.d/tui-onboard.fish

# Prints figures (never part of the tests). The start-up table compares with mdp (installed from
# Debian's packages when missing and root) and a static Foundation "hello" built in the same run.
bench: deps static-archives icu-data
	$(SWIFT) build -c release $(STATIC)
	"$$($(SWIFT) build -c release $(STATIC) --show-bin-path)/tui-onboard-bench"
	python3 bench/terminal_bench.py "$$($(SWIFT) build -c release $(STATIC) --show-bin-path)/tui-onboard"
	python3 bench/startup_bench.py "$$($(SWIFT) build -c release $(STATIC) --show-bin-path)/tui-onboard"
	python3 bench/slow_terminal.py "$$($(SWIFT) build -c release $(STATIC) --show-bin-path)/tui-onboard"
	python3 bench/hostile_patterns.py "$$($(SWIFT) build -c release $(STATIC) --show-bin-path)/tui-onboard"
	python3 bench/report_bench.py "$$($(SWIFT) build -c release $(STATIC) --show-bin-path)/tui-onboard"

# Re-records the price and date corpus (scripts/price-corpus.py) from the debug build, which
# formats with the toolchain's full ICU data; PriceCorpusTests holds every build to it byte for
# byte, `make test-release` the release build with its trimmed data. Review the diff.
PRICE_CORPUS := Tests/EndToEndTests/__Snapshots__/price-corpus.txt
price-corpus: deps messages
	$(SWIFT) build --product tui-onboard
	python3 scripts/price-corpus.py "$$($(SWIFT) build --show-bin-path)/tui-onboard" > "$(PRICE_CORPUS).new"
	mv "$(PRICE_CORPUS).new" "$(PRICE_CORPUS)"

# Rewrites scripts/symbol-order.txt from the functions the common paths run (under valgrind),
# then relinks with it (the build does not see the file change, hence the rm).
symbol-order: build
	python3 scripts/generate-symbol-order.py "$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/tui-onboard"
	rm -f "$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/tui-onboard"
	$(SWIFT) build $(RELEASE_FLAGS) --product tui-onboard

# Regenerates the core's terminal width table from Debian's unicode-data (/usr/share/unicode).
width-table:
	@[ -f /usr/share/unicode/UnicodeData.txt ] || { echo "install the Unicode data first: sudo apt-get install -y unicode-data"; exit 1; }
	python3 scripts/generate-width-table.py

# Redraws the README's pictures: every page of the built-in tour at 80x24, as SVG in docs/images
# (committed; a test fails while they are stale). Fixed locale and assets, so any machine gives the same bytes.
docs: build
	rm -f docs/images/page-*.svg
	LC_ALL=C.UTF-8 TUI_ONBOARD_ASSETS="$(CURDIR)/Assets" \
	  "$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/tui-onboard" dump --size 80x24 --svg docs/images
	for theme in dark light; do \
	  LC_ALL=C.UTF-8 TUI_ONBOARD_ASSETS="$(CURDIR)/Assets" \
	    "$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/tui-onboard" dump --size 80x24 --theme $$theme \
	    --animated-svg docs/images/tour-$$theme.svg; \
	done

lint:
	$(SWIFT) format lint --strict -r Sources Tests Examples
	python3 scripts/check-sizes.py

clean:
	rm -rf .build
