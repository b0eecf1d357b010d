#!/usr/bin/env python3
"""Runs tui-onboard on a pseudo-terminal whose reader takes a fixed number of bytes a second
(an SSH link or a shared screen that reads more slowly than confetti is drawn), and measures:

- burst: from `c` (about 300 pieces of confetti) to the last byte before the screen is quiet;
- key: from → pressed during the burst to the moment the next page's title has arrived;
- the screen once the burst is over (from a small emulator of what ncurses sends), which must
  not depend on the rate;
- after: → pressed once the burst is over, to the next title and to that page fully drawn: a
  page change on the link as measured, when the last small frames of the burst read quickly.

The reader answers the questions the app asks as a terminal does, once it has read everything
written before them. Two terminals are measured: one as users run it, answering every question
(background colour, synchronized output, device attributes) under COLORTERM=truecolor, and one
answering only device attributes at 256 colours. Beside them, a page change (→ to the next
page fully drawn, no confetti) on a terminal that answers nothing and on one that answers all.

    python3 bench/slow_terminal.py BINARY [--rate BYTES_PER_SECOND ...] [--terminal NAME ...] [--json]

With no --rate it measures an unthrottled reader and 32 and 8 KB/s; with no --terminal, both
terminals. `--json` prints one object per run (the end-to-end test reads it) and skips the
page changes. Standard library only; Linux only.
"""

import argparse
import atexit
import json
import os
import re
import select
import shutil
import sys
import time
import unicodedata

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from terminal_bench import (  # noqa: E402
    DEVICE_ATTRIBUTES_QUERY, RIGHT_KEY, App, LaunchFailed, TerminalAnswers, page_titles,
    quiet_copy_of_built_in_deck, shows)

# The burst is over once nothing arrives for this long (the page slide settles well before).
QUIET_SECONDS = 0.4
# Reads are this small so that the reader never takes more than the rate allows.
CHUNK = 256
KEY_DELAY = 1.0
# The terminals measured: what each answers, and its COLORTERM (None: unset).
TERMINALS = {
    "every-answer": ("answers every question, COLORTERM=truecolor", TerminalAnswers.ALL, "truecolor"),
    "device-attributes": ("answers device attributes only, 256 colours", ("device-attributes",), None),
}
# A page change is fully drawn once nothing arrives for this long after its title.
PAGE_QUIET_SECONDS = 0.1


class Screen:
    """Just enough of a terminal to tell what it shows: text, cursor addressing and the
    erasing, deleting and inserting sequences ncurses sends; colours and modes are ignored.
    Fed in pieces; a sequence cut between pieces is kept for the next."""

    def __init__(self, width, height):
        self.width, self.height = width, height
        self.rows = [[" "] * width for _ in range(height)]
        self.x = self.y = 0
        self.pending = b""

    def text(self):
        return "\n".join("".join(row) for row in self.rows)

    def feed(self, data):
        data = self.pending + data
        self.pending = b""
        index = 0
        while index < len(data):
            byte = data[index]
            if byte == 0x1B:
                match = SEQUENCE.match(data, index)
                if match is None:
                    if len(data) - index < 64:
                        self.pending = data[index:]
                        return
                    index += 1
                    continue
                if match.group(1) is not None:
                    self._csi(match.group(1).decode(), match.group(2).decode())
                index = match.end()
            elif byte == 0x0D:
                self.x = 0
                index += 1
            elif byte == 0x0A:
                self.y = min(self.height - 1, self.y + 1)
                index += 1
            elif byte == 0x08:
                self.x = max(0, self.x - 1)
                index += 1
            elif byte < 0x20 or byte == 0x7F:
                index += 1
            else:
                length = 1 if byte < 0x80 else 2 if byte < 0xE0 else 3 if byte < 0xF0 else 4
                if index + length > len(data):
                    self.pending = data[index:]
                    return
                character = data[index:index + length].decode("utf-8", "replace")
                index += length
                if unicodedata.combining(character):
                    continue
                if self.x >= self.width:
                    self.x, self.y = 0, min(self.height - 1, self.y + 1)
                self.rows[self.y][self.x] = character
                self.x += 1
                if unicodedata.east_asian_width(character) in "WF" and self.x < self.width:
                    self.rows[self.y][self.x] = ""
                    self.x += 1

    def _csi(self, parameters, final):
        if parameters.startswith("?") or parameters.startswith(">"):
            return
        numbers = [int(part) if part else 0 for part in parameters.split(";")] if parameters else []
        first = numbers[0] if numbers else 0
        count = max(1, first)
        row = self.rows[self.y]
        if final in "Hf":
            self.y = min(self.height, max(1, first)) - 1
            self.x = min(self.width, max(1, numbers[1] if len(numbers) > 1 else 1)) - 1
        elif final == "G" or final == "`":
            self.x = min(self.width, count) - 1
        elif final == "d":
            self.y = min(self.height, count) - 1
        elif final == "A":
            self.y = max(0, self.y - count)
        elif final == "B":
            self.y = min(self.height - 1, self.y + count)
        elif final == "C":
            self.x = min(self.width - 1, self.x + count)
        elif final == "D":
            self.x = max(0, self.x - count)
        elif final == "K":
            start, end = {0: (self.x, self.width), 1: (0, self.x + 1), 2: (0, self.width)}.get(first, (0, 0))
            row[start:end] = [" "] * (end - start)
        elif final == "J":
            rows = {0: range(self.y + 1, self.height), 1: range(0, self.y), 2: range(self.height)}.get(first, [])
            for number in rows:
                self.rows[number] = [" "] * self.width
            if first == 0:
                row[self.x:] = [" "] * (self.width - self.x)
        elif final == "X":
            end = min(self.width, self.x + count)
            row[self.x:end] = [" "] * (end - self.x)
        elif final == "P":
            del row[self.x:self.x + count]
            row.extend([" "] * (self.width - len(row)))
        elif final == "@":
            row[self.x:self.x] = [" "] * count
            del row[self.width:]
        elif final == "b" and self.x > 0:
            character = row[self.x - 1]
            for _ in range(count):
                if self.x < self.width:
                    row[self.x] = character
                    self.x += 1


