import FoundationEssentials
import Glibc
import OnboardKit

/// The parts of the table only the man page and `--help` show: exit statuses, the environment,
/// files and examples.
extension CommandLineSpec {
    static let exitStatuses: [DocumentedExitCode] = [
        DocumentedExitCode(
            code: "0", brief: "finished or skipped",
            meaning:
                "The tour was finished, skipped or quit, or had nothing to show; the files are valid; has: the entitlement is active."
        ),
        DocumentedExitCode(
            code: "1", brief: "not active (has)",
            meaning:
                "has: the entitlement is not active; init: the input ended before a layout was chosen, and nothing was written."
        ),
        DocumentedExitCode(
            code: "2", brief: "usage or no terminal",
            meaning:
                "A usage error (an output file in the state directory among them), or standard input or output is not a terminal (use --plain); has: the catalog defines no such entitlement, or there is no catalog."
        ),
        DocumentedExitCode(
            code: "3", brief: "recorded, not confirmed (store)",
            meaning:
                "store: the action was recorded and counts, but the disk did not confirm it will survive a power cut, or its summary could not be written to standard output. Do not run it again."
        ),
        DocumentedExitCode(
            code: "65", brief: "bad deck, catalog or config",
            meaning:
                "A bad deck, catalog or config file, a file over its size limit, or a damaged ledger or state file (status, has)."
        ),
        DocumentedExitCode(
            code: "66", brief: "missing file",
            meaning:
                "A missing file, or a deck or catalog that is not a regular file (a FIFO, a device, a directory) or cannot be opened."
        ),
        DocumentedExitCode(
            code: "73", brief: "would overwrite (init)",
            meaning: "init: a file it would write exists already, or cannot be created; nothing was written."),
        DocumentedExitCode(
            code: "74", brief: "I/O error",
            meaning:
                "An I/O error: standard output cannot be written, the ledger stayed locked by another process, the --result-json file or a file of reset or init cannot be written, or (except for a tour, which is shown without it) the state directory belongs to another user or others may write to it."
        ),
        DocumentedExitCode(
            code: "130", brief: "interrupted (129 hangup, 143 terminated)",
            meaning:
                "Interrupted by Ctrl-C (SIGINT); 129 for SIGHUP, 143 for SIGTERM. Other signals that end the program restore the terminal first and end it by the same signal (128 + its number)."
        ),
    ]

    struct EnvironmentVariable {
        var name: String
        var meaning: String
    }

    static let environment: [EnvironmentVariable] = [
        EnvironmentVariable(
            name: "NO_COLOR",
            meaning: "Set and not empty: no colours, only bold, dim, reverse video and underline."),
        EnvironmentVariable(
            name: "TUI_ONBOARD_REDUCE_MOTION",
            meaning:
                "Anything but empty or 0: as --reduce-motion. 0 turns reduced motion off even when the config file turns it on."
        ),
        EnvironmentVariable(
            name: "TUI_ONBOARD_HYPERLINKS",
            meaning: "0 never sends the paywall's links as OSC 8 hyperlinks, 1 always does (default: by TERM)."),
        EnvironmentVariable(
            name: "XDG_STATE_HOME",
            meaning:
                "The state directory is $XDG_STATE_HOME/tui-onboard when it is an absolute path, else ~/.local/state/tui-onboard (--state-dir wins)."
        ),
        EnvironmentVariable(
            name: "XDG_CONFIG_HOME",
            meaning:
                "The config file is $XDG_CONFIG_HOME/tui-onboard/config.json when it is an absolute path, else ~/.config/tui-onboard/config.json."
        ),
        EnvironmentVariable(
            name: "COLORTERM",
            meaning: "truecolor or 24bit, with a TERM of 256 colours: the deck's colours exactly (24-bit)."),
        EnvironmentVariable(
            name: "TERM",
            meaning:
                "The terminal's kind, through its terminfo entry: how many colours, the keys, the alternate screen."),
        EnvironmentVariable(
            name: "COLUMNS", meaning: "The width of --plain output (default 80, at most 100)."),
        EnvironmentVariable(
            name: "LANGUAGE, LC_ALL, LC_MESSAGES, LANG",
            meaning:
                "The language of the deck's and catalog's texts and of product names and descriptions from a .storekit file, after --lang: LANGUAGE is a list (fr:de), ignored when the locale is C or POSIX."
        ),
        EnvironmentVariable(
            name: "TUI_ONBOARD_LOCALEDIR",
            meaning:
                "A folder of message catalogs (LANG/LC_MESSAGES/tui-onboard.mo) looked at before share/locale beside the binary's own folder."
        ),
        EnvironmentVariable(
            name: "TUI_ONBOARD_ASSETS",
            meaning:
                "A folder holding a default-deck.json (with its art and catalog) to show instead of the built-in tour compiled into the binary."
        ),
    ]

