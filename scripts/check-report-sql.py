#!/usr/bin/env python3
"""Holds docs/events.md to `tui-onboard report --json`: generates event files (plain, gzip,
with bad lines and lines from before experiments), runs the report, checks its output against
the JSON Schema the documentation gives, then loads the same files into DuckDB with the
documentation's own SQL, runs every query unchanged and compares each number.

    check-report-sql.py --binary PATH [--schema-only]

Prints "skipped: ..." and exits 3 when DuckDB cannot be imported or installed (PyPI `duckdb`).
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from decimal import Decimal

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DOCS = os.path.join(ROOT, "docs", "events.md")
GENERATOR = os.path.join(ROOT, "scripts", "generate-events.py")
Z = 1.959963984540054


def documented_blocks():
    """The fenced blocks of docs/events.md: the report's schema and the SQL, by first line."""
    text = open(DOCS, encoding="utf-8").read()
    section = text.split("### The shape of `report --json`", 1)[1]
    schema = json.loads(re.search(r"```json\n(.*?)```", section, re.S).group(1))
    queries = {}
    for block in re.findall(r"```sql\n(.*?)```", text, re.S):
        first, _, body = block.partition("\n")
        queries[first.removeprefix("-- ").strip()] = body
    return schema, queries


def generate(directory):
    files = [
        (os.path.join(directory, "events-a.jsonl"), ["--lines", "2500", "--seed", "1", "--bad", "3"]),
        (os.path.join(directory, "events-b.jsonl.gz"),
         ["--lines", "1500", "--seed", "2", "--first-run", "100000", "--gzip"]),
    ]
    for path, arguments in files:
        subprocess.run([sys.executable, GENERATOR, path] + arguments, check=True)
    return [path for path, _ in files]


def steps_of(funnel):
    """The report's funnel as the SQL's (step, runs) rows, steps with no run left out."""
    steps = {"runs": funnel["runs"], "paywall": funnel["paywall"], "exitOffer": funnel["exitOffer"],
             "trials": funnel["trials"], "purchases": funnel["purchases"]}
    steps.update({f"page {page['index']}": page["runs"] for page in funnel["pages"]})
    steps.update({f"answered {question['id']}": question["runs"] for question in funnel["questions"]})
    return {step: runs for step, runs in steps.items() if runs}


def compare(report, queries, files):
    import duckdb

    connection = duckdb.connect()
    listed = "[" + ", ".join("'" + path.replace("'", "''") + "'" for path in files) + "]"
    for statement in queries["load (DuckDB)"].replace("'events*.jsonl'", listed).split(";"):
        if statement.strip():
            connection.execute(statement)
    problems = []
    compared = 0

    def expect(what, got, want):
        nonlocal compared
        compared += 1
        if got != want:
            problems.append(f"{what}: SQL {got!r}, report {want!r}")

    rows = connection.execute(queries["funnel"]).fetchall()
    expect("funnel", {step: runs for step, runs in rows}, steps_of(report["funnel"]))
    variants = {(experiment["id"], variant["id"]): variant
                for experiment in report["experiments"] for variant in experiment["variants"]}
    by_variant = {}
    for experiment, variant, step, runs in connection.execute(queries["funnel by variant"]).fetchall():
        by_variant.setdefault((experiment, variant), {})[step] = runs
    expect("variants", sorted(by_variant), sorted(variants))
    for key, steps in by_variant.items():
        expect(f"funnel of {key}", steps, steps_of(variants[key]["funnel"]) if key in variants else None)
    for experiment, variant, runs, purchases, rate, low, high in connection.execute(
            queries["conversion by variant"]).fetchall():
        funnel = variants[(experiment, variant)]["funnel"]
        expect(f"runs and purchases of {experiment}={variant}", (runs, purchases), (funnel["runs"], funnel["purchases"]))
        conversion = funnel["conversion"]
        for name, got in (("rate", rate), ("low", low), ("high", high)):
            compared += 1
            if abs(got - conversion[name]) > 1e-12:
                problems.append(f"{name} of {experiment}={variant}: SQL {got!r}, report {conversion[name]!r}")
    revenue = {currency: amount for currency, amount in connection.execute(queries["revenue"]).fetchall()}
    expect("revenue", revenue, {entry["currency"]: Decimal(entry["amount"]) for entry in report["funnel"]["revenue"]})
    by_variant = {}
    for experiment, variant, currency, amount in connection.execute(queries["revenue by variant"]).fetchall():
        by_variant.setdefault((experiment, variant), {})[currency] = amount
    for key, variant in variants.items():
        want = {entry["currency"]: Decimal(entry["amount"]) for entry in variant["funnel"]["revenue"]}
        expect(f"revenue of {key}", by_variant.get(key, {}), want)
    return problems, compared


def duckdb_available():
    try:
        import duckdb  # noqa: F401
        return True
    except ImportError:
        pass
    installed = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "duckdb"],
                               capture_output=True, text=True)
    if installed.returncode != 0:
        return False
    try:
        import duckdb  # noqa: F401
        return True
    except ImportError:
        return False


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", required=True)
    parser.add_argument("--schema-only", action="store_true", help="check the JSON against the schema, not the SQL")
    arguments = parser.parse_args()
    schema, queries = documented_blocks()
    with tempfile.TemporaryDirectory() as directory:
        files = generate(directory)
        run = subprocess.run([arguments.binary, "report", "--json"] + files, capture_output=True, text=True)
        if run.returncode != 0:
            sys.exit(f"report --json exited {run.returncode}: {run.stderr}")
        report = json.loads(run.stdout)
        import jsonschema

        jsonschema.validate(report, schema, cls=jsonschema.Draft202012Validator)
        if report["badLines"] != 3 or not report["experiments"] or not report["funnel"]["revenue"]:
            sys.exit(f"the generated files did not give the report they should: {run.stdout[:400]}")
        print("report --json keeps the documented shape")
        if arguments.schema_only:
            return
        if not duckdb_available():
            print("skipped: DuckDB (PyPI duckdb) cannot be imported or installed here")
            sys.exit(3)
        problems, compared = compare(report, queries, files)
    if problems:
        sys.exit("the documented SQL and report --json disagree:\n" + "\n".join(problems))
    print(f"the documented SQL gives report --json's numbers: {compared} comparisons")


if __name__ == "__main__":
    main()