# CSI with its parameters and final byte, or another escape (OSC to its terminator, or one
# character after Esc).
SEQUENCE = re.compile(rb"\x1b(?:\[([0-9;?>]*)[ -/]*([@-~])|\][^\x07\x1b]*(?:\x07|\x1b\\)|[()][0-9A-Za-z]|[^\[\]()])")


def shows_through_confetti(title, share=0.75):
    """A test that the screen's text holds `title` on one row with at least `share` of its
    characters in place: confetti is drawn over everything and may cover a few."""
    words = [(word, title.index(word)) for word in set(title.split()) if len(word) >= 3]

    def test(text):
        for row in text.split("\n"):
            for word, offset in words:
                found = row.find(word)
                while found >= 0:
                    start = found - offset
                    matching = sum(1 for index, character in enumerate(title)
                                   if 0 <= start + index < len(row) and row[start + index] == character)
                    if matching >= share * len(title):
                        return True
                    found = row.find(word, found + 1)
        return False
    return test


class ThrottledReader:
    """Reads the pty master at `rate` bytes a second (a token bucket holding one chunk at
    most); rate None reads as fast as bytes come."""

    def __init__(self, app, rate, screen):
        self.app = app
        self.screen = screen
        self.rate = rate
        self.tokens = float(CHUNK)
        self.refilled = time.monotonic()

    def _refill(self):
        now = time.monotonic()
        if self.rate:
            self.tokens = min(float(CHUNK), self.tokens + (now - self.refilled) * self.rate)
        self.refilled = now

    def read_until(self, deadline, stop=None, quiet=None):
        """Reads until `deadline`, until `stop(the screen's text)` holds, or until
        `quiet` seconds pass without a byte. Returns (stopped or went quiet, time of the last
        byte)."""
        last_byte = None
        began = time.monotonic()
        while True:
            now = time.monotonic()
            if now >= deadline:
                return False, last_byte
            if quiet is not None and now - (last_byte or began) >= quiet:
                return True, last_byte
            self._refill()
            if self.rate and self.tokens < CHUNK:
                time.sleep(min((CHUNK - self.tokens) / self.rate, deadline - now))
                continue
            wait = deadline - now
            if quiet is not None:
                wait = min(wait, quiet - (now - (last_byte or began)))
            ready, _, _ = select.select([self.app.master], [], [], max(0.0, wait))
            if not ready:
                continue
            try:
                chunk = os.read(self.app.master, CHUNK if self.rate else 65536)
            except OSError:
                return False, last_byte
            if not chunk:
                return False, last_byte
            self.screen.feed(chunk)
            self.app.output += chunk
            reply = self.app.answers.answers(chunk)
            if reply:
                self.app.send(reply)
            last_byte = time.monotonic()
            if self.rate:
                self.tokens -= len(chunk)
            if stop is not None and stop(self.screen.text()):
                return True, last_byte


