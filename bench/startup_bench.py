#!/usr/bin/env python3
"""Start-up, memory, page-change bytes and binary size of tui-onboard, each beside a
reference measured in the same run:

    python3 bench/startup_bench.py .build/release/tui-onboard [--runs N]

- `mdp --nofade` (C on ncurses) on the same five pages: first page drawn and page-change
  bytes in a pseudo-terminal of 80x24, and peak memory. Installed from Debian's packages
  when missing and running as root.
- A static Swift "hello" that imports Foundation, built here with `swiftc -O -static-stdlib`,
  and the same program once it formats a currency (ICU): the floor for start-up.
- The first price (a run that formats the built-in paywall's prices) in three locales, beside
  a run without a price, and the stripped size of tui-onboard and tui-onboard-license beside
  their limits.

Wall time is the median of N launches (posix_spawn to wait4, stdout to /dev/null); peak memory
is the child's ru_maxrss from wait4. Figures, never tests. Standard library only; Linux.
"""

import argparse
import fcntl
import json
import os
import select
import shutil
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time

RIGHT_KEY = b"\x1bOC"  # → once the keypad is in application mode (both apps set it)
QUIET = 0.100

# Where the first price's cost is measured: English (ICU's data is laid out with it first), one
# of the app's languages, and a language after them (a release build unpacks the most for it).
FIRST_PRICE_LOCALES = [("C.UTF-8 (en_US)", "C.UTF-8"), ("LANG=de_CH.UTF-8", "de_CH.UTF-8"),
                       ("LANG=fi_FI.UTF-8", "fi_FI.UTF-8")]
# The binaries beside the one measured, and the most each may weigh stripped (decimal MB).
BINARY_LIMITS = [("tui-onboard", 24), ("tui-onboard-license", 10)]

PAGES = [
    ("Welcome aboard", "The first page of five, plain text on a plain background."),
    ("Pages that slide", "Each page is a heading and a few lines of text."),
    ("Keys", "Right or Space goes on, Left goes back, q quits."),
    ("Your own deck", "Write the pages in a file and pass it on the command line."),
    ("All set now", "That is the whole tour."),
]


def write_decks(folder):
    """The same five pages as a tui-onboard deck and as an mdp presentation."""
    deck = {
        "app": {"id": "bench.startup", "name": "Bench", "version": "1.0.0"},
        "pages": [{"kind": "step", "heading": heading, "text": text} for heading, text in PAGES],
    }
    deck_path = os.path.join(folder, "deck.json")
    with open(deck_path, "w", encoding="utf-8") as file:
        json.dump(deck, file)
    slides = "\n-------------------------------------------------\n\n".join(
        f"# {heading}\n\n{text}\n" for heading, text in PAGES)
    markdown_path = os.path.join(folder, "deck.md")
    with open(markdown_path, "w", encoding="utf-8") as file:
        file.write("%title: Bench\n%author: bench\n\n" + slides)
    return deck_path, markdown_path


def ensure_mdp():
    if shutil.which("mdp"):
        return shutil.which("mdp")
    if os.geteuid() == 0 and shutil.which("apt-get"):
        print("installing mdp from Debian's packages…", flush=True)
        environment = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        if subprocess.run(["apt-get", "install", "-y", "mdp"], env=environment,
                          stdout=subprocess.DEVNULL).returncode != 0:
            subprocess.run(["apt-get", "update"], env=environment, stdout=subprocess.DEVNULL)
            subprocess.run(["apt-get", "install", "-y", "mdp"], env=environment, stdout=subprocess.DEVNULL)
    return shutil.which("mdp")


def build_hellos(folder):
    """Static Foundation programs: one that only prints, one that formats a currency."""
    sources = {
        "hello": 'import Foundation\nprint("hello")\n',
        "hello-currency": 'import Foundation\n'
                          'print(Decimal(string: "9.99")!.formatted(.currency(code: "EUR")))\n',
    }
    built = {}
    for name, source in sources.items():
        path = os.path.join(folder, name + ".swift")
        with open(path, "w") as file:
            file.write(source)
        output = os.path.join(folder, name)
        result = subprocess.run(["swiftc", "-O", "-static-stdlib", path, "-o", output], capture_output=True, text=True)
        if result.returncode != 0:
            print(f"note: could not build {name}: {result.stderr.strip()}")
            continue
        built[name] = output
    return built


