#!/usr/bin/env python3
"""Writes the linker's symbol ordering file (scripts/symbol-order.txt) for the release binary:

    python3 scripts/generate-symbol-order.py .build/release/tui-onboard   (or `make symbol-order`)

The kernel maps a binary 64 KB at a time around each page touched (fault-around), so the code
and data a start touches, scattered over 16 MB of code and 36 MB of data, kept megabytes
resident. The release link (`make build`) places the symbols listed here first in their
sections, next to each other.

The symbols are the functions and data valgrind's lackey sees touched in the common paths, the
most frequent path first: `--first-run` with nothing to show, the tour stepped through in a
pseudo-terminal, `--plain` of a deck (in English and in German), and `--plain` of the built-in
deck (a paywall); the first run also in German. A name defined in
several files (merged thunks, value witnesses) is kept only while all its definitions together
are small: lld moves every section that defines a listed name.

The binary must be linked at fixed addresses (as `make build` links it), so that traced
addresses are the symbol table's. An entry that went stale (renamed or gone) only costs
its place: lld skips it (`--no-warn-symbol-ordering`). Needs valgrind and nm (Debian: valgrind,
binutils).
"""

import argparse
import bisect
import collections
import fcntl
import json
import os
import re
import select
import shutil
import struct
import subprocess
import sys
import tempfile
import termios
import time

HEADER = "# Written by scripts/generate-symbol-order.py (make symbol-order); the release link lists these first.\n"
# A name defined in several files is listed only while its definitions add up to this many bytes.
SHARED_NAME_LIMIT = 16384
# Lackey's lines: "I  04022ab0,3" (an instruction), " L 1ffefff8c0,8" (a load), " S"/" M" (store, modify).
ACCESS = re.compile(rb"^(?:I | [LSM]) ([0-9a-f]+),", re.MULTILINE)
# glibc's builds of one string function for several instruction sets: the function, then the set.
MULTIARCH = re.compile(r"^(__[a-z0-9]+?)_(?:sse2|ssse3|sse4_1|sse42|avx2|avx|evex|avx512)(?:_|$)")
PAGES = ["Welcome aboard", "Pages that slide", "Keys", "Your own deck", "All set now"]
RIGHT_KEY = b"\x1bOC"
class SymbolTable:
    """The binary's symbols by address, and which of them the link can order without dragging."""

    def __init__(self, binary):
        listing = subprocess.run(["nm", "--defined-only", "--print-size", "--numeric-sort", binary],
                                 capture_output=True, text=True, check=True).stdout
        self.symbols, sizes = [], collections.Counter()
        for line in listing.splitlines():
            fields = line.split()
            if len(fields) == 4:
                address, size, kind, name = int(fields[0], 16), int(fields[1], 16), fields[2], fields[3]
            elif len(fields) == 3:
                address, size, kind, name = int(fields[0], 16), 0, fields[1], fields[2]
            else:
                continue
            if kind in "aAuUNn":
                continue
            sizes[name] += max(size, 1)
            self.symbols.append((address, size, name, kind in "tTwW"))
        self.symbols.sort()
        self.starts = [symbol[0] for symbol in self.symbols]
        self.low = self.starts[0]
        self.high = max(symbol[0] + symbol[1] for symbol in self.symbols)
        self.orderable = {name for name, size in sizes.items() if size <= SHARED_NAME_LIMIT}
        self.multiarch = collections.defaultdict(list)
        for name in sizes:
            match = MULTIARCH.match(name)
            if match:
                self.multiarch[match.group(1)].append(name)

    def variants(self, name):
        """The other builds of a glibc string function (`__memmove_avx_unaligned_erms` ->
        `__memmove_evex_unaligned_erms`, `__memmove_avx512_unaligned_erms`, ...). glibc picks one
        for the processor at start, and valgrind's virtual processor gets another than the machine
        the binary runs on; listing all keeps the one the machine picks near the rest."""
        match = MULTIARCH.match(name)
        if not match:
            return []
        return [other for other in self.multiarch.get(match.group(1), []) if other in self.orderable]

    def name_at(self, address):
        """The symbol that holds address: a sized one covering it, else for code the function
        before it (its section goes on past the symbol's size). Data outside every symbol (merged
        string literals) has no name to order."""
        index = bisect.bisect_right(self.starts, address) - 1
        if index < 0:
            return None
        first = index
        while index >= 0 and self.symbols[index][0] == self.symbols[first][0]:
            start, size, name, _ = self.symbols[index]
            if start <= address < start + size:
                return name
            index -= 1
        _, _, name, is_code = self.symbols[first]
        return name if is_code else None


class Touches:
    """Addresses in [low, high) a traced run touched, in 16-byte steps, fed lackey's log as it arrives."""

    def __init__(self, low, high):
        self.low, self.high = low, high
        self.granules, self.pending = {}, b""

    def feed(self, data):
        lines = self.pending + data
        cut = lines.rfind(b"\n") + 1
        self.pending = lines[cut:]
        for match in ACCESS.finditer(lines, 0, cut):
            address = int(match.group(1), 16)
            if self.low <= address < self.high:
                self.granules.setdefault(address >> 4, None)

    def addresses(self):
        return [granule << 4 for granule in self.granules]


def lackey(arguments, descriptor):
    return ["valgrind", "--tool=lackey", "--trace-mem=yes", f"--log-fd={descriptor}"] + arguments


def drain(descriptor, touches):
    """Reads one chunk of the trace into touches; False at its end."""
    data = os.read(descriptor, 1 << 20)
    if data:
        touches.feed(data)
    return bool(data)


