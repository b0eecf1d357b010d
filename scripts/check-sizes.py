#!/usr/bin/env python3
"""Holds Sources/ to the house's size rules: no file over 450 lines, no function over 80.

    python3 scripts/check-sizes.py [ROOT]

A function is measured from the line of its `func`, `init`, `deinit`, `subscript` or computed
`var` declaration to the line of the brace that closes its body, comments and blank lines
included (what a reader scrolls through). Braces inside strings, characters and comments are
skipped. Exceptions are listed in scripts/size-exceptions.txt, one `path` or `path:name` per
line with the reason after ` # `; an exception that no longer exceeds is reported too, so the
list cannot rot. Exit status 1 when a rule is broken, with one line per finding.
"""

import os
import re
import sys

MAX_FILE_LINES = 450
MAX_FUNCTION_LINES = 80
DECLARATION = re.compile(
    r"^\s*(?:@[\w().:, \"]+\s+)*(?:(?:public|private|fileprivate|internal|package|open|static|class|final|"
    r"override|mutating|nonmutating|convenience|required|nonisolated|dynamic|lazy|indirect|"
    r"private\(set\)|public\s+internal\(set\)|package\(set\))\s+)*"
    r"(func\s+(?P<func>[^\s(<]+)|(?P<init>init)[?!]?\s*[(<]|(?P<deinit>deinit)\b|(?P<subscript>subscript)\s*[(<]|"
    r"var\s+(?P<var>\w+)\s*:[^=]*\{\s*$)")

TYPE_DECLARATION = re.compile(r"^\s*(?:\w+\s+)*(?:struct|class|enum|extension|protocol|actor)\s+\w")


def code_of(line, state):
    """`line` with strings, characters and comments blanked; `state` carries a block comment or
    a multi-line string across lines."""
    out = []
    i = 0
    while i < len(line):
        if state["block"]:
            end = line.find("*/", i)
            if end < 0:
                return "".join(out)
            state["block"] = False
            i = end + 2
            continue
        if state["multiline"]:
            end = line.find('"""', i)
            if end < 0:
                return "".join(out)
            state["multiline"] = False
            i = end + 3
            continue
        if line.startswith("//", i):
            break
        if line.startswith("/*", i):
            state["block"] = True
            i += 2
            continue
        if line.startswith('"""', i):
            state["multiline"] = True
            i += 3
            continue
        if line[i] == '"':
            i += 1
            depth = 0
            while i < len(line):
                if line[i] == "\\" and line.startswith("\\(", i):
                    depth += 1
                    i += 2
                    continue
                if line[i] == "\\":
                    i += 2
                    continue
                if depth and line[i] == ")":
                    depth -= 1
                elif not depth and line[i] == '"':
                    break
                i += 1
            i += 1
            continue
        out.append(line[i])
        i += 1
    return "".join(out)


def functions(lines):
    """(name, first line, line count) of every function body in `lines`."""
    found = []
    state = {"block": False, "multiline": False}
    depth = 0
    open_functions = []  # (name, start line, depth its body opens at)
    pending = None  # a declaration whose body has not opened yet
    for number, raw in enumerate(lines, 1):
        code = code_of(raw, state)
        match = DECLARATION.match(code)
        if match:
            # A declaration without a body (a protocol's requirement) gives way to the next one.
            name = next(value for value in match.groupdict().values() if value)
            pending = (name, number)
        elif TYPE_DECLARATION.match(code):
            pending = None
        for character in code:
            if character == "{":
                depth += 1
                if pending is not None:
                    open_functions.append((pending[0], pending[1], depth))
                    pending = None
            elif character == "}":
                if open_functions and open_functions[-1][2] == depth:
                    name, start, _ = open_functions.pop()
                    found.append((name, start, number - start + 1))
                depth -= 1
                pending = None
    return found


def exceptions(root):
    path = os.path.join(root, "scripts", "size-exceptions.txt")
    listed = {}
    if os.path.exists(path):
        for line in open(path, encoding="utf-8"):
            entry, _, reason = line.partition(" # ")
            entry = entry.strip()
            if entry and not entry.startswith("#"):
                if not reason.strip():
                    sys.exit(f"{path}: {entry}: an exception needs its reason after ' # '")
                listed[entry] = reason.strip()
    return listed


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "."
    allowed = exceptions(root)
    used = set()
    findings = []
    for directory, subdirectories, files in os.walk(os.path.join(root, "Sources")):
        subdirectories.sort()
        for name in sorted(files):
            if not name.endswith(".swift"):
                continue
            path = os.path.join(directory, name)
            relative = os.path.relpath(path, root)
            lines = open(path, encoding="utf-8").read().split("\n")
            if lines and lines[-1] == "":
                lines.pop()
            if len(lines) > MAX_FILE_LINES:
                if relative in allowed:
                    used.add(relative)
                else:
                    findings.append(f"{relative}: {len(lines)} lines, over {MAX_FILE_LINES}")
            for function, start, count in functions(lines):
                if count <= MAX_FUNCTION_LINES:
                    continue
                key = f"{relative}:{function}"
                if key in allowed:
                    used.add(key)
                else:
                    findings.append(f"{relative}:{start}: {function} is {count} lines, over {MAX_FUNCTION_LINES}")
    for entry in sorted(set(allowed) - used):
        findings.append(f"scripts/size-exceptions.txt: {entry} is within the rules now; remove the exception")
    for finding in findings:
        print(finding)
    if findings:
        print(f"{len(findings)} size rule(s) broken: split by concern (Type+Concern.swift) or into small types")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