def launch(arguments, environment):
    """(wall ms, exit status) of one run, stdout and stderr to /dev/null."""
    null = os.open(os.devnull, os.O_RDWR)
    try:
        actions = [(os.POSIX_SPAWN_DUP2, null, 0), (os.POSIX_SPAWN_DUP2, null, 1), (os.POSIX_SPAWN_DUP2, null, 2)]
        started = time.perf_counter()
        pid = os.posix_spawn(arguments[0], arguments, environment, file_actions=actions)
        _, status = os.waitpid(pid, 0)
        elapsed = (time.perf_counter() - started) * 1000
    finally:
        os.close(null)
    return elapsed, os.waitstatus_to_exitcode(status)


def peak(arguments, environment, runs=5):
    """Median peak memory in KiB, from GNU time (a small C parent: the child's ru_maxrss is its
    own, where a child spawned from Python would count Python's memory before the exec)."""
    figures = []
    with tempfile.NamedTemporaryFile("r") as report:
        for _ in range(runs):
            subprocess.run(["/usr/bin/time", "-f", "%M", "-o", report.name] + arguments, env=environment,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            report.seek(0)
            figures.append(int(report.read().split()[-1]))
    return statistics.median(figures)


def timed(arguments, environment, runs):
    """(median wall ms, median peak KiB) of `runs` launches after a few warm-ups."""
    for _ in range(3):
        launch(arguments, environment)
    results = [launch(arguments, environment) for _ in range(runs)]
    failed = [code for _, code in results if code != 0]
    if failed:
        print(f"note: {' '.join(arguments)} exited {failed[0]}")
    return statistics.median(ms for ms, _ in results), peak(arguments, environment)


class Terminal:
    """One program on a pseudo-terminal: output read as it comes, keys sent, peak memory at exit."""

    def __init__(self, arguments, environment, width=80, height=24):
        self.output = bytearray()
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", height, width, 0, 0))
        self.started = time.perf_counter()
        pid = os.fork()
        if pid == 0:
            try:
                os.close(master)
                os.setsid()
                fcntl.ioctl(slave, termios.TIOCSCTTY, 0)
                for descriptor in (0, 1, 2):
                    os.dup2(slave, descriptor)
                os.execve(arguments[0], arguments, environment)
            finally:
                os._exit(127)
        os.close(slave)
        self.pid, self.master = pid, master

    def read_until_quiet(self, until, limit=10.0):
        """Reads until `until(new bytes)` holds and no byte came for QUIET seconds; returns
        (bytes read, time of the last byte)."""
        start = len(self.output)
        deadline = time.perf_counter() + limit
        last = None
        while time.perf_counter() < deadline:
            satisfied = until(bytes(self.output[start:]))
            if satisfied and last is not None and time.perf_counter() - last >= QUIET:
                break
            ready, _, _ = select.select([self.master], [], [], 0.01)
            if ready:
                try:
                    chunk = os.read(self.master, 65536)
                except OSError:
                    break
                if not chunk:
                    break
                self.output += chunk
                last = time.perf_counter()
        return len(self.output) - start, last

    def finish(self, keys):
        """Sends `keys`, drains until the program exits; returns its peak memory (VmHWM) in
        KiB, read just before (the forked child's own memory after its exec)."""
        with open(f"/proc/{self.pid}/status") as status:
            peak = next(int(line.split()[1]) for line in status if line.startswith("VmHWM:"))
        os.write(self.master, keys)
        while True:
            pid, status, usage = os.wait4(self.pid, os.WNOHANG)
            if pid:
                os.close(self.master)
                return peak
            ready, _, _ = select.select([self.master], [], [], 0.01)
            if ready:
                try:
                    os.read(self.master, 65536)
                except OSError:
                    pass


def words(text):
    needles = [word.encode() for word in text.split()]
    return lambda output: all(needle in output for needle in needles)


def screen_run(arguments, environment):
    """One pty run over the whole deck: first-page ms, page-change bytes and peak KiB."""
    terminal = Terminal(arguments, environment)
    _, last = terminal.read_until_quiet(words(PAGES[0][0]))
    first = (last - terminal.started) * 1000
    os.write(terminal.master, RIGHT_KEY)
    change, _ = terminal.read_until_quiet(words(PAGES[1][0]))
    for _ in PAGES[2:]:
        os.write(terminal.master, RIGHT_KEY)
        terminal.read_until_quiet(lambda output: len(output) > 0)
    return first, change, terminal.finish(b"q")


def screen_figures(programs, environment, runs):
    """Medians of `screen_run` for each program's arguments. The programs take turns, run by
    run, so that a change in the machine's load between runs falls on all of them alike."""
    results = [[] for _ in programs]
    for _ in range(runs):
        for arguments, result in zip(programs, results):
            result.append(screen_run(arguments, environment))
    return [tuple(statistics.median(run[figure] for run in result) for figure in range(3)) for result in results]


def megabytes(kib):
    return f"{kib / 1024:.1f} MB"


def verdict(ok):
    return "ok" if ok else "MISSED"


def main():
    parser = argparse.ArgumentParser(description="Start-up and memory of tui-onboard beside its references.")
    parser.add_argument("binary")
    parser.add_argument("--runs", type=int, default=100, help="launches per start-up figure (default 100)")
    parser.add_argument("--screens", type=int, default=31,
                        help="pty runs per screen figure, ours and mdp's taking turns (default 31)")
    options = parser.parse_args()
    binary = os.path.abspath(options.binary)
    folder = tempfile.mkdtemp(prefix="tui-onboard-startup-")
    try:
        run(binary, folder, options)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def run(binary, folder, options):
    deck, markdown = write_decks(folder)
    environment = {key: value for key, value in os.environ.items() if key not in ("TUI_ONBOARD_REDUCE_MOTION",)}
    environment["TERM"] = "xterm-256color"
    environment["LANG"] = environment.get("LANG") or "C.UTF-8"
    state = os.path.join(folder, "state")
    app = [binary, "--deck", deck, "--state-dir", state]
    mdp = ensure_mdp()
    hellos = build_hellos(folder)

    # Nothing to show: the tour was seen (recorded by a --plain run).
    subprocess.run(app + ["--first-run", "--plain"], stdout=subprocess.DEVNULL, env=environment, check=True)
    seen_ms, seen_kib = timed(app + ["--first-run"], environment, options.runs)
    hello = timed([hellos["hello"]], environment, options.runs) if "hello" in hellos else None
    currency = timed([hellos["hello-currency"]], environment, options.runs) if "hello-currency" in hellos else None
    plain_kib = peak(app + ["--plain"], environment)
    # The same in German: the locale need not be installed, the catalog is read once shown.
    german = dict(environment, LANG="de_DE.UTF-8")
    seen_de_ms, seen_de_kib = timed(app + ["--first-run"], german, options.runs)
    plain_de_ms, plain_de_kib = timed(app + ["--plain"], german, options.runs)
    plain_en_ms, _ = timed(app + ["--plain"], environment, options.runs)
    assets = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Assets", "default-deck.json")
    paywall_state = os.path.join(folder, "paywall-state")
    paywall = [binary, "--deck", os.path.abspath(assets), "--state-dir", paywall_state, "--plain"]
    paywall_kib = peak(paywall, environment)
    # The first price: a run that formats the paywall's prices, which is when a release build
    # unpacks ICU's data (as far as the locale's items: English first, the app's languages next,
    # then the rest), beside the same deck's pages in a run that shows none.
    first_prices = [(label, timed(paywall, dict(environment, LANG=lang), options.runs))
                    for label, lang in FIRST_PRICE_LOCALES]

    if mdp:
        ours, reference = screen_figures([app + ["--reduce-motion"], [mdp, "--nofade", markdown]], environment,
                                         options.screens)
    else:
        (ours,), reference = screen_figures([app + ["--reduce-motion"]], environment, options.screens), None

    sizes = {}
    for name, limit in BINARY_LIMITS:
        path = os.path.join(os.path.dirname(binary), name)
        if not os.path.exists(path):
            continue
        stripped = os.path.join(folder, name + ".stripped")
        subprocess.run(["strip", "-o", stripped, path], check=True)
        sizes[name] = (os.path.getsize(path), os.path.getsize(stripped), limit)

    rows = [("", "tui-onboard", "reference, same run", "target", "")]
    if reference:
        rows.append((
            "first page drawn, 80x24, same 5-page deck, pty", f"{ours[0]:.1f} ms",
            f"mdp --nofade {reference[0]:.1f} ms", "<= 1.2x mdp",
            f"{ours[0] / reference[0]:.1f}x {verdict(ours[0] <= 1.2 * reference[0])}"))
        rows.append((
            "page change, bytes (--reduce-motion)", f"{ours[1]:.0f} B", f"mdp --nofade {reference[1]:.0f} B",
            "<= mdp", verdict(ours[1] <= reference[1])))
    else:
        rows.append(("first page drawn, 80x24, pty", f"{ours[0]:.1f} ms", "mdp missing", "", ""))
        rows.append(("page change, bytes (--reduce-motion)", f"{ours[1]:.0f} B", "mdp missing", "", ""))
    hello_cell = f"static hello {hello[0]:.1f} ms, {megabytes(hello[1])}" if hello else "hello not built"
    verdicts = [f"time {verdict(seen_ms <= 4)}", f"memory {verdict(seen_kib <= 7 * 1024)}"]
    if hello:
        verdicts.append(f"{seen_ms / hello[0]:.1f}x hello {verdict(seen_ms <= 1.5 * hello[0])}")
    rows.append((
        "--first-run when already seen (nothing shown)", f"{seen_ms:.1f} ms, {megabytes(seen_kib)}", hello_cell,
        "<= 4 ms, <= 7 MB, <= 1.5x hello", ", ".join(verdicts)))
    if hello:
        rows.append(("a Swift program that imports Foundation, static", f"{hello[0]:.1f} ms, {megabytes(hello[1])}",
                     "", "the floor", ""))
    if currency:
        rows.append(("the same program once it formats a currency (ICU)",
                     f"{currency[0]:.1f} ms, {megabytes(currency[1])}", "", "", ""))
    rows.append(("--plain of the 5-page deck without a paywall", megabytes(plain_kib), "", "<= 8 MB",
                 verdict(plain_kib <= 8 * 1024)))
    rows.append(("--first-run when already seen, LANG=de_DE.UTF-8", f"{seen_de_ms:.1f} ms, {megabytes(seen_de_kib)}",
                 f"English {seen_ms:.1f} ms", "unchanged", ""))
    rows.append(("--plain of the 5-page deck, LANG=de_DE.UTF-8 (reads the catalog)",
                 f"{plain_de_ms:.1f} ms, {megabytes(plain_de_kib)}", f"English {plain_en_ms:.1f} ms, {megabytes(plain_kib)}",
                 "", ""))
    tour_reference = f"mdp {megabytes(reference[2])}" if reference else ""
    rows.append(("tour without prices, every page, pty (peak)", megabytes(ours[2]), tour_reference, "<= 8 MB",
                 verdict(ours[2] <= 8 * 1024)))
    rows.append(("--plain of the built-in deck (a paywall)", megabytes(paywall_kib), "", "<= 20 MB",
                 verdict(paywall_kib <= 20 * 1024)))
    for label, (ms, kib) in first_prices:
        rows.append((f"first price: --plain of the built-in deck, {label}", f"{ms:.1f} ms, {megabytes(kib)}",
                     f"5-page deck, no price {plain_en_ms:.1f} ms", "", ""))
    for name, (size, stripped_size, limit) in sizes.items():
        rows.append((f"{name} binary, stripped", f"{stripped_size / 1e6:.2f} MB",
                     f"unstripped {size / 1e6:.1f} MB", f"<= {limit} MB",
                     verdict(stripped_size <= limit * 1_000_000)))

    print(f"start-up and memory: {binary}")
    print(f"median of {options.runs} launches (wall, posix_spawn to wait4) and {options.screens} pty runs of each program, taking turns; "
          "peak memory = GNU time's %M, or VmHWM in the pty")
    print()
    widths = [max(len(row[column]) for row in rows) for column in range(len(rows[0]))]
    for number, row in enumerate(rows):
        print("  ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip())
        if number == 0:
            print("  ".join("-" * width for width in widths))


if __name__ == "__main__":
    main()
