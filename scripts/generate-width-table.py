#!/usr/bin/env python3
"""Writes Sources/OnboardKit/Rendering/DisplayWidth+Table.swift: the terminal width of every
Unicode scalar, exactly as glibc's wcwidth() gives it in a UTF-8 locale.

ncurses decides where each character goes with wcwidth(), so the core has to agree with it
cell for cell, or a slide leaves stale characters behind. The rules are those of glibc's own
generator (localedata/unicode-gen: utf8_gen.py and unicode_utils.py); the data comes from the
Unicode Character Database files of Debian's unicode-data package (/usr/share/unicode).

glibc's width data lags behind Unicode: glibc 2.36 (Debian 12) carries Unicode 14.0.0, while
Debian 12's unicode-data is 15.0.0. --unicode-version limits the table to the characters that
existed in that version (DerivedAge.txt), which reproduces glibc's answers from newer data.
Tests/OnboardTerminalTests/WcwidthAgreementTests.swift checks the result against wcwidth()
for every scalar.

    make width-table
    scripts/generate-width-table.py [--ucd /usr/share/unicode] [--unicode-version 14.0.0] [--output FILE]
    scripts/generate-width-table.py --check     # exit 1 if the committed table is out of date
"""

import argparse
import os
import re
import sys

REPOSITORY = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_OUTPUT = os.path.join(REPOSITORY, "Sources", "OnboardKit", "Rendering", "DisplayWidth+Table.swift")
# glibc 2.36 (Debian 12 "bookworm"): "Unicode 14.0.0 Support" in its NEWS.
DEFAULT_UNICODE_VERSION = "14.0.0"
DEFAULT_GLIBC = "glibc 2.36"
SCALAR_COUNT = 0x110000
NOT_PRINTABLE = -1

RANGE_LINE = re.compile(r"^([0-9A-F]{4,6})(?:\.\.([0-9A-F]{4,6}))?\s*;\s*([A-Za-z0-9_.]+)")


def read_ranges(path):
    """Yields (first, last, value) for each data line of a UCD property file."""
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            match = RANGE_LINE.match(line)
            if match:
                first = int(match.group(1), 16)
                last = int(match.group(2) or match.group(1), 16)
                yield first, last, match.group(3)


def read_unicode_data(path):
    """General category and bidi class of every assigned scalar, ranges ("<..., First>") expanded."""
    categories = {}
    range_start = None
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            fields = line.rstrip("\n").split(";")
            if len(fields) < 5:
                continue
            value = int(fields[0], 16)
            name, category, bidi = fields[1], fields[2], fields[4]
            if name.endswith(", First>"):
                range_start = value
                continue
            first = range_start if name.endswith(", Last>") else value
            range_start = None
            for scalar in range(first, value + 1):
                categories[scalar] = (category, bidi)
    return categories


def version_key(text):
    return tuple(int(part) for part in text.split("."))


def widths(ucd, unicode_version):
    """wcwidth() of every scalar under glibc's rules for the given Unicode version."""
    limit = version_key(unicode_version)
    born = {}
    for first, last, age in read_ranges(os.path.join(ucd, "DerivedAge.txt")):
        for scalar in range(first, last + 1):
            born[scalar] = version_key(age)
    attributes = {
        scalar: value
        for scalar, value in read_unicode_data(os.path.join(ucd, "UnicodeData.txt")).items()
        if scalar in born and born[scalar] <= limit and not 0xD800 <= scalar <= 0xDFFF
    }

    table = [NOT_PRINTABLE] * SCALAR_COUNT
    for scalar in attributes:
        table[scalar] = 1
    # East Asian Wide and Fullwidth take two columns.
    for first, last, width_class in read_ranges(os.path.join(ucd, "EastAsianWidth.txt")):
        if width_class in ("W", "F"):
            for scalar in range(first, last + 1):
                if scalar in attributes:
                    table[scalar] = 2
    # Combining marks and format characters take none.
    for scalar, (category, bidi) in attributes.items():
        if bidi == "NSM" or category in ("Cf", "Me", "Mn"):
            table[scalar] = 0
    # Prepended concatenation marks (U+0600 ARABIC NUMBER SIGN ...) stand before the digits
    # they span: one column.
    for first, last, prop in read_ranges(os.path.join(ucd, "PropList.txt")):
        if prop == "Prepended_Concatenation_Mark":
            for scalar in range(first, last + 1):
                if scalar in attributes:
                    table[scalar] = 1
    # glibc's special cases: the soft hyphen shows; Hangul medial vowels and final consonants
    # join the syllable before them; circled numbers on black squares and the Yijing hexagrams
    # are wide.
    table[0x00AD] = 1
    for scalar in list(range(0x1160, 0x1200)) + list(range(0xD7B0, 0xD800)):
        if scalar in attributes:
            table[scalar] = 0
    for scalar in list(range(0x3248, 0x3250)) + list(range(0x4DC0, 0x4E00)):
        table[scalar] = 2
    # Not printable: controls and the line and paragraph separators (glibc's "print" class);
    # NUL is 0 by definition.
    for scalar, (category, _) in attributes.items():
        if category in ("Cc", "Zl", "Zp"):
            table[scalar] = NOT_PRINTABLE
    table[0] = 0
    return table


