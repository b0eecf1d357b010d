#!/usr/bin/env python3
"""Measures tui-onboard the way a terminal sees it: the release binary runs in a
pseudo-terminal and every figure comes from the bytes it writes and from /proc.

    python3 bench/terminal_bench.py .build/release/tui-onboard [--deck FILE] [--idle SECONDS]

For 80x24 and 200x60, once with --reduce-motion and once with the default motion, it
prints: time from launch to the first page fully drawn (the last byte before 100 ms of
quiet, after the first heading appeared), bytes written at start-up, CPU and bytes while
idle, bytes and time for one page change (Right), peak memory (VmHWM), and the exit code
after `q`. Standard library only; Linux only (/proc).
"""

import argparse
import atexit
import fcntl
import json
import os
import re
import select
import shutil
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time

QUIET_SECONDS = 0.100
STARTUP_TIMEOUT = 10.0
SIZES = [(80, 24), (200, 60)]
# What an xterm sends for → once the app has switched the keypad to application mode (smkx).
RIGHT_KEY = b"\x1bOC"
# A device attributes question (the app asks one behind each animation frame) and the answer
# a VT220-class terminal gives, as xterm, tmux and VTE do.
DEVICE_ATTRIBUTES_QUERY = b"\x1b[c"
DEVICE_ATTRIBUTES_ANSWER = b"\x1b[?62;22c"
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


class TerminalAnswers:
    """Answers the questions the app asks, in the order they are read, as a terminal does
    once it has read everything before each. `questions` names the ones this terminal
    answers: "device-attributes" (every VT100 descendant), "background" (OSC 11, with
    `background`, an X11 colour) and "synchronized-output" (DECRQM for mode 2026, which
    xterm, kitty, WezTerm, foot and tmux 3.4 answer). An empty set is a terminal that
    answers nothing (pyte, some serial consoles)."""

    ALL = ("device-attributes", "background", "synchronized-output")
    # A dark background that is not black (One Dark's), so the theme follows it exactly.
    BACKGROUND = "rgb:2828/2c2c/3434"
    QUESTIONS = re.compile(rb"\x1b\[c|\x1b\]11;\?(?:\x07|\x1b\\)|\x1b\[\?2026\$p")

    def __init__(self, questions=("device-attributes",), background=BACKGROUND):
        self.questions = set(questions)
        self.background = background
        self.unread = b""

    def answers(self, chunk):
        """The bytes the terminal sends back after reading `chunk`."""
        data = self.unread + chunk
        reply = b""
        end = 0
        for match in self.QUESTIONS.finditer(data):
            end = match.end()
            question = match.group()
            if question == DEVICE_ATTRIBUTES_QUERY:
                if "device-attributes" in self.questions:
                    reply += DEVICE_ATTRIBUTES_ANSWER
            elif question.startswith(b"\x1b]11"):
                if "background" in self.questions:
                    reply += b"\x1b]11;" + self.background.encode() + b"\x1b\\"
            elif "synchronized-output" in self.questions:
                # 2: known and reset.
                reply += b"\x1b[?2026;2$y"
        # A question may be cut between two reads: the tail is looked at again with the next.
        self.unread = data[max(end, len(data) - 16):]
        return reply

TARGET_FIRST_PAGE_MS = 15.0
TARGET_PAGE_CHANGE_BYTES = 1024
TARGET_PEAK_MEMORY_KB = 10 * 1024


class LaunchFailed(Exception):
    """The app ended (or never drew) before the measurement could be taken."""


