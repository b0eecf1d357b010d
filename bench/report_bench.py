#!/usr/bin/env python3
"""`make bench`: `tui-onboard report --json` over a deterministic file of a million event lines
(scripts/generate-events.py), plain and gzip-compressed, beside DuckDB running docs/events.md's
load and queries over the same file. Prints the best of three wall times (and the report's peak
memory); DuckDB is installed from PyPI when missing.

    report_bench.py BINARY [--lines 1000000]
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
check = __import__("check-report-sql")


def timed_report(binary, path):
    """The best of three wall times of report --json, its peak resident memory and its output."""
    best, peak, output = None, 0, ""
    for _ in range(3):
        with tempfile.TemporaryFile() as out:
            start = time.perf_counter()
            process = subprocess.Popen([binary, "report", "--json", path], stdout=out)
            _, status, usage = os.wait4(process.pid, 0)
            elapsed = time.perf_counter() - start
            if os.waitstatus_to_exitcode(status) != 0:
                sys.exit(f"report --json {path} failed")
            out.seek(0)
            output = out.read().decode()
        best = elapsed if best is None else min(best, elapsed)
        peak = max(peak, usage.ru_maxrss)
    return best, peak, json.loads(output)


def timed_duckdb(path, queries):
    import duckdb

    best, funnel = None, None
    load = queries["load (DuckDB)"].replace("'events*.jsonl'", "'" + path + "'")
    for _ in range(3):
        start = time.perf_counter()
        connection = duckdb.connect()
        for statement in load.split(";"):
            if statement.strip():
                connection.execute(statement)
        for name in ("funnel", "funnel by variant", "conversion by variant", "revenue", "revenue by variant"):
            rows = connection.execute(queries[name]).fetchall()
            if name == "funnel":
                funnel = dict(rows)
        elapsed = time.perf_counter() - start
        connection.close()
        best = elapsed if best is None else min(best, elapsed)
    return best, funnel, duckdb.__version__


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("binary")
    parser.add_argument("--lines", type=int, default=1_000_000)
    arguments = parser.parse_args()
    _, queries = check.documented_blocks()
    with tempfile.TemporaryDirectory() as directory:
        plain = os.path.join(directory, "events.jsonl")
        compressed = plain + ".gz"
        subprocess.run([sys.executable, check.GENERATOR, plain, "--lines", str(arguments.lines), "--bad", "3"],
                       check=True)
        subprocess.run([sys.executable, check.GENERATOR, compressed, "--lines", str(arguments.lines), "--bad", "3",
                        "--gzip"], check=True)
        size = os.path.getsize(plain) / 1e6
        print(f"report over {arguments.lines:,} event lines ({size:.0f} MB; gzip {os.path.getsize(compressed) / 1e6:.0f} MB), best of 3")
        seconds, peak, report = timed_report(arguments.binary, plain)
        print(f"  tui-onboard report --json            {seconds:6.2f} s  {peak / 1024:6.1f} MB peak  "
              f"({arguments.lines / seconds / 1e6:.2f} M lines/s)")
        gz_seconds, gz_peak, gz_report = timed_report(arguments.binary, compressed)
        print(f"  tui-onboard report --json (.gz)      {gz_seconds:6.2f} s  {gz_peak / 1024:6.1f} MB peak")
        if not check.duckdb_available():
            print("  DuckDB: skipped, PyPI duckdb cannot be imported or installed here")
            return
        duck_seconds, funnel, version = timed_duckdb(plain, queries)
        print(f"  DuckDB {version} (docs' load + 5 queries) {duck_seconds:6.2f} s")
        same = funnel == check.steps_of(report["funnel"]) and report["funnel"] == gz_report["funnel"]
        print(f"  same funnel from all three: {'yes' if same else 'NO'}")


if __name__ == "__main__":
    main()
