#!/usr/bin/env python3
"""Prints every text tui-onboard shows with a price, a period or a date, in many languages,
locales and currencies: the price and date corpus.

    python3 scripts/price-corpus.py BINARY [--jobs N] > corpus.txt

Prices and dates are formatted by ICU, from its data; the release build carries a trimmed copy
of that data (scripts/icu-data/), and ICU falls back to the root locale without a word when an
item it looks for is missing. So the corpus is written by the full-ICU build (`make
price-corpus`, the debug build, into Tests/EndToEndTests/Fixtures/price-corpus.txt) and every
other build must print it byte for byte (PriceCorpusTests; `make test-release` on the release
build).

What it runs, in a scratch directory, with a deck and catalog written here: a catalog of 40
currencies (zero decimals as JPY, three as KWD, lakh grouping as INR), each with an annual plan
with a free trial, a monthly plan with a pay-as-you-go introductory offer, a one-week pass and
a lifetime unlock priced in millions; a ledger in which every currency was bought (trials,
renewals, lifetime purchases) and a few subscriptions stand in each state (renewing, in a
trial, cancelled, in a billing grace period, refunded). Then, for each environment (the 13
languages of the app's messages by LANGUAGE, each beside its own LC_MONETARY; 48 locales by
LANG alone; LC_ALL and LC_MONETARY overriding LANG), with its own TZ:
  --plain (every currency's paywall page), paywall --plain, status, store transactions.
Each command's output is kept from its lines that hold a digit (of any script: prices, periods
and dates all have one), so the corpus is what ICU formats without the pages' fixed words; the
store's random transaction ids are numbered (T#1, T#2.1) in the order they appear.
"""

import argparse
import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unicodedata

# Code, price of a year, of a month, of the month's introductory offer, of a week's pass, of the
# lifetime unlock: as many decimals as the currency has (JPY none, KWD three).
CURRENCIES = [
    ("USD", "39.99", "4.99", "0.99", "1.99", "1234567.89"),
    ("EUR", "39.99", "4.99", "0.99", "1.99", "1234567.89"),
    ("JPY", "4800", "600", "120", "250", "123456789"),
    ("KWD", "12.500", "1.250", "0.250", "0.600", "1234567.891"),
    ("CHF", "39.90", "4.90", "0.90", "1.90", "1234567.85"),
    ("INR", "3499", "449", "99", "149", "12345678.90"),
    ("GBP", "34.99", "4.49", "0.99", "1.79", "1234567.89"),
    ("BRL", "199.90", "24.90", "4.90", "9.90", "1234567.89"),
    ("CNY", "298", "38", "6", "12", "1234567.89"),
    ("TWD", "1290", "160", "30", "60", "1234567"),
    ("ILS", "149.90", "18.90", "3.90", "7.90", "1234567.89"),
    ("EGP", "1999.99", "249.99", "49.99", "99.99", "1234567.89"),
    ("SAR", "149.99", "18.99", "3.99", "7.99", "1234567.89"),
    ("KRW", "55000", "6900", "1200", "2500", "1234567890"),
    ("VND", "999000", "125000", "25000", "49000", "1234567890"),
    ("CLP", "37990", "4790", "990", "1890", "1234567890"),
    ("HUF", "14990", "1890", "390", "790", "123456789"),
    ("BHD", "15.000", "1.900", "0.400", "0.750", "1234567.891"),
    ("ISK", "5990", "790", "150", "290", "123456789"),
    ("TND", "119.000", "14.900", "3.000", "5.900", "1234567.891"),
    ("IRR", "1700000", "210000", "42000", "84000", "123456789012"),
    ("AFN", "2900", "360", "70", "140", "123456789"),
    ("MMK", "84000", "10500", "2100", "4200", "1234567890"),
    ("CAD", "54.99", "6.99", "1.39", "2.79", "1234567.89"),
    ("AUD", "59.99", "7.49", "1.49", "2.99", "1234567.89"),
    ("HKD", "318", "39", "8", "15", "1234567.89"),
    ("MXN", "799", "99", "19", "39", "1234567.89"),
    ("TRY", "1299.99", "159.99", "32.99", "64.99", "1234567.89"),
    ("PLN", "169.99", "20.99", "4.29", "8.49", "1234567.89"),
    ("SEK", "449", "55", "11", "22", "1234567.89"),
    ("NOK", "449", "55", "11", "22", "1234567.89"),
    ("DKK", "299", "37", "7.50", "15", "1234567.89"),
    ("CZK", "999", "125", "25", "49", "1234567.89"),
    ("RUB", "3790", "470", "95", "190", "1234567.89"),
    ("UAH", "1599", "199", "40", "80", "1234567.89"),
    ("THB", "1390", "175", "35", "69", "1234567.89"),
    ("IDR", "599000", "75000", "15000", "29000", "1234567890"),
    ("ZAR", "699.99", "87.99", "17.99", "34.99", "1234567.89"),
    ("NGN", "59900", "7490", "1490", "2990", "1234567890"),
    ("PKR", "10900", "1350", "270", "540", "1234567890"),
]