def terminal_environment(environment, colorterm):
    environment = dict(environment)
    environment.pop("COLORTERM", None)
    if colorterm:
        environment["COLORTERM"] = colorterm
    return environment


def measure(binary, deck_arguments, environment, titles, rate, terminal, size=(80, 24)):
    """One run: the first page drawn (unthrottled), then `c`, → after KEY_DELAY seconds, and
    the reader throttled to `rate` from `c` on. Returns a dict of seconds."""
    _, questions, colorterm = TERMINALS[terminal]
    app = App(binary, deck_arguments, size[0], size[1], terminal_environment(environment, colorterm),
              TerminalAnswers(questions))
    try:
        app.read_until_quiet(until=shows(titles[0]))
        screen = Screen(*size)
        screen.feed(bytes(app.output))
        reader = ThrottledReader(app, rate, screen)
        pressed = time.monotonic()
        app.send(b"c")
        reader.read_until(pressed + KEY_DELAY)
        key_sent = time.monotonic()
        frames_before_key = app.output.count(DEVICE_ATTRIBUTES_QUERY)
        app.send(RIGHT_KEY)
        answered, answer = reader.read_until(key_sent + 30, stop=shows_through_confetti(titles[1]))
        # Frames (each ends with a device attributes question) read from the key to its answer.
        key_frames = app.output.count(DEVICE_ATTRIBUTES_QUERY) - frames_before_key
        if not answered:
            raise LaunchFailed(app.describe_failure("the next page never arrived after →"))
        quiet, last_byte = reader.read_until(pressed + 120, quiet=QUIET_SECONDS)
        if not quiet:
            raise LaunchFailed(app.describe_failure("the confetti never ended"))
        burst_screen = screen.text()
        # Once the burst is over, → again: a page change on the link as measured, with nothing
        # else moving (the small frames at the end of the burst read quickly on any link).
        after_sent = time.monotonic()
        frames_before_after = app.output.count(DEVICE_ATTRIBUTES_QUERY)
        app.send(RIGHT_KEY)
        arrived, after_title = reader.read_until(after_sent + 30, stop=shows_through_confetti(titles[2]))
        if not arrived:
            raise LaunchFailed(app.describe_failure("the page after the burst never arrived after →"))
        after_frames = app.output.count(DEVICE_ATTRIBUTES_QUERY) - frames_before_after
        _, after_last = reader.read_until(after_sent + 30, quiet=PAGE_QUIET_SECONDS)
        app.send(b"q")
        exit_code = app.wait()
        return {
            "rate": rate,
            "terminal": terminal,
            "burst_seconds": (last_byte or answer) - pressed,
            "key_seconds": answer - key_sent,
            "key_frames": key_frames,
            "exit_code": exit_code,
            # What the terminal shows once the burst is over (it must not depend on the rate).
            "screen": burst_screen,
            "after_key_seconds": after_title - after_sent,
            "after_page_seconds": max(after_title, after_last or after_title) - after_sent,
            "after_key_frames": after_frames,
        }
    finally:
        app.close()


def page_change_seconds(binary, deck_arguments, environment, titles, questions, size=(80, 24)):
    """Seconds from → to the next page fully drawn (its title in, then PAGE_QUIET_SECONDS of
    quiet), a few seconds after start-up, on a terminal answering `questions` at full speed."""
    app = App(binary, deck_arguments, size[0], size[1], terminal_environment(environment, "truecolor"),
              TerminalAnswers(questions))
    try:
        app.read_until_quiet(until=shows(titles[0]))
        # Past the time a terminal has to answer its first question, so that a silent one is
        # known to be silent.
        app.drain_for(1.5)
        key_sent = time.monotonic()
        app.send(RIGHT_KEY)
        _, last_byte = app.read_until_quiet(quiet=PAGE_QUIET_SECONDS, until=shows(titles[1]),
                                            missing="the next page never arrived after →")
        app.send(b"q")
        app.wait()
        return last_byte - key_sent
    finally:
        app.close()


