import Foundation

/// The command line, parsed. Parsing is pure so that every usage error can be tested.
struct Options: Equatable {
    enum Command: Equatable {
        case run
        case validate([String])
        case symbols
        /// The first-run state and entitlements of one app, read without writing.
        case status
        /// Whether one entitlement is active: the exit code says.
        case has(String)
        /// Forgets first-run state (and with `--purchases` sets the ledger aside).
        case reset
        case help
        case version
    }

    var command: Command = .run
    var deckPath: String?
    var stateDirectory: String?
    var isPlain = false
    /// Show the tour only when this app's user has not seen it (or a newer version's).
    var isFirstRunOnly = false
    var reducesMotion = false
    /// `--theme dark|light|auto`; nil is `auto`.
    var theme: String?
    var seed: UInt64?
    var catalogPath: String?
    /// The simulated store's answer to purchases (`--simulate`); nil means the catalog's or success.
    var simulation: String?
    /// Seconds a simulated purchase or restore takes, so the progress can be seen.
    var latency: Double = 1.0
    /// Simulated seconds per real second for renewals and expiry.
    var timeRate: Double = 1
    /// A fixed start for the store's clock (`--now 2026-01-01` or a full ISO 8601 date).
    var now: Date?
    /// The app whose first-run state `status` and `reset` look at (`--app`).
    var appID: String?
    /// `status --json`: for programs rather than people.
    var isJSON = false
    /// `reset --purchases`: also set the purchase ledger aside.
    var resetsPurchases = false

    /// Where to write what happened in the run (`--result-json FILE`, `-` for stdout).
    var resultPath: String?

    struct UsageError: Error, Equatable, CustomStringConvertible {
        var description: String
    }

    /// An ISO 8601 date (`2026-01-31`, midnight UTC) or date and time (`2026-01-31T09:00:00Z`).
    static func parseDate(_ text: String) -> Date? {
        let full = ISO8601DateFormatter()
        if let date = full.date(from: text) { return date }
        let dayOnly = ISO8601DateFormatter()
        dayOnly.formatOptions = [.withFullDate]
        return dayOnly.date(from: text)
    }

    static let simulationModes = ["success", "fail", "cancel", "pending", "prompt"]
    static let themes = ["auto", "dark", "light"]

    static let usage = """
        usage: tui-onboard [options]
               tui-onboard validate FILE...
               tui-onboard symbols
               tui-onboard status [--deck FILE] [--app ID] [--json]
               tui-onboard has ENTITLEMENT [--deck FILE] [--app ID]
               tui-onboard reset [--app ID] [--purchases]

        Shows a first-run onboarding tour in the terminal.

        options:
          --deck FILE        the deck to show (default: the built-in tour)
          --state-dir DIR    where state is kept (default: $XDG_STATE_HOME/tui-onboard)
          --plain            print every page as text to stdout instead
          --first-run        show the tour only if it was not seen yet; after an upgrade show only
                             the pages new since the version seen; otherwise exit 0 at once
          --reduce-motion    cut between pages instead of animating (also TUI_ONBOARD_REDUCE_MOTION=1)
          --theme NAME       dark, light, or auto (default): ask the terminal for its background
          --seed N           seed for anything random, so runs repeat exactly
          --catalog FILE     the paywall's product catalog (.json or an Xcode .storekit file)
          --simulate MODE    purchase outcome: success, fail, cancel, pending or prompt (ask each time)
          --latency SECONDS  how long a simulated purchase or restore takes (default 1)
          --time-rate N      simulated seconds per real second, for renewals (86400: a day a second)
          --now DATE         start the store's clock at DATE (2026-01-31 or 2026-01-31T09:00:00Z)
          --result-json FILE write what happened (outcome, pages seen, purchases, review) as JSON
                             to FILE once the terminal is restored; - for stdout
          -h, --help         show this help
          -V, --version      show the version

        commands:
          validate FILE...   check decks, catalogs and .storekit files; exit 0 when valid, 65 when not
          symbols            list the built-in symbols for hero pages
          status             the app's first-run state and every entitlement at --now (default: now);
                             --json for programs (docs/status-json.md); never writes
          has ENTITLEMENT    exit 0 when the entitlement is active, 1 when not, 2 when the catalog
                             has no such entitlement; prints nothing; never writes
          reset              forget the first-run state of --app ID (all apps without --app);
                             --purchases also moves the purchase ledger aside and prints where

        --app ID names the app (default: the deck's, --deck or the built-in one); status and has
        read entitlements through --catalog, else the deck's catalog.

        keys: → next · ← back · Home/End · 1-9 jump · s skip · ? help · q quit

        exit codes: 0 finished or skipped, 2 usage or no terminal, 65 bad deck,
                    66 missing file, 74 I/O error, 130 interrupted (129 hangup, 143 terminated)
        """