def run_plain(arguments, touches, environment):
    reader, writer = os.pipe()
    process = subprocess.Popen(lackey(arguments, writer), env=environment, pass_fds=(writer,),
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(writer)
    while drain(reader, touches):
        pass
    os.close(reader)
    if process.wait() != 0:
        raise RuntimeError(f"{' '.join(arguments)} failed under valgrind")


def run_tour(arguments, touches, environment, timeout=300.0):
    """Steps through the five pages in an 80x24 pseudo-terminal, waiting for each heading."""
    reader, writer = os.pipe()
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    pid = os.fork()
    if pid == 0:
        try:
            os.close(master)
            os.setsid()
            fcntl.ioctl(slave, termios.TIOCSCTTY, 0)
            for descriptor in (0, 1, 2):
                os.dup2(slave, descriptor)
            os.set_inheritable(writer, True)
            command = lackey(arguments, writer)
            os.execve(shutil.which(command[0]), command, environment)
        finally:
            os._exit(127)
    os.close(slave)
    os.close(writer)
    output = bytearray()
    deadline = time.monotonic() + timeout
    tracing = True

    def pump():
        """Waits for the screen or the trace; the trace must be read or valgrind stops."""
        nonlocal tracing
        ready, _, _ = select.select([master] + ([reader] if tracing else []), [], [], 0.5)
        if reader in ready:
            tracing = drain(reader, touches)
        if master in ready:
            try:
                output.extend(os.read(master, 65536))
            except OSError:
                return False
        return True

    def read_until(needle):
        while needle not in output:
            if time.monotonic() > deadline:
                raise RuntimeError(f"the tour never showed {needle!r}")
            if not pump():
                raise RuntimeError("the tour ended early")

    for index, heading in enumerate(PAGES):
        read_until(heading.encode())
        os.write(master, RIGHT_KEY if index + 1 < len(PAGES) else b"q")
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            break
        if time.monotonic() > deadline:
            raise RuntimeError("the tour did not quit")
        pump()
    while tracing:
        tracing = drain(reader, touches)
    os.close(reader)
    os.close(master)


def is_position_independent(binary):
    with open(binary, "rb") as file:
        header = file.read(18)
    return header[16] == 3  # e_type ET_DYN


def main():
    parser = argparse.ArgumentParser(description="Writes the release link's symbol ordering file.")
    parser.add_argument("binary", help="an unstripped release build of tui-onboard")
    parser.add_argument("--output", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "symbol-order.txt"))
    options = parser.parse_args()
    if not shutil.which("valgrind"):
        sys.exit("valgrind is missing: sudo apt-get install -y valgrind")
    binary = os.path.abspath(options.binary)
    if is_position_independent(binary):
        sys.exit(f"{binary} is position-independent: build it as `make build` does")
    assets = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Assets", "default-deck.json")
    folder = tempfile.mkdtemp(prefix="tui-onboard-order-")
    try:
        environment = {key: value for key, value in os.environ.items() if not key.startswith("TUI_ONBOARD_")}
        environment.update(TERM="xterm-256color", LANG=environment.get("LANG") or "C.UTF-8")
        deck = os.path.join(folder, "deck.json")
        with open(deck, "w", encoding="utf-8") as file:
            json.dump({"app": {"id": "order.profile", "name": "Profile", "version": "1.0.0"},
                       "pages": [{"kind": "step", "heading": heading, "text": "A line of text."} for heading in PAGES]},
                      file)
        seen_state, fresh_state = os.path.join(folder, "seen"), os.path.join(folder, "fresh")
        subprocess.run([binary, "--deck", deck, "--state-dir", seen_state, "--first-run", "--plain"],
                       env=environment, stdout=subprocess.DEVNULL, check=True)
        # Most frequent first: a host runs `--first-run` at every start, and it mostly shows
        # nothing; then the tour, whose first page must come as fast as a C program's; then
        # what --plain adds (its own formatting), and what a paywall adds.
        # The same first run in a user's language (German, whose locale is not installed): the
        # language is worked out even when nothing shows. Then --plain reading a catalog.
        german = dict(environment, LANG="de_DE.UTF-8")
        scenarios = [
            (run_plain, [binary, "--deck", deck, "--state-dir", seen_state, "--first-run"], environment),
            (run_plain, [binary, "--deck", deck, "--state-dir", seen_state, "--first-run"], german),
            (run_tour, [binary, "--deck", deck, "--state-dir", fresh_state, "--reduce-motion"], environment),
            (run_plain, [binary, "--deck", deck, "--state-dir", os.path.join(folder, "plain"), "--plain"], environment),
            (run_plain, [binary, "--deck", deck, "--state-dir", os.path.join(folder, "plain-de"), "--plain"], german),
            (run_plain, [binary, "--deck", os.path.abspath(assets), "--state-dir", os.path.join(folder, "paywall"), "--plain"],
             environment),
        ]
        table = SymbolTable(binary)
        order, listed = [], set()
        for runner, arguments, scenario_environment in scenarios:
            touches = Touches(table.low, table.high)
            runner(arguments, touches, scenario_environment)
            names = {table.name_at(address) for address in touches.addresses()}
            # Sorted within a path: the order inside the group does not matter (the whole group is
            # touched), and sorting keeps the diffs small.
            names = {name for name in names if name in table.orderable}
            names |= {variant for name in names for variant in table.variants(name)}
            new = sorted(names - listed)
            listed.update(new)
            order.extend(new)
        with open(options.output, "w", encoding="utf-8") as file:
            file.write(HEADER + "".join(name + "\n" for name in order))
        print(f"{options.output}: {len(order)} symbols")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
