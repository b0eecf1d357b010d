#!/usr/bin/env python3
"""Builds the ICU data of the release link from the toolchain's own, trimmed and compressed.

    python3 scripts/icu-data/make-icu-data.py OUTDIR [--swift PATH] [--trace]

The toolchain's FoundationICU (ICU 76) keeps its data, 34 MB, in one symbol (icudt76_dat) of
one member of lib_FoundationICU.a. This script takes that package apart with ICU's packaging
format (icu_package.py) and keeps what formatting prices, dates and plural rules reads: every
resource bundle at the package's top level (each locale's number and date patterns, likely
subtags, plural rules, numbering systems, calendars' and time zones' supplemental data) and the
whole currency tree (curr/). Whole trees are left out, never parts of a bundle: collation,
break iterators, time zone names, units, language and region names, transliteration, spelled-out
numbers, converters, normalization and character names, and the few top-level bundles that
serve only those (SERVING_WHAT_IS_LEFT_OUT). ICU falls back to the root locale
without a word when an item is missing, so the price and date corpus (Tests/EndToEndTests,
`make test-release`) is what shows that nothing changed.

The items are then laid out in the order a run needs them (time zones, what every price reads,
then each language's bundles with English and the app's own languages first: po/*.po) and
compressed with xz as one stream, which icudata.c unpacks as far as the item ICU opens. Writes
into OUTDIR:
  icudata.o          the array ICU's data is unpacked into (.bss), the compressed package and
                     the unpacking code
  link-flags.txt     the -Xlinker arguments for `swift build`: the object, ICU's data symbol
                     defined as that array, liblzma, and --wrap of ICU's two ways in
  icudata.dat        the trimmed package (for checks), and report.txt, what the script kept
With --trace, icudata.o also writes each item ICU opens to stderr ("icu-data: open NAME"),
which is how the orders below were found (a debugging build only, never a release).
"""

import argparse
import glob
import lzma
import os
import re
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import icu_package  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
REPOSITORY = os.path.dirname(os.path.dirname(HERE))

# The order of the items, found with --trace (see above). What the time zone reads (TimeZone,
# the store's calendar: `has`), in the order it asks:
TIME_ZONES = ["keyTypeData.res", "timezoneTypes.res", "zoneinfo64.res"]
# What any price reads whatever the locale, besides the locale's own bundles (the calendar's
# week data is in supplementalData too):
EVERY_PRICE = [
    "supplementalData.res", "pool.res", "root.res", "numberingSystems.res", "curr/supplementalData.res",
    "curr/pool.res", "curr/root.res",
]
# Right after English's bundles: what dates (likely subtags) and plural rules read.
AFTER_ENGLISH = ["likelySubtags.res", "plurals.res"]
# Then the bundles of English and of the app's own languages; then these, which some locales or
# calls read; then every other language; then anything else (read by nothing the app does:
# language matching, ICU's version).
SOMETIMES = [
    "metadata.res", "res_index.res", "curr/res_index.res", "dayPeriods.res", "pluralRanges.res",
    "currencyNumericCodes.res",
]
LOCALE = re.compile(r"[a-z]{2,3}(_[A-Za-z0-9]+)*")
# xz's LZMA2, its dictionary as large as the package (8 MiB; 4 MiB made it 8 KB larger, and the
# decoder's copy of what it unpacked can reach the dictionary's size); two literal context bits
# and 2-byte positions suit the bundles' 16-bit tables (1.5 KB and 6 KB smaller than the preset's).
FILTERS = [{"id": lzma.FILTER_LZMA2, "preset": 9 | lzma.PRESET_EXTREME, "dict_size": 8 << 20, "lc": 2, "lp": 1, "pb": 1}]


def toolchain(swift):
    """The toolchain's bin directory and its static libraries' directory."""
    path = shutil.which(swift) or sys.exit(f"make-icu-data: {swift} is not on PATH")
    bin_dir = os.path.dirname(os.path.realpath(path))
    static = os.path.join(os.path.dirname(bin_dir), "lib", "swift_static", "linux")
    if not os.path.isfile(os.path.join(static, "lib_FoundationICU.a")):
        sys.exit(f"make-icu-data: no lib_FoundationICU.a in {static}; a Swift 6 toolchain for Linux has it")
    return bin_dir, static


def run(arguments, **options):
    return subprocess.run(arguments, check=True, capture_output=True, **options).stdout


def toolchain_package(bin_dir, archive, work):
    """(symbol, package name, bytes) of the ICU data the toolchain's archive defines."""
    listing = run([os.path.join(bin_dir, "llvm-nm"), "-A", "--defined-only", archive], text=True)
    for line in listing.splitlines():
        fields = line.split()
        if len(fields) == 4 and re.fullmatch(r"icudt\d+_dat", fields[3]) and fields[2] in "RrDd":
            member = fields[0].rstrip(":").rsplit(":", 1)[-1]
            symbol = fields[3]
            break
    else:
        sys.exit(f"make-icu-data: no icudtNN_dat symbol in {archive}")
    member_path = os.path.join(work, "toolchain-member.o")
    with open(member_path, "wb") as file:
        file.write(run([os.path.join(bin_dir, "llvm-ar"), "p", archive, member]))
    data_path = os.path.join(work, "toolchain.dat")
    run([os.path.join(bin_dir, "llvm-objcopy"), "-O", "binary", "--only-section=.rodata", member_path, data_path])
    os.unlink(member_path)
    with open(data_path, "rb") as file:
        data = file.read()
    os.unlink(data_path)
    version = symbol[len("icudt"):-len("_dat")]
    return symbol, f"icudt{version}l", data