    static func parse(_ arguments: [String]) throws(UsageError) -> Options {
        var options = Options()
        var index = 0
        var positionals: [String] = []
        func value(for option: String, inline: String?) throws(UsageError) -> String {
            if let inline { return inline }
            index += 1
            guard index < arguments.count, !arguments[index].hasPrefix("--") else {
                throw UsageError(description: "option \(option) needs a value")
            }
            return arguments[index]
        }
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                positionals.append(argument)
                index += 1
                continue
            }
            let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
            let name = parts[0]
            let inline = parts.count > 1 ? parts[1] : nil
            switch name {
            case "--":
                optionsEnded = true
            case "--deck":
                options.deckPath = try value(for: name, inline: inline)
            case "--state-dir":
                options.stateDirectory = try value(for: name, inline: inline)
            case "--seed":
                let text = try value(for: name, inline: inline)
                guard let seed = UInt64(text) else {
                    throw UsageError(description: "option --seed needs a whole number from 0, not \"\(text)\"")
                }
                options.seed = seed
            case "--theme":
                let theme = try value(for: name, inline: inline)
                guard Options.themes.contains(theme) else {
                    throw UsageError(
                        description:
                            "option --theme takes one of \(Options.themes.joined(separator: ", ")), not \"\(theme)\"")
                }
                options.theme = theme
            case "--catalog":
                options.catalogPath = try value(for: name, inline: inline)
            case "--result-json":
                let path = try value(for: name, inline: inline)
                guard !path.isEmpty else { throw UsageError(description: "option --result-json needs a FILE, or -") }
                options.resultPath = path
            case "--simulate":
                let mode = try value(for: name, inline: inline)
                guard Options.simulationModes.contains(mode) else {
                    throw UsageError(
                        description:
                            "option --simulate takes one of \(Options.simulationModes.joined(separator: ", ")), not \"\(mode)\""
                    )
                }
                options.simulation = mode
            case "--latency":
                let text = try value(for: name, inline: inline)
                guard let seconds = Double(text), seconds >= 0, seconds <= 60 else {
                    throw UsageError(description: "option --latency needs seconds from 0 to 60, not \"\(text)\"")
                }
                options.latency = seconds
            case "--time-rate":
                let text = try value(for: name, inline: inline)
                guard let rate = Double(text), rate > 0, rate <= 31_536_000 else {
                    throw UsageError(
                        description: "option --time-rate needs a positive number up to 31536000, not \"\(text)\"")
                }
                options.timeRate = rate
            case "--app":
                let id = try value(for: name, inline: inline)
                guard !id.isEmpty else { throw UsageError(description: "option --app needs an app id") }
                options.appID = id
            case "--now":
                let text = try value(for: name, inline: inline)
                guard let date = Options.parseDate(text) else {
                    throw UsageError(
                        description:
                            "option --now needs a date such as 2026-01-31 or 2026-01-31T09:00:00Z, not \"\(text)\"")
                }
                options.now = date
            case "--plain", "--reduce-motion", "--first-run", "--json", "--purchases", "-h", "--help", "-V",
                "--version":
                if inline != nil { throw UsageError(description: "option \(name) takes no value") }
                switch name {
                case "--plain": options.isPlain = true
                case "--json": options.isJSON = true
                case "--purchases": options.resetsPurchases = true
                case "--first-run": options.isFirstRunOnly = true
                case "--reduce-motion": options.reducesMotion = true
                case "-h", "--help": options.command = .help
                default: options.command = .version
                }
            default:
                throw UsageError(description: "unknown option \(name)")
            }
            index += 1
        }
        if options.command == .help || options.command == .version { return options }
        if let first = positionals.first {
            switch first {
            case "validate":
                guard positionals.count > 1 else { throw UsageError(description: "validate needs at least one FILE") }
                options.command = .validate(Array(positionals.dropFirst()))
            case "symbols":
                guard positionals.count == 1 else { throw UsageError(description: "symbols takes no arguments") }
                options.command = .symbols
            case "status":
                guard positionals.count == 1 else { throw UsageError(description: "status takes no arguments") }
                options.command = .status
            case "has":
                guard positionals.count == 2, !positionals[1].isEmpty else {
                    throw UsageError(description: "has needs one ENTITLEMENT, such as `has pro`")
                }
                options.command = .has(positionals[1])
            case "reset":
                guard positionals.count == 1 else { throw UsageError(description: "reset takes no arguments") }
                options.command = .reset
            default:
                throw UsageError(
                    description: "unknown command \"\(first)\" (commands: validate, symbols, status, has, reset)")
            }
        }
        try options.checkCommandOptions()
        return options
    }

    /// Options that belong to one command are refused elsewhere, rather than silently ignored.
    private func checkCommandOptions() throws(UsageError) {
        var commandName: String {
            switch command {
            case .status: return "status"
            case .has: return "has"
            case .reset: return "reset"
            case .validate: return "validate"
            case .symbols: return "symbols"
            case .run, .help, .version: return "a run"
            }
        }
        if isJSON, command != .status { throw UsageError(description: "--json is for status, not \(commandName)") }
        if resetsPurchases, command != .reset {
            throw UsageError(description: "--purchases is for reset, not \(commandName)")
        }
        if appID != nil {
            switch command {
            case .status, .has, .reset: break
            default: throw UsageError(description: "--app is for status, has and reset, not \(commandName)")
            }
        }
    }
}
