import FoundationEssentials
import Glibc
import OnboardKit

/// The command line, parsed. Parsing is pure so that every usage error can be tested.
struct Options: Equatable {
    var command: Command = .run
    /// What the tour (and `dump`) shows and how: the deck, the answers, the look, autoplay.
    var tour = TourOptions()
    /// The paywall's catalog and the simulated store it buys from.
    var paywall = PaywallOptions()
    /// How `store`'s actions are taken: an offer, a refund's reason, a price increase's answer.
    var storeAction = StoreActionOptions()
    /// What is written besides the screen: the result, events, a recording, JSON, warnings.
    var output = OutputOptions()
    /// `dump` and `symbols`: the size and form of the pictures.
    var pictures = PictureOptions()
    /// Whose state is meant: the state directory and the app.
    var state = StateOptions()
    /// What `init` writes: the starter paywall's layout.
    var starter = StarterOptions()

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
        let words = try readOptions(arguments, into: &options)
        let command: CommandSpec
        if let first = words.positionals.first {
            guard let named = CommandLineSpec.command(word: first) else {
                // `--help` and `--version` answer whatever else the line holds.
                if options.command == .help || options.command == .version { return options }
                let known = CommandLineSpec.commands.compactMap(\.name.word)
                throw UsageError(
                    description: "unknown command \"\(first)\" (commands: \(known.joined(separator: ", ")))")
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
        if options.output.isVerbose {
            throw UsageError(description: "--verbose goes with --version: tui-onboard --version --verbose")
        }
        options.command = try command.parse(Array(words.positionals.dropFirst()))
        try options.check(words.given, for: command.name)
        return options
    }

    /// The options of a command line as given (spelling, row), to check against the command
    /// once it is known, and the words that are not options.
    private struct Words {
        var given: [(name: String, spec: OptionSpec)] = []
        var positionals: [String] = []
    }

    /// Sets every option of `arguments` on `options`, wherever it stands; after `--` every
    /// word is a positional one.
    private static func readOptions(_ arguments: [String], into options: inout Options) throws(UsageError) -> Words {
        var words = Words()
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            defer { index += 1 }
            let argument = arguments[index]
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                words.positionals.append(argument)
                continue
            }
            let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
            let name = parts[0]
            let inline = parts.count > 1 ? parts[1] : nil
            if name == "--" {
                optionsEnded = true
                continue
            }
            guard let spec = CommandLineSpec.option(named: name) else {
                throw UsageError(description: "unknown option \(name)")
            }
            try apply(spec, named: name, hasInlineValue: inline != nil, to: &options) { () throws(UsageError) in
                if let inline { return inline }
                index += 1
                guard index < arguments.count, !arguments[index].hasPrefix("--") else {
                    throw UsageError(description: "option \(name) needs a value")
                }
                return arguments[index]
            }
            words.given.append((name, spec))
        }
        return words
    }

    /// Refuses options given to a command that does not take them, and options that do not go
    /// together.
    private func check(_ given: [(name: String, spec: OptionSpec)], for command: CommandName) throws(UsageError) {
        for (name, spec) in given where !spec.commands.contains(command) {
            throw UsageError(
                description: "\(name) is for \(Self.spokenList(of: spec.commands)), not \(command.spoken)")
        }
        if tour.loops, tour.autoplaySeconds == nil {
            throw UsageError(description: "--loop needs --autoplay SECONDS")
        }
        // Both would go to standard output after the run, one mixed into the other.
        if output.eventsPath == "-", output.resultPath == "-" {
            throw UsageError(
                description: "--events - and --result-json - cannot both be standard output; send one to a FILE")
        }
        try checkRecordingReplay(given)
        // The conversation is its own way to show the tour: it neither prints nor draws.
        if tour.isAccessible,
            let other = given.first(where: {
                ["--plain", "--autoplay", "--loop", "--record"].contains($0.spec.name)
            })
        {
            throw UsageError(
                description: "\(other.name) and --accessible show the tour in two different ways; give one")
        }
        // The demo options draw on a terminal; --plain prints instead.
        if tour.isPlain,
            let demo = given.first(where: { ["--autoplay", "--loop", "--record", "--events"].contains($0.spec.name) })
        {
            throw UsageError(description: "\(demo.name) is for the tour on a terminal, not --plain")
        }
    }

    /// `dump --from FILE.cast` plays a recording into `--animated-svg`: at the recording's size,
    /// with no deck.
    private func checkRecordingReplay(_ given: [(name: String, spec: OptionSpec)]) throws(UsageError) {
        guard pictures.castPath != nil else { return }
        guard pictures.animatedSVGPath != nil else {
            throw UsageError(description: "--from FILE.cast goes with --animated-svg FILE, the picture it makes")
        }
        if let other = given.first(where: { ["--size", "--svg"].contains($0.spec.name) }) {
            throw UsageError(description: "\(other.name) and --from: the recording gives the picture's size and form")
        }
        if case .dump(.some) = command {
            throw UsageError(description: "--from plays a recording, not a deck: give --from or a DECK, not both")
        }
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