def main():
    parser = argparse.ArgumentParser(description="Measure tui-onboard behind a slow terminal.")
    parser.add_argument("binary")
    parser.add_argument("--rate", type=int, action="append",
                        help="bytes a second the terminal reads (0: unthrottled); repeatable")
    parser.add_argument("--terminal", choices=sorted(TERMINALS), action="append",
                        help="the terminal to measure (default: all); repeatable")
    parser.add_argument("--json", action="store_true", help="print one JSON object per run")
    options = parser.parse_args()
    binary = os.path.abspath(options.binary)
    rates = options.rate if options.rate else [0, 32 * 1024, 8 * 1024]
    terminals = options.terminal or list(TERMINALS)
    environment = {key: value for key, value in os.environ.items()
                   if key not in ("TUI_ONBOARD_REDUCE_MOTION", "NO_COLOR")}
    environment["TERM"] = "xterm-256color"
    copy = quiet_copy_of_built_in_deck()
    atexit.register(shutil.rmtree, os.path.dirname(copy), True)
    deck_arguments = ["--deck", copy, "--seed", "42"]
    titles = page_titles(binary, deck_arguments, environment)
    results = []
    for terminal in terminals:
        for rate in rates:
            try:
                results.append(measure(binary, deck_arguments, environment, titles, rate or None, terminal))
            except LaunchFailed as failure:
                results.append({"rate": rate or None, "terminal": terminal, "error": str(failure)})
    if options.json:
        for result in results:
            print(json.dumps(result))
        return
    print("confetti (`c`, ~300 pieces) at 80x24 behind a terminal that reads N bytes a second;")
    print(f"→ pressed {KEY_DELAY:g} s into the burst; burst = `c` to the last byte before "
          f"{QUIET_SECONDS * 1000:.0f} ms of quiet; frames = frames read from → to its page;")
    print(f"after: → once the burst is over, to the next title and to the page fully drawn "
          f"({PAGE_QUIET_SECONDS * 1000:.0f} ms of quiet)")
    for terminal in terminals:
        print()
        print(f"terminal that {TERMINALS[terminal][0]}")
        print(f"{'reader':<12}  {'burst':>8}  {'key → next title':>16}  {'frames':>6}  "
              f"{'after: → title / page':>21}  {'frames':>6}  targets (unthrottled run as reference)")
        runs = [result for result in results if result["terminal"] == terminal]
        reference = next((result for result in runs if not result["rate"] and "error" not in result), None)
        for result in runs:
            name = f"{result['rate'] // 1024} KB/s" if result["rate"] else "unthrottled"
            if "error" in result:
                print(f"{name:<12}  not measured: {result['error']}")
                continue
            verdicts = ""
            if result["rate"] and reference:
                burst_ok = result["burst_seconds"] <= reference["burst_seconds"] + 0.2
                key_ratio = result["key_seconds"] / reference["key_seconds"]
                verdicts = (f"burst <= {reference['burst_seconds'] + 0.2:.2f} s {'ok' if burst_ok else 'MISSED'}, "
                            f"key <= 1.5x: {key_ratio:.1f}x {'ok' if key_ratio <= 1.5 else 'MISSED'}")
            after = f"{result['after_key_seconds']:.3f} / {result['after_page_seconds']:.3f} s"
            print(f"{name:<12}  {result['burst_seconds']:>6.2f} s  {result['key_seconds']:>14.3f} s  "
                  f"{result['key_frames']:>6}  {after:>21}  {result['after_key_frames']:>6}  {verdicts}".rstrip())
    print()
    print("page change at 80x24, unthrottled, COLORTERM=truecolor: → to the next page fully drawn "
          f"(its title, then {PAGE_QUIET_SECONDS * 1000:.0f} ms of quiet), 1.5 s after start-up")
    page_times = {}
    for name, questions in (("answers every question", TerminalAnswers.ALL), ("answers nothing", ())):
        try:
            page_times[name] = page_change_seconds(binary, deck_arguments, environment, titles, questions)
        except LaunchFailed as failure:
            page_times[name] = failure
    print(f"{'terminal':<24}  {'→ next page':>11}")
    reference = page_times["answers every question"]
    for name, seconds in page_times.items():
        if isinstance(seconds, LaunchFailed):
            print(f"{name:<24}  not measured: {seconds}")
            continue
        ratio = f"  {seconds / reference:.2f}x the answering one" if name != "answers every question" and \
            not isinstance(reference, LaunchFailed) else ""
        print(f"{name:<24}  {seconds:>9.3f} s{ratio}")


if __name__ == "__main__":
    main()