class App:
    """One run of the binary on a pseudo-terminal of a given size."""

    def __init__(self, binary, arguments, width, height, environment, answers=None):
        self.output = bytearray()
        self.answers = answers or TerminalAnswers()
        self.error_file = tempfile.TemporaryFile()
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", height, width, 0, 0))
        self.started = time.monotonic()
        pid = os.fork()
        if pid == 0:  # child: the pty becomes its controlling terminal
            try:
                os.close(master)
                os.setsid()
                fcntl.ioctl(slave, termios.TIOCSCTTY, 0)
                os.dup2(slave, 0)
                os.dup2(slave, 1)
                os.dup2(self.error_file.fileno(), 2)
                if slave > 2:
                    os.close(slave)
                os.execve(binary, [binary] + arguments, environment)
            finally:
                os._exit(127)
        os.close(slave)
        self.pid = pid
        self.master = master
        self.exit_code = None

    def read_until_quiet(self, quiet=QUIET_SECONDS, limit=STARTUP_TIMEOUT, until=None,
                         missing="the first page never appeared"):
        """Reads output until `until(new output)` holds (if given) and then `quiet` seconds
        pass with no byte. Returns (bytes read, time of the last byte or None)."""
        start_length = len(self.output)
        deadline = time.monotonic() + limit
        last_byte = None
        satisfied = until is None
        while True:
            now = time.monotonic()
            if now >= deadline:
                break
            if satisfied and last_byte is not None and now - last_byte >= quiet:
                break
            wait = deadline - now
            if satisfied:
                wait = min(wait, quiet - (now - last_byte) if last_byte is not None else quiet)
            ready, _, _ = select.select([self.master], [], [], max(0.0, wait))
            if not ready:
                if satisfied:
                    break
                continue
            chunk = self._read()
            if chunk is None:
                break
            last_byte = time.monotonic()
            if not satisfied and until(self.output[start_length:]):
                satisfied = True
        if not satisfied:
            raise LaunchFailed(self.describe_failure(missing))
        return len(self.output) - start_length, last_byte

    def drain_for(self, seconds):
        """Reads whatever arrives for `seconds`; returns the byte count."""
        return sum(self.frames_for(seconds))

    def frames_for(self, seconds, gap=0.004):
        """Reads for `seconds`, grouping writes closer than `gap` into frames; returns the
        byte count of each frame."""
        frames = []
        last = None
        deadline = time.monotonic() + seconds
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                break
            ready, _, _ = select.select([self.master], [], [], remaining)
            if not ready:
                continue
            chunk = self._read()
            if chunk is None:
                break
            now = time.monotonic()
            if last is None or now - last > gap:
                frames.append(0)
            frames[-1] += len(chunk)
            last = now
        return frames

    def _read(self):
        try:
            chunk = os.read(self.master, 65536)
        except OSError:  # EIO: the child closed the terminal
            return None
        if not chunk:
            return None
        self.output += chunk
        # Answered as a terminal does, once everything before the question has been read.
        reply = self.answers.answers(chunk)
        if reply:
            self.send(reply)
        return chunk

    def send(self, data):
        os.write(self.master, data)

    def cpu_ticks(self):
        with open(f"/proc/{self.pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return int(fields[11]) + int(fields[12])

    def peak_memory_kb(self):
        with open(f"/proc/{self.pid}/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
        return None

    def has_exited(self):
        if self.exit_code is not None:
            return True
        pid, status = os.waitpid(self.pid, os.WNOHANG)
        if pid == 0:
            return False
        self.exit_code = os.waitstatus_to_exitcode(status)
        return True

    def wait(self, timeout=5.0):
        """Waits for the exit, draining output meanwhile; kills the app after `timeout`."""
        deadline = time.monotonic() + timeout
        while not self.has_exited():
            if time.monotonic() >= deadline:
                os.kill(self.pid, signal.SIGKILL)
                _, status = os.waitpid(self.pid, 0)
                self.exit_code = os.waitstatus_to_exitcode(status)
                break
            ready, _, _ = select.select([self.master], [], [], 0.02)
            if ready:
                self._read()
        return self.exit_code

    def standard_error(self):
        self.error_file.seek(0)
        return self.error_file.read().decode("utf-8", "replace").strip()

    def describe_failure(self, what):
        self.wait(timeout=0.5)
        message = f"{what} (exit {self.exit_code})"
        error = self.standard_error()
        return f"{message}: {error}" if error else message

    def close(self):
        if self.exit_code is None:
            self.wait(timeout=0.5)
        os.close(self.master)
        self.error_file.close()


def quiet_copy_of_built_in_deck():
    """Copies the repository's Assets to a temporary folder, drops the deck's confetti, and
    returns the copied deck's path."""
    assets = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Assets")
    folder = tempfile.mkdtemp(prefix="tui-onboard-bench-")
    target = os.path.join(folder, "Assets")
    shutil.copytree(assets, target)
    deck_path = os.path.join(target, "default-deck.json")
    with open(deck_path, encoding="utf-8") as file:
        deck = json.load(file)
    # No opening confetti; `c` throws about 300 pieces (two 150-piece bursts 0.75 s apart,
    # living 1.5 s), the load the confetti figures are asked for.
    deck["confetti"] = {"onCelebrate": {"preset": "burst", "num": 150, "repetitions": 3,
                                        "repetitionInterval": 0.75, "lifetime": 1.5}}
    with open(deck_path, "w", encoding="utf-8") as file:
        json.dump(deck, file, ensure_ascii=False, indent=2)
    return deck_path


def page_titles(binary, deck_arguments, environment):
    """The page titles, from `--plain` (it prints `[1/N] Title` for each page)."""
    result = subprocess.run(
        [binary, "--plain"] + deck_arguments, capture_output=True, text=True, env=environment, timeout=10)
    if result.returncode != 0:
        sys.exit(f"terminal_bench: `{binary} --plain` failed (exit {result.returncode}): {result.stderr.strip()}")
    return re.findall(r"^\[\d+/\d+\] (.*)$", result.stdout, re.MULTILINE)


def shows(title):
    """A test that the output holds every word of `title`. Words, not the whole line: the
    terminal library may move the cursor over blank runs instead of writing spaces."""
    words = [word.encode() for word in title.split()]
    return lambda output: all(word in output for word in words)


def first_page_ms(binary, arguments, size, environment, first_title):
    """Launch to the first page fully drawn, in milliseconds, and the bytes written."""
    app = App(binary, arguments, size[0], size[1], environment)
    try:
        count, last_byte = app.read_until_quiet(until=shows(first_title))
        app.send(b"q")
        app.wait()
        return (last_byte - app.started) * 1000, count
    finally:
        app.close()


def measure(binary, arguments, size, environment, titles, idle_seconds, launches):
    """Every figure for one size and motion setting, as a dict."""
    figures = {}
    # Start-up is short and noisy: take the median of a few launches.
    timings = [first_page_ms(binary, arguments, size, environment, titles[0]) for _ in range(launches)]
    figures["first_page_ms"] = statistics.median(ms for ms, _ in timings)
    figures["first_page_min_ms"] = min(ms for ms, _ in timings)
    figures["startup_bytes"] = statistics.median(count for _, count in timings)

    app = App(binary, arguments, size[0], size[1], environment)
    try:
        app.read_until_quiet(until=shows(titles[0]))
        ticks = app.cpu_ticks()
        figures["idle_bytes"] = app.drain_for(idle_seconds)
        if app.has_exited():
            raise LaunchFailed(app.describe_failure("the app ended while idle"))
        figures["idle_ticks"] = app.cpu_ticks() - ticks
        if len(titles) > 1:
            before = len(app.output)
            sent = time.monotonic()
            app.send(RIGHT_KEY)
            # Any output starts the change; only changed cells are written, so the new
            # title is checked afterwards rather than waited for.
            count, last_byte = app.read_until_quiet(until=len, missing="nothing was drawn after Right")
            figures["page_change_bytes"] = count
            figures["page_change_ms"] = (last_byte - sent) * 1000
            figures["page_change_shown"] = shows(titles[1])(app.output[before:])
        if "--reduce-motion" not in arguments:
            app.read_until_quiet(until=None)
            ticks = app.cpu_ticks()
            app.send(b"c")
            app.frames_for(0.5)  # the first burst builds up
            frames = app.frames_for(1.0)
            figures["confetti_fps"] = len(frames)
            figures["confetti_bytes"] = statistics.mean(frames) if frames else 0
            figures["confetti_cpu_ms"] = (app.cpu_ticks() - ticks) * (1000 / CLOCK_TICKS) / 1.5 / max(1, len(frames))
            app.read_until_quiet(limit=10)
        figures["peak_memory_kb"] = app.peak_memory_kb()
        app.send(b"q")
        figures["exit_code"] = app.wait()
    finally:
        app.close()
    return figures


TARGET_TRUECOLOR_RATIO = 1.15


def color_cost(binary, deck_arguments, environment, titles, colorterm):
    """Bytes of one page change (reduced motion) and the mean bytes of a confetti frame at
    80x24, with COLORTERM set to `colorterm` (None: unset)."""
    environment = dict(environment)
    environment.pop("COLORTERM", None)
    if colorterm:
        environment["COLORTERM"] = colorterm
    figures = {}
    app = App(binary, deck_arguments + ["--reduce-motion", "--seed", "42"], 80, 24, environment)
    try:
        app.read_until_quiet(until=shows(titles[0]))
        app.send(RIGHT_KEY)
        figures["page_change_bytes"], _ = app.read_until_quiet(until=len, missing="nothing was drawn after Right")
        app.send(b"q")
        app.wait()
    finally:
        app.close()
    app = App(binary, deck_arguments + ["--seed", "42"], 80, 24, environment)
    try:
        app.read_until_quiet(until=shows(titles[0]))
        app.send(b"c")
        app.frames_for(0.5)
        frames = app.frames_for(1.0)
        figures["confetti_bytes"] = statistics.mean(frames) if frames else 0
        app.send(b"q")
        app.wait()
    finally:
        app.close()
    return figures


def print_color_costs(binary, deck_arguments, environment, titles):
    """Truecolor beside 256 colours, for the same page change and confetti (same seed)."""
    indexed = color_cost(binary, deck_arguments, environment, titles, None)
    direct = color_cost(binary, deck_arguments, environment, titles, "truecolor")
    print()
    print(f"colour cost at 80x24 (TERM=xterm-256color; target: truecolor <= {TARGET_TRUECOLOR_RATIO}x 256 colours)")
    print(f"{'':<28}  {'256 colours':>12}  {'truecolor':>12}  ratio")
    for key, name in (("page_change_bytes", "page change (reduced)"), ("confetti_bytes", "confetti frame (mean)")):
        ratio = direct[key] / indexed[key] if indexed[key] else float("inf")
        print(f"{name:<28}  {indexed[key]:>10,.0f} B  {direct[key]:>10,.0f} B  {ratio:.2f}x "
              f"{verdict(ratio <= TARGET_TRUECOLOR_RATIO)}")


def verdict(ok):
    return "ok" if ok else "MISSED"


def format_column(figures, size, reduced):
    """The cells of one column, in the row order of `ROWS`."""
    if "error" in figures:
        return [figures["error"]] + [""] * (len(ROWS) - 1)
    cells = [
        f"{figures['first_page_ms']:.1f} ms {verdict(figures['first_page_ms'] <= TARGET_FIRST_PAGE_MS)}"
        f" (min {figures['first_page_min_ms']:.1f})",
        f"{figures['startup_bytes']:,.0f} B",
        f"{figures['idle_ticks']} ticks {verdict(figures['idle_ticks'] == 0)}",
        f"{figures['idle_bytes']:,} B {verdict(figures['idle_bytes'] == 0)}",
    ]
    if "page_change_bytes" in figures:
        change = f"{figures['page_change_bytes']:,} B"
        if reduced and size == (80, 24):
            change += " " + verdict(figures["page_change_bytes"] <= TARGET_PAGE_CHANGE_BYTES)
        cells += [change, f"{figures['page_change_ms']:.1f} ms"]
    else:
        cells += ["(one page)", ""]
    if "confetti_fps" in figures:
        limit = 2.5 * 1024 if size == (80, 24) else 4 * 1024
        cells += [
            f"{figures['confetti_fps']} fps {verdict(figures['confetti_fps'] >= 58)}",
            f"{figures['confetti_bytes']:,.0f} B {verdict(figures['confetti_bytes'] <= limit)}",
            f"{figures['confetti_cpu_ms']:.2f} ms",
        ]
    else:
        cells += ["(no motion)", "", ""]
    memory = figures["peak_memory_kb"]
    cells.append(f"{memory / 1024:.1f} MB {verdict(memory <= TARGET_PEAK_MEMORY_KB)}" if memory else "?")
    cells.append(f"{figures['exit_code']} {verdict(figures['exit_code'] == 0)}")
    return cells


ROWS = [
    ("first page drawn (median)", f"<= {TARGET_FIRST_PAGE_MS:.0f} ms"),
    ("bytes at start-up", ""),
    ("CPU while idle", "0"),
    ("bytes while idle", "0"),
    ("page change: bytes", f"<= {TARGET_PAGE_CHANGE_BYTES // 1024} KB (80x24, no animation)"),
    ("page change: time to quiet", ""),
    ("confetti (~300 pieces): frames/s", ">= 58"),
    ("confetti: bytes per frame", "<= 2.5 KB at 80x24, 4 KB at 200x60"),
    ("confetti: CPU per frame", "(10 ms ticks, coarse)"),
    ("peak memory (VmHWM)", f"<= {TARGET_PEAK_MEMORY_KB // 1024} MB"),
    ("exit code after q", "0"),
]


def print_table(headers, columns):
    table = [["", "target"] + headers]
    for index, (name, target) in enumerate(ROWS):
        table.append([name, target] + [column[index] for column in columns])
    widths = [max(len(row[column]) for row in table) for column in range(len(table[0]))]
    for number, row in enumerate(table):
        print("  ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip())
        if number == 0:
            print("  ".join("-" * width for width in widths))


def main():
    parser = argparse.ArgumentParser(description="Measure tui-onboard in a pseudo-terminal.")
    parser.add_argument("binary", help="the tui-onboard binary (a release build)")
    parser.add_argument("--deck", help="the deck to show (default: the binary's built-in deck)")
    parser.add_argument("--idle", type=float, default=10.0, help="seconds to stay idle (default 10)")
    parser.add_argument("--launches", type=int, default=5, help="launches for the start-up median (default 5)")
    parser.add_argument("--only", choices=["colors"], help="measure only the colour cost (truecolor beside 256)")
    options = parser.parse_args()

    binary = os.path.abspath(options.binary)
    if not os.access(binary, os.X_OK):
        sys.exit(f"terminal_bench: {binary} is not an executable; build it with `swift build -c release`")
    environment = {key: value for key, value in os.environ.items() if key not in ("TUI_ONBOARD_REDUCE_MOTION", "NO_COLOR")}
    environment["TERM"] = "xterm-256color"
    # The table is measured at 256 colours; truecolor is compared beside it at the end.
    environment.pop("COLORTERM", None)
    deck_note = ""
    if options.deck:
        deck_arguments = ["--deck", os.path.abspath(options.deck)]
    else:
        # The built-in deck opens with confetti: a copy without it measures start-up, idle and
        # page changes rather than the length of the deck's own celebration.
        copy = quiet_copy_of_built_in_deck()
        atexit.register(shutil.rmtree, os.path.dirname(copy), True)
        deck_arguments = ["--deck", copy]
        deck_note = " (a copy without its opening confetti)"
    titles = page_titles(binary, deck_arguments, environment)
    if not titles:
        sys.exit("terminal_bench: the deck has no pages")

    if options.only == "colors":
        print_color_costs(binary, deck_arguments, environment, titles)
        return
    print(f"tui-onboard in a pseudo-terminal (TERM=xterm-256color)")
    print(f"binary: {binary}")
    print(f"deck:   {options.deck or '(built-in)' + deck_note} - {len(titles)} pages, first: {json.dumps(titles[0], ensure_ascii=False)}")
    print(f"idle {options.idle:g} s; quiet = no byte for {QUIET_SECONDS * 1000:.0f} ms; "
          f"CPU in clock ticks of {1000 / CLOCK_TICKS:.0f} ms")
    print()
    headers, columns, notes = [], [], []
    for size in SIZES:
        for reduced in (True, False):
            arguments = deck_arguments + (["--reduce-motion"] if reduced else [])
            headers.append(f"{size[0]}x{size[1]} {'reduced motion' if reduced else 'motion'}")
            try:
                figures = measure(binary, arguments, size, environment, titles, options.idle, options.launches)
            except LaunchFailed as failure:
                figures = {"error": "not measured (see below)"}
                notes.append(f"{headers[-1]}: {failure}")
            if figures.get("page_change_shown") is False:
                notes.append(f"{headers[-1]}: the page change output did not hold the title {titles[1]!r}")
            columns.append(format_column(figures, size, reduced))
    print_table(headers, columns)
    for note in notes:
        print(f"\nnote: {note}")
    print_color_costs(binary, deck_arguments, environment, titles)


if __name__ == "__main__":
    main()