    struct FileEntry {
        var path: String
        var meaning: String
    }

    static let files: [FileEntry] = [
        FileEntry(
            path: "$XDG_CONFIG_HOME/tui-onboard/config.json",
            meaning:
                "The user's defaults for runs (else ~/.config/tui-onboard/config.json), a JSON object such as {\"reduceMotion\": true, \"theme\": \"light\"}: \"reduceMotion\" is true or false, \"theme\" is \"dark\", \"light\" or \"auto\". Options win over environment variables, and those over the file. A file that is not valid JSON of that shape gives an error with file:line:column and exit code 65; unknown members are warnings. One that cannot be reached (a home this user may not enter, as under su) is a warning, and the run goes on without it."
        ),
        FileEntry(
            path: "$XDG_STATE_HOME/tui-onboard/state.json",
            meaning: "Each app's first-run state: the version seen, how the tour ended, the review answer."),
        FileEntry(
            path: "$XDG_STATE_HOME/tui-onboard/ledger.jsonl",
            meaning:
                "Every simulated purchase, one checksummed JSON line each; entitlements are worked out from it."),
        FileEntry(
            path: "$XDG_STATE_HOME/tui-onboard/sandbox/ledger.jsonl",
            meaning:
                "The sandbox ledger: purchases made under a simulated clock (--now, --time-rate) or with --sandbox. status and has read it only with --sandbox."
        ),
        FileEntry(
            path: "PREFIX/share/locale/LANG/LC_MESSAGES/tui-onboard.mo",
            meaning:
                "The program's own words in LANG, read from share/locale beside the folder the binary is in (PREFIX/bin), wherever that is; without it they are English, and a tour in another language says so once on stderr. The built-in tour, its art and its catalog are inside the binary. tui-onboard --version --verbose says where each was found."
        ),
    ]

    struct Example {
        var command: String
        var meaning: String
    }

    static let examples: [Example] = [
        Example(command: "tui-onboard", meaning: "Show the built-in tour."),
        Example(
            command: "tui-onboard init tour",
            meaning: "Write a starter deck, its art and a catalog into tour/."),
        Example(
            command: "tui-onboard validate tour/deck.json",
            meaning: "Report every problem of a deck and its catalog."),
        Example(
            command: "tui-onboard --first-run --deck tour/deck.json --result-json -",
            meaning:
                "Show the tour once per user (and what is new after an upgrade), then print what happened as JSON."),
        Example(
            command: "tui-onboard has pro --deck tour/deck.json && echo Pro",
            meaning: "Exit 0 when the user bought what the catalog's \"pro\" entitlement grants."),
        Example(
            command: "tui-onboard dump tour/deck.json --svg pictures",
            meaning: "Draw every page of a deck at 80x24 as SVG pictures, for a README or a store listing."),
        Example(
            command: "tui-onboard --simulate prompt --time-rate 86400",
            meaning: "Try the paywall: ask for each purchase's outcome, and let a day pass each second."),
    ]
}
