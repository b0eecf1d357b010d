import FoundationEssentials
import Glibc
import OnboardKit

/// The command line, parsed. Parsing is pure so that every usage error can be tested.
struct Options: Equatable {
    enum Command: Equatable {
        case run
        case validate([String])
        case symbols
        /// Every page of a deck (nil: the built-in tour) drawn at rest at `--size`, as text or
        /// (`--svg DIR`) pictures.
        case dump(String?)
        /// The first-run state and entitlements of one app, read without writing.
        case status
        /// Whether one entitlement is active: the exit code says.
        case has(String)
        /// The stored answer to one question, for a host's script.
        case answer(String)
        /// Every stored answer of the app.
        case answers
        /// The paywall alone, for an entitlement (with `--if-needed`, only when it is not active).
        case paywall(String)
        /// Forgets first-run state (and with `--purchases` sets the ledger aside).
        case reset
        /// Adds, lists or removes the signed licenses in the state directory.
        case license(LicenseAction)
        /// Acts on the simulated store as its transaction manager does, or lists its transactions.
        case store(StoreAction)
        case help
        /// `tui-onboard COMMAND --help`.
        case commandHelp(CommandName)
        case version
        /// Writes a starter deck, its art and a catalog into the directory (nil: the current one).
        case initialize(String?)
        /// Prints the man page, made from the table (`--man`, for `make cli-docs`).
        case manPage
        /// Prints a shell's completion script (`--completions SHELL`, for `make cli-docs`).
        case completions(CompletionShell)

        /// The table's command this is; nil for the help, the version and the generators,
        /// which answer whatever command the line names.
        var name: CommandName? {
            switch self {
            case .run: return .run
            case .validate: return .validate
            case .symbols: return .symbols
            case .dump: return .dump
            case .status: return .status
            case .has: return .has
            case .answer: return .answer
            case .answers: return .answers
            case .paywall: return .paywall
            case .reset: return .reset
            case .license: return .license
            case .store: return .store
            case .initialize: return .initialize
            case .help, .commandHelp, .version, .manPage, .completions: return nil
            }
        }
    }

    var command: Command = .run
    var deckPath: String?
    var stateDirectory: String?
    var isPlain = false
    /// Print the deck's and the catalog's warnings, not only their errors (validate always does).
    var showsWarnings = false
    /// `--version --verbose`: also say where the built-in tour, the catalogs and the state are.
    var isVerbose = false
    /// Show the tour only when this app's user has not seen it (or a newer version's).
    var isFirstRunOnly = false
    var reducesMotion = false
    var seed: UInt64?
    var catalogPath: String?
    /// The simulated store's answer to purchases (`--simulate`); nil means the catalog's or success.
    var simulation: String?
    /// Seconds a simulated purchase or restore takes, so the progress can be seen.
    var latency: Double = 1.0
    /// Simulated seconds per real second for renewals and expiry.
    var timeRate: Double = 1
    /// A fixed start for the store's clock (`--now 2026-01-01` or an RFC 3339 date and time).
    var now: Date?
    /// The app whose first-run state `status` and `reset` look at (`--app`).
    var appID: String?
    /// `status --json`: for programs rather than people.
    var isJSON = false
    /// `reset --purchases`: also set the purchase ledger aside.
    var resetsPurchases = false
    /// `--sandbox`: the store's ledger is the sandbox one (see `Launcher.sandboxDirectory`).
    var usesSandbox = false
    /// `--public-key ed25519:<hex>`: keys that sign this app's licenses, beside the catalog's.
    var publicKeys: [LicensePublicKey] = []
    /// `--lang TAG[:TAG...]`: the languages to read, before `LANGUAGE` and the locale.
    var language: String?
    /// `store buy --offer ID`: the promotional or win-back offer to buy under.
    var offerID: String?
    /// `store refund --reason TEXT`, `--revoke`.
    var refundReason: String?
    var revokes = false
    /// `store price-increase --consent`, `--agree`, `--decline`.
    var needsConsent = false
    var priceAnswer: Bool?