# The app's languages (po/*.po and English), each with the locale its prices follow.
LANGUAGES = [
    ("en", "en_US"), ("ar", "ar_EG"), ("de", "de_DE"), ("es", "es_ES"), ("fr", "fr_FR"), ("he", "he_IL"),
    ("it", "it_IT"), ("ja", "ja_JP"), ("ko", "ko_KR"), ("pl", "pl_PL"), ("pt_BR", "pt_BR"), ("ru", "ru_RU"),
    ("zh_Hans", "zh_Hans_CN"),
]

# Locales by LANG: each the whole environment (messages too, where the app speaks the language).
LOCALES = [
    "en_US", "en_GB", "en_IN", "en_AU", "en_CA", "de_DE", "de_CH", "de_AT", "fr_FR", "fr_CA", "fr_CH", "it_IT",
    "es_ES", "es_MX", "es_419", "pt_BR", "pt_PT", "nl_NL", "sv_SE", "nb_NO", "da_DK", "fi_FI", "pl_PL", "cs_CZ",
    "hu_HU", "ro_RO", "ru_RU", "uk_UA", "tr_TR", "el_GR", "he_IL", "ar_EG", "ar_SA", "ar_MA", "fa_IR", "hi_IN",
    "bn_BD", "mr_IN", "ta_IN", "th_TH", "vi_VN", "id_ID", "ja_JP", "ko_KR", "zh_CN", "zh_Hant_TW", "zh_HK", "my_MM",
]

# Locales of prices that differ from the rest of the environment.
OVERRIDES = [
    {"LANG": "en_US.UTF-8", "LC_MONETARY": "de_CH.UTF-8"},
    {"LANG": "de_DE.UTF-8", "LC_MONETARY": "hi_IN.UTF-8"},
    {"LANG": "fr_FR.UTF-8", "LC_ALL": "ar_EG.UTF-8"},
    {"LANG": "ja_JP.UTF-8", "LC_ALL": "C"},
    {"LANG": "C.UTF-8"},
]

ZONES = ["UTC", "Europe/Berlin", "Asia/Kolkata", "America/New_York", "Asia/Tokyo", "Australia/Lord_Howe",
         "Asia/Kathmandu", "America/St_Johns", "Pacific/Chatham", "Africa/Cairo"]

NOW = "2026-03-01T00:30:00Z"
REFUNDED_AT = "2026-02-15T08:00:00Z"


# The currencies the paywall pages show (each price variable, each kind of product): decimals
# from none to three, symbols before and after, right to left, lakh grouping.
PAGE_CURRENCIES = ["USD", "EUR", "JPY", "KWD", "CHF", "INR", "ILS", "VND"]


