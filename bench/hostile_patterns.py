#!/usr/bin/env python3
"""Measures what hostile text-question patterns cost tui-onboard: each pattern goes into a deck
as an input question whose default is a hostile answer, and `tui-onboard validate` checks it
(weighs the pattern, compiles it and matches the default, as a tour does when the answer is
given). Every run is timed and its peak memory read from `/usr/bin/time -v`.

    python3 bench/hostile_patterns.py BINARY [--max-seconds S] [--max-megabytes M] [--json]

Families of patterns that make glibc's regcomp or regexec slow (repeats that multiply, chain,
nest, sit side by side; automata whose states blow up; wide atoms such as `.` that glibc
matches without its tables), each at sizes on both sides of the limit, against answers of 1,024
characters (ASCII, two-, three- and four-byte UTF-8, random a/b) and of 4,096 scalars (combining
marks). Prints one line per run, slowest first, and exits 1 when an accepted pattern took more
than --max-seconds (default 0.25) or --max-megabytes of peak memory (default 32). A pattern the
check refuses is listed with the time the refusal took. Standard library only; Linux.
"""

import argparse
import concurrent.futures
import json
import os
import random
import re
import subprocess
import sys
import tempfile

LENGTH = 1024
SCALARS = 4096

rng = random.Random(7)
ANSWERS = {
    "a*1024": "a" * LENGTH,
    "ab random": "".join(rng.choice("ab") for _ in range(LENGTH)),
    "é*1024": "é" * LENGTH,
    "日*1024": "日" * LENGTH,
    "😀*1024": "😀" * LENGTH,
    "aé random": "".join(rng.choice(["a", "é"]) for _ in range(LENGTH)),
    "a+4095 marks": "a" + "\u0301" * (SCALARS - 1),
    "(a+3 marks)*1024": ("a" + "\u0301\u0302\u0303") * LENGTH,
}