    /// `--answer ID=VALUE`, in the order given (a later one for the same id wins).
    var givenAnswers: [GivenAnswer] = []

    /// One `--answer ID=VALUE`, as typed.
    struct GivenAnswer: Equatable {
        var id: String
        var value: String
    }
    /// `--answers FILE`: a JSON object of answers by question id.
    var answersPath: String?

    /// Where to write what happened in the run (`--result-json FILE`, `-` for stdout).
    var resultPath: String?
    /// `--theme NAME`; nil leaves it to the config file, else `auto`.
    var theme: ThemeChoice?
    /// Seconds each page stays before the next comes by itself (`--autoplay SECONDS`).
    var autoplaySeconds: Double?
    /// `--loop`: autoplay starts over after the last page.
    var loops = false
    /// Where to record the session as an asciicast (`--record FILE.cast`).
    var recordPath: String?
    /// Where the run's events go as they happen (`--events FILE`, `-` for stdout after the run).
    var eventsPath: String?
    /// `paywall --if-needed`: nothing is shown when the entitlement is active.
    var isPaywallIfNeeded = false
    /// `paywall --offering ID`: the offering to show.
    var offeringID: String?
    /// `dump --size WxH`: the terminal size the pages are drawn at.
    var dumpSize = TerminalSize.dumpDefault
    /// `dump --svg DIR`: write one SVG per page there instead of text to stdout.
    var svgDirectory: String?
    /// `symbols --preview`: draw each symbol under its name rather than list the names.
    var isPreview = false

    /// What `license` does.
    enum LicenseAction: Equatable {
        /// Verifies and stores a license file (`-`: standard input).
        case add(String)
        case list
        case remove(String)
    }

    /// What `store` does: the actions of StoreKit testing's transaction manager.
    enum StoreAction: Equatable {
        case buy(String)
        case transactions
        case cancel(String)
        case uncancel(String)
        case refund(String)
        case billingIssue(String)
        case resolve(String)
        /// A new price; nil answers the pending one (`--agree`, `--decline`).
        case priceIncrease(String, price: String?)
        case redeem(String)

        /// The words after `store`, or why they are wrong.
        static func parse(_ arguments: [String]) throws(UsageError) -> StoreAction {
            let name = arguments.first ?? ""
            let rest = Array(arguments.dropFirst())
            func one(_ what: String) throws(UsageError) -> String {
                guard rest.count == 1, !rest[0].isEmpty else {
                    throw UsageError(description: "store \(name) needs one \(what)")
                }
                return rest[0]
            }
            switch name {
            case "buy": return .buy(try one("PRODUCT"))
            case "transactions":
                guard rest.isEmpty else { throw UsageError(description: "store transactions takes no arguments") }
                return .transactions
            case "cancel": return .cancel(try one("PRODUCT"))
            case "uncancel": return .uncancel(try one("PRODUCT"))
            case "refund": return .refund(try one("TRANSACTION (store transactions lists them)"))
            case "billing-issue": return .billingIssue(try one("PRODUCT"))
            case "resolve": return .resolve(try one("PRODUCT"))
            case "redeem": return .redeem(try one("CODE"))
            case "price-increase":
                guard (1...2).contains(rest.count), !rest[0].isEmpty else {
                    throw UsageError(
                        description: "store price-increase needs PRODUCT and a PRICE (or --agree or --decline)")
                }
                return .priceIncrease(rest[0], price: rest.count == 2 ? rest[1] : nil)
            default:
                throw UsageError(
                    description: "store needs one of " + storeWords.joined(separator: ", ")
                        + (name.isEmpty ? "" : "; not \"\(SafeText.excerpt(name))\""))
            }
        }

        static let storeWords = [
            "buy", "transactions", "cancel", "uncancel", "refund", "billing-issue", "resolve", "price-increase",
            "redeem",
        ]
    }

    struct UsageError: Error, Equatable, CustomStringConvertible {
        var description: String
    }