def catalog():
    products, offerings = [], []
    for code, year, month, intro, week, lifetime in CURRENCIES:
        key = code.lower()
        products += [
            {"id": f"year_{key}", "type": "autoRenewable", "price": year, "currency": code, "period": "P1Y",
             "subscriptionGroup": f"group_{key}", "groupLevel": 1,
             "introductoryOffer": {"mode": "freeTrial", "period": "P1W"}, "title": f"Year {code}"},
            {"id": f"month_{key}", "type": "autoRenewable", "price": month, "currency": code, "period": "P1M",
             "subscriptionGroup": f"group_{key}", "groupLevel": 2,
             "introductoryOffer": {"mode": "payAsYouGo", "period": "P1M", "periodCount": 3, "price": intro},
             "title": f"Month {code}"},
            {"id": f"week_{key}", "type": "nonRenewing", "price": week, "currency": code, "period": "P1W",
             "title": f"Week {code}"},
            {"id": f"life_{key}", "type": "nonConsumable", "price": lifetime, "currency": code,
             "title": f"Lifetime {code}"},
        ]
        if code not in PAGE_CURRENCIES:
            continue
        offerings.append({
            "id": f"offer_{key}",
            "packages": [{"id": "$rc_annual", "product": f"year_{key}"}, {"id": "$rc_monthly", "product": f"month_{key}"},
                         {"id": "week", "product": f"week_{key}"}, {"id": "$rc_lifetime", "product": f"life_{key}"}],
            "copy": {
                "title": code,
                "subtitle": "{{ product_name }}: {{ total_price_and_per_month }}",
                "features": ["{{ sub_price_per_week }} {{ per_month }} {{ sub_duration }} {{ sub_offer_duration }}"
                             " {{ sub_offer_price }} {{ sub_offer }} {{ sub_relative_discount }}"],
                "callToAction": "{{ price_per_period_full }}",
            },
        })
    # Subscriptions that stand in each state for `status`: each its own entitlement.
    states = ["renewing", "trial", "cancelled", "grace", "refunded", "monthly"]
    for state in states:
        products.append(
            {"id": f"plan_{state}", "type": "autoRenewable", "price": "9.99", "currency": "USD",
             "period": "P1M" if state == "monthly" else "P1Y", "subscriptionGroup": f"group_{state}",
             "introductoryOffer": {"mode": "freeTrial", "period": "P1M"}, "title": f"Plan {state}"})
    entitlements = [{"id": "pro", "displayName": "Pro",
                     "products": [product["id"] for product in products if not product["id"].startswith("plan_")]}]
    entitlements += [{"id": state, "displayName": state.capitalize(), "products": [f"plan_{state}"]}
                     for state in states]
    return {
        "formatVersion": 1, "currentOffering": "offer_usd",
        "links": {"privacyPolicy": "https://example.com/privacy", "termsOfUse": "https://example.com/terms"},
        "products": products, "entitlements": entitlements, "offerings": offerings,
        "store": {"gracePeriod": "P16D"},
    }


def deck():
    return {"app": {"id": "com.example.corpus", "name": "Corpus", "version": "1.0.0"}, "catalog": "catalog.json",
            "pages": [{"kind": "paywall", "offering": f"offer_{code.lower()}"} for code in PAGE_CURRENCIES]}


# The ledger: every currency's lifetime unlock, the paywall currencies' annual plans (a trial,
# then the first renewal), a week's pass in a few, and the states above, each made by the
# store's own actions.
def purchases():
    steps = []
    for number, (code, *_) in enumerate(CURRENCIES):
        key = code.lower()
        steps.append((f"2026-01-{1 + number % 28:02d}T09:{number:02d}:00Z", ["buy", f"life_{key}"]))
        if code in PAGE_CURRENCIES:
            steps.append((f"2026-01-20T10:{number:02d}:00Z", ["buy", f"year_{key}"]))
    for number, code in enumerate(["USD", "JPY", "KWD", "INR"]):
        steps.append((f"2026-02-25T12:{number:02d}:00Z", ["buy", f"week_{code.lower()}"]))
    steps += [
        ("2026-01-02T08:00:00Z", ["buy", "plan_renewing"]),
        ("2026-02-20T08:00:00Z", ["buy", "plan_trial"]),
        ("2026-01-05T08:00:00Z", ["buy", "plan_cancelled"]),
        ("2026-02-10T08:00:00Z", ["cancel", "plan_cancelled"]),
        ("2025-01-10T08:00:00Z", ["buy", "plan_grace"]),
        ("2026-02-01T08:00:00Z", ["billing-issue", "plan_grace"]),
        ("2025-12-01T08:00:00Z", ["buy", "plan_monthly"]),
        ("2025-06-01T08:00:00Z", ["buy", "plan_refunded"]),
    ]
    return sorted(steps, key=lambda step: step[0])


def run(binary, arguments, environment, directory):
    result = subprocess.run([binary, *arguments], cwd=directory, env=environment, capture_output=True, timeout=120)
    return result.returncode, result.stdout.decode("utf-8", "replace"), result.stderr.decode("utf-8", "replace")