def families(n):
    """Patterns of about n copies of something; keyed by family name."""
    root = max(1, int(n ** 0.5))
    cube = max(1, round(n ** (1 / 3)))
    quarter = max(1, n // 4)
    small = min(255, n)
    return {
        "chained a{n}{n}": "a{%d}{%d}" % (min(255, root), min(255, root)),
        "chained a{n}{n}{n}": "a{%d}{%d}{%d}" % (cube, cube, cube),
        "nested ((a{n}){n}){n}": "((a{%d}){%d}){%d}" % (cube, cube, cube),
        "plus chain a+++…": "^a" + "+" * max(1, n.bit_length() - 1) + "$",
        "nested plus ((a+)+)…": "^" + "(" * max(1, n.bit_length() - 1) + "a" + ")+" * max(1, n.bit_length() - 1) + "$",
        "side by side [ab]{1,k}×k": "^" + ("[ab]{1,%d}" % min(255, root)) * root + "$",
        "side by side unanchored": ("[ab]{1,%d}" % min(255, root)) * root,
        "(a|b)*a(a|b)×n": "^(a|b)*a" + "(a|b)" * min(n, 190) + "$",
        "[ab]*a[ab]{n}c unanchored": "[ab]*a[ab]{%d}c" % small,
        "[ab]*[ab]?×n": "^[ab]*" + "[ab]?" * min(n, 190) + "$",
        "(a?){n}a{n}": "^(a?){%d}a{%d}$" % (min(255, n // 2 or 1), min(255, n // 2 or 1)),
        "empty groups (){n}{n}": "(){%d}{%d}" % (min(255, root), min(255, root)),
        "alternation (|){n}{n}": "(|){%d}{%d}" % (min(255, root), min(255, root)),
        "literal alternation": "^(" + "|".join("w%dz" % i for i in range(max(1, n // 4))) + ")$",
        ".{1,n}": "^.{1,%d}$" % small,
        ".*.?×n": "^.*" + ".?" * min(n, 450) + "$",
        "[^x]*[^x]?×n": "^[^x]*" + "[^x]?" * min(n, 190) + "$",
        "[[:alpha:]]?×n": "^[[:alpha:]]*" + "[[:alpha:]]?" * min(n, 70) + "$",
        "\\w{1,n}×4": "^" + ("\\w{1,%d}" % min(255, quarter)) * 4 + "$",
        "(.*.?.?.?){n}": "^(.*.?.?.?){%d}$" % min(255, quarter),
        "unanchored é[^x]{n}c": "é[^x]{%d}c" % small,
        "mixed .?×k [ab]?×n": "^.*" + ".?" * max(1, n // 32) + "[ab]?" * min(n, 150) + "$",
        "word anchors \\b(a\\b?){n}": "\\b(a\\b?){%d}" % small,
        "deep groups ((…(a)*…)*)": "(" * min(n, 300) + "a" + ")*" * min(n, 300),
        "deep groups ((…(a)?…)?)": "^" + "(" * min(n, 330) + "a" + ")?" * min(n, 330) + "$",
        "loops around empty (a*)*×n": "^" + "(a*)*" * min(n, 199) + "$",
        "loops around empty a**×n": "^" + "a**" * min(n, 330) + "$",
        "loops (a+)*×n": "^" + "(a+)*" * min(n, 199) + "$",
        "nested loops ((a*b)*b)*": "^" + "(" * min(n, 200) + "a" + "*b)" * min(n, 200) + "$",
    }


# Around each family's limit, and far over it.
SIZES = [8, 12, 15, 16, 24, 32, 48, 64, 96, 128, 192, 256, 512, 4096]


def deck(pattern, answer):
    page = {"kind": "question", "id": "q", "heading": "Q", "required": False,
            "input": {"pattern": pattern, "default": answer}}
    return json.dumps({"app": {"id": "bench.patterns", "name": "Bench"}, "pages": [page]}, ensure_ascii=False)


def run(binary, directory, key, pattern, answer_name):
    path = os.path.join(directory, "deck-%d.json" % key)
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(deck(pattern, ANSWERS[answer_name]))
    completed = subprocess.run(
        ["/usr/bin/time", "-v", "timeout", "120", binary, "validate", path],
        capture_output=True, text=True, encoding="utf-8", errors="replace")
    elapsed = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (?:(\d+):)?(\d+):([\d.]+)", completed.stderr)
    hours, minutes, seconds = elapsed.groups()
    rss = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", completed.stderr).group(1))
    refused = completed.returncode == 65 and "input.pattern: pattern " in completed.stderr
    os.unlink(path)
    return {
        "pattern": pattern if len(pattern) <= 60 else pattern[:57] + "...",
        "answer": answer_name,
        "seconds": int(hours or 0) * 3600 + int(minutes) * 60 + float(seconds),
        "megabytes": round(rss / 1024, 1),
        "accepted": not refused,
        "timed_out": completed.returncode == 124,
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("binary")
    parser.add_argument("--max-seconds", type=float, default=0.25)
    parser.add_argument("--max-megabytes", type=float, default=32)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--json", action="store_true")
    arguments = parser.parse_args()
    cases = []
    for size in SIZES:
        for family, pattern in families(size).items():
            for answer in ANSWERS:
                cases.append((family, size, pattern, answer))
    # One run per distinct pattern and answer.
    unique = {(pattern, answer): (family, size) for family, size, pattern, answer in cases}
    results = []
    with tempfile.TemporaryDirectory() as directory, \
            concurrent.futures.ThreadPoolExecutor(arguments.jobs) as pool:
        futures = {pool.submit(run, arguments.binary, directory, key, pattern, answer): unique[(pattern, answer)]
                   for key, (pattern, answer) in enumerate(unique)}
        for future in concurrent.futures.as_completed(futures):
            result = future.result()
            result["family"], result["size"] = futures[future]
            results.append(result)
    with tempfile.TemporaryDirectory() as directory:
        ANSWERS["a"] = "a"
        baseline = [run(arguments.binary, directory, index, "^a$", "a") for index in range(5)]
    baseline_seconds = sorted(result["seconds"] for result in baseline)[2]
    baseline_megabytes = sorted(result["megabytes"] for result in baseline)[2]
    results.sort(key=lambda result: -result["seconds"])
    failures = [result for result in results if result["accepted"] and (
        result["seconds"] > arguments.max_seconds or result["megabytes"] > arguments.max_megabytes
        or result["timed_out"])]
    if arguments.json:
        print(json.dumps({"runs": results, "failures": failures, "baseline": {
            "seconds": baseline_seconds, "megabytes": baseline_megabytes}}, ensure_ascii=False))
    else:
        accepted = [result for result in results if result["accepted"]]
        refused = [result for result in results if not result["accepted"]]
        print("%d runs: %d accepted, %d refused" % (len(results), len(accepted), len(refused)))
        print("baseline, the pattern ^a$ and the answer a: %.3f s, %.1f MB" % (baseline_seconds, baseline_megabytes))
        for title, group in (("accepted, slowest first", accepted[:25]), ("refused, slowest first", refused[:5])):
            print("\n" + title)
            for result in group:
                print("%7.3f s %7.1f MB  %-28s %-18s %s" % (
                    result["seconds"], result["megabytes"], result["family"], result["answer"], result["pattern"]))
        if accepted:
            print("\nlargest peak memory, accepted: %.1f MB" % max(result["megabytes"] for result in accepted))
        for result in failures:
            print("OVER BUDGET: %s against %s: %.3f s, %.1f MB" % (
                result["pattern"], result["answer"], result["seconds"], result["megabytes"]), file=sys.stderr)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
