#!/usr/bin/env python3
"""Writes the linker's symbol ordering file (scripts/symbol-order.txt) for the release binary:

    python3 scripts/generate-symbol-order.py .build/release/tui-onboard   (or `make symbol-order`)

The kernel maps the code of a binary 64 KB at a time around each page touched (fault-around),
so the functions a start runs, scattered over 16 MB of code, kept most of it resident. The
release link (`make build`) places the functions listed here first, next to each other.

The functions are those valgrind's callgrind sees run in the common paths, the most frequent
path first: `--first-run` with nothing to show, `--plain` of a deck, the tour stepped through in a
pseudo-terminal, and `--plain` of the built-in deck (a paywall). Only names defined once in the
binary are kept: lld moves every section that defines a listed name, and a local name shared
by many files (merged thunks, value witnesses) would drag whole libraries' code along.

An entry that went stale (a function renamed or gone) only costs its place: lld skips it
(`--no-warn-symbol-ordering`). Needs valgrind and nm (Debian: valgrind, binutils).
"""

import argparse
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
PAGES = ["Welcome aboard", "Pages that slide", "Keys", "Your own deck", "All set now"]
RIGHT_KEY = b"\x1bOC"
FUNCTION = re.compile(r"^c?fn=\(\d+\)(?: (\S+))?")


def defined_once(binary):
    """Names of functions defined exactly once in the binary's symbol table (locals included)."""
    listing = subprocess.run(["nm", "--defined-only", binary], capture_output=True, text=True, check=True).stdout
    counts = collections.Counter(line.split()[2] for line in listing.splitlines()
                                 if len(line.split()) == 3 and line.split()[1] in "tTwW")
    return {name for name, count in counts.items() if count == 1}


def functions_run(profile):
    """Function names in a callgrind profile (run with --demangle=no)."""
    names = []
    with open(profile, encoding="utf-8", errors="replace") as lines:
        for line in lines:
            match = FUNCTION.match(line)
            if match and match.group(1):
                names.append(match.group(1).split("'")[0])
    return names


def callgrind(arguments, profile):
    return ["valgrind", "--tool=callgrind", "--demangle=no", f"--callgrind-out-file={profile}"] + arguments


def run_plain(arguments, profile, environment):
    subprocess.run(callgrind(arguments, profile), env=environment,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)


def run_tour(arguments, profile, environment, timeout=120.0):
    """Steps through the five pages in an 80x24 pseudo-terminal, waiting for each heading."""
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
            command = callgrind(arguments, profile)
            os.execve(shutil.which(command[0]), command, environment)
        finally:
            os._exit(127)
    os.close(slave)
    output = bytearray()
    deadline = time.monotonic() + timeout

    def read_until(needle):
        while needle not in output:
            if time.monotonic() > deadline:
                raise RuntimeError(f"the tour never showed {needle!r}")
            ready, _, _ = select.select([master], [], [], 0.5)
            if ready:
                try:
                    output.extend(os.read(master, 65536))
                except OSError:
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
        ready, _, _ = select.select([master], [], [], 0.5)
        if ready:
            try:
                os.read(master, 65536)
            except OSError:
                pass
    os.close(master)


def main():
    parser = argparse.ArgumentParser(description="Writes the release link's symbol ordering file.")
    parser.add_argument("binary", help="an unstripped release build of tui-onboard")
    parser.add_argument("--output", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "symbol-order.txt"))
    options = parser.parse_args()
    if not shutil.which("valgrind"):
        sys.exit("valgrind is missing: sudo apt-get install -y valgrind")
    binary = os.path.abspath(options.binary)
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
        # Most frequent first: a host runs `--first-run` at every start, and it mostly shows nothing.
        scenarios = [
            (run_plain, [binary, "--deck", deck, "--state-dir", seen_state, "--first-run"]),
            (run_plain, [binary, "--deck", deck, "--state-dir", os.path.join(folder, "plain"), "--plain"]),
            (run_tour, [binary, "--deck", deck, "--state-dir", fresh_state, "--reduce-motion"]),
            (run_plain, [binary, "--deck", os.path.abspath(assets), "--state-dir", os.path.join(folder, "paywall"), "--plain"]),
        ]
        known = defined_once(binary)
        order, listed = [], set()
        for number, (runner, arguments) in enumerate(scenarios):
            profile = os.path.join(folder, f"callgrind.{number}")
            runner(arguments, profile, environment)
            # Sorted within a path: callgrind's order varies from run to run, and the order inside
            # the group does not matter (the whole group is touched); this keeps the diffs small.
            new = sorted({name for name in functions_run(profile) if name in known} - listed)
            listed.update(new)
            order.extend(new)
        with open(options.output, "w", encoding="utf-8") as file:
            file.write(HEADER + "".join(name + "\n" for name in order))
        print(f"{options.output}: {len(order)} functions")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