def runs(table):
    """(first scalar, width) wherever the width changes, surrogates folded into their neighbours."""
    result = []
    for scalar, width in enumerate(table):
        if 0xD800 <= scalar <= 0xDFFF:
            continue
        if not result or result[-1][1] != width:
            result.append((scalar, width))
    return result


def ucd_version(ucd):
    with open(os.path.join(ucd, "DerivedAge.txt"), encoding="utf-8") as lines:
        match = re.match(r"#\s*DerivedAge-([0-9.]+)\.txt", lines.readline())
    return match.group(1) if match else "unknown"


def swift_source(table, ucd, unicode_version, glibc):
    entries = ["0x%02X_%06X" % (width + 1, first) for first, width in runs(table)]
    per_line = 8
    rows = [
        "        " + ", ".join(entries[index:index + per_line]) + ","
        for index in range(0, len(entries), per_line)
    ]
    return (
        f"""// Generated by scripts/generate-width-table.py; do not edit. Run `make width-table` to regenerate.
// Source: the Unicode Character Database {ucd_version(ucd)} (Debian's unicode-data package),
// limited to the characters of Unicode {unicode_version}, the Unicode version of {glibc}'s wcwidth.

extension DisplayWidth {{
    /// The Unicode version whose characters the width table covers: that of {glibc}'s `wcwidth`.
    public static let tableUnicodeVersion = "{unicode_version}"

    /// `wcwidth` of every scalar as steps: each entry is `0xWW_SSSSSS`, where `SSSSSS` is the
    /// first scalar of a run and `WW` its width plus one (0x00: not printable, -1; 0x01: 0
    /// columns; 0x02: 1 column; 0x03: 2 columns). A run lasts until the next entry.
    static let widthSteps: [UInt32] = [
"""
        + "\n".join(rows)
        + """
    ]
}
"""
    )


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ucd", default="/usr/share/unicode", help="directory of the UCD files")
    parser.add_argument("--unicode-version", default=DEFAULT_UNICODE_VERSION, help="the Unicode version of glibc")
    parser.add_argument("--glibc", default=DEFAULT_GLIBC, help="the glibc named in the header")
    parser.add_argument("--output", default=DEFAULT_OUTPUT)
    parser.add_argument("--check", action="store_true", help="compare with --output instead of writing it")
    options = parser.parse_args()

    if not os.path.exists(os.path.join(options.ucd, "UnicodeData.txt")):
        sys.exit(f"{options.ucd}/UnicodeData.txt is missing: apt-get install unicode-data, or pass --ucd DIR")
    if version_key(ucd_version(options.ucd)) < version_key(options.unicode_version):
        sys.exit(f"the UCD in {options.ucd} is {ucd_version(options.ucd)}, older than {options.unicode_version}")
    source = swift_source(
        widths(options.ucd, options.unicode_version), options.ucd, options.unicode_version, options.glibc)
    if options.check:
        with open(options.output, encoding="utf-8") as existing:
            if existing.read() != source:
                sys.exit(f"{options.output} is out of date: run scripts/generate-width-table.py")
        return
    with open(options.output, "w", encoding="utf-8") as output:
        output.write(source)


if __name__ == "__main__":
    main()