def prepare(binary, directory):
    """Writes the deck and catalog and buys into the sandbox ledger; returns the state
    directories of no purchase and of the ledger's."""
    with open(os.path.join(directory, "catalog.json"), "w", encoding="utf-8") as file:
        json.dump(catalog(), file, indent=1, ensure_ascii=False)
    with open(os.path.join(directory, "deck.json"), "w", encoding="utf-8") as file:
        json.dump(deck(), file, indent=1, ensure_ascii=False)
    state = os.path.join(directory, "state")
    environment = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LANG": "C.UTF-8", "TZ": "UTC"}
    for moment, action in purchases():
        code, _, error = run(binary, ["store", *action, "--deck", "deck.json", "--state-dir", state, "--now", moment],
                             environment, directory)
        if code != 0:
            sys.exit(f"price-corpus: store {' '.join(action)} at {moment} failed ({code}): {error}")
    # The refund needs the transaction's id, which `store transactions --json` gives.
    code, output, error = run(binary, ["store", "transactions", "--json", "--deck", "deck.json", "--state-dir", state,
                                       "--now", REFUNDED_AT], environment, directory)
    if code != 0:
        sys.exit(f"price-corpus: store transactions failed: {error}")
    listed = json.loads(output)["transactions"]
    paid = [item for item in listed if item["productID"] == "plan_refunded" and item["price"] not in ("0", None)]
    if not paid:
        sys.exit("price-corpus: no paid transaction of plan_refunded to refund")
    refund = paid[-1]["id"]
    code, _, error = run(binary, ["store", "refund", refund, "--deck", "deck.json", "--state-dir", state,
                                  "--now", REFUNDED_AT], environment, directory)
    if code != 0:
        sys.exit(f"price-corpus: store refund failed: {error}")
    empty = os.path.join(directory, "empty")
    os.makedirs(empty)
    return {"empty": empty, "bought": state}


def environments():
    """(label, variables) of every environment, each with its own time zone."""
    chosen = []
    for language, locale in LANGUAGES:
        chosen.append({"LANGUAGE": language, "LANG": "en_US.UTF-8", "LC_MONETARY": f"{locale}.UTF-8"})
    chosen += [{"LANG": f"{locale}.UTF-8"} for locale in LOCALES]
    chosen += OVERRIDES
    result = []
    for number, variables in enumerate(chosen):
        variables = dict(variables, TZ=ZONES[number % len(ZONES)])
        label = " ".join(f"{name}={variables[name]}" for name in ("LANGUAGE", "LC_ALL", "LC_MONETARY", "LANG", "TZ")
                         if name in variables)
        result.append((label, variables))
    return result


# Each command and the state it reads: the tour's paywall pages with nothing bought (so each
# page is its prices alone), the paywall command once beside the ledger's subscriptions in each
# state, and the status and transactions of that ledger.
COMMANDS = [
    ("empty", ["--plain", "--deck", "deck.json", "--sandbox", "--now", NOW]),
    ("bought", ["paywall", "pro", "--plain", "--offering", "offer_usd", "--deck", "deck.json", "--sandbox", "--now", NOW]),
    ("bought", ["status", "--deck", "deck.json", "--sandbox", "--now", NOW]),
    ("bought", ["store", "transactions", "--deck", "deck.json", "--sandbox", "--now", NOW]),
]


TRANSACTION_ID = re.compile(r"\bT[0-9A-F]{16}\b")


def numbered_transactions(text):
    """`text` with the store's random transaction ids numbered in the order they appear."""
    numbers = {}
    return TRANSACTION_ID.sub(lambda match: "T#%d" % numbers.setdefault(match.group(0), len(numbers) + 1), text)


def has_digit(line):
    return any(unicodedata.category(character) == "Nd" for character in line)


def environment_block(binary, directory, states, number, label, variables):
    """The corpus lines of one environment: each command on a fresh copy of its state, so
    that nothing one run writes (a --plain run records the tour as seen) reaches the next."""
    lines = [f"## {label}"]
    base = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), **variables}
    for command, (state, arguments) in enumerate(COMMANDS):
        copy = os.path.join(directory, f"run-{number}-{command}")
        shutil.copytree(states[state], copy)
        try:
            code, output, error = run(binary, [*arguments, "--state-dir", copy], base, directory)
        finally:
            shutil.rmtree(copy, ignore_errors=True)
        shown = " ".join(argument for argument in arguments if argument not in ("--deck", "deck.json"))
        lines.append(f"### {shown} (exit {code})")
        for stream, text in (("", output), ("stderr: ", error)):
            for line in numbered_transactions(text.replace(copy, "STATE")).splitlines():
                if has_digit(line):
                    lines.append(stream + line.rstrip())
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("binary")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    options = parser.parse_args()
    binary = os.path.abspath(options.binary)
    directory = tempfile.mkdtemp(prefix="tui-onboard-corpus-")
    try:
        states = prepare(binary, directory)
        with concurrent.futures.ThreadPoolExecutor(max_workers=options.jobs) as pool:
            blocks = pool.map(lambda item: environment_block(binary, directory, states, item[0], *item[1]),
                              enumerate(environments()))
            sys.stdout.write("# tui-onboard's texts with prices, periods and dates (scripts/price-corpus.py)\n")
            for block in blocks:
                sys.stdout.write(block)
    finally:
        shutil.rmtree(directory, ignore_errors=True)


if __name__ == "__main__":
    main()
