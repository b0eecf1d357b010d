#!/usr/bin/env python3
"""Checks the JSON Schemas in Assets/schemas with a real validator (Python's jsonschema).

- Every sample deck and catalog (Assets/, Examples/, and each --sample FILE) names its schema
  with "$schema" and passes it.
- The result JSON of a real run (--plain --result-json) passes the result schema.
- Every broken deck and catalog in Tests/SchemaFixtures fails the schema at exactly the JSON
  paths that `tui-onboard validate` reports for it (errors and warnings alike).

Usage: scripts/check-schemas.py --binary .build/debug/tui-onboard [--sample FILE]...
Exits 0 when everything agrees, 1 naming each file and path that does not, 2 when it cannot run.
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

try:
    import jsonschema
except ImportError:
    sys.exit(
        "check-schemas: Python's jsonschema is missing for " + sys.executable + "; install it with "
        "`sudo apt-get install -y python3-jsonschema` (or `make deps`), or `pip install jsonschema`")

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCHEMAS = os.path.join(ROOT, "Assets", "schemas")
KINDS = ("deck", "catalog", "result")


def load_json(path):
    with open(path, encoding="utf-8") as file:
        return json.load(file)


def relative(path):
    return os.path.relpath(path, ROOT)


class Schema:
    def __init__(self, kind):
        self.kind = kind
        self.path = os.path.join(SCHEMAS, kind + ".schema.json")
        self.document = load_json(self.path)
        jsonschema.Draft202012Validator.check_schema(self.document)
        self.validator = jsonschema.Draft202012Validator(self.document)

    def paths(self, instance):
        """The JSON paths the schema rejects, written as `validate` writes them."""
        found = set()
        for error in self.validator.iter_errors(instance):
            found.update(error_paths(error))
        return found


def error_paths(error):
    """The path of the offending member: `required` and `additionalProperties` fail at their
    object, and `validate` names the missing or unknown member itself."""
    base = list(error.absolute_path)
    instance = error.instance
    if error.validator == "required" and isinstance(instance, dict):
        return {format_path(base + [key]) for key in error.validator_value if key not in instance}
    if error.validator == "additionalProperties" and error.validator_value is False:
        known = error.schema.get("properties", {})
        patterns = error.schema.get("patternProperties", {})
        extra = [
            key for key in instance
            if key not in known and not any(re.search(pattern, key) for pattern in patterns)
        ]
        return {format_path(base + [key]) for key in extra}
    return {format_path(base)}


PLAIN_KEY = re.compile(r"^[A-Za-z0-9_$]+$")


def format_path(components):
    """JSONPath.description in Swift: `pages[3].heading`, `["two words"]`; "" for the root."""
    text = ""
    for component in components:
        if isinstance(component, int):
            text += "[%d]" % component
        elif component and all(PLAIN_KEY.match(c) or (ord(c) > 127 and c.isalnum()) for c in component):
            text += ("." if text else "") + component
        else:
            text += '["%s"]' % component
    return text


PATH_PREFIX = re.compile(r'^((?:[^\s.\[\]:"]+|\[\d+\]|\["[^"]*"\])(?:\.[^\s.\[\]:"]+|\[\d+\]|\["[^"]*"\])*): ')


def validate_paths(binary, path):
    """Runs `tui-onboard validate FILE`; returns its exit code, the paths it reported, its stderr."""
    run = subprocess.run([binary, "validate", path], capture_output=True, text=True, timeout=60)
    line_start = re.compile(r"^(?:tui-onboard: )?" + re.escape(path) + r"(?::\d+:\d+)?: (?:error|warning): (.*)$")
    paths = set()
    for line in run.stderr.splitlines():
        match = line_start.match(line)
        if not match:
            continue
        rest = match.group(1)
        prefix = PATH_PREFIX.match(rest)
        paths.add(prefix.group(1) if prefix else "")
    return run.returncode, paths, run.stderr


def document_kind(document):
    """The rule `validate` uses: a document with pages is a deck, else one with offerings or
    products is a catalog."""
    if not isinstance(document, dict):
        return None
    if "pages" in document:
        return "deck"
    if "offerings" in document or "products" in document:
        return "catalog"
    return None


def named_schema(document, path, schemas):
    """The schema a sample's "$schema" names: a path relative to the sample, or a schema's $id."""
    reference = document.get("$schema") if isinstance(document, dict) else None
    if not isinstance(reference, str):
        return None, 'has no "$schema" naming its schema'
    for schema in schemas.values():
        if reference == schema.document.get("$id"):
            return schema, None
    resolved = os.path.realpath(os.path.join(os.path.dirname(path), reference))
    for schema in schemas.values():
        if resolved == os.path.realpath(schema.path):
            return schema, None
    # A copy of one (init writes the installed schemas beside the deck it makes).
    if os.path.isfile(resolved):
        with open(resolved, encoding="utf-8") as handle:
            try:
                copied = json.load(handle)
            except ValueError:
                copied = None
        for schema in schemas.values():
            if copied == schema.document:
                return schema, None
    return None, '"$schema": "%s" names neither a file in Assets/schemas nor a schema\'s $id' % reference


def samples(extra):
    found = []
    for folder in ("Assets", "Examples"):
        for directory, subdirectories, files in os.walk(os.path.join(ROOT, folder)):
            subdirectories[:] = sorted(d for d in subdirectories if os.path.join(directory, d) != SCHEMAS)
            found += [os.path.join(directory, name) for name in sorted(files) if name.endswith(".json")]
    return found + [os.path.abspath(path) for path in extra]


def check_samples(schemas, extra, problems):
    count = 0
    for path in samples(extra):
        count += 1
        document = load_json(path)
        kind = document_kind(document)
        if kind is None:
            problems.append("%s: neither a deck nor a catalog" % relative(path))
            continue
        schema, problem = named_schema(document, path, schemas)
        if problem:
            problems.append("%s: %s" % (relative(path), problem))
            continue
        if schema.kind != kind:
            problems.append("%s: a %s whose \"$schema\" names the %s schema" % (relative(path), kind, schema.kind))
            continue
        for error in schema.validator.iter_errors(document):
            problems.append("%s: %s: %s" % (relative(path), format_path(list(error.absolute_path)), error.message))
    return count


def check_results(binary, schemas, problems):
    """Validates the result JSON of real runs: a tour printed with --plain, then a first-run
    check that finds the tour seen."""
    deck = os.path.join(ROOT, "Assets", "default-deck.json")
    runs = [["--plain"], ["--plain", "--first-run"]]
    with tempfile.TemporaryDirectory() as directory:
        for index, arguments in enumerate(runs):
            output = os.path.join(directory, "result-%d.json" % index)
            command = [binary, "--deck", deck, "--state-dir", os.path.join(directory, "state"),
                       "--result-json", output] + arguments
            run = subprocess.run(command, capture_output=True, text=True, timeout=60,
                                 stdin=subprocess.DEVNULL)
            shown = "`tui-onboard %s`" % " ".join(["--result-json", "FILE"] + arguments)
            if run.returncode != 0 or not os.path.exists(output):
                problems.append("%s exited %d without a result: %s" % (shown, run.returncode, run.stderr.strip()))
                continue
            result = load_json(output)
            for error in schemas["result"].validator.iter_errors(result):
                path = format_path(list(error.absolute_path))
                problems.append("the result of %s: %s: %s" % (shown, path or "(root)", error.message))
    return len(runs)


def check_broken(binary, schemas, problems):
    count = 0
    fixtures = os.path.join(ROOT, "Tests", "SchemaFixtures")
    for kind in ("deck", "catalog"):
        folder = os.path.join(fixtures, "broken-%ss" % kind)
        for name in sorted(os.listdir(folder)):
            if not name.endswith(".json"):
                continue
            count += 1
            path = os.path.join(folder, name)
            shown = relative(path)
            schema_paths = schemas[kind].paths(load_json(path))
            status, reported, stderr = validate_paths(binary, path)
            if not reported:
                problems.append("%s: `tui-onboard validate` found nothing wrong (exit %d)" % (shown, status))
            elif not schema_paths:
                problems.append("%s: the %s schema accepts it, but `validate` reports %s"
                                % (shown, kind, listed(reported)))
            elif schema_paths != reported:
                problems.append("%s: the %s schema fails at %s, but `tui-onboard validate` reports %s\n%s"
                                % (shown, kind, listed(schema_paths), listed(reported), indent(stderr)))
    return count


def listed(paths):
    return ", ".join(sorted(path or "(root)" for path in paths))


def indent(text):
    return "\n".join("    " + line for line in text.strip().splitlines())


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", required=True, help="the tui-onboard executable")
    parser.add_argument("--sample", action="append", default=[], help="another deck or catalog to check")
    arguments = parser.parse_args()
    binary = os.path.abspath(arguments.binary)
    if not os.access(binary, os.X_OK):
        sys.exit("check-schemas: %s is not an executable; build it first (swift build)" % binary)
    schemas = {kind: Schema(kind) for kind in KINDS}
    problems = []
    # What `init` writes is a sample too: a newcomer's first deck must pass its schema.
    starter = tempfile.mkdtemp(prefix="check-schemas-init-")
    made = subprocess.run([binary, "init", starter], capture_output=True, text=True, timeout=60)
    if made.returncode != 0:
        problems.append("tui-onboard init %s exited %d: %s" % (starter, made.returncode, made.stderr.strip()))
    starter_files = sorted(os.path.join(starter, name) for name in os.listdir(starter) if name.endswith(".json"))
    counts = [
        check_samples(schemas, arguments.sample + starter_files, problems),
        check_results(binary, schemas, problems),
        check_broken(binary, schemas, problems),
    ]
    shutil.rmtree(starter, ignore_errors=True)
    for problem in problems:
        print("check-schemas: " + problem)
    verdict = "all agree" if not problems else "%d disagreement%s" % (len(problems), "s"[:len(problems) > 1])
    print("check-schemas: %d samples, %d run results, %d broken files checked with jsonschema %s; %s"
          % (counts[0], counts[1], counts[2], jsonschema_version(), verdict))
    return 1 if problems else 0


def jsonschema_version():
    try:
        from importlib.metadata import version
        return version("jsonschema")
    except Exception:
        return "(unknown version)"


if __name__ == "__main__":
    sys.exit(main())