    static let simulationModes = ["success", "fail", "cancel", "pending", "prompt"]

    /// The keys of the carousel, from the table of key bindings: the part of `--help` that the
    /// table of options does not make.
    static let keysLine = KeyBindings.plainTextSummary

    /// Reads the command line through the table in `CommandLineSpec`: options may come before
    /// or after the command's word, and each must be one that the command takes.
    static func parse(_ arguments: [String]) throws(UsageError) -> Options {
        var options = Options()
        var index = 0
        var positionals: [String] = []
        /// The options as given (spelling, row), to check against the command once it is known.
        var given: [(name: String, spec: OptionSpec)] = []
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
            if name == "--" {
                optionsEnded = true
                index += 1
                continue
            }
            guard let spec = CommandLineSpec.option(named: name) else {
                throw UsageError(description: "unknown option \(name)")
            }
            try apply(spec, named: name, hasInlineValue: inline != nil, to: &options) { () throws(UsageError) in
                try value(for: name, inline: inline)
            }
            given.append((name, spec))
            index += 1
        }
        let command: CommandSpec
        if let first = positionals.first {
            guard let named = CommandLineSpec.command(word: first) else {
                // `--help` and `--version` answer whatever else the line holds.
                if options.command == .help || options.command == .version { return options }
                let words = CommandLineSpec.commands.compactMap(\.name.word)
                throw UsageError(
                    description: "unknown command \"\(first)\" (commands: \(words.joined(separator: ", ")))")
            }
            command = named
        } else {
            command = CommandLineSpec.command(.run)
        }
        switch options.command {
        case .help:
            if command.name != .run { options.command = .commandHelp(command.name) }
            return options
        case .version, .manPage, .completions:
            return options
        default:
            break
        }
        if options.isVerbose {
            throw UsageError(description: "--verbose goes with --version: tui-onboard --version --verbose")
        }
        options.command = try command.parse(Array(positionals.dropFirst()))
        for (name, spec) in given where !spec.commands.contains(command.name) {
            throw UsageError(
                description: "\(name) is for \(Self.spokenList(of: spec.commands)), not \(command.name.spoken)")
        }
        if options.loops, options.autoplaySeconds == nil {
            throw UsageError(description: "--loop needs --autoplay SECONDS")
        }
        // Both would go to standard output after the run, one mixed into the other.
        if options.eventsPath == "-", options.resultPath == "-" {
            throw UsageError(
                description: "--events - and --result-json - cannot both be standard output; send one to a FILE")
        }
        // The demo options draw on a terminal; --plain prints instead.
        if options.isPlain,
            let demo = given.first(where: { ["--autoplay", "--loop", "--record", "--events"].contains($0.spec.name) })
        {
            throw UsageError(description: "\(demo.name) is for the tour on a terminal, not --plain")
        }
        return options
    }

    /// Sets what option `spec` (spelt `name`) says on `options`; `value` reads its value, from
    /// after `=` or from the next argument.
    private static func apply(
        _ spec: OptionSpec, named name: String, hasInlineValue: Bool, to options: inout Options,
        value: () throws(UsageError) -> String
    ) throws(UsageError) {
        switch spec.argument {
        case .none(let set):
            if hasInlineValue { throw UsageError(description: "option \(name) takes no value") }
            set(&options)
        case .value(_, _, let set):
            let text = try value()
            do {
                try set(&options, text)
            } catch {
                throw UsageError(description: "option \(name) \(error.reason)")
            }
        case .choice(_, let values, let set):
            let text = try value()
            guard values.contains(text) else {
                throw UsageError(
                    description: "option \(name) takes one of \(values.joined(separator: ", ")), not \"\(text)\"")
            }
            set(&options, text)
        }
    }

    /// "status, has and reset", in the table's order.
    static func spokenList(of commands: Set<CommandName>) -> String {
        let names = CommandName.allCases.filter(commands.contains).map(\.spoken)
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
    }
}