# Top-level bundles that serve only what is left out: time zone names (metaZones maps zones to
# the names in zone/), unit names and their grammar (units, genderList, grammaticalFeatures go
# with unit/), Windows' time zone ids (windowsZones), which Linux never names, and language
# matching's distances (langInfo, 45 KB packed), which no price, date or locale the app makes reads:
# the app chooses its language itself (LanguagePreference), and --trace shows no run opening it.
SERVING_WHAT_IS_LEFT_OUT = {
    "metaZones.res", "units.res", "genderList.res", "grammaticalFeatures.res", "windowsZones.res",
    "langInfo.res",
}


def kept(name):
    """True for the items formatting reads: top-level bundles and the currency tree."""
    if name in SERVING_WHAT_IS_LEFT_OUT:
        return False
    return ("/" not in name and name.endswith(".res")) or name.startswith("curr/")


def languages_first():
    """English, then the languages the app speaks (po/*.po), as ICU names them."""
    spoken = sorted(os.path.basename(path)[:-3].split("_")[0] for path in glob.glob(os.path.join(REPOSITORY, "po", "*.po")))
    return ["en"] + [language for language in spoken if language != "en"]


def order(names):
    """The items in the order a run is likely to need them. A language's bundles come together,
    the top-level ones and then its currency names (keeping the two trees apart compresses
    better), English first; the languages beyond the app's own come last, all their top-level
    bundles and then all their currency names."""
    first = languages_first()

    def rank(name):
        base = name.rsplit("/", 1)[-1][:-len(".res")]
        language = base.split("_")[0]
        tree = 1 if name.startswith("curr/") else 0
        if name in TIME_ZONES:
            return (0, TIME_ZONES.index(name), 0, "")
        if name in EVERY_PRICE:
            return (1, EVERY_PRICE.index(name), 0, "")
        if name in AFTER_ENGLISH:
            return (2, 0, 2, str(AFTER_ENGLISH.index(name)))
        if not LOCALE.fullmatch(base) and name not in SOMETIMES:
            return (6, 0, 0, name)
        if name in SOMETIMES:
            return (3, SOMETIMES.index(name), 0, "")
        if language in first:
            return (2, first.index(language), tree, name)
        return (4 + tree, 0, 0, name)

    return sorted(names, key=rank)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("outdir")
    parser.add_argument("--swift", default=os.environ.get("SWIFT", "swift"))
    parser.add_argument("--trace", action="store_true", help="log each item ICU opens (debugging only)")
    options = parser.parse_args()
    out = os.path.abspath(options.outdir)
    os.makedirs(out, exist_ok=True)
    bin_dir, static = toolchain(options.swift)
    symbol, package_name, data = toolchain_package(bin_dir, os.path.join(static, "lib_FoundationICU.a"), out)
    header, items = icu_package.read(data)
    prefix = package_name + "/"
    if any(not name.startswith(prefix) for name, _ in items):
        sys.exit(f"make-icu-data: an item outside {prefix}: the package is not what this script knows")
    chosen = [(name, item) for name, item in items if kept(name[len(prefix):])]
    # icudata.c lays the items out out of name order, which only bundles tolerate (see there).
    strangers = [name for name, _ in chosen if not name.endswith(".res")]
    if strangers:
        sys.exit(f"make-icu-data: kept items that are not resource bundles: {strangers[:5]}")
    laid_out = [prefix + name for name in order([name[len(prefix):] for name, _ in chosen])]
    package, toc_end, _ = icu_package.write(header, chosen, laid_out)
    compressed = lzma.compress(package, format=lzma.FORMAT_XZ, check=lzma.CHECK_CRC32, filters=FILTERS)
    if lzma.decompress(compressed) != package:
        sys.exit("make-icu-data: the compressed package does not unpack to itself")
    for name, content in (("icudata.dat", package), ("icudata.xz", compressed)):
        with open(os.path.join(out, name), "wb") as file:
            file.write(content)

    clang = os.path.join(bin_dir, "clang")
    definitions = [
        f'-DICUDATA_PACKAGE="{package_name}"', f"-DICUDATA_SIZE={len(package)}",
        f"-DICUDATA_TOC_END={toc_end}", f'-DICUDATA_XZ_PATH="{os.path.join(out, "icudata.xz")}"',
    ] + (["-DICUDATA_TRACE"] if options.trace else [])
    object_path = os.path.join(out, "icudata.o")
    try:
        run([clang, "-O2", "-Wall", "-Werror", "-ffunction-sections", "-fdata-sections", "-c", *definitions,
             os.path.join(HERE, "icudata.c"), "-o", object_path])
    except subprocess.CalledProcessError as error:
        sys.exit(f"make-icu-data: cannot compile icudata.c (is liblzma-dev installed?):\n{error.stderr.decode()}")
    flags = ["-Xlinker", object_path, "-Xlinker", f"--defsym={symbol}=onboard_icudata", "-Xlinker", "-llzma", "-Xlinker", "--wrap=swift_udata_openChoice",
             "-Xlinker", "--wrap=swift_udata_open"]
    with open(os.path.join(out, "link-flags.txt"), "w") as file:
        file.write(" ".join(flags) + "\n")
    report = (
        f"toolchain ICU data: {symbol}, {len(items)} items, {len(data)} bytes\n"
        f"kept: {len(chosen)} items (top-level bundles, curr/), {len(package)} bytes, xz {len(compressed)} bytes\n"
    )
    with open(os.path.join(out, "report.txt"), "w") as file:
        file.write(report + "order:\n" + "".join(name[len(prefix):] + "\n" for name in laid_out))
    print(report, end="")


if __name__ == "__main__":
    main()
