#!/usr/bin/env python3
"""Writes a deterministic event file like `tui-onboard --events` writes (docs/events.md), for
the report's tests and benchmark: runs of a five-page tour with a question and a paywall, in
two experiments (`copy` with variants a and b, `price` with x, y and z), some from before
experiments (no `assignments`), trials, purchases in two currencies, ask-to-buy requests and
events the report does not count. Same arguments, same bytes.

    generate-events.py OUT --lines 1000000 [--seed 7] [--bad 3] [--gzip]
"""
import argparse
import gzip
import json
import random


def run_lines(rng, number, assignments):
    run = f"{number:016x}"
    common = {"version": 1, "run": run, "mode": "tour"}
    if assignments is not None:
        common["assignments"] = assignments
    second = 1700000000 + number * 40
    lines = []

    def emit(event, **members):
        nonlocal second
        second += rng.randint(1, 5)
        time = f"2026-12-{1 + second % 28:02d}T{second // 3600 % 24:02d}:{second // 60 % 60:02d}:{second % 60:02d}.{rng.randint(0, 999):03d}Z"
        line = {"event": event, "version": 1, "time": time, "run": run, "mode": "tour"}
        line.update({k: v for k, v in common.items() if k == "assignments"})
        line.update(members)
        lines.append(json.dumps(line, separators=(",", ":")))

    boost = 0.03 if assignments and assignments.get("copy") == "b" else 0.0
    emit("tourStarted", pages=5)
    emit("pageViewed", index=0, id=None, kind="step")
    if rng.random() < 0.85:
        emit("pageViewed", index=1, id="role", kind="question")
        if rng.random() < 0.8:
            emit("questionAnswered", index=1, id="role", answer=rng.choice(["student", "developer", "manager"]))
            emit("pageViewed", index=2, id=None, kind="hero")
            if rng.random() < 0.3:
                emit("pageViewed", index=0, id=None, kind="step")
            if rng.random() < 0.7:
                emit("pageViewed", index=4, id=None, kind="paywall")
                emit("paywallShown", index=4, offering="default", package="$rc_annual")
                if rng.random() < 0.4:
                    emit("packageSelected", offering="default", package="$rc_monthly", product="pro_monthly")
                bought = rng.random() < 0.12 + boost
                if not bought and rng.random() < 0.25:
                    emit("exitOfferShown", index=4, offering="default")
                    bought = rng.random() < 0.1
                if bought:
                    trial = rng.random() < 0.5
                    currency, price = rng.choice([("USD", "4.99"), ("USD", "39.99"), ("EUR", "3.99")])
                    state = "pending" if rng.random() < 0.05 else "purchased"
                    emit("purchaseStarted", package="$rc_annual", product="pro_annual")
                    emit("purchaseFinished", package="$rc_annual", product="pro_annual", transaction=f"T{number:X}",
                         state=state, price="0" if trial or state == "pending" else price, currency=currency,
                         trial=trial)
    emit("tourFinished", outcome=rng.choice(["completed", "skipped", "quit"]), lastPage=0)
    return lines


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out")
    parser.add_argument("--lines", type=int, required=True)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--bad", type=int, default=0, help="lines that are not events, spread through the file")
    parser.add_argument("--gzip", action="store_true")
    parser.add_argument("--first-run", type=int, default=0, help="the number of the first run (ids differ per file)")
    arguments = parser.parse_args()
    rng = random.Random(arguments.seed)
    lines = []
    number = arguments.first_run
    while len(lines) < arguments.lines:
        old = rng.random() < 0.05
        assignments = None if old else {"copy": rng.choice("ab"), "price": rng.choice("xyz")}
        lines.extend(run_lines(rng, number, assignments))
        number += 1
    lines = lines[: arguments.lines]
    for position in range(arguments.bad):
        at = (position + 1) * len(lines) // (arguments.bad + 1)
        lines.insert(at, ["not json", '{"event":"pageViewed","run":"x","index":"two"}', "[1]"][position % 3])
    data = ("\n".join(lines) + "\n").encode()
    if arguments.gzip:
        data = gzip.compress(data, mtime=0)
    with open(arguments.out, "wb") as out:
        out.write(data)


if __name__ == "__main__":
    main()
