#!/usr/bin/env python3
"""Plays an asciicast v2 file through the pyte terminal emulator and prints the final screen.

usage: replay-cast.py FILE.cast

The screen starts at the header's size and follows the resize events; the output events are
fed in order. Each row is printed with its trailing blanks removed, as `tmux capture-pane -p`
prints them, so the two can be compared line for line.
"""
import json
import sys

import pyte


def main():
    with open(sys.argv[1], encoding="utf-8") as cast:
        header = json.loads(cast.readline())
        if header.get("version") != 2:
            sys.exit("not an asciicast v2 file")
        screen = pyte.Screen(header["width"], header["height"])
        stream = pyte.Stream(screen)
        for line in cast:
            time, code, data = json.loads(line)
            if code == "o":
                stream.feed(data)
            elif code == "r":
                width, height = (int(part) for part in data.split("x"))
                screen.resize(lines=height, columns=width)
    for row in screen.display:
        print(row.rstrip())


main()
